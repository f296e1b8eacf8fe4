import { writeFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { STATED_RETRY_POLICY } from '../../soak/policyAudit';
import type { SoakResult } from '../../soak/soak';
import { ENDPOINTS } from './endpoints';
import { FAULTS, type FaultCase } from './faultCases';
import { EXCHANGES } from '../gitlab/helpers';
import { MATRIX, PARSE_STEP_ENDPOINTS, PARSE_STEP_FAULTS, TRANSPORT_PATHS, type FaultMode } from './matrix';

export interface MatrixRow {
  endpoint: string;
  fault: string;
  mode: FaultMode;
  /** `ok` or the error kind. */
  outcome: string;
  attempts: number;
  waits: number[];
  recovered: boolean;
}

export interface PropertyRow {
  property: string;
  inputs: string;
  runs: number;
  outcomes: Record<string, number>;
}

export const REGENERATE_COMMAND =
  "WRITE_RELIABILITY_DOC=1 node node_modules/mocha/bin/mocha.js --no-config --require tsx/cjs --extension ts 'test/unit/reliability/**/*.test.ts'";

/**
 * What the reliability tests tried and saw, collected while they run and written out as docs/reliability.md.
 * One instance is shared by the spec files of a run (see document.test.ts).
 */
export class ReliabilityReport {
  readonly matrix: MatrixRow[] = [];
  readonly properties: PropertyRow[] = [];
  soak: SoakResult | undefined;
  /** Peak memory growth allowed while the 50 MB body is refused. */
  memoryLimitMb = 0;
  /** Heap growth allowed over the short soak. */
  soakHeapLimitMb = 0;

  /** Why the collected results are not a full run, or undefined when they are. */
  incompleteBecause(): string | undefined {
    // Every case runs over each exchange (undici on the desktop, fetch in the browser).
    const cases = MATRIX.length * EXCHANGES.length;
    if (this.matrix.length !== cases) return `the fault matrix has ${this.matrix.length} of ${cases} passing cases`;
    if (this.properties.length === 0) return 'no property results';
    if (!this.soak) return 'no soak result';
    return undefined;
  }

  writeTo(path: string): void {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, this.render());
  }

  render(): string {
    return [
      '# Reliability',
      '',
      'Written by the reliability tests (`test/unit/reliability/`, `test/soak/`); do not edit by hand. Regenerate with:',
      '',
      '```sh',
      REGENERATE_COMMAND,
      '```',
      '',
      'Every figure below comes from a passing run against the GitLab test double over real HTTP, with the client\'s',
      'waits recorded instead of slept. Random inputs use fixed seeds, so the tables are the same on every run.',
      '',
      ...this.renderMatrix(),
      ...this.renderProperties(),
      ...this.renderSoak(),
    ].join('\n');
  }

  private renderMatrix(): string[] {
    const policy = STATED_RETRY_POLICY;
    const lines = [
      '## Faults, per transport path',
      '',
      `One endpoint of each transport path (${TRANSPORT_PATHS.map((name) => `\`${name}\``).join(', ')}: a resource read, an update, a listing)`,
      `met each of the ${FAULTS.length} faults twice: **lasting** (every attempt meets it) and **once** (the first attempt only),`,
      `over each of the ${EXCHANGES.length} exchanges (${EXCHANGES.map((name) => `\`${name}\``).join(' on the desktop, ')} in the browser): the counts below add both.`,
      `The ${PARSE_STEP_ENDPOINTS.length} endpoints whose answer another parse step reads met the faults of a 200 answer read as JSON`,
      `(${PARSE_STEP_FAULTS.join(', ')}), lasting. The other ${ENDPOINTS.length - TRANSPORT_PATHS.length - PARSE_STEP_ENDPOINTS.length} endpoints take one of these paths with one of these parse steps;`,
      'their URLs are the URL-building property\'s and their bodies the response-parsing property\'s (below).',
      'After each case the fault was cleared and the same call had to succeed (**recovered**).',
      'Outcomes are the `GitLabError` kind, or `ok`; any other error, or an unhandled rejection, fails the test.',
      `A retried request gets at most ${policy.maxAttempts} attempts in all. Waits are the delays the client asked for before retrying:`,
      `a delay GitLab states (up to ${policy.maxServerDelayMs / 1000} s) must be kept exactly; a backoff wait must lie within`,
      `¼–1 × min(${policy.maxDelayMs / 1000} s, ${policy.baseDelayMs / 1000} s × 2ⁿ) for retry n.`,
      '',
      '| Fault | What the double sends | Policy | Lasting: outcome, attempts, waits (ms) | Once: outcome, attempts, waits (ms) | Endpoints as expected, recovered |',
      '|---|---|---|---|---|---|',
    ];
    for (const fault of FAULTS) {
      const rows = this.matrix.filter((row) => row.fault === fault.name);
      const lasting = summarize(rows.filter((row) => row.mode === 'lasting'));
      const once = summarize(rows.filter((row) => row.mode === 'once'));
      const endpoints = new Set(rows.map((row) => row.endpoint)).size;
      const recovered = rows.filter((row) => row.recovered).length;
      const met = new Set(MATRIX.filter((entry) => entry.fault.name === fault.name).map((entry) => entry.endpoint.name)).size;
      lines.push(`| ${fault.name} | ${fault.injected} | ${policyText(fault)} | ${lasting} | ${once} | ${endpoints}/${met}, ${recovered}/${rows.length} |`);
    }
    lines.push('', `The 50 MB body was refused on every endpoint that met it with peak memory growth during the call under ${this.memoryLimitMb} MB.`, '');
    lines.push('### Outcome and attempts per endpoint (lasting faults)', '');
    lines.push(`| Endpoint | ${FAULTS.map((fault) => fault.name).join(' | ')} |`);
    lines.push(`|---|${FAULTS.map(() => '---').join('|')}|`);
    for (const endpoint of ENDPOINTS.filter((candidate) => MATRIX.some((entry) => entry.endpoint === candidate))) {
      const cells = FAULTS.map((fault) => {
        const row = this.matrix.find((r) => r.endpoint === endpoint.name && r.fault === fault.name && r.mode === 'lasting');
        return row ? `${row.outcome} ×${row.attempts}` : '—';
      });
      lines.push(`| \`${endpoint.name}\` | ${cells.join(' | ')} |`);
    }
    lines.push('');
    return lines;
  }

  private renderProperties(): string[] {
    const lines = [
      '## Bad input, property-based',
      '',
      'Generated with fast-check; every case also goes over HTTP to the double where a request is involved.',
      '',
      '| Property | Inputs tried | Runs | Outcomes |',
      '|---|---|---|---|',
    ];
    for (const row of this.properties) {
      const outcomes = Object.entries(row.outcomes).map(([name, n]) => `${name}: ${n}`).join(', ');
      lines.push(`| ${row.property} | ${row.inputs} | ${row.runs} | ${outcomes} |`);
    }
    lines.push('');
    return lines;
  }

  private renderSoak(): string[] {
    const soak = this.soak;
    if (!soak) return [];
    const tally = (counts: Record<string, number>): string =>
      Object.entries(counts).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([key, n]) => `${key} ${n}`).join(', ');
    return [
      '## Soak',
      '',
      `${soak.cycles} poll cycles (the unit test's short form; \`npm run soak\`, or \`node --require tsx/cjs test/soak/run.ts\`,`,
      'runs 1,000 and prints the same figures with the heap sizes): each',
      'cycle asks for the first page of My Activity as the new-activity poller does, then refreshes the My Activity feed.',
      'Seeded random faults on `/events`, lasting 1–5 requests; waits from `PollSchedule` and the retry policy move a',
      'virtual clock. The policy is worked out independently from the injected fault and compared with what happened.',
      '',
      '| Figure | Value |',
      '|---|---|',
      `| Cycles, seed, interval | ${soak.cycles}, ${soak.seed}, ${soak.intervalMs / 1000} s |`,
      `| Virtual time covered | ${soak.virtualHours} h |`,
      `| Faults injected | ${tally(soak.faults)} |`,
      `| Poll outcomes | ${tally(soak.pollOutcomes)} |`,
      `| Feed refresh outcomes | ${tally(soak.feedOutcomes)} |`,
      `| Requests (retries) | ${soak.requests} (${soak.retries}) |`,
      `| Polls that waited for a Retry-After longer than the backoff | ${soak.serverWaitsLongerThanBackoff} |`,
      `| Shortest gap between polls | ${soak.minPollGapMs / 1000} s (never below the interval or the backoff / Retry-After demanded) |`,
      `| Most requests in one interval | ${soak.peakRequestsPerInterval} (bound ${soak.requestBoundPerInterval}) |`,
      `| New events added / counted by the polls | ${soak.newEventsAdded} / ${soak.newEventsCounted} |`,
      `| Heap after GC, end vs. after warm-up | flat: growth under the test's ${this.soakHeapLimitMb} MB limit |`,
      `| Unhandled rejections | ${soak.unhandledRejections} |`,
      `| Policy breaches | ${soak.violations.length} |`,
      '',
    ];
  }
}

function policyText(fault: FaultCase): string {
  switch (fault.retry.wait) {
    case 'none': return 'not retried';
    case 'backoff': return 'retried, backoff';
    case 'server': return `retried after ${fault.retry.ms} ms`;
  }
}

/** One description when every endpoint saw the same, else "varies" (the grid has the detail). */
function summarize(rows: readonly MatrixRow[]): string {
  const texts = new Set(rows.map((row) => {
    const base = `${row.outcome}, ${row.attempts}`;
    return row.waits.length > 0 ? `${base}, ${row.waits.join(' / ')}` : base;
  }));
  if (texts.size === 0) return '—';
  return texts.size === 1 ? [...texts][0] : 'varies by endpoint';
}

export const reliabilityReport = new ReliabilityReport();
