import assert from 'node:assert/strict';
import { GitLabError } from '../../../src/gitlab';
import { STATED_RETRY_POLICY } from '../../soak/policyAudit';
import { TOKEN } from '../gitlab/helpers';

export type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

export async function settle<T>(promise: Promise<T>): Promise<Settled<T>> {
  try {
    return { ok: true, value: await promise };
  } catch (error) {
    return { ok: false, error };
  }
}

/** The outcome as the tables name it: `ok`, or the error kind; anything but a GitLabError fails the test. */
export function outcomeOf(result: Settled<unknown>): string {
  if (result.ok) return 'ok';
  const { error } = result;
  assert.ok(error instanceof GitLabError, `expected a GitLabError, got ${describeValue(error)}`);
  assert.ok(!error.message.includes(TOKEN), 'the token must not appear in an error message');
  return error.kind;
}

function describeValue(error: unknown): string {
  if (error instanceof Error) return `${error.constructor.name}: ${error.message}`;
  try {
    return String(error);
  } catch {
    return typeof error;
  }
}

/**
 * Fails the suite's tests when a promise rejection goes unhandled while they run: an error the client lost
 * instead of reporting it.
 */
export function failOnUnhandledRejections(): void {
  const seen: unknown[] = [];
  const listener = (reason: unknown): void => {
    seen.push(reason);
  };
  before(() => {
    process.on('unhandledRejection', listener);
  });
  after(() => {
    process.off('unhandledRejection', listener);
  });
  afterEach(async () => {
    // Rejections are reported once the microtask queue drains; give them that turn.
    await new Promise((resolve) => setImmediate(resolve));
    const reasons = seen.splice(0);
    assert.equal(reasons.length, 0, `unhandled rejection: ${reasons.map(describeValue).join('; ')}`);
  });
}

/**
 * Jitter that visits both ends of its range (0 and just under 1) as well as the middle, so a wait shorter than the
 * backoff floor or longer than its ceiling shows up deterministically.
 */
export function edgeSeekingRandom(): () => number {
  const values = [0, 0.999999, 0.5, 0.1, 0.9];
  let index = 0;
  return () => values[index++ % values.length];
}

/** The wait the retry policy allows before retry `retry` (0 for the first): full jitter, at least a quarter. */
export function backoffBounds(retry: number): { min: number; max: number } {
  const ceiling = Math.min(STATED_RETRY_POLICY.maxDelayMs, STATED_RETRY_POLICY.baseDelayMs * 2 ** retry);
  return { min: Math.floor(ceiling / 4), max: ceiling };
}
