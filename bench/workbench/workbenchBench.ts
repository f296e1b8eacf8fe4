import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { RESULT_MARKER } from '../lib/child';
import { lockHeldByAncestor } from '../lib/heldLock';
import { summarize, type Summary } from '../lib/stats';
import type { FirstRowsRun } from './firstRowsProbe';

export const WORKBENCH_LATENCY_MS = 50;
/**
 * The first events request after the reload is held this much longer, a slow first answer: at 50 ms it returns before
 * the workbench first asks for the tree's rows (about half a second after activation), so "drawn before it returns"
 * would say nothing; held 2 s, rows drawn before it can only be the page kept from the session before.
 */
export const FIRST_EVENTS_HOLD_MS = 2000;
const LOCK = '/tmp/workbench.lock';
/** How long to wait for the shared lock (other runs of the real-VS-Code stage) before reporting SKIPPED. */
const LOCK_WAIT_SECONDS = 1200;
const LOCK_BUSY_EXIT = 75;

export interface WorkbenchResult {
  /** Why nothing was measured, when nothing was. */
  skipped?: string;
  latencyMs: number;
  runs: FirstRowsRun[];
  activationToRows: Summary;
  /** One raw request's round trip to the same double, across runs (for scale: the rows wait for no request). */
  roundTrip: Summary;
  /** Each run's requests from the reload to the first rows. */
  requestsUntilRows: string[];
  goals: Array<{ goal: string; value: string; met: boolean }>;
}

/**
 * First rows in a real workbench: from the extension's activation to the first event rows in code-server, and the
 * requests made until then, with the double answering 50 ms late. Sets code-server up first where it is missing (as the
 * real-VS-Code tests do), and runs under the shared workbench lock (it waits for it, unless the bench was started
 * under it); when the run cannot finish (no
 * code-server could be set up, the lock stayed busy) it says SKIPPED with the reason, never silently.
 */
export async function workbenchBench(root: string, runs: number, progress: (line: string) => void): Promise<WorkbenchResult> {
  const empty: WorkbenchResult = {
    latencyMs: WORKBENCH_LATENCY_MS, runs: [], activationToRows: summarize([]), roundTrip: summarize([]), requestsUntilRows: [], goals: [],
  };
  // The probe sets code-server up where it is missing, as the real-VS-Code tests do (`ensureVscodeEnv`); its steps
  // (`[vscode-env] …`, minutes on a fresh clone) are shown as they come.
  if (!existsSync(join(root, '.cache', 'vscode-env', 'ready.json'))) progress('  code-server is not set up here: the probe sets it up first (scripts/vscode-env/setup.mjs, as `npm run test:vscode` does)');
  progress(`  waiting for ${LOCK}, then packaging and ${runs} code-server sessions`);
  let measured: FirstRowsRun[];
  try {
    measured = await underLock(root, [join(__dirname, 'firstRowsProbe.ts'), String(runs), String(WORKBENCH_LATENCY_MS), String(FIRST_EVENTS_HOLD_MS)], progress);
  } catch (error) {
    const lines = (error as Error).message.trim().split('\n');
    const reason = lines.find((line) => line.startsWith('first rows probe failed: ')) ?? lines.slice(-3).join(' ');
    const skipped = `the workbench run did not finish: ${reason}`;
    // Never a silent skip: each goal of the section is listed as not met, with the reason.
    return { ...empty, skipped, goals: [FIRST_ROWS_GOAL, NO_EARLY_REQUEST_GOAL].map((goal) => ({ goal: `workbench: ${goal}`, value: `SKIPPED (${skipped})`, met: false })) };
  }
  const spans = measured.map((r) => r.firstRowAt - r.activatedAt);
  const roundTrip = summarize(measured.map((r) => r.roundTripMs));
  const activationToRows = summarize(spans);
  // When the first answer to an events request could arrive, relative to activation (undefined: none asked before
  // the row). The first events request after the reload is held; any other one answers after the latency alone.
  const firstAnswer = measured.map((r) => {
    const answers = r.requests.filter((q) => isEventsRequest(q.request))
      .map((q, index) => q.afterActivationMs + WORKBENCH_LATENCY_MS + (index === 0 ? FIRST_EVENTS_HOLD_MS : 0));
    return answers.length > 0 ? Math.min(...answers) : undefined;
  });
  const beforeAnswer = measured.map((r, index) => firstAnswer[index] === undefined || r.firstRowAt - r.activatedAt < firstAnswer[index]!);
  const early = measured.flatMap((r) => r.requests.filter((q) => q.afterActivationMs < 0).map((q) => q.request));
  return {
    ...empty, runs: measured, activationToRows, roundTrip,
    requestsUntilRows: measured.map((r) => `${r.requests.length}: ${r.requests.map((q) => `${q.request} @${q.afterActivationMs} ms`).join(', ')}`),
    goals: [
      {
        // The window was reloaded after a session that showed My Activity: its first page, kept, is drawn at once.
        goal: `workbench: ${FIRST_ROWS_GOAL} (${beforeAnswer.filter(Boolean).length} of ${beforeAnswer.length} runs; the first held to ${WORKBENCH_LATENCY_MS + FIRST_EVENTS_HOLD_MS} ms, every other answer ${WORKBENCH_LATENCY_MS} ms)`,
        value: measured.map((r, index) => `${r.firstRowAt - r.activatedAt} ms vs ${firstAnswer[index] === undefined ? 'no events request yet' : `${firstAnswer[index]!.toFixed(0)} ms`}`).join(', ')
          + `; activation to first rows ${activationToRows.min.toFixed(0)} / ${activationToRows.median.toFixed(0)} / ${activationToRows.max.toFixed(0)} ms (one raw round trip ${roundTrip.median.toFixed(0)} ms)`,
        met: beforeAnswer.length > 0 && beforeAnswer.every(Boolean),
      },
      { goal: `workbench: ${NO_EARLY_REQUEST_GOAL}`, value: early.length === 0 ? 'none' : early.join(', '), met: early.length === 0 },
    ],
  };
}

