import { json, type ApiResponse } from './http/response';
import type { ListingRateLimit } from './types';

/**
 * `Gitlab::ApplicationRateLimiter` for the listings the dashboard feeds read (feeds note §2.1, §2.2, §3.1): a count per
 * key and user (or IP) in a window that starts with the first request, as GitLab's cache key with an expiry does; a
 * request past the threshold is refused by `check_rate_limit_by_user_or_ip!` with `too_many_requests!`.
 */

/** GitLab's defaults (`application_settings`: `projects_api_limit` 2000, the others 100) and the windows of `rate_limits`. */
export const LISTING_LIMITS: Readonly<Record<ListingRateLimit, { threshold: number; intervalSeconds: number }>> = {
  projects_api: { threshold: 2000, intervalSeconds: 600 },
  user_starred_projects_api: { threshold: 100, intervalSeconds: 60 },
  user_following: { threshold: 100, intervalSeconds: 60 },
  user_followers: { threshold: 100, intervalSeconds: 60 },
};

export class RateLimiter {
  private readonly windows = new Map<string, { startedMs: number; count: number }>();

  constructor(private readonly thresholds: Partial<Record<ListingRateLimit, number>>, private readonly nowMs: () => number) {}

  /** Counts one request of `key` by `who`; a 429 once the window's count passes the threshold, else undefined. */
  take(key: ListingRateLimit, who: string): ApiResponse | undefined {
    const threshold = this.thresholds[key];
    if (threshold === undefined) return undefined;
    const { intervalSeconds } = LISTING_LIMITS[key];
    const now = this.nowMs();
    const id = `${key}:${who}`;
    let window = this.windows.get(id);
    if (!window || now - window.startedMs >= intervalSeconds * 1000) this.windows.set(id, (window = { startedMs: now, count: 0 }));
    window.count += 1;
    if (window.count <= threshold) return undefined;
    return json(429, { message: { error: 'This endpoint has been requested too many times. Try again later.' } }, {
      'Retry-After': String(intervalSeconds),
    });
  }
}

/** The thresholds in force for `DoubleOptions.listingRateLimits`. */
export function listingThresholds(option: boolean | Partial<Record<ListingRateLimit, number>> | undefined): Partial<Record<ListingRateLimit, number>> {
  if (!option) return {};
  const defaults = Object.fromEntries(Object.entries(LISTING_LIMITS).map(([key, limit]) => [key, limit.threshold]));
  return option === true ? defaults : { ...option };
}
