import assert from 'node:assert/strict';
import fc from 'fast-check';
import { MergedFeed } from '../../../../src/app/feeds/mergedFeed';
import type { FeedOrder } from '../../../../src/app/feeds/feedSource';
import { GitLabError, type GitLabEvent } from '../../../../src/gitlab';
import { fakeSource, prefix, Probe, timeOf, union, type FakeSpec } from './fakeSources';

/** The merge's promises, over any sources (fast-check): order, each event once, bounds in flight and held, failures. */

const idsOf = (rows: readonly GitLabEvent[]): number[] => rows.map((row) => row.id!);

/** Loads until the feed has no more; every page's rows after the last page's, each page sorted. */
async function drain(feed: MergedFeed, order: FeedOrder): Promise<number[]> {
  const all: number[] = [];
  for (let loads = 0; loads < 1000; loads++) {
    const load = await feed.load();
    const ids = idsOf(load.rows);
    const sorted = (a: number, b: number) => (order === 'desc' ? a > b : a < b);
    for (let n = 0; n < ids.length; n++) {
      const before = n === 0 ? all[all.length - 1] : ids[n - 1];
      if (before !== undefined) assert.ok(sorted(before, ids[n]), `row ${ids[n]} put after ${before}: a load inserted above a shown row`);
    }
    all.push(...ids);
    if (!load.more) return all;
  }
  throw new Error('The feed does not end.');
}

const specsArbitrary = fc.array(fc.uniqueArray(fc.integer({ min: 1, max: 150 }), { maxLength: 30 }), { minLength: 1, maxLength: 7 })
  .map((lists) => lists.map((ids, n): FakeSpec => ({ key: `source:${n}`, ids, delay: 1 + (n % 3) })));

const setup = fc.record({
  specs: specsArbitrary,
  invisible: fc.uniqueArray(fc.integer({ min: 1, max: 150 }), { maxLength: 30 }).map((ids) => new Set(ids)),
  pageSize: fc.integer({ min: 1, max: 12 }),
  perPage: fc.integer({ min: 1, max: 8 }),
  order: fc.constantFrom<FeedOrder>('desc', 'asc'),
  /** Newest first: last activities as GitLab keeps them (the newest event's time, up to an hour earlier). */
  lags: fc.array(fc.integer({ min: 0, max: 60 }), { minLength: 7, maxLength: 7 }),
  hints: fc.boolean(),
});

type Setup = typeof setup extends fc.Arbitrary<infer T> ? T : never;

function feedOf(input: Setup, probe: Probe, specs: FakeSpec[] = input.specs): MergedFeed {
  const sources = specs.map((spec, n) => {
    const newest = spec.ids.length > 0 ? Math.max(...spec.ids) : undefined;
    const lastActivityAt = input.hints && newest !== undefined ? new Date(Date.parse(timeOf(newest)) - input.lags[n] * 60_000).toISOString() : undefined;
    return fakeSource({ ...spec, lastActivityAt }, input.order, probe, input.invisible);
  });
  const feed = new MergedFeed({ pageSize: input.pageSize, sourcePageSize: input.perPage, order: input.order, sources: async () => ({ sources }) });
  probe.held = (key) => feed.status().sources?.find((status) => status.key === key)?.buffered ?? 0;
  return feed;
}

describe('merged feed: properties', () => {
  it('its rows are sorted in GitLab\'s order and equal the sorted union of the sources, each event once (short and empty pages followed)', async () => {
    await fc.assert(fc.asyncProperty(setup, async (input) => {
      const probe = new Probe();
      const feed = feedOf(input, probe);
      assert.deepEqual(await drain(feed, input.order), union(input.specs, input.order, input.invisible));
      assert.deepEqual(feed.takeLate(), [], 'nothing came late: last activities as GitLab keeps them are safe to skip by');
      assert.equal(feed.status().held, 0);
    }), { numRuns: 150 });
  });

  it('never more than 4 requests in flight over all sources, one per source, and none to a source holding a page unshown', async () => {
    await fc.assert(fc.asyncProperty(setup, async (input) => {
      const probe = new Probe();
      const feed = feedOf(input, probe);
      await drain(feed, input.order);
      assert.ok(probe.peak <= 4, `${probe.peak} requests at once`);
      assert.equal(probe.peakPerSource <= 1, true, 'two requests to one source at once');
      assert.equal(probe.heldAtRead, 0, 'a source was read while the feed held a page of it unshown');
    }), { numRuns: 100 });
  });

  it('holds at most one page a source beyond what it has shown, after every load', async () => {
    await fc.assert(fc.asyncProperty(setup, async (input) => {
      const feed = feedOf(input, new Probe());
      for (let loads = 0; loads < 1000; loads++) {
        const load = await feed.load();
        for (const source of feed.status().sources ?? []) assert.ok(source.buffered <= input.perPage, `${source.key} holds ${source.buffered}`);
        if (!load.more) return;
      }
    }), { numRuns: 80 });
  });

  it('a failing source changes nothing but its own row: the others are read to the end, it keeps what it gave and its error', async () => {
    await fc.assert(fc.asyncProperty(setup, fc.nat(), fc.integer({ min: 1, max: 4 }), fc.constantFrom('notFound', 'forbidden'),
      async (input, which, page, kind) => {
        const failing = which % input.specs.length;
        const error = new GitLabError(kind as 'notFound' | 'forbidden', 'GitLab refused.');
        const specs = input.specs.map((spec, n) => (n === failing ? { ...spec, failAt: { page, error } } : spec));
        const feed = feedOf(input, new Probe(), specs);
        const expectedSpecs = specs.map((spec, n) => (n === failing ? { ...spec, ids: prefix(spec, input.order, input.perPage, page) } : spec));
        let rows: number[];
        try {
          rows = await drain(feed, input.order);
        } catch (thrown) {
          // Every source failed (the failing one was the only one with anything to read): the load says so.
          assert.equal(thrown, error);
          assert.ok(specs.every((spec, n) => n === failing || spec.ids.length === 0) || specs.length === 1);
          return;
        }
        assert.deepEqual(rows, union(expectedSpecs, input.order, input.invisible));
        const statuses = feed.status().sources!;
        for (const [n, status] of statuses.entries()) {
          // The failing page is reached when the pages before it said there is a next one.
          const failed = n === failing && (page === 1 || specs[n].ids.length > (page - 1) * input.perPage);
          assert.equal(status.error, failed ? error : undefined, status.key);
          assert.equal(status.progress, failed ? 'failed' : 'done', status.key);
        }
      }), { numRuns: 120 });
  });
});
