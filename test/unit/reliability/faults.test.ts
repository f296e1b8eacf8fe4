import assert from 'node:assert/strict';
import { GitLabError } from '../../../src/gitlab';
import { GitLabDouble } from '../../double';
import { HeapMeter } from '../../soak/heap';
import { STATED_RETRY_POLICY } from '../../soak/policyAudit';
import { EXCHANGES, makeClient, type ExchangeKind } from '../gitlab/helpers';
import type { EndpointCase } from './endpoints';
import { MATRIX_MAX_BODY_BYTES, type FaultCase } from './faultCases';
import { backoffBounds, edgeSeekingRandom, failOnUnhandledRejections, outcomeOf, settle } from './harness';
import { MATRIX, type FaultMode } from './matrix';
import { reliabilityReport } from './report';

/** A fixed client clock, so a `RateLimit-Reset` epoch turns into an exact delay. */
const CLOCK_MS = Date.parse('2026-03-02T09:00:00Z');
/** Peak memory growth allowed while a 50 MB body is refused at 1 MB. */
const MEMORY_LIMIT_BYTES = 16 * 1024 * 1024;

describe('reliability: each transport path × every fault (matrix.ts)', function () {
  this.timeout(20_000);
  failOnUnhandledRejections();
  let double: GitLabDouble;
  let meter: HeapMeter;

  before(async () => {
    double = await GitLabDouble.start({ edition: 'ee', events: 120, seed: 11 });
    meter = new HeapMeter();
    reliabilityReport.memoryLimitMb = MEMORY_LIMIT_BYTES / 1048576;
  });
  after(async () => double.close());

  for (const kind of EXCHANGES) {
    for (const name of new Set(MATRIX.map((entry) => entry.endpoint.name))) {
      describe(`${name}, over ${kind}`, () => {
        for (const { endpoint, fault, mode } of MATRIX.filter((entry) => entry.endpoint.name === name)) {
          it(`${fault.name} (${mode})`, () => runCase(endpoint, fault, mode, kind));
        }
      });
    }
  }

  async function runCase(endpoint: EndpointCase, fault: FaultCase, mode: FaultMode, kind: ExchangeKind): Promise<void> {
    double.clearFaults();
    double.clearLog();
    const t = makeClient(double.url, {
      timeoutMs: fault.timeoutMs ?? 5_000, maxBodyBytes: MATRIX_MAX_BODY_BYTES, now: () => CLOCK_MS, random: edgeSeekingRandom(),
    }, kind);
    try {
      double.inject({ fault: fault.make(CLOCK_MS), method: endpoint.method, path: endpoint.path, times: mode === 'lasting' ? Infinity : 1 });
      const baseline = fault.watchMemory ? meter.settled() : 0;
      const peak = fault.watchMemory ? meter.watchPeak() : undefined;
      const result = await settle(endpoint.call(t.client));
      const peakGrowth = peak ? peak.stop() - baseline : 0;

      // Memory: a body past the limit is dropped as it arrives, not buffered.
      if (fault.watchMemory) {
        assert.ok(peakGrowth < MEMORY_LIMIT_BYTES, `memory grew by ${Math.round(peakGrowth / 1048576)} MB while refusing the body`);
      }

      // The outcome: typed, of the expected kind, after exactly the attempts the policy allows.
      const outcome = outcomeOf(result);
      const retried = fault.retry.wait !== 'none';
      const expected = mode === 'lasting' || !retried ? fault.kind : 'ok';
      assert.equal(outcome, expected, result.ok ? 'resolved' : (result.error as Error).message);
      const attempts = !retried ? 1 : mode === 'lasting' ? STATED_RETRY_POLICY.maxAttempts : 2;
      assert.equal(t.log.length, attempts, `attempts: ${t.log.map((entry) => entry.outcome).join(', ')}`);
      assert.ok(double.requests.length + double.inFlight >= 1, 'the request reached the server');
      if (!result.ok) {
        const error = result.error as GitLabError;
        assert.equal(error.request?.split(' ')[0], endpoint.method, 'the error names the request');
        fault.check?.(error);
      }

      // The waits: never shorter than the policy says.
      assert.equal(t.sleeps.length, attempts - 1);
      t.sleeps.forEach((ms, retry) => {
        if (fault.retry.wait === 'server') {
          assert.equal(ms, fault.retry.ms, `wait before retry ${retry + 1}`);
        } else {
          const { min, max } = backoffBounds(retry);
          assert.ok(ms >= min && ms <= max, `wait before retry ${retry + 1}: ${ms} ms, allowed ${min}–${max} ms`);
        }
      });

      // Recovery: with the fault gone, the same call succeeds on the same client.
      double.clearFaults();
      const again = await settle(endpoint.call(t.client));
      assert.equal(outcomeOf(again), 'ok', 'recovery');

      reliabilityReport.matrix.push({
        endpoint: endpoint.name, fault: fault.name, mode, outcome, attempts, waits: [...t.sleeps], recovered: true,
      });
    } finally {
      await t.close();
    }
  }
});
