import assert from 'node:assert/strict';
import { CursorPages } from '../../../../src/app/lists/cursorPages';
import { ListStore } from '../../../../src/app/lists/listStore';
import { GitLabError } from '../../../../src/gitlab';

interface Item { id: number }
interface Source { key: string }
const LIST: Source = { key: 'list' };

/** A cursor listing of ids 1..total, `size` a page; `asked` records each cursor asked with. */
function listing(total: number, size: number, asked: Array<string | undefined>) {
  return async (after: string | undefined) => {
    asked.push(after);
    const start = after === undefined ? 0 : Number(after.slice('c'.length));
    const items = Array.from({ length: Math.max(0, Math.min(size, total - start)) }, (_, i) => ({ id: start + i + 1 }));
    const end = start + items.length;
    return { items, endCursor: end < total ? `c${end}` : undefined };
  };
}

describe('cursor listings through the list machinery', () => {
  it('reads page after page with the cursor each one ended at, and starts again at page 1 after a reset', async () => {
    const asked: Array<string | undefined> = [];
    const cursors = new CursorPages();
    const plan = { pageSize: 2, request: () => ({ fetchPage: cursors.fetcher<Item>(LIST.key, listing(5, 2, asked)) }) };
    const store = new ListStore<Source, Item>((item) => item.id, plan);
    await store.load(LIST);
    await store.loadMore(LIST);
    await store.loadMore(LIST);
    assert.deepEqual(store.get(LIST.key).items.map((item) => item.id), [1, 2, 3, 4, 5]);
    assert.equal(store.rows(LIST.key).after, 'end');
    assert.deepEqual(asked, [undefined, 'c2', 'c4']);
    store.reset();
    await store.load(LIST);
    assert.deepEqual(asked, [undefined, 'c2', 'c4', undefined]);
    assert.deepEqual(store.get(LIST.key).items.map((item) => item.id), [1, 2]);
  });

  it('under a predicate with a window of 1, searches one page after the other (never a page whose cursor is unknown)', async () => {
    const asked: Array<string | undefined> = [];
    const cursors = new CursorPages();
    const store = new ListStore<Source, Item>((item) => item.id, {
      pageSize: 2, window: 1, keep: (item) => item.id % 3 === 0,
      request: () => ({ fetchPage: cursors.fetcher<Item>(LIST.key, listing(12, 2, asked)) }),
    });
    await store.load(LIST);
    assert.deepEqual(store.get(LIST.key).items.map((item) => item.id), [3, 6]);
    assert.deepEqual(asked, [undefined, 'c2', 'c4']);
    assert.equal(store.errorOf(LIST.key), undefined);
  });

  it('refuses a page whose cursor is not known yet, without asking', async () => {
    const asked: Array<string | undefined> = [];
    const fetch = new CursorPages().fetcher<Item>('k', listing(5, 2, asked));
    await assert.rejects(fetch(2, new AbortController().signal), (error) => error instanceof GitLabError && error.kind === 'badResponse');
    assert.deepEqual(asked, []);
  });
});
