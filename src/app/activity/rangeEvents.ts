import type { EventSource, GitLabApi } from '../../gitlab/api';
import { GitLabError } from '../../gitlab/errors';
import type { GitLabEvent } from '../../gitlab/types';
import { inWindow, type RangePlan } from './markdownRange';

export interface RangeFetchOptions {
  perPage: number;
  /** Aborting stops the request under way and asks for no further page (a `cancelled` GitLabError). */
  signal?: AbortSignal;
  /** After each page: how many pages were read and how many events in the range were found so far. */
  onPage?: (pages: number, found: number) => void;
}

/**
 * Every event of `source` in the planned range: all pages of the range's query, following `X-Next-Page` to the end
 * (a short or empty page is not the end), events repeated by shifting pages dropped by id, in the server's order.
 */
export async function fetchEventsInRange(api: GitLabApi, source: EventSource, plan: RangePlan & { ok: true },
  options: RangeFetchOptions): Promise<GitLabEvent[]> {
  const found: GitLabEvent[] = [];
  const seen = new Set<number>();
  let page: number | undefined = 1;
  for (let pages = 1; page !== undefined; pages++) {
    if (options.signal?.aborted) throw new GitLabError('cancelled', 'The request was cancelled.');
    const result = await api.listEvents(source, plan.filter, { page, perPage: options.perPage }, options.signal);
    for (const event of result.items) {
      if (typeof event.id === 'number') {
        if (seen.has(event.id)) continue;
        seen.add(event.id);
      }
      if (inWindow(event, plan)) found.push(event);
    }
    options.onPage?.(pages, found.length);
    // A next page that does not move forward would loop for ever.
    page = result.nextPage !== undefined && result.nextPage > page ? result.nextPage : undefined;
  }
  return found;
}
