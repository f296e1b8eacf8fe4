import { errorText } from './errorInfo';
import { STATE_KEYS } from '../../ids';
import { Emitter } from '../emitter';
import { isNotificationLevel, type NotificationSetting } from '../../gitlab/types';
import {
  dueSnoozes, readStoredSnoozes, restoreDecision, restoreUpdate, sameScope, snoozedSetting, storedSnoozes,
  type Clock, type Snooze,
} from './snooze';
import { SettingConflict, type LevelMemory, type NotificationSettingsService } from './notificationSettingsService';
import type { ScopeRef } from './shared/scopes';


export interface SnoozeOutcomes {
  restored(snooze: Snooze, setting: NotificationSetting): void;
  /** The level was changed while snoozed: not overwritten; the shell asks whether to restore anyway. */
  changedElsewhere(snooze: Snooze, current: NotificationSetting): void;
}

export class SnoozeError extends Error {}

/** A failed restore (network, signed out) is tried again after this long, and at the next start. */
export const RETRY_MS = 60_000;
/** Long waits are split, so a timer never overflows and a clock change is noticed within this time. */
const MAX_TIMER_MS = 3_600_000;

/**
 * Keeps the snoozes of the instance in use in storage, mutes when one starts, and gives the previous setting back
 * when it ends: on a timer while running, and at `check()` (activation, sign-in) for ends that passed meanwhile.
 */
export class SnoozeScheduler {
  private timer?: { dispose(): void };
  private queue: Promise<unknown> = Promise.resolve();
  private retryAt?: number;
  private readonly changes = new Emitter<void>();
  /** Fires when a snooze starts or ends (the status bar shows "Muted until …"). */
  readonly onDidChange = this.changes.event;

  constructor(
    /** Reads `fresh` (a snooze and a restore must see what is there now); writes with `expected`. */
    private readonly settings: Pick<NotificationSettingsService, 'getSetting' | 'update'>,
    /** globalState: it survives reloads and restarts. */
    private readonly storage: LevelMemory,
    private readonly clock: Clock,
    /** The normalised URL of the instance in use. */
    private readonly instance: () => string,
    private readonly signedIn: () => boolean,
    private readonly outcomes: SnoozeOutcomes,
    private readonly log: (line: string) => void,
  ) {}

  /** The snoozes of the instance in use. */
  list(): Snooze[] {
    return this.read().snoozes;
  }

  find(scope: ScopeRef): Snooze | undefined {
    return this.list().find((snooze) => sameScope(snooze.scope, scope));
  }

  /**
   * Mutes `scope` until `until`, keeping its setting to give back. A scope already snoozed gets the new end and keeps
   * the setting from before the first snooze. Rejects with a SnoozeError (already muted, unknown level) or a
   * GitLabError.
   */
  snooze(scope: ScopeRef, name: string, until: number): Promise<Snooze> {
    return this.serial(async () => {
      const existing = this.find(scope);
      const current = await this.settings.getSetting(scope, undefined, { fresh: true });
      let previous: Snooze['previous'];
      if (existing && current.level === 'disabled') previous = existing.previous;
      else if (current.level === 'disabled') throw new SnoozeError('already muted');
      else if (!isNotificationLevel(current.level)) throw new SnoozeError(`unknown level ${current.level}`);
      else previous = snoozedSetting(current);
      const snooze: Snooze = { instance: this.instance(), scope, name, until, previous };
      // Stored before the mute: a window closed in between still knows what to give back.
      await this.write([...this.list().filter((other) => !sameScope(other.scope, scope)), snooze]);
      try {
        // Against the setting just read: a change made meanwhile is not muted over (nor kept as the one to give back).
        if (current.level !== 'disabled') await this.settings.update(scope, { level: 'disabled' }, { expected: current });
      } catch (error) {
        await this.write(existing ? this.list().map((other) => (sameScope(other.scope, scope) ? existing : other)) : this.without(scope));
        throw error;
      }
      this.log(`Snoozed ${name} until ${new Date(until).toISOString()} (was ${previous.level})`);
      this.changed();
      return snooze;
    });
  }

