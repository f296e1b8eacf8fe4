import { GitLabError } from '../../gitlab/errors';
import type { Page } from '../../gitlab/types';

/** One page of a cursor listing (GraphQL's `first`/`after`): its items and, unless it is the last, where the next starts. */
export interface CursorPageOf<Item> {
  items: Item[];
  endCursor?: string;
  /** How many items the server's page held, where the reader kept fewer (labels kept where subscribed); default `items.length`. */
  scanned?: number;
}

/**
 * Where a cursor listing goes on after `answer`, or undefined where it ends: no next cursor; a page that holds nothing
 * and still names one; a cursor the listing was at before (`trail`, its cursors so far, which this adds to). Asked on,
 * a server answering either for ever would hold a list, or a bulk action reading one, in requests without end.
 */
export function nextCursor(answer: CursorPageOf<unknown>, trail: Set<string>): string | undefined {
  const next = answer.endCursor;
  if (next === undefined || (answer.scanned ?? answer.items.length) === 0 || trail.has(next)) return undefined;
  trail.add(next);
  return next;
}

/**
 * A cursor listing read as numbered pages, so the one list machinery (`ListStore`, which follows `nextPage`) reads it
 * as it reads REST's offset pages: page 1 starts the listing again, page n + 1 is asked with the cursor page n ended
 * at. A plan of such a list sets `window: 1`: page n + 1 cannot be asked for before page n has answered.
 */
export class CursorPages {
  /** Per list key: the cursor each page after the first starts at, and every cursor the listing named (`nextCursor`). */
  private readonly lists = new Map<string, { starts: Map<number, string>; trail: Set<string> }>();

  fetcher<Item>(key: string, read: (after: string | undefined, signal: AbortSignal) => Promise<CursorPageOf<Item>>):
    (page: number, signal: AbortSignal) => Promise<Page<Item>> {
    return async (page, signal) => {
      if (page === 1) this.lists.set(key, { starts: new Map(), trail: new Set() });
      const list = this.lists.get(key);
      const after = page === 1 ? undefined : list?.starts.get(page);
      if (!list || (page !== 1 && after === undefined)) {
        throw new GitLabError('badResponse', `Page ${page} of a cursor listing was asked for before page ${page - 1} answered.`);
      }
      const answer = await read(after, signal);
      const cursor = nextCursor(answer, list.trail);
      if (cursor === undefined) return { items: answer.items, page };
      list.starts.set(page + 1, cursor);
      return { items: answer.items, page, nextPage: page + 1 };
    };
  }
}

/** Requests one numbered page of a segmented listing may make while it walks past segments with nothing in them. */
export const MAX_SEGMENTS_PER_PAGE = 20;

/**
 * Several cursor listings read one after the other as one numbered listing (merge requests group by group): page
 * n + 1 continues the segment page n stopped in, or starts the next one. The segments are asked for at page 1 (a new
 * reading of the list may find new ones). A page reads on into the next segments until it holds `want` items (one
 * unless given: a page's worth, so that a list of places holding a few items each does not need a Load more… click
 * per place) or the segments end, up to `MAX_SEGMENTS_PER_PAGE` requests, so a list of many empty groups does not show
 * a Load more… row per group either.
 */
export class SegmentedPages<Segment> {
  /** Per list key: its segments, where each page after the first starts, and each segment's cursors so far (`nextCursor`). */
  private readonly lists = new Map<string, {
    segments: readonly Segment[]; starts: Map<number, { index: number; after?: string }>; trails: Map<number, Set<string>>;
  }>();

  fetcher<Item>(
    key: string,
    segments: (signal: AbortSignal) => Promise<readonly Segment[]>,
    read: (segment: Segment, after: string | undefined, signal: AbortSignal) => Promise<CursorPageOf<Item>>,
    want = 1,
  ): (page: number, signal: AbortSignal) => Promise<Page<Item>> {
    return async (page, signal) => {
      if (page === 1) this.lists.set(key, { segments: await segments(signal), starts: new Map([[1, { index: 0 }]]), trails: new Map() });
      const list = this.lists.get(key);
      const start = list?.starts.get(page);
      if (!list || !start) throw new GitLabError('badResponse', `Page ${page} of a segmented listing was asked for before page ${page - 1} answered.`);
      let next: { index: number; after?: string } = start;
      const items: Item[] = [];
      for (let requests = 0; next.index < list.segments.length && items.length < Math.max(1, want); requests++) {
        if (requests === MAX_SEGMENTS_PER_PAGE) break;
        const answer = await read(list.segments[next.index], next.after, signal);
        items.push(...answer.items);
        let trail = list.trails.get(next.index);
        if (!trail) list.trails.set(next.index, (trail = new Set()));
        const cursor = nextCursor(answer, trail);
        next = cursor !== undefined ? { index: next.index, after: cursor } : { index: next.index + 1 };
      }
      return this.answer(list, page, items, next.index < list.segments.length ? next : undefined);
    };
  }

  private answer<Item>(list: { starts: Map<number, { index: number; after?: string }> }, page: number, items: Item[],
    next: { index: number; after?: string } | undefined): Page<Item> {
    if (!next) return { items, page };
    list.starts.set(page + 1, next);
    return { items, page, nextPage: page + 1 };
  }
}
