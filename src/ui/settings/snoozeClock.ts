import { readFileSync } from 'node:fs';
import type { Clock } from '../../app/settings/snooze';

/** The system's time and timers. */
export const systemClock: Clock = {
  now: () => Date.now(),
  setTimer: (callback, delayMs) => {
    const handle = setTimeout(callback, delayMs);
    return { dispose: () => clearTimeout(handle) };
  },
};

interface Timer {
  at: number;
  callback: () => void;
  handle: ReturnType<typeof setTimeout>;
}

/**
 * For tests of the real workbench: the system's time plus an offset read from a file (`{"offsetMs": n}`), read again
 * every tenth of a second (polling: a file watcher can miss a write made while it starts); timers whose time a new
 * offset has passed fire then. Built only by the composition
 * root, and only when the environment names the file; a missing or malformed file means no offset.
 */
export class FileOffsetClock implements Clock {
  private offset = 0;
  private readonly timers = new Set<Timer>();
  private readonly poll: ReturnType<typeof setInterval>;

  constructor(private readonly file: string, private readonly log: (line: string) => void) {
    this.read();
    this.poll = setInterval(() => this.changed(), 100);
    this.poll.unref?.();
  }

  now(): number {
    return Date.now() + this.offset;
  }

  setTimer(callback: () => void, delayMs: number): { dispose(): void } {
    const timer: Timer = { at: this.now() + delayMs, callback, handle: setTimeout(() => this.fire(timer), delayMs) };
    this.timers.add(timer);
    return { dispose: () => this.clear(timer) };
  }

  dispose(): void {
    clearInterval(this.poll);
    for (const timer of [...this.timers]) this.clear(timer);
  }

  private changed(): void {
    if (!this.read()) return;
    const now = this.now();
    for (const timer of [...this.timers]) if (timer.at <= now) this.fire(timer);
  }

  /** True when the offset changed. */
  private read(): boolean {
    let offset = 0;
    try {
      const value = (JSON.parse(readFileSync(this.file, 'utf8')) as { offsetMs?: unknown }).offsetMs;
      if (typeof value === 'number' && Number.isFinite(value)) offset = value;
    } catch {
      // missing or malformed: no offset
    }
    if (offset === this.offset) return false;
    this.offset = offset;
    this.log(`Test clock: offset ${offset} ms`);
    return true;
  }

  private fire(timer: Timer): void {
    if (!this.timers.has(timer)) return;
    this.clear(timer);
    timer.callback();
  }

  private clear(timer: Timer): void {
    clearTimeout(timer.handle);
    this.timers.delete(timer);
  }
}
