import { canReadGroup, canReadProject, groupById, groupChain } from '../world/access';
import type { DoubleData, DoubleTodo } from '../world/types';

/**
 * `TodosFinder` (to-dos note §1, §3), shared by `GET /todos` and GraphQL's `currentUser.todos`: the caller's to-dos,
 * filtered, newest id first. Without a state, pending only; a query for pending only leaves out snoozed to-dos
 * unless it asks for the snoozed ones (`isSnoozed`).
 */
export interface TodoQuery {
  actions?: readonly string[];
  authorIds?: readonly number[];
  projectIds?: readonly number[];
  /** Groups and their descendants: their own to-dos and those of their projects. */
  groupIds?: readonly number[];
  states?: ReadonlyArray<'pending' | 'done'>;
  types?: readonly string[];
  isSnoozed?: boolean;
}

export function isSnoozed(todo: DoubleTodo, now: Date): boolean {
  return todo.snoozedUntil !== null && Date.parse(todo.snoozedUntil) > now.getTime();
}

function inGroups(data: DoubleData, todo: DoubleTodo, groupIds: ReadonlySet<number>): boolean {
  const inTree = (groupId: number | null | undefined): boolean => {
    const group = groupById(data, groupId ?? null);
    return group !== undefined && groupChain(data, group).some((g) => groupIds.has(g.id));
  };
  if (todo.groupId !== null && inTree(todo.groupId)) return true;
  const project = todo.projectId === null ? undefined : data.projects.find((p) => p.id === todo.projectId);
  return project?.namespace.kind === 'group' && inTree(project.namespace.groupId);
}

export function findTodos(data: DoubleData, userId: number, query: TodoQuery, now: Date): DoubleTodo[] {
  const states = query.states && query.states.length > 0 ? query.states : ['pending'];
  const pendingOnly = states.every((s) => s === 'pending');
  const groups = query.groupIds && query.groupIds.length > 0 ? new Set(query.groupIds) : undefined;
  const has = <T>(list: readonly T[] | undefined, value: T) => !list || list.length === 0 || list.includes(value);
  return data.todos
    .filter((t) => t.userId === userId && states.includes(t.state))
    .filter((t) => {
      if (query.isSnoozed === true) return isSnoozed(t, now);
      return !pendingOnly || !isSnoozed(t, now);
    })
    .filter((t) => has(query.actions, t.action) && has(query.authorIds, t.authorId) && has(query.types, t.targetType))
    .filter((t) => !query.projectIds || query.projectIds.length === 0 || (t.projectId !== null && query.projectIds.includes(t.projectId)))
    .filter((t) => !groups || inGroups(data, t, groups))
    .sort((a, b) => b.id - a.id);
}

/**
 * `Todos::AllowedTargetFilterService`: run after paging (§1), it drops to-dos whose target the user can no longer
 * read, so pages may come short and counts over-count.
 */
export function canReadTodoTarget(data: DoubleData, todo: DoubleTodo, userId: number): boolean {
  if (todo.projectId !== null) {
    const project = data.projects.find((p) => p.id === todo.projectId);
    return project !== undefined && canReadProject(data, project, userId);
  }
  if (todo.groupId !== null) {
    const group = groupById(data, todo.groupId);
    return group !== undefined && canReadGroup(data, group, userId);
  }
  return true;
}

/** Resolving a to-do (REST or GraphQL): done, and its snooze cleared (§3). An already done one is left as it is. */
export function resolveTodo(todo: DoubleTodo, now: Date): boolean {
  if (todo.state === 'done') return false;
  todo.state = 'done';
  todo.snoozedUntil = null;
  todo.updatedAt = now.toISOString();
  return true;
}
