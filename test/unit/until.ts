import assert from 'node:assert/strict';

/** Waits for a condition (never for a time): each turn lets the pending answers in; fails after 5 s. */
export async function until(what: string, condition: () => boolean): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > 5_000) assert.fail(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
