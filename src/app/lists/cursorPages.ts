import { GitLabError } from '../../gitlab/errors';
import type { Page } from '../../gitlab/types';

/** One page of a cursor listing (GraphQL's `first`/`after`): its items and, unless it is the last, where the next starts. */
export interface CursorPageOf<Item> {
  items: Item[];
  endCursor?: string;
}

/**
 * A cursor listing read as numbered pages, so the one list machinery (`ListStore`, which follows `nextPage`) reads it
 * as it reads REST's offset pages: page 1 starts the listing again, page n + 1 is asked with the cursor page n ended
 * at. A plan of such a list sets `window: 1`: page n + 1 cannot be asked for before page n has answered.
 */
export class CursorPages {
  /** Per list key: the cursor each page after the first starts at. */
  private readonly cursors = new Map<string, Map<number, string>>();

  fetcher<Item>(key: string, read: (after: string | undefined, signal: AbortSignal) => Promise<CursorPageOf<Item>>):
    (page: number, signal: AbortSignal) => Promise<Page<Item>> {
    return async (page, signal) => {
      if (page === 1) this.cursors.set(key, new Map());
      const after = page === 1 ? undefined : this.cursors.get(key)?.get(page);
      if (page !== 1 && after === undefined) {
        throw new GitLabError('badResponse', `Page ${page} of a cursor listing was asked for before page ${page - 1} answered.`);
      }
      const answer = await read(after, signal);
      const next = answer.endCursor === undefined ? undefined : page + 1;
      if (next !== undefined) this.cursors.get(key)?.set(next, answer.endCursor!);
      return { items: answer.items, page, nextPage: next };
    };
  }
}
