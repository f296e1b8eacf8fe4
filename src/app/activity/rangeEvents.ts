import type { EventSource, GitLabApi } from '../../gitlab/api';
import { GitLabError } from '../../gitlab/errors';
import { readPages } from '../../gitlab/pageReader';
import type { GitLabEvent } from '../../gitlab/types';
import { inWindow, type RangePlan } from './markdownRange';

export interface RangeFetchOptions {
  perPage: number;
  /** Aborting stops the requests under way and asks for no further page (a `cancelled` GitLabError). */
  signal?: AbortSignal;
  /** After each page: how many pages were read and how many events in the range were found so far. */
  onPage?: (pages: number, found: number) => void;
  /** Pages in flight at once (default 4); halves while GitLab answers 429 (src/gitlab/pageReader.ts). */
  window?: number;
}

export const RANGE_PAGE_WINDOW = 4;

/**
 * Every event of `source` in the planned range: all pages of the range's query, following `X-Next-Page` to the end
 * (a short or empty page is not the end), events repeated by shifting pages dropped by id, in the server's order.
 * Pages are read a few at a time; the result is the same as reading them one by one.
 */
export async function fetchEventsInRange(api: GitLabApi, source: EventSource, plan: RangePlan & { ok: true },
  options: RangeFetchOptions): Promise<GitLabEvent[]> {
  const found: GitLabEvent[] = [];
  const seen = new Set<number>();
  if (options.signal?.aborted) throw new GitLabError('cancelled', 'The request was cancelled.');
  await readPages((page, signal) => api.listEvents(source, plan.filter, { page, perPage: options.perPage }, anySignal(signal, options.signal)), {
    window: options.window ?? RANGE_PAGE_WINDOW,
    signal: options.signal,
    onRateLimited: api.onRateLimited?.bind(api),
    onPage: (result, pages) => {
      for (const event of result.items) {
        if (typeof event.id === 'number') {
          if (seen.has(event.id)) continue;
          seen.add(event.id);
        }
        if (inWindow(event, plan)) found.push(event);
      }
      options.onPage?.(pages, found.length);
    },
  });
  return found;
}

function anySignal(own: AbortSignal, outer: AbortSignal | undefined): AbortSignal {
  return outer ? AbortSignal.any([own, outer]) : own;
}
