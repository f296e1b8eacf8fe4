// Prepares a run of the real workbench: the one place that packages the extension and the test companion, installs
// both into a fresh code-server extensions dir and writes the run's context for the harness
// (test/vscode/harness/run-context.ts). scripts/test-vscode.mjs runs the suites on it; the bench's workbench probe
// (bench/workbench/firstRowsProbe.ts) measures on it, so the two start code-server and the workbench the same way.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { installExtensions, writeCodeServerConfig } from './vscode-env/code-server.mjs';
import { packageCompanion } from './vscode-env/package-companion.mjs';
import { RUN_CONTEXT_ENV } from './vscode-env/run-suites.mjs';
import { ensureVscodeEnv } from './vscode-env/setup.mjs';

const REQUIRED_FOR_PACKAGING = ['images/icon.png', 'README.md', 'LICENSE', 'CHANGELOG.md'];

/** A failure whose message says it all (no stack trace needed). */
export class StageError extends Error {}

const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

function packageExtension(root, log) {
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

/**
 * Sets code-server up where it is missing, packages the extension (or takes `vsix`) and the companion, installs both
 * into a fresh run folder, and sets the run's context in this process's environment (RUN_CONTEXT_ENV), where the
 * harness reads it. `artifactsDir` defaults to artifacts/vscode. Returns the context; `runDir` is the caller's to
 * remove (it is removed here when preparing fails).
 */
export async function prepareVscodeRun({ vsix, grep, artifactsDir, log = () => undefined } = {}) {
  const paths = ensureVscodeEnv();
  const root = paths.root;
  const step = Date.now();
  const extension = vsix ? path.resolve(vsix) : packageExtension(root, log);
  const runDir = mkdtempSync(path.join(os.tmpdir(), 'gitlab-activity-vscode-'));
  try {
    return await prepareIn(runDir, { paths, root, extension, vsix, grep, artifactsDir, log, step });
  } catch (error) {
    rmSync(runDir, { recursive: true, force: true });
    throw error;
  }
}

async function prepareIn(runDir, { paths, root, extension, vsix, grep, artifactsDir, log, step }) {
  const companionVsix = await packageCompanion({ root, out: path.join(runDir, 'gitlab-activity-companion.vsix') });
  log(`${vsix ? `using ${extension}; packaged` : `packaged ${path.relative(root, extension)} and`} the companion in ${seconds(step)}`);

  const installing = Date.now();
  const configFile = writeCodeServerConfig(path.join(runDir, 'code-server.yaml'));
  const extensionsDir = path.join(runDir, 'extensions');
  installExtensions({ paths, userDataDir: path.join(runDir, 'install-profile'), extensionsDir, configFile, vsixFiles: [extension, companionVsix] });
  log(`installed both extensions into code-server in ${seconds(installing)}`);

  const artifacts = artifactsDir ?? paths.artifacts;
  mkdirSync(artifacts, { recursive: true });
  const require = createRequire(import.meta.url);
  const context = {
    root,
    runDir,
    extensionsDir,
    configFile,
    artifactsDir: artifacts,
    mochaDir: path.dirname(require.resolve('mocha/package.json')),
    grep,
    paths: { node24: paths.node24, codeServerEntry: paths.codeServerEntry, builtinExtensionsKept: paths.builtinExtensionsKept },
  };
  process.env[RUN_CONTEXT_ENV] = JSON.stringify(context);
  return context;
}
