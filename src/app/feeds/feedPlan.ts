import type { GitLabError } from '../../gitlab/errors';
import type { GitLabEvent } from '../../gitlab/types';
import type { FeedOrder, FeedSourceList, FeedSourceStatus, LeftOut } from './feedSource';

/** What a merged feed is asked to read, and what it answers: the API a view drives (see `MergedFeed`). */

/** Requests in flight at once over all of a feed's sources (halved on a 429, grown back as pages answer). */
export const MAX_FEED_IN_FLIGHT = 4;
/** How far `last_activity_at` may lag a project's newest event (`Event::RESET_PROJECT_ACTIVITY_INTERVAL`). */
export const ACTIVITY_LAG_MS = 3_600_000;
/** Source pages one load (the first rows, a Load more) may ask for; past it the load ends with `bound`. */
export const MAX_REQUESTS_PER_FEED_LOAD = 300;
/** Rows one feed releases in all; it ends there (GitLab's own dashboard stops at 200). */
export const MAX_FEED_ROWS = 5_000;
/** Late events kept (see `takeLate`); more are counted only. */
export const MAX_LATE_EVENTS = 100;

/** How one merged feed reads: Your projects, Starred projects and Followed users differ only in their plans. */
export interface FeedPlan {
  /** Rows per load (the view's page size). */
  pageSize: number;
  order?: FeedOrder;
  /** `per_page` of each source's requests (default `pageSize`, at most 100). */
  sourcePageSize?: number;
  /** The sources, most relevant first (the first `MAX_FEED_SOURCES` are read). Asked for once, at the first load. */
  sources(signal: AbortSignal): Promise<FeedSourceList>;
  /**
   * Newest first only: the newest events over every source, complete down to the oldest of them (GitLab's `GET
   * /events?scope=all`, unfiltered, page 1): the first rows in one request, and where every source stands (feeds note
   * §1.4). Its failure is no failure of the feed: the sources are read instead. Undefined: no head after all (the
   * server turned out to be older than 15.0).
   */
  head?(signal: AbortSignal): Promise<readonly GitLabEvent[] | undefined>;
  /** The client-side predicate (a tab's kind); positions come from every event read, kept or not. */
  keep?(event: GitLabEvent): boolean;
  /** The server's push-back, so the window of requests halves on a 429. */
  onRateLimited?(listener: () => void): () => void;
  maxInFlight?: number;
  activityLagMs?: number;
  maxRequestsPerLoad?: number;
  maxRows?: number;
}

export interface FeedLoad {
  /** The next rows, each after every row released before (a load never puts a row above a shown one). */
  rows: GitLabEvent[];
  /** More rows may come (Load more). */
  more: boolean;
  /** The load stopped at its bound of requests with sources still to read (a Continue row). */
  bound: boolean;
}

export interface FeedStatus {
  /** Each source's row (undefined until the list of sources has answered). */
  sources: FeedSourceStatus[] | undefined;
  leftOut: LeftOut | undefined;
  /** Requests in flight now (sources, the head and the list of sources). */
  inFlight: number;
  /** Events held and not shown: at most one page a source, the head's, and those found late. */
  held: number;
  /** Late events waiting for `takeLate`, and how many more were dropped past `MAX_LATE_EVENTS`. */
  late: number;
  lateDropped: number;
  /** Events without an id (no place in a merged feed): dropped. */
  withoutId: number;
  /** Every row has been released; `capped` when it stopped at `maxRows`. */
  ended: boolean;
  capped: boolean;
  headError?: GitLabError;
}

/** What a poll found: events newer than the newest row (newest first), and whether some between may be missing. */
export interface NewerEvents {
  added: GitLabEvent[];
  gap: boolean;
  failed: ReadonlyMap<string, GitLabError>;
}
