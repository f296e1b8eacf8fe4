import assert from 'node:assert/strict';
import { ListStore, type ListPlan } from '../../../../src/app/lists/listStore';
import { GitLabError, type Page } from '../../../../src/gitlab';

/** Any kind of list: the machinery knows only the item's key, the list's key and how to read a page. */
interface Item { id: number; kind?: string }
interface Source { key: string }
const keyOf = (item: Item): number => item.id;
const item = (id: number, kind?: string): Item => ({ id, kind });
const LIST: Source = { key: 'list' };
const OTHER: Source = { key: 'other' };

type Pages = Record<number, Page<Item> | Error>;

/** A plan reading `pages` for every list; `asked` records each list key and page asked for. */
function planOf(pages: Pages, options: Partial<ListPlan<Source, Item>> & { asked?: string[] } = {}): ListPlan<Source, Item> {
  return {
    pageSize: 2,
    request: (source) => ({
      fetchPage: async (page) => {
        options.asked?.push(`${source.key}:${page}`);
        const answer = pages[page];
        if (answer instanceof Error) throw answer;
        return answer;
      },
    }),
    ...options,
  };
}

describe('list store', () => {
  it('hides items of one list at once and shows them again; a list read again shows what GitLab says', async () => {
    const pages = { 1: { items: [item(3), item(2), item(1)], page: 1 } };
    const store = new ListStore(keyOf, planOf(pages, { pageSize: 3 }));
    await Promise.all([store.load(LIST), store.load(OTHER)]);
    const changed: Array<string | undefined> = [];
    store.onDidChange((key) => changed.push(key));
    store.hide('list', [3, 1]);
    assert.deepEqual(store.rows('list').items.map((i) => i.id), [2]);
    assert.deepEqual(store.rows('other').items.map((i) => i.id), [3, 2, 1], 'another list (account) with the same ids keeps them');
    assert.deepEqual(store.hiddenItems('list').map((i) => i.id), [3, 1]);
    store.hide('list', [2]);
    assert.equal(store.rows('list').empty, true, 'every item hidden: the list reads as empty');
    store.show('list', [1]);
    assert.deepEqual(store.rows('list').items.map((i) => i.id), [1]);
    assert.deepEqual(changed, ['list', 'list', 'list']);
    store.reset();
    await store.load(LIST);
    assert.deepEqual(store.rows('list').items.map((i) => i.id), [3, 2, 1]);
    assert.deepEqual(store.hiddenItems('list'), []);
  });

  it('loads the first page once, then appends the next without duplicates', async () => {
    const asked: string[] = [];
    const store = new ListStore(keyOf, planOf({ 1: { items: [item(3), item(2)], nextPage: 2, page: 1 }, 2: { items: [item(2), item(1)], page: 2 } }, { asked }));
    const changed: Array<string | undefined> = [];
    store.onDidChange((key) => changed.push(key));
    await Promise.all([store.load(LIST), store.load(LIST)]);
    await store.load(LIST);
    assert.deepEqual(asked, ['list:1']);
    assert.equal(store.get('list').hasMore, true);
    await store.loadMore(LIST);
    assert.deepEqual(store.get('list').items.map((i) => i.id), [3, 2, 1]);
    assert.equal(store.get('list').hasMore, false);
    assert.deepEqual(changed, ['list', 'list']);
  });

  it('reads a Load more asked while a load of the list is under way after that load, never dropping it', async () => {
    const asked: string[] = [];
    const answers: Array<() => void> = [];
    const pages: Pages = {
      1: { items: [item(6), item(5)], nextPage: 2, page: 1 },
      2: { items: [item(4), item(3)], nextPage: 3, page: 2 },
      3: { items: [item(2), item(1)], page: 3 },
    };
    const plan = planOf(pages, { asked });
    const held: ListPlan<Source, Item> = {
      ...plan,
      request: (source) => ({
        fetchPage: async (page, signal) => {
          await new Promise<void>((resolve) => answers.push(resolve));
          return plan.request(source)!.fetchPage(page, signal);
        },
      }),
    };
    const store = new ListStore(keyOf, held);
    const answerAll = async (loads: Array<Promise<void>>) => {
      let done = false;
      void Promise.all(loads).then(() => (done = true));
      while (!done) {
        answers.splice(0).forEach((answer) => answer());
        await new Promise((resolve) => setImmediate(resolve));
      }
    };
    // Clicked while the first page (a refresh's) is on its way: the second page is read once it has come.
    const first = store.load(LIST);
    const more = store.loadMore(LIST);
    await answerAll([first, more]);
    assert.deepEqual(asked, ['list:1', 'list:2']);
    assert.deepEqual(store.get('list').items.map((i) => i.id), [6, 5, 4, 3]);
    // Clicked twice, the second while the first click's page is on its way: each reads its page.
    await answerAll([store.loadMore(LIST), store.loadMore(LIST)]);
    assert.deepEqual(asked, ['list:1', 'list:2', 'list:3']);
    assert.deepEqual(store.get('list').items.map((i) => i.id), [6, 5, 4, 3, 2, 1]);
    assert.equal(store.get('list').hasMore, false, 'the list read to its end: the click after reads nothing');
  });

  it('keeps a short or empty page from ending the list while a next page is announced', async () => {
    const store = new ListStore(keyOf, planOf({ 1: { items: [], nextPage: 2, page: 1 }, 2: { items: [item(1)], page: 2 } }, { pageSize: 20 }));
    await store.load(LIST);
    assert.equal(store.get('list').hasMore, true);
    await store.loadMore(LIST);
    assert.equal(store.get('list').items.length, 1);
  });

  it('records a typed error and retries the page on the next load', async () => {
    const pages: Pages = { 1: new GitLabError('server', 'down', { status: 500 }) };
    const store = new ListStore(keyOf, planOf(pages));
    await store.load(LIST);
    assert.equal(store.errorOf('list')?.kind, 'server');
    pages[1] = { items: [item(1)], page: 1 };
    await store.load(LIST);
    assert.equal(store.errorOf('list'), undefined);
    assert.equal(store.get('list').items.length, 1);
    pages[1] = new Error('not a GitLabError');
    store.resetOne('list');
    await store.load(LIST);
    assert.equal(store.errorOf('list')?.kind, 'badResponse', 'any other failure is a bad response');
  });

  it('ignores answers that arrive after a reset', async () => {
    let release!: (page: Page<Item>) => void;
    const plan: ListPlan<Source, Item> = { pageSize: 20, request: () => ({ fetchPage: () => new Promise((resolve) => { release = resolve; }) }) };
    const store = new ListStore(keyOf, plan);
    const pending = store.load(LIST);
    store.reset();
    release({ items: [item(9)], page: 1 });
    await pending;
    assert.equal(store.get('list').items.length, 0);
  });

  it('does nothing for a list that cannot be read now (its instance signed out)', async () => {
    const store = new ListStore<Source, Item>(keyOf, { pageSize: 20, request: () => undefined });
    await store.load(LIST);
    assert.equal(store.get('list').started, false);
    assert.equal(store.get('list').loading, false);
  });

  it('reads pages under its predicate until a page\'s worth, within its bound, and says where it stopped', async () => {
    const pages: Pages = {};
    for (let page = 1; page <= 8; page++) pages[page] = { page, items: [item(100 - 2 * page, 'other'), item(99 - 2 * page, page === 6 ? 'match' : 'other')], nextPage: page + 1 };
    const asked: string[] = [];
    const store = new ListStore(keyOf, planOf(pages, { asked, keep: (i) => i.kind === 'match', maxRequests: 3 }));
    await store.load(LIST);
    assert.deepEqual(asked, ['list:1', 'list:2', 'list:3']);
    assert.deepEqual(store.get('list').stoppedAtBound, { requests: 3, found: 0 });
    assert.deepEqual(store.rows('list').after, 'loadMore');
    await store.loadMore(LIST);
    assert.deepEqual(store.get('list').items.map((i) => i.id), [87]);
    assert.deepEqual(store.get('list').stoppedAtBound, { requests: 3, found: 1 });
  });
});

