import assert from 'node:assert/strict';
import { runSoak } from '../../soak/soak';
import { reliabilityReport } from './report';

/** Heap growth allowed between the end of the warm-up and the end of the short soak, after collection. */
const HEAP_LIMIT_BYTES = 4 * 1024 * 1024;

describe('reliability: soak, short form (npm run soak for 1,000 cycles)', function () {
  this.timeout(30_000);

  it('polls 100 times through seeded faults: typed errors only, policy kept, memory flat', async () => {
    const result = await runSoak({ cycles: 100, seed: 4, timeoutMs: 150 });
    assert.deepEqual(result.violations, []);
    assert.equal(result.unhandledRejections, 0);
    assert.equal(result.pollOutcomes.untyped, undefined);
    assert.ok(result.minPollGapMs >= result.intervalMs, `polls ${result.minPollGapMs} ms apart`);
    assert.ok(result.peakRequestsPerInterval <= result.requestBoundPerInterval);
    assert.ok(Object.keys(result.faults).length >= 8, `only ${Object.keys(result.faults).length} kinds of fault were drawn`);
    assert.ok((result.pollOutcomes.ok ?? 0) > 0 && result.retries > 0, 'both successes and retries happened');
    assert.equal(result.newEventsCounted, result.newEventsAdded, 'every new event counted once');
    assert.ok(result.serverWaitsLongerThanBackoff > 0, 'a Retry-After longer than the poll backoff was met');
    const growth = result.heapAfterBytes - result.heapBeforeBytes;
    assert.ok(growth < HEAP_LIMIT_BYTES, `heap grew by ${Math.round(growth / 1024)} KiB`);
    reliabilityReport.soak = result;
    reliabilityReport.soakHeapLimitMb = HEAP_LIMIT_BYTES / 1048576;
  });
});
