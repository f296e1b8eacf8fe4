import type { GitLabEvent, Page } from '../../gitlab/types';
import type { PagingState } from './pagingState';

/** Pages one click (or a feed's first load) may ask for while a tab's filter keeps few of their events. */
export const MAX_REQUESTS_PER_LOAD = 10;

export interface MatchingLoad {
  /** Matching events wanted: a page's worth. */
  want: number;
  /** Bound on requests for this load. */
  maxRequests: number;
  /** The tab's client-side filter; without one, a load is one page, as the server sends it. */
  keep?: (event: GitLabEvent) => boolean;
  fetchPage(page: number): Promise<Page<GitLabEvent>>;
  /** After each page that was applied. */
  onPage?(): void;
}

export type LoadEnd = 'full' | 'end' | 'bound' | 'failed' | 'stale' | 'busy';

/**
 * Loads the next pages of a feed until `want` matching events were added, the server has no next page, or
 * `maxRequests` pages were read (then the state says so, for a "Continue" row). A failed page is recorded in the state
 * and ends the load; a reset while a page is in flight makes the rest of the load stale.
 */
export async function loadMatching(state: PagingState, load: MatchingLoad): Promise<LoadEnd> {
  let requests = 0;
  let found = 0;
  try {
    for (;;) {
      const ticket = state.begin();
      if (!ticket) return requests === 0 ? 'busy' : 'stale';
      requests += 1;
      if (load.keep) state.report({ requests, found });
      let page: Page<GitLabEvent>;
      try {
        page = await load.fetchPage(ticket.page);
      } catch (error) {
        return state.fail(ticket, error) ? 'failed' : 'stale';
      }
      const added = state.receive(ticket, page, load.keep);
      if (added === undefined) return 'stale';
      found += added;
      load.onPage?.();
      if (!load.keep || found >= load.want) return 'full';
      if (!state.hasMore) return 'end';
      if (requests >= load.maxRequests) {
        state.markBound({ requests, found });
        return 'bound';
      }
    }
  } finally {
    if (load.keep) state.report(undefined);
  }
}
