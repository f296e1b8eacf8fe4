import { join } from 'node:path';
import { request } from 'undici';
import { TEST_POLL_FLOOR_ENV_VAR } from '../../src/ids';
import type { LoggedRequest } from '../../test/double';
import { tally, type Tally } from '../economy/requestTally';
import { TOKEN } from '../fetch/listers';
import { bundleProbe } from '../lib/bundle';
import { runNodeChild } from '../lib/child';
import { summarize, type Summary } from '../lib/stats';
import type { TodoDriverResult } from './todoDriver';
import type { TodoBulkRun, TodoRowsResult } from './todoViewProbe';
import { GROUP_SIZE, PENDING_TODOS, startTodoWorld } from './todoWorld';
import type { GraphqlSchemaVersion } from '../../test/double/types';
import { todoLargeGoals, todoLargeTable, type TodoLargeFigure } from './todoLargeBench';

/** How long the double holds every POST (a mark as done) in the rows runs: the answer the redraw must not wait for. */
export const ANSWER_DELAY_MS = 200;
/**
 * The To-Do rows' first build against its floor (a bare `TreeItem` per to-do, in the same process): the goal was 50 ms
 * when the floor measured 1.2 ms, ×40; the rows were then ×5–6 (2026-11-28).
 */
export const ROWS_OVER_FLOOR = 40;
/** How long it holds every POST in the bulk runs, so that requests overlap and the bound in flight shows. */
const BULK_DELAY_MS = 20;

export interface TodoBulkFigure {
  schema: GraphqlSchemaVersion;
  run: TodoBulkRun;
  /** Requests the double received during the Mark as Done, and the most in flight at once there. */
  requests: Tally;
  doublePeakInFlight: number;
  /** The fewest requests GitLab's API allows for the group on this schema. */
  fewest: number;
}

export interface TodoRowsFigures {
  todos: number;
  rows: number;
  runs: TodoRowsResult[];
  firstBuild: Summary;
  warm: Summary;
  floorFirst: Summary;
  floorWarm: Summary;
  grouping: Summary;
  clickToRedraw: Summary;
  clickToAnswer: Summary;
  redrawBeforeAnswer: boolean[];
}

export interface TodoFirstPage {
  latencyMs: number;
  /** One raw request for the same page to the same double (undici), min / median / max of 5. */
  roundTrip: Summary;
  /** From the token read that preceded the first to-do request to the first to-do row drawn. */
  tokenToRowsMs: number;
  /** To-do requests (REST `/todos`, GraphQL, `/user_counts`) the double received before the first row was drawn. */
  beforeRows: string[];
  /** Requests the double had answered before the first page was asked for (a round trip the page waited for). */
  answeredBeforePage: string[];
  /** Every request from the token read to the first row, with its arrival after the token read. */
  timeline: string[];
  /** Token reads answered, ms after activation. */
  tokenReadsAfterActivation: number[];
  /**
   * Poll cycles seen at the double while polling was on: new-activity checks (`GET /events?page=1`), each cycle's
   * other request; the driver lets `expectedCycles` run.
   */
  cycles: number;
  expectedCycles: number;
  /** Per poll cycle, nothing new on the server: to-do requests, and every request. */
  todoRequestsPerCycle: number;
  requestsPerCycle: number;
  pollRequests: Tally;
}

export interface TodoViewResult {
  rows: TodoRowsFigures;
  bulk: TodoBulkFigure[];
  firstPage?: TodoFirstPage;
  firstPageError?: string;
  /** The list at 10,000 pending: first rows and Mark All (todoLargeBench.ts). */
  large?: TodoLargeFigure;
  largeError?: string;
}

const isPost = (r: LoggedRequest) => r.method === 'POST';
const isTodoRequest = (r: LoggedRequest) => r.path.startsWith('/api/v4/todos') || r.path === '/api/graphql' || r.path === '/api/v4/user_counts';
/** The new-activity check, one a poll cycle: My Activity's newest page. */
const isActivityCheck = (r: LoggedRequest) => r.path === '/api/v4/events' && r.query.page === '1';
/** Every answer 50 ms late, as in the workbench section: a round trip is then long next to the work in between. */
const FIRST_PAGE_LATENCY_MS = 50;

/**
 * The production bundle under the stub API with the To-Do List on, against the double answering 50 ms late: the
 * to-do requests from the token read to the first row drawn, and per poll cycle (the new-to-do check, with the
 * manifest's default `todos.notifyFor`, as a fresh install has it). Cycles are counted at the double too, by the
 * new-activity check each cycle makes, so that a cycle late under load is not counted as a cycle without a to-do
 * request.
 */
