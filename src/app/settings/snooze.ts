import type { ActiveAccount } from '../activeAccount';
import { accountKey, asAccountKey, readAccountKey, type AccountKey } from '../accountKey';
import { unassignedSnoozesKey } from '../accountStateMigration';
import * as v from 'valibot';
import { STATE_KEYS } from '../../ids';
import { NOTIFICATION_LEVELS, type NotificationSetting } from '../../gitlab/types';
import type { Clock } from '../snoozeTime';
import { Emitter } from '../emitter';
import { decidingLink, type LevelInForce } from './shared/levelChain';
import { AccountChanged, errorText, SettingConflict } from './errorInfo';
import type { LevelMemory, NotificationSettingsService } from './notificationSettingsService';
import { isEmptyUpdate, pendingUpdate, updateTo } from './shared/formState';
import { fields, scope, switches, switchValue, validate } from './shared/protocol';
import { scopeKey, type ScopeRef } from './shared/scopes';

/** A level to give back: one GitLab knows, and not the mute itself. */
const snoozedLevel = v.picklist(NOTIFICATION_LEVELS.filter((level) => level !== 'disabled'));

/**
 * Snooze: a scope muted until a time, then given back its exact previous setting (level and custom switches).
 * The time comes from an injected clock, the zone from the caller; `SnoozeScheduler` (below) keeps and ends them.
 * Described once, as read back from storage (a trust boundary: another version, another extension, a hand edit).
 */
const storedSnooze = fields({
  /** The normalised instance URL the scope belongs to. */
  instance: v.pipe(v.string(), v.maxLength(2000)),
  /** The account that made it (`AccountKey`): only it gives the level back (its settings, its token). */
  account: v.optional(v.pipe(v.string(), v.maxLength(2100), v.check((key) => asAccountKey(key) !== undefined, 'not an account'))),
  /** The GitLab user who made it, where the server said: a snooze kept before `account` names its maker by it. */
  userId: v.optional(v.pipe(v.number(), v.safeInteger(), v.minValue(1))),
  scope,
  /** The scope's name for people (`Acme / Web`), for messages after a restart. */
  name: v.pipe(v.string(), v.maxLength(300)),
  /** Epoch milliseconds. */
  until: v.pipe(v.number('not a time'), v.finite('not a time')),
  /** The scope's own setting before the snooze muted it (without the global e-mail, which a snooze leaves alone). */
  previous: fields({
    level: snoozedLevel,
    events: v.optional(switches(switchValue())),
  }),
});
export type Snooze = v.InferOutput<typeof storedSnooze>;
const storedSnoozes = v.object({ version: v.literal(1), snoozes: v.array(v.unknown()) });

// The clock and the times a snooze can end at are shared with the To-Do List's snooze (`../snoozeTime`).
export { formatSnoozeEnd, parseSnoozeEnd, snoozeEnd, type Clock, type SnoozePreset } from '../snoozeTime';

/**
 * The scope a snooze is kept under: a group or project by its full path where known, as the status bar's scope and the
 * chain of groups name them (`snoozeInForce` compares those names).
 */
export function snoozeScope(entry: { scope: ScopeRef; path?: string }): ScopeRef {
  return entry.scope.kind === 'global' || entry.path === undefined ? entry.scope : { kind: entry.scope.kind, id: entry.path };
}

/**
 * The snooze that mutes `shown` (the status bar's scope) now: one of its own, or of the group or global setting
 * it inherits `disabled` from. Undefined when the level in force is not muted by a snooze.
 */
export function snoozeInForce(shown: ScopeRef, inForce: LevelInForce, snoozes: readonly Snooze[]): Snooze | undefined {
  if (inForce.level !== 'disabled') return undefined;
  const link = decidingLink(inForce);
  const key = inForce.decidedBy === 0 ? scopeKey(shown) : link.kind === 'global' ? 'global' : `${link.kind}:${link.name}`;
  return snoozes.find((snooze) => scopeKey(snooze.scope) === key);
}

/**
 * What to do at the end: `restore` while the scope is still at the `disabled` the snooze set; `alreadyRestored`
 * when it already has the previous setting back (another window restored it); else `changedElsewhere`: someone chose
 * another level meanwhile, which is theirs to keep.
 */
