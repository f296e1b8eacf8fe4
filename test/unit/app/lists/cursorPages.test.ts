import assert from 'node:assert/strict';
import { CursorPages, MAX_SEGMENTS_PER_PAGE, SegmentedPages } from '../../../../src/app/lists/cursorPages';
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

  it('ends a listing on an empty page that names a next cursor, and on a cursor it was at before', async () => {
    // Empty pages after the first, each naming a new cursor; or pages that name c1, c2, c3 and then c2 again.
    const cursorNumber = (after: string | undefined) => (after === undefined ? 0 : Number(after.slice(1)));
    for (const answer of [
      (after: string | undefined) => ({ items: after === undefined ? [{ id: 1 }] : [], endCursor: `c${cursorNumber(after) + 1}` }),
      (after: string | undefined) => ({ items: [{ id: cursorNumber(after) + 1 }], endCursor: after === 'c3' ? 'c2' : `c${cursorNumber(after) + 1}` }),
    ]) {
      const asked: Array<string | undefined> = [];
      const cursors = new CursorPages();
      const store = new ListStore<Source, Item>((item) => item.id, {
        pageSize: 1, request: () => ({ fetchPage: cursors.fetcher<Item>(LIST.key, async (after) => { asked.push(after); return answer(after); }) }),
      });
      await store.load(LIST);
      for (let n = 0; store.rows(LIST.key).after === 'loadMore' && n < 50; n++) await store.loadMore(LIST);
      assert.ok(asked.length <= 4, `${asked.length} requests`);
      assert.ok(['end', undefined].includes(store.rows(LIST.key).after), String(store.rows(LIST.key).after));
    }
  });

  it('a page whose items the reader kept none of (labels not subscribed) is not empty: the listing goes on', async () => {
    const asked: Array<string | undefined> = [];
    const fetch = new CursorPages().fetcher<Item>('k', async (after) => {
      asked.push(after);
      return after === undefined ? { items: [], endCursor: 'c1', scanned: 100 } : { items: [{ id: 2 }] };
    });
    const signal = new AbortController().signal;
    assert.equal((await fetch(1, signal)).nextPage, 2);
    assert.deepEqual((await fetch(2, signal)).items, [{ id: 2 }]);
    assert.deepEqual(asked, [undefined, 'c1']);
  });

  it('refuses a page whose cursor is not known yet, without asking', async () => {
    const asked: Array<string | undefined> = [];
    const fetch = new CursorPages().fetcher<Item>('k', listing(5, 2, asked));
    await assert.rejects(fetch(2, new AbortController().signal), (error) => error instanceof GitLabError && error.kind === 'badResponse');
    assert.deepEqual(asked, []);
  });
});

describe('segmented cursor listings (one listing after another, as merge requests group by group)', () => {
  /** Segments named by their item count; each a cursor listing of `size` a page, ids `segment * 100 + n`. */
  function segmentReader(size: number, asked: Array<[number, string | undefined]>) {
    return async (segment: number, after: string | undefined) => {
      asked.push([segment, after]);
      const total = segment % 100;
      const start = after === undefined ? 0 : Number(after);
      const items = Array.from({ length: Math.max(0, Math.min(size, total - start)) }, (_, i) => ({ id: Math.floor(segment / 100) * 100 + start + i + 1 }));
      const end = start + items.length;
      return { items, endCursor: end < total ? String(end) : undefined };
    };
  }

  it('reads each segment to its end, then the next, walking past empty segments within one page', async () => {
    const asked: Array<[number, string | undefined]> = [];
    const pages = new SegmentedPages<number>();
    const store = new ListStore<Source, Item>((item) => item.id, {
      pageSize: 2, window: 1,
      request: () => ({ fetchPage: pages.fetcher<Item>(LIST.key, async () => [103, 200, 300, 402], segmentReader(2, asked)) }),
    });
    await store.load(LIST);
    while (store.rows(LIST.key).after === 'loadMore') await store.loadMore(LIST);
    assert.deepEqual(store.get(LIST.key).items.map((item) => item.id), [101, 102, 103, 401, 402]);
    // Segment 1 twice (cursor 2), the empty ones walked past in the page that found segment 4's items.
    assert.deepEqual(asked, [[103, undefined], [103, '2'], [200, undefined], [300, undefined], [402, undefined]]);
    assert.equal(store.rows(LIST.key).after, 'end');
  });

  it('given a page\'s worth, reads on into the next segments until a page holds it, and the next page goes on where it stopped', async () => {
    const asked: Array<[number, string | undefined]> = [];
    // Places of one, none, two and three items, read 2 at a time: a page of at least 3 takes several places.
    const fetch = new SegmentedPages<number>().fetcher<Item>('k', async () => [101, 200, 302, 403], segmentReader(2, asked), 3);
    const signal = new AbortController().signal;
    const first = await fetch(1, signal);
    assert.deepEqual(first.items.map((item) => item.id), [101, 301, 302]);
    assert.equal(first.nextPage, 2);
    const second = await fetch(2, signal);
    assert.deepEqual(second.items.map((item) => item.id), [401, 402, 403]);
    assert.equal(second.nextPage, undefined);
    assert.deepEqual(asked, [[101, undefined], [200, undefined], [302, undefined], [403, undefined], [403, '2']]);
  });

  it('stops a page after its bound of empty segments, and the next page goes on where it stopped', async () => {
    const asked: Array<[number, string | undefined]> = [];
    const segments = [...Array.from({ length: MAX_SEGMENTS_PER_PAGE + 5 }, (_, i) => (i + 1) * 100), 9901];
    const fetch = new SegmentedPages<number>().fetcher<Item>('k', async () => segments, segmentReader(2, asked));
    const signal = new AbortController().signal;
    const first = await fetch(1, signal);
    assert.deepEqual(first, { items: [], page: 1, nextPage: 2 });
    assert.equal(asked.length, MAX_SEGMENTS_PER_PAGE);
    const second = await fetch(2, signal);
    assert.deepEqual(second.items.map((item) => item.id), [9901]);
    assert.equal(second.nextPage, undefined);
  });

  it('leaves a segment on an empty page that names a next cursor, or on a cursor it named before, for the next segment', async () => {
    const asked: Array<[number, string | undefined]> = [];
    const fetch = new SegmentedPages<number>().fetcher<Item>('k', async () => [1, 2, 3], async (segment, after) => {
      asked.push([segment, after]);
      if (segment === 1) return { items: [], endCursor: `e${asked.length}` };
      if (segment === 2) return { items: [{ id: 20 + asked.length }], endCursor: after === undefined ? 'x' : 'x' };
      return { items: [{ id: 30 }] };
    }, 10);
    const page = await fetch(1, new AbortController().signal);
    assert.deepEqual(asked, [[1, undefined], [2, undefined], [2, 'x'], [3, undefined]]);
    assert.deepEqual(page.items.map((item) => item.id), [22, 23, 30]);
    assert.equal(page.nextPage, undefined);
  });

  it('asks for the segments again at page 1, and refuses a page not reached yet', async () => {
    let lists = 0;
    const fetch = new SegmentedPages<number>().fetcher<Item>('k', async () => [100 + ++lists], segmentReader(5, []));
    const signal = new AbortController().signal;
    await assert.rejects(fetch(2, signal), (error) => error instanceof GitLabError && error.kind === 'badResponse');
    assert.deepEqual((await fetch(1, signal)).items.map((item) => item.id), [101]);
    assert.deepEqual((await fetch(1, signal)).items.map((item) => item.id), [101, 102]);
    assert.equal(lists, 2);
  });
});