describe('list store across a new plan (a filter change)', () => {
  it('drops the old filter\'s page that arrives after the new filter\'s first page was asked for (same list, same page number)', async () => {
    let answerOld!: (page: Page<Item>) => void;
    let answerNew!: (page: Page<Item>) => void;
    const old = new Promise<Page<Item>>((resolve) => { answerOld = resolve; });
    const fresh = new Promise<Page<Item>>((resolve) => { answerNew = resolve; });
    const store = new ListStore(keyOf, { pageSize: 2, request: () => ({ fetchPage: () => old }) });
    const oldLoad = store.load(LIST);
    store.reset({ keepShown: true, plan: { pageSize: 2, request: () => ({ fetchPage: () => fresh }) } });
    const newLoad = store.load(LIST);
    assert.equal(store.get('list').loading, true, 'the new filter\'s page 1 is on its way');
    answerOld({ items: [item(9, 'old'), item(8, 'old')], page: 1, nextPage: 2 });
    await oldLoad;
    assert.deepEqual(store.rows('list').items, [], 'nothing of the old filter under the new one');
    assert.equal(store.get('list').loading, true, 'still waiting for the new filter\'s page');
    answerNew({ items: [item(2), item(1)], page: 1 });
    await newLoad;
    assert.deepEqual(store.rows('list').items.map((i) => i.id), [2, 1]);
    assert.equal(store.get('list').hasMore, false, 'the old page\'s next page is not followed');
  });

  it('keeps rows until the new first page, waits for loads with whenIdle, drops rows nobody reloaded, and follows the new plan', async () => {
    let release!: () => void;
    let gate: Promise<void> = Promise.resolve();
    const reader = (base: number) => (source: Source): { fetchPage(page: number): Promise<Page<Item>> } => ({
      fetchPage: async (page) => {
        await gate;
        return { page, items: [item(base + (source.key === LIST.key ? 0 : 10))] };
      },
    });
    const store = new ListStore<Source, Item>(keyOf, { pageSize: 20, request: reader(10) });
    await store.load(LIST);
    await store.load(OTHER);
    gate = new Promise((resolve) => { release = resolve; });
    store.reset({ keepShown: true, plan: { pageSize: 20, request: reader(100), filtered: true } });
    void store.load(LIST); // the open list asks again; the other stays closed
    assert.deepEqual(store.get('list').items.map((i) => i.id), [10], 'the old rows stay while loading');
    assert.deepEqual(store.rows('list'), { waiting: false, items: store.get('list').items, order: undefined, earlier: false, empty: false, filtered: true, after: undefined },
      'old rows, and no row after them');
    let idle = false;
    const waiting = store.whenIdle().then(() => { idle = true; });
    await Promise.resolve();
    assert.equal(idle, false);
    release();
    await waiting;
    assert.deepEqual(store.get('list').items.map((i) => i.id), [100], 'read under the new plan');
    assert.equal(store.get('other').stale, true);
    store.dropStale();
    assert.deepEqual(store.get('other').items, []);
    assert.equal(store.rows('other').waiting, true);
  });
});

