import type { DoubleData, DoubleGroup, DoubleIssuable, DoubleProject, DoubleTodo, DoubleUser } from './types';

/** `find_project` / `find_group` / `find_user` (behaviour note §1.2). Paths and usernames match case-insensitively. */

const INTEGER_ID = /^-?\d+$/;

export function findProject(data: DoubleData, id: string): DoubleProject | undefined {
  if (INTEGER_ID.test(id)) return data.projects.find((p) => p.id === Number(id));
  // A bare name without a namespace never matches.
  if (!id.includes('/')) return undefined;
  const wanted = id.toLowerCase();
  return data.projects.find((p) => p.pathWithNamespace.toLowerCase() === wanted);
}

export function findGroup(data: DoubleData, id: string): DoubleGroup | undefined {
  if (INTEGER_ID.test(id)) return data.groups.find((g) => g.id === Number(id));
  const wanted = id.toLowerCase();
  return data.groups.find((g) => g.fullPath.toLowerCase() === wanted);
}

export function findUser(data: DoubleData, id: string): DoubleUser | undefined {
  if (INTEGER_ID.test(id)) return data.users.find((u) => u.id === Number(id));
  const wanted = id.toLowerCase();
  return data.users.find((u) => u.username.toLowerCase() === wanted);
}

/** The issue or merge request a to-do's target names by project and iid, where the world has one. */
export function issuableOfTodo(issuables: readonly DoubleIssuable[], todo: Pick<DoubleTodo, 'targetType' | 'projectId' | 'target'>): DoubleIssuable | undefined {
  const model = todo.targetType === 'MergeRequest' ? 'MergeRequest' : todo.targetType === 'Issue' || todo.targetType === 'WorkItem' ? 'Issue' : undefined;
  if (!model || todo.projectId === null || todo.target.iid === undefined) return undefined;
  return issuables.find((item) => item.model === model && item.projectId === todo.projectId && item.iid === todo.target.iid);
}
