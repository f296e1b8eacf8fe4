import { Agent, request } from 'undici';
import { normalizeInstanceUrl } from '../../src/app/instance';
import { CLOSED_READ_WINDOW } from '../../src/app/subscriptions/closedSubscriptions';
import { SUBSCRIPTION_BULK_IN_FLIGHT } from '../../src/app/subscriptions/subscriptionBulk';
import { SubscriptionFilter } from '../../src/app/subscriptions/subscriptionFilter';
import { isClosed, isWithin, subscriptionKey } from '../../src/app/subscriptions/subscriptionItems';
import { subscriptionSource } from '../../src/app/subscriptions/subscriptionLists';
import { SubscriptionService, type SubscriptionAccount } from '../../src/app/subscriptions/subscriptionService';
import { GitLabClient, Transport } from '../../src/gitlab';
import { SubscriptionClient } from '../../src/gitlab/subscriptionClient';
import { SUBSCRIPTION_BATCH_LIMIT } from '../../src/gitlab/subscriptionEndpoints';
import { SUBSCRIPTION_KINDS, type SubscriptionKind } from '../../src/gitlab/subscriptionTypes';
import { createDispatcher } from '../../src/node/dispatcher';
import { UndiciExchange } from '../../src/node/undiciExchange';
import { GitLabDouble, type LoggedRequest } from '../../test/double';
import { TOKEN } from '../fetch/listers';
import { formatTable } from '../lib/table';
import { ratioOf, summarize, type Summary } from '../lib/stats';

/**
 * The Subscriptions list at 5,000 explicit subscriptions (bench/README.md, section 6): the real `SubscriptionService`
 * (its `ListStore` lists, one per kind, over the real `SubscriptionClient` and the double, 50 ms per answer), read to
 * the end kinds side by side and one after another, against the same requests replayed one by one with raw undici;
 * the first page's rows against the second page's answer; then Unsubscribe from All Closed over the ~1,000 closed
 * things, its requests and what is in flight counted at the double.
 */

/** The 5,000, spread so that the kinds, read side by side, can take at most half the time of one after another. */
export const SUBSCRIPTIONS = { issues: 1600, mergeRequests: 1600, epics: 1000, labels: 800 } as const;
/** The manifest's default `gitlabActivity.pageSize`: the pages a fresh install reads. */
const PAGE_SIZE = 20;
/** Every answer this late, as a GitLab over the network (the other sections' latency). */
const LATENCY_MS = 50;
/** Pages of closed things Unsubscribe from All Closed reads (closedSubscriptions.ts). */
const CLOSED_PAGE = 100;
const KINDS = SUBSCRIPTION_KINDS;
const KIND_WORDS: Record<SubscriptionKind, string> = { issue: 'issues', mergeRequest: 'merge requests', epic: 'epics', label: 'labels' };
/** The listing call of each kind's list. */
const LISTING: Record<SubscriptionKind, string> = {
  issue: 'listSubscribedIssues', mergeRequest: 'listSubscribedMergeRequests', epic: 'listSubscribedEpics', label: 'listLabels',
};

interface Call { method: string; at: number; answeredAt?: number }

/** One kind's first rows in one read: drawn, against its second page's first answer (ms from the read's start). */
export interface FirstRows { kind: SubscriptionKind; rows: number; drawnMs: number; page1AppliedMs: number; secondAnswerMs?: number }

export interface SubscriptionBenchResult {
  subscriptions: typeof SUBSCRIPTIONS;
  pageSize: number;
  latencyMs: number;
  runs: number;
  /** Items each list holds read to its end, and the requests of one whole read. */
  items: Record<SubscriptionKind, number>;
  requests: number;
  floor: Summary;
  oneAfterAnother: Summary;
  sideBySide: Summary;
  sideBySideOverFloor: { median: number; min: number; max: number; best: number };
  oneAfterAnotherOverFloor: { median: number; min: number; max: number; best: number };
  peakInFlight: { oneAfterAnother: number; sideBySide: number };
  sameItems: { oneAfterAnother: boolean; sideBySide: boolean };
  /** Per side-by-side read, each kind's first rows. */
  firstRows: FirstRows[][];
  closed: ClosedFigure;
}

