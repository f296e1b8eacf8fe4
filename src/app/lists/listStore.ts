import { Emitter } from '../emitter';
import { GitLabError } from '../../gitlab/errors';
import type { Page } from '../../gitlab/types';
import { listRows, type ListRows } from './listRows';
import { loadMatching, MAX_REQUESTS_PER_LOAD } from './matchingLoader';
import { PagingState, type ItemKey } from './pagingState';

/** How one list's pages are read. */
export interface ListRequest<Item> {
  /** One page (`page` from 1, then each `X-Next-Page`); aborting `signal` abandons it. */
  fetchPage(page: number, signal: AbortSignal): Promise<Page<Item>>;
  /** The server's push-back, so reading ahead halves its window on a 429 (see `readPages`). */
  onRateLimited?(listener: () => void): () => void;
  /**
   * Each page is already a page's worth under the plan's predicate (a merged feed applies it while it merges): a load
   * reads one page, never several ahead (page n + 1 exists only once page n has answered).
   */
  keepsItself?: boolean;
}

/** What every list of a store asks for and keeps. A reset brings a new one (a filter change, a new page size). */
export interface ListPlan<Source, Item, Order = undefined> {
  /** Items per page, and the matching items one load looks for. */
  pageSize: number;
  /** How `source`'s list is read, or undefined when it cannot be now (its instance is signed out). */
  request(source: Source): ListRequest<Item> | undefined;
  /** The client-side predicate; without one, every item the server sends is kept and a load reads one page. */
  keep?: (item: Item) => boolean;
  /** Whether the plan narrows the lists (a filter), so an empty list says the filter emptied it. */
  filtered?: boolean;
  /** Bound on requests per load (default `MAX_REQUESTS_PER_LOAD`). */
  maxRequests?: number;
  /**
   * Pages in flight at once while the predicate searches (default `MATCHING_WINDOW`): 1 for a cursor listing
   * (`cursorPages`), whose next page is known only once the one before it has answered.
   */
  window?: number;
  /**
   * How the server orders the items this plan asks for, in the client's own words (the activity's `sort`): the store
   * only records it with the rows, so a view reads rows kept from an earlier plan in their own order.
   */
  order?: Order;
}

/**
 * The paging state of each list under the current plan, and the loads that fill it: the one machinery of paged
 * lists (activity feeds, to-dos), each kind plugging in its item key and its plan. A list loads one page at a time;
 * under a client-side predicate, a load reads pages until it has a page's worth of matching items, the server's end
 * or its bound of requests. A reset (new plan, new sign-in) makes answers still in flight stale.
 */
export class ListStore<Source extends { readonly key: string }, Item, Order = undefined> {
  private readonly lists = new Map<string, PagingState<Item, Order>>();
  private readonly changes = new Emitter<string | undefined>();
  /** A list changed (its key), or all of them (undefined). */
  readonly onDidChange = this.changes.event;
  private readonly inFlight = new Set<Promise<void>>();
  /** Per list key, the load under way (the one that began reading it), which a Load more asked meanwhile waits for. */
  private readonly loads = new Map<string, Promise<void>>();
  /**
   * Per list, the keys of items an action moved out of it at once (Mark as Done, Unsubscribe): hidden until GitLab
   * answers, and after, until the list is read again. Per list, so two accounts' items that share ids stay apart.
   */
  private readonly hidden = new Map<string, Set<number | string>>();

  constructor(private readonly keyOf: ItemKey<Item>, private plan: ListPlan<Source, Item, Order>) {}

  get(key: string): PagingState<Item, Order> {
    let state = this.lists.get(key);
    if (!state) this.lists.set(key, (state = new PagingState(this.keyOf, this.plan.order)));
    return state;
  }

  /** What list `key` shows now: its items (not those hidden) and the rows around them. */
  rows(key: string): ListRows<Item, Order> {
    const hidden = this.hidden.get(key);
    return listRows(this.get(key), this.plan.filtered ?? false, hidden?.size ? (item) => this.isHidden(hidden, item) : undefined);
  }

  /** Moves items of list `key` out of what it shows, at once (an action on them was asked for). */
  hide(key: string, itemKeys: ReadonlyArray<number | string>): void {
    let hidden = this.hidden.get(key);
    if (!hidden) this.hidden.set(key, (hidden = new Set()));
    for (const itemKey of itemKeys) hidden.add(itemKey);
    this.notify(key);
  }

  /** Puts items of list `key` back (the action failed, or was undone). */
  show(key: string, itemKeys: ReadonlyArray<number | string>): void {
    const hidden = this.hidden.get(key);
    for (const itemKey of itemKeys) hidden?.delete(itemKey);
    this.notify(key);
  }

