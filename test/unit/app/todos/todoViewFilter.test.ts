import assert from 'node:assert/strict';
import { TodoViewFilter, type TodoPlace } from '../../../../src/app/todos/todoViewFilter';
import { GitLabError } from '../../../../src/gitlab';

const INSTANCE = 'https://gitlab.example.com';
const WEB: TodoPlace = { kind: 'project', id: 1, instance: INSTANCE, path: 'acme/web' };
const invalid = (error: unknown) => error instanceof GitLabError && error.kind === 'validation';

describe('TodoViewFilter: which To-Do list, narrowed how', () => {
  it('starts at every pending to-do, unnarrowed, described by nothing', () => {
    const f = TodoViewFilter.EMPTY;
    assert.equal(f.list, 'pending');
    assert.equal(f.narrowed, false);
    assert.equal(f.describe(), '');
    assert.equal(f.message(), '');
    assert.deepEqual(f.serverFilter(INSTANCE), {});
    assert.equal(f.keep, undefined);
  });

  it('combines a list, a reason, a place and a type, and says them in words', () => {
    const f = TodoViewFilter.EMPTY.withList('done').withAction('review_requested').withPlace(WEB).withType('MergeRequest');
    assert.equal(f.describe(), 'Done · Review requested · acme/web · Merge requests');
    assert.equal(f.message(), 'Done · Filtered: Review requested · acme/web · Merge requests');
    assert.deepEqual(f.serverFilter(INSTANCE), { state: 'done', action: 'review_requested', type: 'MergeRequest', projectId: 1 });
    assert.equal(f.serverFilter('https://other.example.com'), undefined);
    assert.deepEqual(f.cleared().serialize(), { version: 1, list: 'done' });
    assert.ok(f.withAction(undefined).equals(TodoViewFilter.EMPTY.withList('done').withPlace(WEB).withType('MergeRequest')));
  });

  it('never builds an invalid filter: unknown reason, type, list, a place that is no id', () => {
    assert.throws(() => TodoViewFilter.EMPTY.withAction('not_an_action'), invalid);
    assert.throws(() => TodoViewFilter.EMPTY.withType('Issues'), invalid);
    assert.throws(() => TodoViewFilter.EMPTY.withList('all' as never), invalid);
    assert.throws(() => TodoViewFilter.EMPTY.withPlace({ ...WEB, id: 0 }), invalid);
    assert.throws(() => TodoViewFilter.EMPTY.withPlace({ ...WEB, id: 1.5 }), invalid);
    assert.throws(() => TodoViewFilter.EMPTY.withPlace({ ...WEB, kind: 'user' as never }), invalid);
    assert.throws(() => TodoViewFilter.EMPTY.withPlace({ ...WEB, path: '' }), invalid);
  });

  it('reads stored filters as untrusted: each invalid part dropped, another version none', () => {
    const stored = TodoViewFilter.EMPTY.withList('snoozed').withAction('mentioned').withPlace(WEB).serialize();
    assert.ok(TodoViewFilter.deserialize(JSON.parse(JSON.stringify(stored))).equals(TodoViewFilter.EMPTY.withList('snoozed').withAction('mentioned').withPlace(WEB)));
    const mixed = TodoViewFilter.deserialize({ version: 1, list: 'archived', action: 'mentioned', type: 'Nope', place: { kind: 'project', id: -1 } });
    assert.ok(mixed.equals(TodoViewFilter.EMPTY.withAction('mentioned')));
    assert.ok(TodoViewFilter.deserialize({ version: 2, list: 'done' }).equals(TodoViewFilter.EMPTY));
    for (const junk of [undefined, null, 'done', [], 42, { version: 1, __proto__: { list: 'done' } }]) {
      assert.ok(TodoViewFilter.deserialize(junk).equals(TodoViewFilter.EMPTY));
    }
  });

  it('filters the snoozed list here (a group takes its subgroups\' and projects\' to-dos); the others on the server', () => {
    const todo = (over: Record<string, unknown>) => ({
      id: 1, action_name: 'mentioned', target_type: 'Issue', target: null, target_url: null, body: '', author: { id: 1, username: 'a', name: 'A' },
      project: { id: 1, path_with_namespace: 'acme/web' }, group: null, state: 'pending', created_at: '', snoozed_until: null, ...over,
    }) as never;
    assert.equal(TodoViewFilter.EMPTY.withAction('mentioned').keep, undefined);
    const group = TodoViewFilter.EMPTY.withList('snoozed').withPlace({ kind: 'group', id: 9, instance: INSTANCE, path: 'acme' }).keep!;
    assert.equal(group(todo({})), true);
    assert.equal(group(todo({ project: { id: 2, path_with_namespace: 'acme-two/web' } })), false);
    assert.equal(group(todo({ project: null, group: { id: 9, full_path: 'acme' } })), true);
    assert.equal(group(todo({ project: null, group: { id: 10, full_path: 'acme/sub' } })), true);
    const reasonAndType = TodoViewFilter.EMPTY.withList('snoozed').withAction('assigned').withType('Issue').keep!;
    assert.equal(reasonAndType(todo({})), false);
    assert.equal(reasonAndType(todo({ action_name: 'assigned' })), true);
    assert.equal(reasonAndType(todo({ action_name: 'assigned', target_type: 'MergeRequest' })), false);
  });
});
