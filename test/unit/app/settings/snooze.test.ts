import assert from 'node:assert/strict';
import fc from 'fast-check';
import { fixedOffsetZone, UTC_ZONE, type TimeZone } from '../../../../src/app/calendar';
import { formatMessage } from '../../../../src/app/localize';
import { NotificationSettingsService } from '../../../../src/app/settings/notificationSettingsService';
import { snoozedView, statusBarView } from '../../../../src/app/settings/effectiveLevel';
import { resolveLevelInForce } from '../../../../src/app/settings/shared/levelChain';
import { updateTo } from '../../../../src/app/settings/shared/formState';
import {
  formatSnoozeEnd, parseSnoozeEnd, readStoredSnoozes, restoreDecision, snoozeEnd, snoozeInForce, type Clock, type Snooze,
} from '../../../../src/app/settings/snooze';
import { RETRY_MS, SnoozeError, SnoozeScheduler } from '../../../../src/app/settings/snooze';
import type { NotificationSetting } from '../../../../src/gitlab/types';
import { GitLabError } from '../../../../src/gitlab/errors';
import { fixedAccount } from '../../../../src/app/activeAccount';
import { accountKey } from '../../../../src/app/accountKey';
import { FakeMemento } from '../../ui/fakeVscode';
import { withSettingsDouble } from './settingsDouble';

const INSTANCE = 'https://gitlab.example.com';
/** alex (user 1) on that instance: the settings double answers as user 1. */
const ACCOUNT = accountKey(INSTANCE, 1);
const NOW = Date.parse('2026-11-25T13:00:00Z'); // Wednesday
const t = formatMessage;

/** A zone with a daylight-saving change: +01:00 until 2026-03-29T01:00Z, +02:00 after (as Central Europe). */
const SUMMER_TIME: TimeZone = { offsetMinutes: (ms) => (ms >= Date.parse('2026-03-29T01:00:00Z') ? 120 : 60) };

function snooze(overrides: Partial<Snooze> = {}): Snooze {
  return {
    instance: INSTANCE, userId: 1, scope: { kind: 'project', id: 'acme/web' }, name: 'project acme/web', until: NOW + 3_600_000,
    previous: { level: 'custom', events: { new_note: true, new_issue: false, failed_pipeline: null } }, ...overrides,
  };
}

