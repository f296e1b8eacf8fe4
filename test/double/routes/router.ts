import { authenticate, readCredentials } from '../auth';
import type { ApiRequest } from '../http/request';
import { safeDecode } from '../http/request';
import { grapeError, messageError, routeNotFound, type ApiResponse } from '../http/response';
import { answerGraphql } from '../graphql/endpoint';
import type { DoubleContext, Route } from './route';

const API_PREFIX = '/api/v4';

/** A 1×1 PNG served as every user's avatar, so clients never reach out to the network for one. */
const AVATAR_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkqGcAAAGEAQHt0+6sAAAAAElFTkSuQmCC', 'base64');

interface Match { route: Route; params: Record<string, string> }

const PAGING_HEADERS = new Set(['x-page', 'x-per-page', 'x-next-page', 'x-prev-page', 'x-total', 'x-total-pages', 'link']);

/** A server of the plain interface: the spec shows no pagination headers, so none are sent. */
function withoutPaging(response: ApiResponse): ApiResponse {
  const headers = Object.fromEntries(Object.entries(response.headers).filter(([name]) => !PAGING_HEADERS.has(name.toLowerCase())));
  return { ...response, headers };
}

function match(route: Route, segments: string[], double: DoubleContext): Match | undefined {
  const pattern = route.pattern.split('/');
  if (pattern.length !== segments.length) return undefined;
  const raw: Record<string, string> = {};
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    if (pattern[i].startsWith(':')) {
      const decoded = safeDecode(segments[i]);
      if (segments[i] === '' || decoded === undefined) return undefined;
      raw[pattern[i].slice(1)] = segments[i];
      params[pattern[i].slice(1)] = decoded;
    } else if (pattern[i] !== segments[i]) {
      return undefined;
    }
  }
  if (route.accepts && !route.accepts(raw, double.options)) return undefined;
  return { route, params };
}

/** Routes a request to its endpoint: catch-all 404, 405 for a wrong method, authentication, then the handler. */
export class Router {
  constructor(private readonly routes: readonly Route[]) {}

  dispatch(request: ApiRequest, double: DoubleContext): ApiResponse {
    try {
      const response = this.route(request, double);
      return double.options.withoutPagingHeaders ? withoutPaging(response) : response;
    } catch (error) {
      // As GitLab's handle_api_exception; the cause goes in a header to help whoever debugs the double.
      const cause = String(error).slice(0, 200).replace(/[^\x20-\x7e]/g, '?');
      const response = messageError(500, '500 Internal Server Error');
      return { ...response, headers: { ...response.headers, 'X-Double-Error': cause } };
    }
  }

  private route(request: ApiRequest, double: DoubleContext): ApiResponse {
    const path = request.rawPath;
    if (path === '/api/v3' || path.startsWith('/api/v3/')) {
      return grapeError(410, 'API V3 is no longer supported. Use API V4 instead.');
    }
    if (/^\/uploads\/-\/system\/user\/avatar\/\d+\/avatar\.png$/.test(path)) {
      return { status: 200, headers: { 'Content-Type': 'image/png' }, body: AVATAR_PNG };
    }
    if (path === '/api/graphql') return answerGraphql(request, double);
    if (!path.startsWith(`${API_PREFIX}/`)) return routeNotFound();

    const segments = path.slice(API_PREFIX.length).split('/');
    const matches = this.routes
      .filter((r) => !r.enabled || r.enabled(double.options))
      .map((r) => match(r, segments, double))
      .filter((m): m is Match => m !== undefined);
    if (matches.length === 0) return routeNotFound();

    const method = request.method === 'HEAD' ? 'GET' : request.method;
    const found = matches.find((m) => m.route.method === method);
    if (!found) {
      const allow = [...new Set(matches.flatMap((m) => (m.route.method === 'GET' ? ['GET', 'HEAD'] : [m.route.method])))];
      allow.push('OPTIONS');
      if (method === 'OPTIONS') return { status: 204, headers: { Allow: allow.join(', ') }, body: '' };
      return { ...grapeError(405, '405 Not Allowed'), headers: { 'Content-Type': 'application/json', Allow: allow.join(', ') } };
    }

    const auth = authenticate(double.data, readCredentials(request), found.route, double.options.fineGrainedEnforced);
    if ('response' in auth) return auth.response;
    if (request.bodyError) return grapeError(400, request.bodyError);
    return found.route.handle({ request, params: found.params, user: auth.user, double });
  }
}
