import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GitLabError, NO_FILTER, PageWindow, readPages, type GitLabEvent, type Page } from '../../../src/gitlab';
import { GitLabDouble } from '../../double';
import { makeClient, type TestClient, withDoubleAndClient } from './helpers';

const NOW = () => new Date('2026-11-19T10:00:00Z');

/** Pages of a listing held in memory: `ends` is the last page; no X-Total unless `total` is given. */
function pagesOf(count: number, options: { total?: number; perPage?: number; next?: (page: number) => number | undefined } = {}) {
  const asked: number[] = [];
  const aborted: number[] = [];
  /** For each request, the page and how many were in flight with it when it was asked. */
  const overlaps: Array<{ page: number; inFlight: number }> = [];
  let inFlight = 0;
  let peak = 0;
  const release: Array<() => void> = [];
  const fetchPage = (page: number, signal: AbortSignal): Promise<Page<number>> => {
    asked.push(page);
    inFlight += 1;
    peak = Math.max(peak, inFlight);
    overlaps.push({ page, inFlight });
    return new Promise<Page<number>>((resolve, reject) => {
      signal.addEventListener('abort', () => { aborted.push(page); inFlight -= 1; reject(new GitLabError('cancelled', 'cancelled')); });
      // Answered in the order asked, a turn later, so pages really overlap.
      release.push(() => {
        if (signal.aborted) return;
        inFlight -= 1;
        const next = options.next ? options.next(page) : page < count ? page + 1 : undefined;
        resolve({ items: page <= count ? [page * 10, page * 10 + 1] : [], nextPage: next, page, perPage: options.perPage ?? 2, total: options.total });
      });
      setImmediate(() => release.shift()?.());
    });
  };
  return { fetchPage, asked, aborted, overlaps, peak: () => peak };
}

