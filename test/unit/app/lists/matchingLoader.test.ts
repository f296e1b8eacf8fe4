import assert from 'node:assert/strict';
import { loadMatching } from '../../../../src/app/lists/matchingLoader';
import { PagingState } from '../../../../src/app/lists/pagingState';
import type { Page } from '../../../../src/gitlab/types';

interface Item { id: number; kind: 'issue' | 'push' }
const keyOf = (item: Item): number => item.id;

describe('loading matching items with a bound', () => {
  /** Items of two kinds; the list's client-side predicate keeps issues. */
  const item = (id: number, kind: 'issue' | 'push'): Item => ({ id, kind });
  /** Pages of 4 items, newest first; page n's kinds given by `kinds[n - 1]`. */
  function server(kinds: Array<Array<'issue' | 'push'>>): { calls: number[]; fetchPage(page: number): Promise<Page<Item>> } {
    const calls: number[] = [];
    return {
      calls,
      fetchPage: async (page) => {
        calls.push(page);
        const items = (kinds[page - 1] ?? []).map((kind, i) => item(1000 - page * 10 - i, kind));
        return { page, items, nextPage: page < kinds.length ? page + 1 : undefined };
      },
    };
  }
  const keep = (candidate: Item): boolean => candidate.kind === 'issue';
  const pushes = (): Array<'issue' | 'push'> => ['push', 'push', 'push', 'push'];

  it('reads past pages without a match until it has a page\'s worth', async () => {
    const api = server([pushes(), ['issue', 'push', 'push', 'push'], pushes(), ['issue', 'issue', 'issue', 'push'], ['issue', 'issue', 'issue', 'issue']]);
    const state = new PagingState(keyOf);
    const reported: number[] = [];
    const end = await loadMatching(state, { want: 4, maxRequests: 10, keep, fetchPage: api.fetchPage, onPage: () => reported.push(state.items.length) });
    assert.equal(end, 'full');
    assert.deepEqual(api.calls, [1, 2, 3, 4]);
    assert.equal(state.items.length, 4);
    assert.ok(state.items.every(keep));
    assert.deepEqual(reported, [0, 1, 1, 4]);
    assert.equal(state.nextPage, 5);
    assert.equal(state.progress, undefined);
    assert.equal(state.stoppedAtBound, undefined);
  });

  it('stops at its bound and says how far it got; the next load goes on from there', async () => {
    const api = server([pushes(), ['issue', 'push', 'push', 'push'], pushes(), pushes(), ['issue', 'issue', 'issue', 'issue']]);
    const state = new PagingState(keyOf);
    assert.equal(await loadMatching(state, { want: 4, maxRequests: 3, keep, fetchPage: api.fetchPage }), 'bound');
    assert.deepEqual(api.calls, [1, 2, 3], 'no page asked for past the bound, read-ahead included');
    assert.deepEqual(state.stoppedAtBound, { requests: 3, found: 1 });
    assert.equal(state.hasMore, true);
    assert.equal(state.loading, false);
    assert.equal(await loadMatching(state, { want: 4, maxRequests: 3, keep, fetchPage: api.fetchPage }), 'full');
    // Page 6 was read ahead with 4 and 5; page 5 is the end, so its answer is not used.
    assert.deepEqual(api.calls, [1, 2, 3, 4, 5, 6]);
    assert.equal(state.stoppedAtBound, undefined);
    assert.equal(state.items.length, 5);
  });

  it('under a predicate, reads ahead with at most its window of pages in flight, applying them in order', async () => {
    const kinds: Array<Array<'issue' | 'push'>> = [pushes(), pushes(), ['issue', 'push', 'push', 'push'], pushes(), pushes(), ['issue', 'issue', 'issue', 'push'], pushes(), pushes()];
    let inFlight = 0;
    let peak = 0;
    const calls: number[] = [];
    const fetchPage = async (page: number): Promise<Page<Item>> => {
      calls.push(page);
      peak = Math.max(peak, ++inFlight);
      await new Promise((resolve) => setTimeout(resolve, 5 + ((page * 7) % 5))); // answers out of order
      inFlight -= 1;
      const items = (kinds[page - 1] ?? []).map((kind, i) => item(1000 - page * 10 - i, kind));
      return { page, items, nextPage: page < kinds.length ? page + 1 : undefined };
    };
    const state = new PagingState(keyOf);
    assert.equal(await loadMatching(state, { want: 4, maxRequests: 10, window: 3, keep, fetchPage }), 'full');
    assert.equal(peak, 3);
    assert.deepEqual(state.items.map((e) => e.id), [970, 940, 939, 938], 'the matching items, newest first');
    assert.equal(state.nextPage, 7, 'pages read ahead past the one that filled the page are not applied');
    assert.ok(calls.length <= 9 && calls.slice(0, 6).every((page, i) => page === i + 1));
    // A plain load (no predicate) asks for one page.
    const plain = new PagingState(keyOf);
    calls.length = 0;
    assert.equal(await loadMatching(plain, { want: 4, maxRequests: 10, window: 3, fetchPage }), 'full');
    assert.deepEqual(calls, [1]);
  });

  it('ends at the server\'s end, and records a failed page for a retry', async () => {
    const api = server([pushes(), ['issue', 'push', 'push', 'push']]);
    const state = new PagingState(keyOf);
    assert.equal(await loadMatching(state, { want: 4, maxRequests: 10, keep, fetchPage: api.fetchPage }), 'end');
    assert.equal(state.hasMore, false);
    const failing = new PagingState(keyOf);
    const fetchPage = async (): Promise<Page<Item>> => { throw new Error('down'); };
    assert.equal(await loadMatching(failing, { want: 4, maxRequests: 10, keep, fetchPage }), 'failed');
    assert.equal(failing.hasError, true);
    assert.equal(failing.nextPage, 1);
  });

  it('without a client filter reads one page, short or not', async () => {
    const api = server([pushes(), pushes()]);
    const state = new PagingState(keyOf);
    assert.equal(await loadMatching(state, { want: 10, maxRequests: 10, fetchPage: api.fetchPage }), 'full');
    assert.deepEqual(api.calls, [1]);
  });

  it('a reset while a page is in flight makes the rest of the load stale', async () => {
    const state = new PagingState(keyOf);
    const end = loadMatching(state, {
      want: 4, maxRequests: 10, keep,
      fetchPage: async (page) => { state.reset(); return { page, items: [item(1, 'issue')], nextPage: 2 }; },
    });
    assert.equal(await end, 'stale');
    assert.deepEqual(state.items, []);
  });
});
