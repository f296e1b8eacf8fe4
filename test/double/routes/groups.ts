import { paginationHeaders, parsePagination, pageOfList } from '../http/pagination';
import { grapeError, json, messageError, type ApiResponse } from '../http/response';
import { presentGroup } from '../present/group';
import { canReadGroup, groupAccess, memberGroups } from '../world/access';
import { findGroup } from '../world/lookup';
import type { DoubleGroup } from '../world/types';
import { compareBy, parseListParams } from './list-params';
import { READ_SCOPES, type Route, type RouteContext } from './route';

/** GET /groups (the caller's groups, §1.12) and GET /groups/:id. */

const ORDER_FIELDS: Record<string, (g: DoubleGroup) => string | number> = {
  name: (g) => g.name, path: (g) => g.path, id: (g) => g.id, similarity: (g) => g.name,
};

function listGroups(context: RouteContext): ApiResponse {
  const { request, double, user } = context;
  const { data, baseUrl } = double;
  const pagination = parsePagination(request.query);
  const parsed = parseListParams(request.query, {
    booleans: ['all_available', 'owned', 'top_level_only', 'statistics'],
    values: { order_by: Object.keys(ORDER_FIELDS), sort: ['asc', 'desc'], min_access_level: ['10', '15', '20', '30', '40', '50'] },
  });
  const errors = [...pagination.errors, ...parsed.errors];
  if (errors.length > 0 || !pagination.page) return grapeError(400, errors.join(', '));
  const { booleans, values } = parsed.params;
  const userId = user?.id ?? null;
  const search = request.query.search?.toLowerCase();
  const minAccess = values.min_access_level ? Number(values.min_access_level) : 0;

  // A normal user sees the groups they belong to; anonymous callers and all_available see every readable group.
  const candidates = userId === null || booleans.all_available
    ? data.groups.filter((g) => canReadGroup(data, g, userId)) : memberGroups(data, userId);
  const groups = candidates.filter((g) => {
    if (userId !== null && booleans.owned && groupAccess(data, g, userId) < 50) return false;
    if (userId !== null && minAccess > 0 && groupAccess(data, g, userId) < minAccess) return false;
    if (booleans.top_level_only && g.parentId !== null) return false;
    if (search && !g.name.toLowerCase().includes(search) && !g.path.toLowerCase().includes(search)) return false;
    return true;
  }).sort(compareBy(ORDER_FIELDS[values.order_by ?? 'name'], (values.sort ?? 'asc') as 'asc' | 'desc'));

  const { items, counting } = pageOfList(groups, pagination.page);
  const headers = paginationHeaders(pagination.page, counting, {
    base: `${baseUrl}${request.rawPath}`, params: { order_by: 'name', sort: 'asc', ...request.query },
  });
  return json(200, items.map((g) => presentGroup(baseUrl, g)), headers);
}

function oneGroup(context: RouteContext): ApiResponse {
  const { data, baseUrl } = context.double;
  const group = findGroup(data, context.params.id);
  if (!group || !canReadGroup(data, group, context.user?.id ?? null)) return messageError(404, '404 Group Not Found');
  return json(200, presentGroup(baseUrl, group));
}

export const groupRoutes: Route[] = [
  {
    method: 'GET', pattern: '/groups', auth: 'optional', scopes: READ_SCOPES, permission: { name: 'read_group', boundary: 'user' }, handle: listGroups,
    enabled: (o) => !o.withoutDiscovery,
  },
  {
    method: 'GET', pattern: '/groups/:id', auth: 'optional', scopes: READ_SCOPES, permission: { name: 'read_group', boundary: 'group' }, handle: oneGroup,
    enabled: (o) => !o.withoutDiscovery,
  },
];