export interface ClosedFigure {
  found: number;
  /** Closed things among the loaded rows before (what the lists showed). */
  loadedClosed: number;
  /** Each listing the action reads (kind, scope, state) and the closed things in it. */
  listings: Array<{ listing: string; things: number }>;
  fewestReads: number;
  fewestBatches: number;
  reads: number;
  mutations: number;
  other: string[];
  peakInFlight: number;
  /** ms from the start of `unsubscribeClosed`: no closed row drawn in any list; the first mutation's answer. */
  rowsGoneMs?: number;
  firstMutationAnswerMs?: number;
  unsubscribed: number;
  failures: string[];
  /** Closed things `findClosed` still finds afterwards (at GitLab). */
  left: number;
  findMs: number;
  unsubscribeMs: number;
}

const since = (started: number) => performance.now() - started;
const isMutation = (r: LoggedRequest) => r.method === 'POST' && r.path === '/api/graphql' && /^\s*mutation\b/.test(JSON.parse(r.body ?? '{}').query ?? '');
const ofClient = (requests: readonly LoggedRequest[]) => requests.filter((r) => !r.path.startsWith('/__double'));

/** A client whose calls (as the lists make them) are recorded with the time made and answered. */
function recorded(client: SubscriptionClient, calls: Call[]): SubscriptionClient {
  return new Proxy(client, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver) as unknown;
      if (typeof value !== 'function' || typeof prop !== 'string') return value;
      return async (...args: unknown[]) => {
        const call: Call = { method: prop, at: performance.now() };
        calls.push(call);
        try {
          return await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
        } finally {
          call.answeredAt = performance.now();
        }
      };
    },
  });
}

interface Reading {
  service: SubscriptionService;
  key: string;
  calls: Call[];
  errors: string[];
}

function freshService(url: string, transport: Transport): Reading {
  const calls: Call[] = [];
  const errors: string[] = [];
  const key = normalizeInstanceUrl(url);
  const account: SubscriptionAccount = {
    key, instanceUrl: url, subscriptions: recorded(new SubscriptionClient(transport), calls), api: new GitLabClient(transport),
  };
  const service = new SubscriptionService({
    accounts: () => [account], pageSize: () => PAGE_SIZE, filter: SubscriptionFilter.EMPTY,
    log: { error: (what, error) => errors.push(`${what}: ${error instanceof Error ? error.message : String(error)}`) },
  });
  return { service, key, calls, errors };
}

/** One kind's list read to its end, a page after the other, as Load more… would. */
async function readKind({ service, key }: Reading, kind: SubscriptionKind): Promise<void> {
  const source = subscriptionSource(key, kind);
  await service.lists.load(source);
  for (;;) {
    const state = service.lists.get(source.key);
    if (state.hasError) throw service.lists.errorOf(source.key);
    if (!state.hasMore) return;
    await service.lists.loadMore(source);
  }
}

/** Every list of the account to its end: kinds side by side (each list a page at a time) or one after another. */
async function readAll(reading: Reading, sideBySide: boolean): Promise<{ ms: number; items: string; counts: Record<SubscriptionKind, number>; firstRows: FirstRows[] }> {
  const { service, key, calls } = reading;
  const started = performance.now();
  const page1 = new Map<SubscriptionKind, number>();
  const drawn = new Map<SubscriptionKind, { at: number; rows: number }>();
  // The rows drawn as the workbench draws them: asked for after each change event.
  const draw = () => {
    for (const kind of KINDS) {
      const rows = service.lists.rows(subscriptionSource(key, kind).key).items.length;
      if (rows > 0 && !drawn.has(kind)) drawn.set(kind, { at: performance.now(), rows });
    }
  };
  const listening = service.lists.onDidChange(() => {
    for (const kind of KINDS) if (!page1.has(kind) && service.lists.get(subscriptionSource(key, kind).key).pagesRead >= 1) page1.set(kind, performance.now());
    setImmediate(draw);
  });
  try {
    if (sideBySide) await Promise.all(KINDS.map((kind) => readKind(reading, kind)));
    else for (const kind of KINDS) await readKind(reading, kind);
  } finally {
    listening.dispose();
  }
  const ms = since(started);
  await new Promise((resolve) => setImmediate(resolve));
  const counts = {} as Record<SubscriptionKind, number>;
  const items: string[] = [];
  for (const kind of KINDS) {
    const shown = service.lists.rows(subscriptionSource(key, kind).key).items;
    counts[kind] = shown.length;
    items.push(`${kind}:${shown.map(subscriptionKey).sort().join(',')}`);
  }
  const firstRows = KINDS.map((kind): FirstRows => {
    const applied = page1.get(kind) ?? NaN;
    const second = calls.filter((call) => call.method === LISTING[kind] && call.at >= applied).sort((a, b) => a.at - b.at)[0];
    return {
      kind, rows: drawn.get(kind)?.rows ?? 0, drawnMs: (drawn.get(kind)?.at ?? NaN) - started, page1AppliedMs: applied - started,
      secondAnswerMs: second?.answeredAt === undefined ? undefined : second.answeredAt - started,
    };
  });
  return { ms, items: items.join('\n'), counts, firstRows };
}

