import { Agent, type Dispatcher } from 'undici';
import { MergedFeed } from '../../src/app/feeds/mergedFeed';
import { starredPlan, yourProjectsPlan, SCOPE_ALL_WINDOW, type FeedSupport } from '../../src/app/feeds/feedPlans';
import type { FeedClient } from '../../src/gitlab';
import { createDispatcher } from '../../src/node/dispatcher';
import { GitLabDouble } from '../../test/double';
import { summarize, ratioOf, type Ratio, type Summary } from '../lib/stats';
import { bareRequest, countedLoad, describe, ofClient, projectRead, sequentialFloor, supportOf, timedClient, type ClientCall, type LoadReads } from './feedDriver';
import { redrawBench, type RedrawResult } from './redraws';

/**
 * The merged feeds (bench/README.md, section 7): the real `FeedClient` and `MergedFeed` over real HTTP against the
 * double in this process, every answer 50 ms late (it answers requests that arrive together one after the other: the
 * head beside the list of projects is a floor of its own); the floors are raw undici requests of the same sizes, timed
 * in the same run. Then the Activity tree's change events on a poll that adds one row.
 */

/** The manifest's default `gitlabActivity.pageSize`: rows per load, and each source's `per_page`. */
export const FEED_PAGE_SIZE = 20;
export const FEED_LATENCY_MS = 50;
/** Extra projects of the feeds world: the odd ones in `fleet`, where alex is a Developer (200, with his own 4: 204). */
const YOUR_PROJECTS_WORLD = 400;
/** Extra projects whose stars (every `neighbours` one, every fourth `fleet` one) are 50, alex's own stars taken away. */
const STARRED_WORLD = 80;
export const STARS = 50;
/** Load more after the first rows, counted one by one. */
const LOADS_MORE = 3;
/** "First rows within one round trip": the first rows within this many times one bare request of the same size. */
export const ONE_ROUND_TRIP = 1.5;

export interface FirstRowsRun {
  /** From the first token read to the first rows, ms. */
  ms: number;
  rows: number;
  /** The requests that arrived before the first rows, ms after the token read; `answered` before the first rows. */
  before: Array<{ request: string; arrivedMs: number; answered: boolean }>;
  /** Requests answered before the first `scope=all` request was sent (0: sent one round trip after the token). */
  waitedFor: number;
}

export interface YourProjectsResult {
  projects: number;
  sources: number;
  leftOut: string;
  runs: number;
  /** One bare `GET /events?scope=all&per_page=20` (raw undici), the head's size. */
  floor: Summary;
  /**
   * The head and the list of projects asked at once with raw undici, the first page of each: what the double (one
   * thread, answering them one after the other) must answer before the feed can show its head.
   */
  pairFloor: Summary;
  /** A fresh client: `GET /version` (readFeedSupport) and, beside it, the feed's first load. */
  cold: FirstRowsRun[];
  coldMs: Summary;
  coldOverFloor: Ratio;
  /** The version known already (read at sign-in and kept): the feed's first load alone. */
  known: FirstRowsRun[];
  knownMs: Summary;
  knownOverFloor: Ratio;
  loadsMore: LoadReads[];
}

export interface StarredRun {
  ms: number;
  rows: number;
  /** Sources that had answered, and that had been asked, when the first rows came. */
  answered: number;
  asked: number;
  peakInFlight: number;
  before: string[];
}

export interface StarredResult {
  stars: number;
  runs: number;
  /** The 50 projects' first pages one after another with raw undici. */
  floor: Summary;
  first: StarredRun[];
  firstMs: Summary;
  firstOverFloor: Ratio;
  /** Events held (`status().held`) at their most during the first page and the Load mores after it, and their bound. */
  heldPeak: number;
  heldAfter: number[];
  bufferedPeak: number;
  heldBound: number;
  loadsMore: LoadReads[];
}

export interface FeedBenchResult {
  pageSize: number;
  latencyMs: number;
  yourProjects: YourProjectsResult;
  starred: StarredResult;
  redraws: RedrawResult;
}


