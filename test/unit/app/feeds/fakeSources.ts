import { GitLabError, type GitLabEvent, type Page } from '../../../../src/gitlab';
import type { FeedOrder, FeedSource } from '../../../../src/app/feeds/feedSource';

/**
 * Listings for the merge's tests, paged as GitLab pages them: ordered by id, `per_page` a page, the events the caller
 * may not see dropped after paging (short and empty pages keep their next page), `X-Next-Page` until the last page.
 * A probe records every read: how many run at once over all sources and per source, and what the feed held of that
 * source when the read began.
 */

export const BASE_TIME = Date.parse('2024-06-15T00:00:00.000Z');
/** Events one minute apart by id: an order by time is an order by id (imports aside). */
export const timeOf = (id: number): string => new Date(BASE_TIME + id * 60_000).toISOString();

export function event(id: number, createdAt = timeOf(id)): GitLabEvent {
  return { id, project_id: 1, action_name: 'opened', target_id: null, target_type: null, target_title: null, author_id: 1, created_at: createdAt };
}

export interface FakeSpec {
  key: string;
  ids: readonly number[];
  /** From this page on, every read fails with `error`; `once` fails that page a single time. */
  failAt?: { page: number; error: GitLabError; once?: boolean };
  lastActivityAt?: string | null;
  /** Times other than `timeOf(id)` (an import's old time). */
  times?: ReadonlyMap<number, string>;
  /** Reads wait this many macrotask turns (several sources then answer out of order). */
  delay?: number;
}

export class Probe {
  running = 0;
  peak = 0;
  readonly perSource = new Map<string, number>();
  peakPerSource = 0;
  readonly reads: string[] = [];
  /** Set by the test: what the feed holds unshown of a source when a read of it begins. */
  held: (key: string) => number = () => 0;
  heldAtRead = 0;

  begin(key: string, page: number): void {
    this.reads.push(`${key}:${page}`);
    this.heldAtRead = Math.max(this.heldAtRead, this.held(key));
    this.running += 1;
    this.peak = Math.max(this.peak, this.running);
    const mine = (this.perSource.get(key) ?? 0) + 1;
    this.perSource.set(key, mine);
    this.peakPerSource = Math.max(this.peakPerSource, mine);
  }

  end(key: string): void {
    this.running -= 1;
    this.perSource.set(key, (this.perSource.get(key) ?? 1) - 1);
  }
}

const turns = (count: number) => new Promise<void>((resolve) => {
  let left = count;
  const step = () => (left-- <= 0 ? resolve() : setImmediate(step));
  step();
});

export function fakeSource(spec: FakeSpec, order: FeedOrder, probe: Probe, invisible: ReadonlySet<number> = new Set()): FeedSource {
  let failedOnce = false;
  return {
    key: spec.key,
    lastActivityAt: spec.lastActivityAt,
    async read(page: number, perPage: number, signal: AbortSignal): Promise<Page<GitLabEvent>> {
      probe.begin(spec.key, page);
      try {
        await turns(spec.delay ?? 1);
        if (signal.aborted) throw new GitLabError('cancelled', 'The request was cancelled.');
        const failing = spec.failAt && page >= spec.failAt.page && !(spec.failAt.once && failedOnce);
        if (failing) {
          failedOnce = true;
          throw spec.failAt!.error;
        }
        // Read afresh: a test may add events to the listing between reads (they shift its offset pages, as GitLab's).
        const sorted = [...new Set(spec.ids)].sort((a, b) => (order === 'desc' ? b - a : a - b));
        const slice = sorted.slice((page - 1) * perPage, page * perPage);
        const items = slice.filter((id) => !invisible.has(id)).map((id) => event(id, spec.times?.get(id)));
        return { items, page, perPage, nextPage: page * perPage < sorted.length ? page + 1 : undefined };
      } finally {
        probe.end(spec.key);
      }
    },
  };
}

/** The expected feed: every visible id of the sources, once, in the feed's order. */
export function union(specs: readonly FakeSpec[], order: FeedOrder, invisible: ReadonlySet<number> = new Set()): number[] {
  const ids = new Set(specs.flatMap((spec) => spec.ids).filter((id) => !invisible.has(id)));
  return [...ids].sort((a, b) => (order === 'desc' ? b - a : a - b));
}

/** The ids of a source's pages before `page` (what a source failing there gave). */
export function prefix(spec: FakeSpec, order: FeedOrder, perPage: number, page: number): number[] {
  const sorted = [...new Set(spec.ids)].sort((a, b) => (order === 'desc' ? b - a : a - b));
  return sorted.slice(0, (page - 1) * perPage);
}
