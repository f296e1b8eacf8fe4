// Test-only extension: runs the in-host mocha suites once the workbench has started, then reports the result.
const { runSuites } = require('./run-suites');
const { deliverReport } = require('./report');
const { startControl } = require('./control');

const ENV = {
  reportUrl: 'GITLAB_ACTIVITY_COMPANION_REPORT_URL',
  reportFile: 'GITLAB_ACTIVITY_COMPANION_REPORT_FILE',
  mocha: 'GITLAB_ACTIVITY_COMPANION_MOCHA',
  grep: 'GITLAB_ACTIVITY_COMPANION_GREP',
  control: 'GITLAB_ACTIVITY_COMPANION_CONTROL_FILE',
};

// Returns its context so a test entry point (test/electron) can run the suites with it.
function activate(context) {
  if (process.env[ENV.control]) context.subscriptions.push(startControl(process.env[ENV.control]));
  const target = { url: process.env[ENV.reportUrl], file: process.env[ENV.reportFile] };
  // Not awaited: activation must finish for the workbench (and the extension under test) to carry on.
  if (target.url || target.file) void run(context, target);
  return { context };
}

async function run(context, target) {
  let report;
  try {
    report = await runSuites({
      mochaPath: process.env[ENV.mocha],
      grep: process.env[ENV.grep],
      context,
    });
  } catch (error) {
    report = { error: error instanceof Error ? `${error.message}\n${error.stack}` : String(error), tests: [] };
  }
  await deliverReport(target, report);
}

function deactivate() {}

module.exports = { activate, deactivate };
