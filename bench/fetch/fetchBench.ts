import { Agent } from 'undici';
import { FetchExchange } from '../../src/gitlab/fetchExchange';
import { UndiciExchange } from '../../src/node/undiciExchange';
import { interleave } from '../lib/interleave';
import { ratioOf, summarize, type Ratio, type Summary } from '../lib/stats';
import { clientStages, type ClientStages } from './clientStages';
import { clientLister, fetchFloorLister, floorLister, peerLister, type Lister } from './listers';
import { RemoteDouble, type DoubleStats } from './remoteDouble';

/**
 * The signed-in user of the double authors about 40 % of its generated events: 25,000 of them make a My Activity
 * listing of about 10,000 events, 100 per page. Some pages come back short (events the user may not see are dropped
 * after paging), so events are counted, never assumed.
 */
export const DOUBLE_OPTIONS = { events: 25_000, seed: 1 };
const FRESH_LISTINGS = 3;
/** The double's `server.keepAliveTimeout`. */
const SERVER_KEEP_ALIVE_MS = 5_000;

interface ContenderSpec {
  id: string;
  label: string;
  make(url: string): Lister;
  /**
   * On the process-wide pool of `fetch`, which a lister cannot close: before a fresh listing the server is left to
   * close its idle connections, so that the listing starts without one.
   */
  sharedPool?: boolean;
}

export const CONTENDERS: readonly ContenderSpec[] = [
  { id: 'client', label: "(A) extension's client: readPages over listEvents, window 1", make: (url) => clientLister(url) },
  { id: 'floor', label: '(B) floor: undici request + JSON.parse', make: (url) => floorLister(url) },
  { id: 'peer', label: '(C) peer: @gitbeaker/rest Events.all', make: (url) => peerLister(url), sharedPool: true },
  {
    id: 'clientOneConnection', label: "(A') client on Agent{connections:1}",
    make: (url) => clientLister(url, new UndiciExchange(new Agent({ keepAliveTimeout: 30_000, connections: 1 }))),
  },
  // The browser build's exchange. Its fetch is Node's own here: it stands for a browser's fetch, which cannot be timed
  // in this process; each is compared with its own floor.
  {
    id: 'fetchClient', label: "(A-fetch) client over FetchExchange (Node's fetch, for the browser's)",
    make: (url) => clientLister(url, new FetchExchange()), sharedPool: true,
  },
  { id: 'fetchFloor', label: "(B-fetch) fetch floor: Node's fetch + JSON.parse", make: (url) => fetchFloorLister(url), sharedPool: true },
];

export interface Traffic {
  /** TCP connections the server accepted for one listing (the most over the fresh listings). */
  connections: number;
  /** Connections of each fresh listing: undici may or may not reuse the socket for the very next request (see README). */
  connectionsPerListing: number[];
  requests: number;
  /** Requests whose method, path and query repeat an earlier one of the same listing. */
  duplicates: number;
  nonOk: number;
}

export interface FetchContenderResult {
  label: string;
  events: number;
  time: Summary;
  /** CPU time of this process per listing (user + system): the client-side work alone. */
  cpu: Summary;
  /** Listings by fresh instances (each its own new connection pool). */
  freshListing: Traffic;
}

export interface FetchResult {
  doubleOptions: typeof DOUBLE_OPTIONS;
  events: number;
  pages: number;
  rounds: number;
  warmup: number;
  contenders: Record<string, FetchContenderResult>;
  clientOverFloor: Ratio & { goal: string; met: boolean };
  clientOverPeer: Ratio & { goal: string; met: boolean };
  /** The client over the `fetch` exchange ÷ the fetch floor: the same goal as the undici client's over its floor. */
  fetchClientOverFetchFloor: Ratio & { goal: string; met: boolean };
  /** The same ratios in CPU time of the listing process: not blurred by the server or by waiting for a core. */
  cpuClientOverFloor: Ratio;
  cpuClientOverPeer: Ratio;
  cpuFetchClientOverFetchFloor: Ratio;
  /** (A − B) / pages: what the client adds to each page over the floor, as measured (noisy on a busy machine). */
  clientOverheadPerPageMs: number;
  /** (A-fetch − B-fetch) / pages. */
  fetchClientOverheadPerPageMs: number;
  /**
   * The client's own work per page timed alone (shape checks, request building, paging headers, timeout signal) as a
   * share of the floor's time per page: the part of client ÷ floor that is not noise.
   */
  clientOwnWorkShare: number;
  /** Warm-up and timed rounds of all contenders together, each on a pool kept between its rounds. */
  timedPhase: { connections: number; requests: number; listings: number };
  clientStages: ClientStages;
}

function traffic(stats: DoubleStats): Traffic {
  const seen = new Set<string>();
  let duplicates = 0;
  for (const r of stats.requests) {
    const key = `${r.method} ${r.path}?${Object.entries(r.query).sort().map(([k, v]) => `${k}=${v}`).join('&')}`;
    if (seen.has(key)) duplicates++;
    seen.add(key);
  }
  return {
    connections: stats.connections, connectionsPerListing: [stats.connections], requests: stats.requests.length, duplicates,
    nonOk: stats.requests.filter((r) => r.status !== 200).length,
  };
}

