import { mkdtempSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TEST_CLOCK_ENV_VAR } from '../../../src/ids';
import type { VscodeSession } from './session';

/**
 * One "now" for the extension under test and for its GitLab double: the system's time plus an offset the test moves.
 * The extension reads the offset from a file named in its environment (`env`, read by the composition root only); the
 * double, started in the test's process, asks `now` (its `now` option). GitLab decides at each query what is still
 * snoozed by its own clock (to-dos note §3), so a snooze that has ended for one has ended for the other.
 */
export class TestClock {
  /** The file holding `{"offsetMs": n}`, which the extension polls. */
  readonly file: string;
  private offset = 0;

  constructor(name: string) {
    this.file = path.join(mkdtempSync(path.join(os.tmpdir(), `${name}-clock-`)), 'clock.json');
    this.write();
  }

  /** For the double's `now` option. */
  readonly now = (): Date => new Date(Date.now() + this.offset);

  /** For the session's `env`: the extension's snooze clock reads this file. */
  get env(): Record<string, string> {
    return { [TEST_CLOCK_ENV_VAR]: this.file };
  }

  /** Sets both clocks to `time` (epoch ms), without waiting: before the session starts. */
  set(time: number): void {
    this.offset = time - Date.now();
    this.write();
  }

  /**
   * Moves both clocks forward to `time` (epoch ms) and waits until the extension has read the new offset (its log
   * says "Test clock: offset n ms"), so what the test does next happens at that time for the extension too.
   */
  async moveTo(session: VscodeSession, time: number): Promise<void> {
    if (time <= this.now().getTime()) throw new Error(`the test clock only moves forward: ${new Date(time).toISOString()} has passed`);
    const offset = time - Date.now();
    const line = new RegExp(`^Test clock: offset ${offset} ms$`);
    const already = session.countLogLines(line);
    this.offset = offset;
    this.write();
    await session.waitForLogLine(line, already);
  }

  /** A whole file at once (written aside, then renamed): the extension never reads half of one as "no offset". */
  private write(): void {
    const aside = `${this.file}.new`;
    writeFileSync(aside, JSON.stringify({ offsetMs: this.offset }));
    renameSync(aside, this.file);
  }
}