/** The requests of one read replayed one after another with raw undici: the floor, no list machinery. */
function replayOf(requests: readonly LoggedRequest[], url: string, agent: Agent): () => Promise<number> {
  const replay = ofClient(requests).map((r) => ({
    method: r.method as 'GET' | 'POST', path: r.rawPath + (Object.keys(r.query).length ? `?${new URLSearchParams(r.query)}` : ''), body: r.body,
  }));
  return async () => {
    const started = performance.now();
    for (const r of replay) {
      const response = await request(`${url}${r.path}`, {
        method: r.method, dispatcher: agent, body: r.body,
        headers: { 'private-token': TOKEN, ...(r.body === undefined ? {} : { 'content-type': 'application/json' }) },
      });
      if (response.statusCode !== 200) throw new Error(`The floor's ${r.method} ${r.path} answered ${response.statusCode}.`);
      JSON.parse(await response.body.text());
    }
    return since(started);
  };
}

/** Unsubscribe from All Closed on lists read to their end: requests, in flight and the rows against the first answer. */
async function unsubscribeAllClosed(double: GitLabDouble, transport: Transport): Promise<ClosedFigure> {
  const reading = freshService(double.url, transport);
  const { service, key, calls } = reading;
  await readAll(reading, true);
  const shownClosed = () => KINDS.flatMap((kind) => service.lists.rows(subscriptionSource(key, kind).key).items.filter(isClosed));
  const loadedClosed = shownClosed().length;
  const places = await service.reading(key)!.places(new AbortController().signal);

  double.clearLog();
  const findStarted = performance.now();
  const found = await service.findClosed();
  const findMs = since(findStarted);
  const things = found.accounts.flatMap((account) => account.things);

  // The listings `readClosedSubscriptions` reads and the closed things in each: the fewest reads, pages of 100.
  const listings: ClosedFigure['listings'] = [{ listing: 'issues (closed)', things: things.filter((t) => t.kind === 'issue').length }];
  for (const scope of [...places.topGroups, ...places.looseProjects]) {
    for (const state of ['closed', 'merged']) {
      listings.push({ listing: `merge requests of ${scope} (${state})`, things: things.filter((t) => t.kind === 'mergeRequest' && t.state === state && isWithin(t.containerPath, scope)).length });
    }
  }
  for (const group of places.topGroups) listings.push({ listing: `epics of ${group} (closed)`, things: things.filter((t) => t.kind === 'epic' && isWithin(t.containerPath, group)).length });
  const fewestReads = listings.reduce((sum, l) => sum + Math.max(1, Math.ceil(l.things / CLOSED_PAGE)), 0);

  let rowsGoneAt: number | undefined;
  const listening = service.lists.onDidChange(() => setImmediate(() => {
    if (rowsGoneAt === undefined && shownClosed().length === 0) rowsGoneAt = performance.now();
  }));
  const callsBefore = calls.length;
  const started = performance.now();
  const outcome = await service.unsubscribeClosed(found);
  const unsubscribeMs = since(started);
  listening.dispose();
  const mutationCalls = calls.slice(callsBefore).filter((call) => call.method === 'setSubscriptions' || call.method === 'setSubscription');
  const firstAnswer = Math.min(...mutationCalls.map((call) => call.answeredAt ?? Infinity));
  const requests = ofClient(double.requests);
  const peakInFlight = double.peakInFlight;
  const other = requests.filter((r) => !(r.method === 'POST' && r.path === '/api/graphql')).map((r) => `${r.method} ${r.path}`);
  const left = (await service.findClosed()).count;
  return {
    found: found.count, loadedClosed, listings, fewestReads, fewestBatches: Math.ceil(found.count / SUBSCRIPTION_BATCH_LIMIT),
    reads: requests.filter((r) => !isMutation(r)).length, mutations: requests.filter(isMutation).length, other, peakInFlight,
    rowsGoneMs: rowsGoneAt === undefined ? undefined : rowsGoneAt - started,
    firstMutationAnswerMs: Number.isFinite(firstAnswer) ? firstAnswer - started : undefined,
    unsubscribed: outcome.count, failures: outcome.failures.map((f) => f.message), left, findMs, unsubscribeMs,
  };
}

