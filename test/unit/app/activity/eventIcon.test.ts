import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { GitLabEvent } from '../../../../src/gitlab/types';
import { eventIconId, UNKNOWN_EVENT_ICON } from '../../../../src/app/activity/eventIcon';
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
  ['milestone', target('Milestone', 'opened'), 'milestone'],
  ['milestone deleted', target('Milestone', 'destroyed'), 'trash'],
  ['wiki page', target('WikiPage::Meta', 'updated'), 'book'],
  ['design added', target('DesignManagement::Design', 'added'), 'symbol-color'],
  ['design removed', target('DesignManagement::Design', 'removed'), 'trash'],
  ['snippet', target('Snippet', 'opened'), 'file-code'],
  ['vulnerability', target('Vulnerability', 'closed'), 'shield'],
  ['user', target('User', 'opened'), 'person'],
  ['project target', target('Project', 'opened'), 'repo'],
  ['unknown target', target('FooBar::Baz', 'opened'), UNKNOWN_EVENT_ICON],
  ['unknown project action', projectEvent('transferred'), UNKNOWN_EVENT_ICON],
];

describe('eventIconId', () => {
  for (const [name, event, icon] of CASES) {
    it(name, () => assert.equal(eventIconId(event), icon));
  }

  it('names only codicons that exist', () => {
    const css = readFileSync(require.resolve('@vscode/codicons/dist/codicon.css'), 'utf8');
    for (const [, event] of CASES) {
      const icon = eventIconId(event);
      assert.ok(css.includes(`.codicon-${icon}:before`), `unknown codicon ${icon}`);
    }
  });
});
