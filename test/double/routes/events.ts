import { findEventPage, type EventSource } from '../events/listing';
import { parseEventFilter } from '../events/filter';
import { MAX_COUNT_LIMIT, paginationHeaders, parsePagination, type Counting } from '../http/pagination';
import { grapeError, json, messageError, type ApiResponse } from '../http/response';
import { presentEvent, presentSpecEvent } from '../present/event';
import { canReadProject } from '../world/access';
import { findProject, findUser } from '../world/lookup';
import type { DoubleEvent } from '../world/types';
import { READ_SCOPES, READ_USER_SCOPES, type Route, type RouteContext } from './route';

/** The three event listings (behaviour note §3). */

type SourceResult = { source: EventSource; privateProfile?: boolean } | { response: ApiResponse };

function listEvents(context: RouteContext, resolveSource: () => SourceResult, routeId?: string, projectListing = false): ApiResponse {
  const { request, double } = context;
  const pagination = parsePagination(request.query);
  const parsed = parseEventFilter(request.query, double.options.strictAction);
  const errors = [...pagination.errors, ...parsed.errors];
  if (errors.length > 0 || !pagination.page || !parsed.filter) return grapeError(400, errors.join(', '));
  const page = pagination.page;
  const filter = parsed.filter;

  const resolved = resolveSource();
  if ('response' in resolved) return resolved.response;

  let events: DoubleEvent[] = [];
  let counting: Counting = { kind: 'counted', total: 0 };
  // A private profile the caller may not read gives `Event.none`: 200 [] with headers (§3.9).
  if (!resolved.privateProfile) {
    const found = findEventPage(double.data, context.user?.id ?? null, resolved.source, filter, page, double.options.withoutPagingHeaders);
    events = found.events;
    counting = {
      kind: 'counted', total: found.total,
      omitTotals: double.options.eventTotals === 'omitted' && found.total >= MAX_COUNT_LIMIT,
    };
  }

  const linkParams: Record<string, string> = { ...request.query, sort: request.query.sort || filter.sort };
  if (routeId !== undefined) linkParams.id = routeId;
  const headers = paginationHeaders(page, counting, { base: `${double.baseUrl}${request.rawPath}`, params: linkParams });
  const usersById = new Map(double.data.users.map((u) => [u.id, u]));
  const projectsById = new Map(double.data.projects.map((p) => [p.id, p]));
  const present = (e: DoubleEvent) => presentEvent(double.baseUrl, e, usersById, projectsById);
  const body = double.options.specEvents ? events.map((e) => presentSpecEvent(present(e), e, projectListing)) : events.map(present);
  return json(200, body, headers);
}

/**
 * `EventsFinder#get_events`: with a signed-in caller and exactly `scope=all`, the caller's authorized projects, whatever
 * the route (feeds note §1.7: Grape hands the finder every parameter, declared or not, so `/users/:id/events` and
 * `/projects/:id/events` answer the caller's dashboard after their own checks); otherwise the route's own events. A
 * server that knows no `scope` always answers the route's own.
 */
function scoped(context: RouteContext, own: EventSource): EventSource {
  const { user, request, double } = context;
  if (!user || request.query.scope !== 'all' || double.options.ignoresScope) return own;
  return { kind: 'memberProjects', userId: user.id, era: double.options.scopeAll };
}

function ownEvents(context: RouteContext): ApiResponse {
  return listEvents(context, () => ({ source: scoped(context, { kind: 'author', userId: context.user!.id }) }));
}

function userEvents(context: RouteContext): ApiResponse {
  return listEvents(context, () => {
    const target = findUser(context.double.data, context.params.id);
    if (!target) return { response: messageError(404, '404 User Not Found') };
    // `cannot_access_private_profile?` looks at the user of the path, before the scope does anything.
    const privateProfile = target.privateProfile && context.user?.id !== target.id;
    return { source: scoped(context, { kind: 'author', userId: target.id }), privateProfile };
  }, context.params.id);
}

function projectEvents(context: RouteContext): ApiResponse {
  return listEvents(context, () => {
    const { data } = context.double;
    const project = findProject(data, context.params.id);
    if (!project || !canReadProject(data, project, context.user?.id ?? null)) {
      return { response: messageError(404, '404 Project Not Found') };
    }
    return { source: scoped(context, { kind: 'project', projectId: project.id }) };
  }, context.params.id, true);
}

export const eventRoutes: Route[] = [
  { method: 'GET', pattern: '/events', auth: 'required', scopes: READ_USER_SCOPES, permission: { name: 'read_event', boundary: 'user' }, handle: ownEvents },
  {
    method: 'GET', pattern: '/users/:id/events', auth: 'optional', scopes: READ_USER_SCOPES, permission: { name: 'read_event', boundary: 'user' }, handle: userEvents,
    accepts: (raw, options) => !(options.dottedUsernamesFail && raw.id.includes('.')),
  },
  // project_events.rb registers no extra scope: read_user is not enough (§1.4).
  { method: 'GET', pattern: '/projects/:id/events', auth: 'optional', scopes: READ_SCOPES, permission: { name: 'read_event', boundary: 'project' }, handle: projectEvents },
];
