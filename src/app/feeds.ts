import type { GitLabApi } from '../gitlab/api';
import { GitLabError } from '../gitlab/errors';
import type { EventFilter } from '../gitlab/types';
import { PagingState } from './activity/pagingState';
import type { ActivitySource } from './sources';

export interface FeedOptions {
  pageSize: number;
  filter: EventFilter;
}

/**
 * The paging state of each activity source under the current filter, and the loads that fill it. A source loads
 * one page at a time; a reset (new filter, new sign-in) makes answers still in flight stale.
 */
export class FeedStore {
  private readonly feeds = new Map<string, PagingState>();
  private readonly listeners = new Set<(key: string | undefined) => void>();
  private readonly inFlight = new Set<Promise<void>>();

  /** `api` gives the client of the source's own instance: a source is never read with another instance's token. */
  constructor(private readonly api: (source: ActivitySource) => GitLabApi | undefined, private readonly options: () => FeedOptions) {}

  onDidChange(listener: (key: string | undefined) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get(key: string): PagingState {
    let state = this.feeds.get(key);
    if (!state) this.feeds.set(key, (state = new PagingState()));
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

  /** The next page, appended. */
  loadMore(source: ActivitySource): Promise<void> {
    return this.fetch(source);
  }

  /**
   * Forget every source's pages; views ask again. With `keepShown` (a filter change), each source keeps showing its
   * rows, marked stale, until its new first page arrives: see `settle`.
   */
  reset(options: { keepShown?: boolean } = {}): void {
    for (const state of this.feeds.values()) state.reset(options);
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
    this.feeds.get(key)?.reset();
    this.notify(key);
  }

  private fetch(source: ActivitySource): Promise<void> {
    const load = this.fetchPage(source);
    this.inFlight.add(load);
    return load.finally(() => this.inFlight.delete(load));
  }

  private async fetchPage(source: ActivitySource): Promise<void> {
    const api = this.api(source);
    const state = this.get(source.key);
    const ticket = api ? state.begin() : undefined;
    if (!api || !ticket) return;
    const { pageSize, filter } = this.options();
    try {
      const page = await api.listEvents(source.source, filter, { page: ticket.page, perPage: pageSize });
      if (state.receive(ticket, page) !== undefined) this.notify(source.key);
    } catch (error) {
      if (state.fail(ticket, error)) this.notify(source.key);
    }
  }

  private notify(key: string | undefined): void {
    for (const listener of this.listeners) listener(key);
  }
}
