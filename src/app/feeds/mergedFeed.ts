import { Emitter } from '../emitter';
import { GitLabError } from '../../gitlab/errors';
import { PageWindow } from '../../gitlab/pageReader';
import type { GitLabEvent } from '../../gitlab/types';
import {
  ACTIVITY_LAG_MS, MAX_FEED_IN_FLIGHT, MAX_FEED_ROWS, MAX_REQUESTS_PER_FEED_LOAD,
  type FeedLoad, type FeedPlan, type FeedStatus, type NewerEvents,
} from './feedPlan';
import { FeedLedger } from './feedLedger';
import { cancelled, raceAbort, Wakeup } from './feedWaits';
import { certainlyNeeded, cursorOf } from './feedSchedule';
import { asGitLabError, chooseSources, idOf, SourceState, type FeedOrder, type FeedSourceList, type LeftOut } from './feedSource';

/** Failures the next load tries again: the network, a timeout, GitLab's 5xx or its rate limit. */
const isPassing = (error: GitLabError): boolean => ['network', 'timeout', 'server', 'rateLimited'].includes(error.kind);

/**
 * One merged feed: its sources' listings, each with its own page cursor, read as one listing in GitLab's order (by id).
 * A row is released only when no source could still hold an event that sorts before it: every source that may have
 * more has read past it, or (newest first, unread) its last activity, an hour's lag allowed, is older than the row. So
 * each load continues where the last stopped and never puts a row above a shown one. Each event is shown once. A source
 * is read only while it holds nothing unshown, so at most one page a source waits; at most `maxInFlight` requests run
 * at once: the first load starts side by side the sources a row waits for, a Load more only those it certainly needs
 * (`certainlyNeeded`). A source that fails keeps its error and is read no further; the others go on.
 */
export class MergedFeed {
  private readonly order: FeedOrder;
  private readonly perPage: number;
  private readonly window: PageWindow;
  private readonly controller = new AbortController();
  private readonly unsubscribe: (() => void) | undefined;
  private readonly changes = new Emitter<void>();
  /** A source's row changed, or the feed's counts. */
  readonly onDidChange = this.changes.event;
  private list: Promise<void> | undefined;
  private states: SourceState[] | undefined;
  private leftOut: LeftOut | undefined;
  private readonly head: { buffer: GitLabEvent[]; boundary?: number; oldest?: GitLabEvent; error?: GitLabError } = { buffer: [] };
  private readonly ledger: FeedLedger;
  private reads = 0;
  private others = 0;
  private readonly answers = new Wakeup();
  private loads = 0;
  private loading = false;
  private failedLoad = false;

  constructor(private readonly plan: FeedPlan) {
    if (!Number.isInteger(plan.pageSize) || plan.pageSize < 1) throw new RangeError(`A feed's page size must be a whole number of at least 1, not ${plan.pageSize}.`);
    this.order = plan.order ?? 'desc';
    this.ledger = new FeedLedger(this.order, plan.keep);
    this.perPage = Math.min(100, Math.max(1, Math.floor(plan.sourcePageSize ?? plan.pageSize)));
    this.window = new PageWindow(plan.maxInFlight ?? MAX_FEED_IN_FLIGHT);
    this.unsubscribe = plan.onRateLimited?.(() => this.window.pushedBack());
  }

  /**
   * The first rows at the first call, the next rows after that (Load more). One load at a time. A source that failed
   * for a passing reason (network, timeout, 5xx, 429) is read again by the next load; one GitLab refused (404, 403…)
   * waits for `retry`. A load whose every source failed rejects with the first error; the next one tries them all again.
   */
  async load(signal?: AbortSignal): Promise<FeedLoad> {
    if (this.loading) throw new GitLabError('badResponse', 'A merged feed reads one load at a time.');
    this.loading = true;
    try {
      for (const state of this.states ?? []) if (state.error && (this.failedLoad || isPassing(state.error))) state.error = undefined;
      this.failedLoad = false;
      if (this.loads++ === 0) await this.readHead(signal);
      return await this.fill(signal);
    } finally {
      this.loading = false;
    }
  }

  status(): FeedStatus {
    const { ledger } = this;
    const held = (this.states ?? []).reduce((sum, state) => sum + state.buffer.length, this.head.buffer.length + ledger.lateCount);
    return {
      sources: this.states?.map((state) => state.status()), leftOut: this.leftOut, inFlight: this.reads + this.others, held,
      late: ledger.lateCount, lateDropped: ledger.lateDropped, withoutId: ledger.withoutId, ended: !this.hasMore(),
      capped: ledger.released >= this.maxRows, headError: this.head.error,
    };
  }

  /** Reads a failed source again, from the page it failed at, at the next load. False when it has not failed. */
  retry(key: string): boolean {
    const state = this.states?.find((candidate) => candidate.source.key === key && candidate.error);
    if (!state) return false;
    state.error = undefined;
    this.changes.fire();
    return true;
  }

