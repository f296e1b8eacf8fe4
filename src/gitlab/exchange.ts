/**
 * The one thing the transport asks of the platform: send one HTTP request and hand back its answer's bytes as they
 * come. Retries, redirects, paging, the byte bounds, masking and errors are the transport's, the same in every host;
 * an exchange only moves bytes (undici in Node, with the proxy and CA settings; `fetch` in a browser).
 */
export interface HttpExchange {
  send(request: HttpRequest): Promise<HttpAnswer>;
  /** Frees what the exchange holds (pooled connections). */
  close(): Promise<void>;
}

export interface HttpRequest {
  method: string;
  url: URL;
  /** Lower-case names. */
  headers: Record<string, string>;
  body?: string;
  signal: AbortSignal;
}

export type AnswerHeaders = Record<string, string | string[] | undefined>;

export interface HttpAnswer {
  /** 0 where a browser hid a redirect from the page (`redirect: 'manual'`): see `hiddenRedirect`. */
  status: number;
  /** Lower-case names. A browser shows only what the server exposes to other origins (GitLab: the paging headers). */
  headers: AnswerHeaders;
  /** The body's bytes as they arrive; read at most once. */
  body: AsyncIterable<Uint8Array>;
  /** Stops reading the body (past a bound) and frees its connection. */
  cancel(): void;
  /** A browser answered a redirect without saying where to (`opaqueredirect`): it is an error, never followed. */
  hiddenRedirect?: boolean;
}