describe('Page reader: many pages, a bounded window', () => {
  it('reads every page in order when the end is unknown, dropping the pages read past the end', async () => {
    const source = pagesOf(7);
    const delivered: number[] = [];
    const pages = await readPages(source.fetchPage, { window: 4, onPage: (page) => void delivered.push(page.page) });
    assert.deepEqual(pages.map((p) => p.page), [1, 2, 3, 4, 5, 6, 7]);
    assert.deepEqual(delivered, [1, 2, 3, 4, 5, 6, 7]);
    assert.deepEqual(pages.flatMap((p) => p.items), [10, 11, 20, 21, 30, 31, 40, 41, 50, 51, 60, 61, 70, 71]);
    assert.ok(source.asked.some((p) => p > 7), 'read ahead past the end');
    assert.ok(source.peak() <= 4 && source.peak() > 1, `peak ${source.peak()}`);
  });

  it('asks for no page past the end when X-Total says where it is', async () => {
    const source = pagesOf(7, { total: 13, perPage: 2 });
    const pages = await readPages(source.fetchPage, { window: 4 });
    assert.deepEqual(pages.map((p) => p.page), [1, 2, 3, 4, 5, 6, 7]);
    assert.deepEqual([...source.asked].sort((a, b) => a - b), [1, 2, 3, 4, 5, 6, 7]);
  });

  it('does not trust a capped X-Total: it reads ahead past where the total would put the end, and follows a next page that is not the following one', async () => {
    // GitLab caps X-Total at 10,001 (§3.8): at 100 a page, believed, it would say page 101 is the last one.
    const source = pagesOf(120, { total: 10_001, perPage: 100, next: (page) => (page === 2 ? 5 : page < 120 ? page + 1 : undefined) });
    const pages = await readPages(source.fetchPage, { window: 3 });
    assert.deepEqual(pages.map((p) => p.page), [1, 2, ...Array.from({ length: 116 }, (_, i) => i + 5)]);
    const pastTheCap = source.overlaps.filter((request) => request.page > 101);
    assert.ok(pastTheCap.some((request) => request.inFlight > 1), 'read one page at a time past page 101, as if the total were the end');
    assert.ok(source.asked.some((page) => page > 120), 'never read ahead past page 120, as if the end were known');
  });

  it('with a window of 1, reads one page at a time', async () => {
    const source = pagesOf(5);
    await readPages(source.fetchPage, { window: 1 });
    assert.equal(source.peak(), 1);
    assert.deepEqual(source.asked, [1, 2, 3, 4, 5]);
  });

  it('fails with the first failed page of the listing, not with one read past the end', async () => {
    const failing = (bad: number) => async (page: number): Promise<Page<number>> => {
      if (page === bad) throw new GitLabError('server', `page ${page} failed`);
      return { items: [page], nextPage: page < 5 ? page + 1 : undefined, page };
    };
    await assert.rejects(readPages(failing(3), { window: 4 }), /page 3 failed/);
    const pages = await readPages(failing(7), { window: 4 });
    assert.deepEqual(pages.map((p) => p.page), [1, 2, 3, 4, 5]);
  });

  it('reads at most the window less one past the page it waits for, however early the pages after it answer', async () => {
    const asked: number[] = [];
    let answerSlowPage: (() => void) | undefined;
    const fetchPage = (page: number): Promise<Page<number>> => {
      asked.push(page);
      const answer = { items: [page], nextPage: page < 50 ? page + 1 : undefined, page };
      // Page 3 answers last; every other page at once, so an in-flight count alone would run ahead while it waits.
      if (asked.length > 20) return new Promise(() => undefined); // a reader running away stops here, for the assertion
      if (page !== 3) return Promise.resolve(answer);
      return new Promise((resolve) => { answerSlowPage = () => resolve(answer); });
    };
    const read = readPages(fetchPage, { window: 4, onPage: (page) => (page.page === 3 ? 'stop' : undefined) });
    for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual([...asked].sort((a, b) => a - b), [1, 2, 3, 4, 5, 6], 'pages 4 to 6 ahead of page 3, no further');
    answerSlowPage!();
    assert.deepEqual((await read).map((p) => p.page), [1, 2, 3]);
  });

  it('halves its window on push-back and grows it back one page at a time', () => {
    const seen: number[] = [];
    const window = new PageWindow(8, (w) => seen.push(w));
    window.pushedBack();
    window.pushedBack();
    assert.equal(window.current, 2);
    for (let i = 0; i < 2; i++) window.pageAnswered();
    for (let i = 0; i < 3; i++) window.pageAnswered();
    assert.deepEqual(seen, [4, 2, 3, 4]);
    window.pushedBack();
    window.pushedBack();
    window.pushedBack();
    assert.equal(window.current, 1, 'never below one');
    assert.throws(() => new PageWindow(0), /at least 1/);
  });
});

describe('Page reader against the GitLab double', () => {
  let double: GitLabDouble;
  let client: TestClient;
  // About 1,300 events on /events, some pages short or empty (events dropped after paging).
  withDoubleAndClient({ events: 3_000, seed: 3, now: NOW }, (started, made) => { double = started; client = made; });
  afterEach(() => double.clearFaults());

  const read = (window: number, extra: Partial<Parameters<typeof readPages<GitLabEvent>>[1]> = {}) => readPages(
    (page, signal) => client.client.listEvents({ kind: 'mine' }, NO_FILTER, { page, perPage: 20 }, signal),
    { window, onRateLimited: (listener) => client.client.onRateLimited(listener), ...extra },
  );

  it('never has more requests in flight than its window, and returns the same events in the same order as one by one', async () => {
    const sequential = await read(1);
    assert.ok(sequential.length > 10, `only ${sequential.length} pages`);
    assert.ok(sequential.some((p) => p.items.length < 20 && p.nextPage !== undefined), 'no short page before the end');
    // A far-away server: every answer waits, so requests overlap when the reader lets them.
    double.inject({ fault: { kind: 'latency', ms: 40 }, path: '/events', times: Infinity });
    for (const window of [2, 3]) {
      double.clearLog();
      const pages = await read(window);
      assert.ok(double.peakInFlight <= window, `window ${window}: ${double.peakInFlight} in flight`);
      assert.ok(double.peakInFlight > 1, `window ${window}: requests never overlapped`);
      assert.deepEqual(pages.flatMap((p) => p.items.map((e) => e.id)), sequential.flatMap((p) => p.items.map((e) => e.id)));
      assert.deepEqual(pages.map((p) => p.page), sequential.map((p) => p.page));
    }
  });
});

