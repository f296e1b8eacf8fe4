// Runs the extension in a real VS Code: code-server in headless Chromium, driven by the suites in
// test/vscode/**/*.ui.test.ts, plus the companion extension's suites inside the extension host.
//
// Usage: npm run test:vscode [-- --grep <pattern>] [--vsix <file>] [--keep] [--shards <n>]
//   --grep    only tests whose full title matches (also inside the extension host)
//   --vsix    test this .vsix instead of packaging the working tree
//   --keep    keep this run's profiles and logs (printed) instead of deleting them
//   --shards  split the suite files over n processes run side by side (default: 2, or 1 on a one-core machine); each
//             prints its output when it ends
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, openSync, closeSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { installExtensions, stopAllCodeServers, writeCodeServerConfig } from './vscode-env/code-server.mjs';
import { packageCompanion } from './vscode-env/package-companion.mjs';
import { RUN_CONTEXT_ENV, runSuites, SHARD_FILES_ENV } from './vscode-env/run-suites.mjs';
import { ensureVscodeEnv } from './vscode-env/setup.mjs';

const REQUIRED_FOR_PACKAGING = ['images/icon.png', 'README.md', 'LICENSE', 'CHANGELOG.md'];

const log = (message) => console.log(`[test:vscode] ${message}`);

/** A failure whose message says it all (no stack trace needed). */
class StageError extends Error {}
const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

function parseOptions() {
  const { values } = parseArgs({
    options: {
      grep: { type: 'string' },
      vsix: { type: 'string' },
      keep: { type: 'boolean', default: false },
      // The stage waits on the workbench as much as it computes: on 2 cores two processes keep both busy.
      shards: { type: 'string', default: String(Math.min(2, os.availableParallelism())) },
    },
    allowPositionals: false,
  });
  const shards = Number(values.shards);
  if (!Number.isInteger(shards) || shards < 1) throw new StageError(`--shards must be a positive whole number, not "${values.shards}"`);
  return { ...values, shards };
}

function packageExtension(root) {
  const missing = REQUIRED_FOR_PACKAGING.filter((file) => !existsSync(path.join(root, file)));
  if (missing.length > 0) log(`note: ${missing.join(', ')} missing; packaging may fail because of it`);
  // No stdin: vsce asks yes/no questions (e.g. about a missing LICENSE) and must fail instead of waiting.
  const result = spawnSync('npm', ['run', '--silent', 'package'], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
  const vsix = path.join(root, 'gitlab-activity.vsix');
  if (result.status !== 0 || !existsSync(vsix)) {
    throw new StageError(
      `\`npm run package\` failed (exit ${result.status ?? result.signal})` +
        (missing.length > 0 ? `; missing files that packaging needs: ${missing.join(', ')}` : ''),
    );
  }
  return vsix;
}

function findSuites(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === 'harness' ? [] : findSuites(full);
      return entry.name.endsWith('.ui.test.ts') ? [full] : [];
    })
    .sort();
}

/**
 * How the files are dealt to shards (test/vscode/shard-weights.json):
 * - `seconds`: what each suite file took in a run of the stage in two shards, from that run's
 *   artifacts/vscode/timings.json (in-host.ui.test.ts is an estimate, since its work runs in a root hook that
 *   timings.json does not count);
 * - `together`: files whose suites share a workbench (same options but their name and gitlabActivity.* settings, see
 *   test/vscode/harness/use-session.ts). Suites in different shards never share one, so such files go to one shard,
 *   which then starts that workbench once.
 * Only the deal uses them: a stale entry costs balance or a workbench start, not a test.
 */
const SHARDING = JSON.parse(readFileSync(path.join(import.meta.dirname, '..', 'test', 'vscode', 'shard-weights.json'), 'utf8'));

/** A suite file's expected share of the stage: its measured seconds, or for a new file, its tests and the workbenches it asks for. */
function suiteWeight(file) {
  const measured = SHARDING.seconds[path.basename(file)];
  if (typeof measured === 'number') return measured;
  const text = readFileSync(file, 'utf8');
  const tests = (text.match(/^\s*it\(/gm) ?? []).length;
  const sessions = (text.match(/use(VscodeSession|SignedInSession)\(/g) ?? []).length;
  return tests * 2.5 + sessions * 5;
}

/** The files as units that go to one shard each: the `together` groups (of the files in this run), then the rest alone. */
function shardUnits(files) {
  const grouped = new Set();
  const units = [];
  for (const names of SHARDING.together) {
    const members = files.filter((file) => names.includes(path.basename(file)));
    members.forEach((file) => grouped.add(file));
    if (members.length > 0) units.push(members);
  }
  for (const file of files) if (!grouped.has(file)) units.push([file]);
  return units.map((unitFiles) => ({ files: unitFiles, weight: unitFiles.reduce((sum, file) => sum + suiteWeight(file), 0) }));
}

/** Splits the files into `count` lists of about the same weight (heaviest unit first, each to the lightest list). */
function splitIntoShards(files, count) {
  const shards = Array.from({ length: count }, () => ({ files: [], weight: 0 }));
  for (const unit of shardUnits(files).sort((a, b) => b.weight - a.weight)) {
    const lightest = shards.reduce((a, b) => (b.weight < a.weight ? b : a));
    lightest.files.push(...unit.files);
    lightest.weight += unit.weight;
  }
  return shards.map((shard) => shard.files.sort()).filter((shardFiles) => shardFiles.length > 0);
}

/** Shard processes still running, stopped with the run. */
const shardProcesses = new Set();

/** Runs one shard's files in a process of its own; its output goes to `logFile`, printed once it ends. */
function runShard({ files, index, count, runDir }) {
  const logFile = path.join(runDir, `shard-${index}.log`);
  const resultFile = path.join(runDir, `shard-${index}.json`);
  const out = openSync(logFile, 'w');
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 'vscode-env', 'run-suites.mjs'), resultFile], {
    env: { ...process.env, [SHARD_FILES_ENV]: JSON.stringify(files) },
    stdio: ['ignore', out, out],
  });
  shardProcesses.add(child);
  return new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      shardProcesses.delete(child);
      closeSync(out);
      log(`shard ${index} of ${count} (${files.map((file) => path.basename(file, '.ui.test.ts')).join(', ')}):`);
      process.stdout.write(readFileSync(logFile, 'utf8'));
      if (existsSync(resultFile)) resolve(JSON.parse(readFileSync(resultFile, 'utf8')));
      else {
        log(`shard ${index} ended without a result (exit ${code ?? signal})`);
        resolve({ stats: { passes: 0, failures: 1, pending: 0 }, timings: [] });
      }
    });
  });
}

