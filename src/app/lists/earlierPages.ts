/** Where the pages are kept: VS Code's global state in the shell, a map in tests. */
export interface EarlierPageStore {
  get(key: string): unknown;
  update(key: string, value: unknown): PromiseLike<void>;
}

/**
 * The bound: at most 20 lists (the most recently shown kept), each with one page of at most 100 items (GitLab's
 * largest page), so the stored value stays well under a few megabytes of global state whatever the page size.
 */
export const MAX_EARLIER_LISTS = 20;
export const MAX_EARLIER_ITEMS = 100;

interface StoredPage {
  instance: string;
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
}

/**
 * The first page of each list as last shown, per instance (`normalizeInstanceUrl`) and list key, so the next session
 * shows rows at once, before its first request returns. The stored value is restored state, a trust boundary: a page
 * is read with the same readers as a server answer, and a page with anything else in it is dropped whole.
 */
export class EarlierPages<Item, Order> {
  constructor(
    private readonly store: EarlierPageStore,
    private readonly key: string,
    private readonly readers: EarlierPageReaders<Item, Order>,
  ) {}

  /** The page kept for `list` of `instance`, validated, or undefined. */
  page(instance: string, list: string): EarlierPage<Item, Order> | undefined {
    const stored = this.stored().find((page) => page.instance === instance && page.list === list);
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

  /** Keeps `items` (the list's first page, cut to the bound) as `list`'s page; the list becomes the most recent. */
  async remember(instance: string, list: string, items: readonly Item[], order: Order | undefined): Promise<void> {
    const page: StoredPage = { instance, list, order, items: items.slice(0, MAX_EARLIER_ITEMS) };
    const others = this.stored().filter((entry) => entry.instance !== instance || entry.list !== list);
    await this.store.update(this.key, [page, ...others].slice(0, MAX_EARLIER_LISTS));
  }

  /** An instance was signed out: nothing of its lists stays. */
  async forget(instance: string): Promise<void> {
    const pages = this.stored();
    const kept = pages.filter((page) => page.instance !== instance);
    if (kept.length !== pages.length) await this.store.update(this.key, kept);
  }

  /** The stored entries of the right shape, at most the bound of them; each page's items are checked when read. */
  private stored(): StoredPage[] {
    const value = this.store.get(this.key);
    if (!Array.isArray(value)) return [];
    const pages: StoredPage[] = [];
    for (const entry of value.slice(0, MAX_EARLIER_LISTS)) {
      if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) continue;
      const { instance, list, order, items } = entry as Record<string, unknown>;
      if (typeof instance !== 'string' || typeof list !== 'string' || !Array.isArray(items) || items.length > MAX_EARLIER_ITEMS) continue;
      pages.push({ instance, list, order, items });
    }
    return pages;
  }
}
