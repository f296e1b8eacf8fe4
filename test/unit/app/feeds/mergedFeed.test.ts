import assert from 'node:assert/strict';
import { chooseSources, MAX_FEED_SOURCES, type FeedSource } from '../../../../src/app/feeds/feedSource';
import { FeedPages } from '../../../../src/app/feeds/feedPages';
import { MergedFeed } from '../../../../src/app/feeds/mergedFeed';
import { ListStore } from '../../../../src/app/lists/listStore';
import { GitLabError, type GitLabEvent } from '../../../../src/gitlab';
import { event, fakeSource, Probe, timeOf, type FakeSpec } from './fakeSources';

/** The merge by example: the head, last activities, errors per source, bounds, the poll, the list machinery. */

const ids = (rows: readonly GitLabEvent[]): number[] => rows.map((row) => row.id!);
const range = (from: number, to: number, step = 1): number[] => Array.from({ length: Math.floor((to - from) / step) + 1 }, (_, n) => from + n * step);
const hourBefore = (id: number, hours: number) => new Date(Date.parse(timeOf(id)) - hours * 3_600_000).toISOString();

function feedOf(specs: FakeSpec[], options: Partial<ConstructorParameters<typeof MergedFeed>[0]> & { probe?: Probe; invisible?: Set<number> } = {}): { feed: MergedFeed; probe: Probe } {
  const probe = options.probe ?? new Probe();
  const sources = specs.map((spec) => fakeSource(spec, options.order ?? 'desc', probe, options.invisible));
  const feed = new MergedFeed({ pageSize: 5, sourcePageSize: 5, sources: async () => ({ sources }), ...options });
  return { feed, probe };
}

