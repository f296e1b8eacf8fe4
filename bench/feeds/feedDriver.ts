import { Agent, request } from 'undici';
import { ACTIVITY_LAG_MS } from '../../src/app/feeds/feedPlan';
import { readFeedSupport, type FeedSupport } from '../../src/app/feeds/feedPlans';
import type { MergedFeed } from '../../src/app/feeds/mergedFeed';
import type { FeedSourceStatus } from '../../src/app/feeds/feedSource';
import { FeedClient, Transport, type GitLabEvent } from '../../src/gitlab';
import { UndiciExchange } from '../../src/node/undiciExchange';
import type { Dispatcher } from 'undici';
import type { GitLabDouble, LoggedRequest } from '../../test/double';
import { TOKEN } from '../fetch/listers';

/** What the feeds section measures with: the real `FeedClient` on the extension's dispatcher, its token read timed. */

/** A call of the client: its method, the source of an events listing, when made and answered (`Date.now()`). */
export interface ClientCall {
  method: string;
  source?: string;
  at: number;
  answeredAt?: number;
  /** A project's events listing: the project, and the oldest id its answer gave (where its next page begins). */
  project?: number;
  oldestId?: number;
}

/**
 * A fresh client (its own transport), its calls recorded as the feed makes them, and the moment it first read the
 * token (`Date.now()`: the double's clock).
 */
export interface TimedClient {
  api: FeedClient;
  calls: ClientCall[];
  tokenReadAt(): number | undefined;
}

export function timedClient(url: string, dispatcher: Dispatcher): TimedClient {
  let readAt: number | undefined;
  const token = () => {
    readAt ??= Date.now();
    return TOKEN;
  };
  const calls: ClientCall[] = [];
  const client = new FeedClient(new Transport({ instanceUrl: url, token, exchange: new UndiciExchange(dispatcher) }));
  const api = new Proxy(client, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver) as unknown;
      if (typeof value !== 'function' || typeof prop !== 'string' || prop === 'onRateLimited') return value;
      return async (...args: unknown[]) => {
        const listing = prop === 'listEvents' ? (args[0] as { kind: string; id?: number }) : undefined;
        const call: ClientCall = { method: prop, source: listing?.kind, at: Date.now(), ...(listing?.kind === 'project' ? { project: listing.id } : {}) };
        calls.push(call);
        try {
          const answer = await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
          const ids = listing ? (answer as { items: GitLabEvent[] }).items.map((event) => event.id).filter((id): id is number => typeof id === 'number') : [];
          if (ids.length > 0) call.oldestId = Math.min(...ids);
          return answer;
        } finally {
          call.answeredAt = Date.now();
        }
      };
    },
  });
  return { api, calls, tokenReadAt: () => readAt };
}

/** Reads the version as the feeds do before their first load (`readFeedSupport`). */
export const supportOf = (api: FeedClient): Promise<FeedSupport> => readFeedSupport(api);

/** The client's requests in the double's log (its control routes left out). */
export const ofClient = (requests: readonly LoggedRequest[]): LoggedRequest[] => requests.filter((r) => !r.path.startsWith('/__double'));

/** A project's events listing (`/projects/:id/events`): its project id, else undefined. */
export function projectRead(r: LoggedRequest): number | undefined {
  const match = /^\/api\/v4\/projects\/(\d+)\/events$/.exec(r.path);
  return match ? Number(match[1]) : undefined;
}

/** A request as the report names it: method, path and the query's paging and scope. */
export function describe(r: LoggedRequest): string {
  const query = ['scope', 'membership', 'starred', 'page', 'per_page'].filter((k) => r.query[k] !== undefined).map((k) => `${k}=${r.query[k]}`).join('&');
  return `${r.method} ${r.path.replace('/api/v4', '')}${query ? `?${query}` : ''}`;
}

/** One bare request with raw undici (`JSON.parse` of the answer): the floor a feed's request is set beside. */
export async function bareRequest(url: string, agent: Agent): Promise<number> {
  const started = performance.now();
  const response = await request(url, { dispatcher: agent, headers: { 'private-token': TOKEN } });
  if (response.statusCode !== 200) throw new Error(`The floor's ${url} answered ${response.statusCode}.`);
  JSON.parse(await response.body.text());
  return performance.now() - started;
}

/** `paths` read one after another with raw undici: the sequential floor. */
export async function sequentialFloor(apiUrl: string, paths: readonly string[], agent: Agent): Promise<number> {
  const started = performance.now();
  for (const path of paths) await bareRequest(`${apiUrl}${path}`, agent);
  return performance.now() - started;
}