export async function todoFirstPage(packageDir: string, stub: string, workDir: string): Promise<TodoFirstPage> {
  const driver = await bundleProbe(join(__dirname, 'todoDriver.ts'), join(workDir, 'todoDriver.cjs'), ['vscode']);
  const world = await startTodoWorld();
  const { double } = world;
  try {
    double.inject({ fault: { kind: 'latency', ms: FIRST_PAGE_LATENCY_MS }, times: Infinity });
    double.clearLog();
    const settings = { 'gitlabActivity.instanceUrl': double.url, 'gitlabActivity.pollInterval': 0 };
    const run = await runNodeChild<TodoDriverResult>(driver, {
      args: [join(packageDir, 'dist', 'extension.js'), stub], timeoutMs: 60_000,
      env: {
        ...process.env, BENCH_PACKAGE_JSON: join(packageDir, 'package.json'), BENCH_VSCODE_SETTINGS: JSON.stringify(settings),
        GITLAB_ACTIVITY_TOKEN: TOKEN, GITLAB_ACTIVITY_INSTANCE_URL: double.url,
        // The driver polls at 1 s; outside tests the interval's floor is 30 s.
        [TEST_POLL_FLOOR_ENV_VAR]: '1',
      },
    });
    const todoRequests = double.requests.filter(isTodoRequest);
    const page = double.requests.find((r) => r.path === '/api/v4/todos' && (r.query.page ?? '1') === '1');
    const answeredBeforePage = page ? double.requests.filter((r) => r.at + FIRST_PAGE_LATENCY_MS <= page.at) : [];
    const firstAsked = todoRequests[0]?.at ?? NaN;
    const tokenRead = Math.max(...run.tokenReads.filter((at) => at <= firstAsked));
    const inPolling = double.requests.filter((r) => r.at >= run.polling.from && r.at <= run.polling.to);
    const trips: number[] = [];
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      await (await request(`${double.apiUrl}/todos?page=1&per_page=100`, { headers: { 'private-token': TOKEN } })).body.text();
      trips.push(performance.now() - started);
    }
    const pollRequests = tally(inPolling);
    const cycles = inPolling.filter(isActivityCheck).length;
    return {
      latencyMs: FIRST_PAGE_LATENCY_MS, roundTrip: summarize(trips), tokenToRowsMs: run.firstRowAt - tokenRead,
      beforeRows: todoRequests.filter((r) => r.at <= run.firstRowAt).map((r) => `${r.method} ${r.path}${r.query.page ? `?page=${r.query.page}` : ''}`),
      cycles, expectedCycles: run.polling.cycles,
      todoRequestsPerCycle: cycles > 0 ? inPolling.filter(isTodoRequest).length / cycles : NaN, requestsPerCycle: cycles > 0 ? inPolling.length / cycles : NaN,
      pollRequests,
      answeredBeforePage: answeredBeforePage.map((r) => `${r.method} ${r.path}`),
      timeline: double.requests.filter((r) => r.at >= tokenRead && r.at <= run.firstRowAt).map((r) => `${r.method} ${r.path} @${r.at - tokenRead} ms`),
      tokenReadsAfterActivation: run.tokenReads.map((at) => at - run.activatedAt),
    };
  } finally {
    await double.close();
  }
}

/**
 * The To-Do view, three fresh processes (cold code each) over a double of `PENDING_TODOS` pending to-dos, then Mark
 * as Done on the row of `GROUP_SIZE` to-dos against today's GitLab (its many-mutation) and an older one (17.4: none,
 * one REST request per to-do). A fresh double for each run: marking changes its list.
 */
