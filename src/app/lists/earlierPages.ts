import { asAccountKey, readAccountKey, type AccountKey } from '../accountKey';

/** Where the pages are kept: VS Code's global state in the shell, a map in tests. */
export interface EarlierPageStore {
  get(key: string): unknown;
  update(key: string, value: unknown): PromiseLike<void>;
}

/**
 * The bounds: at most 20 lists (the most recently shown kept), each with one page of at most 100 items (GitLab's
 * largest page), all of them together at most 256 kB as stored (the oldest lists go first). VS Code writes global
 * state whole on every change, so what it holds stays small whatever the server sent.
 */
export const MAX_EARLIER_LISTS = 20;
export const MAX_EARLIER_ITEMS = 100;
export const MAX_EARLIER_BYTES = 256 * 1024;

interface StoredPage {
  /** The account whose list it was. */
  account: AccountKey;
  list: string;
  order: unknown;
  items: unknown[];
}

/** One list's page from an earlier session, its items read again by the client's own readers. */
export interface EarlierPage<Item, Order> {
  items: Item[];
  order: Order | undefined;
}

export interface EarlierPageReaders<Item, Order> {
  /** The client's reader of one item from the server; it throws on anything that is not one. */
  item(value: unknown): Item;
  /** The order word as the client names it, or undefined when `value` is not one. */
  order(value: unknown): Order | undefined;
  /** What of an item is kept: what its row and tooltip use, cut as they cut it (still an item `item` reads). */
  kept(item: Item): Item;
}

/** Bytes of a value as stored (JSON, UTF-8). */
const storedBytes = (value: unknown): number => new TextEncoder().encode(JSON.stringify(value)).length;

/**
 * The first page of each list as last shown, per account (`AccountKey`) and list key, so
 * the next session shows rows at once, before its first request returns, and never under another account. The stored
 * value is restored state, a trust boundary: a page is read with the same readers as a server answer, and a page
 * with anything else in it is dropped whole.
 */
export class EarlierPages<Item, Order> {
  constructor(
    private readonly store: EarlierPageStore,
    private readonly key: string,
    private readonly readers: EarlierPageReaders<Item, Order>,
  ) {}

  /** The page kept for `list` of `account`, validated, or undefined. */
  page(account: AccountKey | undefined, list: string): EarlierPage<Item, Order> | undefined {
    if (account === undefined) return undefined;
    const stored = this.stored().find((page) => page.account === account && page.list === list);
    if (!stored) return undefined;
    try {
      const items = stored.items.map((value) => this.readers.item(structuredClone(value)));
      const order = stored.order === undefined ? undefined : this.readers.order(stored.order);
      if (stored.order !== undefined && order === undefined) return undefined;
      return { items, order };
    } catch {
      return undefined;
    }
  }

  /** Keeps `items` (the list's first page, cut to the bounds) as `list`'s page; the list becomes the most recent. */
  async remember(account: AccountKey, list: string, items: readonly Item[], order: Order | undefined): Promise<void> {
    const page: StoredPage = { account, list, order, items: items.slice(0, MAX_EARLIER_ITEMS).map((item) => this.readers.kept(item)) };
    const others = this.stored().filter((entry) => entry.account !== account || entry.list !== list);
    await this.store.update(this.key, this.bounded([page, ...others]));
  }

  /**
   * Only the pages of these accounts stay: one signed out (or found gone at start, its token missing) keeps nothing.
   * `waiting`: instances signed in whose person is not known yet; the pages of every account there wait for it.
   */
  async keepOnly(accounts: ReadonlySet<AccountKey>, waiting: ReadonlySet<string> = new Set()): Promise<void> {
    const value = this.store.get(this.key);
    if (!Array.isArray(value)) return;
    const kept = value.filter((entry: unknown) => {
      const account = asAccountKey((entry as { account?: unknown } | null)?.account);
      return account !== undefined && (accounts.has(account) || waiting.has(readAccountKey(account)!.instance));
    });
    // Page by page: what an earlier version kept may be far too large for one string.
    const bytes = value.reduce((sum: number, entry: unknown) => sum + storedBytes(entry), 0);
    if (kept.length !== value.length || bytes > MAX_EARLIER_BYTES) await this.store.update(this.key, this.bounded(kept));
  }

  /**
   * The newest lists that fit in `MAX_EARLIER_BYTES` together, at most `MAX_EARLIER_LISTS`, each item as `kept` leaves
   * it (a page with an item the reader refuses is dropped). The first list alone over the bound keeps the first items
   * that fit; a later one that does not fit whole goes, with the older ones after it.
   */
  private bounded(pages: readonly unknown[]): unknown[] {
    const kept: unknown[] = [];
    let bytes = 2; // the brackets
    for (const entry of pages.slice(0, MAX_EARLIER_LISTS)) {
      const page = this.compacted(entry);
      if (!page) continue;
      let size = storedBytes({ ...page, items: [] }) + 1;
      const fitting: unknown[] = [];
      for (const item of page.items) {
        const itemSize = storedBytes(item) + 1;
        if (bytes + size + itemSize > MAX_EARLIER_BYTES) break;
        fitting.push(item);
        size += itemSize;
      }
      if (fitting.length < page.items.length && (fitting.length === 0 || kept.length > 0)) break;
      kept.push({ ...page, items: fitting });
      bytes += size;
    }
    return kept;
  }

  /** A stored entry (of this version or the one before) with its items as `kept` leaves them, or undefined. */
  private compacted(entry: unknown): { items: unknown[] } | undefined {
    if (typeof entry !== 'object' || entry === null || !Array.isArray((entry as StoredPage).items)) return undefined;
    try {
      const items = (entry as StoredPage).items.slice(0, MAX_EARLIER_ITEMS)
        .map((value) => this.readers.kept(this.readers.item(structuredClone(value))));
      return { ...(entry as object), items };
    } catch {
      return undefined;
    }
  }

  /** The stored entries of the right shape, at most the bound of them; each page's items are checked when read. */
  private stored(): StoredPage[] {
    const value = this.store.get(this.key);
    if (!Array.isArray(value)) return [];
    const pages: StoredPage[] = [];
    for (const entry of value.slice(0, MAX_EARLIER_LISTS)) {
      if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) continue;
      const { list, order, items } = entry as Record<string, unknown>;
      const account = asAccountKey((entry as Record<string, unknown>).account);
      if (account === undefined || typeof list !== 'string' || !Array.isArray(items) || items.length > MAX_EARLIER_ITEMS) continue;
      pages.push({ account, list, order, items });
    }
    return pages;
  }
}