  /** The loaded items of list `key` that are hidden. */
  hiddenItems(key: string): Item[] {
    const hidden = this.hidden.get(key);
    return hidden?.size ? this.get(key).items.filter((item) => this.isHidden(hidden, item)) : [];
  }

  private isHidden(hidden: ReadonlySet<number | string>, item: Item): boolean {
    const key = this.keyOf(item);
    return key !== undefined && hidden.has(key);
  }

  /** The error of the last load as a GitLabError, if it failed. */
  errorOf(key: string): GitLabError | undefined {
    const error = this.lists.get(key)?.error;
    if (error === undefined) return undefined;
    return error instanceof GitLabError ? error : new GitLabError('badResponse', String(error), { cause: error });
  }

  /**
   * The first page, unless it has arrived already (a failed first page is tried again); one on its way is waited for,
   * not asked for twice.
   */
  load(source: Source): Promise<void> {
    const state = this.get(source.key);
    if (state.started && !state.hasError) return Promise.resolve();
    return (state.loading && this.loads.get(source.key)) || this.fetch(source);
  }

  /**
   * The next page (or, under a predicate, pages until a page's worth of matching items), appended. A person's click:
   * asked while a load of that list is under way (its first page after a refresh, a click before), it is read after
   * that load, never dropped; a list that has no next page by then reads nothing.
   */
  async loadMore(source: Source): Promise<void> {
    for (let running = this.loads.get(source.key); running; running = this.loads.get(source.key)) await running;
    return this.fetch(source);
  }

  /**
   * Forget every list's pages; views ask again. With `plan` (a filter change, a new page size), the lists follow it
   * from now on, their next rows in its order. With `keepShown` (a filter change), each list keeps showing its rows,
   * marked stale and in their own order, until its new first page arrives: see `dropStale`.
   */
  reset(options: { plan?: ListPlan<Source, Item, Order>; keepShown?: boolean } = {}): void {
    if (options.plan) this.plan = options.plan;
    this.hidden.clear();
    for (const state of this.lists.values()) state.reset({ keepShown: options.keepShown, order: this.plan.order });
    this.notify(undefined);
  }

  /** Resolves once no page is loading (each load's outcome is recorded in its state; this never rejects). */
  async whenIdle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all(this.inFlight);
  }

  /** Lists still showing an earlier plan's rows (none asked for their new first page) show nothing old. */
  dropStale(): void {
    let dropped = false;
    for (const state of this.lists.values()) {
      if (state.stale) {
        state.dropStale();
        dropped = true;
      }
    }
    if (dropped) this.notify(undefined);
  }

  /**
   * Seeds list `key`, while it has nothing of its own, with a page kept from an earlier session: shown at once,
   * marked `earlier` and stale, until the list's first page replaces it (or fails, or a reset without `keepShown`).
   */
  seed(key: string, items: readonly Item[], order: Order | undefined): void {
    if (this.get(key).seed(items, order)) this.notify(key);
  }

  /** New items found outside the list's loads (a check for new ones) join list `key` at its top, at once. */
  prepend(key: string, items: readonly Item[]): void {
    if (this.lists.get(key)?.prepend(items)) this.notify(key);
  }

  /** List `key`, read to its end, has a next page after all (see `PagingState.reopen`); false when it could not. */
  reopen(key: string): boolean {
    const reopened = this.lists.get(key)?.reopen() ?? false;
    if (reopened) this.notify(key);
    return reopened;
  }

  /** Forget one list's pages (retry, refresh of one node). */
  resetOne(key: string): void {
    this.hidden.delete(key);
    this.lists.get(key)?.reset({ order: this.plan.order });
    this.notify(key);
  }

  private fetch(source: Source): Promise<void> {
    const busy = this.get(source.key).loading;
    const load = this.fetchPages(source);
    this.inFlight.add(load);
    // The list's load under way is the one that began reading it (one asked meanwhile reads nothing): it begins at once.
    if (!busy && this.get(source.key).loading) this.loads.set(source.key, load);
    return load.finally(() => {
      this.inFlight.delete(load);
      if (this.loads.get(source.key) === load) this.loads.delete(source.key);
    });
  }

  private async fetchPages(source: Source): Promise<void> {
    const { pageSize, keep, maxRequests = MAX_REQUESTS_PER_LOAD, window } = this.plan;
    const request = this.plan.request(source);
    if (!request) return;
    const end = await loadMatching(this.get(source.key), {
      want: pageSize, maxRequests, keep: request.keepsItself ? undefined : keep, window,
      fetchPage: (page, signal) => request.fetchPage(page, signal),
      onRateLimited: request.onRateLimited && ((listener) => request.onRateLimited!(listener)),
      onPage: () => this.notify(source.key),
    });
    if (end === 'failed' || end === 'bound') this.notify(source.key);
  }

  private notify(key: string | undefined): void {
    this.changes.fire(key);
  }
}