export async function todoViewBench(workDir: string, runs: number, progress: (line: string) => void): Promise<TodoViewResult> {
  const probe = await bundleProbe(join(__dirname, 'todoViewProbe.ts'), join(workDir, 'todoViewProbe.cjs'), [],
    { vscode: join(__dirname, '..', 'startup', 'vscodeStub.ts') });
  const results: TodoRowsResult[] = [];
  for (let run = 0; run < runs; run++) {
    const world = await startTodoWorld();
    try {
      world.double.inject({ fault: { kind: 'latency', ms: ANSWER_DELAY_MS }, method: 'POST', times: Infinity });
      results.push(await runNodeChild<TodoRowsResult>(probe, {
        args: [world.double.url, TOKEN, 'rows', world.groupReference, String(PENDING_TODOS), String(GROUP_SIZE)], timeoutMs: 120_000,
      }));
    } finally {
      await world.double.close();
    }
    const last = results[results.length - 1];
    progress(`  run ${run + 1}/${runs}: ${last.todos} to-dos in ${last.rows} rows built in ${last.firstBuildMs.toFixed(1)} ms (floor ${last.floorFirstMs.toFixed(1)} ms); `
      + `Mark as Done redrawn after ${last.markDone?.clickToRedrawMs.toFixed(1)} ms, answered after ${last.markDone?.clickToAnswerMs.toFixed(0)} ms`);
  }
  const bulk: TodoBulkFigure[] = [];
  for (const schema of ['current', '17.4'] as const) {
    const world = await startTodoWorld(schema);
    try {
      world.double.inject({ fault: { kind: 'latency', ms: BULK_DELAY_MS }, method: 'POST', times: Infinity });
      world.double.clearLog();
      const run = await runNodeChild<TodoBulkRun>(probe, {
        args: [world.double.url, TOKEN, 'bulk', world.groupReference, String(PENDING_TODOS), String(GROUP_SIZE)], timeoutMs: 120_000,
      });
      const during = world.double.requests.filter((r) => r.at >= run.from && r.at <= run.to);
      // The reads before it are one page at a time, so the double's peak is the Mark as Done's.
      const figure: TodoBulkFigure = {
        schema, run, requests: tally(during.filter(isPost)), doublePeakInFlight: world.double.peakInFlight,
        fewest: schema === 'current' ? Math.ceil(GROUP_SIZE / 100) : GROUP_SIZE,
      };
      bulk.push(figure);
      progress(`  Mark as Done on ${run.groupTodos} to-dos of one row, GitLab ${schema === 'current' ? '18.x' : schema}: ${figure.requests.total} requests, at most ${figure.doublePeakInFlight} in flight`);
    } finally {
      await world.double.close();
    }
  }
  const marks = results.map((r) => r.markDone);
  return {
    rows: {
      todos: results[0]?.todos ?? 0, rows: results[0]?.rows ?? 0, runs: results,
      firstBuild: summarize(results.map((r) => r.firstBuildMs)), warm: summarize(results.map((r) => r.warm.median)),
      floorFirst: summarize(results.map((r) => r.floorFirstMs)), floorWarm: summarize(results.map((r) => r.floorWarm.median)),
      grouping: summarize(results.map((r) => r.grouping.median)),
      clickToRedraw: summarize(marks.map((m) => m?.clickToRedrawMs ?? NaN)), clickToAnswer: summarize(marks.map((m) => m?.clickToAnswerMs ?? NaN)),
      redrawBeforeAnswer: marks.map((m) => m !== undefined && m.rowGoneAtRedraw && m.clickToRedrawMs < m.clickToAnswerMs),
    },
    bulk,
  };
}

export interface TodoGoal {
  goal: string;
  value: string;
  met: boolean;
}

const formatCount = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(2));
const mmm = (s: Summary, digits = 1) => `${s.min.toFixed(digits)} / ${s.median.toFixed(digits)} / ${s.max.toFixed(digits)} ms`;
const schemaName = (schema: GraphqlSchemaVersion) => (schema === 'current' ? 'GitLab 18.x' : `GitLab ${schema}`);