  /** Ends a snooze now ("End Snooze"), with the same care as at its end time. */
  end(scope: ScopeRef): Promise<void> {
    return this.serial(async () => {
      const snooze = this.find(scope);
      if (snooze) await this.finish(snooze);
    });
  }

  /** Ends every snooze whose time has come, then waits for the next one. */
  check(): Promise<void> {
    return this.serial(async () => {
      const { snoozes, problems } = this.read();
      if (problems.length > 0) {
        for (const problem of problems) this.log(`Snooze: ${problem}`);
        await this.write(snoozes);
      }
      if (this.signedIn()) {
        const { due } = dueSnoozes(snoozes, this.clock.now());
        for (const snooze of due) await this.finish(snooze);
      }
    });
  }

  /** Gives a snooze's previous setting back regardless of the level now (the person chose to). */
  async restoreAnyway(snooze: Snooze): Promise<NotificationSetting> {
    return this.settings.update(snooze.scope, restoreUpdate(snooze));
  }

  dispose(): void {
    this.timer?.dispose();
    this.timer = undefined;
  }

  private async finish(snooze: Snooze): Promise<void> {
    try {
      let current = await this.settings.getSetting(snooze.scope, undefined, { fresh: true });
      let decision = restoreDecision(snooze, current);
      let setting: NotificationSetting | undefined;
      if (decision === 'restore') {
        try {
          setting = await this.settings.update(snooze.scope, restoreUpdate(snooze), { expected: current });
        } catch (error) {
          // Changed elsewhere between the read and the restore: decided again on what GitLab has now (still muted:
          // kept, and the next try restores it).
          if (!(error instanceof SettingConflict) || restoreDecision(snooze, error.server) === 'restore') throw error;
          current = error.server;
          decision = restoreDecision(snooze, current);
        }
      }
      if (setting) {
        await this.write(this.without(snooze.scope));
        this.log(`Snooze of ${snooze.name} ended: level ${setting.level} restored`);
        this.outcomes.restored(snooze, setting);
      } else {
        await this.write(this.without(snooze.scope));
        this.log(`Snooze of ${snooze.name} ended: ${decision === 'alreadyRestored' ? 'already restored' : `level changed elsewhere to ${current.level}, left as it is`}`);
        if (decision === 'changedElsewhere') this.outcomes.changedElsewhere(snooze, current);
      }
      this.changed();
    } catch (error) {
      // Kept: the next try (or the next start) gives it back.
      this.retryAt = this.clock.now() + RETRY_MS;
      this.log(`Snooze of ${snooze.name} could not be ended yet: ${errorText(error)}`);
    }
  }

  /** Runs one operation at a time (a timer and a sign-in may ask together), then sets the timer again. */
  private serial<T>(operation: () => Promise<T>): Promise<T> {
    const run = this.queue.then(operation);
    this.queue = run.catch(() => undefined).then(() => this.schedule()).catch((error: unknown) => {
      this.log(`Snooze: could not set the timer: ${errorText(error)}`);
    });
    return run;
  }

  private schedule(): void {
    this.timer?.dispose();
    this.timer = undefined;
    const now = this.clock.now();
    const ends = this.list().map((snooze) => snooze.until);
    if (ends.length === 0) {
      this.retryAt = undefined;
      return;
    }
    const pending = ends.filter((end) => end > now);
    const retry = this.retryAt !== undefined && ends.some((end) => end <= now) ? this.retryAt : undefined;
    const next = Math.min(...pending, ...(retry !== undefined ? [retry] : []));
    if (!Number.isFinite(next)) return;
    this.timer = this.clock.setTimer(() => void this.check(), Math.min(Math.max(0, next - now), MAX_TIMER_MS));
  }

  private read(): { snoozes: Snooze[]; problems: string[] } {
    return readStoredSnoozes(this.storage.get(this.key()), this.instance());
  }

  private without(scope: ScopeRef): Snooze[] {
    return this.list().filter((snooze) => !sameScope(snooze.scope, scope));
  }

  private async write(snoozes: Snooze[]): Promise<void> {
    await this.storage.update(this.key(), snoozes.length > 0 ? storedSnoozes(snoozes) : undefined);
  }

  private key(): string {
    return `${STATE_KEYS.snoozes}:${this.instance()}`;
  }

  private changed(): void {
    this.changes.fire();
  }
}
