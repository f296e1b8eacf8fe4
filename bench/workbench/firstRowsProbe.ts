import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { request } from 'undici';
// The harness's modules themselves, not its index: the index also loads use-session.ts, whose mocha hooks (`after`)
// exist only in a mocha run.
import { closeRunBrowser, VscodeSession } from '../../test/vscode/harness/session';
import { VIEW_CONTAINER } from '../../test/vscode/harness/workbench';
import { reportResult } from '../lib/child';

/**
 * Run by workbenchBench.ts under the shared workbench lock: packages the extension, installs it into a fresh
 * code-server extensions dir (as scripts/test-vscode.mjs does), then per run: a session whose double answers every
 * request `latencyMs` late, the Activity view opened and the window reloaded so that it is open from the start (as
 * after a restart), and the moment the first event row is drawn, taken in the page by a MutationObserver.
 * The first events request after the reload is held `holdMs` more.
 *   tsx firstRowsProbe.ts <root> <runs> <latencyMs> <holdMs>
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

const TOKEN = 'glpat-test-token';
const EVENT_WORDS = /\b(opened|closed|pushed|commented|merged|created|joined|deleted|approved|accepted|updated|reopened|imported)\b/i;

/** How long the double must have received nothing before the reload. */
const QUIET_MS = 1000;

