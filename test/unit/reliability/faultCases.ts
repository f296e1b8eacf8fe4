import type { Fault } from '../../double';
import type { GitLabError, GitLabErrorKind } from '../../../src/gitlab';

/** How long a retried attempt must wait: GitLab's stated delay exactly, or the jittered exponential backoff. */
export type RetryRule = { wait: 'none' } | { wait: 'backoff' } | { wait: 'server'; ms: number };

export interface FaultCase {
  /** As the table shows it. */
  name: string;
  /** What the double sends. */
  injected: string;
  make(nowMs: number): Fault;
  /** The error every endpoint must give while the fault lasts. */
  kind: GitLabErrorKind;
  retry: RetryRule;
  /** The client's per-attempt time limit for this case (the matrix default otherwise). */
  timeoutMs?: number;
  /** Watch the peak memory of the call. */
  watchMemory?: boolean;
  /** Further checks of the error. */
  check?(error: GitLabError): void;
}

export const MATRIX_TIMEOUT_MS = 250;
export const MATRIX_MAX_BODY_BYTES = 1024 * 1024;
export const HUGE_BYTES = 50 * 1024 * 1024;

const proxyPage = (status: number): Fault => ({ kind: 'status', status });

export const FAULTS: readonly FaultCase[] = [
  {
    name: 'latency past the timeout', injected: `answer held 1.5 s; client timeout ${MATRIX_TIMEOUT_MS} ms`,
    make: () => ({ kind: 'latency', ms: 1500 }), kind: 'timeout', retry: { wait: 'none' }, timeoutMs: MATRIX_TIMEOUT_MS,
  },
  {
    name: '429 + Retry-After', injected: '429 JSON message, `Retry-After: 2`',
    make: () => ({ kind: 'rateLimit', style: 'app', retryAfterSeconds: 2 }), kind: 'rateLimited', retry: { wait: 'server', ms: 2000 },
    check: (error) => {
      if (error.retryAfterMs !== 2000) throw new Error(`retryAfterMs ${error.retryAfterMs}`);
    },
  },
  {
    name: '429 + RateLimit-Reset', injected: '429 text, only `RateLimit-Reset` = now + 5 s (epoch seconds)',
    make: (now) => ({ kind: 'status', status: 429, body: 'Retry later\n', contentType: 'text/plain', headers: { 'RateLimit-Reset': String(now / 1000 + 5) } }),
    kind: 'rateLimited', retry: { wait: 'server', ms: 5000 },
    check: (error) => {
      if (error.retryAfterMs !== 5000) throw new Error(`retryAfterMs ${error.retryAfterMs}`);
    },
  },
  {
    name: '429 Rack::Attack', injected: '429 text, `Retry-After: 3` and the `RateLimit-*` set',
    make: () => ({ kind: 'rateLimit', style: 'rackAttack', retryAfterSeconds: 3 }), kind: 'rateLimited', retry: { wait: 'server', ms: 3000 },
  },
  {
    name: '429 without headers', injected: '429 text, no rate-limit headers',
    make: () => ({ kind: 'rateLimit', style: 'bare' }), kind: 'rateLimited', retry: { wait: 'backoff' },
    check: (error) => {
      if (error.retryAfterMs !== undefined) throw new Error(`retryAfterMs ${error.retryAfterMs}`);
    },
  },
  {
    name: '429 asking for 1 h', injected: '429 JSON, `Retry-After: 3600` (over the 60 s limit)',
    make: () => ({ kind: 'rateLimit', style: 'app', retryAfterSeconds: 3600 }), kind: 'rateLimited', retry: { wait: 'none' },
    check: (error) => {
      if (error.retryAfterMs !== 3_600_000) throw new Error(`retryAfterMs ${error.retryAfterMs}`);
    },
  },
  { name: '500', injected: '500 JSON message', make: () => proxyPage(500), kind: 'server', retry: { wait: 'none' } },
  { name: '502', injected: '502 HTML proxy page', make: () => proxyPage(502), kind: 'server', retry: { wait: 'backoff' } },
  { name: '503', injected: '503 HTML proxy page', make: () => proxyPage(503), kind: 'server', retry: { wait: 'backoff' } },
  { name: '504', injected: '504 HTML proxy page', make: () => proxyPage(504), kind: 'server', retry: { wait: 'backoff' } },
  {
    name: 'reset mid-body', injected: 'headers for the full body, half of it, socket destroyed',
    make: () => ({ kind: 'reset' }), kind: 'network', retry: { wait: 'backoff' },
  },
  {
    name: 'truncated JSON', injected: '200, JSON cut in half, Content-Length matching',
    make: () => ({ kind: 'truncated' }), kind: 'badResponse', retry: { wait: 'none' },
  },
  {
    name: 'HTML with 200', injected: '200 `text/html` sign-in page',
    make: () => ({ kind: 'html200' }), kind: 'badResponse', retry: { wait: 'none' },
    check: (error) => {
      if (!/instead of JSON/.test(error.message)) throw new Error(error.message);
    },
  },
  {
    name: 'wrong content type', injected: '200 `text/plain` carrying JSON',
    make: () => ({ kind: 'malformed', body: '{"level":"watch"}', contentType: 'text/plain; charset=utf-8' }),
    kind: 'badResponse', retry: { wait: 'none' },
    check: (error) => {
      if (!/text\/plain instead of JSON/.test(error.message)) throw new Error(error.message);
    },
  },
  {
    name: '50 MB body', injected: `200 JSON array of 50 MB, chunked (client limit ${MATRIX_MAX_BODY_BYTES / 1048576} MB)`,
    make: () => ({ kind: 'huge', bytes: HUGE_BYTES }), kind: 'badResponse', retry: { wait: 'none' }, watchMemory: true,
    check: (error) => {
      if (!/larger than 1 MB/.test(error.message)) throw new Error(error.message);
    },
  },
  {
    name: 'redirect to another origin', injected: '302 to another host',
    make: () => ({ kind: 'redirect', location: 'http://127.0.0.1:9/api/v4/user', status: 302 }), kind: 'badResponse', retry: { wait: 'none' },
  },
];
