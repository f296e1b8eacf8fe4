/** GitLab's largest GraphQL page (`max_page_size`). */
export const MAX_PAGE_SIZE = 100;

export interface CursorArgs<P> {
  after?: P;
  before?: P;
  first?: number | null;
  last?: number | null;
}

/**
 * The part of `all` (sorted by `compare`) a cursor connection answers with: after `after`, before `before`, then the
 * first or last `n` (at most GitLab's page size, `first` of it when neither is given), and whether more lie either way.
 */
export function cursorWindow<T, P>(all: T[], args: CursorArgs<P>, compare: (a: T, b: P) => number): { slice: T[]; hasNextPage: boolean; hasPreviousPage: boolean } {
  let start = 0;
  let end = all.length;
  if (args.after !== undefined) {
    const after = args.after;
    const index = all.findIndex((t) => compare(t, after) > 0);
    start = index === -1 ? all.length : index;
  }
  if (args.before !== undefined) {
    const before = args.before;
    const index = all.findIndex((t) => compare(t, before) >= 0);
    end = index === -1 ? all.length : index;
  }
  let slice = all.slice(start, Math.max(start, end));
  let hasNextPage = end < all.length;
  let hasPreviousPage = start > 0;
  const last = args.last ?? undefined;
  const first = args.first ?? (last === undefined ? MAX_PAGE_SIZE : undefined);
  if (first !== undefined) {
    const size = Math.max(0, Math.min(first, MAX_PAGE_SIZE));
    hasNextPage = slice.length > size;
    slice = slice.slice(0, size);
  }
  if (last !== undefined) {
    const size = Math.max(0, Math.min(last, MAX_PAGE_SIZE));
    hasPreviousPage = slice.length > size;
    slice = slice.slice(Math.max(0, slice.length - size));
  }
  return { slice, hasNextPage, hasPreviousPage };
}