/** Two fresh listings' traffic as one: the worst of each count, every listing's connections. */
function mergeTraffic(a: Traffic, b: Traffic): Traffic {
  return {
    connections: Math.max(a.connections, b.connections), connectionsPerListing: [...a.connectionsPerListing, ...b.connectionsPerListing],
    requests: Math.max(a.requests, b.requests), duplicates: Math.max(a.duplicates, b.duplicates), nonOk: Math.max(a.nonOk, b.nonOk),
  };
}

/**
 * Runs in a process of its own, bundled like the production extension (see fetchProbe.ts and run.ts): under tsx, the
 * per-module getters and `__name` wrappers added about a fifth to the client's CPU time and nothing to the floor's.
 */
export async function fetchBench(rounds: number, warmup: number, progress: (line: string) => void, doubleScript?: string): Promise<FetchResult> {
  const double = await RemoteDouble.start(DOUBLE_OPTIONS, doubleScript);
  try {
    // Traffic of a listing, every contender with a pool of its own that has never connected; a few times over,
    // because whether the next page reuses the socket is a race inside undici.
    const fresh: Record<string, { events: number; traffic: Traffic }> = {};
    let sharedPoolUsed = false;
    for (let n = 0; n < FRESH_LISTINGS; n++) {
      for (const spec of CONTENDERS) {
        // The pool of `fetch` (the peer's, the fetch exchange's) is process-wide: let the server close its idle
        // connections first.
        if (spec.sharedPool && sharedPoolUsed) await new Promise((resolve) => setTimeout(resolve, SERVER_KEEP_ALIVE_MS + 200));
        sharedPoolUsed ||= spec.sharedPool === true;
        const lister = spec.make(double.url);
        await double.mark();
        const events = await lister.run();
        const seen = traffic(await double.stats());
        await lister.close();
        const earlier = fresh[spec.id]?.traffic;
        fresh[spec.id] = { events, traffic: earlier ? mergeTraffic(earlier, seen) : seen };
      }
    }
    for (const spec of CONTENDERS) {
      const t = fresh[spec.id].traffic;
      progress(`  ${spec.label}: ${fresh[spec.id].events} events, ${t.requests} requests, connections per listing ${t.connectionsPerListing.join('/')}`);
    }

    const listers = new Map(CONTENDERS.map((spec) => [spec.id, spec.make(double.url)]));
    await double.mark();
    const result = await interleave(CONTENDERS.map((spec) => ({ id: spec.id, run: () => listers.get(spec.id)!.run() })), rounds, warmup);
    const all = await double.stats();
    for (const lister of listers.values()) await lister.close();

    const events = fresh.client.events;
    for (const spec of CONTENDERS) {
      const counts = result.counts[spec.id];
      if (counts.some((c) => c !== events) || fresh[spec.id].events !== events) {
        throw new Error(`${spec.label} listed ${[fresh[spec.id].events, ...counts].join('/')} events, the client ${events}.`);
      }
    }
    const pages = fresh.client.traffic.requests;
    const contenders: Record<string, FetchContenderResult> = {};
    for (const spec of CONTENDERS) {
      contenders[spec.id] = {
        label: spec.label, events: fresh[spec.id].events, time: summarize(result.samples[spec.id]),
        cpu: summarize(result.cpuSamples[spec.id]), freshListing: fresh[spec.id].traffic,
      };
    }

    const stages = await clientStages(double.url);
    const overFloor = ratioOf(result.samples.client, result.samples.floor);
    const overPeer = ratioOf(result.samples.client, result.samples.peer);
    const fetchOverFloor = ratioOf(result.samples.fetchClient, result.samples.fetchFloor);
    return {
      doubleOptions: DOUBLE_OPTIONS, events, pages, rounds, warmup, contenders,
      clientOverFloor: { ...overFloor, goal: '≤ 1.2', met: overFloor.median <= 1.2 },
      clientOverPeer: { ...overPeer, goal: '< 1', met: overPeer.median < 1 },
      fetchClientOverFetchFloor: { ...fetchOverFloor, goal: '≤ 1.2', met: fetchOverFloor.median <= 1.2 },
      cpuClientOverFloor: ratioOf(result.cpuSamples.client, result.cpuSamples.floor),
      cpuClientOverPeer: ratioOf(result.cpuSamples.client, result.cpuSamples.peer),
      cpuFetchClientOverFetchFloor: ratioOf(result.cpuSamples.fetchClient, result.cpuSamples.fetchFloor),
      clientOverheadPerPageMs: (contenders.client.time.median - contenders.floor.time.median) / pages,
      fetchClientOverheadPerPageMs: (contenders.fetchClient.time.median - contenders.fetchFloor.time.median) / pages,
      clientOwnWorkShare: Object.entries(stages.microsecondsPerPage).filter(([id]) => !id.startsWith('JSON.parse'))
        .reduce((sum, [, us]) => sum + us, 0) / 1000 / (contenders.floor.time.median / pages),
      timedPhase: { connections: all.connections, requests: all.requests.length, listings: (rounds + warmup) * CONTENDERS.length },
      clientStages: stages,
    };
  } finally {
    await double.close();
  }
}
