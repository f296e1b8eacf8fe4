import { pageQuery } from './endpoints';
import { GitLabError } from './errors';
import type { FeedProject, FeedUser, GitLabVersion, StarOwner } from './feedTypes';
import type { ApiRequest } from './request';
import * as shapes from './shapes';
import type { PageRequest } from './types';
import { segment } from './url';

/** The dashboard feeds' requests besides events, as data (notes/gitlab-feeds.md §2, §3, §6). */

function feedProject(value: unknown, path: string): FeedProject {
  const o = shapes.object(value, path);
  shapes.project(o, path);
  shapes.optional(o, 'last_activity_at', 'string', path);
  shapes.optional(o, 'star_count', 'number', path);
  return o as unknown as FeedProject;
}

function feedUser(value: unknown, path: string): FeedUser {
  const o = shapes.object(value, path);
  shapes.userSummary(o, path);
  shapes.optional(o, 'state', 'string', path);
  return o as unknown as FeedUser;
}

const projectList = (value: unknown): FeedProject[] => shapes.array(value, 'projects').map((item, n) => feedProject(item, `projects[${n}]`));
const userList = (value: unknown): FeedUser[] => shapes.array(value, 'users').map((item, n) => feedUser(item, `users[${n}]`));

/** Projects ordered as a merged feed reads them: most recently active first (`last_activity_at`, then id). */
const BY_ACTIVITY = { simple: 'true', order_by: 'last_activity_at', sort: 'desc' };

/** `GET /projects?membership=true`: the user's projects, GitLab's `authorized_projects` (behaviour note §1.11). */
export function listMemberProjects(page: PageRequest): ApiRequest<FeedProject[]> {
  return { method: 'GET', path: '/projects', query: { membership: 'true', ...BY_ACTIVITY, ...pageQuery(page) }, parse: projectList };
}

/**
 * The user's stars (`GET /projects?starred=true`), or another user's (`GET /users/:user_id/starred_projects`, by id or
 * username; `200 []` for a private profile on current GitLab).
 */
export function listStarredProjects(owner: StarOwner, page: PageRequest): ApiRequest<FeedProject[]> {
  if (owner.kind === 'me') {
    return { method: 'GET', path: '/projects', query: { starred: 'true', ...BY_ACTIVITY, ...pageQuery(page) }, parse: projectList };
  }
  return { method: 'GET', path: `/users/${segment(owner.id)}/starred_projects`, query: { ...BY_ACTIVITY, ...pageQuery(page) }, parse: projectList };
}

/** GitLab routes `/users/:id/following` by numeric id only (`requirements: { id: /[0-9]*\/ }`): a username would 404. */
function numericUser(id: number): string {
  if (!Number.isSafeInteger(id) || id < 1) throw new GitLabError('validation', `${JSON.stringify(String(id)).slice(0, 40)} is not a user ID.`);
  return String(id);
}

/** `GET /users/:id/following`: the active users `id` follows (at most 300). 404 for a profile the caller may not read. */
export function listFollowing(userId: number, page: PageRequest): ApiRequest<FeedUser[]> {
  return { method: 'GET', path: `/users/${numericUser(userId)}/following`, query: pageQuery(page), parse: userList };
}

/** `GET /users/:id/followers`: the active users following `id`. */
export function listFollowers(userId: number, page: PageRequest): ApiRequest<FeedUser[]> {
  return { method: 'GET', path: `/users/${numericUser(userId)}/followers`, query: pageQuery(page), parse: userList };
}

/** `GET /version`. */
export function getVersion(): ApiRequest<GitLabVersion> {
  return {
    method: 'GET', path: '/version',
    parse: (value) => {
      const o = shapes.object(value, 'version');
      shapes.str(o, 'version', 'version');
      shapes.optional(o, 'revision', 'string', 'version');
      return o as unknown as GitLabVersion;
    },
  };
}
