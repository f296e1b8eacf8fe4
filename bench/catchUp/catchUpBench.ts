import { join } from 'node:path';
import { catchUpSource } from '../../src/app/catchUp/catchUpService';
import { GitLabDouble } from '../../test/double';
import { playScriptedWeek } from '../../test/double/world/scriptedWeek';
import { catchUpOverHttp } from '../../test/unit/app/catchUp/catchUpOverHttp';
import { bundleProbe } from '../lib/bundle';
import { runNodeChild } from '../lib/child';
import { formatTable } from '../lib/table';
import { ratioOf, summarize, type Ratio, type Summary } from '../lib/stats';
import { writeEventCorpus } from '../tree/eventCorpus';
import type { GroupingRun } from './groupingProbe';
import { idleCost, type IdleCost } from './idleCost';

/**
 * The Catch Up view (bench/README.md, section 8): 10,000 events grouped into things against a bare pass over the same
 * events; the first rows drawn from what the lists hold before any request; the requests of an idle hour for an
 * account with 50 active things, counted at the double, against the feeds' polls and the note's budget.
 */

export const FRAME_MS = 16;
const ROUNDS = 21;
const WARM_UP = 3;
const LATENCY_MS = 50;

export interface CatchUpBenchResult {
  grouping: {
    events: number; things: number; rounds: number;
    /** `catchUpThings` (grouping, the rules per event, rows), `groupThings` alone, and the floor. */
    rows: Summary; grouping: Summary; floor: Summary; rowsOverFloor: Ratio;
  };
  firstRows: {
    latencyMs: number; rows: number; drawnMs: number;
    /** Requests that arrived at the double from the load's start to the rows drawn. */
    requestsBefore: string[];
    /** The first request after them, and when it arrived and was answered (ms from the load's start). */
    firstRequest?: { request: string; arrivedMs: number; answeredMs?: number };
    rowsAfterAnswer: number;
  };
  idle?: IdleCost;
  idleError?: string;
}

async function groupingBench(workDir: string, progress: (line: string) => void): Promise<CatchUpBenchResult['grouping']> {
  const file = join(workDir, 'catchUpCorpus.json');
  await writeEventCorpus(file);
  const probe = await bundleProbe(join(__dirname, 'groupingProbe.ts'), join(workDir, 'catchUpGroupingProbe.cjs'));
  const run = await runNodeChild<GroupingRun>(probe, { args: [file, String(ROUNDS), String(WARM_UP)], timeoutMs: 180_000 });
  const { rows, grouping, floor } = run;
  progress(`  grouping: ${run.events} events into ${run.things} things, median ${summarize(rows).median.toFixed(2)} ms (floor ${summarize(floor).median.toFixed(3)} ms)`);
  return { events: run.events, things: run.things, rounds: ROUNDS, rows: summarize(rows), grouping: summarize(grouping), floor: summarize(floor), rowsOverFloor: ratioOf(rows, floor) };
}

async function firstRowsBench(): Promise<CatchUpBenchResult['firstRows']> {
  const now = new Date();
  const double = await GitLabDouble.start({ now: () => now, events: 0 });
  const week = playScriptedWeek(double, now);
  const view = catchUpOverHttp(double.url, { now: () => now.getTime(), userId: week.personId, username: 'alex' });
  try {
    await view.readLists();
    double.inject({ fault: { kind: 'latency', ms: LATENCY_MS }, times: Infinity });
    const key = catchUpSource(double.url).key;
    const from = Date.now();
    let drawnAt: number | undefined;
    let rows = 0;
    const drawn = new Promise<void>((resolve) => {
      const listening = view.service.lists.onDidChange(() => {
        const items = view.service.lists.rows(key).items;
        if (drawnAt === undefined && items.length > 0) {
          drawnAt = Date.now();
          rows = items.length;
          listening.dispose();
          resolve();
        }
      });
    });
    void view.service.lists.load(catchUpSource(double.url));
    await drawn;
    const requestsBefore = double.requests.filter((r) => r.at >= from && r.at <= drawnAt!).map((r) => `${r.method} ${r.path}`);
    const arrived = await double.waitForArrival((r) => r.at >= from, 5_000).catch(() => undefined);
    const answered = arrived ? await double.waitForRequest((r) => r === arrived || (r.at === arrived.at && r.path === arrived.path), 5_000).catch(() => undefined) : undefined;
    const answeredAt = answered ? Date.now() : undefined;
    // The participation answer recomputes the rows (the view reads them again on the change): the week's things by role
    // (its reassignment, the person's merge requests) are among them then.
    await view.service.pollParticipation();
    return {
      latencyMs: LATENCY_MS, rows, drawnMs: drawnAt! - from, requestsBefore,
      ...(arrived ? { firstRequest: { request: `${arrived.method} ${arrived.path}${arrived.body?.includes('catchUpParticipation') ? ' (catchUpParticipation)' : ''}`, arrivedMs: arrived.at - from, ...(answeredAt ? { answeredMs: answeredAt - from } : {}) } } : {}),
      rowsAfterAnswer: (await view.rows()).length,
    };
  } finally {
    await view.close();
    await double.close();
  }
}