export function restoreDecision(snooze: Snooze, current: NotificationSetting): 'restore' | 'alreadyRestored' | 'changedElsewhere' {
  if (current.level === 'disabled') return 'restore';
  return isEmptyUpdate(pendingUpdate(updateTo(snooze.previous), current)) ? 'alreadyRestored' : 'changedElsewhere';
}

/** The account that made a snooze, or undefined for one that names no one (an earlier version's, see `settleLegacyState`). */
export function snoozeOwner(snooze: Pick<Snooze, 'instance' | 'account' | 'userId'>): AccountKey | undefined {
  return asAccountKey(snooze.account) ?? (snooze.userId === undefined ? undefined : accountKey(snooze.instance, snooze.userId));
}

/**
 * Reads snoozes back from storage: keeps only well-formed snoozes of `account` (undefined: those that name no one) and
 * says why each other one was left out.
 */
export function readStoredSnoozes(value: unknown, account: AccountKey | undefined): { snoozes: Snooze[]; problems: string[] } {
  if (value === undefined) return { snoozes: [], problems: [] };
  if (!v.is(storedSnoozes, value)) return { snoozes: [], problems: ['stored snoozes have an unknown shape or version; ignored'] };
  const snoozes: Snooze[] = [];
  const problems: string[] = [];
  value.snoozes.forEach((item, index) => {
    const parsed = validate(storedSnooze, item, 'snooze');
    const problem = !parsed.ok ? parsed.reason
      : snoozeOwner(parsed.value) !== account ? 'another account'
        : snoozes.some((other) => scopeKey(other.scope) === scopeKey(parsed.value.scope)) ? 'a second snooze of the same scope' : undefined;
    if (problem || !parsed.ok) problems.push(`stored snooze ${index}: ${problem}; ignored`);
    else snoozes.push(parsed.value);
  });
  return { snoozes, problems };
}

// ---- the scheduler ---------------------------------------------------------------------------------------------

/**
 * How a snooze ended: its level given back (`restored`), or not overwritten because it was changed while snoozed
 * (`changedElsewhere`: the shell asks whether to restore anyway). One already given back ends without a word.
 */