/** Runs the suites, in this process or split over `count` processes that run side by side. */
async function runStage({ files, grep, count, runDir }) {
  if (count === 1) return runSuites({ files, grep });
  const shards = splitIntoShards(files, count);
  const results = await Promise.all(shards.map((shardFiles, i) => runShard({ files: shardFiles, index: i + 1, count: shards.length, runDir })));
  const sum = (key) => results.reduce((total, result) => total + result.stats[key], 0);
  return { stats: { passes: sum('passes'), failures: sum('failures'), pending: sum('pending') }, timings: results.flatMap((result) => result.timings) };
}

function reportTimings(timings, artifacts) {
  writeFileSync(path.join(artifacts, 'timings.json'), `${JSON.stringify(timings, null, 2)}\n`);
  const slowest = [...timings].sort((a, b) => b.seconds - a.seconds).slice(0, 5);
  const hooks = timings.reduce((sum, suite) => sum + suite.hookSeconds, 0);
  log(`hooks took ${hooks.toFixed(1)} s; slowest suites: ${slowest.map((suite) => `${suite.title} ${suite.seconds.toFixed(1)} s`).join(', ')} (all in timings.json)`);
}

/** This run's scratch folder, removed at the end unless --keep. */
let scratch;

function removeScratch(keep) {
  if (!scratch) return;
  if (keep) log(`kept profiles and logs of this run in ${scratch}`);
  else rmSync(scratch, { recursive: true, force: true });
  scratch = undefined;
}

async function main(options) {
  const started = Date.now();
  const paths = ensureVscodeEnv();
  const root = paths.root;

  let step = Date.now();
  const vsix = options.vsix ? path.resolve(options.vsix) : packageExtension(root);
  const runDir = mkdtempSync(path.join(os.tmpdir(), 'gitlab-activity-vscode-'));
  scratch = runDir;
  const companionVsix = await packageCompanion({ root, out: path.join(runDir, 'gitlab-activity-companion.vsix') });
  log(`${options.vsix ? `using ${vsix}; packaged` : `packaged ${path.relative(root, vsix)} and`} the companion in ${seconds(step)}`);

  step = Date.now();
  const configFile = writeCodeServerConfig(path.join(runDir, 'code-server.yaml'));
  const extensionsDir = path.join(runDir, 'extensions');
  installExtensions({
    paths,
    userDataDir: path.join(runDir, 'install-profile'),
    extensionsDir,
    configFile,
    vsixFiles: [vsix, companionVsix],
  });
  log(`installed both extensions into code-server in ${seconds(step)}`);

  rmSync(paths.artifacts, { recursive: true, force: true });
  mkdirSync(paths.artifacts, { recursive: true });
  const require = createRequire(import.meta.url);
  process.env[RUN_CONTEXT_ENV] = JSON.stringify({
    root,
    runDir,
    extensionsDir,
    configFile,
    artifactsDir: paths.artifacts,
    mochaDir: path.dirname(require.resolve('mocha/package.json')),
    grep: options.grep,
    paths: { node24: paths.node24, codeServerEntry: paths.codeServerEntry, builtinExtensionsKept: paths.builtinExtensionsKept },
  });

  step = Date.now();
  let stats;
  let timings;
  try {
    const files = findSuites(path.join(root, 'test', 'vscode'));
    ({ stats, timings } = await runStage({ files, grep: options.grep, count: options.shards, runDir }));
  } finally {
    await stopAllCodeServers();
    removeScratch(options.keep);
  }
  reportTimings(timings, paths.artifacts);
  log(`suites ran in ${seconds(step)}; whole stage ${seconds(started)}; screenshots and failure artifacts in ${path.relative(root, paths.artifacts)}/`);
  if (stats.passes + stats.failures === 0) log(`no test ran${options.grep ? ` (nothing matches --grep ${options.grep})` : ''}`);
  // A closing line any CI log reader understands.
  console.log(`vscode: ${stats.passes} passed, ${stats.failures} failed, ${stats.pending} skipped`);
  return stats.failures > 0 || stats.passes + stats.failures === 0 ? 1 : 0;
}

const options = parseOptions();

// Ctrl+C or a CI timeout still takes code-server down (the launcher also kills what is left on exit).
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    setTimeout(() => process.exit(130), 10_000).unref();
    stopAllCodeServers().finally(() => {
      removeScratch(options.keep);
      process.exit(130);
    });
  });
}

main(options).then(
  (code) => process.exit(code),
  (error) => {
    console.error(`[test:vscode] ${error instanceof StageError ? error.message : (error.stack ?? error)}`);
    process.exit(1);
  },
);