  /**
   * Events that arrived after rows past them were shown (a source read again after it failed; a source skipped for its
   * old last activity that held an import's newer id), in the feed's order: never placed among the rows by a load.
   * Those newer than the newest row may join the top as a poll's would; the others wait for a refresh.
   */
  takeLate(): GitLabEvent[] {
    return this.ledger.takeLate();
  }

  /**
   * Of the late events, those newer than the newest row (newest first; a newest-first feed only), taken: they go on top
   * as a poll's new events do, moving no row. The others stay in `takeLate` (`status().late`).
   */
  takeLateAboveTop(): GitLabEvent[] {
    const above = this.ledger.takeAboveTop();
    if (above.length > 0) this.changes.fire();
    return above;
  }

  /**
   * A poll's one request (GitLab's `scope=all`, page 1, unfiltered) for a newest-first feed: the events newer than the
   * newest row, kept by the predicate, each once, newest first, to put at the top. `full`: the listing may have held
   * more than it answered (GitLab's window counted 20, or a next page): then a gap is possible when even its oldest
   * event is newer than the newest row.
   */
  newer(events: readonly GitLabEvent[], options: { full: boolean }): NewerEvents {
    return { ...this.ledger.newer(events, options.full), failed: new Map() };
  }

  /**
   * Reads page 1 of the sources named (those a poll's one request says have moved) and returns their events newer than
   * the newest row, as `newer`. Their cursors do not move (offset pages shift as events arrive: a later page repeats
   * some, which are dropped). `gap` when a source's first page is all newer and has a next one.
   */
  async refresh(keys: readonly string[], signal?: AbortSignal): Promise<NewerEvents> {
    const before = this.ledger.newest;
    const states = (this.states ?? []).filter((state) => keys.includes(state.source.key));
    if (this.order !== 'desc' || before === undefined || states.length === 0) return { added: [], gap: false, failed: new Map() };
    const found: GitLabEvent[] = [];
    const failed = new Map<string, GitLabError>();
    let gap = false;
    await Promise.all(states.map(async (state) => {
      while (this.reads >= this.window.current) await this.nextAnswer(signal);
      this.reads += 1;
      try {
        const page = await state.source.read(1, this.perPage, signal ?? this.controller.signal);
        const ids = page.items.map(idOf).filter((id): id is number => id !== undefined);
        if (page.nextPage !== undefined && ids.every((id) => id > before)) gap = true;
        found.push(...page.items);
      } catch (error) {
        failed.set(state.source.key, asGitLabError(error));
      } finally {
        this.reads -= 1;
        this.wake();
      }
    }));
    const newer = this.ledger.newer(found, false);
    return { added: newer.added, gap: gap || newer.gap, failed };
  }

  /** Stops every request of the feed; it reads nothing more. */
  dispose(): void {
    this.controller.abort();
    this.unsubscribe?.();
    this.wake();
  }

  private get maxRows(): number {
    return this.plan.maxRows ?? MAX_FEED_ROWS;
  }

  private async readHead(signal?: AbortSignal): Promise<void> {
    this.startList();
    if (!this.plan.head || this.order !== 'desc') return;
    this.others += 1;
    try {
      const events = await this.race(this.plan.head(this.controller.signal), signal);
      if (events) {
        this.head.boundary = this.ledger.fileHead(this.head.buffer, events);
        this.head.oldest = events.find((event) => idOf(event) === this.head.boundary);
      }
    } catch (error) {
      if (signal?.aborted) throw cancelled();
      this.head.error = asGitLabError(error);
    } finally {
      this.others -= 1;
    }
  }

  private startList(): void {
    if (this.list) return;
    this.others += 1;
    const reading = this.plan.sources(this.controller.signal).then((list: FeedSourceList) => {
      const chosen = chooseSources(list);
      this.states = chosen.sources.map((source, index) => new SourceState(source, index));
      this.leftOut = chosen.leftOut;
    });
    this.list = reading;
    reading.catch(() => { if (this.list === reading) this.list = undefined; }).finally(() => {
      this.others -= 1;
      this.wake();
      this.changes.fire();
    });
  }

  private async fill(signal?: AbortSignal): Promise<FeedLoad> {
    const rows: GitLabEvent[] = [];
    const maxRequests = this.plan.maxRequestsPerLoad ?? MAX_REQUESTS_PER_FEED_LOAD;
    let requests = 0;
    for (;;) {
      if (signal?.aborted || this.controller.signal.aborted) throw cancelled();
      while (rows.length < this.plan.pageSize) {
        const row = this.releasable();
        if (!row) break;
        rows.push(row);
      }
      if (rows.length >= this.plan.pageSize || this.ledger.released >= this.maxRows) return this.result(rows, false);
      if (!this.states) {
        try {
          this.startList();
          await this.race(this.list!, signal);
        } catch (error) {
          if (rows.length > 0 && !signal?.aborted) return { rows, more: true, bound: false }; // the next load meets it
          throw signal?.aborted ? cancelled() : asGitLabError(error);
        }
        continue;
      }
      const candidate = this.best()?.[0];
      const blockers = this.states.filter((state) => state.buffer.length === 0 && this.mayHoldBefore(state, candidate));
      // The first page reads side by side; a Load more starts only the sources it certainly needs.
      const starts = this.loads > 1 ? this.needed(blockers) : blockers;
      for (const state of starts) {
        if (this.reads >= this.window.current || requests >= maxRequests) break;
        if (state.reading) continue;
        this.read(state);
        requests += 1;
      }
      if (this.reads === 0) return this.result(rows, blockers.length > 0);
      await this.nextAnswer(signal);
    }
  }