export async function subscriptionBench(runs: number, progress: (line: string) => void): Promise<SubscriptionBenchResult> {
  const double = await GitLabDouble.start({ events: 50, seed: 6, subscriptions: SUBSCRIPTIONS });
  const dispatcher = createDispatcher();
  const floorAgent = new Agent({ keepAliveTimeout: 30_000 });
  try {
    const transport = new Transport({ instanceUrl: double.url, token: () => TOKEN, exchange: new UndiciExchange(dispatcher) });
    double.inject({ fault: { kind: 'latency', ms: LATENCY_MS }, times: Infinity });
    // The reference: one after another; its requests are what the floor replays.
    double.clearLog();
    const reference = await readAll(freshService(double.url, transport), false);
    const floor = replayOf(double.requests, double.url, floorAgent);
    const requests = ofClient(double.requests).length;
    progress(`  ${Object.values(reference.counts).reduce((a, b) => a + b, 0)} subscriptions listed (${KINDS.map((k) => `${reference.counts[k]} ${KIND_WORDS[k]}`).join(', ')}) in ${requests} requests`);

    const times = { floor: [] as number[], oneAfterAnother: [] as number[], sideBySide: [] as number[] };
    const peaks = { oneAfterAnother: 0, sideBySide: 0 };
    const same = { oneAfterAnother: true, sideBySide: true };
    const firstRows: FirstRows[][] = [];
    for (let run = 0; run < runs; run++) {
      const contenders: Array<() => Promise<void>> = [
        async () => void times.floor.push(await floor()),
        ...(['oneAfterAnother', 'sideBySide'] as const).map((how) => async () => {
          const read = await readAll(freshService(double.url, transport), how === 'sideBySide');
          times[how].push(read.ms);
          peaks[how] = Math.max(peaks[how], double.peakInFlight);
          if (read.items !== reference.items) same[how] = false;
          if (how === 'sideBySide') firstRows.push(read.firstRows);
        }),
      ];
      for (let i = 0; i < contenders.length; i++) {
        double.clearLog();
        await contenders[(i + run) % contenders.length]();
      }
      progress(`  subscriptions round ${run + 1}/${runs}: floor ${times.floor[run].toFixed(0)} ms, one after another ${times.oneAfterAnother[run].toFixed(0)} ms, side by side ${times.sideBySide[run].toFixed(0)} ms`);
    }
    const closed = await unsubscribeAllClosed(double, transport);
    progress(`  Unsubscribe from All Closed: ${closed.found} found, ${closed.reads} reads + ${closed.mutations} mutations, at most ${closed.peakInFlight} in flight`);
    return {
      subscriptions: SUBSCRIPTIONS, pageSize: PAGE_SIZE, latencyMs: LATENCY_MS, runs, items: reference.counts, requests,
      floor: summarize(times.floor), oneAfterAnother: summarize(times.oneAfterAnother), sideBySide: summarize(times.sideBySide),
      sideBySideOverFloor: ratioOf(times.sideBySide, times.floor), oneAfterAnotherOverFloor: ratioOf(times.oneAfterAnother, times.floor),
      peakInFlight: peaks, sameItems: same, firstRows, closed,
    };
  } finally {
    await dispatcher.close();
    await floorAgent.close();
    await double.close();
  }
}

