import { GitLabError } from '../../gitlab/errors';
import type { GitLabEvent, Page } from '../../gitlab/types';
import type { FeedPlan } from './feedPlan';
import { MergedFeed } from './mergedFeed';

/**
 * Merged feeds read as numbered pages, so the one list machinery (`ListStore`, which follows `nextPage`) reads a feed
 * as it reads any listing: page 1 starts the feed afresh (a new `MergedFeed`, the old one stopped), page n + 1 is the
 * feed's next load. A plan of such a list sets `window: 1` (page n + 1 is known once page n has answered) and no `keep`
 * of its own: the predicate goes into the feed's plan, where it decides what a page's worth is.
 */
export class FeedPages {
  private readonly feeds = new Map<string, { feed: MergedFeed; pages: number }>();

  /** `plan` is called at each page 1: a new reading of the list may find other sources. */
  fetcher(key: string, plan: () => FeedPlan): (page: number, signal: AbortSignal) => Promise<Page<GitLabEvent>> {
    return async (page, signal) => {
      if (page === 1) {
        this.feeds.get(key)?.feed.dispose();
        this.feeds.set(key, { feed: new MergedFeed(plan()), pages: 0 });
      }
      const entry = this.feeds.get(key);
      if (!entry || entry.pages !== page - 1) {
        throw new GitLabError('badResponse', `Page ${page} of a merged feed was asked for before page ${page - 1} answered.`);
      }
      const load = await entry.feed.load(signal);
      entry.pages = page;
      return { items: load.rows, page, nextPage: load.more ? page + 1 : undefined };
    };
  }

  /** The feed of list `key` (its sources' rows, retry, the poll), while its list lives. */
  feed(key: string): MergedFeed | undefined {
    return this.feeds.get(key)?.feed;
  }

  /** Stops every feed (a sign-out). */
  forgetAll(): void {
    for (const key of [...this.feeds.keys()]) this.forget(key);
  }

  /** Stops the feed of list `key` (its list was reset or dropped). */
  forget(key: string): void {
    this.feeds.get(key)?.feed.dispose();
    this.feeds.delete(key);
  }
}
