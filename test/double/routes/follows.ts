import { paginationHeaders, parsePagination, pageOfList } from '../http/pagination';
import { grapeError, json, messageError, type ApiResponse } from '../http/response';
import { presentUserBasic } from '../present/user';
import { READ_SCOPES, READ_USER_SCOPES, type Route, type RouteContext } from './route';

/**
 * `GET /users/:id/following` and `/followers` (feeds note §3.1, `lib/api/users.rb`), and `GET /version`.
 *
 * In GitLab's order: signed out → 403; the listing's own rate limit (when its flag is on); an unknown user, or one
 * whose profile the caller may not read (a private profile, not the caller's own) → 404; then the active users of the
 * follow rows, paged. `:id` is numeric only (`requirements: { id: /[0-9]*\/ }`): a username does not route.
 */
function followListing(context: RouteContext, direction: 'following' | 'followers'): ApiResponse {
  const { user, double, params, request } = context;
  if (!user) return messageError(403, '403 Forbidden - Not authorized!');
  const limited = double.rateLimiter.take(direction === 'following' ? 'user_following' : 'user_followers', String(user.id));
  if (limited) return limited;
  const { data, baseUrl } = double;
  const target = data.users.find((u) => u.id === Number(params.id));
  if (!target || (target.privateProfile && target.id !== user.id)) return messageError(404, '404 User Not Found');
  const pagination = parsePagination(request.query);
  if (!pagination.page) return grapeError(400, pagination.errors.join(', '));
  const ids = data.follows
    .filter((follow) => (direction === 'following' ? follow.followerId : follow.followeeId) === target.id)
    .map((follow) => (direction === 'following' ? follow.followeeId : follow.followerId));
  // `followees -> { active }`: a blocked user drops out while the follow row stays.
  const users = ids.map((id) => data.users.find((u) => u.id === id)).filter((u) => u !== undefined && u.state === 'active');
  const { items, counting } = pageOfList(users, pagination.page);
  const headers = paginationHeaders(pagination.page, counting, { base: `${baseUrl}${request.rawPath}`, params: { ...request.query, id: params.id } });
  return json(200, items.map((u) => presentUserBasic(baseUrl, u!)), headers);
}

const numericId = (raw: Record<string, string>): boolean => /^[0-9]*$/.test(raw.id);

export const followRoutes: Route[] = [
  {
    method: 'GET', pattern: '/users/:id/following', auth: 'optional', scopes: READ_USER_SCOPES, accepts: numericId,
    handle: (context) => followListing(context, 'following'), enabled: (o) => !o.withoutDiscovery,
  },
  {
    method: 'GET', pattern: '/users/:id/followers', auth: 'optional', scopes: READ_USER_SCOPES, accepts: numericId,
    handle: (context) => followListing(context, 'followers'), enabled: (o) => !o.withoutDiscovery,
  },
  {
    // `lib/api/version.rb`: `authenticate!`, mounted under the API's own scopes.
    method: 'GET', pattern: '/version', auth: 'required', scopes: READ_SCOPES, enabled: (o) => !o.withoutDiscovery,
    handle: (context) => json(200, { version: context.double.options.gitlabVersion, revision: '6d2a1ae2' }),
  },
];
