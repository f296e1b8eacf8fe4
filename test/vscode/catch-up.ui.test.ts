import assert from 'node:assert/strict';
import { issuableSubscribed } from '../double/subscriptions/store';
import { reassign, touchThingsOf } from '../double/world/touch';
import type { DoubleEvent, DoubleIssuable } from '../double/world/types';
import { useSignedInSession, type RunningDouble } from './harness';
import { pickContextMenuItem } from './harness/context-menu';
import { ACTIVITY_VIEW, VIEW_CONTAINER, type Workbench } from './harness/workbench';
import type { TreeItemView, ViewTree } from './harness/view-tree';

const CATCH_UP_VIEW = 'Catch Up';
const USER = 1;
const OTHER = 2;
const ZERO_WIDTH = /\u200b/g;
const shown = (text: string): string => text.replace(ZERO_WIDTH, '');

async function openCatchUp(workbench: Workbench): Promise<ViewTree> {
  await workbench.openViewContainer(VIEW_CONTAINER);
  await workbench.waitForView(CATCH_UP_VIEW);
  await workbench.setViewExpanded(CATCH_UP_VIEW, true);
  await workbench.setViewExpanded(ACTIVITY_VIEW, false);
  return workbench.tree(CATCH_UP_VIEW);
}

async function closeCatchUp(workbench: Workbench): Promise<void> {
  await workbench.openViewContainer(VIEW_CONTAINER);
  await workbench.setViewExpanded(ACTIVITY_VIEW, true);
  await workbench.setViewExpanded(CATCH_UP_VIEW, false);
}

function projectPath(double: RunningDouble, id: number | null): string {
  return double.data.projects.find((project) => project.id === id)!.pathWithNamespace;
}

/** An open issue user 1 is explicitly subscribed to, and that the extension's lists can find (a project they belong to). */
function subscribedIssue(double: RunningDouble): DoubleIssuable {
  const issue = double.data.issuables
    .filter((item) => item.model === 'Issue' && item.projectId !== null && item.state === 'opened' && issuableSubscribed(double.data, item, USER))
    .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))[0];
  assert.ok(issue, 'the double has an open issue user 1 is subscribed to');
  return issue;
}

/** A comment by `authorId` on `issue`, as GitLab writes it: an event with its note, the issue touched. */
function comment(double: RunningDouble, issue: DoubleIssuable, authorId: number, body: string): DoubleEvent {
  const event = double.addEvent({ projectId: issue.projectId!, authorId, action: 'commented', targetType: 'Note' });
  assert.ok(event.note, 'a comment event has a note');
  Object.assign(event.note, { body, noteableId: issue.id, noteableType: 'Issue', noteableIid: issue.iid, commitId: null, system: false });
  event.targetTitle = issue.title;
  touchThingsOf(double.data, event);
  return event;
}

const rowOf = (items: TreeItemView[], reference: string): TreeItemView | undefined =>
  items.find((item) => shown(item.label).startsWith(`${reference} `));

/**
 * The Catch Up view against the double: a comment by someone else on a subscribed issue shows as "1 comment by …",
 * user 1's own comment is left out, and Mark as Seen clears the row.
 */
describe('Catch Up view', function () {
  this.timeout(150_000);
  const session = useSignedInSession({ name: 'catch-up', settings: { 'gitlabActivity.pageSize': 20 } });

  it('a new comment on a subscribed issue shows as "1 comment by …"; own activity is left out; Mark as Seen clears the row', async function () {
    const { workbench, double, page } = session();
    const issue = subscribedIssue(double!);
    const reference = `${projectPath(double!, issue.projectId)}#${issue.iid}`;
    const other = double!.data.users.find((user) => user.id === OTHER)!;
    comment(double!, issue, USER, 'My own note');
    comment(double!, issue, OTHER, 'A note from someone else');
    const tree = await openCatchUp(workbench);
    await workbench.runCommand('GitLab: Refresh Catch Up');
    const row = await tree.waitForTree(`${reference} with one comment by ${other.name}`, (items) => {
      const found = rowOf(items, reference);
      return found && shown(found.description).startsWith(`1 comment by ${other.name}`) && found;
    }, 60_000);
    assert.match(shown(row.description), /Subscribed/);
    assert.doesNotMatch(shown(row.description), /2 comments/, 'own comment left out');
    assert.ok(!shown(row.description).includes(double!.data.users.find((user) => user.id === USER)!.name), 'own name not among the commenters');

    await pickContextMenuItem(page, tree.treeRowLabelled(row.label), 'Mark as Seen');
    await tree.waitForTree(`${reference} gone`, (items) => !rowOf(items, reference));

    await closeCatchUp(workbench);
  });

  it('a reassignment to user 1, which writes no event, shows as "updated" with "Assigned"', async function () {
    const { workbench, double } = session();
    const data = double!.data;
    // An issue the person has nothing to do with in the world as the lists read it: no role, no subscription row, no to-do.
    const issue = data.issuables.find((item) => item.model === 'Issue' && item.projectId !== null && item.projectId !== 7 && item.state === 'opened'
      && item.issueType === 'ISSUE' && item.authorId !== USER && !item.assigneeIds?.includes(USER)
      && !data.subscriptions.some((row) => row.userId === USER && row.subscribableType === 'Issue' && row.subscribableId === item.id)
      && !data.todos.some((todo) => todo.userId === USER && todo.targetType === 'Issue' && todo.projectId === item.projectId && todo.target.iid === item.iid));
    assert.ok(issue, 'the double has an open issue user 1 has nothing to do with');
    const reference = `${projectPath(double!, issue.projectId)}#${issue.iid}`;
    const tree = await openCatchUp(workbench);
    await workbench.runCommand('GitLab: Refresh Catch Up');
    const before = await tree.waitForTree('the Catch Up rows', (items) => items.some((item) => / · /.test(shown(item.description))) && items, 60_000);
    assert.equal(rowOf(before, reference), undefined, `no row for ${reference} before the reassignment`);

    const events = data.events.length;
    reassign(issue, { assigneeIds: [USER] }, new Date());
    assert.equal(data.events.length, events, 'a reassignment writes no event');
    await workbench.runCommand('GitLab: Refresh Catch Up');
    const row = await tree.waitForTree(`${reference} updated`, (items) => {
      const found = rowOf(items, reference);
      return found && shown(found.description).startsWith('updated') && found;
    }, 60_000);
    assert.match(shown(row.description), /^updated · Assigned · /);
    await closeCatchUp(workbench);
  });
});
