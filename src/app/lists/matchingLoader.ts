import { readPages } from '../../gitlab/pageReader';
import type { Page } from '../../gitlab/types';
import type { PagingState } from './pagingState';

/** Pages one click (or a list's first load) may ask for while a client-side predicate keeps few of their items. */
export const MAX_REQUESTS_PER_LOAD = 10;
/** Pages in flight at once while a predicate searches: a far-away instance answers four pages in about one wait. */
export const MATCHING_WINDOW = 4;

export interface MatchingLoad<Item> {
  /** Matching items wanted: a page's worth. */
  want: number;
  /** Bound on requests for this load, pages read ahead included. */
  maxRequests: number;
  /** Pages in flight at once when `keep` is set (default `MATCHING_WINDOW`); a plain load asks for one page. */
  window?: number;
  /** The list's client-side predicate; without one, a load is one page, as the server sends it. */
  keep?: (item: Item) => boolean;
  fetchPage(page: number, signal: AbortSignal): Promise<Page<Item>>;
  /** The server's push-back, so the window halves on a 429 (see `readPages`). */
  onRateLimited?: (listener: () => void) => () => void;
  /** After each page that was applied. */
  onPage?(): void;
}

export type LoadEnd = 'full' | 'end' | 'bound' | 'failed' | 'stale' | 'busy';

/**
 * Loads the next pages of a list until `want` matching items were added, the server has no next page, or
 * `maxRequests` pages were asked for (then the state says so, for a "Continue" row). Under a client-side predicate,
 * pages are read ahead with up to `window` in flight and applied in order; a plain load reads one page. A failed page
 * is recorded in the state and ends the load; a reset while pages are in flight makes the rest of the load stale.
 */
export async function loadMatching<Item, Order>(state: PagingState<Item, Order>, load: MatchingLoad<Item>): Promise<LoadEnd> {
  let ticket = state.begin();
  if (!ticket) return 'busy';
  let applied = 0;
  let found = 0;
  let end: LoadEnd | undefined;
  if (load.keep) state.report({ requests: 0, found });
  try {
    await readPages((page, signal) => load.fetchPage(page, signal), {
      window: load.keep ? load.window ?? MATCHING_WINDOW : 1,
      firstPage: ticket.page,
      maxPages: load.keep ? load.maxRequests : 1,
      onRateLimited: load.onRateLimited,
      onPage: (page) => {
        const added = state.receive(ticket!, page, load.keep);
        if (added === undefined) {
          end = 'stale';
          return 'stop';
        }
        applied += 1;
        found += added;
        if (load.keep) state.report({ requests: applied, found });
        load.onPage?.();
        if (!load.keep || found >= load.want) end = 'full';
        else if (!state.hasMore) end = 'end';
        else if (applied >= load.maxRequests) {
          state.markBound({ requests: applied, found });
          end = 'bound';
        } else {
          // The page read ahead is the state's next one: take its ticket, so a reset makes it stale.
          ticket = state.begin();
          if (!ticket) end = 'stale';
        }
        return end ? 'stop' : undefined;
      },
    });
    if (end) return end;
    // The reader stopped at its bound before the page taken last (pages skipped by a next page further on).
    state.release(ticket!);
    state.markBound({ requests: applied, found });
    return 'bound';
  } catch (error) {
    return ticket && state.fail(ticket, error) ? 'failed' : 'stale';
  } finally {
    if (load.keep) state.report(undefined);
  }
}
