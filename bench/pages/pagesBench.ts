import { Agent, request } from 'undici';
import { localZone } from '../../src/app/calendar';
import { inWindow, planRange } from '../../src/app/activity/markdownRange';
import { fetchEventsInRange } from '../../src/app/activity/rangeEvents';
import { ProjectDirectory } from '../../src/app/projectDirectory';
import { MY_ACTIVITY } from '../../src/app/activity/sources';
import { GitLabClient, Transport, readPages, type GitLabEvent } from '../../src/gitlab';
import { UndiciExchange } from '../../src/node/undiciExchange';
import { createDispatcher } from '../../src/node/dispatcher';
import { GitLabDouble } from '../../test/double';
import { TOKEN } from '../fetch/listers';
import { ratioOf, summarize, type Summary } from '../lib/stats';
import { ms, raceWindows, type RaceResult } from './windowRace';

/**
 * Many pages under latency, and Load more as the tree sees it. The double (in this process: at 50 ms a response, its
 * CPU work is small next to the wait) adds a fixed delay to every answer, as a far-away instance would.
 */
export const LATENCY_MS = 50;
const PER_PAGE = 100;
const DOUBLE = { events: 12_000, seed: 5 };

export interface PagesResult extends RaceResult {
  pages: number;
  events: number;
  floorPeakInFlight: number;
  /** A 429 injected on one page of a window-8 read: the window after each change, and whether the events stayed the same. */
  rateLimited: { windows: number[]; status429: number; sameEvents: boolean; peakInFlight: number };
  loadMore: { tree: Summary; raw: Summary; overRaw: { median: number; min: number; max: number }; rowsAdded: number };
}

async function floorRead(url: string, query: string, dispatcher: Agent): Promise<GitLabEvent[]> {
  const all: GitLabEvent[] = [];
  let page = '1';
  while (page) {
    const response = await request(`${url}/api/v4/events?${query}&page=${page}&per_page=${PER_PAGE}`, { dispatcher, headers: { 'private-token': TOKEN } });
    for (const item of JSON.parse(await response.body.text()) as GitLabEvent[]) all.push(item);
    const next = response.headers['x-next-page'];
    page = typeof next === 'string' ? next : '';
  }
  return all;
}

export async function pagesBench(runs: number, progress: (line: string) => void): Promise<PagesResult> {
  const double = await GitLabDouble.start(DOUBLE);
  const dispatcher = createDispatcher();
  const floorAgent = new Agent({ keepAliveTimeout: 30_000 });
  try {
    const transport = new Transport({ instanceUrl: double.url, token: () => TOKEN, exchange: new UndiciExchange(dispatcher) });
    const client = new GitLabClient(transport);
    // The Markdown range over the double's whole history (about 60 days), read as the extension reads it.
    const now = Date.now();
    const zone = localZone();
    const day = (offset: number) => new Date(now + offset * 86_400_000).toISOString().slice(0, 10);
    const plan = planRange({ first: day(-75), last: day(0) }, {}, zone);
    if (!plan.ok) throw new Error(plan.message);
    const range = (window: number) => fetchEventsInRange(client, MY_ACTIVITY.source, plan, { perPage: PER_PAGE, window }).then((chunk) => chunk.events);
    // The floor asks for the same query: read it from the client's first request.
    double.clearLog();
    const reference = await range(1);
    const first = double.requests.find((r) => r.path === '/api/v4/events');
    if (!first) throw new Error('The range reader asked for nothing.');
    const query = Object.entries(first.query).filter(([k]) => k !== 'page' && k !== 'per_page').map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&');
    const pages = double.requests.filter((r) => r.path === '/api/v4/events').length;
    const seenFloor = (events: GitLabEvent[]) => {
      const seen = new Set<number>();
      return events.filter((e) => (typeof e.id !== 'number' || (!seen.has(e.id) && seen.add(e.id) !== undefined)) && inWindow(e, plan));
    };
    const ids = (events: GitLabEvent[]) => events.map((e) => e.id).join(',');
    const referenceIds = ids(reference);

    double.inject({ fault: { kind: 'latency', ms: LATENCY_MS }, path: '/events', times: Infinity });
    let floorPeak = 0;
    const race = await raceWindows('pages', runs, {
      floor: async () => {
        const started = performance.now();
        const events = await floorRead(double.url, query, floorAgent);
        const time = ms(started);
        floorPeak = Math.max(floorPeak, double.peakInFlight);
        if (ids(seenFloor(events)) !== referenceIds) throw new Error('The floor read other events than the range reader.');
        return time;
      },
      read: async (window) => {
        const started = performance.now();
        const events = await range(window);
        return { ms: ms(started), same: ids(events) === referenceIds };
      },
      clearLog: () => double.clearLog(),
      peakInFlight: () => double.peakInFlight,
    }, progress);

    // Push-back: one 429 (Retry-After 1 s, retried by the transport) while a window of 8 reads.
    double.clearLog();
    double.inject({ fault: { kind: 'rateLimit', style: 'rackAttack', retryAfterSeconds: 1 }, path: '/events', times: 1 });
    const windows: number[] = [8];
    const limitedPages = await readPages((page, signal) => client.listEvents(MY_ACTIVITY.source, plan.filter, { page, perPage: PER_PAGE }, signal), {
      window: 8, onRateLimited: (listener) => client.onRateLimited(listener), onWindow: (w) => windows.push(w),
    });
    const limited = seenFloor(limitedPages.flatMap((p) => p.items));
    const rateLimited = {
      windows, status429: double.requests.filter((r) => r.status === 429).length, sameEvents: ids(limited) === referenceIds, peakInFlight: double.peakInFlight,
    };

    const loadMore = await loadMoreBench(double.url, runs);
    return {
      latencyMs: LATENCY_MS, pages, events: reference.length, runs, floor: race.floor, floorPeakInFlight: floorPeak,
      windows: race.windows, rateLimited, loadMore,
    };
  } finally {
    await dispatcher.close();
    await floorAgent.close();
    await double.close();
  }
}

