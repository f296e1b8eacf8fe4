import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { bundleProbe, bundleSource } from '../lib/bundle';
import { runNodeChild } from '../lib/child';
import { summarize, type Summary } from '../lib/stats';
import type { ActivationProbeResult } from './activationProbe';
import { bundleComposition, type BundlePart } from './bundleComposition';
import { isolatedPackage, type FileSize } from './isolatedPackage';

export interface StartupResult {
  buildMs: number;
  files: FileSize[];
  composition: BundlePart[];
  vsix?: { bytes: number; packageMs: number; entries: number; unexpected: string[]; withPlaceholderBaseUrls: boolean };
  /** Why packaging as the project does it failed, when it did. */
  vsixError?: string;
  coldRuns: number;
  /** Fresh process each: require of an empty module, of undici alone (bundled alike), of the extension bundle. */
  requireEmpty: Summary;
  requireUndiciOnly: Summary;
  requireBundle: Summary;
  requireBundleOverEmpty: number;
  /** activate(context) with the stub API, signed out (no stored token), in a fresh process after the require. */
  activate: Summary;
  /** What the extension itself logged ("Activated in N ms"). */
  selfReported: Summary;
  /** API members the extension touched that the stub does not implement. */
  stubFallbacks: string[];
  note: string;
}

/** Files a .vsix should not carry: sources, source maps, tests, dependencies (the bundle holds them). */
function unexpectedEntries(names: string[]): string[] {
  return names.filter((name) => /\.map$|\.ts$|^extension\/(src|test|bench|node_modules|scripts)\//.test(name));
}

export async function startupBench(root: string, workDir: string, coldRuns: number, progress: (line: string) => void): Promise<StartupResult> {
  const packaged = isolatedPackage(root, workDir);
  progress(`  production build ${Math.round(packaged.buildMs)} ms; vsix ${packaged.vsix ? `${packaged.vsix.bytes} B` : 'not built'}${packaged.vsixError ? ` (${packaged.vsixError})` : ''}`);
  const composition = await bundleComposition(root);

  const stub = await bundleProbe(join(__dirname, 'vscodeStubEntry.ts'), join(workDir, 'vscode-stub.cjs'));
  const probe = await bundleProbe(join(__dirname, 'activationProbe.ts'), join(workDir, 'activationProbe.cjs'), ['vscode']);
  const empty = join(workDir, 'empty.js');
  writeFileSync(empty, '');
  const undiciOnly = await bundleSource("module.exports = require('undici');", root, join(workDir, 'undici-only.js'));
  const bundle = join(packaged.dir, 'dist', 'extension.js');

  const env: NodeJS.ProcessEnv = { ...process.env, BENCH_PACKAGE_JSON: join(packaged.dir, 'package.json') };
  delete env.GITLAB_ACTIVITY_TOKEN; // signed out: activation must not reach for the network anyway
  const runs: Record<string, ActivationProbeResult[]> = { empty: [], undici: [], require: [], activate: [] };
  const cases: Array<[keyof typeof runs, string, string]> = [
    ['empty', 'empty', empty], ['undici', 'require', undiciOnly], ['require', 'require', bundle], ['activate', 'activate', bundle],
  ];
  // One warm-up round (file cache, code cache of node itself), then interleaved cold starts.
  for (let round = 0; round <= coldRuns; round++) {
    for (const [id, mode, target] of cases) {
      const result = await runNodeChild<ActivationProbeResult>(probe, { args: [mode, target, stub], env, timeoutMs: 30_000 });
      if (round > 0) runs[id].push(result);
    }
  }
  const requireEmpty = summarize(runs.empty.map((r) => r.requireMs));
  const requireBundle = summarize([...runs.require, ...runs.activate].map((r) => r.requireMs));
  return {
    buildMs: packaged.buildMs,
    files: packaged.files,
    composition,
    vsix: packaged.vsix && {
      bytes: packaged.vsix.bytes, packageMs: packaged.vsix.packageMs, entries: packaged.vsix.entries.length,
      unexpected: unexpectedEntries(packaged.vsix.entries.map((e) => e.name)),
      withPlaceholderBaseUrls: packaged.vsix.withPlaceholderBaseUrls,
    },
    vsixError: packaged.vsixError,
    coldRuns,
    requireEmpty,
    requireUndiciOnly: summarize(runs.undici.map((r) => r.requireMs)),
    requireBundle,
    requireBundleOverEmpty: requireBundle.median / requireEmpty.median,
    activate: summarize(runs.activate.map((r) => r.activateMs ?? NaN)),
    selfReported: summarize(runs.activate.map((r) => r.selfReportedMs ?? NaN)),
    stubFallbacks: [...new Set(runs.activate.flatMap((r) => r.fallbacks))].sort(),
    note: 'Activation in the workbench (extension host scheduling, onStartupFinished) is measured by the real-VS-Code test stage: '
      + 'the extension logs "Activated in N ms" to its output channel there.',
  };
}
