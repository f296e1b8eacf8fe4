import { rmSync } from 'node:fs';
import path from 'node:path';
import { stopAllCodeServers } from '../../scripts/vscode-env/code-server.mjs';
import { closeRunBrowser } from '../../test/vscode/harness/session';
import { reportResult } from '../lib/child';
import { measureFirstRows, type FirstRowsRun } from './firstRowsRun';

export type { FirstRowsRun } from './firstRowsRun';

/**
 * Run by workbenchBench.ts under the shared workbench lock: prepares a run of the real workbench as the workbench
 * tests' stage does (scripts/test-vscode-run.mjs: code-server set up where missing, the extension and the test
 * companion packaged and installed into a fresh extensions dir), then `runs` runs of the first-rows probe
 * (firstRowsRun.ts), each in a session of its own. A failed run's screenshot and logs are kept in
 * artifacts/bench-workbench/.
 *   tsx firstRowsProbe.ts <runs> <latencyMs> <holdMs>
 */
async function main(): Promise<void> {
  const [runsText, latencyText, holdText] = process.argv.slice(2);
  const runs = Number(runsText);
  const latencyMs = Number(latencyText);
  const holdMs = Number(holdText);
  const root = path.join(__dirname, '..', '..');
  // The setup says what it does on stdout (`[vscode-env] …`); the bench shows those lines.
  // Imported as the ES module it is (its own imports include one with top-level await, which cannot load as CommonJS).
  const { prepareVscodeRun } = await import('../../scripts/test-vscode-run.mjs');
  const run = await prepareVscodeRun({ artifactsDir: path.join(root, 'artifacts', 'bench-workbench'), log: (line) => console.error(`  ${line}`) });
  try {
    const results: FirstRowsRun[] = [];
    for (let index = 0; index < runs; index++) {
      const result = await measureFirstRows({ name: `bench-first-rows-${index}`, latencyMs, holdMs });
      results.push(result);
      console.error(`  workbench run ${index + 1}/${runs}: activation to first rows ${result.firstRowAt - result.activatedAt} ms`);
    }
    reportResult(results);
  } finally {
    await closeRunBrowser();
    await stopAllCodeServers();
    rmSync(run.runDir, { recursive: true, force: true });
  }
}

main().then(() => process.exit(0), (error: unknown) => {
  console.error(error instanceof Error ? error.stack : error);
  // Last, on one line: the reason the bench reports (it reads the end of this output).
  console.error(`first rows probe failed: ${(error instanceof Error ? error.message : String(error)).replace(/\s*\n\s*/g, ' ')}`);
  process.exit(1);
});
