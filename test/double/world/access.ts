import type { DoubleData, DoubleEvent, DoubleGroup, DoubleProject } from './types';

/** Who may see what (behaviour note §2.1, §3.9): membership is inherited from ancestor groups. */

export const REPORTER = 20;

export function groupById(data: DoubleData, id: number | null): DoubleGroup | undefined {
  return id === null ? undefined : data.groups.find((g) => g.id === id);
}

/** The group and its ancestors, nearest first. */
export function groupChain(data: DoubleData, group: DoubleGroup): DoubleGroup[] {
  const chain: DoubleGroup[] = [];
  for (let g: DoubleGroup | undefined = group; g && !chain.includes(g); g = groupById(data, g.parentId)) chain.push(g);
  return chain;
}

export function groupAccess(data: DoubleData, group: DoubleGroup, userId: number | null): number {
  if (userId === null) return 0;
  return Math.max(0, ...groupChain(data, group).map((g) => g.members[userId] ?? 0));
}

export function projectAccess(data: DoubleData, project: DoubleProject, userId: number | null): number {
  if (userId === null) return 0;
  const group = project.namespace.kind === 'group' ? groupById(data, project.namespace.groupId ?? null) : undefined;
  return Math.max(project.members[userId] ?? 0, group ? groupAccess(data, group, userId) : 0);
}

export function canReadProject(data: DoubleData, project: DoubleProject, userId: number | null): boolean {
  if (project.visibility === 'public') return true;
  if (project.visibility === 'internal') return userId !== null;
  return projectAccess(data, project, userId) > 0;
}

function isDescendant(data: DoubleData, group: DoubleGroup, ancestor: DoubleGroup): boolean {
  return groupChain(data, group).includes(ancestor);
}

export function canReadGroup(data: DoubleData, group: DoubleGroup, userId: number | null): boolean {
  if (group.visibility === 'public') return true;
  if (userId === null) return false;
  if (group.visibility === 'internal' || groupAccess(data, group, userId) > 0) return true;
  // Members of a subgroup or of a project inside can see a private group.
  return data.groups.some((g) => isDescendant(data, g, group) && (g.members[userId] ?? 0) > 0)
    || data.projects.some((p) => {
      const owner = groupById(data, p.namespace.groupId ?? null);
      return owner !== undefined && isDescendant(data, owner, group) && (p.members[userId] ?? 0) > 0;
    });
}

/** Groups the user belongs to directly, their subgroups, and the ancestors of those (GET /groups, §1.12). */
export function memberGroups(data: DoubleData, userId: number): DoubleGroup[] {
  const direct = data.groups.filter((g) => groupAccess(data, g, userId) > 0);
  const withAncestors = new Set<DoubleGroup>();
  for (const g of direct) for (const a of groupChain(data, g)) withAncestors.add(a);
  return data.groups.filter((g) => withAncestors.has(g));
}

/** The per-event check GitLab runs after paging (`visible_to_user?`, §3.8). */
export function canSeeEvent(
  event: DoubleEvent, project: DoubleProject, userId: number | null, access: number,
): boolean {
  const restriction = event.restriction;
  if (!restriction) return true;
  switch (restriction.kind) {
    case 'hidden':
      return false;
    case 'repository':
      if (project.visibility === 'public') return true;
      if (project.visibility === 'internal' && userId !== null) return true;
      return access >= REPORTER;
    case 'confidential':
      return access >= REPORTER || (userId !== null && userId === restriction.authorId);
  }
}