/** A fresh client's first rows of a feed, timed from its first token read, with the requests the double saw by then. */
async function firstRows(double: GitLabDouble, dispatcher: Dispatcher, make: (api: FeedClient, support: FeedSupport | Promise<FeedSupport>) => MergedFeed,
  known?: FeedSupport): Promise<{ run: FirstRowsRun; feed: MergedFeed; calls: ClientCall[] }> {
  const client = timedClient(double.url, dispatcher);
  double.clearLog();
  // As `DashboardFeeds` reads it: the version asked, and the feed's first requests sent beside it (not after its answer).
  const support = known ?? supportOf(client.api);
  const feed = make(client.api, support);
  const { rows } = await feed.load();
  const at = Date.now();
  const t0 = client.tokenReadAt()!;
  const arrived = ofClient(double.requests).filter((r) => r.at <= at).sort((a, b) => a.at - b.at);
  const head = client.calls.find((call) => call.source === 'yourProjects');
  const run: FirstRowsRun = {
    ms: at - t0, rows: rows.length,
    before: [...arrived.map((r) => ({ request: describe(r), arrivedMs: r.at - t0, answered: true })),
      ...Array.from({ length: double.inFlight }, () => ({ request: 'in flight', arrivedMs: NaN, answered: false }))],
    waitedFor: head ? client.calls.filter((call) => call.answeredAt !== undefined && call.answeredAt <= head.at).length : NaN,
  };
  return { run, feed, calls: client.calls };
}

async function yourProjects(runs: number, progress: (line: string) => void): Promise<YourProjectsResult> {
  const double = await GitLabDouble.start({ seed: 7, feeds: { projects: YOUR_PROJECTS_WORLD } });
  const dispatcher = createDispatcher();
  const agent = new Agent({ keepAliveTimeout: 30_000 });
  try {
    double.inject({ fault: { kind: 'latency', ms: FEED_LATENCY_MS }, times: Infinity });
    const make = (api: FeedClient, support: FeedSupport | Promise<FeedSupport>) => new MergedFeed(yourProjectsPlan({ api, pageSize: FEED_PAGE_SIZE }, support));
    const known = await supportOf(timedClient(double.url, dispatcher).api);
    if (!known.scopeAllHead) throw new Error(`The double answered GitLab ${known.version}: no scope=all head.`);
    const floorUrl = `${double.apiUrl}/events?scope=all&per_page=${SCOPE_ALL_WINDOW}`;
    const floor: number[] = [];
    const pair: number[] = [];
    const listUrl = `${double.apiUrl}/projects?membership=true&simple=true&order_by=last_activity_at&sort=desc&page=1&per_page=100`;
    const cold: FirstRowsRun[] = [];
    const warm: FirstRowsRun[] = [];
    let last: MergedFeed | undefined;
    let lastCalls: ClientCall[] = [];
    // One warm-up round (dropped), then `runs` rounds, the order rotating.
    for (let run = -1; run < runs; run++) {
      const keep = run >= 0;
      const contenders = [
        async () => { double.clearLog(); const ms = await bareRequest(floorUrl, agent); if (keep) floor.push(ms); },
        async () => {
          double.clearLog();
          const [head] = await Promise.all([bareRequest(floorUrl, agent), bareRequest(listUrl, agent)]);
          if (keep) pair.push(head);
        },
        async () => { const r = await firstRows(double, dispatcher, make); if (keep) cold.push(r.run); last?.dispose(); last = r.feed; lastCalls = r.calls; },
        async () => { const r = await firstRows(double, dispatcher, make, known); if (keep) warm.push(r.run); r.feed.dispose(); },
      ];
      for (let i = 0; i < contenders.length; i++) await contenders[(i + run + 1) % contenders.length]();
      if (keep) progress(`  your projects round ${run + 1}/${runs}: floor ${floor[run].toFixed(0)} ms, first rows ${cold[run].ms} ms (version known: ${warm[run].ms} ms)`);
    }
    const feed = last!;
    const loadsMore: LoadReads[] = [];
    for (let n = 0; n < LOADS_MORE; n++) loadsMore.push(await countedLoad(double, feed, lastCalls));
    const status = feed.status();
    feed.dispose();
    progress(`  your projects Load more: ${loadsMore.map((l) => `${l.read.length} read / ${l.couldHold.length} could hold`).join(', ')}`);
    return {
      projects: status.sources!.length + (typeof status.leftOut?.limit === 'number' ? status.leftOut.limit : 0), sources: status.sources!.length,
      leftOut: `${status.leftOut?.limit} past the limit, ${status.leftOut?.duplicate} duplicate`, runs,
      floor: summarize(floor), pairFloor: summarize(pair), cold, coldMs: summarize(cold.map((r) => r.ms)), coldOverFloor: ratioOf(cold.map((r) => r.ms), floor),
      known: warm, knownMs: summarize(warm.map((r) => r.ms)), knownOverFloor: ratioOf(warm.map((r) => r.ms), floor), loadsMore,
    };
  } finally {
    await dispatcher.close();
    await agent.close();
    await double.close();
  }
}