const total = (r: SubscriptionBenchResult) => Object.values(r.subscriptions).reduce((a, b) => a + b, 0).toLocaleString('en');
const m3 = (s: Summary) => `${s.min.toFixed(0)} / ${s.median.toFixed(0)} / ${s.max.toFixed(0)} ms`;
const drawnBefore = (f: FirstRows) => f.rows > 0 && (f.secondAnswerMs === undefined || f.drawnMs < f.secondAnswerMs);
const firstRowsText = (f: FirstRows) =>
  `${KIND_WORDS[f.kind]} ${f.rows} rows at ${f.drawnMs.toFixed(0)} ms vs ${f.secondAnswerMs === undefined ? 'no second page' : `${f.secondAnswerMs.toFixed(0)} ms`}`;

export function subscriptionGoals(r: SubscriptionBenchResult): Array<{ goal: string; value: string; met: boolean }> {
  const c = r.closed;
  const fewest = c.fewestReads + c.fewestBatches;
  const bound = Math.max(CLOSED_READ_WINDOW, SUBSCRIPTION_BULK_IN_FLIGHT);
  const allBefore = r.firstRows.every((run) => run.every(drawnBefore));
  const median = r.firstRows[Math.floor(r.firstRows.length / 2)] ?? [];
  return [
    {
      goal: `subscriptions: at ${total(r)}, each list's first page's rows drawn before its second page's answer (kinds side by side, pages of ${r.pageSize}, ${r.latencyMs} ms per answer; ${r.firstRows.length} runs)`,
      value: `${r.firstRows.filter((run) => run.every(drawnBefore)).length} of ${r.firstRows.length} runs; `
        + `run ${Math.floor(r.firstRows.length / 2) + 1}: ${median.map(firstRowsText).join('; ')}`,
      met: r.firstRows.length > 0 && allBefore,
    },
    {
      goal: `subscriptions: the whole list (${total(r)}, four kinds, every page) read kinds side by side (at most 4 in flight) in at most half the sequential floor's time (${r.requests} requests, ${r.latencyMs} ms latency; median ratio)`,
      value: `${r.sideBySideOverFloor.median.toFixed(2)} (per round ${r.sideBySideOverFloor.min.toFixed(2)}–${r.sideBySideOverFloor.max.toFixed(2)}; `
        + `${r.sideBySide.median.toFixed(0)} ms vs ${r.floor.median.toFixed(0)} ms); at most ${r.peakInFlight.sideBySide} in flight; items ${r.sameItems.sideBySide ? 'the same' : 'DIFFERENT'}`,
      met: r.sideBySideOverFloor.median <= 0.5 && r.peakInFlight.sideBySide <= 4 && r.sameItems.sideBySide,
    },
    {
      goal: `subscriptions: Unsubscribe from All Closed over ${c.found.toLocaleString('en')} closed things in the fewest requests (reads of closed pages of ${CLOSED_PAGE} + ceil(n/${SUBSCRIPTION_BATCH_LIMIT}) mutation batches), at most ${bound} in flight, the rows gone before the first mutation's answer`,
      value: `${c.reads + c.mutations} requests (${c.reads} reads + ${c.mutations} mutations; fewest ${c.fewestReads} + ${c.fewestBatches} = ${fewest}${c.other.length ? `; other: ${c.other.join(', ')}` : ''}); `
        + `at most ${c.peakInFlight} in flight; rows gone ${c.rowsGoneMs === undefined ? 'NEVER' : `at ${c.rowsGoneMs.toFixed(1)} ms`}, first mutation answered at ${c.firstMutationAnswerMs?.toFixed(0) ?? 'never'} ms; `
        + `${c.unsubscribed} unsubscribed, ${c.left} closed left${c.failures.length ? `; failures: ${c.failures.join('; ')}` : ''}`,
      met: c.reads + c.mutations === fewest && c.peakInFlight <= bound && c.rowsGoneMs !== undefined && c.firstMutationAnswerMs !== undefined
        && c.rowsGoneMs < c.firstMutationAnswerMs && c.loadedClosed > 0 && c.unsubscribed === c.found && c.left === 0 && c.failures.length === 0,
    },
  ];
}