describe('merged feed', () => {
  describe('the head: GitLab 15\'s scope=all as the first page of Your projects', () => {
    const specs: FakeSpec[] = [
      { key: 'project:1', ids: range(1, 90, 3) }, { key: 'project:2', ids: range(2, 90, 3) }, { key: 'project:3', ids: range(3, 90, 3) },
    ];
    const window = range(71, 90).reverse(); // the 20 newest over the three

    it('shows the first 20 rows from the head in one request, no source read; Load more goes on from the sources', async () => {
      const asked: string[] = [];
      const { feed, probe } = feedOf(specs, { pageSize: 20, sourcePageSize: 20, head: async () => { asked.push('head'); return window.map((id) => event(id)); } });
      const first = await feed.load();
      assert.deepEqual(ids(first.rows), window);
      assert.deepEqual(probe.reads, [], 'no source was read for the first page');
      assert.deepEqual(asked, ['head']);
      const second = await feed.load();
      assert.deepEqual(ids(second.rows), range(51, 70).reverse(), 'the next rows, the head\'s again read from the sources dropped');
      assert.deepEqual(probe.reads.sort(), ['project:1:1', 'project:2:1', 'project:3:1'], 'page 1 of each reaches below them');
      assert.deepEqual(feed.takeLate(), [], 'the head\'s events read again are known, not late');
    });

    it('with a tab\'s predicate, the head still tells where every source stands (its oldest event, kept or not)', async () => {
      const even = (e: GitLabEvent) => e.id! % 2 === 0;
      const { feed, probe } = feedOf(specs, { pageSize: 10, sourcePageSize: 20, keep: even, head: async () => window.map((id) => event(id)) });
      assert.deepEqual(ids((await feed.load()).rows), range(72, 90, 2).reverse());
      assert.deepEqual(probe.reads, []);
      assert.deepEqual(ids((await feed.load()).rows), range(52, 70, 2).reverse());
    });

    it('a failed head changes nothing but its own error: the sources are read instead', async () => {
      const { feed, probe } = feedOf(specs, { pageSize: 20, sourcePageSize: 20, head: async () => { throw new GitLabError('server', 'GitLab failed.'); } });
      assert.deepEqual(ids((await feed.load()).rows), window);
      assert.equal(feed.status().headError?.kind, 'server');
      assert.ok(probe.reads.length >= 3);
    });
  });

  describe('reading less by last activity (newest first)', () => {
    /** Ten projects: two busy now, eight idle for days (their last activity a day or more before the newest rows). */
    const busy: FakeSpec[] = [
      { key: 'busy:1', ids: range(1001, 1100, 2), lastActivityAt: timeOf(1099) },
      { key: 'busy:2', ids: range(1002, 1100, 2), lastActivityAt: hourBefore(1100, 0.5) },
    ];
    const idle: FakeSpec[] = range(1, 8).map((n) => ({ key: `idle:${n}`, ids: range(n * 10, n * 10 + 5), lastActivityAt: timeOf(n * 10 + 5) }));

    it('shows the first rows before the idle projects are read: only those that can hold them are asked', async () => {
      const { feed, probe } = feedOf([...busy, ...idle], { pageSize: 10, sourcePageSize: 10 });
      assert.deepEqual(ids((await feed.load()).rows), range(1091, 1100).reverse());
      assert.ok(probe.reads.filter((read) => read.startsWith('idle')).length <= 2, `read: ${probe.reads.join(' ')}`);
    });

    it('reads an idle project once the rows reach its last activity (the hour of lag allowed), all in order', async () => {
      const { feed } = feedOf([...busy, ...idle], { pageSize: 200, sourcePageSize: 10 });
      const rows = ids((await feed.load()).rows);
      assert.deepEqual(rows, [...busy, ...idle].flatMap((spec) => spec.ids).sort((a, b) => b - a));
    });

    it('an import\'s newer id in a project skipped by its last activity comes late, never among the rows', async () => {
      const imported: FakeSpec = { key: 'imported', ids: [1, 2000], times: new Map([[2000, timeOf(1)]]), lastActivityAt: timeOf(1) };
      const { feed } = feedOf([busy[0], imported], { pageSize: 60, sourcePageSize: 60 });
      const rows = ids((await feed.load()).rows);
      assert.ok(!rows.includes(2000));
      assert.deepEqual(ids(feed.takeLate()), [2000]);
      assert.deepEqual(feed.takeLate(), [], 'taken once');
    });
  });

  describe('Load more: only the sources it certainly needs', () => {
    it('reads a quiet project only once the rows reach its last activity, not beside a busier one whose page fills the load', async () => {
      // The bench's project 399: once every page read is shown, nothing buffered bounds the next rows, and the old rule
      // started the quiet project beside the busy one, whose next page then filled the load.
      const specs: FakeSpec[] = [
        { key: 'a', ids: [100, 99, 95, 94, 93, 92], lastActivityAt: timeOf(100) },
        { key: 'b', ids: [98], lastActivityAt: timeOf(98) }, { key: 'c', ids: [97], lastActivityAt: timeOf(97) },
        { key: 'd', ids: [96], lastActivityAt: timeOf(96) }, { key: 'quiet', ids: [1], lastActivityAt: timeOf(1) },
      ];
      const { feed, probe } = feedOf(specs, { pageSize: 2, sourcePageSize: 2 });
      const loads: number[][] = [];
      for (let n = 0; n < 4; n++) loads.push(ids((await feed.load()).rows));
      assert.deepEqual(loads, [[100, 99], [98, 97], [96, 95], [94, 93]]);
      assert.ok(!probe.reads.includes('quiet:1'), `read: ${probe.reads.join(' ')}`);
      assert.deepEqual(ids((await feed.load()).rows), [92, 1], 'read once the rows reach it');
    });

    it('goes on when an import\'s old time puts the cursors out of order: the source the best row waits for is read', async () => {
      // x's second event is an import (a new id, a time long before); y, unread, was last active after it, so the row
      // waits for y, while z's cursor (by time) is newer than y's: no cursor order says y first.
      const specs: FakeSpec[] = [
        { key: 'x', ids: [100, 90, 50, 40], times: new Map([[90, timeOf(10)]]), lastActivityAt: timeOf(100) },
        { key: 'z', ids: [95, 85, 84], lastActivityAt: timeOf(95) },
        { key: 'y', ids: [20], lastActivityAt: timeOf(20) },
      ];
      const { feed, probe } = feedOf(specs, { pageSize: 2, sourcePageSize: 2, maxInFlight: 1 });
      assert.deepEqual(ids((await feed.load()).rows), [100, 95]);
      assert.ok(!probe.reads.includes('y:1'));
      const more = await feed.load();
      assert.deepEqual(ids(more.rows), [90, 85]);
      assert.ok(probe.reads.includes('y:1'));
    });
  });

  describe('errors per source', () => {
    const two = (failing: Partial<FakeSpec>): FakeSpec[] => [{ key: 'ok', ids: range(1, 20) }, { key: 'bad', ids: range(21, 40), ...failing }];

    it('a project gone (404) keeps its error; the others go on to the end', async () => {
      const gone = new GitLabError('notFound', 'GitLab did not find it.', { status: 404, serverMessage: '404 Project Not Found' });
      const { feed } = feedOf(two({ failAt: { page: 2, error: gone } }), { pageSize: 100 });
      assert.deepEqual(ids((await feed.load()).rows), [...range(36, 40), ...range(1, 20)].sort((a, b) => b - a));
      const bad = feed.status().sources!.find((s) => s.key === 'bad')!;
      assert.equal(bad.error, gone);
      assert.equal(bad.progress, 'failed');
      assert.equal(feed.status().sources!.find((s) => s.key === 'ok')!.progress, 'done');
    });

    it('a private profile\'s 200 [] is a source done with nothing: no error', async () => {
      const { feed } = feedOf([{ key: 'user:2', ids: range(1, 9) }, { key: 'user:4', ids: [] }], { pageSize: 20 });
      assert.deepEqual(ids((await feed.load()).rows), range(1, 9).reverse());
      assert.deepEqual(feed.status().sources!.find((s) => s.key === 'user:4'), { key: 'user:4', progress: 'done', pagesRead: 1, eventsRead: 0, buffered: 0, error: undefined });
    });

    it('a passing failure is read again at the next load; what it holds above the shown rows comes late', async () => {
      const flaky = new GitLabError('network', 'Could not reach GitLab.');
      const { feed } = feedOf(two({ failAt: { page: 1, error: flaky, once: true } }), { pageSize: 10 });
      const first = await feed.load();
      assert.deepEqual(ids(first.rows), range(11, 20).reverse());
      assert.equal(first.more, true);
      const second = await feed.load();
      assert.deepEqual(ids(second.rows), range(1, 10).reverse());
      assert.deepEqual(ids(feed.takeLate()), range(21, 40).reverse());
      assert.equal(feed.status().sources!.find((s) => s.key === 'bad')!.error, undefined);
    });

    it('a refused source waits for retry; every source failing fails the load, and the next load tries them all again', async () => {
      const refused = new GitLabError('forbidden', 'Not allowed.');
      const { feed } = feedOf([{ key: 'a', ids: [1, 2], failAt: { page: 1, error: refused, once: true } }], { pageSize: 5 });
      await assert.rejects(feed.load(), (error) => error === refused);
      assert.deepEqual(ids((await feed.load()).rows), [2, 1]);
      const { feed: other } = feedOf([{ key: 'a', ids: [3] }, { key: 'b', ids: [1, 2], failAt: { page: 1, error: refused, once: true } }], { pageSize: 5 });
      assert.deepEqual(ids((await other.load()).rows), [3]);
      assert.equal(other.retry('a'), false, 'only a failed source is retried');
      assert.equal(other.retry('b'), true);
      assert.deepEqual(ids((await other.load()).rows), [2, 1], 'read again, from the page it failed at, below the shown row');
      assert.deepEqual(ids(other.takeLate()), []);
    });
  });

  describe('late events: above the top, or counted', () => {
    const refused = new GitLabError('forbidden', 'Not allowed.');
    // 'bad' is refused until retried; its events lie above the rows (20 … 24) and among them (2 … 18).
    const specs = (): FakeSpec[] => [{ key: 'ok', ids: range(1, 19, 2) }, { key: 'bad', ids: range(2, 24, 2), failAt: { page: 1, error: refused, once: true } }];

    it('a source retried after the rows were shown: what is newer than the top is taken for the top, newest first; the rest stays late', async () => {
      const { feed } = feedOf(specs());
      assert.deepEqual(ids((await feed.load()).rows), [19, 17, 15, 13, 11]);
      assert.deepEqual(ids((await feed.load()).rows), [9, 7, 5, 3, 1]);
      assert.equal(feed.retry('bad'), true);
      const again = await feed.load();
      assert.deepEqual([ids(again.rows), again.more], [[], false], 'no row placed among the shown ones');
      assert.deepEqual(ids(feed.takeLateAboveTop()), [24, 22, 20]);
      assert.deepEqual(feed.takeLateAboveTop(), [], 'taken once');
      assert.equal(feed.status().late, 9);
      // The top is theirs now: a poll puts above them only what is newer still.
      assert.deepEqual(ids(feed.newer([event(23), event(25)], { full: false }).added), [25]);
      assert.deepEqual(ids(feed.takeLate()), range(2, 18, 2).reverse());
    });

    it('an oldest-first feed takes nothing for the top (new events belong at its end)', async () => {
      const { feed } = feedOf(specs(), { order: 'asc' });
      await feed.load();
      await feed.load();
      feed.retry('bad');
      await feed.load();
      assert.deepEqual(feed.takeLateAboveTop(), []);
      assert.ok(feed.status().late > 0);
    });
  });

  describe('bounds', () => {
    it('reads at most 100 sources and says how many it left out and why', () => {
      const source = (key: string): FeedSource => ({ key, read: async () => ({ items: [], page: 1 }) });
      const many = range(1, 130).map((n) => source(`s:${n}`));
      const chosen = chooseSources({ sources: [...many, source('s:1'), source('s:2')], beyond: 20 });
      assert.equal(chosen.sources.length, MAX_FEED_SOURCES);
      assert.deepEqual(chosen.leftOut, { limit: 30 + 20, duplicate: 2 });
      assert.deepEqual(chooseSources({ sources: many.slice(0, 3), beyond: 'unknown' }).leftOut, { limit: 'unknown', duplicate: 0 });
    });

    it('feed status counts what a feed left out', async () => {
      const sources = range(1, 105).map((n) => fakeSource({ key: `s:${n}`, ids: [n] }, 'desc', new Probe()));
      const feed = new MergedFeed({ pageSize: 200, sources: async () => ({ sources }) });
      assert.equal((await feed.load()).rows.length, 100);
      assert.deepEqual(feed.status().leftOut, { limit: 5, duplicate: 0 });
    });

    it('stops at its bound of rows, and a load at its bound of requests says so (Continue)', async () => {
      const { feed } = feedOf([{ key: 'a', ids: range(1, 50) }], { pageSize: 20, maxRows: 30 });
      assert.equal((await feed.load()).rows.length, 20);
      const last = await feed.load();
      assert.deepEqual([last.rows.length, last.more, feed.status().capped], [10, false, true]);
      const invisible = new Set(range(11, 50));
      const { feed: sparse } = feedOf([{ key: 'a', ids: range(1, 50) }], { pageSize: 5, sourcePageSize: 5, maxRequestsPerLoad: 3, invisible });
      const bounded = await sparse.load();
      assert.deepEqual([bounded.rows.length, bounded.more, bounded.bound], [0, true, true]);
    });

    it('keeps at most 100 late events, counting the rest', async () => {
      const late = range(1001, 1150);
      const imported: FakeSpec = { key: 'imported', ids: late, times: new Map(late.map((id) => [id, timeOf(1)])), lastActivityAt: timeOf(1) };
      const { feed } = feedOf([{ key: 'a', ids: range(500, 520) }, imported], { pageSize: 30, sourcePageSize: 100 });
      await feed.load();
      await feed.load();
      assert.deepEqual([feed.status().late, feed.status().lateDropped], [100, 50]);
      assert.equal(feed.takeLate().length, 100);
    });

    it('ends a source whose next page does not move forward (a server that names the same page again)', async () => {
      let reads = 0;
      const stuck: FeedSource = { key: 'stuck', read: async (page) => { reads += 1; return { items: [event(10 - page)], page, nextPage: page }; } };
      const feed = new MergedFeed({ pageSize: 5, sources: async () => ({ sources: [stuck] }) });
      const load = await feed.load();
      assert.deepEqual([ids(load.rows), load.more, reads], [[9], false, 1]);
    });

    it('stops every request when disposed: a load under way rejects as cancelled', async () => {
      const { feed } = feedOf([{ key: 'a', ids: range(1, 10), delay: 50 }], { pageSize: 5 });
      const load = feed.load();
      feed.dispose();
      await assert.rejects(load, (error: GitLabError) => error.kind === 'cancelled');
    });
  });

  describe('the poll', () => {
    it('newer: a poll\'s one request puts what is newer than the newest row on top, each once, and says when some may be missing', async () => {
      const { feed } = feedOf([{ key: 'a', ids: range(1, 30) }], { pageSize: 10 });
      await feed.load();
      const polled = feed.newer([31, 32, 30, 29].map((id) => event(id)), { full: false });
      assert.deepEqual([ids(polled.added), polled.gap], [[32, 31], false]);
      assert.deepEqual(ids(feed.newer([32, 33].map((id) => event(id)), { full: false }).added), [33]);
      const gap = feed.newer(range(40, 59).map((id) => event(id)), { full: true });
      assert.equal(gap.gap, true, 'the window of 20 did not reach down to the newest row');
    });

    it('refresh: reads page 1 of the sources named only; Load more goes on from each cursor, the shifted pages\' repeats dropped', async () => {
      const probe = new Probe();
      const moving: FakeSpec = { key: 'b', ids: range(2, 30, 2) };
      const { feed } = feedOf([{ key: 'a', ids: range(1, 30, 2) }, moving], { pageSize: 10, probe });
      assert.deepEqual(ids((await feed.load()).rows), range(21, 30).reverse());
      moving.ids = [...moving.ids, 40, 42];
      probe.reads.length = 0;
      const refreshed = await feed.refresh(['b']);
      assert.deepEqual(probe.reads, ['b:1']);
      assert.deepEqual([ids(refreshed.added), refreshed.gap], [[42, 40], false]);
      const rest = [...ids((await feed.load()).rows), ...ids((await feed.load()).rows)];
      assert.deepEqual(rest, range(1, 20).reverse());
    });
  });

  it('plugs into the list machinery: page 1 starts the feed afresh, Load more is its next load', async () => {
    const pages = new FeedPages();
    const sources = [fakeSource({ key: 'a', ids: range(1, 12) }, 'desc', new Probe())];
    const store = new ListStore<{ key: string }, GitLabEvent>((e) => e.id, {
      pageSize: 5, window: 1,
      request: (source) => ({ fetchPage: pages.fetcher(source.key, () => ({ pageSize: 5, sources: async () => ({ sources }) })) }),
    });
    const list = { key: 'your-projects' };
    await store.load(list);
    await store.loadMore(list);
    await store.loadMore(list);
    assert.deepEqual(ids(store.rows(list.key).items), range(1, 12).reverse());
    assert.equal(store.rows(list.key).after, 'end');
    assert.ok(pages.feed(list.key)?.status().ended);
  });
});
