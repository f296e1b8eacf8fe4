import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { GitLabEvent } from '../../../../src/gitlab/types';
import { eventIconId, UNKNOWN_EVENT_ICON } from '../../../../src/app/activity/eventIcon';
import { isKnownVerb } from '../../../../src/app/activity/eventSentence';
import { makeEvent, noteEvent, projectEvent, pushEvent } from './fixtures';

const target = (target_type: string, action_name: string): GitLabEvent => makeEvent({ target_type, action_name });

const CASES: Array<[string, GitLabEvent, string]> = [
  ['issue opened', target('Issue', 'opened'), 'issues'],
  ['issue closed', target('Issue', 'closed'), 'issue-closed'],
  ['issue reopened (a newer server)', target('Issue', 'reopened'), 'issue-reopened'],
  ['work item closed', target('WorkItem', 'closed'), 'issue-closed'],
  ['epic opened', target('Epic', 'opened'), 'issues'],
  ['merge request opened', target('MergeRequest', 'opened'), 'git-pull-request'],
  ['merge request accepted', target('MergeRequest', 'accepted'), 'git-merge'],
  ['merge request merged', target('MergeRequest', 'merged'), 'git-merge'],
  ['merge request closed', target('MergeRequest', 'closed'), 'git-pull-request-closed'],
  ['merge request approved', target('MergeRequest', 'approved'), 'check'],
  ['push', pushEvent(), 'repo-push'],
  ['bulk push', pushEvent({ commit_count: 0, ref_count: 4, ref: null, ref_type: 'branch' }), 'repo-push'],
  ['push to a tag', pushEvent({ ref_type: 'tag', ref: 'v1' }), 'tag'],
  ['new branch', pushEvent({ action: 'created' }, 'pushed new'), 'git-branch'],
  ['new tag', pushEvent({ action: 'created', ref_type: 'tag' }, 'pushed new'), 'tag'],
  ['deleted branch', pushEvent({ action: 'removed' }, 'deleted'), 'trash'],
  ['deleted tag', pushEvent({ action: 'removed', ref_type: 'TAG' }, 'deleted'), 'trash'],
  ['comment', noteEvent(), 'comment'],
  ['diff comment', noteEvent({ type: 'DiffNote', noteable_type: 'MergeRequest' }, 'DiffNote'), 'comment'],
  ['joined', projectEvent('joined'), 'person-add'],
  ['left', projectEvent('left'), 'sign-out'],
  ['membership expired', projectEvent('removed due to membership expiration from'), 'sign-out'],
  ['project created', projectEvent('created'), 'repo'],
  ['project imported', projectEvent('imported'), 'repo'],
  ['milestone created', target('Milestone', 'created'), 'add'],
  ['milestone closed', target('Milestone', 'closed'), 'issue-closed'],
  ['milestone deleted', target('Milestone', 'destroyed'), 'trash'],
  ['wiki page created', target('WikiPage::Meta', 'created'), 'add'],
  ['wiki page updated', target('WikiPage::Meta', 'updated'), 'edit'],
  ['design added', target('DesignManagement::Design', 'added'), 'add'],
  ['design updated', target('DesignManagement::Design', 'updated'), 'edit'],
  ['design removed', target('DesignManagement::Design', 'removed'), 'trash'],
  ['issue updated', target('Issue', 'updated'), 'edit'],
  ['merge request updated', target('MergeRequest', 'updated'), 'edit'],
  ['merge request reopened', target('MergeRequest', 'reopened'), 'issue-reopened'],
  ['snippet opened', target('Snippet', 'opened'), 'add'],
  ['vulnerability closed', target('Vulnerability', 'closed'), 'issue-closed'],
  ['project target', target('Project', 'opened'), 'repo'],
  ['unknown target opened', target('FooBar::Baz', 'opened'), 'add'],
  // A verb this version does not know is said in words on the row; the icon says what it was done to.
  ['unknown verb on an issue', target('Issue', 'labelled'), 'issues'],
  ['unknown verb on a merge request', target('MergeRequest', 'labelled'), 'git-pull-request'],
  ['unknown verb on a snippet', target('Snippet', 'labelled'), 'file-code'],
  ['unknown verb on a user', target('User', 'labelled'), 'person'],
  ['unknown verb and target', target('FooBar::Baz', 'labelled'), UNKNOWN_EVENT_ICON],
  ['unknown project action', projectEvent('transferred'), UNKNOWN_EVENT_ICON],
];

describe('eventIconId', () => {
  for (const [name, event, icon] of CASES) {
    it(name, () => assert.equal(eventIconId(event), icon));
  }

  it('says every verb the sentences word, so My Activity\'s rows can name the target first', () => {
    const verbs = ['opened', 'closed', 'reopened', 'accepted', 'merged', 'created', 'imported', 'updated', 'destroyed',
      'deleted', 'approved', 'added', 'removed'];
    for (const kind of ['Issue', 'MergeRequest', 'Milestone', 'WikiPage::Meta', 'DesignManagement::Design', 'Snippet']) {
      const icons = new Map(verbs.map((verb) => [verb, eventIconId(target(kind, verb))]));
      assert.ok(isKnownVerb(target(kind, 'opened')));
      for (const verb of verbs) {
        assert.ok(isKnownVerb(target(kind, verb)), verb);
        assert.notEqual(icons.get(verb), UNKNOWN_EVENT_ICON, `${kind} ${verb}`);
      }
      // Updating and deleting never look like opening.
      assert.notEqual(icons.get('updated'), icons.get('opened'), kind);
      assert.notEqual(icons.get('destroyed'), icons.get('opened'), kind);
      assert.notEqual(icons.get('closed'), icons.get('opened'), kind);
    }
  });

  it('names only codicons that exist', () => {
    const css = readFileSync(require.resolve('@vscode/codicons/dist/codicon.css'), 'utf8');
    for (const [, event] of CASES) {
      const icon = eventIconId(event);
      assert.ok(css.includes(`.codicon-${icon}:before`), `unknown codicon ${icon}`);
    }
  });
});
