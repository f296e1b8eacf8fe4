import assert from 'node:assert/strict';
import { auditRetries, STATED_RETRY_POLICY } from '../../soak/policyAudit';
import type { SoakFault } from '../../soak/soakFaults';

const BARE_429: SoakFault = { name: '429 without headers', fault: { kind: 'rateLimit', style: 'bare' }, demand: { wait: 'backoff' } };

describe('the soak\'s retry audit', () => {
  it('asks a 429 the client saw to be retried', () => {
    assert.deepEqual(auditRetries([{ at: 0, attempt: 1, status: 429, outcome: 'rateLimited' }], { fault: BARE_429, times: 1 }, STATED_RETRY_POLICY),
      ['429 without headers: attempt 1 was not retried (rateLimited)']);
  });

  it('judges an attempt the client gave up on at its timeout as a timeout, whatever the double was about to send', () => {
    assert.deepEqual(auditRetries([{ at: 0, attempt: 1, outcome: 'timeout' }], { fault: BARE_429, times: 1 }, STATED_RETRY_POLICY), []);
  });
});
