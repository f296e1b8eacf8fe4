import type { EventSource, GitLabApi } from '../../gitlab/api';
import { GitLabError } from '../../gitlab/errors';
import { readPages } from '../../gitlab/pageReader';
import type { GitLabEvent, Page } from '../../gitlab/types';
import { formatCount, formatMessage, type Localize } from '../localize';
import { inWindow, type RangePlan } from './markdownRange';

/**
 * Pages one read asks for at most (read-ahead included). A server that names a next page for ever (broken, or
 * hostile) must not grow the extension host's heap without end; 200 pages of 100 are far more days than a stand-up
 * note covers, yet a tab that keeps few events of each page can still read a long range.
 */
export const MAX_RANGE_PAGES = 200;
/** Events one read keeps at most; the read stops after the page that reaches it. */
export const MAX_RANGE_EVENTS = 10_000;

export interface RangeFetchOptions {
  perPage: number;
  /** Aborting stops the requests under way and asks for no further page (a `cancelled` GitLabError). */
  signal?: AbortSignal;
  /** After each page: how many pages this read has read and how many events it has kept so far. */
  onPage?: (pages: number, found: number) => void;
  /** Pages in flight at once (default 4); halves while GitLab answers 429 (src/gitlab/pageReader.ts). */
  window?: number;
  /** The events the view's tab keeps (applied before the bound of events counts them). */
  keep?: (event: GitLabEvent) => boolean;
  /** Bounds of one read (defaults `MAX_RANGE_PAGES`, `MAX_RANGE_EVENTS`). */
  maxPages?: number;
  maxEvents?: number;
  /** Where an earlier read that its bounds cut short stopped: this read goes on from there. */
  from?: RangeResume;
}

/** Where a read cut short by its bounds goes on: the next page, and the ids already taken (none is taken twice). */
export interface RangeResume {
  page: number;
  seen: Set<number>;
}

export interface RangeChunk {
  events: GitLabEvent[];
  pages: number;
  /** Set when a bound ended the read before GitLab's last page: there is more to read from here. */
  resume?: RangeResume;
}

export const RANGE_PAGE_WINDOW = 4;

/**
 * The events of `source` in the planned range: the pages of the range's query, following `X-Next-Page` (a short or
 * empty page is not the end), events repeated by shifting pages dropped by id, in the server's order, until GitLab's
 * last page or a bound of one read (`resume` then says where to go on). Pages are read a few at a time; the result
 * is the same as reading them one by one.
 */
export async function fetchEventsInRange(api: GitLabApi, source: EventSource, plan: RangePlan & { ok: true },
  options: RangeFetchOptions): Promise<RangeChunk> {
  const found: GitLabEvent[] = [];
  // A copy: a read that fails or is cancelled leaves the earlier read's ids as they were, for trying again.
  const seen = new Set<number>(options.from?.seen);
  const maxEvents = options.maxEvents ?? MAX_RANGE_EVENTS;
  let last: Page<GitLabEvent> | undefined;
  let pages = 0;
  if (options.signal?.aborted) throw new GitLabError('cancelled', 'The request was cancelled.');
  await readPages((page, signal) => api.listEvents(source, plan.filter, { page, perPage: options.perPage }, anySignal(signal, options.signal)), {
    window: options.window ?? RANGE_PAGE_WINDOW,
    signal: options.signal,
    firstPage: options.from?.page,
    maxPages: options.maxPages ?? MAX_RANGE_PAGES,
    onRateLimited: api.onRateLimited?.bind(api),
    onPage: (result, read) => {
      last = result;
      pages = read;
      for (const event of result.items) {
        if (typeof event.id === 'number') {
          if (seen.has(event.id)) continue;
          seen.add(event.id);
        }
        if (inWindow(event, plan) && (!options.keep || options.keep(event))) found.push(event);
      }
      options.onPage?.(read, found.length);
      return found.length >= maxEvents ? 'stop' : undefined;
    },
  });
  // The reader ends at GitLab's last page (no next page, or one that does not move forward), or at a bound.
  const next = last?.nextPage !== undefined && last.nextPage > last.page ? last.nextPage : undefined;
  return next === undefined ? { events: found, pages } : { events: found, pages, resume: { page: next, seen } };
}

/**
 * "Copy Activity as Markdown" over one range, read a bounded chunk at a time: the first read, and each "Continue"
 * after a read its bounds cut short, adds to the same events.
 */
export class RangeCopy {
  readonly events: GitLabEvent[] = [];
  private resume?: RangeResume;
  private reads = 0;

  constructor(private readonly api: GitLabApi, private readonly source: EventSource, private readonly plan: RangePlan & { ok: true },
    private readonly options: Omit<RangeFetchOptions, 'signal' | 'onPage' | 'from'>) {}

  /** Whether every page of the range has been read (false before the first read). */
  get complete(): boolean {
    return this.reads > 0 && this.resume === undefined;
  }

  /** Reads the first chunk, or the next one after a read cut short. A failed or cancelled read changes nothing. */
  async readMore(signal?: AbortSignal, onPage?: RangeFetchOptions['onPage']): Promise<void> {
    if (this.complete) return;
    const chunk = await fetchEventsInRange(this.api, this.source, this.plan, { ...this.options, signal, onPage, from: this.resume });
    this.reads += 1;
    this.resume = chunk.resume;
    for (const event of chunk.events) this.events.push(event);
  }

  /** The Markdown's last line while the copy is incomplete; undefined once it is complete. */
  incompleteNote(t: Localize = formatMessage): string | undefined {
    if (this.complete || this.reads === 0) return undefined;
    return t('The copy stopped after {0} events and is incomplete: GitLab has more in this range. Choose Continue in the message to read on.',
      formatCount(this.events.length, t));
  }

  /** The message to show after a read: a sentence with "Continue" offered when incomplete, else undefined. */
  stoppedMessage(t: Localize = formatMessage): string | undefined {
    if (this.complete || this.reads === 0) return undefined;
    return t('Copied {0} events as Markdown, but the copy stopped there and is incomplete: one read takes at most {1} pages or {2} events. Continue reads on and copies everything again.',
      formatCount(this.events.length, t), formatCount(this.options.maxPages ?? MAX_RANGE_PAGES, t),
      formatCount(this.options.maxEvents ?? MAX_RANGE_EVENTS, t));
  }
}

function anySignal(own: AbortSignal, outer: AbortSignal | undefined): AbortSignal {
  return outer ? AbortSignal.any([own, outer]) : own;
}