/** Resolves once no request has arrived at the double, and none is in flight, for `ms` (at most `timeoutMs`). */
async function quiet(double: { requests: readonly unknown[]; inFlight: number }, ms: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let seen = -1;
  let since = Date.now();
  while (Date.now() < deadline) {
    const count = double.requests.length + double.inFlight;
    if (count !== seen || double.inFlight > 0) {
      seen = count;
      since = Date.now();
    } else if (Date.now() - since >= ms) {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function main(): Promise<void> {
  const [root, runsText, latencyText, holdText] = process.argv.slice(2);
  const runs = Number(runsText);
  const latencyMs = Number(latencyText);
  const holdMs = Number(holdText);
  const require = createRequire(__filename);
  const { ensureVscodeEnv } = await import(path.join(root, 'scripts/vscode-env/setup.mjs')) as { ensureVscodeEnv(): { node24: string; codeServerEntry: string; artifacts: string } };
  const codeServer = await import(path.join(root, 'scripts/vscode-env/code-server.mjs')) as {
    installExtensions(o: unknown): void; writeCodeServerConfig(file: string): string; stopAllCodeServers(): Promise<void>;
  };
  let paths: ReturnType<typeof ensureVscodeEnv>;
  try {
    paths = ensureVscodeEnv();
  } catch (error) {
    throw new Error(`code-server could not be set up (scripts/vscode-env/setup.mjs, as \`npm run test:vscode\` does it): ${error instanceof Error ? error.message : String(error)}`);
  }
  const packaged = spawnSync('npm', ['run', '--silent', 'package'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  const vsix = path.join(root, 'gitlab-activity.vsix');
  if (packaged.status !== 0 || !existsSync(vsix)) throw new Error('npm run package failed');
  const runDir = mkdtempSync(path.join(os.tmpdir(), 'gitlab-activity-bench-vscode-'));
  try {
    const configFile = codeServer.writeCodeServerConfig(path.join(runDir, 'code-server.yaml'));
    const extensionsDir = path.join(runDir, 'extensions');
    codeServer.installExtensions({ paths, userDataDir: path.join(runDir, 'install-profile'), extensionsDir, configFile, vsixFiles: [vsix] });
    const artifactsDir = path.join(runDir, 'artifacts');
    mkdirSync(artifactsDir, { recursive: true });
    process.env.GITLAB_ACTIVITY_VSCODE_RUN = JSON.stringify({
      root, runDir, extensionsDir, configFile, artifactsDir, mochaDir: path.dirname(require.resolve('mocha/package.json')),
      paths: { node24: paths.node24, codeServerEntry: paths.codeServerEntry },
    });
    const results: FirstRowsRun[] = [];
    for (let run = 0; run < runs; run++) {
      const session = await VscodeSession.start({
        name: `bench-first-rows-${run}`, env: { GITLAB_ACTIVITY_TOKEN: TOKEN }, double: { events: 500, seed: 1 },
        // Runs once the double listens, before code-server starts: every answer is late from the first request on.
        files: (double) => {
          double?.inject({ fault: { kind: 'latency', ms: latencyMs }, times: Infinity });
          return {};
        },
      });
      try {
        const double = session.double!;
        await session.workbench.openViewContainer(VIEW_CONTAINER);
        await session.workbench.waitForTreeRow(EVENT_WORDS, 60_000);
        // The window before the reload still looks up the projects its rows name: let it finish, or its late requests
        // would count among the new window's (the double cannot tell the two extension hosts apart).
        await quiet(double, QUIET_MS, 15_000);
        double.clearLog();
        // The first events request after the reload is held `holdMs` longer: rows drawn before its answer can only be
        // the page kept from the session before (at 50 ms, the answer comes before the workbench first asks the tree).
        double.inject({ fault: { kind: 'latency', ms: holdMs }, method: 'GET', path: /^\/(events|(projects|users)\/[^/]+\/events)$/, times: 1 });
        const reloadAt = Date.now();
        const activationsBefore = session.extensionLogLines().filter((l) => l.message.startsWith('Activated in')).length;
        await session.page.reload();
        // The first event row, timed in the page: checked every 10 ms from the new page's load (the rows need the
        // extension, which starts after it).
        const firstRow = await session.page.waitForFunction((source: string) => {
          const words = new RegExp(source, 'i');
          const seen = Array.from(document.querySelectorAll('.part.sidebar .monaco-list-row'))
            .some((row) => words.test(`${(row as HTMLElement).innerText}\n${row.getAttribute('aria-label') ?? ''}`));
          return seen ? Date.now() : false;
        }, EVENT_WORDS.source, { polling: 10, timeout: 60_000 });
        const firstRowAt = await firstRow.jsonValue() as number;
        await session.workbench.waitForReady();
        let activation = session.extensionLogLines().filter((l) => l.message.startsWith('Activated in'))[activationsBefore];
        for (let i = 0; !activation && i < 50; i++) {
          await new Promise((resolve) => setTimeout(resolve, 100)); // the log file is flushed by the host
          activation = session.extensionLogLines().filter((l) => l.message.startsWith('Activated in'))[activationsBefore];
        }
        if (!activation || firstRowAt === undefined) {
          const lines = session.extensionLogLines();
          throw new Error(`after the reload: ${activation ? 'an' : 'no'} activation line (${lines.filter((l) => l.message.startsWith('Activated in')).length} in all, `
            + `${activationsBefore} before; ${lines.length} log lines, last: ${lines.slice(-3).map((l) => l.message).join(' | ')}); first row ${firstRowAt === undefined ? 'not seen by the observer' : 'seen'}`);
        }
        // The line carries the epoch time taken as `activate` returned; the log's own time is stamped later, where the
        // line is written (tens of ms under load), and would make a request sent just after the return look early.
        const returnedAt = Number(/\(returned at (\d+)\)/.exec(activation.message)?.[1]);
        if (!Number.isFinite(returnedAt)) throw new Error(`the activation line carries no return time: ${activation.message}`);
        const started = performance.now();
        await (await request(`${double.url}/api/v4/user`, { headers: { 'private-token': TOKEN } })).body.text();
        const roundTripMs = performance.now() - started;
        results.push({
          activatedAt: returnedAt, firstRowAt,
          requests: double.requests.filter((r) => r.at >= reloadAt && r.at <= firstRowAt && !r.path.startsWith('/__double'))
            .map((r) => ({ request: `${r.method} ${r.path}${r.query.page ? `?page=${r.query.page}` : ''}`, afterActivationMs: r.at - returnedAt })),
          roundTripMs,
        });
        console.error(`  workbench run ${run + 1}/${runs}: activation to first rows ${firstRowAt - returnedAt} ms`);
      } finally {
        await session.close();
      }
    }
    reportResult(results);
  } finally {
    await closeRunBrowser();
    await codeServer.stopAllCodeServers();
    rmSync(runDir, { recursive: true, force: true });
  }
}

main().then(() => process.exit(0), (error: unknown) => {
  console.error(error instanceof Error ? error.stack : error);
  // Last, on one line: the reason the bench reports (it reads the end of this output).
  console.error(`first rows probe failed: ${(error instanceof Error ? error.message : String(error)).replace(/\s*\n\s*/g, ' ')}`);
  process.exit(1);
});
