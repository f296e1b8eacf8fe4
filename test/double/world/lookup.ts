import type { DoubleData, DoubleGroup, DoubleProject, DoubleUser } from './types';

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
