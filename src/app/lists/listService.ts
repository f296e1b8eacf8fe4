import { ListStore, type ListPlan } from './listStore';
import type { ItemKey } from './pagingState';

/** What every list service reads of the session and the settings. */
export interface ListServiceBase<Account, F> {
  /** The signed-in accounts, each keyed by its instance's key. */
  accounts(): readonly Account[];
  pageSize(): number;
  /** The filter the lists start with (the one kept in the workspace). */
  filter: F;
}

/**
 * What every list service has (the Activity's, the To-Do List's, Subscriptions'): each signed-in account's lists in
 * one `ListStore`, read under the plan its filter and the page size make, and the resets a new filter, a new page
 * size, a refresh or a sign-in cause. A service brings its plan (`plan`) and its own actions; a view draws its lists
 * in the list shell.
 */
export abstract class ListService<Source extends { readonly key: string }, Item, Order, F, Account extends { readonly key: string }> {
  readonly lists: ListStore<Source, Item, Order>;
  protected current: F;

  constructor(protected readonly base: ListServiceBase<Account, F>, keyOf: ItemKey<Item>) {
    this.current = base.filter;
    this.lists = new ListStore(keyOf, this.plan());
  }

  /**
   * How the lists are read under the current filter and page size. The constructor asks for the first plan: it may
   * use only what this class holds, and reach the rest of the service lazily (in the functions it returns).
   */
  protected abstract plan(): ListPlan<Source, Item, Order>;

  get filter(): F {
    return this.current;
  }

  /** A signed-in account by its instance's key: a list is never read with another instance's token. */
  protected account(instance: string): Account | undefined {
    return this.base.accounts().find((account) => account.key === instance);
  }

  /** Every list read again. */
  refresh(): void {
    this.lists.reset({ plan: this.plan() });
  }

  /** Signed in or out: every list read again (and nothing kept of an account signed out). */
  sessionChanged(): void {
    this.refresh();
  }

  /**
   * A new filter (valid: made where it was chosen) travels down into the lists with the reset it causes; the rows shown
   * stay, marked stale, until the new first pages arrive.
   */
  setFilter(filter: F): void {
    this.current = filter;
    this.lists.reset({ keepShown: true, plan: this.plan() });
  }

  /** The page size setting changed: every list read again in pages of the new size, its rows shown until then. */
  pageSizeChanged(): void {
    this.lists.reset({ keepShown: true, plan: this.plan() });
  }
}