describe('Page reader against a server that pushes back', () => {
  /**
   * A listing of `LAST` empty pages on loopback that counts the requests in flight as they arrive. The first request
   * for page 1 waits until pages 2 to 4 have been answered, then gets a 429; its retry and every later page are
   * answered after `HOLD_MS`, so the pages the reader asks for together are in flight together.
   */
  const LAST = 16;
  const HOLD_MS = 150;
  let server: Server;
  let url: string;
  let trace: string[];
  let arrivals: Array<{ page: number; inFlight: number }>;
  let inFlight: number;
  let held429: (() => void) | undefined;
  before(async () => {
    server = createServer((request, response) => {
      const page = Number(new URL(request.url ?? '', 'http://x').searchParams.get('page') ?? 1);
      const first = !trace.includes(`arrive ${page}`);
      inFlight += 1;
      arrivals.push({ page, inFlight });
      trace.push(`arrive ${page}`);
      const answer = (status: 200 | 429) => {
        inFlight -= 1;
        trace.push(`answer ${page}${status === 429 ? ' 429' : ''}`);
        if (status === 429) response.writeHead(429, { 'content-type': 'text/plain', 'retry-after': '1' }).end('Retry later\n');
        else response.writeHead(200, { 'content-type': 'application/json', 'x-page': String(page), 'x-per-page': '20', 'x-next-page': page < LAST ? String(page + 1) : '' }).end('[]');
      };
      // Page 1's 429 goes out a moment after pages 2 to 4 are answered, so the reader has taken those in first.
      const push = () => {
        if (!held429 || !['answer 2', 'answer 3', 'answer 4'].every((line) => trace.includes(line))) return;
        setTimeout(held429, 20);
        held429 = undefined;
      };
      if (page === 1 && first) held429 = () => answer(429);
      else if (page <= 4 && first) answer(200);
      else setTimeout(() => answer(200), HOLD_MS);
      push();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise((resolve) => server.close(resolve)));
  beforeEach(() => {
    trace = [];
    arrivals = [];
    inFlight = 0;
    held429 = undefined;
  });

  it('halves its window when GitLab answers 429: the server sees fewer requests at once, then the window grows back', async () => {
    const client = makeClient(url);
    try {
      const pages = await readPages((page, signal) => client.client.listEvents({ kind: 'mine' }, NO_FILTER, { page, perPage: 20 }, signal),
        { window: 4, onRateLimited: (listener) => client.client.onRateLimited(listener) });
      assert.deepEqual(pages.map((p) => p.page), Array.from({ length: LAST }, (_, i) => i + 1), 'every page, in order');
      assert.ok(trace.includes('answer 1 429'), trace.join(', '));
      // The pages asked for once page 1 has come back: all in flight before the first of them is answered.
      const retried = trace.lastIndexOf('answer 1');
      const next = trace.slice(retried + 1);
      const burst = next.slice(0, next.findIndex((line) => line.startsWith('answer'))).length;
      assert.ok(burst >= 2 && burst <= 3, `after the 429, ${burst} requests at once (the window of 4 halved is 2, grown by at most one since): ${trace.join(', ')}`);
      const later = arrivals.filter((arrival) => arrival.page > 4 + burst);
      assert.ok(arrivals.every((arrival) => arrival.inFlight <= 4), 'never more than the window');
      assert.equal(Math.max(...later.map((arrival) => arrival.inFlight)), 4, `grown back to 4 at once: ${trace.join(', ')}`);
    } finally {
      await client.close();
    }
  });
});