export async function catchUpBench(workDir: string, bundle: () => Promise<{ packageDir: string; stub: string }>, progress: (line: string) => void): Promise<CatchUpBenchResult> {
  const grouping = await groupingBench(workDir, progress);
  const firstRows = await firstRowsBench();
  progress(`  first rows: ${firstRows.rows} drawn at ${firstRows.drawnMs} ms, ${firstRows.requestsBefore.length} requests before them`);
  const result: CatchUpBenchResult = { grouping, firstRows };
  try {
    const { packageDir, stub } = await bundle();
    result.idle = await idleCost(packageDir, stub, workDir);
    progress(`  idle: ${result.idle.perCycle.total} requests a cycle, ${result.idle.perCycle.participation} of them the participation read`);
  } catch (error) {
    result.idleError = error instanceof Error ? error.message : String(error);
    progress(`  idle: could not run (${result.idleError.split('\n')[0]})`);
  }
  return result;
}

export function catchUpGoals(r: CatchUpBenchResult): Array<{ goal: string; value: string; met: boolean }> {
  const g = r.grouping;
  const f = r.firstRows;
  const goals = [
    {
      goal: `catchUp: ${g.events.toLocaleString('en')} events grouped into things (rows with the rules) within one frame (${FRAME_MS} ms; median of ${g.rounds}, beside a bare pass over the same events)`,
      value: `${g.rows.median.toFixed(2)} ms (min ${g.rows.min.toFixed(2)}, max ${g.rows.max.toFixed(2)}); ${g.things} things; ×${g.rowsOverFloor.median.toFixed(1)} the floor's ${g.floor.median.toFixed(3)} ms; grouping alone ${g.grouping.median.toFixed(2)} ms`,
      met: g.rows.median <= FRAME_MS,
    },
    {
      goal: `catchUp: the first rows drawn from what the lists hold before any request (${f.latencyMs} ms per answer)`,
      value: `${f.rows} rows at ${f.drawnMs} ms, ${f.requestsBefore.length} requests before them${f.firstRequest ? `; then ${f.firstRequest.request} arrived at ${f.firstRequest.arrivedMs} ms, answered ${f.firstRequest.answeredMs ?? '?'} ms` : ''}; ${f.rowsAfterAnswer} rows after the answer`,
      met: f.rows > 0 && f.requestsBefore.length === 0 && (f.firstRequest === undefined || f.firstRequest.arrivedMs >= f.drawnMs),
    },
  ];
  const idle = r.idle;
  if (idle) {
    goals.push({
      goal: `catchUp: requests at idle with ${idle.activeThings} active things at most the feeds' polls plus one participation request a cycle (counted at the double; the note's budget ≈ 45–80 an hour)`,
      value: `${idle.perCycle.total} a cycle (${idle.perCycle.others} the other lists' polls + ${idle.perCycle.participation} participation) over ${idle.cycles} cycles; `
        + `${idle.perHour.atDefault} an hour at the default ${idle.defaultIntervalSeconds} s, ${idle.perHour.atFiveMinutes} at 5 min`,
      met: idle.cycles > 0 && idle.perCycle.participation <= 1 && idle.perCycle.catchUpOther === 0,
    });
  } else {
    goals.push({ goal: 'catchUp: requests at idle', value: `not measured: ${r.idleError ?? 'unknown'}`, met: false });
  }
  return goals;
}

export function catchUpTables(r: CatchUpBenchResult): string {
  const g = r.grouping;
  const tables = [formatTable(`Catch Up: ${g.events.toLocaleString('en')} events into ${g.things} things (${g.rounds} rounds, ms)`, [
    ['', 'median', 'min', 'max'],
    ['rows (catchUpThings)', g.rows.median.toFixed(2), g.rows.min.toFixed(2), g.rows.max.toFixed(2)],
    ['grouping alone (groupThings)', g.grouping.median.toFixed(2), g.grouping.min.toFixed(2), g.grouping.max.toFixed(2)],
    ['floor (a bare pass)', g.floor.median.toFixed(3), g.floor.min.toFixed(3), g.floor.max.toFixed(3)],
  ])];
  if (r.idle) {
    tables.push(formatTable(`Catch Up at idle: requests per poll cycle, the view in sight (${r.idle.cycles} cycles)`, [
      ['request', 'per cycle'], ...r.idle.requests.map((q) => [q.request, q.count.toFixed(2)]),
    ]));
    tables.push(formatTable(`…and out of sight (${r.idle.cyclesHidden} cycles)`, [
      ['request', 'per cycle'], ...r.idle.requestsHidden.map((q) => [q.request, q.count.toFixed(2)]),
    ]));
  }
  return tables.join('\n\n');
}
