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
export interface ClientCall { method: string; source?: string; at: number; answeredAt?: number }

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
        const source = prop === 'listEvents' ? (args[0] as { kind: string }).kind : undefined;
        const call: ClientCall = { method: prop, source, at: Date.now() };
        calls.push(call);
        try {
          return await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
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
  /** Sources the feed reads (at most 100) and still open before the load. */
  sources: number;
  open: number;
  /** Events held, not shown, after the load. */
  held: number;
}

const projectOf = (status: FeedSourceStatus): number => Number(status.key.replace('project:', ''));

export async function countedLoad(double: GitLabDouble, feed: MergedFeed): Promise<LoadReads> {
  const before = feed.status().sources ?? [];
  double.clearLog();
  const { rows } = await feed.load();
  // A load returns once its rows are final; reads it started may still be under way: they are its reads too.
  while (feed.status().inFlight > 0 || double.inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 5));
  const requests = ofClient(double.requests).map(projectRead).filter((id): id is number => id !== undefined);
  const read = [...new Set(requests)].sort((a, b) => a - b);
  const oldest = Math.min(...rows.map((row: GitLabEvent) => Date.parse(row.created_at ?? '')));
  const open = before.filter((s) => s.progress !== 'done' && s.progress !== 'failed');
  const couldHold = open.filter((s) => (s.pagesRead > 0 || !s.lastActivityAt || Date.parse(s.lastActivityAt) + ACTIVITY_LAG_MS >= oldest)).map(projectOf);
  const inRows = new Set(rows.map((row) => row.project_id));
  return {
    rows: rows.length, requests: requests.length, read, couldHold, holding: [...inRows].filter((id): id is number => typeof id === 'number').sort((a, b) => a - b),
    readBeyond: read.filter((id) => !couldHold.includes(id)), sources: before.length, open: open.length, held: feed.status().held,
  };
}
