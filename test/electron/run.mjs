// Runs the companion's in-host suites (test/companion/suite) in a desktop VS Code downloaded by @vscode/test-electron,
// with this repository and the companion as development extensions. For machines that can download VS Code;
// elsewhere use `npm run test:vscode` (code-server). Usage: npm run test:electron [-- --grep <pattern>]
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { runTests } from '@vscode/test-electron';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const companion = path.join(root, 'test', 'companion');
const { values: options } = parseArgs({ options: { grep: { type: 'string' } } });

const build = spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const scratch = mkdtempSync(path.join(os.tmpdir(), 'gitlab-activity-electron-'));
const userDataDir = path.join(scratch, 'user-data');
const workspace = path.join(scratch, 'workspace');
mkdirSync(path.join(userDataDir, 'User'), { recursive: true });
mkdirSync(workspace, { recursive: true });
writeFileSync(
  path.join(userDataDir, 'User', 'settings.json'),
  JSON.stringify({
    'workbench.startupEditor': 'none',
    'telemetry.telemetryLevel': 'off',
    'security.workspace.trust.enabled': false,
    'gitlabActivity.pollInterval': 0,
  }),
);

const require = createRequire(import.meta.url);
let exitCode = 0;
try {
  await runTests({
    version: process.env.VSCODE_TEST_VERSION ?? 'stable',
    extensionDevelopmentPath: [root, companion],
    extensionTestsPath: path.join(companion, 'electron-entry.js'),
    extensionTestsEnv: {
      GITLAB_ACTIVITY_COMPANION_MOCHA: path.dirname(require.resolve('mocha/package.json')),
      ...(options.grep ? { GITLAB_ACTIVITY_COMPANION_GREP: options.grep } : {}),
    },
    launchArgs: [workspace, '--user-data-dir', userDataDir, '--disable-extensions', '--disable-workspace-trust'],
  });
} catch (error) {
  console.error(`[test:electron] ${error instanceof Error ? error.message : error}`);
  exitCode = 1;
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
process.exit(exitCode);
