import assert from 'node:assert/strict';
import * as vscode from 'vscode';

export interface VirtualTimer {
  ms: number;
  run: () => void;
}

/**
 * For a `describe` block of a poller: its timers on a virtual clock, recorded with their delays and run when the test
 * says, so a wait is checked by what the poller asks for, not by how long a real wait took; the window focused, as a
 * poller checks only then. Both are put back after each test.
 */
export function useVirtualTimers(): { pending(): VirtualTimer[]; tick(): Promise<number | undefined> } {
  let timers: VirtualTimer[] = [];
  const real = { setTimeout: globalThis.setTimeout, clearTimeout: globalThis.clearTimeout };
  beforeEach(() => {
    timers = [];
    globalThis.setTimeout = ((run: () => void, ms: number) => {
      const timer = { ms, run };
      timers.push(timer);
      return timer;
    }) as unknown as typeof setTimeout;
    globalThis.clearTimeout = ((timer: VirtualTimer) => {
      timers = timers.filter((pending) => pending !== timer);
    }) as unknown as typeof clearTimeout;
    (vscode.window.state as { focused: boolean }).focused = true;
  });
  afterEach(() => {
    Object.assign(globalThis, real);
    (vscode.window.state as { focused: boolean }).focused = false;
  });
  return {
    pending: () => timers,
    /** Runs the one pending timer, lets what it started settle, and returns the delay of the timer planned next. */
    async tick() {
      assert.equal(timers.length, 1, `${timers.length} timers pending`);
      timers.shift()!.run();
      for (let i = 0; i < 10; i++) await new Promise((resolve) => setImmediate(resolve));
      return timers[0]?.ms;
    },
  };
}
