import assert from 'node:assert/strict';
import { GitLabDouble, settingKey } from '../../double';
import { SeenMarkers } from '../../../src/app/activity/seenMarkers';
import { earlierEventPages } from '../../../src/app/activity/eventFeeds';
import { readAccountKey } from '../../../src/app/accountKey';
import { normalizeInstanceUrl } from '../../../src/app/instance';
import { NotificationSettingsService } from '../../../src/app/settings/notificationSettingsService';
import { INSTANCE_ENV_VAR, STATE_KEYS } from '../../../src/ids';
import { TokenStore } from '../../../src/ui/auth/tokenStore';
import { validateToken } from '../../../src/ui/auth/signInFlow';
import { readConfig } from '../../../src/ui/config';
import { networkExchange } from '../../../src/node/networkExchange';
import { Log } from '../../../src/ui/log';
import { Session } from '../../../src/ui/session';
import { makeEvent } from '../app/activity/fixtures';
import { fake, FakeMemento, FakeSecretStorage } from './fakeVscode';

/**
 * The session against a server of the interface alone (the double's spec-only form): no `/user`, so nothing says who
 * a token belongs to. Each token is then an account of its own, known by a digest of it: two people stay apart, one
 * person stays themselves across reloads, and the token itself is kept nowhere but SecretStorage.
 */
