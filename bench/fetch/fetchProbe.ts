import { reportResult } from '../lib/child';
import { fetchBench } from './fetchBench';

/**
 * The fetch section in a process of its own, bundled (lib/bundle.ts) so the client runs as it ships:
 *   node fetchProbe.cjs <test double's doubleProcess.ts> <rounds> <warm-up rounds>
 * Progress goes to stderr, the result to stdout.
 */
async function main(): Promise<void> {
  const [doubleScript, rounds, warmup] = process.argv.slice(2);
  const result = await fetchBench(Number(rounds), Number(warmup), (line) => process.stderr.write(`${line}\n`), doubleScript);
  reportResult(result);
  // The peer's process-wide fetch pool may keep sockets open for a while.
  process.exit(0);
}

void main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
