import { spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { SourceEdits } from './files';
import type { Break } from './model';

const RUN_TIMEOUT_MS = 240_000;

export interface Outcome {
  result: 'failed as expected' | 'SURVIVED' | 'NO TEST RAN' | 'STALE' | 'FAILS UNBROKEN';
  detail: string;
  seconds: number;
}

export interface MochaJson {
  stats: { tests: number; passes: number; failures: number };
  failures: Array<{ fullTitle: string }>;
  passes: Array<{ fullTitle: string }>;
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
export const grepOf = (tests: readonly string[]): string => tests.map(escapeRegExp).join('|');

/** The named tests no test of the run is called by: renamed or gone, so the break no longer checks them. */
export function unmatched(tests: readonly string[], report: MochaJson): string[] {
  const titles = [...report.passes, ...report.failures].map((test) => test.fullTitle);
  return tests.filter((part) => !titles.some((title) => title.includes(part)));
}

function run(root: string, args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => { output += chunk.toString(); });
    child.stderr.on('data', (chunk: Buffer) => { output += chunk.toString(); });
    const timer = setTimeout(() => child.kill('SIGKILL'), RUN_TIMEOUT_MS);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/** The unit tests of `specs` whose titles match `grep`, as mocha's JSON report; undefined when it wrote none. */
export async function mocha(root: string, specs: readonly string[], grep: string, out: string): Promise<MochaJson | undefined> {
  rmSync(out, { force: true });
  await run(root, [
    join(root, 'node_modules/mocha/bin/mocha.js'), '--no-config', '-r', 'tsx/cjs', '-r', 'test/unit/ui/fakeVscode.ts', '--extension', 'ts',
    '--timeout', '10000', '--exit', '--reporter', 'json', '--reporter-option', `output=${out}`, ...specs, '--grep', grep,
  ]);
  try {
    return JSON.parse(readFileSync(out, 'utf8')) as MochaJson;
  } catch {
    return undefined;
  }
}

/** `tsc` over the project: whether it passed, and its errors. */
export async function typecheck(root: string): Promise<{ passed: boolean; errors: string[] }> {
  const { code, output } = await run(root, [join(root, 'node_modules/typescript/bin/tsc'), '-p', '.', '--noEmit']);
  return { passed: code === 0, errors: output.split('\n').filter((line) => line.includes('error TS')) };
}

/** Takes the break's protection away, runs what should catch it, and puts the source back. */
export async function check(item: Break, edits: SourceEdits, root: string, scratch: string): Promise<Outcome> {
  const started = Date.now();
  const seconds = () => Math.round((Date.now() - started) / 100) / 10;
  const problem = edits.apply(item.edits);
  if (problem) return { result: 'STALE', detail: problem, seconds: seconds() };
  try {
    if (item.by === 'typecheck') {
      const { passed, errors } = await typecheck(root);
      if (passed) return { result: 'SURVIVED', detail: 'tsc passed', seconds: seconds() };
      const missing = item.tests.filter((part) => !errors.some((line) => line.includes(part)));
      if (missing.length > 0) return { result: 'SURVIVED', detail: `tsc failed, but not with ${missing.map((part) => `"${part}"`).join(', ')}: ${errors.join('; ')}`, seconds: seconds() };
      return { result: 'failed as expected', detail: `tsc: ${errors.length} error${errors.length === 1 ? '' : 's'}: ${errors.join('; ')}`, seconds: seconds() };
    }
    const report = await mocha(root, item.specs, grepOf(item.tests), join(scratch, 'broken.json'));
    if (!report) return { result: 'NO TEST RAN', detail: 'mocha wrote no report (timed out or crashed)', seconds: seconds() };
    const { tests, failures } = report.stats;
    // A failed `before` hook runs none of its tests: said as such, not as a name that matched nothing.
    const hooks = report.failures.filter((failure) => failure.fullTitle.includes('" hook'));
    if (tests === 0) return { result: 'NO TEST RAN', detail: hooks.length > 0 ? `a hook failed: ${hooks.map((h) => h.fullTitle).join('; ')}` : 'no test matched', seconds: seconds() };
    const gone = unmatched(item.tests, report);
    if (gone.length > 0) return { result: 'STALE', detail: `no test is named ${gone.map((part) => `"${part}"`).join(', ')}`, seconds: seconds() };
    if (failures === 0) return { result: 'SURVIVED', detail: `all ${tests} passed`, seconds: seconds() };
    const still = report.passes.length > 0 ? `; still passing: ${report.passes.map((p) => p.fullTitle).join('; ')}` : '';
    return { result: 'failed as expected', detail: `${failures} of ${tests} failed${still}`, seconds: seconds() };
  } finally {
    edits.putBack();
  }
}
