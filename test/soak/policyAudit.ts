import type { SoakFault } from './soakFaults';

/** One HTTP attempt as the client logged it, stamped with the virtual time. */
export interface Attempt {
  at: number;
  attempt: number;
  status?: number;
  outcome: string;
}

export interface RetryPolicyNumbers {
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** A longer wait asked for by GitLab is not sat out: the caller gets the error. */
  maxServerDelayMs: number;
}

/**
 * The request policy the tests hold the client to, stated here rather than read from `DEFAULT_RETRY`, so that
 * changing the client's numbers is a decision that shows up as a failing test and a changed docs/reliability.md.
 */
export const STATED_RETRY_POLICY: RetryPolicyNumbers = { maxAttempts: 4, baseDelayMs: 500, maxDelayMs: 8_000, maxServerDelayMs: 60_000 };

/**
 * Checks a poll cycle's attempts against the request policy, worked out here from the fault that was injected
 * rather than read back from the client: the first `times` attempts met the fault; a retry must wait at least the
 * server's delay or the backoff floor, and only retryable faults may be retried at all.
 */
export function auditRetries(
  attempts: readonly Attempt[], injected: { fault: SoakFault; times: number } | undefined, policy: RetryPolicyNumbers,
): string[] {
  const problems: string[] = [];
  for (let index = 0; index < attempts.length; index++) {
    const current = attempts[index];
    const next = attempts[index + 1];
    const retried = next !== undefined && next.attempt === current.attempt + 1;
    if (current.attempt > policy.maxAttempts) problems.push(`attempt ${current.attempt} exceeds ${policy.maxAttempts}`);
    const met = injected !== undefined && index < injected.times ? injected.fault : undefined;
    // An attempt the client gave up on at its timeout met no answer, whatever the double was about to send (on a busy
    // machine a 429 can take longer than the soak's short timeout): the policy for a timeout is the one that applies.
    const demand = current.outcome === 'timeout' ? { wait: 'none' as const } : met?.demand ?? { wait: 'none' as const };
    if (!retried) {
      if (demand.wait !== 'none' && current.attempt < policy.maxAttempts) {
        problems.push(`${met?.name}: attempt ${current.attempt} was not retried (${current.outcome})`);
      }
      continue;
    }
    const gap = next.at - current.at;
    if (demand.wait === 'none') {
      problems.push(`attempt ${current.attempt} (${met?.name ?? current.outcome}) was retried though the policy forbids it`);
    } else if (demand.wait === 'server' && gap < demand.ms) {
      problems.push(`${met?.name}: retried after ${gap} ms, the server asked for ${demand.ms} ms`);
    } else if (demand.wait === 'backoff') {
      const floor = Math.floor(Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (current.attempt - 1)) / 4);
      if (gap < floor) problems.push(`${met?.name}: retried after ${gap} ms, the backoff floor is ${floor} ms`);
    }
  }
  return problems;
}

/** The most attempts inside any window of `windowMs` of virtual time. */
export function peakInWindow(times: readonly number[], windowMs: number): number {
  let peak = 0;
  let start = 0;
  for (let end = 0; end < times.length; end++) {
    while (times[end] - times[start] >= windowMs) start++;
    peak = Math.max(peak, end - start + 1);
  }
  return peak;
}
