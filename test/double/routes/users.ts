import { paginationHeaders, parsePagination, pageOfList } from '../http/pagination';
import { grapeError, json, messageError, type ApiResponse } from '../http/response';
import { presentCurrentUser, presentUser, presentUserBasic } from '../present/user';
import { findUser } from '../world/lookup';
import type { MobilePushWorkingHours } from '../world/types';
import { READ_USER_SCOPES, type Route, type RouteContext } from './route';

/** GET /user (token check, §1.10), and user lookups by id or username for clients that resolve names. */

function currentUser(context: RouteContext): ApiResponse {
  const { baseUrl, now } = context.double;
  return json(200, presentCurrentUser(baseUrl, context.user!, now().toISOString().slice(0, 10)));
}

/** GitLab's defaults for a user who never set working hours [UNCONFIRMED: the values of an unset preference]. */
const DEFAULT_WORKING_HOURS: MobilePushWorkingHours = {
  enabled: false, start: null, end: null, days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'], timeZone: null,
};

/**
 * `GET /user/preferences` (`API::Entities::UserPreferences`): the caller's preferences; from 19.3 (the `19.3` GitLab
 * played) the five fields of the working hours of phone notifications. An older GitLab sends none of them.
 */
function preferences(context: RouteContext): ApiResponse {
  const user = context.user!;
  const hours = user.mobilePushWorkingHours ?? DEFAULT_WORKING_HOURS;
  return json(200, {
    id: user.id, user_id: user.id, view_diffs_file_by_file: false, show_whitespace_in_diffs: true, pass_user_identities_to_ci_jwt: false,
    ...(context.double.options.graphql === '19.3' ? {
      mobile_push_working_hours_enabled: hours.enabled, mobile_push_working_hours_start: hours.start, mobile_push_working_hours_end: hours.end,
      mobile_push_working_days: [...hours.days], mobile_push_working_hours_time_zone: hours.timeZone,
    } : {}),
  });
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
    method: 'GET', pattern: '/user/preferences', auth: 'required', scopes: READ_USER_SCOPES,
    permission: { name: 'read_user_preference', boundary: 'user' }, handle: preferences, enabled: (o) => !o.withoutUserEndpoint,
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