function rows(r: SubscriptionBenchResult): Array<Array<string | number>> {
  const same = (ok: boolean) => (ok ? 'same' : 'DIFFERENT');
  return [
    ['reader', 'wall min / median / max', '÷ floor (median; per round)', 'most requests in flight', 'items'],
    ['floor: raw undici, the same requests one after another', m3(r.floor), '1.00', 1, 'reference'],
    ['SubscriptionService, kinds one after another', m3(r.oneAfterAnother), `${r.oneAfterAnotherOverFloor.median.toFixed(2)} (${r.oneAfterAnotherOverFloor.min.toFixed(2)}–${r.oneAfterAnotherOverFloor.max.toFixed(2)})`,
      r.peakInFlight.oneAfterAnother, same(r.sameItems.oneAfterAnother)],
    ['SubscriptionService, kinds side by side', m3(r.sideBySide), `${r.sideBySideOverFloor.median.toFixed(2)} (${r.sideBySideOverFloor.min.toFixed(2)}–${r.sideBySideOverFloor.max.toFixed(2)})`,
      r.peakInFlight.sideBySide, same(r.sameItems.sideBySide)],
  ];
}

function closedText(c: ClosedFigure): string {
  return `Unsubscribe from All Closed: ${c.found} closed things found (${c.loadedClosed} among the loaded rows) in ${c.findMs.toFixed(0)} ms, `
    + `${c.reads} reads (fewest ${c.fewestReads}: ${c.listings.map((l) => `${l.listing} ${l.things}`).join(', ')}) and ${c.mutations} mutation batches (fewest ${c.fewestBatches}) `
    + `in ${c.unsubscribeMs.toFixed(0)} ms; at most ${c.peakInFlight} in flight; rows gone at ${c.rowsGoneMs?.toFixed(1) ?? 'never'} ms, `
    + `first mutation answered at ${c.firstMutationAnswerMs?.toFixed(0) ?? 'never'} ms; ${c.unsubscribed} unsubscribed, ${c.left} closed left`;
}

export function subscriptionTables(r: SubscriptionBenchResult): string {
  return [
    formatTable(`Subscriptions list at ${total(r)} (${KINDS.map((k) => `${r.items[k]} ${KIND_WORDS[k]}`).join(', ')} listed), pages of ${r.pageSize}, `
      + `${r.requests} requests, ${r.latencyMs} ms per answer; ${r.runs} interleaved runs`, rows(r)),
    `first rows (kinds side by side, per run): ${r.firstRows.map((run, i) => `run ${i + 1}: ${run.map(firstRowsText).join('; ')}`).join(' | ')}`,
    closedText(r.closed),
  ].join('\n');
}

/** The section's part of bench/README.md's "Latest figures". */
export function subscriptionFigures(r: SubscriptionBenchResult): string[] {
  const table = (t: Array<Array<string | number>>) => {
    const [head, ...body] = t;
    return [`| ${head.join(' | ')} |`, `| ${head.map(() => '---').join(' | ')} |`, ...body.map((row) => `| ${row.join(' | ')} |`)].join('\n');
  };
  return [
    '', `**Subscriptions list at ${total(r)}** (the real \`SubscriptionService\` over the real client: ${KINDS.map((k) => `${r.items[k]} ${KIND_WORDS[k]}`).join(', ')} listed, `
      + `pages of ${r.pageSize}, ${r.requests} requests; the double adds ${r.latencyMs} ms to every answer; wall time, min / median / max of ${r.runs} interleaved runs):`, '',
    table(rows(r)), '',
    `First rows, kinds side by side: ${r.firstRows.map((run, i) => `run ${i + 1}: ${run.map(firstRowsText).join('; ')}`).join('. ')}.`, '',
    `${closedText(r.closed)}.`,
  ];
}
