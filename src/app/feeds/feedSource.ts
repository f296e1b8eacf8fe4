import { GitLabError } from '../../gitlab/errors';
import type { GitLabEvent, Page } from '../../gitlab/types';

/** Newest first (GitLab's default) or oldest first (`sort=asc`): merged feeds order by event id, as GitLab does. */
export type FeedOrder = 'desc' | 'asc';

/** One listing a merged feed reads: the events of one project or of one person, with its own page cursor. */
export interface FeedSource {
  /** Unique within its feed (`project:42`, `user:7`): how the view names its row and its error. */
  readonly key: string;
  /**
   * Page `page` (from 1, then each `X-Next-Page`) of the listing, `perPage` events, ordered by id in the feed's order.
   * A page may be short or empty while a next one exists (GitLab drops events after paging).
   */
  read(page: number, perPage: number, signal: AbortSignal): Promise<Page<GitLabEvent>>;
  /**
   * When GitLab last saw activity there (a project's `last_activity_at`, ISO 8601), if it says. It lags the newest
   * event by up to an hour, and an import can hold newer ids under older times (feeds note §2.3): a hint for reading
   * less, never proof.
   */
  readonly lastActivityAt?: string | null;
  /** What its row is called: the project's path, the person's username, as its list named it. */
  readonly label?: string;
}

/** The sources of a feed as its list (the user's projects, his stars, whom he follows) gave them, first ones first. */
export interface FeedSourceList {
  sources: readonly FeedSource[];
  /** How many more the list held than it gave (beyond one page of it), or 'unknown' when GitLab did not count them. */
  beyond?: number | 'unknown';
}

/** The most sources one feed reads (the rest are counted, with the reason, in `leftOut`). */
export const MAX_FEED_SOURCES = 100;

/** Sources a feed leaves out, by reason: past `MAX_FEED_SOURCES`, or named twice. */
export interface LeftOut {
  /** Past the limit: the list's own beyond it, and what it gave past it; 'unknown' when GitLab did not count. */
  limit: number | 'unknown';
  duplicate: number;
}

/** The first `MAX_FEED_SOURCES` distinct sources of `list`, and what was left out and why. */
export function chooseSources(list: FeedSourceList, max = MAX_FEED_SOURCES): { sources: FeedSource[]; leftOut: LeftOut } {
  const keys = new Set<string>();
  const sources: FeedSource[] = [];
  let duplicate = 0;
  let overLimit = 0;
  for (const source of list.sources) {
    if (keys.has(source.key)) {
      duplicate += 1;
      continue;
    }
    keys.add(source.key);
    if (sources.length < max) sources.push(source);
    else overLimit += 1;
  }
  const limit = list.beyond === 'unknown' ? 'unknown' : overLimit + (list.beyond ?? 0);
  return { sources, leftOut: { limit, duplicate } };
}

/** How far a source has been read, as the view shows it in the source's row. */
export type SourceProgress = 'unread' | 'reading' | 'more' | 'done' | 'failed';

/** What one source's row shows. */
export interface FeedSourceStatus {
  key: string;
  progress: SourceProgress;
  /** Why it stopped (a gone project's 404, a 403, a failure): the other sources go on without it. */
  error?: GitLabError;
  pagesRead: number;
  /** Events its pages held (0 for a private profile's `200 []`: "no visible activity"). */
  eventsRead: number;
  /** Events read and not yet shown: at most one page. */
  buffered: number;
  /** The last activity its list gave (a first poll compares with it). */
  lastActivityAt?: string;
  /** Its name as its list gave it (see `FeedSource.label`). */
  label?: string;
}

/** The event's id, or undefined (an event without one cannot be placed in a merged feed). */
export const idOf = (event: GitLabEvent): number | undefined =>
  (typeof event.id === 'number' && Number.isFinite(event.id) ? event.id : undefined);

/** A failure as a `GitLabError` (the client rejects with nothing else; a source a caller wrote might). */
export function asGitLabError(error: unknown): GitLabError {
  return error instanceof GitLabError ? error : new GitLabError('badResponse', String(error), { cause: error });
}

/** One source as the merge reads it: its cursor, what it read and has not shown yet, how far it reached. */
export class SourceState {
  /** The next page to read; undefined once the listing has ended. */
  nextPage: number | undefined = 1;
  /** Events read (kept by the feed's predicate, not seen before) and not yet released, in the feed's order. */
  buffer: GitLabEvent[] = [];
  /** The furthest id read in the feed's order, kept or not: every event not read yet lies past it. */
  reach: number | undefined;
  /** The event at `reach` (its time places the source's cursor among the others'). */
  reachEvent: GitLabEvent | undefined;
  error: GitLabError | undefined;
  reading: AbortController | undefined;
  pagesRead = 0;
  eventsRead = 0;
  /** `lastActivityAt` in ms, when usable. */
  readonly activityMs: number | undefined;

  constructor(readonly source: FeedSource, readonly index: number) {
    const ms = source.lastActivityAt ? Date.parse(source.lastActivityAt) : Number.NaN;
    this.activityMs = Number.isNaN(ms) ? undefined : ms;
  }

  /** It may still hold events the feed has not read, and it has not failed. */
  get open(): boolean {
    return this.nextPage !== undefined && this.error === undefined;
  }

  get progress(): SourceProgress {
    if (this.error) return 'failed';
    if (this.reading) return 'reading';
    if (this.nextPage === undefined) return 'done';
    return this.pagesRead === 0 ? 'unread' : 'more';
  }

  status(): FeedSourceStatus {
    return {
      key: this.source.key, progress: this.progress, error: this.error, pagesRead: this.pagesRead, eventsRead: this.eventsRead,
      buffered: this.buffer.length, ...(this.source.lastActivityAt ? { lastActivityAt: this.source.lastActivityAt } : {}),
      ...(this.source.label ? { label: this.source.label } : {}),
    };
  }
}