  private result(rows: GitLabEvent[], bound: boolean): FeedLoad {
    const states = this.states ?? [];
    if (rows.length === 0 && !bound && states.length > 0 && states.every((state) => state.error)) {
      this.failedLoad = true;
      throw states[0].error!;
    }
    return { rows, more: bound || this.hasMore(), bound };
  }

  private hasMore(): boolean {
    if (this.ledger.released >= this.maxRows) return false;
    if (this.head.buffer.length > 0 || !this.states) return true;
    return this.states.some((state) => state.buffer.length > 0 || state.open || (state.error && isPassing(state.error)));
  }

  /** The buffer whose first event sorts first (the head's among them), or undefined when every one is empty. */
  private best(): GitLabEvent[] | undefined {
    let best: GitLabEvent[] | undefined = this.head.buffer.length > 0 ? this.head.buffer : undefined;
    for (const state of this.states ?? []) {
      if (state.buffer.length > 0 && (!best || this.ledger.compare(state.buffer[0], best[0]) < 0)) best = state.buffer;
    }
    return best;
  }

  /** The next row, when it is final; undefined while a source could still hold one before it. */
  private releasable(): GitLabEvent | undefined {
    for (;;) {
      const buffer = this.best();
      if (!buffer || this.ledger.released >= this.maxRows) return undefined;
      const candidate = buffer[0];
      const final = this.states
        ? !this.states.some((state) => this.mayHoldBefore(state, candidate))
        : this.head.boundary !== undefined && idOf(candidate)! >= this.head.boundary; // only the head is known yet
      if (!final) return undefined;
      const row = this.ledger.release(buffer);
      if (row) return row;
    }
  }

  /**
   * Whether `state` may hold an event not read yet that sorts before `candidate` (any event, when there is none):
   * everything unread lies past its reach (and, newest first, below the head's oldest event); an unread source whose last
   * activity, with the lag, is older than the candidate holds nothing newer (but an import's, which then comes late).
   */
  private mayHoldBefore(state: SourceState, candidate: GitLabEvent | undefined): boolean {
    if (!state.open) return false;
    if (!candidate) return true;
    const id = idOf(candidate)!;
    let reach = state.reach;
    if (this.order === 'desc' && this.head.boundary !== undefined) reach = Math.min(reach ?? Infinity, this.head.boundary);
    if (reach !== undefined && !this.ledger.precedes(reach, id)) return false;
    if (state.pagesRead > 0 || this.order !== 'desc' || state.activityMs === undefined) return true;
    const time = candidate.created_at ? Date.parse(candidate.created_at) : Number.NaN;
    return Number.isNaN(time) || state.activityMs + (this.plan.activityLagMs ?? ACTIVITY_LAG_MS) >= time;
  }

  /** Of `blockers`, those a Load more starts now: the ones it certainly needs (`certainlyNeeded`). */
  private needed(blockers: readonly SourceState[]): SourceState[] {
    const lag = this.plan.activityLagMs ?? ACTIVITY_LAG_MS;
    const cursor = (state: SourceState) => cursorOf(state, this.order, lag, this.head.oldest);
    return certainlyNeeded(blockers, (this.states ?? []).filter((state) => state.open), cursor, this.reads);
  }

  private read(state: SourceState): void {
    const controller = new AbortController();
    const stop = () => controller.abort();
    this.controller.signal.addEventListener('abort', stop);
    state.reading = controller;
    this.reads += 1;
    const page = state.nextPage!;
    this.changes.fire();
    Promise.resolve().then(() => state.source.read(page, this.perPage, controller.signal)).then(
      (answer) => {
        if (this.controller.signal.aborted) return;
        state.pagesRead += 1;
        state.eventsRead += answer.items.length;
        // A next page that does not move forward would loop for ever: the end, as for any listing.
        const next = answer.nextPage;
        state.nextPage = next !== undefined && Number.isSafeInteger(next) && next > page ? next : undefined;
        this.ledger.file(state, answer.items);
        this.window.pageAnswered();
      },
      (error: unknown) => {
        if (this.controller.signal.aborted) return;
        state.error = asGitLabError(error);
        if (state.error.kind === 'rateLimited') this.window.pushedBack();
      },
    ).finally(() => {
      this.controller.signal.removeEventListener('abort', stop);
      state.reading = undefined;
      this.reads -= 1;
      this.wake();
      this.changes.fire();
    });
  }

  private nextAnswer(signal?: AbortSignal): Promise<void> {
    return this.race(this.answers.next(), signal);
  }

  private wake(): void {
    this.answers.fire();
  }

  private race<T>(promise: Promise<T>, signal?: AbortSignal): Promise<T> {
    return raceAbort(promise, [signal, this.controller.signal]);
  }
}
