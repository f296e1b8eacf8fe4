import assert from 'node:assert/strict';
import { accountKey } from '../../../../src/app/accountKey';
import { migrateInstanceState } from '../../../../src/app/accountStateMigration';
import { NotificationSettingsService } from '../../../../src/app/settings/notificationSettingsService';
import { SnoozeScheduler, type Clock } from '../../../../src/app/settings/snooze';
import type { GitLabApi } from '../../../../src/gitlab';
import { SnoozeCommands } from '../../../../src/ui/settings/snoozeCommands';
import { GitLabDouble, settingKey } from '../../../double';
import { makeClient, type TestClient } from '../../gitlab/helpers';
import { fake, FakeMemento } from '../../ui/fakeVscode';
import { until } from '../../until';

const ALICE_TOKEN = 'glpat-alice';
const BOB_TOKEN = 'glpat-bob';
const NOW = Date.parse('2026-11-25T13:00:00Z');
/** Project 1 of the double (acme/website): both people are members. */
const PROJECT = { kind: 'project', id: 1 } as const;

/**
 * Two people, alice (user 1) and bob (user 3), signed in one after the other to one instance, as the session does it:
 * one account object whose client and account key change. GitLab keeps each one's settings apart; so must the snoozes.
 */
describe('snoozes and mute memory belong to the GitLab user who made them', function () {
  this.timeout(20_000);
  let double: GitLabDouble;
  let alice: TestClient;
  let bob: TestClient;

  before(async () => {
    double = await GitLabDouble.start({
      events: 5, tokens: [{ token: ALICE_TOKEN, scopes: ['api'], userId: 1 }, { token: BOB_TOKEN, scopes: ['api'], userId: 3 }],
    });
    alice = makeClient(double.url, { token: () => ALICE_TOKEN });
    bob = makeClient(double.url, { token: () => BOB_TOKEN });
  });
  after(async () => {
    await alice.close();
    await bob.close();
    await double.close();
  });
  beforeEach(() => {
    for (const key of Object.keys(double.data.settings)) delete double.data.settings[key];
    double.clearLog();
  });

  /** Who is signed in on the instance: alice, bob, or nobody. */
  function signedInAccount() {
    const people = { alice: { api: alice.client, id: 1 }, bob: { api: bob.client, id: 3 } };
    let who: keyof typeof people | undefined = 'alice';
    const account = {
      instanceUrl: double.url, key: double.url,
      get signedIn() { return who !== undefined; },
      get api(): GitLabApi | undefined { return who && people[who].api; },
      get accountKey() { return who && accountKey(double.url, people[who].id); },
    };
    return { account, signIn: (person: typeof who) => { who = person; } };
  }

  const clock: Clock & { time: number } = {
    time: NOW, now() { return this.time; }, setTimer: () => ({ dispose: () => undefined }),
  };
  const levelOf = (userId: number) => double.data.settings[settingKey(userId, PROJECT)]?.level ?? 'global';
  const putsBy = (userId: number) => double.requests.filter((request) => request.method === 'PUT' && request.userId === userId);

  it('alice\'s snooze that ends while bob is signed in waits: nothing is PUT into bob\'s settings; it ends for alice when she is back', async () => {
    const { account, signIn } = signedInAccount();
    const memory = new FakeMemento();
    const levels = new NotificationSettingsService(account, memory);
    const scheduler = new SnoozeScheduler(levels, memory, clock, account, () => undefined);
    double.data.settings[settingKey(1, PROJECT)] = { level: 'watch', events: {} };
    double.data.settings[settingKey(3, PROJECT)] = { level: 'disabled', events: {} }; // bob muted it himself
    clock.time = NOW;
    await scheduler.snooze(PROJECT, 'project acme/website', NOW + 3_600_000);
    assert.equal(levelOf(1), 'disabled');

    // alice signs out; bob signs in to the same instance; alice's snooze ends meanwhile.
    signIn(undefined);
    signIn('bob');
    clock.time = NOW + 2 * 3_600_000;
    await scheduler.check();
    assert.deepEqual(putsBy(3).map((request) => request.path), [], 'no PUT into bob\'s settings');
    assert.equal(levelOf(3), 'disabled', 'bob\'s own mute stays');
    assert.deepEqual(scheduler.list(), [], 'bob has no snoozes of his own');

    // alice is back: her snooze ends, in her settings.
    signIn('alice');
    assert.equal(scheduler.list().length, 1, 'alice\'s snooze waited for her');
    await scheduler.check();
    assert.equal(levelOf(1), 'watch');
    assert.deepEqual(scheduler.list(), []);
    assert.deepEqual(putsBy(1).map((request) => request.query.level), ['disabled', 'watch']);
    assert.deepEqual(putsBy(3), []);
    scheduler.dispose();
  });

  it('alice\'s snooze ending while bob signs in over her, between its read and its write, PUTs nothing into bob\'s settings', async () => {
    const { account, signIn } = signedInAccount();
    const memory = new FakeMemento();
    const levels = new NotificationSettingsService(account, memory);
    const scheduler = new SnoozeScheduler(levels, memory, clock, account, () => undefined);
    double.data.settings[settingKey(1, PROJECT)] = { level: 'watch', events: {} };
    double.data.settings[settingKey(3, PROJECT)] = { level: 'participating', events: {} };
    clock.time = NOW;
    await scheduler.snooze(PROJECT, 'project acme/website', NOW + 3_600_000);

    // The end reads alice's setting, then reads it again just before its write: bob signs in while that read is held.
    clock.time = NOW + 2 * 3_600_000;
    const read = (r: { method: string; path: string }) => r.method === 'GET' && r.path === '/api/v4/projects/1/notification_settings';
    double.clearLog();
    double.inject({ fault: { kind: 'latency', ms: 200 }, method: 'GET', path: '/projects/1/notification_settings', times: Infinity });
    const ending = scheduler.check();
    const first = await double.waitForArrival(read);
    await double.waitForArrival((r) => r !== first && read(r));
    signIn('bob');
    await ending;
    double.clearFaults();
    assert.deepEqual(putsBy(3).map((request) => request.query), [], 'nothing PUT with bob\'s token');
    assert.equal(levelOf(3), 'participating', 'bob\'s level stays his');
    assert.equal(levelOf(1), 'disabled', 'alice\'s snooze waits for her');

    // alice is back: her snooze ends, in her settings.
    signIn('alice');
    await scheduler.check();
    assert.equal(levelOf(1), 'watch');
    assert.deepEqual(putsBy(3), []);
    scheduler.dispose();
  });

  it('"Restore" on alice\'s ended snooze, clicked after bob signed in over her, PUTs nothing and says so calmly', async () => {
    fake.reset();
    const { account, signIn } = signedInAccount();
    const memory = new FakeMemento();
    const levels = new NotificationSettingsService(account, memory);
    const scheduler = new SnoozeScheduler(levels, memory, clock, account, () => undefined);
    const commands = new SnoozeCommands(scheduler, {} as never, clock, () => ({ offsetMinutes: () => 0 }) as never, account, { report: () => undefined });
    double.data.settings[settingKey(1, PROJECT)] = { level: 'watch', events: {} };
    clock.time = NOW;
    await scheduler.snooze(PROJECT, 'project acme/website', NOW + 3_600_000);
    double.data.settings[settingKey(1, PROJECT)] = { level: 'mention', events: {} }; // chosen elsewhere meanwhile
    fake.answers.message = (shown) => {
      const restore = shown.actions.find((action) => action.startsWith('Restore'));
      if (restore) signIn('bob');
      return restore;
    };
    clock.time = NOW + 2 * 3_600_000;
    await scheduler.check();
    await until('the answer', () => fake.shown.some((s) => s.kind === 'information'));
    assert.deepEqual(putsBy(3), [], 'nothing PUT with bob\'s token');
    assert.equal(levelOf(1), 'mention');
    const said = fake.shown.filter((s) => s.kind !== 'warning').map((s) => [s.kind, (s as { message: string }).message]);
    assert.deepEqual(said, [['information', 'Nothing was restored: the snooze of project acme/website was made by an account on '
      + `${new URL(double.url).host} that is not the one in use now.`]]);
    commands.dispose();
    scheduler.dispose();
  });

  it('the level before a mute is remembered per user: bob\'s Unmute does not give him alice\'s level', async () => {
    const { account, signIn } = signedInAccount();
    const memory = new FakeMemento();
    const levels = new NotificationSettingsService(account, memory);
    double.data.settings[settingKey(1, PROJECT)] = { level: 'watch', events: {} };
    await levels.setLevel(PROJECT, 'disabled');
    assert.equal(levels.levelAfterUnmute(PROJECT), 'watch');
    signIn('bob');
    assert.equal(levels.levelBeforeMute(PROJECT), undefined, 'alice\'s mute memory is hers');
    assert.equal(levels.levelAfterUnmute(PROJECT), 'global');
    signIn('alice');
    assert.equal(levels.levelAfterUnmute(PROJECT), 'watch');
  });

  it('moves what an earlier version kept per instance to the account signed in there, once', async () => {
    const instance = 'https://gitlab.example.com';
    const memory = new FakeMemento();
    const snooze = { instance, scope: { kind: 'project', id: 'acme/website' }, name: 'project acme/website', until: NOW, previous: { level: 'watch' } };
    // Today's shapes, as the current version stores them.
    await memory.update(`gitlabActivity.snoozes:${instance}`, { version: 1, snoozes: [snooze] });
    await memory.update('gitlabActivity.levelBeforeMute:https://GitLab.example.com/:project:acme/website', 'custom');
    await memory.update('gitlabActivity.levelBeforeMute:https://other.example.com:global', 'watch');
    await memory.update('gitlabActivity.earlierPages', [
      { instance, list: `${instance}|mine`, order: 'desc', items: [{ id: 1, action_name: 'opened' }] },
      { instance: 'https://other.example.com', list: 'https://other.example.com|mine', order: 'desc', items: [] },
    ]);
    await memory.update('gitlabActivity.seen', { [instance]: { [`${instance}|mine`]: { id: 5 } }, 'https://other.example.com': { x: { id: 1 } } });

    const alice = accountKey(instance, 1);
    await migrateInstanceState(memory, instance, alice);
    assert.deepEqual(memory.get(`gitlabActivity.snoozes:${alice}`), { version: 1, snoozes: [{ ...snooze, userId: 1 }] });
    assert.equal(memory.get(`gitlabActivity.snoozes:${instance}`), undefined);
    assert.equal(memory.get(`gitlabActivity.levelBeforeMute:${alice}:project:acme/website`), 'custom');
    assert.equal(memory.get('gitlabActivity.levelBeforeMute:https://GitLab.example.com/:project:acme/website'), undefined);
    assert.equal(memory.get('gitlabActivity.levelBeforeMute:https://other.example.com:global'), 'watch', 'another instance\'s stays');
    assert.deepEqual(memory.get('gitlabActivity.earlierPages'), [
      { account: alice, list: `${instance}|mine`, order: 'desc', items: [{ id: 1, action_name: 'opened' }] },
      { instance: 'https://other.example.com', list: 'https://other.example.com|mine', order: 'desc', items: [] },
    ]);
    assert.deepEqual(memory.get('gitlabActivity.seen'), { 'https://other.example.com': { x: { id: 1 } }, [alice]: { [`${instance}|mine`]: { id: 5 } } });

    // Once: bob, signing in there next, finds nothing of alice's to take, and alice keeps hers.
    const before = JSON.stringify([...memory.values]);
    await migrateInstanceState(memory, instance, accountKey(instance, 3));
    await migrateInstanceState(memory, instance, alice);
    assert.equal(JSON.stringify([...memory.values]), before);
  });
});