/** The To-Do List's goals (issue "Inbox"), each with its figure and the floor measured beside it. */
export function todoGoals(r: TodoViewResult): TodoGoal[] {
  const goals: TodoGoal[] = [];
  const f = r.firstPage;
  if (f) {
    const asked = f.timeline.find((line) => line.startsWith('GET /api/v4/todos'));
    goals.push({
      goal: 'todos: the first page arrives in one round trip after the token is read (no request answered before the page was asked for; requests counted at the double)',
      value: `${f.answeredBeforePage.length === 0 ? 'none answered before' : `answered before: ${f.answeredBeforePage.join(', ')}`}; `
        + `to-do requests before the first row: ${f.beforeRows.join(', ') || 'none'}; requests from the token read: ${f.timeline.join(', ')}; `
        + `rows drawn ${f.tokenToRowsMs} ms after the token read (the double answers ${f.latencyMs} ms late; raw round trip ${f.roundTrip.median.toFixed(0)} ms)`,
      met: asked !== undefined && f.answeredBeforePage.length === 0 && f.beforeRows.includes('GET /api/v4/todos?page=1'),
    });
    const requests = f.pollRequests.requests.map((q) => `${q.request} ×${q.count}`).join(', ') || 'none';
    goals.push({
      goal: `todos: polling costs one request per cycle (to-do requests per poll cycle, nothing new, default todos.notifyFor; requests and cycles counted at the double)`,
      value: f.cycles === 0
        ? `no poll cycle seen (no new-activity check in ${f.expectedCycles} intervals; requests: ${requests})`
        : `${formatCount(f.todoRequestsPerCycle)}${f.todoRequestsPerCycle === 0 ? ': no new-to-do check ran' : ''} over ${f.cycles} cycles (${f.expectedCycles} expected); `
          + `${formatCount(f.requestsPerCycle)} per cycle in all (in the ${f.cycles} cycles: ${requests})`,
      met: f.cycles > 0 && f.todoRequestsPerCycle === 1,
    });
  }
  const rows = r.rows;
  if (rows.runs.length > 0) {
    // Judged against the floor timed in the same process, as every timing goal is (see bench/README.md).
    const ratios = summarize(rows.runs.map((run) => run.firstBuildMs / run.floorFirstMs));
    goals.push({
      goal: `todos: the view's rows for ${rows.todos} pending to-dos, grouped into ${rows.rows} rows, built within ${ROWS_OVER_FLOOR}× the floor, a bare TreeItem per to-do (wall, cold, each process's ratio; median of ${rows.runs.length} processes)`,
      value: `×${ratios.median.toFixed(1)} (per process ${rows.runs.map((run) => `×${(run.firstBuildMs / run.floorFirstMs).toFixed(1)}`).join(', ')}); `
        + `${mmm(rows.firstBuild)}; floor ${mmm(rows.floorFirst)}; warm ${rows.warm.median.toFixed(1)} ms (floor ${rows.floorWarm.median.toFixed(2)} ms), grouping alone ${rows.grouping.median.toFixed(2)} ms`,
      met: ratios.median <= ROWS_OVER_FLOOR,
    });
    goals.push({
      goal: `todos: Mark as Done redraws the row before GitLab's answer (the double holds it ${ANSWER_DELAY_MS} ms; ${rows.redrawBeforeAnswer.filter(Boolean).length} of ${rows.redrawBeforeAnswer.length} runs)`,
      value: rows.runs.map((run) => (run.markDone ? `row gone ${run.markDone.clickToRedrawMs.toFixed(1)} ms vs answer ${run.markDone.clickToAnswerMs.toFixed(0)} ms` : 'no row of one to-do')).join(', '),
      met: rows.redrawBeforeAnswer.length > 0 && rows.redrawBeforeAnswer.every(Boolean),
    });
  }
  if (r.bulk.length > 0) {
    goals.push({
      goal: `todos: Mark as Done on a row of ${GROUP_SIZE} to-dos uses the fewest requests the API allows (an older GitLab without the many-mutation: one per to-do after one try of it), at most 4 in flight`,
      value: r.bulk.map((b) => `${schemaName(b.schema)}: ${b.requests.total} (fewest ${b.fewest}; ${Object.entries(b.run.calls).map(([method, n]) => `${method} ×${n}`).join(', ')}), `
        + `${b.doublePeakInFlight} in flight, row ${b.run.rowGone ? 'gone' : 'STILL SHOWN'}`).join('; '),
      met: r.bulk.every((b) => b.requests.total <= b.fewest + (b.schema === 'current' ? 0 : 1) && b.doublePeakInFlight <= 4 && b.run.rowGone),
    });
  }
  goals.push(...todoLargeGoals(r.large, r.largeError));
  return goals;
}

/** The terminal's table of the section. */
export function todoTables(r: TodoViewResult): string {
  const rows = r.rows;
  const lines = [
    `\nTo-Do List (the real TodoView under the stub, the real client against the double; ${rows.runs.length} fresh processes)`,
    `${rows.todos} pending to-dos in ${rows.rows} rows: first build ${mmm(rows.firstBuild)}, floor ${mmm(rows.floorFirst)}; warm ${mmm(rows.warm, 2)}, floor ${mmm(rows.floorWarm, 3)}; grouping alone ${mmm(rows.grouping, 2)}`,
    `Mark as Done, answer held ${ANSWER_DELAY_MS} ms: row gone ${mmm(rows.clickToRedraw)} after the click, answer ${mmm(rows.clickToAnswer, 0)}`,
    ...r.bulk.map((b) => `Mark as Done on ${b.run.groupTodos} to-dos, ${schemaName(b.schema)}: ${b.requests.requests.map((q) => `${q.request} ×${q.count}`).join(', ')}; at most ${b.doublePeakInFlight} in flight`),
  ];
  const f = r.firstPage;
  if (f) {
    lines.push(`production bundle, double ${f.latencyMs} ms late: token read → first to-do row ${f.tokenToRowsMs} ms (raw round trip ${mmm(f.roundTrip, 0)}); `
      + `requests meanwhile: ${f.timeline.join(', ')}; per poll cycle (${f.cycles} seen): ${formatCount(f.todoRequestsPerCycle)} to-do, ${formatCount(f.requestsPerCycle)} in all`);
  } else if (r.firstPageError) {
    lines.push(`production bundle: could not run (${r.firstPageError.split('\n')[0]})`);
  }
  lines.push(todoLargeTable(r.large, r.largeError));
  return lines.join('\n');
}
