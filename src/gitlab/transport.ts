import { GitLabError } from './errors';
import type { AnswerHeaders, HttpExchange } from './exchange';
import { parseErrorBody } from './errorBody';
import { errorForNetwork, errorForStatus } from './messages';
import { redact } from './redact';
import type { ApiRequest, ApiResponse, RequestLogEntry } from './request';
import type { ReadBudget } from './types';
import { DEFAULT_RETRY, RETRYABLE_STATUSES, backoffDelay, serverDelay, type RetryOptions } from './retryPolicy';
import { ShapeError } from './shapes';
import { apiBase, apiUrl, graphqlUrl } from './url';

export interface TransportOptions {
  instanceUrl: string;
  /** The personal access token; read for every request so a new sign-in needs no new transport. */
  token: () => string | undefined;
  /** How requests reach the network: undici in Node, `fetch` in a browser (see exchange.ts). */
  exchange: HttpExchange;
  timeoutMs?: number;
  retry?: Partial<RetryOptions>;
  /** Larger bodies are refused (a proxy's or a broken server's endless answer must not exhaust memory). */
  maxBodyBytes?: number;
  log?: (entry: RequestLogEntry) => void;
  userAgent?: string;
  /** Injected for tests: the clock, the wait and the jitter source. */
  now?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
}

type Headers = AnswerHeaders;

/** One request as the transport runs it. */
interface Exchange {
  method: string;
  url: URL;
  /** Method, path and operation, for errors. */
  label: string;
  body?: string;
  idempotent: boolean;
}

interface RawResponse {
  status: number;
  headers: Headers;
  text: string;
}

const MAX_REDIRECTS = 3;

/**
 * The one request primitive, for REST and GraphQL alike: builds the URL under `/api/v4` (or GitLab's `/api/graphql`),
 * adds `PRIVATE-TOKEN`, applies the timeout and the body size limit, retries idempotent requests with backoff (a
 * mutation only after a 429), follows same-origin redirects of GETs only (the token never goes to another origin),
 * turns every failure into a `GitLabError`, and shares one in-flight GET among identical concurrent callers.
 */
export class Transport {
  private readonly base: URL;
  private readonly retry: RetryOptions;
  private readonly timeoutMs: number;
  private readonly maxBodyBytes: number;
  private readonly now: () => number;
  private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  private readonly random: () => number;
  private readonly inFlight = new Map<string, Promise<RawResponse>>();
  private readonly rateLimitListeners = new Set<() => void>();

  constructor(private readonly options: TransportOptions) {
    this.base = apiBase(options.instanceUrl);
    this.retry = { ...DEFAULT_RETRY, ...options.retry };
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.maxBodyBytes = options.maxBodyBytes ?? 20 * 1024 * 1024;
    this.now = options.now ?? Date.now;
    this.sleep = options.sleep ?? abortableSleep;
    this.random = options.random ?? Math.random;
  }

  /** Called on every 429 answer, also those then retried: readers of many pages slow down (see pageReader.ts). */
  onRateLimited(listener: () => void): () => void {
    this.rateLimitListeners.add(listener);
    return () => this.rateLimitListeners.delete(listener);
  }

  get origin(): string {
    return this.base.origin;
  }

  /** `budget`: the bytes this request may take, shared with the other requests of one read. */
  async send<T>(request: ApiRequest<T>, signal?: AbortSignal, budget?: ReadBudget): Promise<ApiResponse<T>> {
    const url = request.api === 'graphql' ? graphqlUrl(this.base) : apiUrl(this.base, request.path, request.query);
    const label = `${request.method} ${url.pathname}${request.operation ? ` (${request.operation})` : ''}`;
    const exchange: Exchange = {
      method: request.method, url, label,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      idempotent: request.idempotent ?? request.method !== 'POST',
    };
    const answer = await this.sendWithRetries(exchange, signal, budget);
    // Any answer's text may reach messages, rows and the log: a REST error body, GraphQL's `errors` (HTTP 200), a
    // field. A proxy or server that echoes the request must not carry the token there, so it is masked here, once.
    const raw = { ...answer, text: redact(answer.text, [this.options.token()]) };
    if (raw.status < 200 || raw.status >= 300) {
      const retryAfterMs = raw.status === 429 ? serverDelay(raw.headers, this.now()) : undefined;
      throw errorForStatus(raw.status, parseErrorBody(raw.text, contentType(raw.headers)), label, retryAfterMs);
    }
    return { data: this.parse(request, raw, label), status: raw.status, headers: raw.headers };
  }

