// The Catch Up view in the workbench, and the double's world as its tests and the demo's tour need it: an issue user 1
// is subscribed to, and a comment on it written as GitLab writes one.
import assert from 'node:assert/strict';
import { issuableSubscribed } from '../../double/subscriptions/store';
import { touchThingsOf } from '../../double/world/touch';
import type { DoubleEvent, DoubleIssuable } from '../../double/world/types';
import type { RunningDouble } from './session';
import type { TreeItemView, ViewTree } from './view-tree';
import { ACTIVITY_VIEW, VIEW_CONTAINER, type Workbench } from './workbench';

export const CATCH_UP_VIEW = 'Catch Up';
export const USER = 1;
export const OTHER = 2;
const ZERO_WIDTH = /\u200b/g;
export const shown = (text: string): string => text.replace(ZERO_WIDTH, '');

/** The Catch Up view open, the Activity view folded so that its rows are drawn (rows out of sight are not). */
export async function openCatchUp(workbench: Workbench): Promise<ViewTree> {
  await workbench.openViewContainer(VIEW_CONTAINER);
  await workbench.waitForView(CATCH_UP_VIEW);
  await workbench.setViewExpanded(CATCH_UP_VIEW, true);
  await workbench.setViewExpanded(ACTIVITY_VIEW, false);
  return workbench.tree(CATCH_UP_VIEW);
}

export async function closeCatchUp(workbench: Workbench): Promise<void> {
  await workbench.openViewContainer(VIEW_CONTAINER);
  await workbench.setViewExpanded(ACTIVITY_VIEW, true);
  await workbench.setViewExpanded(CATCH_UP_VIEW, false);
}

export function projectPath(double: RunningDouble, id: number | null): string {
  return double.data.projects.find((project) => project.id === id)!.pathWithNamespace;
}

/**
 * Whether one of the double's generated to-dos of `userId` names `item`'s reference: its targets are its own things
 * (ids from 20,000, the To-Do List's tests are written on their titles), so the reference would stand for two things
 * with two titles, which GitLab never has. Tests of a thing's row pick one no to-do names.
 */
export function sharesReferenceWithTodo(double: RunningDouble, item: DoubleIssuable, userId = USER): boolean {
  const types = item.model === 'MergeRequest' ? ['MergeRequest'] : ['Issue', 'WorkItem'];
  return double.data.todos.some((todo) => todo.userId === userId && todo.target.id !== item.id && types.includes(todo.targetType)
    && todo.projectId === item.projectId && todo.target.iid === item.iid);
}

/** An open issue user 1 is explicitly subscribed to, and that the extension's lists can find (a project they belong to). */
export function subscribedIssue(double: RunningDouble): DoubleIssuable {
  const issue = double.data.issuables
    .filter((item) => item.model === 'Issue' && item.projectId !== null && item.state === 'opened' && issuableSubscribed(double.data, item, USER)
      && !sharesReferenceWithTodo(double, item))
    .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))[0];
  assert.ok(issue, 'the double has an open issue user 1 is subscribed to');
  return issue;
}

/** A comment by `authorId` on `issue`, as GitLab writes it: an event with its note, the issue touched. */
export function comment(double: RunningDouble, issue: DoubleIssuable, authorId: number, body: string): DoubleEvent {
  const event = double.addEvent({ projectId: issue.projectId!, authorId, action: 'commented', targetType: 'Note' });
  assert.ok(event.note, 'a comment event has a note');
  Object.assign(event.note, { body, noteableId: issue.id, noteableType: 'Issue', noteableIid: issue.iid, commitId: null, system: false });
  event.targetTitle = issue.title;
  touchThingsOf(double.data, event);
  return event;
}

/** The row of a thing: its reference, then its title where one is known (a thing only commented on has none yet). */
export const rowOf = (items: TreeItemView[], reference: string): TreeItemView | undefined =>
  items.find((item) => shown(item.label) === reference || shown(item.label).startsWith(`${reference} `));