/**
 * Load more as the tree sees it: from the click (the feeds' loadMore, what the command runs) to the provider's change
 * event and the new rows asked for, with the real client against the double at the same latency; next to one raw
 * undici request of the same page.
 */
async function loadMoreBench(url: string, runs: number) {
  const { ActivityTreeUnderStub } = await import('./treeUnderStub');
  const dispatcher = createDispatcher();
  const agent = new Agent({ keepAliveTimeout: 30_000 });
  const tree: number[] = [];
  const raw: number[] = [];
  let rowsAdded = 0;
  try {
    const client = new GitLabClient(new Transport({ instanceUrl: url, token: () => TOKEN, exchange: new UndiciExchange(dispatcher) }));
    for (let run = 0; run < runs + 1; run++) {
      const directory = new ProjectDirectory(() => client);
      const provider = ActivityTreeUnderStub(client, directory, url, 20);
      const { feeds, mine } = provider;
      await feeds.load(mine);
      await feeds.whenIdle();
      await directory.resolve(feeds.get(mine.key).items.map((e) => e.project_id).filter((id): id is number => typeof id === 'number'));
      const before = provider.eventRows();
      const page = feeds.get(mine.key).nextPage ?? 2;
      const started = performance.now();
      // Done when a change event's redraw shows more event rows than before the click.
      let after = before;
      const changed = new Promise<void>((resolve) => {
        const off = provider.onChange((rows) => { if (rows > before) { after = rows; off(); resolve(); } });
      });
      void feeds.loadMore(mine);
      await changed;
      const treeMs = ms(started);
      provider.dispose();
      const rawStarted = performance.now();
      const response = await request(`${url}/api/v4/events?page=${page}&per_page=20&sort=desc`, { dispatcher: agent, headers: { 'private-token': TOKEN } });
      JSON.parse(await response.body.text());
      const rawMs = ms(rawStarted);
      if (run === 0) continue; // warm-up: connections, code
      tree.push(treeMs);
      raw.push(rawMs);
      rowsAdded = after - before;
    }
  } finally {
    await dispatcher.close();
    await agent.close();
  }
  return { tree: summarize(tree), raw: summarize(raw), overRaw: ratioOf(tree, raw), rowsAdded };
}