export type SnoozeEnding =
  | { kind: 'restored'; snooze: Snooze; setting: NotificationSetting }
  | { kind: 'changedElsewhere'; snooze: Snooze; current: NotificationSetting }
  /** A snooze that names no one (an earlier version's) has ended: `account` may give its level back, or forget it. */
  | { kind: 'unclaimed'; snooze: Snooze; account: AccountKey };

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
  private retryAt = 0;
  /** Unassigned snoozes (by instance and scope) whose end has been put to the person already while this runs. */
  private readonly offered = new Set<string>();
  private readonly changes = new Emitter<void>();
  /** Fires when a snooze starts or ends (the status bar shows "Muted until …"). */
  readonly onDidChange = this.changes.event;
  private readonly endings = new Emitter<SnoozeEnding>();
  /** Fires when a snooze's end gave its level back or found it changed meanwhile (the shell tells the person). */
  readonly onDidEnd = this.endings.event;

  constructor(
    /** Reads `fresh` (a snooze and a restore must see what is there now); writes with `expected`. */
    private readonly settings: Pick<NotificationSettingsService, 'getSetting' | 'save'>,
    /** globalState: it survives reloads and restarts. */
    private readonly storage: LevelMemory,
    private readonly clock: Clock,
    /**
     * The account in use: its snoozes are kept under its identity (instance + user id), and end only while it is
     * signed in. Another person's snoozes on the same instance wait for them.
     */
    private readonly account: Pick<ActiveAccount, 'key' | 'signedIn' | 'accountKey'>,
    private readonly log: (line: string) => void,
  ) {}

  /** The snoozes of the account in use (none while who it is is not known). */
  list(): Snooze[] {
    const key = this.key();
    return key ? this.read(key).snoozes : [];
  }

  /**
   * Mutes `scope` until `until`, keeping its setting to give back. A scope already snoozed gets the new end and keeps
   * the setting from before the first snooze. Rejects with a SnoozeError (already muted, unknown level) or a
   * GitLabError. `maker`: the account the person chose the scope with; another in use by now rejects with
   * `AccountChanged` and sends nothing (the scope and its name were that account's).
   */
  snooze(scope: ScopeRef, name: string, until: number, maker?: AccountKey): Promise<Snooze> {
    return this.serial(async () => {
      const key = this.key();
      if (maker !== undefined && (key !== maker || !this.account.signedIn)) throw new AccountChanged(maker);
      if (!key) throw new SnoozeError('the signed-in user is not known yet');
      const userId = readAccountKey(key)?.userId;
      const existing = this.read(key).snoozes.find((snooze) => scopeKey(snooze.scope) === scopeKey(scope));
      const current = await this.settings.getSetting(scope, undefined, { fresh: true, account: key });
      const muted = current.level === 'disabled';
      const previous = muted ? existing?.previous
        : v.is(snoozedLevel, current.level) ? { level: current.level, ...(current.events ? { events: { ...current.events } } : {}) } : undefined;
      if (!previous) throw new SnoozeError(muted ? 'already muted' : `unknown level ${current.level}`);
      const snooze: Snooze = { instance: this.account.key, account: key, ...(userId === undefined ? {} : { userId }), scope, name, until, previous };
      // Stored before the mute: a window closed in between still knows what to give back.
      const others = this.without(key, scope);
      await this.write(key, [...others, snooze]);
      try {
        // Against the setting just read: a change made meanwhile is not muted over (nor kept as the one to give back).
        if (this.key() !== key) throw new SnoozeError('the account changed meanwhile');
        if (!muted) await this.settings.save(scope, { level: 'disabled' }, { expected: current, account: key });
      } catch (error) {
        await this.write(key, existing ? [...others, existing] : others);
        throw error;
      }
      this.log(`Snoozed ${name} until ${new Date(until).toISOString()} (was ${previous.level})`);
      this.changes.fire();
      return snooze;
    });
  }

  /** Ends a snooze now ("End Snooze"), with the same care as at its end time. */
  end(scope: ScopeRef): Promise<void> {
    return this.serial(async () => {
      const snooze = this.list().find((other) => scopeKey(other.scope) === scopeKey(scope));
      if (snooze) await this.finish(snooze);
    });
  }

  /**
   * Ends every snooze of the account in use whose time has come (when signed in), then waits for the next one. An
   * ended snooze that names no one is put to the person signed in on its instance (`unclaimed`), once while this runs.
   */
  check(): Promise<void> {
    return this.serial(async () => {
      const key = this.key();
      if (!key) return;
      const { snoozes, problems } = this.read(key);
      for (const problem of problems) this.log(`Snooze: ${problem}`);
      if (problems.length > 0) await this.write(key, snoozes);
      if (!this.account.signedIn) return;
      for (const snooze of snoozes) if (snooze.until <= this.clock.now()) await this.finish(snooze);
      for (const snooze of this.unassigned()) {
        const offer = `${snooze.instance} ${scopeKey(snooze.scope)}`;
        if (snooze.until > this.clock.now() || this.offered.has(offer)) continue;
        this.offered.add(offer);
        this.log(`Snooze of ${snooze.name} ended; an earlier version made it and did not record whose it was, so its level is not given back unasked`);
        this.endings.fire({ kind: 'unclaimed', snooze, account: key });
      }
    });
  }

  /**
   * Gives a snooze's previous setting back regardless of the level now (the person chose to): into its maker's
   * settings only; while another account is in use, rejects with `AccountChanged` and sends nothing.
   */
  async restoreAnyway(snooze: Snooze): Promise<NotificationSetting> {
    const key = snoozeOwner(snooze);
    if (key === undefined || this.key() !== key || !this.account.signedIn) throw new AccountChanged(key);
    return (await this.settings.save(snooze.scope, updateTo(snooze.previous), { account: key })).setting;
  }

  /**
   * The person `account`, asked about a snooze that names no one (`unclaimed`), takes it as theirs: its level goes back
   * into their settings, and it goes. Refused when another account is in use by then.
   */
  claim(snooze: Snooze, account: AccountKey): Promise<NotificationSetting> {
    return this.serial(async () => {
      if (this.key() !== account || !this.account.signedIn) throw new SnoozeError('its account is not the one signed in');
      const { setting } = await this.settings.save(snooze.scope, updateTo(snooze.previous), { account });
      await this.forgetUnassigned(snooze);
      this.log(`Snooze of ${snooze.name} made by an earlier version: level ${setting.level} restored, as asked`);
      this.changes.fire();
      return setting;
    });
  }

  /** The person asked about a snooze that names no one (`unclaimed`) chose not to give its level back: it goes. */
  discard(snooze: Snooze): Promise<void> {
    return this.serial(() => this.forgetUnassigned(snooze));
  }

  dispose(): void {
    this.timer?.dispose();
    this.timer = undefined;
  }

  /**
   * Only while the snooze's own account is the one in use: its level goes back into its maker's settings, no one
   * else's. Each request is for that account (`account`): one signed in over it meanwhile gets none of them.
   */
  private async finish(snooze: Snooze): Promise<void> {
    // Read under the account in use, so it names one; one that names no one is offered, never ended (`check`).
    const key = snoozeOwner(snooze);
    if (key === undefined) return;
    try {
      if (this.key() !== key || !this.account.signedIn) throw new AccountChanged(key);
      let current = await this.settings.getSetting(snooze.scope, undefined, { fresh: true, account: key });
      let restored: NotificationSetting | undefined;
      if (restoreDecision(snooze, current) === 'restore') {
        try {
          restored = (await this.settings.save(snooze.scope, updateTo(snooze.previous), { expected: current, account: key })).setting;
        } catch (error) {
          // Changed elsewhere between the read and the restore: decided again on what GitLab has now (still muted:
          // kept, and the next try restores it).
          if (!(error instanceof SettingConflict) || restoreDecision(snooze, error.server) === 'restore') throw error;
          current = error.server;
        }
      }
      await this.write(key, this.without(key, snooze.scope));
      const changedElsewhere = !restored && restoreDecision(snooze, current) === 'changedElsewhere';
      this.log(`Snooze of ${snooze.name} ended: ${restored ? `level ${restored.level} restored`
        : changedElsewhere ? `level changed elsewhere to ${current.level}, left as it is` : 'already restored'}`);
      if (restored) this.endings.fire({ kind: 'restored', snooze, setting: restored });
      else if (changedElsewhere) this.endings.fire({ kind: 'changedElsewhere', snooze, current });
      this.changes.fire();
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

  /** The timer on the next end, or for an end that has passed. */
  private schedule(): void {
    this.dispose();
    const now = this.clock.now();
    // An end that has passed: at the retry after a failed restore, else now (the clock may have passed it while the
    // snooze was being set); while signed out, at the next sign-in's check.
    const due = this.retryAt > now ? this.retryAt : this.account.signedIn ? now : Infinity;
    const unassigned = this.account.signedIn ? this.unassigned().filter((snooze) => snooze.until > now) : [];
    const next = Math.min(Infinity, ...[...this.list(), ...unassigned].map((snooze) => (snooze.until > now ? snooze.until : due)));
    if (next !== Infinity) this.timer = this.clock.setTimer(() => void this.check(), Math.min(next - now, MAX_TIMER_MS));
  }

  /** `account`: the account whose snoozes, read and written under that key whoever is signed in by then. */
  private read(account: AccountKey): { snoozes: Snooze[]; problems: string[] } {
    return readStoredSnoozes(this.storage.get(`${STATE_KEYS.snoozes}:${account}`), account);
  }

  private without(account: AccountKey, scope: ScopeRef): Snooze[] {
    return this.read(account).snoozes.filter((snooze) => scopeKey(snooze.scope) !== scopeKey(scope));
  }

  private async write(account: AccountKey, snoozes: Snooze[]): Promise<void> {
    await this.storage.update(`${STATE_KEYS.snoozes}:${account}`, snoozes.length > 0 ? { version: 1, snoozes } : undefined);
  }

  /** The snoozes an earlier version kept for the instance in use that name no one (see `settleLegacyState`). */
  private unassigned(): Snooze[] {
    return readStoredSnoozes(this.storage.get(unassignedSnoozesKey(this.account.key)), undefined).snoozes;
  }

  private async forgetUnassigned(snooze: Snooze): Promise<void> {
    const key = unassignedSnoozesKey(snooze.instance);
    const others = readStoredSnoozes(this.storage.get(key), undefined).snoozes.filter((other) => scopeKey(other.scope) !== scopeKey(snooze.scope));
    await this.storage.update(key, others.length > 0 ? { version: 1, snoozes: others } : undefined);
  }

  /** The account in use, when who it is is known (undefined while signed out). */
  private key(): AccountKey | undefined {
    return this.account.accountKey;
  }
}