const FIRST_ROWS_GOAL = 'first rows drawn before the first events request returns';
const NO_EARLY_REQUEST_GOAL = 'no request before activate returns';
/** A request for an events page: My Activity's, or a followed project's or user's. */
const isEventsRequest = (request: string) => /^GET \/api\/v4\/((projects|users)\/[^/]+\/)?events(\?|$)/.test(request);

function underLock(root: string, args: string[], progress: (line: string) => void): Promise<FirstRowsRun[]> {
  return new Promise((resolve, reject) => {
    const probe = [process.execPath, '--import', 'tsx', ...args];
    // Run as `flock /tmp/workbench.lock npm run bench`, the lock is already ours: taking it again would wait for itself.
    const held = lockHeldByAncestor(LOCK);
    if (held) progress(`  ${LOCK} is held by the process that started the bench: running under it`);
    // A machine without flock(1) (util-linux) has no one to share the lock with through it: the probe runs as it is.
    const noFlock = !held && spawnSync('flock', ['--version'], { stdio: 'ignore' }).error !== undefined;
    if (noFlock) progress(`  flock(1) is not installed: running without ${LOCK}`);
    const [command, ...commandArgs] = held || noFlock ? probe : ['flock', '-w', String(LOCK_WAIT_SECONDS), '-E', String(LOCK_BUSY_EXIT), LOCK, ...probe];
    const child = spawn(command, commandArgs, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (text: string) => { stdout += text; });
    child.stderr.setEncoding('utf8').on('data', (text: string) => {
      stderr += text;
      for (const line of text.split('\n')) if (line.startsWith('  workbench run')) progress(line);
    });
    // code-server's setup (scripts/vscode-env/setup.mjs) says what it does on stdout.
    let pending = '';
    child.stdout.on('data', (text: string) => {
      const lines = (pending + text).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) if (line.startsWith('[vscode-env]')) progress(`  ${line}`);
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const line = stdout.split('\n').find((l) => l.startsWith(RESULT_MARKER));
      if (code === 0 && line) resolve(JSON.parse(line.slice(RESULT_MARKER.length)) as FirstRowsRun[]);
      else if (code === LOCK_BUSY_EXIT) reject(new Error(`${LOCK} stayed busy for ${LOCK_WAIT_SECONDS / 60} minutes (another run of the real-VS-Code stage)`));
      else reject(new Error(`ended with code ${code}: ${(stderr || stdout).trim().split('\n').slice(-8).join('\n')}`));
    });
  });
}
