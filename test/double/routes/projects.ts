import { paginationHeaders, parsePagination, pageOfList } from '../http/pagination';
import { grapeError, json, messageError, type ApiResponse } from '../http/response';
import { presentProject, presentProjectSimple } from '../present/project';
import { canReadProject, groupAccess, groupById, projectAccess } from '../world/access';
import { findProject, findUser } from '../world/lookup';
import type { DoubleData, DoubleProject } from '../world/types';
import { compareBy, parseListParams } from './list-params';
import { READ_SCOPES, type Route, type RouteContext } from './route';

/** GET /projects (scope discovery, §1.11; starred projects, feeds note §2.1), GET /projects/:id, GET /users/:user_id/starred_projects. */

const ORDER_FIELDS: Record<string, (p: DoubleProject) => string | number> = {
  id: (p) => p.id, name: (p) => p.name, path: (p) => p.path, created_at: (p) => p.createdAt,
  updated_at: (p) => p.lastActivityAt, last_activity_at: (p) => p.lastActivityAt, similarity: (p) => p.id,
  star_count: (p) => p.starCount,
};

function accessOf(data: DoubleData, project: DoubleProject, userId: number | null) {
  if (userId === null) return null;
  const group = groupById(data, project.namespace.groupId ?? null);
  return { project: project.members[userId] ?? 0, group: group ? groupAccess(data, group, userId) : 0 };
}

/** Project ids `userId` starred (`users_star_projects`). */
function starredBy(data: DoubleData, userId: number): Set<number> {
  return new Set(data.stars.filter((star) => star.userId === userId).map((star) => star.projectId));
}

function listProjects(context: RouteContext): ApiResponse {
  const limited = context.user ? context.double.rateLimiter.take('projects_api', String(context.user.id)) : undefined;
  return limited ?? projectListing(context);
}

/**
 * `GET /users/:user_id/starred_projects` (feeds note §2.2): that user's stars the caller can see; none at all when the
 * caller may not read the user's profile (the newest `StarredProjectsFinder`); the same parameters as `/projects`.
 */
function starredProjects(context: RouteContext): ApiResponse {
  const { double, user, params } = context;
  const limited = double.rateLimiter.take('user_starred_projects_api', user ? String(user.id) : 'anonymous');
  if (limited) return limited;
  const owner = findUser(double.data, params.user_id);
  if (!owner) return messageError(404, '404 User Not Found');
  const hidden = owner.privateProfile && user?.id !== owner.id;
  return projectListing(context, hidden ? new Set() : starredBy(double.data, owner.id));
}

/** `ProjectsFinder` (within `among`, when given) ordered and paged as `present_projects` does. */
function projectListing(context: RouteContext, among?: ReadonlySet<number>): ApiResponse {
  const { request, double, user } = context;
  const { data, baseUrl } = double;
  const pagination = parsePagination(request.query);
  const parsed = parseListParams(request.query, {
    booleans: ['membership', 'simple', 'owned', 'archived', 'starred', 'statistics', 'search_namespaces'],
    values: {
      order_by: Object.keys(ORDER_FIELDS), sort: ['asc', 'desc'], visibility: ['public', 'internal', 'private'],
      min_access_level: ['10', '15', '20', '30', '40', '50'],
    },
  });
  const errors = [...pagination.errors, ...parsed.errors];
  if (errors.length > 0 || !pagination.page) return grapeError(400, errors.join(', '));
  const { booleans, values } = parsed.params;
  const userId = user?.id ?? null;
  const search = request.query.search?.toLowerCase();
  const minAccess = values.min_access_level ? Number(values.min_access_level) : 0;
  // `starred` acts only with a user (`params[:starred].present? && current_user`): anonymously it is ignored.
  const starred = userId !== null && booleans.starred ? starredBy(data, userId) : undefined;

  const projects = data.projects.filter((p) => {
    if (among && !among.has(p.id)) return false;
    if (!canReadProject(data, p, userId)) return false;
    const access = projectAccess(data, p, userId);
    if (userId !== null && booleans.membership && access === 0) return false;
    if (userId !== null && booleans.owned && access < 50) return false;
    if (userId !== null && minAccess > 0 && access < minAccess) return false;
    if (booleans.archived !== undefined && p.archived !== booleans.archived) return false;
    if (values.visibility && p.visibility !== values.visibility) return false;
    if (starred && !starred.has(p.id)) return false;
    if (search) {
      const haystack = [p.name, p.path, p.description, booleans.search_namespaces ? p.pathWithNamespace : ''];
      if (!haystack.some((text) => text.toLowerCase().includes(search))) return false;
    }
    return true;
  }).sort(compareBy(ORDER_FIELDS[values.order_by ?? 'created_at'], (values.sort ?? 'desc') as 'asc' | 'desc'));

  const { items, counting } = pageOfList(projects, pagination.page);
  const headers = paginationHeaders(pagination.page, counting, {
    base: `${baseUrl}${request.rawPath}`, params: { order_by: 'created_at', sort: 'desc', ...request.query },
  });
  const body = items.map((p) => (booleans.simple
    ? presentProjectSimple(baseUrl, p) : presentProject(baseUrl, p, accessOf(data, p, userId))));
  return json(200, body, headers);
}

function oneProject(context: RouteContext): ApiResponse {
  const { data, baseUrl } = context.double;
  const userId = context.user?.id ?? null;
  const project = findProject(data, context.params.id);
  if (!project || !canReadProject(data, project, userId)) return messageError(404, '404 Project Not Found');
  return json(200, presentProject(baseUrl, project, accessOf(data, project, userId)));
}

export const projectRoutes: Route[] = [
  {
    method: 'GET', pattern: '/projects', auth: 'optional', scopes: READ_SCOPES, permission: { name: 'read_project', boundary: 'user' }, handle: listProjects,
    enabled: (o) => !o.withoutDiscovery,
  },
  {
    method: 'GET', pattern: '/projects/:id', auth: 'optional', scopes: READ_SCOPES, permission: { name: 'read_project', boundary: 'project' }, handle: oneProject,
    enabled: (o) => !o.withoutDiscovery,
  },
  {
    method: 'GET', pattern: '/users/:user_id/starred_projects', auth: 'optional', scopes: READ_SCOPES, handle: starredProjects,
    enabled: (o) => !o.withoutDiscovery,
  },
];
