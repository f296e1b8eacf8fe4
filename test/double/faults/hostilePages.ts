import type { ApiRequest } from '../http/request';
import type { ApiResponse } from '../http/response';
import { ENDLESS_ID_STRIDE } from './endless';

/**
 * Listings as a broken or hostile server answers them, never as GitLab does: a page far larger than asked, a cursor
 * listing that never ends, a GraphQL filter ignored. Each takes the double's own answer and bends it; answers that are
 * not listings pass unchanged.
 */

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value);

/** An id moved by `shift`: a number, or the number ending a global ID (`gid://gitlab/Issue/5` → `…/Issue/10000005`). */
function moved(id: unknown, shift: number): unknown {
  if (typeof id === 'number') return id + shift;
  if (typeof id === 'string') {
    const match = /^(.*\/)(\d+)$/.exec(id);
    if (match) return `${match[1]}${Number(match[2]) + shift}`;
  }
  return id;
}

/** `items` repeated to `count` entries, each copy's ids moved past the copies before it (every item new to a client). */
function repeated(items: readonly unknown[], count: number): unknown[] {
  if (items.length === 0) return [];
  return Array.from({ length: count }, (_, n) => {
    const item = items[n % items.length];
    const shift = Math.floor(n / items.length) * ENDLESS_ID_STRIDE;
    return shift === 0 || !isObject(item) ? item : { ...item, id: moved(item.id, shift) };
  });
}

/** Every connection in a GraphQL `data` tree (an object with `nodes` and, for listings, `pageInfo`), changed by `change`. */
function eachConnection(value: unknown, change: (connection: Json) => void): void {
  if (Array.isArray(value)) {
    for (const item of value) eachConnection(item, change);
    return;
  }
  if (!isObject(value)) return;
  if (Array.isArray(value.nodes)) change(value);
  for (const [key, child] of Object.entries(value)) if (key !== 'nodes') eachConnection(child, change);
}

function jsonBody(response: ApiResponse): unknown {
  if (response.status !== 200) return undefined;
  try {
    return JSON.parse(response.body.toString());
  } catch {
    return undefined;
  }
}

const withBody = (response: ApiResponse, body: unknown): ApiResponse =>
  ({ status: response.status, headers: { ...response.headers }, body: JSON.stringify(body) });

const isGraphql = (request: ApiRequest): boolean => request.path === '/api/graphql';

/**
 * `oversizedPage`: the answer to a listing holds `items` entries whatever page size was asked: a REST array, or the
 * nodes of every GraphQL connection, repeated with moved ids. Paging headers and `pageInfo` are left as they were.
 */
export function oversizedPage(request: ApiRequest, items: number, answer: (request: ApiRequest) => ApiResponse): ApiResponse {
  const response = answer(request);
  const body = jsonBody(response);
  if (Array.isArray(body)) return withBody(response, repeated(body, items));
  if (!isGraphql(request) || !isObject(body)) return response;
  eachConnection(body.data, (connection) => {
    connection.nodes = repeated(connection.nodes as unknown[], items);
  });
  return withBody(response, body);
}

const ENDLESS_CURSOR = 'endless:';

/** The page an endless cursor names (page 1 without one, or with a real cursor of the double). */
function endlessPageOf(after: unknown): number {
  if (typeof after !== 'string') return 1;
  const text = Buffer.from(after, 'base64').toString('utf8');
  const page = text.startsWith(ENDLESS_CURSOR) ? Number(text.slice(ENDLESS_CURSOR.length)) : NaN;
  return Number.isSafeInteger(page) && page > 1 ? page : 1;
}

const endlessCursor = (page: number): string => Buffer.from(`${ENDLESS_CURSOR}${page}`).toString('base64');

/**
 * `endlessCursor`: a GraphQL listing that never ends. Every connection with `pageInfo` says `hasNextPage: true` and
 * names a cursor it never named before in that listing (page n's cursor names page n + 1). `items: 'none'`: its pages
 * are empty; `'again'`: page n holds page 1's nodes with every id moved by (n − 1) × 10,000,000.
 */
export function endlessCursorPage(request: ApiRequest, items: 'none' | 'again', answer: (request: ApiRequest) => ApiResponse): ApiResponse {
  if (!isGraphql(request)) return answer(request);
  const variables = isObject(request.body.variables) ? request.body.variables : {};
  const page = endlessPageOf(variables.after);
  const first = answer({ ...request, body: { ...request.body, variables: { ...variables, after: null } } });
  const body = jsonBody(first);
  if (!isObject(body)) return first;
  eachConnection(body.data, (connection) => {
    if (!isObject(connection.pageInfo)) return;
    const nodes = connection.nodes as unknown[];
    connection.nodes = items === 'none' ? [] : nodes.map((node) => (isObject(node) ? { ...node, id: moved(node.id, (page - 1) * ENDLESS_ID_STRIDE) } : node));
    if (Array.isArray(connection.edges)) connection.edges = items === 'none' ? [] : connection.edges;
    connection.pageInfo = { ...connection.pageInfo, hasNextPage: true, endCursor: endlessCursor(page + 1) };
  });
  return withBody(first, body);
}

/** `graphqlVariables`: a GraphQL request answered as if its variables were also these (a server that ignores a filter). */
export function withGraphqlVariables(request: ApiRequest, given: Record<string, unknown>, answer: (request: ApiRequest) => ApiResponse): ApiResponse {
  if (!isGraphql(request)) return answer(request);
  const variables = isObject(request.body.variables) ? request.body.variables : {};
  return answer({ ...request, body: { ...request.body, variables: { ...variables, ...given } } });
}
