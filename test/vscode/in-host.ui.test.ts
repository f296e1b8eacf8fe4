import { Test, type Suite } from 'mocha';
import { InHostReportReceiver, readRunContext, VscodeSession, type InHostReport, type InHostTest } from './harness';

/*
 * The companion extension's mocha suites (test/companion/suite) run inside the real extension host, next to the
 * installed extension, and post their result here. Each in-host test becomes a test of this suite, so mocha reports
 * and counts them like any other. They are added from a root-level hook because mocha only runs a suite that has
 * tests when it reaches it; the --grep of the run is applied inside the host too.
 */
const inHostSuite: Suite = describe('extension host (companion suites)', function () {});

function toMochaTest(entry: InHostTest): Test {
  const test = new Test(entry.fullTitle, function () {
    if (entry.state !== 'failed') return;
    const error = new Error(entry.error?.message ?? 'failed in the extension host');
    // Keep the in-host frames (they point into the companion's suite files), not this runner's.
    const frames = (entry.error?.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
    error.stack = [`${error.name}: ${error.message}`, '    (in the extension host)', ...frames].join('\n');
    throw error;
  });
  if (entry.state === 'pending') test.pending = true;
  return test;
}

function failingTest(title: string, error: unknown): Test {
  return new Test(title, function () {
    throw error instanceof Error ? error : new Error(String(error));
  });
}

before(async function () {
  this.timeout(240_000);
  const run = readRunContext();
  const receiver = await InHostReportReceiver.start();
  let session: VscodeSession | undefined;
  try {
    session = await VscodeSession.start({ name: 'in-host', env: receiver.companionEnv(run.mochaDir, run.grep) });
    const report: InHostReport = await receiver.waitForReport(120_000);
    if (report.error) inHostSuite.addTest(failingTest('runs the in-host suites', new Error(report.error)));
    for (const entry of report.tests) inHostSuite.addTest(toMochaTest(entry));
    if (report.tests.some((entry) => entry.state === 'failed')) {
      console.log(`  in-host artifacts: ${await session.captureFailure('extension host (companion suites)')}`);
    }
  } catch (error) {
    if (session) console.log(`  in-host artifacts: ${await session.captureFailure('extension host (companion suites)')}`);
    inHostSuite.addTest(failingTest('runs the in-host suites and reports back', error));
  } finally {
    await session?.close();
    await receiver.close();
  }
});
