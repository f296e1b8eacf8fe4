import assert from 'node:assert/strict';
import fc from 'fast-check';
import { MergedFeed } from '../../../../src/app/feeds/mergedFeed';
import type { FeedOrder } from '../../../../src/app/feeds/feedSource';
import { GitLabError, type GitLabEvent } from '../../../../src/gitlab';
import { fakeSource, prefix, Probe, timeOf, union, type FakeSpec } from './fakeSources';
import { ACTIVITY_LAG_MS } from '../../../../src/app/feeds/feedPlan';

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

/**
 * Sources active in spans of their own (a busy project's events dense and recent, a quiet one's sparse and older), last
 * activities given, pages as large as the load or not: where reading a less active source beside busy ones can be waste.
 */
const spans = fc.record({
  specs: fc.array(fc.record({ start: fc.integer({ min: 1, max: 200 }), count: fc.integer({ min: 0, max: 40 }), step: fc.integer({ min: 1, max: 6 }) }), { minLength: 2, maxLength: 8 })
    .map((lists) => lists.map(({ start, count, step }, n): FakeSpec => ({ key: `source:${n}`, ids: Array.from({ length: count }, (_, i) => start + i * step), delay: 1 + (n % 3) }))),
  invisible: fc.uniqueArray(fc.integer({ min: 1, max: 440 }), { maxLength: 20 }).map((ids) => new Set(ids)),
  pageSize: fc.integer({ min: 1, max: 12 }),
  perPage: fc.integer({ min: 1, max: 12 }),
  samePage: fc.boolean(),
  order: fc.constantFrom<FeedOrder>('desc', 'desc', 'asc'),
  lags: fc.array(fc.integer({ min: 0, max: 60 }), { minLength: 8, maxLength: 8 }),
  hints: fc.constant(true),
}).map(({ samePage, ...input }) => ({ ...input, perPage: samePage ? input.pageSize : input.perPage }));

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

/**
 * Whether source `spec` could hold none of the rows down to `last` when its page `page` was asked for, by what the feed
 * knew then (its cursor): read before, its next events lie past the furthest one it gave; unread, newest first, none
 * is newer than its last activity with the hour's lag. Then the read was not needed for those rows.
 */
function readBeyond(input: Setup, spec: FakeSpec, n: number, page: number, last: number): boolean {
  const sorted = [...new Set(spec.ids)].sort((a, b) => (input.order === 'desc' ? b - a : a - b));
  const given = sorted.slice(0, (page - 1) * input.perPage).filter((id) => !input.invisible.has(id));
  if (given.length > 0) {
    const reach = given[given.length - 1];
    return input.order === 'desc' ? last >= reach : last <= reach;
  }
  if (page > 1 || input.order !== 'desc' || !input.hints || spec.ids.length === 0) return false;
  const activity = Date.parse(timeOf(Math.max(...spec.ids))) - input.lags[n] * 60_000;
  return Date.parse(timeOf(last)) > activity + ACTIVITY_LAG_MS;
}

describe('merged feed: properties', () => {
  it('a Load more reads no source that could hold none of its rows by what the feed knew: its cursor older than the last row it shows', async () => {
    await fc.assert(fc.asyncProperty(fc.oneof(setup, spans), async (input) => {
      const probe = new Probe();
      const feed = feedOf(input, probe);
      for (let loads = 0; loads < 1000; loads++) {
        const begun = probe.reads.length;
        const load = await feed.load();
        while (feed.status().inFlight > 0) await new Promise((resolve) => setImmediate(resolve));
        if (!load.more) return;
        // The first page reads side by side (its rows before every source answered); a full Load more reads only what it needs.
        if (loads === 0 || load.rows.length < input.pageSize) continue;
        const last = load.rows[load.rows.length - 1].id!;
        for (const read of probe.reads.slice(begun)) {
          const [, index, page] = /^source:(\d+):(\d+)$/.exec(read)!.map(Number);
          assert.ok(!readBeyond(input, input.specs[index], index, page, last), `Load more ${loads + 1} read ${read} though it could hold nothing down to row ${last}`);
        }
      }
    }), { numRuns: 300 });
  });

  it('its rows are sorted in GitLab\'s order and equal the sorted union of the sources, each event once (short and empty pages followed)', async () => {
    await fc.assert(fc.asyncProperty(fc.oneof(setup, spans), async (input) => {
      const probe = new Probe();
      const feed = feedOf(input, probe);
      assert.deepEqual(await drain(feed, input.order), union(input.specs, input.order, input.invisible));
      assert.deepEqual(feed.takeLate(), [], 'nothing came late: last activities as GitLab keeps them are safe to skip by');
      assert.equal(feed.status().held, 0);
    }), { numRuns: 150 });
  });

  it('never more than 4 requests in flight over all sources, one per source, and none to a source holding a page unshown', async () => {
    await fc.assert(fc.asyncProperty(fc.oneof(setup, spans), async (input) => {
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
