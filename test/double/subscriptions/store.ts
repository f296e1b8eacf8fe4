import { canReadGroup, canReadProject, groupById, groupChain, projectAccess } from '../world/access';
import type { DoubleData, DoubleIssuable, DoubleLabel, DoubleSubscription } from '../world/types';

/**
 * GitLab's `Subscribable` concern and `IssuableFinder#by_subscribed` over the double's world (subscriptions note §1,
 * §2): rows per (thing, user, project), `subscribed?` for that exact project with participation as the fallback, and
 * `set_subscription`, which first sets the user's rows at the other level to false.
 */

export type SubscribableType = DoubleSubscription['subscribableType'];
export type SubscriptionStatus = 'EXPLICITLY_SUBSCRIBED' | 'EXPLICITLY_UNSUBSCRIBED';

/**
 * The user's rows of one thing, looked up in an index of `data.subscriptions` (as GitLab's unique index over
 * subscribable, user and project): a long list (`DoubleOptions.subscriptions`) is not scanned once per thing listed.
 * Rows are only ever added (or changed in place), so the index is made again when the list has grown.
 */
const indexes = new WeakMap<DoubleSubscription[], { size: number; rows: Map<string, DoubleSubscription[]> }>();
const rowKey = (type: SubscribableType, id: number, userId: number) => `${type}:${id}:${userId}`;

function rowsOf(data: DoubleData, type: SubscribableType, id: number, userId: number): DoubleSubscription[] {
  let index = indexes.get(data.subscriptions);
  if (!index || index.size !== data.subscriptions.length) {
    const rows = new Map<string, DoubleSubscription[]>();
    for (const row of data.subscriptions) {
      const key = rowKey(row.subscribableType, row.subscribableId, row.userId);
      const list = rows.get(key);
      if (list) list.push(row);
      else rows.set(key, [row]);
    }
    index = { size: data.subscriptions.length, rows };
    indexes.set(data.subscriptions, index);
  }
  return index.rows.get(rowKey(type, id, userId)) ?? [];
}

/** `subscribed?(user, project)`: the row for that exact project, else participation (issuables only). */
export function isSubscribed(
  data: DoubleData, type: SubscribableType, id: number, userId: number, projectId: number | null, participants: readonly number[] = [],
): boolean {
  const row = rowsOf(data, type, id, userId).find((s) => s.projectId === projectId);
  return row ? row.subscribed : participants.includes(userId);
}

export const issuableSubscribed = (data: DoubleData, item: DoubleIssuable, userId: number): boolean =>
  isSubscribed(data, item.model, item.id, userId, item.projectId, item.participants);

/** The `explicitly_subscribed` / `explicitly_unsubscribed` scopes: any row of the user, whatever its project (§1). */
export function hasExplicitRow(data: DoubleData, type: SubscribableType, id: number, userId: number, status: SubscriptionStatus): boolean {
  const wanted = status === 'EXPLICITLY_SUBSCRIBED';
  return rowsOf(data, type, id, userId).some((s) => s.subscribed === wanted);
}

/** `set_subscription(user, state, project)`: the other level's rows become false, then this level's row is upserted. */
export function setSubscription(data: DoubleData, type: SubscribableType, id: number, userId: number, projectId: number | null, subscribed: boolean): void {
  for (const row of rowsOf(data, type, id, userId)) if (row.projectId !== projectId) row.subscribed = false;
  const row = rowsOf(data, type, id, userId).find((s) => s.projectId === projectId);
  if (row) row.subscribed = subscribed;
  else data.subscriptions.push({ userId, subscribableType: type, subscribableId: id, projectId, subscribed });
}

/** Who may read an issuable: its project's or group's visibility (no confidential issues among them). */
export function canReadIssuable(data: DoubleData, item: DoubleIssuable, userId: number | null): boolean {
  if (item.projectId !== null) {
    const project = data.projects.find((p) => p.id === item.projectId);
    return project !== undefined && canReadProject(data, project, userId);
  }
  const group = groupById(data, item.groupId);
  return group !== undefined && canReadGroup(data, group, userId);
}

/** `update_merge_request`: developers and up, and the author. */
export function canUpdateMergeRequest(data: DoubleData, item: DoubleIssuable, userId: number): boolean {
  const project = data.projects.find((p) => p.id === item.projectId);
  return project !== undefined && (item.authorId === userId || projectAccess(data, project, userId) >= 30);
}

/** Labels a project sees: its own and those of its group and the group's ancestors (`include_ancestor_groups`). */
export function projectLabels(data: DoubleData, projectId: number): DoubleLabel[] {
  const project = data.projects.find((p) => p.id === projectId);
  const group = project ? groupById(data, project.namespace.groupId ?? null) : undefined;
  const groupIds = group ? groupChain(data, group).map((g) => g.id) : [];
  return data.labels.filter((l) => l.projectId === projectId || (l.groupId !== null && groupIds.includes(l.groupId)));
}

/** Labels of a group and its ancestors. */
export function groupLabels(data: DoubleData, groupId: number): DoubleLabel[] {
  const group = groupById(data, groupId);
  const groupIds = group ? groupChain(data, group).map((g) => g.id) : [];
  return data.labels.filter((l) => l.groupId !== null && groupIds.includes(l.groupId));
}

/**
 * `ProjectLabel`/`GroupLabel`'s `subscribed` (newest entity): subscribed group-wide, or, seen from a project, for
 * that project.
 */
export function labelSubscribed(data: DoubleData, label: DoubleLabel, userId: number, projectId: number | null): boolean {
  return isSubscribed(data, 'Label', label.id, userId, null) || (projectId !== null && isSubscribed(data, 'Label', label.id, userId, projectId));
}
