import assert from 'node:assert/strict';
import { eventThingKey, isThing, subscriptionTarget, thingFromCatchUp, thingFromEvent, thingFromTodo, thingReference } from '../../../../src/app/subscriptions/thing';
import type { GitLabEvent } from '../../../../src/gitlab/types';
import type { Todo } from '../../../../src/gitlab/todoTypes';

const I = 'https://gitlab.example.com';
const event = (over: Partial<GitLabEvent>): GitLabEvent => ({
  id: 1, project_id: 1, action_name: 'opened', target_id: 501, target_iid: 12, target_type: 'Issue', target_title: 'Crash on save', author_id: 2, ...over,
});
const todo = (over: Partial<Todo>): Todo => ({
  id: 1, action_name: 'mentioned', target_type: 'Issue', target: { id: 501, iid: 12, title: 'Crash on save' }, target_url: null, body: '',
  author: { id: 2, username: 'sam', name: 'Sam' }, project: { id: 1, path_with_namespace: 'acme/website' }, group: null, state: 'pending',
  created_at: '2024-06-15T12:00:00Z', snoozed_until: null, ...over,
});

describe('the thing a row names', () => {
  it('events on issues, merge requests and project work items name them by project and iid', () => {
    assert.deepEqual(thingFromEvent(event({}), I, 'acme/website'), { instance: I, kind: 'issue', iid: '12', projectPath: 'acme/website', reference: '#12', title: 'Crash on save' });
    assert.equal(thingFromEvent(event({ target_type: 'MergeRequest', target_iid: 7 }), I, 'acme/website')?.kind, 'mergeRequest');
    assert.equal(thingFromEvent(event({ target_type: 'WorkItem' }), I, 'acme/website')?.kind, 'issue');
  });

  it('a group work item (no project) is an epic addressed by its work item ID', () => {
    assert.deepEqual(thingFromEvent(event({ target_type: 'WorkItem', project_id: null, target_id: 9001, target_iid: 3 }), I, undefined),
      { instance: I, kind: 'epic', iid: '3', id: 'gid://gitlab/WorkItem/9001', reference: '&3', title: 'Crash on save' });
  });

  it('notes name what they are on; a note on a commit or snippet names nothing', () => {
    const note = (noteable_type: string) => event({ action_name: 'commented on', target_type: 'DiffNote', target_title: 'the note', note: { id: 9, body: 'x', noteable_type, noteable_iid: 7, noteable_id: 70 } });
    const onMr = thingFromEvent(note('MergeRequest'), I, 'acme/website');
    assert.deepEqual(onMr, { instance: I, kind: 'mergeRequest', iid: '7', projectPath: 'acme/website', reference: '!7' });
    assert.equal(thingFromEvent(note('Commit'), I, 'acme/website'), undefined);
    assert.equal(eventThingKey(note('Snippet')), undefined);
  });

  it('pushes, milestones, wiki pages, legacy epics, unknown types and missing iids name nothing', () => {
    for (const e of [
      event({ action_name: 'pushed to', target_type: null, push_data: { commit_count: 1, action: 'pushed', ref_type: 'branch', commit_from: null, commit_to: null, ref: 'main' } as GitLabEvent['push_data'] }),
      event({ target_type: 'Milestone' }), event({ target_type: 'WikiPage::Meta' }), event({ target_type: 'Epic', project_id: null }),
      event({ target_type: 'Vulnerability' }), event({ target_type: 'SomethingNew' }), event({ target_iid: null }), event({ target_iid: undefined }),
    ]) assert.equal(eventThingKey(e), undefined, String(e.target_type));
  });

  it('without the project\'s path an issue event names nothing yet', () => {
    assert.equal(thingFromEvent(event({}), I, undefined), undefined);
  });

  it('to-dos: issues, work items, merge requests of a project; epics of a group; nothing else', () => {
    assert.deepEqual(thingFromTodo(todo({}), I), { instance: I, kind: 'issue', iid: '12', title: 'Crash on save', projectPath: 'acme/website', reference: '#12' });
    assert.equal(thingFromTodo(todo({ target_type: 'MergeRequest' }), I)?.kind, 'mergeRequest');
    assert.equal(thingFromTodo(todo({ target_type: 'WorkItem' }), I)?.kind, 'issue');
    const group = { id: 1, full_path: 'acme' };
    assert.deepEqual(thingFromTodo(todo({ target_type: 'WorkItem', project: null, group, target: { id: 9001, iid: 3 } }), I),
      { instance: I, kind: 'epic', iid: '3', groupPath: 'acme', id: 'gid://gitlab/WorkItem/9001', reference: '&3' });
    const legacy = thingFromTodo(todo({ target_type: 'Epic', project: null, group, target: { id: 44, iid: 3 } }), I);
    assert.equal(legacy?.id, undefined, 'a legacy epic id is not a work item id');
    assert.equal(legacy?.groupPath, 'acme');
    for (const type of ['Commit', 'DesignManagement::Design', 'Key', 'Project', 'Namespace']) assert.equal(thingFromTodo(todo({ target_type: type }), I), undefined, type);
    assert.equal(thingFromTodo(todo({ target: null }), I), undefined);
    assert.equal(thingFromTodo(todo({ project: null }), I), undefined);
  });

  it('targets for the mutations, references for sentences', () => {
    const issue = thingFromTodo(todo({}), I)!;
    assert.deepEqual(subscriptionTarget(issue), { kind: 'issue', projectPath: 'acme/website', iid: '12' });
    assert.equal(thingReference(issue), 'acme/website#12');
    assert.deepEqual(subscriptionTarget({ instance: I, kind: 'epic', iid: '3', id: 'gid://gitlab/WorkItem/9' }), { kind: 'epic', id: 'gid://gitlab/WorkItem/9' });
    assert.equal(subscriptionTarget({ instance: I, kind: 'epic', iid: '3', groupPath: 'acme' }), undefined);
    assert.equal(thingReference({ instance: I, kind: 'epic', iid: '3', groupPath: 'acme' }), 'acme&3');
  });

  it('isThing checks what another view passes', () => {
    assert.ok(isThing({ instance: I, kind: 'mergeRequest', projectPath: 'a/b', iid: '3' }));
    assert.ok(isThing({ instance: I, kind: 'epic', groupPath: 'a', iid: '3' }));
    for (const bad of [undefined, null, 'x', { instance: I, kind: 'label', iid: '1' }, { instance: I, kind: 'issue', iid: '1' },
      { instance: I, kind: 'issue', projectPath: 'a/b', iid: '1x' }, { instance: I, kind: 'epic', iid: '1' }, { instance: I, kind: 'issue', projectPath: 'a/b', iid: '1', title: 5 }]) {
      assert.ok(!isThing(bad), JSON.stringify(bad));
    }
  });

  it('a Catch Up row names its issue or merge request by project and iid (its subscription in full); commits, wiki pages and epics name nothing', () => {
    assert.deepEqual(thingFromCatchUp({ ref: { kind: 'mergeRequest', iid: 3 }, projectPath: 'acme/web', title: 'Faster search' }, I),
      { instance: I, kind: 'mergeRequest', projectPath: 'acme/web', iid: '3', reference: '!3', title: 'Faster search' });
    const subscription = {
      kind: 'issue' as const, id: 'gid://gitlab/Issue/9', iid: '12', title: 'Crash', state: 'opened', webUrl: `${I}/acme/web/-/issues/12`,
      reference: 'acme/web#12', containerPath: 'acme/web', containerKind: 'project' as const, updatedAt: '2026-11-04T10:00:00Z', subscribed: true,
    };
    assert.equal(thingFromCatchUp({ ref: { kind: 'issue', iid: 12 }, subscription }, I)?.id, 'gid://gitlab/Issue/9');
    for (const ref of [{ kind: 'commit' }, { kind: 'wikiPage' }, { kind: 'epic', iid: 2 }]) assert.equal(thingFromCatchUp({ ref, projectPath: 'acme/web' }, I), undefined);
    assert.equal(thingFromCatchUp({ ref: { kind: 'issue', iid: 12 } }, I), undefined, 'no project known: nothing to address');
  });
});
