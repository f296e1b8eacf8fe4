import { join } from 'node:path';
import { workbenchBench } from './workbenchBench';

/**
 * `npm run bench:smoke`, run by `npm test` after the real-workbench stage: the bench's workbench section (its lock,
 * its probe process, the run prepared as the stage prepares it, the Activity view opened and reloaded) once, through
 * the same code `npm run bench` runs, so that a change that keeps the probe from reaching the view or its rows fails
 * the tests instead of leaving the bench's workbench goals unmeasured. Nothing is judged on time here (one run, no
 * goals): it passes when the probe measured, and fails, with the probe's reason, when it could not.
 */
async function main(): Promise<number> {
  const root = join(__dirname, '..', '..');
  const started = performance.now();
  const result = await workbenchBench(root, 1, (line) => console.log(line));
  const seconds = ((performance.now() - started) / 1000).toFixed(0);
  const run = result.runs[0];
  if (result.skipped || !run || !Number.isFinite(run.activatedAt) || !Number.isFinite(run.firstRowAt)) {
    console.log(`bench smoke: FAILED (${seconds} s): ${result.skipped ?? 'the probe reported no first row or no activation'}`);
    return 1;
  }
  console.log(`bench smoke: PASSED (${seconds} s): the bench's workbench probe opened the Activity view, saw its rows, `
    + `reloaded the window and saw the first row again and the activation it is timed from (one run; nothing timed is judged)`);
  return 0;
}

main().then((code) => process.exit(code), (error: unknown) => {
  console.log(`bench smoke: FAILED: ${error instanceof Error ? error.stack : String(error)}`);
  process.exit(1);
});
