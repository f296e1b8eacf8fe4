import type { Page } from '../../gitlab/types';

/** How far a load that reads several pages got: pages asked for and matching items found. */
export interface SearchProgress {
  readonly requests: number;
  readonly found: number;
}

/** Issued by `begin()`; a response is applied only with the ticket of the load that is still current. */
export interface PageTicket {
  readonly generation: number;
  readonly page: number;
}

/** An item's identity in its list; undefined keeps the item without comparing it (GitLab sent no id). */
export type ItemKey<Item> = (item: Item) => number | string | undefined;

/**
 * Paging of one list (My activity, a project's events, a to-do list): the items loaded so far, the next page to
 * ask for (from `X-Next-Page`, never from a short page or `X-Total-Pages`), and loading/error flags.
 * Offset pages shift when new items arrive, so a page may repeat items already shown: they are dropped by key.
 * A reset (filter change, refresh) makes responses of earlier loads stale. It also keeps the client's `Order`, an
 * opaque word for how the rows are ordered (the activity's `sort`), so a view reads the rows in the order they
 * were asked for: the shown rows keep theirs while stale.
 */
export class PagingState<Item, Order = undefined> {
  private loaded: Item[] = [];
  private seen = new Set<number | string>();
  private next: number | undefined = 1;
  private generation = 0;
  private inFlight: PageTicket | undefined;
  private lastError: unknown;
  private pagesLoaded = 0;
  /** The page last applied (see `reopen`). */
  private lastPage: number | undefined;
  /** The rows of the previous filter and their order, shown until the first page of the new one arrives (see `reset`). */
  private previous: { items: readonly Item[]; order: Order | undefined; earlier: boolean } | undefined;
  private searching: SearchProgress | undefined;
  private bound: SearchProgress | undefined;

  /** `loadedOrder`: how the loads' rows are ordered, as the client names it (undefined: the client does not say). */
  constructor(private readonly keyOf: ItemKey<Item>, private loadedOrder?: Order) {}

  get items(): readonly Item[] { return this.previous?.items ?? this.loaded; }
  /** How `items` are ordered, as the client named it for their loads (the old rows' own while stale). */
  get order(): Order | undefined { return this.previous ? this.previous.order : this.loadedOrder; }
  /** Showing the previous filter's rows while the new filter's first page is still to come. */
  get stale(): boolean { return this.previous !== undefined; }
  /** The stale rows are a page kept from an earlier session (see `seed`), shown marked until the fresh page comes. */
  get earlier(): boolean { return this.previous?.earlier ?? false; }
  get nextPage(): number | undefined { return this.next; }
  get hasMore(): boolean { return this.next !== undefined; }
  get loading(): boolean { return this.inFlight !== undefined; }
  get error(): unknown { return this.lastError; }
  get hasError(): boolean { return this.lastError !== undefined; }
  /** True once the first page has arrived (so an empty list means "nothing there", not "not loaded"). */
  get started(): boolean { return this.pagesLoaded > 0; }
  /** Pages applied since the last reset. */
  get pagesRead(): number { return this.pagesLoaded; }
  /** While a load reads several pages for matching items: how far it got. */
  get progress(): SearchProgress | undefined { return this.searching; }
  /** Set when the last load stopped at its bound of requests with pages still to read (see `loadMatching`). */
  get stoppedAtBound(): SearchProgress | undefined { return this.bound; }

  /** A load of several pages reports its progress; `undefined` ends it. */
  report(progress: SearchProgress | undefined): void {
    this.searching = progress;
  }

  /** The last load read its bound of pages without filling a page of matching items. */
  markBound(progress: SearchProgress): void {
    this.bound = progress;
  }

  /** Starts loading the next page; undefined when a load is under way or there is nothing more. */
  begin(): PageTicket | undefined {
    if (this.inFlight || this.next === undefined) return undefined;
    this.inFlight = { generation: this.generation, page: this.next };
    this.lastError = undefined;
    this.bound = undefined;
    return this.inFlight;
  }

