import assert from 'node:assert/strict';
import fc from 'fast-check';
import { PagingState, type PageTicket } from '../../../../src/app/lists/pagingState';
import type { Page } from '../../../../src/gitlab/types';

/** Any kind of item: the machinery knows only its key. */
interface Item { id?: number }
const keyOf = (item: Item): number | undefined => item.id;
const newState = (): PagingState<Item> => new PagingState(keyOf);
const items = (...ids: number[]): Item[] => ids.map((id) => ({ id }));
const page = (number: number, items: Item[], nextPage?: number): Page<Item> => ({ page: number, items, nextPage });
const ids = (state: PagingState<Item>): Array<number | undefined> => state.items.map((item) => item.id);

function load<Order>(state: PagingState<Item, Order>, items: Item[], nextPage?: number): number | undefined {
  const ticket = state.begin();
  assert.ok(ticket, 'a load can start');
  return state.receive(ticket, page(ticket.page, items, nextPage));
}

describe('PagingState', () => {
  it('starts before the first page', () => {
    const state = newState();
    assert.deepEqual(state.items, []);
    assert.equal(state.nextPage, 1);
    assert.equal(state.hasMore, true);
    assert.equal(state.loading, false);
    assert.equal(state.started, false);
    assert.equal(state.hasError, false);
  });

  it('appends pages and follows X-Next-Page to the end', () => {
    const state = newState();
    const ticket = state.begin();
    assert.deepEqual(ticket, { generation: 0, page: 1 });
    assert.equal(state.loading, true);
    assert.equal(state.begin(), undefined, 'one load at a time');
    assert.equal(state.receive(ticket!, page(1, items(10, 9), 2)), 2);
    assert.equal(state.loading, false);
    assert.equal(state.started, true);
    assert.equal(state.nextPage, 2);
    assert.equal(load(state, items(8, 7)), 2);
    assert.deepEqual(ids(state), [10, 9, 8, 7]);
    assert.equal(state.hasMore, false);
    assert.equal(state.begin(), undefined, 'nothing more to load');
  });

  it('does not stop on a short or empty page while a next page is announced', () => {
    const state = newState();
    load(state, items(10), 2);
    assert.equal(load(state, [], 3), 0);
    assert.equal(state.hasMore, true);
    assert.equal(load(state, items(5)), 1);
    assert.deepEqual(ids(state), [10, 5]);
  });

  it('drops items a shifted page repeats', () => {
    // Two new items arrived between the requests, so page 2 starts with the last two items of page 1.
    const state = newState();
    load(state, items(10, 9, 8, 7), 2);
    assert.equal(load(state, items(8, 7, 6, 5), 3), 2);
    assert.deepEqual(ids(state), [10, 9, 8, 7, 6, 5]);
  });

  it('keeps items without a key', () => {
    const state = newState();
    const anonymous: Item = {};
    load(state, [anonymous, anonymous], undefined);
    assert.equal(state.items.length, 2);
  });

  it('treats a next page that does not move forward as the end', () => {
    for (const next of [1, 0, -4, 1.5, Number.NaN]) {
      const state = newState();
      load(state, items(1), next);
      assert.equal(state.hasMore, false, String(next));
    }
  });

  it('records a failure and retries the same page', () => {
    const state = newState();
    load(state, items(3), 2);
    const ticket = state.begin()!;
    const error = new Error('offline');
    assert.equal(state.fail(ticket, error), true);
    assert.equal(state.error, error);
    assert.equal(state.loading, false);
    assert.equal(state.nextPage, 2);
    const retry = state.begin()!;
    assert.equal(retry.page, 2);
    assert.equal(state.hasError, false, 'a new attempt clears the error');
    state.receive(retry, page(2, items(2)));
    assert.deepEqual(ids(state), [3, 2]);
    const again = newState();
    again.fail(again.begin()!, undefined);
    assert.equal(again.hasError, true, 'even an undefined rejection counts as an error');
  });

  it('ignores responses of loads started before a reset (filter change)', () => {
    const state = newState();
    load(state, items(9), 2);
    const stale = state.begin()!;
    state.reset();
    assert.deepEqual(state.items, []);
    assert.equal(state.nextPage, 1);
    assert.equal(state.loading, false);
    assert.equal(state.started, false);
    assert.equal(state.receive(stale, page(2, items(8))), undefined);
    assert.equal(state.fail(stale, new Error('late')), false);
    assert.deepEqual(state.items, []);
    const fresh = state.begin()!;
    assert.equal(fresh.generation, 1);
    state.receive(fresh, page(1, items(9)));
    assert.deepEqual(ids(state), [9], 'ids seen before the reset may come back');
  });

  it('ignores a ticket it did not issue', () => {
    const state = newState();
    state.begin();
    const forged: PageTicket = { generation: 0, page: 1 };
    assert.equal(state.receive(forged, page(1, items(1))), undefined);
    assert.equal(state.loading, true);
  });

  it('holds every item once, in first-seen order, whatever the pages (property)', () => {
    const pages = fc.array(fc.array(fc.integer({ min: 1, max: 50 }), { maxLength: 10 }), { minLength: 1, maxLength: 8 });
    fc.assert(fc.property(pages, (list) => {
      const state = newState();
      list.forEach((itemIds, index) => load(state, items(...itemIds), index + 1 < list.length ? index + 2 : undefined));
      const expected = [...new Set(list.flat())];
      assert.deepEqual(ids(state), expected);
      assert.equal(state.hasMore, false);
    }));
  });
});

