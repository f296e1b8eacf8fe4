import { join } from 'node:path';
import type { LoggedRequest } from '../../test/double';
import { tally, type Tally } from '../economy/requestTally';
import { TOKEN } from '../fetch/listers';
import { bundleProbe } from '../lib/bundle';
import { runNodeChild } from '../lib/child';
import type { TodoLargeRun } from './todoLargeProbe';
import { listedPending, startTodoWorld } from './todoWorld';

/** A long To-Do List: pending to-dos at the double (every one listed by `GET /todos`). */
export const LARGE_PENDING = 10_000;
/** The manifest's default `gitlabActivity.pageSize`: the first page a fresh install reads. */
const PAGE_SIZE = 20;
/** Every answer is this late, as in the other To-Do runs. */
const LATENCY_MS = 50;
/** Every answer but the first page's is held this much more: rows drawn before them come from the first page alone. */
const HOLD_MS = 1000;
/** The fewest requests GitLab allows to mark every pending to-do, the filter empty: `todosMarkAllDone` or `POST /todos/mark_as_done`. */
const FEWEST_MARK_ALL = 1;

export interface TodoLargeFigure {
  pending: number;
  latencyMs: number;
  holdMs: number;
  run: TodoLargeRun;
  /** Requests at the double from Mark All's start to its last change (a read in between counts: Mark All made it). */
  markAllRequests: Tally;
  /** Requests after its last change until it returned (the view reading its list again), not counted above. */
  afterMarks: Tally;
  stillPending: number;
  fewest: number;
}

export interface TodoLargeGoal {
  goal: string;
  value: string;
  met: boolean;
}

/** A change: a REST POST to the To-Do List, or a GraphQL mutation. */
const isChange = (r: LoggedRequest) =>
  r.method === 'POST' && (r.path.startsWith('/api/v4/todos') || (r.path === '/api/graphql' && /^\s*mutation\b/.test(JSON.parse(r.body ?? '{}').query ?? '')));

/**
 * The To-Do List at 10,000 pending: the real view under the stub over the real client and the double (50 ms late):
 * its first rows against the second answer, then Mark All as Done, its requests counted at the double and what is
 * still pending there after it. It measures whatever Mark All does: the view's command, confirmed as a person does.
 */
export async function todoLargeBench(workDir: string, progress: (line: string) => void): Promise<TodoLargeFigure> {
  const probe = await bundleProbe(join(__dirname, 'todoLargeProbe.ts'), join(workDir, 'todoLargeProbe.cjs'), [],
    { vscode: join(__dirname, '..', 'startup', 'vscodeStub.ts') });
  const world = await startTodoWorld('current', LARGE_PENDING);
  const { double } = world;
  try {
    double.inject({ fault: { kind: 'latency', ms: LATENCY_MS }, times: Infinity });
    double.clearLog();
    const run = await runNodeChild<TodoLargeRun>(probe, { args: [double.url, TOKEN, String(PAGE_SIZE), String(HOLD_MS)], timeoutMs: 180_000 });
    const during = double.requests.filter((r) => r.at >= run.markAll.from && r.at <= run.markAll.to && !r.path.startsWith('/__double'));
    const lastChange = during.filter(isChange).at(-1)?.at ?? run.markAll.from;
    const stillPending = await listedPending(double);
    const figure: TodoLargeFigure = {
      pending: LARGE_PENDING, latencyMs: LATENCY_MS, holdMs: HOLD_MS, run,
      markAllRequests: tally(during.filter((r) => r.at <= lastChange)), afterMarks: tally(during.filter((r) => r.at > lastChange)),
      stillPending, fewest: FEWEST_MARK_ALL,
    };
    progress(`  ${LARGE_PENDING} pending: first ${run.firstRows} rows ${run.firstRowMs.toFixed(0)} ms after the view opened (first page answered at ${run.firstPageAnsweredMs.toFixed(0)} ms, `
      + `second answer ${run.secondAnswerMs === undefined ? 'none' : `at ${run.secondAnswerMs.toFixed(0)} ms`}); Mark All: ${figure.markAllRequests.total} requests, ${stillPending} still pending`);
    return figure;
  } finally {
    await double.close();
  }
}

const list = (t: Tally) => t.requests.map((q) => `${q.request} ×${q.count}`).join(', ') || 'none';

export function todoLargeGoals(figure: TodoLargeFigure | undefined, error: string | undefined): TodoLargeGoal[] {
  const firstRowsGoal = `todos: at ${LARGE_PENDING.toLocaleString('en')} pending, the first page's rows drawn before the second answer (every answer but the first page's held ${HOLD_MS} ms more; pages of ${PAGE_SIZE})`;
  const markAllGoal = `todos: Mark All at ${LARGE_PENDING.toLocaleString('en')} pending marks every pending to-do in the fewest requests GitLab allows (${FEWEST_MARK_ALL}: todosMarkAllDone, or POST /todos/mark_as_done; requests and what is still pending counted at the double)`;
  if (!figure) {
    const value = `NOT MEASURED (${(error ?? 'no result').split('\n')[0]})`;
    return [{ goal: firstRowsGoal, value, met: false }, { goal: markAllGoal, value, met: false }];
  }
  const { run } = figure;
  const before = run.secondAnswerMs === undefined || run.firstRowMs < run.secondAnswerMs;
  const marks = figure.markAllRequests;
  return [
    {
      goal: firstRowsGoal,
      value: `${run.firstRows} rows drawn ${run.firstRowMs.toFixed(0)} ms after the view opened, ${(run.firstRowMs - run.firstPageAnsweredMs).toFixed(0)} ms after the first page's answer; `
        + `second answer ${run.secondAnswerMs === undefined ? 'none' : `at ${run.secondAnswerMs.toFixed(0)} ms`}; calls before the rows: ${run.callsBeforeRows.join(', ')}`,
      met: run.firstRows > 0 && before,
    },
    {
      goal: markAllGoal,
      value: `${marks.total} requests (${list(marks)}); ${figure.stillPending.toLocaleString('en')} of ${figure.pending.toLocaleString('en')} still pending at GitLab; `
        + `the view shows ${run.markAll.rowsAfter} rows after it; then ${figure.afterMarks.total} reads (${list(figure.afterMarks)}); said: ${run.markAll.messages.join(' | ') || 'nothing'}`,
      met: figure.stillPending === 0 && marks.total <= figure.fewest,
    },
  ];
}

export function todoLargeTable(figure: TodoLargeFigure | undefined, error: string | undefined): string {
  if (!figure) return `${LARGE_PENDING} pending to-dos: could not run (${(error ?? 'no result').split('\n')[0]})`;
  const { run } = figure;
  return `${figure.pending} pending to-dos, double ${figure.latencyMs} ms late, every answer but the first page's held ${figure.holdMs} ms more: first ${run.firstRows} rows at ${run.firstRowMs.toFixed(0)} ms `
    + `(first page answered at ${run.firstPageAnsweredMs.toFixed(0)} ms, second answer ${run.secondAnswerMs === undefined ? 'none' : `at ${run.secondAnswerMs.toFixed(0)} ms`}); `
    + `Mark All: ${figure.markAllRequests.total} requests (${list(figure.markAllRequests)}), ${figure.stillPending} still pending, ${run.markAll.rowsAfter} rows shown after`;
}
