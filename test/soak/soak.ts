import { Agent } from 'undici';
import { createEventFeeds, eventListPlan } from '../../src/app/activity/eventFeeds';
import { countNewEvents, newestMarker, PollSchedule } from '../../src/app/activity/pollSchedule';
import { MY_ACTIVITY } from '../../src/app/activity/sources';
import { GitLabClient, GitLabError, Transport, validateFilter, type PageRequest } from '../../src/gitlab';
import { UndiciExchange } from '../../src/node/undiciExchange';
import { DEFAULT_TOKEN, GitLabDouble } from '../double';
import { HeapMeter } from './heap';
import { auditRetries, peakInWindow, STATED_RETRY_POLICY, type Attempt } from './policyAudit';
import { SeededRandom } from '../double/world/random';
import { drawFault, type SoakFault } from './soakFaults';
import { VirtualClock } from './virtualClock';

export interface SoakOptions {
  cycles: number;
  seed?: number;
  /** The poll interval (the `gitlabActivity.pollInterval` default is 120 s). */
  intervalMs?: number;
  /** Share of cycles that meet a fault. */
  faultRate?: number;
  /** Share of cycles in which a new event appears on the server. */
  newEventRate?: number;
  timeoutMs?: number;
  maxBodyBytes?: number;
}

export interface SoakResult {
  cycles: number;
  seed: number;
  intervalMs: number;
  faults: Record<string, number>;
  pollOutcomes: Record<string, number>;
  feedOutcomes: Record<string, number>;
  requests: number;
  retries: number;
  /** Polls after which GitLab's requested wait was longer than the schedule's own backoff. */
  serverWaitsLongerThanBackoff: number;
  /** Shortest virtual time from the end of a poll to the start of the next. */
  minPollGapMs: number;
  /** Most requests inside any window of one interval. */
  peakRequestsPerInterval: number;
  /** The policy's bound for that: two listings a cycle, each with all its attempts. */
  requestBoundPerInterval: number;
  newEventsAdded: number;
  newEventsCounted: number;
  virtualHours: number;
  realSeconds: number;
  heapBeforeBytes: number;
  heapAfterBytes: number;
  unhandledRejections: number;
  /** Every breach of the policy or of typing; empty when the run is clean. */
  violations: string[];
}

const POLL_FILTER = validateFilter({ sort: 'desc' });
const POLL_PAGE: PageRequest = { page: 1, perPage: 20 };
const START_MS = Date.parse('2026-03-02T09:00:00Z');

/**
 * What polling does, N times, against a double that injects seeded random faults: the first page of My Activity
 * (as the new-activity poller asks for it) and a refresh of the My Activity feed. Waits come from `PollSchedule`
 * and the retry policy and move a virtual clock, so nothing really sleeps except requests held past the timeout.
 */