async function starred(runs: number, progress: (line: string) => void): Promise<StarredResult> {
  const double = await GitLabDouble.start({ seed: 8, feeds: { projects: STARRED_WORLD } });
  const dispatcher = createDispatcher();
  const agent = new Agent({ keepAliveTimeout: 30_000 });
  try {
    // Alex's own stars (the base world's) taken away: the 50 of the feeds world, all public, most active first.
    const stars = double.data.stars;
    stars.splice(0, stars.length, ...stars.filter((s) => s.userId !== 1 || s.projectId > 100));
    const starred = stars.filter((s) => s.userId === 1).map((s) => s.projectId);
    if (starred.length !== STARS) throw new Error(`${starred.length} stars, not ${STARS}.`);
    double.inject({ fault: { kind: 'latency', ms: FEED_LATENCY_MS }, times: Infinity });
    const paths = starred.map((id) => `/projects/${id}/events?page=1&per_page=${FEED_PAGE_SIZE}`);
    const make = (api: FeedClient) => new MergedFeed(starredPlan({ api, pageSize: FEED_PAGE_SIZE }));
    const floor: number[] = [];
    const first: StarredRun[] = [];
    let last: MergedFeed | undefined;
    let lastCalls: ClientCall[] = [];
    let heldPeak = 0;
    const watchers: Array<{ dispose(): void }> = [];
    let bufferedPeak = 0;
    for (let run = -1; run < runs; run++) {
      const keep = run >= 0;
      const contenders = [
        async () => { const ms = await sequentialFloor(double.apiUrl, paths, agent); if (keep) floor.push(ms); },
        async () => {
          const client = timedClient(double.url, dispatcher);
          double.clearLog();
          await supportOf(client.api); // the feeds ask whether the server is GitLab first
          const feed = make(client.api);
          const watching = feed.onDidChange(() => {
            const s = feed.status();
            heldPeak = Math.max(heldPeak, s.held);
            bufferedPeak = Math.max(bufferedPeak, ...(s.sources ?? []).map((source) => source.buffered));
          });
          const { rows } = await feed.load();
          const at = Date.now();
          const status = feed.status();
          const requests = ofClient(double.requests);
          if (keep) first.push({
            ms: at - client.tokenReadAt()!, rows: rows.length, answered: (status.sources ?? []).filter((s) => s.pagesRead > 0).length,
            asked: new Set(requests.map(projectRead).filter((id) => id !== undefined)).size + double.inFlight, peakInFlight: double.peakInFlight,
            before: requests.filter((r) => projectRead(r) === undefined).map(describe),
          });
          last?.dispose();
          last = feed;
          lastCalls = client.calls;
          watchers.push(watching);
        },
      ];
      for (let i = 0; i < contenders.length; i++) await contenders[(i + run + 1) % contenders.length]();
      if (keep) progress(`  starred round ${run + 1}/${runs}: sequential floor ${floor[run].toFixed(0)} ms, first page ${first[run].ms} ms after ${first[run].answered} of ${STARS} sources answered`);
    }
    const feed = last!;
    const heldAfter = [feed.status().held];
    const loadsMore: LoadReads[] = [];
    for (let n = 0; n < LOADS_MORE; n++) {
      loadsMore.push(await countedLoad(double, feed, lastCalls));
      heldAfter.push(feed.status().held);
    }
    feed.dispose();
    for (const watching of watchers) watching.dispose();
    return {
      stars: STARS, runs, floor: summarize(floor), first, firstMs: summarize(first.map((r) => r.ms)), firstOverFloor: ratioOf(first.map((r) => r.ms), floor),
      heldPeak, heldAfter, bufferedPeak, heldBound: STARS * FEED_PAGE_SIZE, loadsMore,
    };
  } finally {
    await dispatcher.close();
    await agent.close();
    await double.close();
  }
}

export async function feedBench(runs: number, progress: (line: string) => void): Promise<FeedBenchResult> {
  return {
    pageSize: FEED_PAGE_SIZE, latencyMs: FEED_LATENCY_MS,
    yourProjects: await yourProjects(runs, progress), starred: await starred(runs, progress), redraws: await redrawBench(progress),
  };
}