  /**
   * Applies a page, keeping only the items `keep` accepts (the list's client-side predicate); returns how many new
   * items it added, or undefined when the ticket is stale.
   */
  receive(ticket: PageTicket, page: Page<Item>, keep?: (item: Item) => boolean): number | undefined {
    if (!this.isCurrent(ticket)) return undefined;
    this.inFlight = undefined;
    this.previous = undefined;
    this.pagesLoaded += 1;
    this.lastPage = ticket.page;
    let added = 0;
    for (const item of page.items) {
      const key = this.keyOf(item);
      if (key !== undefined) {
        if (this.seen.has(key)) continue;
        this.seen.add(key);
      }
      if (keep && !keep(item)) continue;
      this.loaded.push(item);
      added += 1;
    }
    // A next page that does not move forward would loop for ever; treat it as the end.
    this.next = page.nextPage !== undefined && Number.isSafeInteger(page.nextPage) && page.nextPage > ticket.page
      ? page.nextPage
      : undefined;
    return added;
  }

  /**
   * Puts `items` found outside the list's own loads (a check for new ones read them) before the rows loaded, newest
   * first as the list reads them, each once: only into a list whose first page has come and is current. The number
   * added.
   */
  prepend(items: readonly Item[]): number {
    if (!this.started || this.previous) return 0;
    const fresh = items.filter((item) => {
      const key = this.keyOf(item);
      if (key === undefined || this.seen.has(key)) return false;
      this.seen.add(key);
      return true;
    });
    this.loaded = [...fresh, ...this.loaded];
    return fresh.length;
  }

  /**
   * A list read to its end that may hold more after all (a merged feed's source read again after it failed): its next
   * page is the one after the last applied. Only a current list at its end, not loading; false otherwise.
   */
  reopen(): boolean {
    if (!this.started || this.previous || this.inFlight || this.next !== undefined || this.lastPage === undefined) return false;
    this.next = this.lastPage + 1;
    return true;
  }

  /** Gives up a page begun but not asked for after all (a load ended at its bound). */
  release(ticket: PageTicket): void {
    if (this.isCurrent(ticket)) this.inFlight = undefined;
  }

  /** Records a failed load; the same page can be tried again with `begin()`. False when the ticket is stale. */
  fail(ticket: PageTicket, error: unknown): boolean {
    if (!this.isCurrent(ticket)) return false;
    this.inFlight = undefined;
    // The error is about the new filter: the old rows must not stay under it.
    this.previous = undefined;
    this.lastError = error ?? new Error('Loading failed');
    return true;
  }

  /**
   * Forgets everything (filter changed, refresh); responses to earlier tickets are ignored from now on. With
   * `keepShown`, the rows loaded so far stay in `items` (marked `stale`) until the next first page arrives or fails,
   * so a filter change replaces the rows instead of blanking them. `order` is how the next loads' rows are ordered (by
   * default as before).
   */
  reset({ keepShown = false, order }: { keepShown?: boolean; order?: Order } = {}): void {
    const shown = this.items;
    this.previous = keepShown && shown.length > 0 ? { items: shown, order: this.order, earlier: this.earlier } : undefined;
    this.loadedOrder = order ?? this.loadedOrder;
    this.generation += 1;
    this.loaded = [];
    this.seen = new Set();
    this.next = 1;
    this.inFlight = undefined;
    this.lastError = undefined;
    this.pagesLoaded = 0;
    this.lastPage = undefined;
    this.searching = undefined;
    this.bound = undefined;
  }

  /**
   * Shows `items` (a page kept from an earlier session, validated by the caller) as stale rows until this list's first
   * page arrives or fails. Only a list with nothing of its own yet is seeded; false otherwise.
   */
  seed(items: readonly Item[], order: Order | undefined): boolean {
    if (this.started || this.hasError || this.previous || items.length === 0) return false;
    this.previous = { items, order, earlier: true };
    return true;
  }

  /** Stops showing the previous filter's rows (nobody asked for this list's new first page). */
  dropStale(): void {
    this.previous = undefined;
  }

  private isCurrent(ticket: PageTicket): boolean {
    return this.inFlight !== undefined && ticket === this.inFlight && ticket.generation === this.generation;
  }
}