export async function runSoak(options: SoakOptions): Promise<SoakResult> {
  const seed = options.seed ?? 1;
  const intervalMs = options.intervalMs ?? 120_000;
  const faultRate = options.faultRate ?? 0.35;
  const newEventRate = options.newEventRate ?? 0.1;
  const timeoutMs = options.timeoutMs ?? 250;
  const maxBodyBytes = options.maxBodyBytes ?? 1024 * 1024;
  const random = new SeededRandom(seed);
  const clock = new VirtualClock(START_MS);
  const meter = new HeapMeter();
  const started = Date.now();

  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown): void => {
    unhandled.push(reason);
  };
  process.on('unhandledRejection', onUnhandled);

  const double = await GitLabDouble.start({ events: 300, seed, now: () => new Date(clock.now()) });
  const dispatcher = new Agent({ keepAliveTimeout: 10_000 });
  let cycleAttempts: Attempt[] = [];
  const jitter = new SeededRandom(seed ^ 0x5eed);
  const transport = new Transport({
    instanceUrl: double.url, token: () => DEFAULT_TOKEN, exchange: new UndiciExchange(dispatcher), timeoutMs, maxBodyBytes,
    now: clock.now,
    sleep: async (ms) => clock.advance(ms),
    random: () => jitter.next(),
    log: (entry) => cycleAttempts.push({ at: clock.now(), attempt: entry.attempt, status: entry.status, outcome: entry.outcome }),
  });
  const client = new GitLabClient(transport);
  const feeds = createEventFeeds(eventListPlan({ request: POLL_FILTER }, { pageSize: POLL_PAGE.perPage ?? 20, api: () => client }));
  const schedule = new PollSchedule(intervalMs);

  const result: SoakResult = {
    cycles: options.cycles, seed, intervalMs, faults: {}, pollOutcomes: {}, feedOutcomes: {}, requests: 0, retries: 0,
    serverWaitsLongerThanBackoff: 0, minPollGapMs: Number.POSITIVE_INFINITY, peakRequestsPerInterval: 0,
    requestBoundPerInterval: 2 * STATED_RETRY_POLICY.maxAttempts, newEventsAdded: 0, newEventsCounted: 0, virtualHours: 0,
    realSeconds: 0, heapBeforeBytes: 0, heapAfterBytes: 0, unhandledRejections: 0, violations: [],
  };
  const violation = (cycle: number, text: string): void => {
    if (result.violations.length < 50) result.violations.push(`cycle ${cycle}: ${text}`);
  };
  const attemptTimes: number[] = [];
  // Heap is measured once the pools, caches and JIT have settled: after a tenth of the run (at least 5 cycles).
  const warmup = Math.min(Math.max(5, Math.floor(options.cycles / 10)), options.cycles - 1);

  try {
    // What the user was last shown: the newest event before the run.
    let marker = newestMarker((await client.listEvents(MY_ACTIVITY.source, POLL_FILTER, POLL_PAGE)).items);
    let addedSinceLastSuccess = 0;
    let failures = 0;
    let previousEnd: { at: number; required: number } | undefined;
    cycleAttempts = [];

    for (let cycle = 1; cycle <= options.cycles; cycle++) {
      if (cycle === warmup + 1) result.heapBeforeBytes = meter.settled();
      let injected: { fault: SoakFault; times: number } | undefined;
      if (random.chance(faultRate)) {
        injected = { fault: drawFault(random, timeoutMs, maxBodyBytes), times: random.int(1, 5) };
        double.inject({ fault: injected.fault.fault, path: '/events', times: injected.times });
        result.faults[injected.fault.name] = (result.faults[injected.fault.name] ?? 0) + 1;
      }
      if (random.chance(newEventRate)) {
        double.addEvent();
        result.newEventsAdded++;
        addedSinceLastSuccess++;
      }

      // The poll, as the new-activity poller makes it.
      const pollStart = clock.now();
      if (previousEnd) {
        const gap = pollStart - previousEnd.at;
        result.minPollGapMs = Math.min(result.minPollGapMs, gap);
        if (gap < previousEnd.required) violation(cycle, `polled ${gap} ms after the last poll; the policy demands ${previousEnd.required} ms`);
      }
      let wait: number;
      let required: number;
      try {
        const page = await client.listEvents(MY_ACTIVITY.source, POLL_FILTER, POLL_PAGE);
        const fresh = countNewEvents(page.items, marker);
        if (fresh !== addedSinceLastSuccess) violation(cycle, `counted ${fresh} new events, ${addedSinceLastSuccess} were added`);
        result.newEventsCounted += fresh;
        marker = newestMarker(page.items) ?? marker;
        addedSinceLastSuccess = 0;
        count(result.pollOutcomes, 'ok');
        failures = 0;
        wait = schedule.succeeded();
        required = intervalMs;
      } catch (error) {
        if (!(error instanceof GitLabError)) {
          violation(cycle, `the poll failed with ${String(error)}, not a GitLabError`);
          count(result.pollOutcomes, 'untyped');
        } else {
          count(result.pollOutcomes, error.kind);
        }
        failures = Math.min(failures + 1, 4);
        wait = schedule.failed(error);
        const asked = error instanceof GitLabError && error.kind === 'rateLimited' ? error.retryAfterMs ?? 0 : 0;
        if (asked > intervalMs * 2 ** failures) result.serverWaitsLongerThanBackoff++;
        required = Math.max(intervalMs * 2 ** failures, asked);
      }

      // The feed refresh that follows new activity.
      feeds.resetOne(MY_ACTIVITY.key);
      await feeds.load(MY_ACTIVITY);
      const state = feeds.get(MY_ACTIVITY.key);
      if (state.error !== undefined && !(state.error instanceof GitLabError)) violation(cycle, `the feed holds ${String(state.error)}`);
      count(result.feedOutcomes, state.error instanceof GitLabError ? state.error.kind : state.error === undefined ? 'ok' : 'untyped');
      if (state.items.length > (POLL_PAGE.perPage ?? 20)) violation(cycle, `the feed holds ${state.items.length} events after one page`);

      for (const problem of auditRetries(cycleAttempts, injected, STATED_RETRY_POLICY)) violation(cycle, problem);
      result.requests += cycleAttempts.length;
      result.retries += cycleAttempts.filter((a) => a.attempt > 1).length;
      for (const attempt of cycleAttempts) attemptTimes.push(attempt.at);
      const end = cycleAttempts.length > 0 ? cycleAttempts[cycleAttempts.length - 1].at : clock.now();
      cycleAttempts = [];
      double.clearFaults();
      double.clearLog();

      if (wait < required) violation(cycle, `the schedule waits ${wait} ms; the policy demands ${required} ms`);
      previousEnd = { at: end, required };
      clock.advance(wait);
    }
  } finally {
    result.heapAfterBytes = meter.settled();
    await dispatcher.close();
    await double.close();
    // Rejections surface after the microtask queue drains.
    await new Promise((resolve) => setImmediate(resolve));
    process.off('unhandledRejection', onUnhandled);
  }

  result.unhandledRejections = unhandled.length;
  for (const reason of unhandled.slice(0, 5)) result.violations.push(`unhandled rejection: ${String(reason)}`);
  result.peakRequestsPerInterval = peakInWindow(attemptTimes, intervalMs);
  if (result.peakRequestsPerInterval > result.requestBoundPerInterval) {
    result.violations.push(`${result.peakRequestsPerInterval} requests within one interval; the bound is ${result.requestBoundPerInterval}`);
  }
  result.virtualHours = Math.round(((clock.now() - START_MS) / 3_600_000) * 10) / 10;
  result.realSeconds = Math.round((Date.now() - started) / 100) / 10;
  return result;
}

function count(tally: Record<string, number>, key: string): void {
  tally[key] = (tally[key] ?? 0) + 1;
}
