import assert from 'node:assert/strict';
import { thingIconId, UNKNOWN_THING_ICON } from '../../../src/app/thingIcons';

describe('thing icons: one codicon per kind of thing, in every view', () => {
  it('reads each of GitLab\'s spellings of a kind alike', () => {
    for (const spelling of ['MergeRequest', 'merge_request', 'mergeRequest']) assert.equal(thingIconId(spelling), 'git-pull-request');
    for (const spelling of ['Issue', 'issue', 'WorkItem', 'work_item']) assert.equal(thingIconId(spelling), 'issues');
    assert.deepEqual(['Epic', 'epic', 'Commit', 'label', 'Key'].map(thingIconId), ['milestone', 'milestone', 'git-commit', 'tag', 'key']);
  });

  it('gives a kind it does not know, or a name of the object\'s own, the unknown icon', () => {
    for (const kind of ['Vulnerability2', '', 'constructor', '__proto__', 'toString']) assert.equal(thingIconId(kind), UNKNOWN_THING_ICON, kind);
  });
});
