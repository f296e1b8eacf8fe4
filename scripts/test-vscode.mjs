// Runs the extension in a real VS Code: code-server in headless Chromium, driven by the suites in
// test/vscode/**/*.ui.test.ts, plus the companion extension's suites inside the extension host.
//
// Usage: npm run test:vscode [-- --grep <pattern>] [--vsix <file>] [--keep] [--shards <n>]
//   --grep    only tests whose full title matches (also inside the extension host)
//   --vsix    test this .vsix instead of packaging the working tree
//   --keep    keep this run's profiles and logs (printed) instead of deleting them
//   --shards  split the suite files over n processes run side by side (default: 2, or 1 on a one-core machine); each
//             prints its output when it ends
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, openSync, closeSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { prepareVscodeRun, StageError } from './test-vscode-run.mjs';
import { stopAllCodeServers } from './vscode-env/code-server.mjs';
import { runSuites, SHARD_FILES_ENV } from './vscode-env/run-suites.mjs';

const log = (message) => console.log(`[test:vscode] ${message}`);

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
  // Packaging, installing and the run's context: the same for the bench's workbench probe (scripts/test-vscode-run.mjs).
  const run = await prepareVscodeRun({ vsix: options.vsix, grep: options.grep, log });
  scratch = run.runDir;
  // Artifacts of this run only.
  rmSync(run.artifactsDir, { recursive: true, force: true });
  mkdirSync(run.artifactsDir, { recursive: true });
  const root = run.root;

  const step = Date.now();
  let stats;
  let timings;
  try {
    const files = findSuites(path.join(root, 'test', 'vscode'));
    ({ stats, timings } = await runStage({ files, grep: options.grep, count: options.shards, runDir: run.runDir }));
  } finally {
    await stopAllCodeServers();
    removeScratch(options.keep);
  }
  reportTimings(timings, run.artifactsDir);
  log(`suites ran in ${seconds(step)}; whole stage ${seconds(started)}; screenshots and failure artifacts in ${path.relative(root, run.artifactsDir)}/`);
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
