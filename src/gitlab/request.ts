/** An API request described as data; one `Transport` runs them all. */
export interface ApiRequest<T> {
  method: 'GET' | 'PUT';
  /** Path under `/api/v4`, starting with `/`, its variable parts already encoded with `segment()`. */
  path: string;
  /** Only the parameters to send; GitLab's update endpoints take them in the query string. */
  query?: Record<string, string>;
  /** Checks and types the parsed JSON body; throws `ShapeError` on a wrong shape. */
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
