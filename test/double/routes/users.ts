import { paginationHeaders, parsePagination, pageOfList } from '../http/pagination';
import { grapeError, json, messageError, type ApiResponse } from '../http/response';
import { presentCurrentUser, presentUser, presentUserBasic } from '../present/user';
import { findUser } from '../world/lookup';
import { READ_USER_SCOPES, type Route, type RouteContext } from './route';

/** GET /user (token check, §1.10), and user lookups by id or username for clients that resolve names. */

function currentUser(context: RouteContext): ApiResponse {
  const { baseUrl, now } = context.double;
  return json(200, presentCurrentUser(baseUrl, context.user!, now().toISOString().slice(0, 10)));
}

function oneUser(context: RouteContext): ApiResponse {
  const user = findUser(context.double.data, context.params.id);
  if (!user) return messageError(404, '404 User Not Found');
  return json(200, presentUser(context.double.baseUrl, user));
}

function listUsers(context: RouteContext): ApiResponse {
  const { request, double } = context;
  const pagination = parsePagination(request.query);
  if (!pagination.page) return grapeError(400, pagination.errors.join(', '));
  const username = request.query.username?.toLowerCase();
  const search = request.query.search?.toLowerCase();
  const users = double.data.users
    .filter((u) => u.state === 'active')
    .filter((u) => username === undefined || u.username.toLowerCase() === username)
    .filter((u) => !search || u.username.toLowerCase().includes(search) || u.name.toLowerCase().includes(search))
    .sort((a, b) => b.id - a.id);
  const { items, counting } = pageOfList(users, pagination.page);
  const headers = paginationHeaders(pagination.page, counting, {
    base: `${double.baseUrl}${request.rawPath}`, params: { order_by: 'id', sort: 'desc', ...request.query },
  });
  return json(200, items.map((u) => presentUserBasic(double.baseUrl, u)), headers);
}

export const userRoutes: Route[] = [
  {
    method: 'GET', pattern: '/user', auth: 'required', scopes: READ_USER_SCOPES, permission: { name: 'read_user', boundary: 'user' }, handle: currentUser,
    enabled: (o) => !o.withoutUserEndpoint,
  },
  {
    method: 'GET', pattern: '/users', auth: 'optional', scopes: READ_USER_SCOPES, handle: listUsers,
    enabled: (o) => !o.withoutDiscovery,
  },
  {
    method: 'GET', pattern: '/users/:id', auth: 'optional', scopes: READ_USER_SCOPES, handle: oneUser,
    enabled: (o) => !o.withoutDiscovery,
  },
];
