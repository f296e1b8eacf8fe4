import { request } from 'undici';
// The harness's modules themselves, not its index: the index also loads use-session.ts, whose mocha hooks (`after`)
// exist only in a mocha run.
import { firstTreeRowDrawnAt } from '../../test/vscode/harness/first-row-clock';
import { VscodeSession } from '../../test/vscode/harness/session';
import { waitFor } from '../../test/vscode/harness/wait-for';
import { ACTIVITY_VIEW, VIEW_CONTAINER } from '../../test/vscode/harness/workbench';

/**
 * One run of the first-rows probe, on the real-workbench harness (test/vscode/harness) as the workbench tests use it:
 * a session whose double answers every request `latencyMs` late, the Activity view opened as a person opens it
 * (`openViewContainer`) and its rows awaited (`waitForTreeRow`), then the page reloaded so that the view is open from
 * the start (as after a restart); the moment the first event row is drawn is taken in the page
 * (`firstTreeRowDrawnAt`). The first events request after the reload is held `holdMs` more. Needs the run's context
 * (scripts/test-vscode-run.mjs). Used by the bench (bench/workbench/firstRowsProbe.ts, several runs) and by the
 * stage's smoke of it (test/vscode/bench-smoke.ui.test.ts, one run).
 */
export interface FirstRowsRun {
  /** When `activate` returned, epoch ms: the time the extension's "Activated in" log line carries. */
  activatedAt: number;
  firstRowAt: number;
  /** Requests the double received from the reload to the first row: method, path, arrival relative to activation. */
  requests: Array<{ request: string; afterActivationMs: number }>;
  /** One raw request to the double with its latency, for the round trip. */
  roundTripMs: number;
}

export interface FirstRowsOptions {
  name: string;
  latencyMs: number;
  holdMs: number;
}

const TOKEN = 'glpat-test-token';
export const EVENT_WORDS = /\b(opened|closed|pushed|commented|merged|created|joined|deleted|approved|accepted|updated|reopened|imported)\b/i;
const ACTIVATED = /^Activated in/;

/** How long the double must have received nothing before the reload. */
const QUIET_MS = 1000;

/** Once no request has arrived at the double, and none is in flight, for `ms` (at most `timeoutMs`; then it goes on). */
async function quiet(double: { requests: readonly unknown[]; inFlight: number }, ms: number, timeoutMs: number): Promise<void> {
  let seen = -1;
  let since = Date.now();
  await waitFor(`the double to be quiet for ${ms} ms`, () => {
    const count = double.requests.length + double.inFlight;
    if (count !== seen || double.inFlight > 0) {
      seen = count;
      since = Date.now();
      return false;
    }
    return Date.now() - since >= ms;
  }, { timeoutMs, intervalMs: 50 }).catch(() => undefined);
}

export async function measureFirstRows({ name, latencyMs, holdMs }: FirstRowsOptions): Promise<FirstRowsRun> {
  const session = await VscodeSession.start({
    name, env: { GITLAB_ACTIVITY_TOKEN: TOKEN }, double: { events: 500, seed: 1 },
    // Runs once the double listens, before code-server starts: every answer is late from the first request on.
    files: (double) => {
      double?.inject({ fault: { kind: 'latency', ms: latencyMs }, times: Infinity });
      return {};
    },
  });
  try {
    return await measure(session, holdMs);
  } catch (error) {
    const artifacts = await session.captureFailure(name).catch(() => 'none saved');
    throw new Error(`${(error as Error).message} (artifacts: ${artifacts})`);
  } finally {
    await session.close();
  }
}

async function measure(session: VscodeSession, holdMs: number): Promise<FirstRowsRun> {
  const double = session.double!;
  const { workbench } = session;
  await workbench.openViewContainer(VIEW_CONTAINER);
  await workbench.waitForTreeRow(EVENT_WORDS, 60_000);
  // The window before the reload still looks up the projects its rows name: let it finish, or its late requests
  // would count among the new window's (the double cannot tell the two extension hosts apart).
  await quiet(double, QUIET_MS, 15_000);
  double.clearLog();
  // The first events request after the reload is held `holdMs` longer: rows drawn before its answer can only be
  // the page kept from the session before (at 50 ms, the answer comes before the workbench first asks the tree).
  double.inject({ fault: { kind: 'latency', ms: holdMs }, method: 'GET', path: /^\/(events|(projects|users)\/[^/]+\/events)$/, times: 1 });
  const reloadAt = Date.now();
  const activations = session.countLogLines(ACTIVATED);
  await session.page.reload();
  // The rows need the extension, which starts after the page's load: the watch in the page starts in time.
  const firstRowAt = await firstTreeRowDrawnAt(session.page, ACTIVITY_VIEW, EVENT_WORDS);
  await workbench.waitForReady();
  // The log file is flushed by the host a moment after the line is written.
  const activation = await session.waitForLogLine(ACTIVATED, activations, 10_000);
  // The line carries the epoch time taken as `activate` returned; the log's own time is stamped later, where the
  // line is written (tens of ms under load), and would make a request sent just after the return look early.
  const returnedAt = Number(/\(returned at (\d+)\)/.exec(activation.message)?.[1]);
  if (!Number.isFinite(returnedAt)) throw new Error(`the activation line carries no return time: ${activation.message}`);
  const started = performance.now();
  await (await request(`${double.url}/api/v4/user`, { headers: { 'private-token': TOKEN } })).body.text();
  const roundTripMs = performance.now() - started;
  return {
    activatedAt: returnedAt, firstRowAt,
    requests: double.requests.filter((r) => r.at >= reloadAt && r.at <= firstRowAt && !r.path.startsWith('/__double'))
      .map((r) => ({ request: `${r.method} ${r.path}${r.query.page ? `?page=${r.query.page}` : ''}`, afterActivationMs: r.at - returnedAt })),
    roundTripMs,
  };
}