describe('snooze model', () => {
  it('ends "1 hour" an hour later, across midnight too', () => {
    assert.equal(snoozeEnd({ kind: 'hour' }, NOW, UTC_ZONE), NOW + 3_600_000);
    const late = Date.parse('2026-11-25T23:30:00Z');
    assert.equal(new Date(snoozeEnd({ kind: 'hour' }, late, UTC_ZONE)).toISOString(), '2026-11-26T00:30:00.000Z');
  });

  it('ends "until tomorrow" at 09:00 of the next local day, in UTC and in other zones', () => {
    assert.equal(new Date(snoozeEnd({ kind: 'tomorrow' }, NOW, UTC_ZONE)).toISOString(), '2026-11-26T09:00:00.000Z');
    // 23:30 UTC is already the 26th at UTC+2: tomorrow is the 27th, 09:00 local = 07:00 UTC.
    const late = Date.parse('2026-11-25T23:30:00Z');
    assert.equal(new Date(snoozeEnd({ kind: 'tomorrow' }, late, fixedOffsetZone(120))).toISOString(), '2026-11-27T07:00:00.000Z');
    // Just after midnight UTC, "tomorrow" is the next day, not the same one.
    const early = Date.parse('2026-11-26T00:05:00Z');
    assert.equal(new Date(snoozeEnd({ kind: 'tomorrow' }, early, UTC_ZONE)).toISOString(), '2026-11-27T09:00:00.000Z');
    // At UTC-5, 00:05 UTC is still the 25th locally: tomorrow 09:00 is the 26th 14:00 UTC.
    assert.equal(new Date(snoozeEnd({ kind: 'tomorrow' }, early, fixedOffsetZone(-300))).toISOString(), '2026-11-26T14:00:00.000Z');
  });

  it('ends "until tomorrow" at 09:00 local on the day daylight saving time starts', () => {
    const before = Date.parse('2026-03-28T20:00:00Z'); // 21:00 at +01:00
    assert.equal(new Date(snoozeEnd({ kind: 'tomorrow' }, before, SUMMER_TIME)).toISOString(), '2026-03-29T07:00:00.000Z');
  });

  it('"until tomorrow" is always in the future, at most two days ahead, at 09:00 local (property)', () => {
    fc.assert(fc.property(
      fc.integer({ min: Date.parse('2000-01-01T00:00:00Z'), max: Date.parse('2100-01-01T00:00:00Z') }),
      fc.integer({ min: -12 * 60, max: 14 * 60 }),
      (now, offset) => {
        const zone = fixedOffsetZone(offset);
        const end = snoozeEnd({ kind: 'tomorrow' }, now, zone);
        const local = new Date(end + offset * 60_000);
        return end > now && end - now <= 2 * 86_400_000 && local.getUTCHours() === 9 && local.getUTCMinutes() === 0;
      },
    ));
  });

  it('reads a chosen end, at 09:00 without a time, and refuses the past and non-dates with a reason', () => {
    assert.deepEqual(parseSnoozeEnd('2026-11-30', NOW, UTC_ZONE, t), { until: Date.parse('2026-11-30T09:00:00Z') });
    assert.deepEqual(parseSnoozeEnd(' 2026-11-25 14:00 ', NOW, UTC_ZONE, t), { until: Date.parse('2026-11-25T14:00:00Z') });
    assert.deepEqual(parseSnoozeEnd('2026-11-25 15:00', NOW, fixedOffsetZone(60), t), { until: Date.parse('2026-11-25T14:00:00Z') });
    assert.deepEqual(parseSnoozeEnd('2026-11-25 14:00', NOW, fixedOffsetZone(60), t), { error: 'Choose a time in the future.' });
    assert.deepEqual(parseSnoozeEnd('2026-11-25 12:00', NOW, UTC_ZONE, t), { error: 'Choose a time in the future.' });
    assert.deepEqual(parseSnoozeEnd('2026-02-30', NOW, UTC_ZONE, t), { error: '2026-02-30 is not a date.' });
    assert.deepEqual(parseSnoozeEnd('2026-12-01 24:00', NOW, UTC_ZONE, t), { error: '24:00 is not a time of day.' });
    assert.match((parseSnoozeEnd('next friday', NOW, UTC_ZONE, t) as { error: string }).error, /YYYY-MM-DD/);
  });

  it('formats the end as a time today and with the day otherwise', () => {
    assert.equal(formatSnoozeEnd(Date.parse('2026-11-25T14:00:00Z'), NOW, UTC_ZONE, t), '14:00');
    assert.equal(formatSnoozeEnd(Date.parse('2026-11-26T09:00:00Z'), NOW, UTC_ZONE, t), 'Thu 26 Nov 09:00');
    assert.equal(formatSnoozeEnd(Date.parse('2026-11-25T23:30:00Z'), NOW, fixedOffsetZone(60), t), 'Thu 26 Nov 00:30');
  });

  it('restores while still disabled, not when the level was changed elsewhere, and sees an earlier restore', () => {
    const s = snooze();
    assert.equal(restoreDecision(s, { level: 'disabled' }), 'restore');
    assert.equal(restoreDecision(s, { level: 'watch' }), 'changedElsewhere');
    assert.equal(restoreDecision(s, { level: 'custom', events: { new_note: false, new_issue: false } }), 'changedElsewhere');
    assert.equal(restoreDecision(s, { level: 'custom', events: { new_note: true, new_issue: false, failed_pipeline: null } }), 'alreadyRestored');
    assert.equal(restoreDecision(snooze({ previous: { level: 'watch' } }), { level: 'watch' }), 'alreadyRestored');
  });

  it('gives back the level and every switch that was set (null switches were never set)', () => {
    assert.deepEqual(updateTo(snooze().previous), { level: 'custom', events: { new_note: true, new_issue: false } });
    assert.deepEqual(updateTo(snooze({ previous: { level: 'watch' } }).previous), { level: 'watch' });
  });

  it('reads back what it stored', () => {
    const stored = JSON.parse(JSON.stringify({ version: 1, snoozes: [snooze(), snooze({ scope: { kind: 'global' }, name: 'global settings' })] })) as unknown;
    const { snoozes, problems } = readStoredSnoozes(stored, ACCOUNT);
    assert.deepEqual(problems, []);
    assert.deepEqual(snoozes, [snooze(), snooze({ scope: { kind: 'global' }, name: 'global settings' })]);
  });

  it('ignores invalid stored state, saying why, and keeps the valid snoozes', () => {
    assert.deepEqual(readStoredSnoozes(undefined, ACCOUNT), { snoozes: [], problems: [] });
    assert.deepEqual(readStoredSnoozes('junk', ACCOUNT).problems, ['stored snoozes have an unknown shape or version; ignored']);
    assert.deepEqual(readStoredSnoozes({ version: 2, snoozes: [] }, ACCOUNT).snoozes, []);
    const good = snooze();
    const stored = {
      version: 1,
      snoozes: [
        good,
        { ...good, scope: { kind: 'global' }, instance: 'https://other.example.com' },
        { ...good, scope: { kind: 'project', id: '../x' } },
        { ...good, scope: { kind: 'group', id: 3 }, until: 'soon' },
        { ...good, scope: { kind: 'group', id: 4 }, previous: { level: 'disabled' } },
        { ...good, scope: { kind: 'group', id: 5 }, previous: { level: 'custom', events: { 'a b': true } } },
        { ...good, scope: { kind: 'group', id: 6 }, previous: { level: 'custom', events: { new_note: 'yes' } } },
        good,
        null,
      ],
    };
    const { snoozes, problems } = readStoredSnoozes(stored, ACCOUNT);
    assert.deepEqual(snoozes, [good]);
    assert.deepEqual(problems, [
      'stored snooze 1: another account; ignored',
      'stored snooze 2: snooze.scope.id: expected a positive integer or a path; ignored',
      'stored snooze 3: snooze.until: not a time; ignored',
      'stored snooze 4: snooze.previous.level: not an allowed value; ignored',
      'stored snooze 5: snooze.previous.events: a key is not in the expected form; ignored',
      'stored snooze 6: snooze.previous.events.new_note: expected true, false or null; ignored',
      'stored snooze 7: a second snooze of the same scope; ignored',
      'stored snooze 8: snooze: expected an object; ignored',
    ]);
  });

  it('finds the snooze behind a muted status bar: the scope\'s own, or the group or global one it inherits from', () => {
    const shown = { kind: 'project', id: 'acme/web' } as const;
    const own = resolveLevelInForce({ kind: 'project', name: 'acme/web', level: 'disabled' }, [], { kind: 'global', name: '', level: 'watch' });
    const fromGroup = resolveLevelInForce({ kind: 'project', name: 'acme/web', level: 'global' }, [{ kind: 'group', name: 'acme', level: 'disabled' }], { kind: 'global', name: '', level: 'watch' });
    const fromGlobal = resolveLevelInForce({ kind: 'project', name: 'acme/web', level: 'global' }, [], { kind: 'global', name: '', level: 'disabled' });
    const projectSnooze = snooze();
    const groupSnooze = snooze({ scope: { kind: 'group', id: 'acme' } });
    const globalSnooze = snooze({ scope: { kind: 'global' } });
    const all = [globalSnooze, groupSnooze, projectSnooze];
    assert.equal(snoozeInForce(shown, own, all), projectSnooze);
    assert.equal(snoozeInForce(shown, fromGroup, all), groupSnooze);
    assert.equal(snoozeInForce(shown, fromGlobal, all), globalSnooze);
    assert.equal(snoozeInForce(shown, fromGlobal, [projectSnooze]), undefined, 'muted by a plain mute, not a snooze');
    const watching = resolveLevelInForce({ kind: 'project', name: 'acme/web', level: 'watch' }, [], { kind: 'global', name: '', level: 'disabled' });
    assert.equal(snoozeInForce(shown, watching, all), undefined);

    const view = snoozedView(statusBarView('project acme/web', own, t), '14:00', t);
    assert.equal(view.text, '$(bell-slash) Muted until 14:00');
    assert.match(view.tooltip, /^Snoozed: muted until 14:00\.\nGitLab notifications for project acme\/web: Disabled/);
  });

  it('never lets a stored key reach the prototype', () => {
    const stored = JSON.parse(`{"version":1,"snoozes":[{"instance":"${INSTANCE}","userId":1,"scope":{"kind":"global"},"name":"g","until":1,"previous":{"level":"custom","events":{"__proto__":true}}}]}`) as unknown;
    const { snoozes, problems } = readStoredSnoozes(stored, ACCOUNT);
    assert.deepEqual(snoozes, []);
    assert.equal(problems.length, 1);
  });

  it('does not keep a snooze whose switches name GitLab request parameters: giving it back would send them', () => {
    const previous = (events: Record<string, boolean>) => ({ version: 1, snoozes: [{ instance: INSTANCE, userId: 1, scope: { kind: 'global' }, name: 'g', until: 1, previous: { level: 'custom', events } }] });
    assert.equal(readStoredSnoozes(previous({ new_note: true }), ACCOUNT).snoozes.length, 1);
    for (const key of ['sudo', 'private_token', 'level', 'notification_email']) {
      assert.deepEqual(readStoredSnoozes(previous({ new_note: true, [key]: true }), ACCOUNT).snoozes, [], key);
    }
  });
});

