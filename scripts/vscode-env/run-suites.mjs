// Runs a list of real-workbench suite files in this process with mocha, and records where the time goes. Used by
// scripts/test-vscode.mjs for a run in one process, and as the entry point of each shard when the run is split:
//   node scripts/vscode-env/run-suites.mjs <result.json>   (its files and the run's context in the environment)
import { writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { stopAllCodeServers } from './code-server.mjs';

/** The files (JSON array) a shard runs, beside the run's context (test/vscode/harness/run-context.ts), which has --grep. */
export const SHARD_FILES_ENV = 'GITLAB_ACTIVITY_VSCODE_SHARD_FILES';
/** The run's context, for the suites' harness (read there by test/vscode/harness/run-context.ts). */
export const RUN_CONTEXT_ENV = 'GITLAB_ACTIVITY_VSCODE_RUN';

export async function runSuites({ files, grep }) {
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
    const runner = mocha.run(() => {
      const { passes, failures, pending } = runner.stats;
      resolve({ stats: { passes, failures, pending }, timings });
    });
    const timings = recordTimings(runner);
  });
}

/**
 * Where the time goes, per top-level suite: its wall time, and how much of it its hooks took (a hook that starts a
 * workbench, or reloads one, shows here).
 */
function recordTimings(runner) {
  const suites = [];
  const started = new Map();
  let current;
  runner.on('suite', (suite) => {
    if (suite.parent?.root) {
      current = { title: suite.title, file: suite.file, seconds: 0, hookSeconds: 0, tests: [] };
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

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const files = JSON.parse(process.env[SHARD_FILES_ENV] ?? '[]');
  try {
    const { grep } = JSON.parse(process.env[RUN_CONTEXT_ENV] ?? '{}');
    const result = await runSuites({ files, grep });
    writeFileSync(process.argv[2], JSON.stringify(result));
  } finally {
    await stopAllCodeServers();
  }
  process.exit(0);
}