/**
 * What one Load more read, counted at the double: the projects whose events it asked for, against those that could
 * hold its rows by what the feed knew when it began (not read to their end, and read before or active, with GitLab's
 * hour of lag, no earlier than the oldest row it released) and those that do hold them.
 */
export interface LoadReads {
  rows: number;
  /** Requests of project events the load made (those still under way when it returned included), and their projects. */
  requests: number;
  read: number[];
  /** The feed's open sources that could hold the rows, and the projects the rows are of. */
  couldHold: number[];
  holding: number[];
  /** Read though it could not hold the rows (the goal: none). */
  readBeyond: number[];
  /**
   * Reads whose source could hold none of the rows by its own cursor when the read was made (`project:page`): read
   * before, the oldest id it had given no newer than the oldest row; unread, last active (an hour of lag allowed) before
   * the oldest row. Stricter than `readBeyond`, which counts every source read before as able to hold the rows.
   */
  beyondByCursor: string[];
  /** Sources the feed reads (at most 100) and still open before the load. */
  sources: number;
  open: number;
  /** Events held, not shown, after the load. */
  held: number;
  /** Wall time from the click to the load's rows (ms), and the most requests the double had in flight during it. */
  ms: number;
  peakInFlight: number;
  /**
   * Round trips on the load's longest chain: the source reads made before its rows, each one more than the deepest read
   * answered before it was made. The machine's load stretches the wall time, not this.
   */
  chain: number;
}

/** The longest chain of `calls` (each made after the one before it was answered). */
function longestChain(calls: readonly ClientCall[]): number {
  const depth = new Map<ClientCall, number>();
  for (const call of [...calls].sort((a, b) => a.at - b.at)) {
    const before = calls.filter((other) => other.answeredAt !== undefined && other.answeredAt <= call.at).map((other) => depth.get(other) ?? 0);
    depth.set(call, 1 + Math.max(0, ...before));
  }
  return Math.max(0, ...depth.values());
}

const projectOf = (status: FeedSourceStatus): number => Number(status.key.replace('project:', ''));

export async function countedLoad(double: GitLabDouble, feed: MergedFeed, calls: readonly ClientCall[]): Promise<LoadReads> {
  const before = feed.status().sources ?? [];
  double.clearLog();
  const started = performance.now();
  const from = Date.now();
  const { rows } = await feed.load();
  const ms = performance.now() - started;
  const until = Date.now();
  const made = calls.filter((call) => call.method === 'listEvents' && call.at >= from && call.at <= until);
  const chain = longestChain(made);
  // A load returns once its rows are final; reads it started may still be under way: they are its reads too.
  while (feed.status().inFlight > 0 || double.inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 5));
  const requests = ofClient(double.requests).map(projectRead).filter((id): id is number => id !== undefined);
  const read = [...new Set(requests)].sort((a, b) => a - b);
  const oldest = Math.min(...rows.map((row: GitLabEvent) => Date.parse(row.created_at ?? '')));
  const open = before.filter((s) => s.progress !== 'done' && s.progress !== 'failed');
  const couldHold = open.filter((s) => (s.pagesRead > 0 || !s.lastActivityAt || Date.parse(s.lastActivityAt) + ACTIVITY_LAG_MS >= oldest)).map(projectOf);
  const inRows = new Set(rows.map((row) => row.project_id));
  const oldestId = Math.min(...rows.map((row) => row.id ?? Infinity));
  const activity = new Map(before.map((s) => [projectOf(s), s.lastActivityAt ? Date.parse(s.lastActivityAt) + ACTIVITY_LAG_MS : Infinity]));
  const beyondByCursor = made.filter((call) => call.project !== undefined).flatMap((call) => {
    const earlier = calls.filter((other) => other.project === call.project && other.answeredAt !== undefined && other.answeredAt <= call.at);
    const given = earlier.map((other) => other.oldestId).filter((id): id is number => id !== undefined);
    const beyond = earlier.length === 0 ? (activity.get(call.project!) ?? Infinity) < oldest : given.length > 0 && Math.min(...given) <= oldestId;
    return beyond ? [`${call.project}:${earlier.length + 1}`] : [];
  });
  return {
    rows: rows.length, requests: requests.length, read, couldHold, holding: [...inRows].filter((id): id is number => typeof id === 'number').sort((a, b) => a - b),
    readBeyond: read.filter((id) => !couldHold.includes(id)), sources: before.length, open: open.length, held: feed.status().held,
    ms, peakInFlight: double.peakInFlight, chain, beyondByCursor,
  };
}