describe('list store: the order of each list\'s rows', () => {
  it('gives each list its plan\'s order, from its first load and again at each reset; rows kept from the old plan keep theirs', async () => {
    type Order = 'oldest first' | 'newest first';
    const plan = (order: Order): ListPlan<Source, Item, Order> => ({ ...planOf({ 1: { items: [item(order === 'oldest first' ? 1 : 2)], page: 1 } }), order });
    const store = new ListStore(keyOf, plan('oldest first'));
    await store.load(LIST);
    assert.deepEqual([store.rows('list').items.map((i) => i.id), store.rows('list').order], [[1], 'oldest first']);
    store.reset({ keepShown: true, plan: plan('newest first') });
    assert.deepEqual([store.rows('list').items.map((i) => i.id), store.rows('list').order], [[1], 'oldest first'],
      'the old rows keep their order until the new first page');
    assert.equal(store.rows('other').order, 'newest first', 'a list first asked for under the new plan');
    await store.load(LIST);
    assert.deepEqual([store.rows('list').items.map((i) => i.id), store.rows('list').order], [[2], 'newest first']);
  });
});

describe('list store: a page from earlier', () => {
  it('shows seeded items, marked earlier and stale, until the first page replaces them; a filter change keeps the mark', async () => {
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    const store = new ListStore(keyOf, {
      pageSize: 2,
      request: () => ({ fetchPage: async () => { await held; return { items: [item(5)], page: 1 }; } }),
    });
    store.seed('list', [item(1), item(2)], undefined);
    const loading = store.load(LIST);
    assert.deepEqual([store.rows('list').waiting, store.rows('list').earlier, store.get('list').stale], [false, true, true]);
    store.reset({ keepShown: true });
    assert.equal(store.rows('list').earlier, true, 'still the earlier rows');
    const fresh = store.load(LIST);
    answer();
    await Promise.all([loading, fresh]);
    assert.deepEqual([store.rows('list').items.map((i) => i.id), store.rows('list').earlier], [[5], false]);
  });
});

describe('list rows', () => {
  it('says what surrounds the items: Loading… alone first, then empty, error, loading, Load more… or nothing', async () => {
    const pages: Pages = { 1: { items: [item(2)], nextPage: 2, page: 1 }, 2: new GitLabError('server', 'down', { status: 500 }) };
    const store = new ListStore(keyOf, planOf(pages));
    assert.deepEqual(store.rows('list'), { waiting: true, items: [], order: undefined, earlier: false, empty: false, filtered: false, after: undefined });
    await store.load(LIST);
    assert.equal(store.rows('list').after, 'loadMore');
    const more = store.loadMore(LIST);
    assert.equal(store.rows('list').after, 'loading');
    await more;
    assert.equal(store.rows('list').after, 'error');
    assert.equal(store.rows('list').empty, false);
    const empty = new ListStore(keyOf, planOf({ 1: { items: [], page: 1 } }, { filtered: true }));
    await empty.load(LIST);
    assert.deepEqual(empty.rows('list'), { waiting: false, items: [], order: undefined, earlier: false, empty: true, filtered: true, after: undefined });
    const failed = new ListStore(keyOf, planOf({ 1: new GitLabError('network', 'offline') }));
    await failed.load(LIST);
    assert.deepEqual(failed.rows('list'), { waiting: false, items: [], order: undefined, earlier: false, empty: false, filtered: false, after: 'error' }, 'a failed first page is not "empty"');
  });
});
