import type { AccessLevel, DoubleGroup, DoubleProject, DoubleUser, Visibility } from './types';

/**
 * The fixed cast of the generated world: a handful of users (one with a private profile, one username with a dot),
 * groups with a subgroup, and projects chosen to exercise every visibility case for user 1, the default token's user:
 *
 * | project                        | visibility | user 1               |
 * |--------------------------------|------------|----------------------|
 * | 1 acme/website                 | public     | owner (via acme)     |
 * | 2 acme/platform/billing        | private    | owner (via acme)     |  nested path
 * | 3 design-team/mockups          | private    | guest: pushes hidden |
 * | 4 community/handbook           | public     | not a member         |  imported from GitHub
 * | 5 alex/dotfiles                | private    | owner (own namespace)|
 * | 6 community/forum              | internal   | not a member         |
 * | 7 design-team/brand            | private    | no access → 404      |
 * | 8 acme/xss-lab (hostileNames)  | public     | owner (via acme)     |
 */

const HOSTILE_PROJECT_NAME = '<img src=x onerror=alert(1)>';
const HOSTILE_USER_NAME = 'Mallory "><script>alert(document.domain)</script>';

export interface GeneratedWorld {
  users: DoubleUser[];
  groups: DoubleGroup[];
  projects: DoubleProject[];
}

function isoDaysBefore(anchor: number, days: number): string {
  return new Date(anchor - days * 86_400_000).toISOString();
}

export function generateWorld(anchor: number, hostileNames: boolean): GeneratedWorld {
  const user = (
    id: number, username: string, name: string, extra: Partial<DoubleUser> = {},
  ): DoubleUser => ({
    id, username, name, state: 'active', email: `${username}@example.com`, secondaryEmails: [],
    notificationEmail: null, privateProfile: false, createdAt: isoDaysBefore(anchor, 900 - id * 30), bio: '', ...extra,
  });
  const users: DoubleUser[] = [
    user(1, 'alex', 'Alex Rivera', {
      secondaryEmails: [
        { email: 'alex.rivera@work.example.com', verified: true },
        { email: 'alex@unverified.example.com', verified: false },
      ],
      bio: 'Maintainer of the Acme website.',
    }),
    user(2, 'sam.taylor', 'Sam Taylor'),
    user(3, 'jordan', 'Jordan Lee'),
    user(4, 'morgan', 'Morgan Blake', { privateProfile: true }),
    user(5, 'casey', 'Casey Kim'),
    user(6, 'riley', 'Riley Chen'),
  ];
  if (hostileNames) users.push(user(7, 'mallory', HOSTILE_USER_NAME));

  const group = (
    id: number, name: string, path: string, parent: DoubleGroup | null, visibility: Visibility,
    members: Record<number, AccessLevel>,
  ): DoubleGroup => ({
    id, name, path, parentId: parent?.id ?? null, visibility, members,
    fullPath: parent ? `${parent.fullPath}/${path}` : path,
    fullName: parent ? `${parent.fullName} / ${name}` : name,
    description: `${name} group`, createdAt: isoDaysBefore(anchor, 800 - id * 10),
  });
  const acme = group(1, 'Acme', 'acme', null, 'public', { 1: 50, 2: 30, 3: 30 });
  const platform = group(2, 'Platform', 'platform', acme, 'public', { 5: 40 });
  const designTeam = group(3, 'Design Team', 'design-team', null, 'private', { 4: 40, 6: 30 });
  const community = group(4, 'Community', 'community', null, 'public', { 6: 50, 4: 30 });
  const groups = [acme, platform, designTeam, community];
  if (hostileNames) acme.members[7] = 30;

  const groupNamespace = (g: DoubleGroup) => ({
    kind: 'group' as const, id: g.id, name: g.name, path: g.path, fullPath: g.fullPath, parentId: g.parentId, groupId: g.id,
  });
  const userNamespace = (u: DoubleUser) => ({
    kind: 'user' as const, id: 1000 + u.id, name: u.name, path: u.username, fullPath: u.username, parentId: null,
  });
  const project = (
    id: number, name: string, path: string, namespace: DoubleProject['namespace'], namespaceName: string,
    visibility: Visibility, members: Record<number, AccessLevel>, extra: Partial<DoubleProject> = {},
  ): DoubleProject => ({
    id, name, path, namespace, visibility, members,
    pathWithNamespace: `${namespace.fullPath}/${path}`,
    nameWithNamespace: `${namespaceName} / ${name}`,
    description: `${name}: generated test project`,
    createdAt: isoDaysBefore(anchor, 700 - id * 20),
    lastActivityAt: isoDaysBefore(anchor, id),
    defaultBranch: 'main', topics: [], starCount: id % 4, forksCount: id % 3, archived: false, importedFrom: null,
    ...extra,
  });
  const projects: DoubleProject[] = [
    project(1, 'Website', 'website', groupNamespace(acme), acme.fullName, 'public', {}, { topics: ['web'] }),
    project(2, 'Billing', 'billing', groupNamespace(platform), platform.fullName, 'private', { 4: 20 }),
    project(3, 'Mockups', 'mockups', groupNamespace(designTeam), designTeam.fullName, 'private', { 1: 10 }),
    project(4, 'Handbook', 'handbook', groupNamespace(community), community.fullName, 'public', {}, { importedFrom: 'github' }),
    project(5, 'dotfiles', 'dotfiles', userNamespace(users[0]), users[0].name, 'private', { 1: 50 }),
    project(6, 'Forum', 'forum', groupNamespace(community), community.fullName, 'internal', { 3: 30 }),
    project(7, 'Brand', 'brand', groupNamespace(designTeam), designTeam.fullName, 'private', {}),
  ];
  if (hostileNames) {
    projects.push(project(8, HOSTILE_PROJECT_NAME, 'xss-lab', groupNamespace(acme), acme.fullName, 'public', {}, {
      description: '<script>alert("description")</script> [click](javascript:alert(1))',
    }));
  }
  return { users, groups, projects };
}
