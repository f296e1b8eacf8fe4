// Runs the real-VS-Code stage several times in a row against one packaged .vsix, to show it passes every time
// rather than once. Each failed run's screenshots and logs are kept in artifacts/vscode-repeat/run-<n>/.
//
// Usage: npm run test:vscode:repeat [-- --times 10] [--grep <pattern>]
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const artifacts = path.join(root, 'artifacts', 'vscode');
const kept = path.join(root, 'artifacts', 'vscode-repeat');
const log = (message) => console.log(`[test:vscode:repeat] ${message}`);

const { values } = parseArgs({ options: { times: { type: 'string', default: '10' }, grep: { type: 'string' } } });
const times = Number(values.times);
if (!Number.isInteger(times) || times < 1) throw new Error(`--times must be a positive whole number, not "${values.times}"`);

// One package for every run: the runs differ only in timing, never in what they test.
if (spawnSync('npm', ['run', '--silent', 'package'], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] }).status !== 0) {
  throw new Error('`npm run package` failed');
}
const vsix = path.join(root, 'gitlab-activity.vsix');
rmSync(kept, { recursive: true, force: true });

const runs = [];
for (let run = 1; run <= times; run++) {
  const started = Date.now();
  const args = ['scripts/test-vscode.mjs', '--vsix', vsix, ...(values.grep ? ['--grep', values.grep] : [])];
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });
  process.stdout.write(result.stdout ?? '');
  const summary = /vscode: (\d+) passed, (\d+) failed, (\d+) skipped/.exec(result.stdout ?? '');
  const outcome = {
    run,
    exit: result.status,
    seconds: Math.round((Date.now() - started) / 100) / 10,
    passed: Number(summary?.[1] ?? 0),
    failed: Number(summary?.[2] ?? 0),
    skipped: Number(summary?.[3] ?? 0),
  };
  runs.push(outcome);
  if (outcome.exit !== 0 && existsSync(artifacts)) {
    const dir = path.join(kept, `run-${run}`);
    mkdirSync(dir, { recursive: true });
    cpSync(artifacts, dir, { recursive: true });
    log(`run ${run} failed; its artifacts are kept in ${path.relative(root, dir)}`);
  }
  log(`run ${run}/${times}: exit ${outcome.exit}, ${outcome.passed} passed, ${outcome.failed} failed, ${outcome.skipped} skipped, ${outcome.seconds} s`);
}

const failedRuns = runs.filter((r) => r.exit !== 0);
mkdirSync(kept, { recursive: true });
writeFileSync(path.join(kept, 'summary.json'), `${JSON.stringify({ cpus: os.cpus().length, runs }, null, 2)}\n`);
log(`${runs.length - failedRuns.length} of ${runs.length} runs passed` +
  (failedRuns.length > 0 ? `; failed: ${failedRuns.map((r) => r.run).join(', ')}` : '') +
  `; durations ${runs.map((r) => `${r.seconds} s`).join(', ')}`);
process.exitCode = failedRuns.length > 0 ? 1 : 0;
