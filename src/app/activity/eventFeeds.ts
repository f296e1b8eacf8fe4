import type { GitLabApi } from '../../gitlab/api';
import * as shapes from '../../gitlab/shapes';
import type { GitLabEvent, SortOrder } from '../../gitlab/types';
import { EarlierPages, type EarlierPageStore } from '../lists/earlierPages';
import { ListStore, type ListPlan, type ListRequest } from '../lists/listStore';
import { keptEvent } from './keptEvent';
import { eventSourceOf, type ActivitySource } from './sources';
import type { FeedPlan } from './activityTabs';

/**
 * The Activity view's lists: the events of each source (My Activity, a project, a user), each recording the `sort` its
 * rows were asked with, so the view reads their days in that direction.
 */
export type EventFeeds = ListStore<ActivitySource, GitLabEvent, SortOrder>;
export type EventListPlan = ListPlan<ActivitySource, GitLabEvent, SortOrder>;

export interface EventListOptions {
  pageSize: number;
  /** The client of the source's own instance: a source is never read with another instance's token. */
  api(source: ActivitySource): GitLabApi | undefined;
  /** The filter narrows the feeds (not only "All", newest first). */
  filtered?: boolean;
  /** Bound on requests per load (default `MAX_REQUESTS_PER_LOAD`). */
  maxRequests?: number;
  /** How a dashboard feed is read (merged from many listings, see `DashboardFeeds`); without it, not at all. */
  feedRequest?(source: ActivitySource): ListRequest<GitLabEvent> | undefined;
}

/** Events are told apart by id; one without (the interface spec's minimal event) is kept as it comes. */
export const eventKey = (event: GitLabEvent): number | undefined => (typeof event.id === 'number' ? event.id : undefined);

export function createEventFeeds(plan: EventListPlan): EventFeeds {
  return new ListStore(eventKey, plan);
}

/**
 * The feeds under a tab's plan: each source's events listing, filtered as the tab asks the server, kept as it keeps,
 * in the direction it asks for (GitLab's default, newest first, unless the filter sorts).
 */
export function eventListPlan(feed: FeedPlan, options: EventListOptions): EventListPlan {
  const { pageSize } = options;
  return {
    pageSize, keep: feed.keep, filtered: options.filtered, maxRequests: options.maxRequests, order: feed.request.sort ?? 'desc',
    request: (source) => {
      const listing = eventSourceOf(source);
      if (!listing) return options.feedRequest?.(source);
      const api = options.api(source);
      if (!api) return undefined;
      return {
        fetchPage: (page, signal) => api.listEvents(listing, feed.request, { page, perPage: pageSize }, signal),
        onRateLimited: api.onRateLimited && ((listener) => api.onRateLimited!(listener)),
      };
    },
  };
}

/** The feeds' first pages kept across sessions, read again with the client's own event reader. */
export function earlierEventPages(store: EarlierPageStore, key: string): EarlierPages<GitLabEvent, SortOrder> {
  return new EarlierPages(store, key, {
    item: (value) => shapes.event(value),
    order: (value) => (value === 'asc' || value === 'desc' ? value : undefined),
    kept: keptEvent,
  });
}
