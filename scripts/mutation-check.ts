// `npm run mutation-check`: takes away each protection of docs/protections.md, with the smallest edit of the source
// (a line), runs the tests named for it, and expects them to fail (the breaks: scripts/mutation/breaks/, a file per
// section of the document). The file is put back after each run, also on an error, Ctrl-C or SIGTERM. A row checked
// by workbench tests only (or another command) says so there instead; every row is one or the other. The result goes
// into docs/protections.md, section "Mutation check". Run on demand, not by `npm test`.
//
//   npm run mutation-check                    every break; writes the section
//   npm run mutation-check -- --only backoff  the breaks whose protection contains "backoff" (--only again: or);
//                                             writes nothing
//   npm run mutation-check -- --dry           checks that every break still applies (each text once) and that every
//                                             row of the document has a break or says what checks it; runs nothing
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BREAKS, ELSEWHERE } from './mutation/breaks';
import { SourceEdits } from './mutation/files';
import type { Break } from './mutation/model';
import { coverage, readRows } from './mutation/rows';
import { check, grepOf, mocha, typecheck, unmatched, type Outcome } from './mutation/run';
import { section, writeSection } from './mutation/section';

const root = join(__dirname, '..');
const DOC = join(root, 'docs/protections.md');

/** The tests must pass on the source as it is, or their failing says nothing: what fails unbroken, per break. */
async function unbrokenFailures(chosen: readonly Break[], scratch: string): Promise<(item: Break) => Outcome | undefined> {
  const started = Date.now();
  const units = chosen.filter((item) => item.by !== 'typecheck');
  const specs = [...new Set(units.flatMap((item) => item.specs))];
  const baseline = units.length > 0 ? await mocha(root, specs, grepOf(units.flatMap((item) => item.tests)), join(scratch, 'baseline.json')) : undefined;
  if (units.length > 0 && !baseline) throw new Error('The tests could not be run on the unbroken source.');
  const types = chosen.some((item) => item.by === 'typecheck') ? await typecheck(root) : undefined;
  const failing = new Set(baseline?.failures.map((f) => f.fullTitle));
  console.log(`Unbroken: ${baseline?.stats.passes ?? 0} passed, ${baseline?.stats.failures ?? 0} failed${types ? `; tsc ${types.passed ? 'passed' : 'failed'}` : ''} (${Math.round((Date.now() - started) / 1000)} s).`);
  return (item) => {
    if (item.by === 'typecheck') return types?.passed ? undefined : { result: 'FAILS UNBROKEN', detail: types?.errors.join('; ') ?? '', seconds: 0 };
    const gone = unmatched(item.tests, baseline!);
    if (gone.length > 0) return { result: 'STALE', detail: `no test is named ${gone.map((part) => `"${part}"`).join(', ')}`, seconds: 0 };
    const grep = new RegExp(grepOf(item.tests));
    const broken = [...failing].filter((title) => grep.test(title));
    return broken.length > 0 ? { result: 'FAILS UNBROKEN', detail: broken.join('; '), seconds: 0 } : undefined;
  };
}

/** `--dry`: every edit applies, every row has a break or says what checks it, every entry names one row. */
function dryRun(chosen: readonly Break[], edits: SourceEdits, whole: boolean): number {
  let problems = 0;
  for (const item of chosen) {
    const problem = edits.apply(item.edits);
    edits.putBack();
    if (problem) problems++;
    console.log(`${problem ? 'STALE' : 'ok   '} ${item.protection}${item.part ? ` (${item.part})` : ''}${problem ? `: ${problem}` : ''}`);
  }
  if (!whole) return problems;
  const rows = readRows(readFileSync(DOC, 'utf8'));
  const { uncovered, misnamed } = coverage(rows, BREAKS, ELSEWHERE);
  for (const row of uncovered) console.log(`NO BREAK, NOT SAID ELSEWHERE: ${row.section} › ${row.protection}`);
  for (const entry of misnamed) console.log(`NAMES ${entry.rows} ROWS, NOT ONE: ${entry.protection}`);
  console.log(`${rows.length} rows: ${BREAKS.length} breaks, ${ELSEWHERE.length} rows checked elsewhere.`);
  return problems + uncovered.length + misnamed.length;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const only = args.flatMap((arg, i) => (args[i - 1] === '--only' ? [arg.toLowerCase()] : []));
  const dry = args.includes('--dry');
  const chosen = only.length > 0
    ? BREAKS.filter((item) => only.some((word) => `${item.protection} ${item.part ?? ''}`.toLowerCase().includes(word)))
    : BREAKS;
  const edits = new SourceEdits(root);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => {
      edits.putBack();
      console.error(`\nStopped by ${signal}; every file is as it was.`);
      process.exit(130);
    });
  }
  process.on('exit', () => edits.putBack());
  edits.restoreLeftovers();

  if (dry) {
    process.exitCode = dryRun(chosen, edits, only.length === 0) > 0 ? 1 : 0;
    return;
  }

  const scratch = mkdtempSync(join(tmpdir(), 'mutation-check-'));
  const started = Date.now();
  try {
    const unbroken = await unbrokenFailures(chosen, scratch);
    const outcomes: Array<{ item: Break; outcome: Outcome }> = [];
    for (const item of chosen) {
      const outcome = unbroken(item) ?? await check(item, edits, root, scratch);
      outcomes.push({ item, outcome });
      console.log(`${outcome.result.padEnd(18)} ${item.protection}${item.part ? ` (${item.part})` : ''} (${outcome.detail}, ${outcome.seconds} s)`);
    }
    const seconds = (Date.now() - started) / 1000;
    const bad = outcomes.filter(({ outcome }) => outcome.result !== 'failed as expected');
    console.log(`\n${outcomes.length - bad.length} of ${outcomes.length} breaks failed their tests, in ${Math.round(seconds)} s.`);
    if (only.length === 0) {
      const rows = readRows(readFileSync(DOC, 'utf8'));
      writeSection(DOC, section(rows, outcomes, ELSEWHERE, new Date().toISOString().slice(0, 10), seconds));
      console.log('Wrote the "Mutation check" section of docs/protections.md.');
    }
    process.exitCode = bad.length > 0 ? 1 : 0;
  } finally {
    edits.putBack();
    rmSync(scratch, { recursive: true, force: true });
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
