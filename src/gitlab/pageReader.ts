import { GitLabError } from './errors';
import type { Page } from './types';

/** GitLab counts at most 10,000 (+1) events for `X-Total` (behaviour note §3.8): a total that large says nothing of the end. */
const CAPPED_TOTAL = 10_000;

export interface PageReaderOptions<T> {
  /** Most pages in flight at once (1 reads one by one). */
  window: number;
  /** Aborting stops every request under way and asks for no further page (a `cancelled` GitLabError). */
  signal?: AbortSignal;
  /** The page to start at (default 1): a listing read on from where an earlier read stopped. */
  firstPage?: number;
  /** Most pages asked for in all (read-ahead included); the read ends there with what it has. */
  maxPages?: number;
  /**
   * Each page of the listing, in order, as soon as it and every page before it have arrived. Returning 'stop' ends
   * the read there (the caller has enough): pages asked for ahead are aborted.
   */
  onPage?: (page: Page<T>, pagesRead: number) => void | 'stop';
  /**
   * Subscribes to the server's push-back (a 429, even one the transport then retries): the window halves on each,
   * and grows back by one page after a window's worth of pages answered without it. Returns an unsubscribe.
   */
  onRateLimited?: (listener: () => void) => () => void;
  /** Told the window after every change (for the benchmark and the log). */
  onWindow?: (window: number) => void;
}

/**
 * An adaptive bound on pages in flight: halves on push-back (never below 1), grows back by one after `current`
 * pages answered since the last change, up to `max`.
 */
export class PageWindow {
  private answered = 0;
  current: number;

  constructor(readonly max: number, private readonly changed: (window: number) => void = () => undefined) {
    if (!Number.isInteger(max) || max < 1) throw new RangeError(`A page window must be a whole number of at least 1, not ${max}.`);
    this.current = max;
  }

  pushedBack(): void {
    this.answered = 0;
    const halved = Math.max(1, Math.floor(this.current / 2));
    if (halved !== this.current) {
      this.current = halved;
      this.changed(halved);
    }
  }

  pageAnswered(): void {
    if (this.current >= this.max) return;
    if (++this.answered >= this.current) {
      this.answered = 0;
      this.current += 1;
      this.changed(this.current);
    }
  }
}

interface Slot<T> {
  controller: AbortController;
  result?: { ok: true; page: Page<T> } | { ok: false; error: unknown };
}

/**
 * Every page of an offset-paginated listing, in order, with up to `window` requests in flight: the same pages a
 * reader following `X-Next-Page` one by one would read, and nothing else in the result.
 *
 * Pages ahead are asked for before the one before them has answered. Where the first page's `X-Total` is below
 * GitLab's cap, the last page is known and nothing past it is asked for. Otherwise pages are read ahead a window at a
 * time and the end is the first page without a next page (never a short or empty page: GitLab drops events after
 * paging, §3.8); pages read past it are dropped, their requests aborted. A next page that is not the following one
 * is followed as given, pages read ahead of it dropped. A failed page fails the listing when the listing reaches it,
 * as it would when read one by one; a failure past the end is ignored.
 */
export async function readPages<T>(fetchPage: (page: number, signal: AbortSignal) => Promise<Page<T>>,
  options: PageReaderOptions<T>): Promise<Array<Page<T>>> {
  const window = new PageWindow(options.window, options.onWindow);
  const slots = new Map<number, Slot<T>>();
  const pages: Array<Page<T>> = [];
  let cursor = options.firstPage ?? 1; // the next page of the listing to deliver
  let nextToAsk = cursor;
  let asked = 0;
  const mayAsk = () => options.maxPages === undefined || asked < options.maxPages;
  let lastHint: number | undefined; // from X-Total, when not capped
  let wake: (() => void) | undefined;
  const unsubscribe = options.onRateLimited?.(() => window.pushedBack());
  const onAbort = () => wake?.();
  options.signal?.addEventListener('abort', onAbort);

  const ask = (page: number) => {
    const controller = new AbortController();
    const slot: Slot<T> = { controller };
    slots.set(page, slot);
    asked += 1;
    fetchPage(page, controller.signal).then(
      (result) => { slot.result = { ok: true, page: result }; window.pageAnswered(); },
      (error: unknown) => { slot.result = { ok: false, error }; },
    ).finally(() => wake?.());
  };

  const abortAll = () => {
    for (const slot of slots.values()) if (!slot.result) slot.controller.abort();
    slots.clear();
  };

  try {
    for (;;) {
      if (options.signal?.aborted) throw new GitLabError('cancelled', 'The request was cancelled.');
      const slot = slots.get(cursor);
      if (!slot?.result) {
        // Pages that arrived are taken first (one of them may be the end); then the page the listing needs next is
        // always asked for, and pages after it while the window and the known end allow. The window counts from the
        // page needed next, not the requests in flight: a page answered early does not let the read run further
        // ahead, so a caller that stops at a page has read at most the window less one past it.
        if (nextToAsk < cursor) nextToAsk = cursor;
        if (!slot && !mayAsk()) return pages; // the bound of pages is reached before the next page
        while (nextToAsk < cursor + window.current && mayAsk() && (nextToAsk === cursor || lastHint === undefined || nextToAsk <= lastHint)) {
          if (!slots.has(nextToAsk)) ask(nextToAsk);
          nextToAsk += 1;
        }
        await new Promise<void>((resolve) => { wake = resolve; });
        wake = undefined;
        continue;
      }
      slots.delete(cursor);
      if (!slot.result.ok) throw slot.result.error;
      const page = slot.result.page;
      pages.push(page);
      if (options.onPage?.(page, pages.length) === 'stop') return pages;
      if (pages.length === 1 && page.total !== undefined && page.total < CAPPED_TOTAL && page.perPage) {
        lastHint = Math.max(1, Math.ceil(page.total / page.perPage));
      }
      // A next page that does not move forward would loop for ever: the end, as for a reader going one by one.
      const next = page.nextPage !== undefined && page.nextPage > cursor ? page.nextPage : undefined;
      if (next === undefined) return pages;
      for (const [number, other] of slots) {
        if (number < next) {
          other.controller.abort();
          slots.delete(number);
        }
      }
      cursor = next;
    }
  } finally {
    abortAll();
    unsubscribe?.();
    options.signal?.removeEventListener('abort', onAbort);
  }
}
