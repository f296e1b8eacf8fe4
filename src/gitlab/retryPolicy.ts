/** When and how long to wait before trying an idempotent request again. */
export interface RetryOptions {
  /** Attempts in all, the first included. */
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** A server asking for a longer wait than this is not retried; the caller gets a `rateLimited` error. */
  maxServerDelayMs: number;
}

export const DEFAULT_RETRY: RetryOptions = { maxAttempts: 4, baseDelayMs: 500, maxDelayMs: 8_000, maxServerDelayMs: 60_000 };

export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([429, 502, 503, 504]);

/** Exponential backoff with full jitter: a random wait in [0, min(max, base·2^retry)], at least 1/4 of it. */
export function backoffDelay(retry: number, options: RetryOptions, random: () => number): number {
  const ceiling = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** retry);
  return Math.round(ceiling * (0.25 + 0.75 * random()));
}

/**
 * The wait a response asks for: `Retry-After` (seconds or an HTTP date), else `RateLimit-Reset` (an epoch time in
 * seconds, never a delay), else `RateLimit-ResetTime` (an HTTP date). Undefined when none is usable.
 */
export function serverDelay(headers: Record<string, string | string[] | undefined>, nowMs: number): number | undefined {
  const header = (name: string): string | undefined => {
    const value = headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const retryAfter = header('retry-after')?.trim();
  if (retryAfter) {
    if (/^\d+$/.test(retryAfter)) return Number(retryAfter) * 1000;
    const date = Date.parse(retryAfter);
    if (!Number.isNaN(date)) return Math.max(0, date - nowMs);
  }
  const reset = header('ratelimit-reset')?.trim();
  if (reset && /^\d+$/.test(reset)) return Math.max(0, Number(reset) * 1000 - nowMs);
  const resetTime = header('ratelimit-resettime')?.trim();
  if (resetTime) {
    const date = Date.parse(resetTime);
    if (!Number.isNaN(date)) return Math.max(0, date - nowMs);
  }
  return undefined;
}
