import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FileOffsetClock } from '../../../src/node/fileOffsetClock';

/** Waits for a condition by polling (the clock watches its file); fails after a generous bound, never sleeps blindly. */
async function eventually(what: string, condition: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 25));
  assert.ok(condition(), what);
}

describe('test clock from a file (workbench tests only)', () => {
  it('adds the offset the file names, and fires timers the new offset has passed', async () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'clock-')), 'clock.json');
    writeFileSync(file, JSON.stringify({ offsetMs: 0 }));
    const log: string[] = [];
    const clock = new FileOffsetClock(file, (line) => log.push(line));
    try {
      assert.ok(Math.abs(clock.now() - Date.now()) < 1000);
      const fired: string[] = [];
      clock.setTimer(() => fired.push('hour'), 3_600_000);
      clock.setTimer(() => fired.push('day'), 86_400_000);
      const cancelled = clock.setTimer(() => fired.push('cancelled'), 60_000);
      cancelled.dispose();
      writeFileSync(file, JSON.stringify({ offsetMs: 2 * 3_600_000 }));
      await eventually('the hour timer fires', () => fired.includes('hour'));
      assert.deepEqual(fired, ['hour']);
      assert.ok(clock.now() - Date.now() > 3_600_000);
      // A malformed file means no offset.
      writeFileSync(file, 'not json');
      await eventually('the offset goes back to none', () => Math.abs(clock.now() - Date.now()) < 1000);
      assert.deepEqual(fired, ['hour']);
    } finally {
      clock.dispose();
    }
  });
});
