import { Emitter } from './emitter';
import type { GitLabApi } from '../gitlab/api';
import type { SortOrder } from '../gitlab/types';
import { GitLabError } from '../gitlab/errors';
import type { FeedPlan } from './activity/activityTabs';
import { loadMatching, MAX_REQUESTS_PER_LOAD } from './activity/matchingLoader';
import { PagingState } from './activity/pagingState';
import type { ActivitySource } from './sources';

export interface FeedOptions {
  pageSize: number;
  /** What to ask the server for, and which answered events to keep (the tab's client-side filter). */
  plan: FeedPlan;
  /** Bound on requests per load (default `MAX_REQUESTS_PER_LOAD`). */
  maxRequests?: number;
}

/**
 * The paging state of each activity source under the current filter, and the loads that fill it. A source loads
 * one page at a time; under a tab that filters on the client, a load reads pages until it has a page's worth of
 * matching events, the server's end or its bound of requests. A reset (new filter, new sign-in) makes answers still
 * in flight stale, and tells each source the direction its next pages come in.
 */
export class FeedStore {
  private readonly feeds = new Map<string, PagingState>();
  private readonly changes = new Emitter<string | undefined>();
  /** A feed changed (its key), or all of them (undefined). */
  readonly onDidChange = this.changes.event;
  private readonly inFlight = new Set<Promise<void>>();

  /** `api` gives the client of the source's own instance: a source is never read with another instance's token. */
  constructor(private readonly api: (source: ActivitySource) => GitLabApi | undefined, private readonly options: () => FeedOptions) {}

  get(key: string): PagingState {
    let state = this.feeds.get(key);
    if (!state) this.feeds.set(key, (state = new PagingState(this.order())));
    return state;
  }

  /** The error of the last load as a GitLabError, if it failed. */
  errorOf(key: string): GitLabError | undefined {
    const error = this.feeds.get(key)?.error;
    if (error === undefined) return undefined;
    return error instanceof GitLabError ? error : new GitLabError('badResponse', String(error), { cause: error });
  }

  /** The first page, unless it has arrived already (a failed first page is tried again). */
  load(source: ActivitySource): Promise<void> {
    const state = this.get(source.key);
    if (state.started && !state.hasError) return Promise.resolve();
    return this.fetch(source);
  }

  /** The next page (or, under a tab, pages until a page's worth of matching events), appended. */
  loadMore(source: ActivitySource): Promise<void> {
    return this.fetch(source);
  }

  /**
   * Forget every source's pages; views ask again. With `keepShown` (a filter change), each source keeps showing its
   * rows, marked stale, until its new first page arrives: see `settle`.
   */
  reset(options: { keepShown?: boolean } = {}): void {
    const order = this.order();
    for (const state of this.feeds.values()) state.reset({ ...options, order });
    this.notify(undefined);
  }

  /** Resolves once no page is loading (each load's outcome is recorded in its state; this never rejects). */
  async whenIdle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all(this.inFlight);
  }

  /** Sources still showing an earlier filter's rows (none asked for their new first page) show nothing old. */
  dropStale(): void {
    let dropped = false;
    for (const state of this.feeds.values()) {
      if (state.stale) {
        state.dropStale();
        dropped = true;
      }
    }
    if (dropped) this.notify(undefined);
  }

  /** Forget one source's pages (retry, refresh of one node). */
  resetOne(key: string): void {
    this.feeds.get(key)?.reset({ order: this.order() });
    this.notify(key);
  }

  private fetch(source: ActivitySource): Promise<void> {
    const load = this.fetchPage(source);
    this.inFlight.add(load);
    return load.finally(() => this.inFlight.delete(load));
  }

  private async fetchPage(source: ActivitySource): Promise<void> {
    const api = this.api(source);
    if (!api) return;
    const state = this.get(source.key);
    const { pageSize, plan, maxRequests = MAX_REQUESTS_PER_LOAD } = this.options();
    const end = await loadMatching(state, {
      want: pageSize, maxRequests, keep: plan.keep,
      fetchPage: (page, signal) => api.listEvents(source.source, plan.request, { page, perPage: pageSize }, signal),
      onRateLimited: api.onRateLimited && ((listener) => api.onRateLimited!(listener)),
      onPage: () => this.notify(source.key),
    });
    if (end === 'failed' || end === 'bound') this.notify(source.key);
  }

  /** The direction the loads ask for: GitLab's default, newest first, unless the plan says otherwise. */
  private order(): SortOrder {
    return this.options().plan.request.sort ?? 'desc';
  }

  private notify(key: string | undefined): void {
    this.changes.fire(key);
  }
}