/** A clock tests move by hand; timers fire when it passes their time. */
class FakeClock implements Clock {
  private timers: Array<{ at: number; callback: () => void }> = [];
  constructor(public time: number) {}
  now(): number {
    return this.time;
  }
  setTimer(callback: () => void, delayMs: number): { dispose(): void } {
    const timer = { at: this.time + delayMs, callback };
    this.timers.push(timer);
    return { dispose: () => { this.timers = this.timers.filter((other) => other !== timer); } };
  }
  advance(ms: number): void {
    this.time += ms;
    const due = this.timers.filter((timer) => timer.at <= this.time);
    this.timers = this.timers.filter((timer) => timer.at > this.time);
    for (const timer of due) timer.callback();
  }
  get pending(): number {
    return this.timers.length;
  }
}

/** Resolves at the scheduler's next ending, once it has set its timer for the end after (no timers involved). */
function nextEnding(scheduler: SnoozeScheduler): Promise<void> {
  return new Promise((resolve) => {
    const subscription = scheduler.onDidEnd(() => {
      subscription.dispose();
      setImmediate(resolve);
    });
  });
}

const PROJECT = { kind: 'project', id: 'acme/website' } as const;
const PROJECT_PATH = '/projects/acme/website/notification_settings';
const CUSTOM = { new_note: true, new_issue: false, failed_pipeline: true };

