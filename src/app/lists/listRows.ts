import type { PagingState } from './pagingState';

/** What one list shows: its items and the rows that say how loading them went. */
export interface ListRows<Item, Order = undefined> {
  /** Nothing yet but a Loading… row: the first page is on its way and no earlier rows are kept. */
  waiting: boolean;
  items: readonly Item[];
  /** How `items` are ordered, as the plan they were loaded under named it (see `ListPlan.order`). */
  order: Order | undefined;
  /** Loaded, and nothing there (no error, no next page): an "empty" row leads. */
  empty: boolean;
  /** `items` are a page kept from an earlier session, shown until the fresh one replaces them: the rows say so. */
  earlier: boolean;
  /** The plan narrows the list: the empty row says a filter emptied it. */
  filtered: boolean;
  /**
   * The row after the items: the failure (then Show Log), Loading… (a next page on its way), Load more… (Continue
   * after a load stopped at its bound), the end of the list when it was read to GitLab's end past its first page (so
   * a last click that found little or nothing is not met with a row that simply goes away); none while a filter change
   * keeps the earlier rows (the view's progress bar says that it loads).
   */
  after: 'error' | 'loading' | 'loadMore' | 'end' | undefined;
}

/** `hidden`: items an action has moved out of the list at once; the list reads as if they were gone. */
export function listRows<Item, Order>(state: PagingState<Item, Order>, filtered: boolean, hidden?: (item: Item) => boolean): ListRows<Item, Order> {
  const order = state.order;
  if (!state.started && !state.hasError && !state.stale) return { waiting: true, items: [], order, earlier: false, empty: false, filtered, after: undefined };
  const items = hidden ? state.items.filter((item) => !hidden(item)) : state.items;
  const after = state.hasError ? 'error' : state.stale ? undefined : state.loading ? 'loading' : state.hasMore ? 'loadMore'
    : state.pagesRead > 1 && items.length > 0 ? 'end' : undefined;
  return { waiting: false, items, order, earlier: state.earlier, empty: items.length === 0 && !state.hasError && !state.hasMore, filtered, after };
}