describe('PagingState across a filter change (reset keeping the shown rows)', () => {
  it('shows the old rows, marked stale, until the new first page replaces them', () => {
    const state = newState();
    load(state, items(5, 4, 3), 2);
    state.reset({ keepShown: true });
    assert.equal(state.stale, true);
    assert.deepEqual(ids(state), [5, 4, 3]);
    assert.equal(state.started, false, 'the new filter has not started');
    const ticket = state.begin();
    assert.equal(ticket?.page, 1, 'the new filter starts at page 1');
    assert.deepEqual(ids(state), [5, 4, 3]);
    state.receive(ticket!, page(1, items(9, 8)));
    assert.equal(state.stale, false);
    assert.deepEqual(ids(state), [9, 8], 'no old row survives the new first page');
  });

  it('drops the old rows when the new first page fails: the error is not shown under old rows', () => {
    const state = newState();
    load(state, items(2, 1));
    state.reset({ keepShown: true });
    const ticket = state.begin()!;
    assert.equal(state.fail(ticket, new Error('down')), true);
    assert.equal(state.stale, false);
    assert.deepEqual(ids(state), []);
  });

  it('ignores a late answer of the old filter while stale, and dropStale empties it', () => {
    const state = newState();
    load(state, items(2, 1), 2);
    const old = state.begin()!;
    state.reset({ keepShown: true });
    assert.equal(state.receive(old, page(2, items(0))), undefined);
    assert.deepEqual(ids(state), [2, 1]);
    state.dropStale();
    assert.equal(state.stale, false);
    assert.deepEqual(ids(state), []);
  });

  it('says how its rows are ordered, in the client\'s words: the order the loads were given, the old rows\' own while they stay', () => {
    assert.equal(newState().order, undefined, 'a client that names no order');
    const state = new PagingState<Item, 'oldest first' | 'newest first'>(keyOf, 'oldest first');
    load(state, items(1, 2));
    assert.equal(state.order, 'oldest first');
    state.reset({ keepShown: true, order: 'newest first' });
    assert.equal(state.order, 'oldest first', 'the old rows still read oldest first');
    load(state, items(9, 8));
    assert.equal(state.order, 'newest first');
    state.reset({ keepShown: true });
    state.dropStale();
    assert.equal(state.order, 'newest first', 'a reset that names no order keeps the one before');
    state.reset({ keepShown: true, order: 'oldest first' });
    assert.equal(state.order, 'oldest first', 'an empty list is not stale: it reads in the new order at once');
  });

  it('a plain reset (Refresh) keeps nothing, and keeping an empty list is not stale', () => {
    const state = newState();
    load(state, items(2, 1));
    state.reset();
    assert.equal(state.stale, false);
    assert.deepEqual(ids(state), []);
    state.reset({ keepShown: true });
    assert.equal(state.stale, false);
  });

  it('reopens a list read to its end at the page after its last (a source read again), and only such a list', () => {
    const state = newState();
    assert.equal(state.reopen(), false, 'not started');
    load(state, items(10, 9), 2);
    assert.equal(state.reopen(), false, 'it has a next page already');
    load(state, items(8));
    assert.equal(state.hasMore, false);
    assert.equal(state.reopen(), true);
    assert.equal(state.nextPage, 3);
    assert.equal(load(state, items(9, 7)), 1, 'the next load appends, each item once');
    assert.deepEqual(ids(state), [10, 9, 8, 7]);
    const ticket = state.begin();
    assert.equal(ticket, undefined, 'at its end again');
    state.reset({ keepShown: true });
    assert.equal(state.reopen(), false, 'stale rows are not reopened');
  });
});