describe('snooze scheduler', () => {
  const gitlab = withSettingsDouble();
  /** What GitLab shows for the scope now. */
  const shown = () => gitlab.client.getNotificationSettings(PROJECT);

  function setup(options: { memory?: FakeMemento; clock?: FakeClock; signedIn?: () => boolean } = {}) {
    const memory = options.memory ?? new FakeMemento();
    const clock = options.clock ?? new FakeClock(NOW);
    const service = new NotificationSettingsService(fixedAccount(INSTANCE, gitlab.client, undefined, 1), memory);
    const log: string[] = [];
    const restored: Array<[Snooze, NotificationSetting]> = [];
    const changedElsewhere: Array<[Snooze, NotificationSetting]> = [];
    const signedIn = options.signedIn ?? (() => true);
    const scheduler = new SnoozeScheduler(service, memory, clock, { key: INSTANCE, accountKey: ACCOUNT, get signedIn() { return signedIn(); } }, (line) => log.push(line));
    scheduler.onDidEnd((ending) => {
      if (ending.kind === 'restored') restored.push([ending.snooze, ending.setting]);
      else if (ending.kind === 'changedElsewhere') changedElsewhere.push([ending.snooze, ending.current]);
    });
    return { memory, clock, service, scheduler, log, restored, changedElsewhere };
  }

  it('mutes, and at the end gives back the exact level and switches', async () => {
    const { clock, scheduler, restored } = setup();
    gitlab.set(PROJECT, 'custom', CUSTOM);
    const before = await shown();
    const changes: number[] = [];
    scheduler.onDidChange(() => changes.push(clock.now()));
    await scheduler.snooze(PROJECT, 'project acme/website', NOW + 3_600_000);
    assert.equal(gitlab.levelOf(PROJECT), 'disabled');
    assert.deepEqual(scheduler.list().map((s) => s.until), [NOW + 3_600_000]);
    // Someone switches an event off meanwhile at GitLab: the snooze still gives back what it kept.
    gitlab.set(PROJECT, 'disabled', { ...CUSTOM, new_note: false });

    clock.advance(3_599_999);
    await scheduler.check();
    assert.equal(gitlab.levelOf(PROJECT), 'disabled');
    // The timer alone ends it: no explicit check.
    const ended = nextEnding(scheduler);
    clock.advance(1);
    await ended;
    assert.deepEqual(await shown(), before);
    const puts = gitlab.puts();
    assert.equal(puts.length, 2, 'the mute and the restore');
    const [path, query] = puts[1];
    assert.deepEqual([path, query.level, query.new_note, query.new_issue, query.failed_pipeline], [PROJECT_PATH, 'custom', 'true', 'false', 'true']);
    assert.equal(restored.length, 1);
    assert.deepEqual(scheduler.list(), []);
    assert.equal(clock.pending, 0);
    assert.deepEqual(changes, [NOW, NOW + 3_600_000]);
  });

  it('restores at the next start when the end passed while closed (a fresh scheduler on the same storage)', async () => {
    const first = setup();
    gitlab.set(PROJECT, 'watch');
    await first.scheduler.snooze(PROJECT, 'project acme/website', NOW + 60_000);
    first.scheduler.dispose();

    const clock = new FakeClock(NOW + 86_400_000);
    const second = setup({ memory: first.memory, clock });
    assert.equal(gitlab.levelOf(PROJECT), 'disabled');
    await second.scheduler.check();
    assert.equal(gitlab.levelOf(PROJECT), 'watch');
    assert.equal(second.restored.length, 1);
  });

  it('does not overwrite a level changed elsewhere, and can restore anyway when asked', async () => {
    const { clock, scheduler, changedElsewhere, restored } = setup();
    gitlab.set(PROJECT, 'custom', CUSTOM);
    const before = await shown();
    await scheduler.snooze(PROJECT, 'project acme/website', NOW + 1000);
    gitlab.set(PROJECT, 'mention');
    const puts = gitlab.puts().length;
    clock.advance(1000);
    await scheduler.check();
    assert.equal(gitlab.puts().length, puts, 'no PUT over the level chosen elsewhere');
    assert.equal(gitlab.levelOf(PROJECT), 'mention');
    assert.equal(restored.length, 0);
    assert.equal(changedElsewhere.length, 1);
    assert.equal(changedElsewhere[0][1].level, 'mention');
    assert.deepEqual(scheduler.list(), []);

    await scheduler.restoreAnyway(changedElsewhere[0][0]);
    assert.deepEqual(await shown(), before);
  });

  it('does not restore over a level changed elsewhere between its read and its write', async () => {
    const { memory, clock, service, scheduler } = setup();
    gitlab.set(PROJECT, 'watch');
    await scheduler.snooze(PROJECT, 'project acme/website', NOW + 1000);
    scheduler.dispose();
    let armed = true;
    const changedElsewhere: NotificationSetting[] = [];
    const racing = new SnoozeScheduler({
      getSetting: async (...args) => {
        const setting = await service.getSetting(...args);
        if (armed) gitlab.set(PROJECT, 'mention'); // someone else, right after the restore's read
        armed = false;
        return setting;
      },
      save: (...args) => service.save(...args),
    }, memory, clock, { key: INSTANCE, accountKey: ACCOUNT, signedIn: true }, () => undefined);
    racing.onDidEnd((ending) => {
      if (ending.kind !== 'changedElsewhere') assert.fail(`${ending.kind} over the change`);
      changedElsewhere.push(ending.current);
    });
    const puts = gitlab.puts().length;
    clock.advance(1000);
    await racing.check();
    assert.equal(gitlab.puts().length, puts, 'no PUT over the level chosen elsewhere');
    assert.equal(gitlab.levelOf(PROJECT), 'mention');
    assert.deepEqual(changedElsewhere.map((setting) => setting.level), ['mention']);
    assert.deepEqual(racing.list(), []);
    racing.dispose();
  });

  it('keeps the setting from before the first snooze when a snooze is extended', async () => {
    const { clock, scheduler } = setup();
    gitlab.set({ kind: 'global' }, 'watch');
    await scheduler.snooze({ kind: 'global' }, 'global settings', NOW + 1000);
    await scheduler.snooze({ kind: 'global' }, 'global settings', NOW + 5000);
    assert.deepEqual(scheduler.list().map((s) => [s.until, s.previous.level]), [[NOW + 5000, 'watch']]);
    clock.advance(1000);
    await scheduler.check();
    assert.equal(gitlab.levelOf({ kind: 'global' }), 'disabled');
    clock.advance(4000);
    await scheduler.check();
    assert.equal(gitlab.levelOf({ kind: 'global' }), 'watch');
  });

  it('refuses to snooze what is already muted, and forgets a snooze whose mute failed', async () => {
    const { scheduler } = setup();
    gitlab.set(PROJECT, 'disabled');
    await assert.rejects(scheduler.snooze(PROJECT, 'p', NOW + 1000), SnoozeError);
    gitlab.set(PROJECT, 'watch');
    gitlab.double.inject({ fault: { kind: 'status', status: 403 }, method: 'PUT', path: PROJECT_PATH });
    await assert.rejects(scheduler.snooze(PROJECT, 'p', NOW + 1000), (error: unknown) => error instanceof GitLabError && error.kind === 'forbidden');
    assert.deepEqual(scheduler.list(), []);
    assert.equal(gitlab.levelOf(PROJECT), 'watch');
  });

  it('ends a snooze early on request', async () => {
    const { scheduler } = setup();
    gitlab.set(PROJECT, 'watch');
    await scheduler.snooze(PROJECT, 'p', NOW + 3_600_000);
    await scheduler.end(PROJECT);
    assert.equal(gitlab.levelOf(PROJECT), 'watch');
    assert.deepEqual(scheduler.list(), []);
  });

  it('keeps a snooze whose restore failed and tries again later; waits while signed out', async () => {
    let signedIn = false;
    const { clock, scheduler } = setup({ signedIn: () => signedIn });
    gitlab.set(PROJECT, 'watch');
    await scheduler.snooze(PROJECT, 'p', NOW + 1000);
    const puts = gitlab.puts().length;
    clock.advance(1000);
    await scheduler.check();
    assert.equal(gitlab.puts().length, puts, 'signed out: nothing sent');
    assert.equal(gitlab.levelOf(PROJECT), 'disabled');
    signedIn = true;
    // The first restore fails: GitLab is unavailable for longer than the client's own retries.
    gitlab.double.inject({ fault: { kind: 'status', status: 503 }, method: 'PUT', path: PROJECT_PATH, times: Infinity });
    await scheduler.check();
    assert.equal(scheduler.list().length, 1, 'kept after a failure');
    assert.equal(gitlab.levelOf(PROJECT), 'disabled');
    gitlab.double.clearFaults();
    clock.advance(RETRY_MS);
    await scheduler.check();
    assert.equal(gitlab.levelOf(PROJECT), 'watch');
    assert.deepEqual(scheduler.list(), []);
  });

  it('ignores invalid stored state with a log line, and cleans it up', async () => {
    const memory = new FakeMemento();
    await memory.update(`gitlabActivity.snoozes:${ACCOUNT}`, { version: 1, snoozes: [{ instance: INSTANCE, userId: 1, scope: { kind: 'global' }, until: 'x' }] });
    const { scheduler, log } = setup({ memory });
    await scheduler.check();
    assert.deepEqual(log, ['Snooze: stored snooze 0: snooze.name: missing; ignored']);
    assert.equal(memory.get(`gitlabActivity.snoozes:${ACCOUNT}`), undefined);
  });

  it('ends only the snoozes whose time has come, and waits for the next end', async () => {
    const { clock, scheduler, restored } = setup();
    for (const id of [1, 2, 3]) gitlab.set({ kind: 'group', id }, 'watch');
    await scheduler.snooze({ kind: 'group', id: 1 }, 'a', NOW + 10);
    await scheduler.snooze({ kind: 'group', id: 2 }, 'b', NOW + 5);
    await scheduler.snooze({ kind: 'group', id: 3 }, 'c', NOW + 1);
    await new Promise((resolve) => setImmediate(resolve)); // the timer is set once the snooze is stored
    let ended = nextEnding(scheduler);
    clock.advance(1);
    await ended;
    assert.deepEqual(scheduler.list().map((s) => s.name), ['a', 'b']);
    assert.equal(clock.pending, 1, 'one timer, on the next end');
    clock.advance(3);
    await scheduler.check();
    assert.deepEqual([restored.length, scheduler.list().length], [1, 2], 'nothing before its end');
    ended = nextEnding(scheduler);
    clock.advance(1);
    await ended;
    assert.deepEqual(restored.map(([s]) => s.name), ['c', 'b']);
    assert.deepEqual([1, 2, 3].map((id) => gitlab.levelOf({ kind: 'group', id })), ['disabled', 'watch', 'watch']);
  });

  it('ends a snooze at once when the clock passed its end while it was being set', async () => {
    const { clock, scheduler } = setup();
    gitlab.set(PROJECT, 'watch');
    const snoozing = scheduler.snooze(PROJECT, 'p', NOW + 1000);
    clock.advance(5000); // before the mute's answer: no timer is set yet
    await snoozing;
    await new Promise((resolve) => setImmediate(resolve)); // the timer is set once the snooze is stored
    const ended = nextEnding(scheduler);
    clock.advance(0);
    await ended;
    assert.equal(gitlab.levelOf(PROJECT), 'watch');
    assert.deepEqual(scheduler.list(), []);
  });

  it('keeps snoozes per instance', async () => {
    const memory = new FakeMemento();
    const { scheduler } = setup({ memory });
    gitlab.set(PROJECT, 'watch');
    await scheduler.snooze(PROJECT, 'p', NOW + 1000);
    const other = new SnoozeScheduler(new NotificationSettingsService(fixedAccount('x', gitlab.client), memory), memory, new FakeClock(NOW),
      { key: 'https://other.example.com', accountKey: accountKey('https://other.example.com', 1), signedIn: true }, () => undefined);
    assert.deepEqual(other.list(), []);
    assert.equal(scheduler.list().length, 1);
  });
});