  private parse<T>(request: ApiRequest<T>, raw: RawResponse, label: string): T {
    if (raw.status === 204) return this.check(request, undefined, raw, label);
    const type = contentType(raw.headers);
    if (type && !type.includes('json')) {
      throw new GitLabError('badResponse',
        `GitLab answered with ${type.split(';')[0]} instead of JSON: is the instance URL right, or is a proxy or login page in the way?`,
        { status: raw.status, request: label });
    }
    let body: unknown;
    try {
      body = JSON.parse(raw.text);
    } catch (cause) {
      throw new GitLabError('badResponse', 'GitLab answered with a body that is not valid JSON.', { status: raw.status, request: label, cause });
    }
    return this.check(request, body, raw, label);
  }

  private check<T>(request: ApiRequest<T>, body: unknown, raw: RawResponse, label: string): T {
    try {
      return request.parse(body);
    } catch (cause) {
      if (!(cause instanceof ShapeError)) throw cause;
      throw new GitLabError('badResponse', `GitLab answered with an unexpected shape: ${cause.message}.`, { status: raw.status, request: label, cause });
    }
  }

  private sendWithRetries(exchange: Exchange, signal?: AbortSignal, budget?: ReadBudget): Promise<RawResponse> {
    // A request counted against a read's budget is its own: a shared one would count for whoever started it.
    if (exchange.method !== 'GET' || budget) return this.attempts(exchange, signal, budget);
    // Concurrent identical GETs share one request; each caller still honours its own signal.
    const key = exchange.url.href;
    let shared = this.inFlight.get(key);
    if (!shared) {
      shared = this.attempts(exchange).finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, shared);
    }
    return signal ? raceAbort(shared, signal, exchange.label) : shared;
  }

  private async attempts(exchange: Exchange, signal?: AbortSignal, budget?: ReadBudget): Promise<RawResponse> {
    const { method, url, label } = exchange;
    for (let attempt = 1; ; attempt++) {
      const started = this.now();
      let response: RawResponse | undefined;
      let failure: GitLabError | undefined;
      try {
        response = await this.once(exchange, signal, budget);
      } catch (error) {
        failure = error instanceof GitLabError ? error : errorForNetwork(error, label);
      }
      if (response?.status === 429) for (const listener of [...this.rateLimitListeners]) listener();
      const last = attempt >= this.retry.maxAttempts;
      // A request that is not idempotent (a mutation) is sent again only after a 429: GitLab's rate limits refuse a
      // request before it is run. After a network error or a 502–504 it may have been done, so the caller is told.
      const retryable = exchange.idempotent
        ? (failure ? failure.kind === 'network' : RETRYABLE_STATUSES.has(response!.status))
        : response?.status === 429;
      let delay: number | undefined;
      if (retryable && !last) {
        const asked = response ? serverDelay(response.headers, this.now()) : undefined;
        delay = asked ?? backoffDelay(attempt - 1, this.retry, this.random);
        if (asked !== undefined && asked > this.retry.maxServerDelayMs) delay = undefined;
      }
      this.options.log?.({
        method, url: url.pathname + url.search, status: response?.status, durationMs: this.now() - started, attempt,
        outcome: failure ? failure.kind : delay !== undefined ? `retry in ${delay} ms` : 'done',
      });
      if (delay === undefined) {
        if (failure) throw failure;
        return response!;
      }
      await this.sleep(delay, signal).catch(() => {
        throw new GitLabError('cancelled', 'The request was cancelled.', { request: label });
      });
    }
  }

  /** One HTTP exchange, following same-origin redirects. */
  private async once(exchange: Exchange, signal?: AbortSignal, budget?: ReadBudget): Promise<RawResponse> {
    const { method, url, label } = exchange;
    const timeout = AbortSignal.timeout(this.timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    let target = url;
    for (let redirects = 0; ; redirects++) {
      let raw: RawResponse;
      try {
        raw = await this.exchange(method, target, exchange.body, combined, budget);
      } catch (error) {
        if (signal?.aborted) throw new GitLabError('cancelled', 'The request was cancelled.', { request: label });
        if (timeout.aborted) {
          throw new GitLabError('timeout', `GitLab did not answer within ${Math.round(this.timeoutMs / 1000)} s.`, { request: label });
        }
        throw error;
      }
      const location = header(raw.headers, 'location');
      if (raw.status < 300 || raw.status >= 400 || !location) return raw;
      const next = new URL(location, target);
      if (next.origin !== this.base.origin || redirects >= MAX_REDIRECTS || method !== 'GET') {
        throw new GitLabError('badResponse',
          next.origin !== this.base.origin
            ? 'GitLab redirected to another address; the token is only sent to the configured instance. Check the instance URL.'
            : 'GitLab redirected the request too often or redirected an update.',
          { status: raw.status, request: label });
      }
      target = next;
    }
  }

  private async exchange(method: string, url: URL, body: string | undefined, signal: AbortSignal, budget?: ReadBudget): Promise<RawResponse> {
    const token = this.options.token();
    const answer = await this.options.exchange.send({
      method, url, signal, body,
      headers: {
        accept: 'application/json',
        'user-agent': this.options.userAgent ?? 'gitlab-activity',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { 'private-token': token } : {}),
      },
    });
    const request = `${method} ${url.pathname}`;
    if (answer.hiddenRedirect) {
      answer.cancel();
      throw new GitLabError('badResponse',
        'GitLab answered with a redirect, which is not followed here (the token is only sent to the configured address). Check the instance URL.',
        { status: answer.status, request });
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of answer.body) {
      size += chunk.byteLength;
      if (size > this.maxBodyBytes) {
        answer.cancel();
        throw new GitLabError('badResponse', `GitLab's answer is larger than ${Math.round(this.maxBodyBytes / 1048576)} MB; it was not read.`,
          { status: answer.status, request, limitBytes: this.maxBodyBytes });
      }
      if (budget && !budget.take(chunk.byteLength)) {
        answer.cancel();
        throw new GitLabError('badResponse',
          `GitLab's answers to this listing come to more than ${sizeText(budget.limit)} in all; the rest was not read.`,
          { status: answer.status, request, limitBytes: budget.limit });
      }
      chunks.push(chunk);
    }
    return { status: answer.status, headers: answer.headers, text: utf8(chunks, size) };
  }
}

/** The bytes of a body as text (UTF-8, as GitLab's JSON is). */
function utf8(chunks: Uint8Array[], size: number): string {
  if (chunks.length === 1) return new TextDecoder().decode(chunks[0]);
  const all = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    all.set(chunk, at);
    at += chunk.byteLength;
  }
  return new TextDecoder().decode(all);
}

/** "16 MB", or "64 kB" below a megabyte. */
function sizeText(bytes: number): string {
  return bytes >= 1048576 ? `${Math.round(bytes / 1048576)} MB` : `${Math.round(bytes / 1024)} kB`;
}

function header(headers: Headers, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function contentType(headers: Headers): string | undefined {
  return header(headers, 'content-type')?.toLowerCase();
}

function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function raceAbort<T>(promise: Promise<T>, signal: AbortSignal, label: string): Promise<T> {
  const cancelled = () => new GitLabError('cancelled', 'The request was cancelled.', { request: label });
  if (signal.aborted) return Promise.reject(cancelled());
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(cancelled());
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => { signal.removeEventListener('abort', onAbort); resolve(value); },
      (error) => { signal.removeEventListener('abort', onAbort); reject(error); },
    );
  });
}
