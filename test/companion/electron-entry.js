// extensionTestsPath for @vscode/test-electron (test/electron/run.mjs): runs the same in-host suites in a downloaded
// VS Code, where the companion is loaded as a development extension, and fails the run when any test fails.
const vscode = require('vscode');
const { runSuites } = require('./run-suites');

const COMPANION_ID = 'gitlab-activity-tests.gitlab-activity-companion';

async function run() {
  const companion = vscode.extensions.getExtension(COMPANION_ID);
  if (!companion) throw new Error(`${COMPANION_ID} is not loaded`);
  const { context } = await companion.activate();
  const report = await runSuites({
    mochaPath: process.env.GITLAB_ACTIVITY_COMPANION_MOCHA,
    grep: process.env.GITLAB_ACTIVITY_COMPANION_GREP,
    context,
  });
  for (const test of report.tests) {
    const mark = { passed: 'ok  ', failed: 'FAIL', pending: 'skip' }[test.state];
    console.log(`${mark} ${test.fullTitle}${test.error ? `\n       ${test.error.message}` : ''}`);
  }
  const failed = report.tests.filter((test) => test.state === 'failed').length;
  const passed = report.tests.filter((test) => test.state === 'passed').length;
  console.log(`in-host: ${passed} passed, ${failed} failed`);
  if (failed > 0) throw new Error(`${failed} in-host test(s) failed`);
}

module.exports = { run };
