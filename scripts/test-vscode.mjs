// Runs the extension in a real VS Code: code-server in headless Chromium, driven by the suites in
// test/vscode/**/*.ui.test.ts, plus the companion extension's suites inside the extension host.
//
// Usage: npm run test:vscode [-- --grep <pattern>] [--vsix <file>] [--keep]
//   --grep   only tests whose full title matches (also inside the extension host)
//   --vsix   test this .vsix instead of packaging the working tree
//   --keep   keep this run's profiles and logs (printed) instead of deleting them
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { installExtensions, stopAllCodeServers, writeCodeServerConfig } from './vscode-env/code-server.mjs';
import { packageCompanion } from './vscode-env/package-companion.mjs';
import { ensureVscodeEnv } from './vscode-env/setup.mjs';

const RUN_CONTEXT_ENV = 'GITLAB_ACTIVITY_VSCODE_RUN';
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
    },
    allowPositionals: false,
  });
  return values;
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

async function runMocha({ files, grep }) {
  // TypeScript suites load through tsx, registered for both require() and import().
  const { register: registerCjs } = await import('tsx/cjs/api');
  const { register: registerEsm } = await import('tsx/esm/api');
  registerCjs();
  registerEsm();
  const { default: Mocha } = await import('mocha');
  const mocha = new Mocha({ ui: 'bdd', reporter: 'spec', timeout: 60_000, slow: 10_000 });
  if (grep) mocha.grep(grep);
  for (const file of files) mocha.addFile(file);
  await mocha.loadFilesAsync();
  return new Promise((resolve) => {
    const runner = mocha.run(() => resolve({ stats: runner.stats, timings }));
    const timings = recordTimings(runner);
  });
}

/**
 * Where the stage's time goes, per top-level suite: its wall time, and how much of it its hooks took (a hook that
 * starts a workbench, or reloads one, shows here).
 */
function recordTimings(runner) {
  const suites = [];
  const started = new Map();
  let current;
  runner.on('suite', (suite) => {
    if (suite.parent?.root) {
      current = { title: suite.title, seconds: 0, hookSeconds: 0, tests: [] };
      started.set(suite, Date.now());
    }
  });
  runner.on('suite end', (suite) => {
    if (started.has(suite)) {
      current.seconds = (Date.now() - started.get(suite)) / 1000;
      suites.push(current);
    }
  });
  const hookStarted = new Map();
  runner.on('hook', (hook) => hookStarted.set(hook, Date.now()));
  runner.on('hook end', (hook) => {
    if (current && hookStarted.has(hook)) current.hookSeconds += (Date.now() - hookStarted.get(hook)) / 1000;
  });
  runner.on('test end', (test) => current?.tests.push({ title: test.title, seconds: (test.duration ?? 0) / 1000 }));
  return suites;
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
    paths: { node24: paths.node24, codeServerEntry: paths.codeServerEntry },
  });

  step = Date.now();
  let stats;
  let timings;
  try {
    ({ stats, timings } = await runMocha({ files: findSuites(path.join(root, 'test', 'vscode')), grep: options.grep }));
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
