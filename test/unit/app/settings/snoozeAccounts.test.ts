import assert from 'node:assert/strict';
import { accountKey } from '../../../../src/app/accountKey';
import { NotificationSettingsService } from '../../../../src/app/settings/notificationSettingsService';
import { readStoredSnoozes, SnoozeError, SnoozeScheduler, type Clock } from '../../../../src/app/settings/snooze';
import type { GitLabApi } from '../../../../src/gitlab';
import { SnoozeCommands } from '../../../../src/ui/settings/snoozeCommands';
import { ScopeCatalog } from '../../../../src/app/settings/scopeCatalog';
import { formatMessage } from '../../../../src/app/localize';
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
  const levelOf = (userId: number, scope: Parameters<typeof settingKey>[1] = PROJECT) => double.data.settings[settingKey(userId, scope)]?.level ?? 'global';
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

  it('a snooze whose scope alice chose, with bob signed in over her before its end is chosen, sends nothing and says so', async () => {
    fake.reset();
    const { account, signIn } = signedInAccount();
    const memory = new FakeMemento();
    const levels = new NotificationSettingsService(account, memory);
    const scheduler = new SnoozeScheduler(levels, memory, clock, account, () => undefined);
    const catalog = new ScopeCatalog({ account, settings: levels, projects: () => [], addedGroups: () => [], localize: formatMessage });
    const commands = new SnoozeCommands(scheduler, { workspace: async () => undefined, catalog } as never, clock,
      () => ({ offsetMinutes: () => 0 }) as never, account, { report: () => undefined });
    double.data.settings[settingKey(1, { kind: 'global' })] = { level: 'watch', events: {} };
    double.data.settings[settingKey(3, { kind: 'global' })] = { level: 'participating', events: {} };
    clock.time = NOW;
    fake.answers.quickPick = (items) => {
      const end = items.find((item) => item.label === 'For 1 Hour');
      if (end) signIn('bob'); // the end is chosen after bob signed in over alice
      return end ?? items.find((item) => item.label.endsWith('Global'));
    };
    await commands.snooze();
    assert.deepEqual(double.requests.filter((request) => request.method === 'PUT'), [], 'nothing PUT, with either token');
    assert.equal(levelOf(3, { kind: 'global' }), 'participating');
    assert.deepEqual(scheduler.list(), [], 'bob has no snooze');
    signIn('alice');
    assert.deepEqual(scheduler.list(), [], 'nor alice: nothing was snoozed');
    const said = fake.shown.filter((s) => s.kind === 'information').map((s) => (s as { message: string }).message);
    assert.deepEqual(said, [`Nothing was snoozed: global settings was chosen for an account on ${new URL(double.url).host} that is not the one in use now.`]);
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

  it('an earlier version\'s snooze that names no one is never ended into anyone\'s settings unasked; the one asked may take it', async () => {
    const { account, signIn } = signedInAccount();
    const memory = new FakeMemento();
    const instance = double.url;
    const previous = { level: 'watch' };
    await memory.update(`gitlabActivity.snoozes:${instance}`, { version: 1, snoozes: [
      { instance, scope: PROJECT, name: 'project acme/website', until: NOW + 3_600_000, previous },
      { instance, scope: { kind: 'global' }, name: 'global settings', until: NOW + 3_600_000, previous },
    ] });
    const levels = new NotificationSettingsService(account, memory);
    const scheduler = new SnoozeScheduler(levels, memory, clock, account, () => undefined);
    const asked: Array<{ name: string; account: string }> = [];
    scheduler.onDidEnd((ending) => void (ending.kind === 'unclaimed' && asked.push({ name: ending.snooze.name, account: ending.account })));
    double.data.settings[settingKey(3, PROJECT)] = { level: 'disabled', events: {} };
    signIn('bob');
    clock.time = NOW;
    await scheduler.check();
    assert.deepEqual(asked, [], 'asked before its end');
    assert.deepEqual(scheduler.list(), [], 'bob\'s snoozes hold an earlier version\'s');

    clock.time = NOW + 2 * 3_600_000;
    await scheduler.check();
    await scheduler.check();
    const bobKey = accountKey(instance, 3);
    assert.deepEqual(asked, [{ name: 'project acme/website', account: bobKey }, { name: 'global settings', account: bobKey }], 'asked once each');
    assert.deepEqual([...putsBy(1), ...putsBy(3)], [], 'a level given back unasked');

    // bob's answer is bob's: with alice signed in by then, it gives her nothing.
    const [project] = readStoredSnoozes(memory.get(`gitlabActivity.snoozes:${instance}`), undefined).snoozes;
    signIn('alice');
    await assert.rejects(scheduler.claim(project, bobKey), SnoozeError);
    assert.deepEqual(putsBy(1), []);
    signIn('bob');
    assert.equal((await scheduler.claim(project, bobKey)).level, 'watch');
    assert.equal(levelOf(3), 'watch');
    const [global] = readStoredSnoozes(memory.get(`gitlabActivity.snoozes:${instance}`), undefined).snoozes;
    assert.equal(global.name, 'global settings', 'the one taken went; the other waits');
    await scheduler.discard(global);
    assert.equal(memory.get(`gitlabActivity.snoozes:${instance}`), undefined);
    assert.deepEqual(putsBy(3).map((request) => request.query.level), ['watch']);
    scheduler.dispose();
  });
});
