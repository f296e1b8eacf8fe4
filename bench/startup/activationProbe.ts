import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { reportResult } from '../lib/child';
import { installVscodeStub, loadStub } from './stubHook';

/**
 * One cold start in a fresh process:
 *   node activationProbe.cjs empty <empty.js> <stub.cjs>          require an empty module (the baseline)
 *   node activationProbe.cjs require <extension.js> <stub.cjs>    require the bundle
 *   node activationProbe.cjs activate <extension.js> <stub.cjs>   require it and call activate(context), signed out
 */
export interface ActivationProbeResult {
  mode: string;
  requireMs: number;
  activateMs?: number;
  /** What the extension wrote to its output channel: "Activated in N ms". */
  selfReportedMs?: number;
  fallbacks: string[];
  outputLines: string[];
}

async function main(): Promise<void> {
  const [mode, target, stubPath] = process.argv.slice(2);
  installVscodeStub(stubPath);
  const stub = loadStub();

  let started = performance.now();
  const loaded = require(target) as { activate?: (context: unknown) => unknown };
  const requireMs = performance.now() - started;

  const result: ActivationProbeResult = { mode, requireMs, fallbacks: [], outputLines: [] };
  if (mode === 'activate') {
    const root = dirname(dirname(target));
    const context = stub.createExtensionContext(root, JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')));
    started = performance.now();
    await loaded.activate!(context);
    result.activateMs = performance.now() - started;
    // Let the deferred session restore run (signed out: it reads the empty secret storage, no network).
    await new Promise((resolve) => setTimeout(resolve, 20));
    const line = stub.benchHost.outputLines.find((l) => /Activated in [\d.]+ ms/.test(l));
    result.selfReportedMs = line ? Number(/Activated in ([\d.]+) ms/.exec(line)![1]) : undefined;
    for (const disposable of (context as unknown as { subscriptions: Array<{ dispose(): unknown }> }).subscriptions) disposable.dispose();
  }
  result.fallbacks = [...stub.benchHost.fallbacks].sort();
  result.outputLines = stub.benchHost.outputLines;
  reportResult(result);
  // Timers the extension may have left (polling) must not keep the probe alive.
  process.exit(0);
}

void main();