describe('Session on a server without /user: the token is the account', function () {
  this.timeout(20_000);
  const ALICE = 'glpat-alice-on-a-plain-server';
  const BOB = 'glpat-bob-on-a-plain-server';
  /** Project 1 of the double (acme/website). */
  const PROJECT = { kind: 'project', id: 1 } as const;
  let double: GitLabDouble;
  let savedInstanceEnv: string | undefined;
  const sessions: Session[] = [];

  before(async () => {
    double = await GitLabDouble.start({
      specOnly: true, events: 5, tokens: [{ token: ALICE, scopes: ['api'], userId: 1 }, { token: BOB, scopes: ['api'], userId: 3 }],
    });
  });
  after(() => double.close());
  beforeEach(() => {
    fake.reset();
    savedInstanceEnv = process.env[INSTANCE_ENV_VAR];
    delete process.env[INSTANCE_ENV_VAR];
    fake.settings.set('gitlabActivity.instanceUrl', { globalValue: double.url });
    for (const key of Object.keys(double.data.settings)) delete double.data.settings[key];
    double.clearLog();
  });
  afterEach(() => {
    for (const session of sessions.splice(0)) session.dispose();
    if (savedInstanceEnv === undefined) delete process.env[INSTANCE_ENV_VAR];
    else process.env[INSTANCE_ENV_VAR] = savedInstanceEnv;
  });

  /** A session as the extension builds it, over these secrets and this state (a window; the same ones: a reload). */
  function open(secrets = new FakeSecretStorage(), state = new FakeMemento(), env: { token?: string; instanceUrl?: string } = {}) {
    const tokens = new TokenStore(secrets as never, env, () => undefined);
    const channel = { info: () => undefined, warn: () => undefined, error: () => undefined, show: () => undefined, dispose: () => undefined };
    const session: Session = new Session(tokens, () => readConfig((name) => process.env[name]), new Log(channel, () => session.secrets), state as never, 'gitlab-activity/test', (config) => networkExchange(config, console));
    sessions.push(session);
    return { session, secrets, state };
  }

  /** Signs in as the sign-in flow does: the token is checked (`/user` answers 404, a settings read stands in). */
  async function signIn(session: Session, token: string): Promise<void> {
    await session.signIn(double.url, token, await validateToken(session.clientFor(double.url, token)));
  }

  /** Every key and value the session's state holds, as text. */
  const stored = (state: FakeMemento) => JSON.stringify([...state.values]);

  async function waitUntil(condition: () => boolean): Promise<void> {
    for (let turn = 0; !condition(); turn++) {
      assert.ok(turn < 1_000, 'the condition never came');
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  it('two tokens are two accounts; the same token is the same account after a reload, known before any request', async () => {
    const { session, secrets, state } = open();
    await signIn(session, ALICE);
    const alice = session.active.accountKey;
    assert.ok(alice, 'a signed-in account on a server without /user has no identity');
    assert.equal(readAccountKey(alice)?.instance, normalizeInstanceUrl(double.url));
    assert.equal(readAccountKey(alice)?.userId, undefined);

    // A reload: the same secrets and state, a new session.
    double.clearLog();
    const reloaded = open(secrets, state).session;
    await reloaded.restore();
    assert.equal(reloaded.active.accountKey, alice, 'the same token became another account after a reload');
    assert.deepEqual(double.requests, [], 'who it is was asked again');

    await signIn(reloaded, BOB);
    const bob = reloaded.active.accountKey;
    assert.ok(bob);
    assert.notEqual(bob, alice, 'two tokens on one server share an account');
    await signIn(reloaded, ALICE);
    assert.equal(reloaded.active.accountKey, alice);
    for (const token of [ALICE, BOB]) assert.ok(!stored(state).includes(token), 'a token is in global state');
  });

  it('an environment token finds that /user is missing once, is known by its token, and is known so at the next start', async () => {
    const state = new FakeMemento();
    const env = { token: ALICE, instanceUrl: double.url };
    const { session } = open(new FakeSecretStorage(), state, env);
    const identified: Array<string | undefined> = [];
    session.onDidIdentify(() => identified.push(session.active.accountKey));
    await session.restore();
    assert.equal(session.active.accountKey, undefined, 'known before /user answered');
    await waitUntil(() => session.active.accountKey !== undefined);
    assert.deepEqual(identified, [session.active.accountKey]);
    assert.deepEqual(double.requests.map((r) => `${r.path} ${r.status}`), ['/api/v4/user 404']);

    double.clearLog();
    const next = open(new FakeSecretStorage(), state, env).session;
    await next.restore();
    assert.equal(next.active.accountKey, session.active.accountKey);
    assert.deepEqual(double.requests, [], '/user asked again at the next start');
    assert.ok(!stored(state).includes(ALICE), 'the token is in global state');
  });

  it('Toggle Mute twice gives the level before back; the other person\'s Unmute does not get it', async () => {
    const { session, state } = open();
    await signIn(session, ALICE);
    const levels = new NotificationSettingsService(session.active, state);
    double.data.settings[settingKey(1, PROJECT)] = { level: 'watch', events: {} };
    await levels.setLevel(PROJECT, 'disabled');
    assert.equal(levels.levelAfterUnmute(PROJECT), 'watch');
    assert.equal((await levels.unmute(PROJECT)).level, 'watch');
    assert.equal(double.data.settings[settingKey(1, PROJECT)].level, 'watch');

    await levels.setLevel(PROJECT, 'disabled');
    await signIn(session, BOB);
    assert.equal(levels.levelBeforeMute(PROJECT), undefined, 'alice\'s level before her mute offered to bob');
    await signIn(session, ALICE);
    assert.equal(levels.levelAfterUnmute(PROJECT), 'watch');
    assert.ok(!stored(state).includes(ALICE));
  });

  it('sign-out removes what was kept for the token\'s account, and only that', async () => {
    const { session, state } = open();
    await signIn(session, BOB);
    const bob = session.active.accountKey!;
    await signIn(session, ALICE);
    const alice = session.active.accountKey!;
    const levels = new NotificationSettingsService(session.active, state);
    double.data.settings[settingKey(1, PROJECT)] = { level: 'watch', events: {} };
    await levels.setLevel(PROJECT, 'disabled');
    const seen = new SeenMarkers(state, STATE_KEYS.seen);
    const pages = earlierEventPages(state, STATE_KEYS.earlierPages);
    for (const account of [alice, bob]) {
      await seen.initialize(account, 'mine', [makeEvent({ id: undefined, created_at: '2026-11-03T10:00:00.000Z' })]);
      await pages.remember(account, 'mine', [makeEvent({ id: undefined })], 'desc');
    }
    const aliceKeys = () => [...state.values].filter(([key, value]) => key.includes(alice) || JSON.stringify(value).includes(alice));
    assert.equal(aliceKeys().length, 3, 'mute memory, seen markers and kept pages hold alice\'s account');

    await session.signOut();
    assert.deepEqual(aliceKeys(), [], 'what was kept for alice outlived her sign-out');
    assert.ok(new SeenMarkers(state, STATE_KEYS.seen).marker(bob, 'mine'), 'bob\'s markers went too');
    assert.ok(pages.page(bob, 'mine'), 'bob\'s kept page went too');
  });
});
