import { readAccountKey } from '../accountKey';

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
  /** `accountKey`: the instance and the GitLab user whose list it was. */
  account: string;
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
 * The first page of each list as last shown, per account (`accountKey`: instance + GitLab user id) and list key, so
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
  page(account: string, list: string): EarlierPage<Item, Order> | undefined {
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
  async remember(account: string, list: string, items: readonly Item[], order: Order | undefined): Promise<void> {
    const page: StoredPage = { account, list, order, items: items.slice(0, MAX_EARLIER_ITEMS).map((item) => this.readers.kept(item)) };
    const others = this.stored().filter((entry) => entry.account !== account || entry.list !== list);
    await this.store.update(this.key, bounded([page, ...others]));
  }

  /**
   * Only the pages of these accounts stay: one signed out (or found gone at start, its token missing) keeps nothing.
   * `waiting`: instances signed in whose user is not known yet; their pages wait for it (the same user's, or moved to
   * the user's once known).
   */
  async keepOnly(accounts: ReadonlySet<string>, waiting: ReadonlySet<string> = new Set()): Promise<void> {
    const value = this.store.get(this.key);
    if (!Array.isArray(value)) return;
    const kept = value.filter((entry: unknown) => {
      const { account, instance } = (entry ?? {}) as { account?: unknown; instance?: unknown };
      if (typeof account === 'string') return accounts.has(account) || waiting.has(readAccountKey(account)?.instance ?? '');
      // Kept by an earlier version per instance: it moves to the instance's account once that is known.
      return typeof instance === 'string' && waiting.has(instance);
    });
    if (kept.length !== value.length || storedBytes(value) > MAX_EARLIER_BYTES) await this.store.update(this.key, bounded(kept));
  }

  /** The stored entries of the right shape, at most the bound of them; each page's items are checked when read. */
  private stored(): StoredPage[] {
    const value = this.store.get(this.key);
    if (!Array.isArray(value)) return [];
    const pages: StoredPage[] = [];
    for (const entry of value.slice(0, MAX_EARLIER_LISTS)) {
      if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) continue;
      const { account, list, order, items } = entry as Record<string, unknown>;
      if (typeof account !== 'string' || typeof list !== 'string' || !Array.isArray(items) || items.length > MAX_EARLIER_ITEMS) continue;
      pages.push({ account, list, order, items });
    }
    return pages;
  }
}

/**
 * The newest lists that fit in `MAX_EARLIER_BYTES` together, at most `MAX_EARLIER_LISTS`; a single list over the bound
 * alone keeps as many of its first items as fit.
 */
function bounded(pages: readonly unknown[]): unknown[] {
  const kept: unknown[] = [];
  let bytes = 2; // the brackets
  for (const page of pages.slice(0, MAX_EARLIER_LISTS)) {
    let size = storedBytes(page) + 1;
    if (bytes + size <= MAX_EARLIER_BYTES) {
      kept.push(page);
      bytes += size;
      continue;
    }
    if (kept.length > 0 || typeof page !== 'object' || page === null || !Array.isArray((page as StoredPage).items)) break;
    const first = { ...(page as StoredPage), items: [...(page as StoredPage).items] };
    while (first.items.length > 0 && bytes + (size = storedBytes(first) + 1) > MAX_EARLIER_BYTES) first.items.pop();
    if (first.items.length > 0) kept.push(first);
    break;
  }
  return kept;
}
