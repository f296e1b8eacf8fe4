import { readFileSync } from 'node:fs';
import type { Clock } from '../app/snoozeTime';

/**
 * For tests of the real workbench: the system's time plus an offset read from a file (`{"offsetMs": n}`). One poll, every
 * tenth of a second, reads the file again (a file watcher can miss a write made while it starts) and fires the timers
 * whose time has come. Built only by the composition root, and only when the environment names the file; a missing or
 * malformed file means no offset.
 */
export class FileOffsetClock implements Clock {
  private offset = 0;
  private readonly timers = new Set<{ at: number; callback: () => void }>();
  private readonly poll = setInterval(() => this.tick(), 100);

  constructor(private readonly file: string, private readonly log: (line: string) => void) {
    this.poll.unref?.();
    this.read();
  }

  now(): number {
    return Date.now() + this.offset;
  }

  setTimer(callback: () => void, delayMs: number): { dispose(): void } {
    const timer = { at: this.now() + delayMs, callback };
    this.timers.add(timer);
    return { dispose: () => this.timers.delete(timer) };
  }

  dispose(): void {
    clearInterval(this.poll);
    this.timers.clear();
  }

  private tick(): void {
    this.read();
    const now = this.now();
    for (const timer of [...this.timers]) {
      if (timer.at > now || !this.timers.delete(timer)) continue;
      timer.callback();
    }
  }

  private read(): void {
    let offset = 0;
    try {
      const value = (JSON.parse(readFileSync(this.file, 'utf8')) as { offsetMs?: unknown }).offsetMs;
      if (typeof value === 'number' && Number.isFinite(value)) offset = value;
    } catch {
      // missing or malformed: no offset
    }
    if (offset !== this.offset) this.log(`Test clock: offset ${offset} ms`);
    this.offset = offset;
  }
}
