/**
 * The long soak: `npm run soak`, or without npm `node --require tsx/cjs test/soak/run.ts`; 1,000 poll cycles by
 * default. Options: --cycles N, --seed S, --interval-ms MS, --fault-rate R. Exits with 1 when the policy was breached.
 */
import { megabytes } from './heap';
import { runSoak, type SoakOptions } from './soak';

function readOptions(argv: readonly string[]): SoakOptions {
  const options: SoakOptions = { cycles: 1000 };
  for (let index = 0; index < argv.length; index += 2) {
    const value = Number(argv[index + 1]);
    if (!Number.isFinite(value)) throw new Error(`${argv[index]} needs a number.`);
    switch (argv[index]) {
      case '--cycles': options.cycles = value; break;
      case '--seed': options.seed = value; break;
      case '--interval-ms': options.intervalMs = value; break;
      case '--fault-rate': options.faultRate = value; break;
      default: throw new Error(`Unknown option ${argv[index]}.`);
    }
  }
  return options;
}

function tally(counts: Record<string, number>): string {
  return Object.entries(counts).sort((a, b) => b[1] - a[1]).map(([key, n]) => `${key} ${n}`).join(', ') || 'none';
}

async function main(): Promise<void> {
  const options = readOptions(process.argv.slice(2));
  console.log(`Soak: ${options.cycles} poll cycles…`);
  const result = await runSoak(options);
  const lines: Array<[string, string]> = [
    ['cycles', `${result.cycles} (seed ${result.seed}, interval ${result.intervalMs / 1000} s)`],
    ['virtual time', `${result.virtualHours} h in ${result.realSeconds} s of real time`],
    ['faults injected', tally(result.faults)],
    ['poll outcomes', tally(result.pollOutcomes)],
    ['feed refresh outcomes', tally(result.feedOutcomes)],
    ['requests', `${result.requests} (${result.retries} retries)`],
    ['waits set by GitLab', `${result.serverWaitsLongerThanBackoff} polls waited for a Retry-After longer than the backoff`],
    ['shortest gap between polls', `${result.minPollGapMs / 1000} s (interval ${result.intervalMs / 1000} s)`],
    ['most requests in one interval', `${result.peakRequestsPerInterval} (bound ${result.requestBoundPerInterval})`],
    ['new events', `${result.newEventsAdded} added, ${result.newEventsCounted} counted by the polls`],
    ['heap after GC', `${megabytes(result.heapBeforeBytes)} MB after warm-up → ${megabytes(result.heapAfterBytes)} MB at the end`
      + ` (${megabytes(result.heapAfterBytes - result.heapBeforeBytes)} MB)`],
    ['unhandled rejections', String(result.unhandledRejections)],
    ['policy breaches', String(result.violations.length)],
  ];
  const width = Math.max(...lines.map(([name]) => name.length));
  for (const [name, value] of lines) console.log(`  ${name.padEnd(width)}  ${value}`);
  for (const line of result.violations) console.log(`  ✗ ${line}`);
  process.exitCode = result.violations.length > 0 ? 1 : 0;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
