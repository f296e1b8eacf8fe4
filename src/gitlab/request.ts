/** An API request described as data; one `Transport` runs them all. */
export interface ApiRequest<T> {
  method: 'GET' | 'PUT' | 'POST';
  /**
   * Path under `/api/v4`, starting with `/`, its variable parts already encoded with `segment()`. Empty for a request
   * to the GraphQL endpoint (`api: 'graphql'`).
   */
  path: string;
  /** `rest` (default): under `/api/v4`; `graphql`: GitLab's GraphQL endpoint, `/api/graphql` beside it. */
  api?: 'rest' | 'graphql';
  /** Only the parameters to send; GitLab's update endpoints take them in the query string. */
  query?: Record<string, string>;
  /** Sent as JSON (`Content-Type: application/json`). */
  body?: unknown;
  /**
   * Whether sending it twice does no harm, so that a failure that leaves open whether GitLab acted (a network error,
   * 502–504) may be retried. Default: GET and PUT are (RFC 9110), POST is not; a GraphQL query is a POST that is.
   */
  idempotent?: boolean;
  /** Names the request in errors beside method and path (a GraphQL operation: `todoSnooze`). */
  operation?: string;
  /**
   * Checks and types the parsed JSON body; throws `ShapeError` on a wrong shape, or a `GitLabError` when the body says
   * the request failed (GraphQL's `errors`). A 204 answer has no body: it is given `undefined`.
   */
  parse: (body: unknown) => T;
}

export interface ApiResponse<T> {
  data: T;
  status: number;
  headers: Record<string, string | string[] | undefined>;
}

/** One line of the request log (the output channel): never the token. */
export interface RequestLogEntry {
  method: string;
  /** Path and query. */
  url: string;
  status?: number;
  durationMs: number;
  attempt: number;
  /** Error kind when the attempt failed, or `retry` details. */
  outcome: string;
}
