import type { Fault } from '../double';
import { STATED_RETRY_POLICY } from './policyAudit';
import type { SeededRandom } from '../double/world/random';

/** What the retry policy demands after an attempt that met the fault. */
export type RetryDemand = { wait: 'none' } | { wait: 'backoff' } | { wait: 'server'; ms: number };

export interface SoakFault {
  name: string;
  fault: Fault;
  demand: RetryDemand;
}


/** One fault drawn from the menu; the same seed draws the same sequence. */
export function drawFault(random: SeededRandom, timeoutMs: number, maxBodyBytes: number): SoakFault {
  const kind = random.int(0, 14);
  switch (kind) {
    case 0: return { name: 'latency past the timeout', fault: { kind: 'latency', ms: timeoutMs * 3 }, demand: { wait: 'none' } };
    case 1: return { name: 'latency within the timeout', fault: { kind: 'latency', ms: Math.round(timeoutMs / 5) }, demand: { wait: 'none' } };
    case 2: return { name: '500', fault: { kind: 'status', status: 500 }, demand: { wait: 'none' } };
    case 3:
    case 4:
    case 5: {
      const status = [502, 503, 504][kind - 3];
      return { name: String(status), fault: { kind: 'status', status }, demand: { wait: 'backoff' } };
    }
    case 6: {
      // Up to 10 min: past the client's 60 s limit, and past the poll backoff, so both must give way to it.
      const seconds = random.chance(0.5) ? random.int(1, 60) : random.int(61, 600);
      return {
        name: '429 + Retry-After', fault: { kind: 'rateLimit', style: 'app', retryAfterSeconds: seconds },
        demand: seconds * 1000 > STATED_RETRY_POLICY.maxServerDelayMs ? { wait: 'none' } : { wait: 'server', ms: seconds * 1000 },
      };
    }
    case 7: {
      const seconds = random.int(1, 30);
      return { name: '429 Rack::Attack', fault: { kind: 'rateLimit', style: 'rackAttack', retryAfterSeconds: seconds }, demand: { wait: 'server', ms: seconds * 1000 } };
    }
    case 8: return { name: '429 without headers', fault: { kind: 'rateLimit', style: 'bare' }, demand: { wait: 'backoff' } };
    case 9: return { name: 'reset mid-body', fault: { kind: 'reset' }, demand: { wait: 'backoff' } };
    case 10: return { name: 'truncated JSON', fault: { kind: 'truncated' }, demand: { wait: 'none' } };
    case 11: return { name: 'HTML with 200', fault: { kind: 'html200' }, demand: { wait: 'none' } };
    case 12: {
      const bodies = ['this is not JSON', '{"message":"ok"}', '[{"action_name":1}]', 'null', '[[]]', '{'];
      return { name: 'malformed JSON', fault: { kind: 'malformed', body: random.pick(bodies) }, demand: { wait: 'none' } };
    }
    case 13: return { name: 'wrong content type', fault: { kind: 'malformed', body: '[]', contentType: 'text/plain' }, demand: { wait: 'none' } };
    default: return { name: 'oversized body', fault: { kind: 'huge', bytes: maxBodyBytes * 2 }, demand: { wait: 'none' } };
  }
}
