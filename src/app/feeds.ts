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

  constructor(private readonly api: () => GitLabApi | undefined, private readonly options: () => FeedOptions) {}

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

  /** Forget every source's pages; views ask again. */
  reset(): void {
    for (const state of this.feeds.values()) state.reset();
    this.notify(undefined);
  }

  /** Forget one source's pages (retry, refresh of one node). */
  resetOne(key: string): void {
    this.feeds.get(key)?.reset();
    this.notify(key);
  }

  private async fetch(source: ActivitySource): Promise<void> {
    const api = this.api();
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
