import assert from 'node:assert/strict';
import { GitLabDouble } from '../../double';
import { RecordingProxy } from '../../vscode/harness/recording-proxy';
import { ProxyEnvironment } from '../gitlab/network/proxyEnvironment';
import { GitLabError, NO_FILTER, type CurrentUser } from '../../../src/gitlab';
import { normalizeInstanceUrl } from '../../../src/app/instance';
import { COMMANDS, INSTANCE_ENV_VAR, STATE_KEYS } from '../../../src/ids';
import { TokenStore } from '../../../src/ui/auth/tokenStore';
import { readConfig } from '../../../src/ui/config';
import { networkExchange } from '../../../src/node/networkExchange';
import { Log } from '../../../src/ui/log';
import { Session } from '../../../src/ui/session';
import { tokenCheck } from '../../../src/app/knownInstances';
import { fake, FakeMemento, FakeSecretStorage } from './fakeVscode';

/**
 * The session as the extension builds it (real `TokenStore`, `readConfig`, transports and undici), against two GitLab
 * doubles on loopback, two instances. Each double knows both tokens, for different people: on A, A's token is alex
 * and B's is jordan; on B the other way round. So who a server says is signed in tells which token reached it.
 */
describe('Session: each instance\'s token goes to that instance only', function () {
  this.timeout(20_000);
  const TOKEN_A = 'glpat-instance-a';
  const TOKEN_B = 'glpat-instance-b';
  const ENV_TOKEN = 'glpat-from-environment';
  let a: GitLabDouble;
  let b: GitLabDouble;
  const environment = new ProxyEnvironment();
  let savedInstanceEnv: string | undefined;
  const sessions: Session[] = [];

  /** `tokenCheck` of each token, as a sign-in remembers it beside the user. */
  const checks = new Map<string, string>();
  before(async () => {
    for (const token of [TOKEN_A, TOKEN_B, ENV_TOKEN]) checks.set(token, await tokenCheck(token));
    const people = (own: string, other: string) => [
      { token: own, scopes: ['api' as const], userId: 1 }, // alex
      { token: other, scopes: ['api' as const], userId: 3 }, // jordan
      { token: ENV_TOKEN, scopes: ['api' as const], userId: 2 }, // sam.taylor
    ];
    a = await GitLabDouble.start({ events: 30, tokens: people(TOKEN_A, TOKEN_B) });
    b = await GitLabDouble.start({ events: 30, tokens: people(TOKEN_B, TOKEN_A) });
  });
  after(async () => {
    await a.close();
    await b.close();
  });
  beforeEach(() => {
    fake.reset();
    environment.isolate();
    savedInstanceEnv = process.env[INSTANCE_ENV_VAR];
    delete process.env[INSTANCE_ENV_VAR];
    a.clearLog();
    b.clearLog();
    // The user's settings name instance A.
    fake.settings.set('gitlabActivity.instanceUrl', { globalValue: a.url });
  });
  afterEach(() => {
    for (const session of sessions.splice(0)) session.dispose();
    environment.restore();
    if (savedInstanceEnv === undefined) delete process.env[INSTANCE_ENV_VAR];
    else process.env[INSTANCE_ENV_VAR] = savedInstanceEnv;
  });

  interface Built {
    session: Session;
    secrets: FakeSecretStorage;
    state: FakeMemento;
  }

  /** A session over fresh secrets and state; `stored` tokens are in SecretStorage, their instances remembered. */
  function build(stored: Record<string, string> = {}, env: { token?: string; instanceUrl?: string } = {}): Built {
    const secrets = new FakeSecretStorage();
    const state = new FakeMemento();
    for (const [url, token] of Object.entries(stored)) secrets.values.set(TokenStore.keyFor(url), token);
    // As this version remembers them: alex is user 1 on each instance, for its own token.
    state.values.set(STATE_KEYS.instances, Object.entries(stored).map(([url, token]) => ({ url, user: 'alex', id: 1, check: checks.get(token) })));
    const tokens = new TokenStore(secrets as never, env, () => undefined);
    const channel = { info: () => undefined, warn: () => undefined, error: () => undefined, show: () => undefined, dispose: () => undefined };
    const session: Session = new Session(tokens, () => readConfig((name) => process.env[name]), new Log(channel, () => session.secrets), state as never, 'gitlab-activity/test', (config) => networkExchange(config, console));
    sessions.push(session);
    return { session, secrets, state };
  }

  /** Waits for the session's own request to be answered (a bounded number of turns of the event loop). */
  async function waitUntil(condition: () => boolean): Promise<void> {
    for (let turn = 0; !condition(); turn++) {
      assert.ok(turn < 1_000, 'the condition never came');
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  async function whoAt(session: Session, url: string): Promise<string> {
    const api = session.apiFor(url);
    assert.ok(api, `no client for ${url}`);
    return (await api.getCurrentUser()).username;
  }

  it('builds each account\'s client with its own instance\'s token: both servers see their own, never the other\'s', async () => {
    const { session } = build({ [a.url]: TOKEN_A, [b.url]: TOKEN_B });
    await session.restore();
    assert.deepEqual(session.all.map((account) => account.instanceUrl), [a.url, b.url]);
    assert.equal(await whoAt(session, a.url), 'alex', 'A\'s client did not reach A with A\'s token');
    assert.equal(await whoAt(session, b.url), 'alex', 'B\'s client did not reach B with B\'s token');
    // Listings too, and the active client (the settings' instance).
    await session.apiFor(b.url)!.listEvents({ kind: 'mine' }, NO_FILTER, { page: 1, perPage: 5 });
    assert.equal((await session.api!.getCurrentUser()).username, 'alex');
    assert.deepEqual(a.requests.map((r) => `${r.path} ${r.status}`), ['/api/v4/user 200', '/api/v4/user 200']);
    assert.deepEqual(b.requests.map((r) => `${r.path} ${r.status}`), ['/api/v4/user 200', '/api/v4/events 200']);
    assert.deepEqual(new Set(session.secrets), new Set([TOKEN_A, TOKEN_B]));
  });

  it('signs a second instance in beside the first: its new token is stored under its own key and sent there only', async () => {
    const { session, secrets } = build({ [a.url]: TOKEN_A });
    await session.restore();
    assert.equal(await session.signIn(`${b.url}/`, TOKEN_B, { username: 'alex' } as CurrentUser), true);
    assert.deepEqual([...secrets.values.keys()].sort(), [TokenStore.keyFor(a.url), TokenStore.keyFor(b.url)].sort());
    assert.equal(secrets.values.get(`gitlabActivity.token:${normalizeInstanceUrl(b.url)}`), TOKEN_B);
    assert.equal(await whoAt(session, a.url), 'alex');
    assert.equal(await whoAt(session, b.url), 'alex');
    assert.deepEqual(fake.settingUpdates, [], 'the settings\' instance stays A, which is signed in');
  });

  it('a first sign-in, and a sign-out that changes the active instance, are each one change: the lists start over once', async () => {
    // The settings name no instance yet (GitLab.com by default): the sign-in names A there, and A becomes the active one.
    fake.settings.delete('gitlabActivity.instanceUrl');
    const { session } = build();
    await session.restore();
    const changes: string[] = [];
    session.onDidChange(() => changes.push(`${session.all.map((account) => account.instanceUrl).join()} active ${session.active.instanceUrl}`));
    assert.equal(await session.signIn(a.url, TOKEN_A, { username: 'alex', id: 1 } as CurrentUser), true);
    assert.deepEqual(changes, [`${a.url} active ${a.url}`]);
    await session.signIn(b.url, TOKEN_B, { username: 'alex', id: 1 } as CurrentUser);
    assert.deepEqual(changes.slice(1), [`${a.url},${b.url} active ${a.url}`]);
    await session.signOut(a.url);
    assert.equal(changes.length, 3, changes.join('\n'));
    await session.signOut(a.url);
    assert.equal(changes.length, 3, 'signing out of an instance not signed in changes nothing');
  });

  it('keeps a new sign-in\'s token for its own instance when the workspace names another that is not signed in', async () => {
    fake.settings.set('gitlabActivity.instanceUrl', { globalValue: b.url, workspaceValue: a.url });
    const { session } = build();
    await session.restore();
    assert.equal(await session.signIn(b.url, TOKEN_B, { username: 'alex' } as CurrentUser), false, 'says the workspace\'s instance is not signed in');
    assert.equal(session.apiFor(a.url), undefined);
    assert.deepEqual(fake.settingUpdates, [], 'the workspace\'s choice is not overwritten');
    assert.equal(await whoAt(session, b.url), 'alex');
    assert.equal((await session.api!.getCurrentUser()).username, 'alex', 'the client in use is B\'s, with B\'s token');
    assert.deepEqual(a.requests, [], 'nothing went to the workspace\'s instance');
  });

  it('uses an environment token for the instance bound to it only, never for one a workspace names', async () => {
    // The workspace names B; the token belongs to A.
    fake.settings.set('gitlabActivity.instanceUrl', { globalValue: a.url, workspaceValue: b.url });
    const workspaceNamesB = build({}, { token: ENV_TOKEN, instanceUrl: a.url }).session;
    await workspaceNamesB.restore();
    assert.equal(workspaceNamesB.signedIn, false);
    assert.equal(workspaceNamesB.apiFor(b.url), undefined);
    assert.deepEqual(workspaceNamesB.secrets, []);
    // Where the settings name A, it signs A in.
    fake.settings.set('gitlabActivity.instanceUrl', { globalValue: a.url });
    const userNamesA = build({}, { token: ENV_TOKEN, instanceUrl: `${a.url}/` }).session;
    await userNamesA.restore();
    assert.equal(await whoAt(userNamesA, a.url), 'sam.taylor');
    assert.equal(userNamesA.apiFor(b.url), undefined);
    assert.deepEqual(b.requests, []);
  });

  it('names who an environment token belongs to, asked of its own instance once, as a sign-in would', async () => {
    const { session } = build({}, { token: ENV_TOKEN, instanceUrl: a.url });
    const changes: Array<string | undefined> = [];
    const named: Array<string | undefined> = [];
    const identified: Array<string | undefined> = [];
    const active: Array<string | undefined> = [];
    session.onDidChange(() => changes.push(session.all[0]?.username));
    session.onDidLearnUsername(() => named.push(session.all[0]?.username));
    session.onDidIdentify(() => identified.push(session.active.accountKey));
    session.active.onDidChange(() => active.push(session.active.accountKey));
    await session.restore();
    assert.equal(session.all[0]?.username, undefined, 'nothing is known before the answer');
    await waitUntil(() => session.all[0]?.username !== undefined);
    assert.equal(session.all[0]?.username, 'sam.taylor');
    // The same token: the lists loaded with it stay (no session change, which starts them over); what is kept for a
    // person is now read under its account, and the features that follow the active account hear of it.
    assert.deepEqual(changes, [undefined], 'the account was signed in once');
    assert.deepEqual(identified, [`${normalizeInstanceUrl(a.url)}#2`]);
    assert.deepEqual(active, [undefined, `${normalizeInstanceUrl(a.url)}#2`]);
    assert.deepEqual(named, ['sam.taylor']);
    assert.equal(session.active.accountKey, `${normalizeInstanceUrl(a.url)}#2`);
    await session.restore();
    assert.deepEqual(a.requests.map((r) => `${r.path} ${r.status}`), ['/api/v4/user 200'], 'asked once');
    assert.deepEqual(b.requests, []);
  });

  it('knows an environment token\'s account at the next start before any request, and checks it once: a name is only a name', async () => {
    const first = build({}, { token: ENV_TOKEN, instanceUrl: a.url });
    await first.session.restore();
    await waitUntil(() => first.session.all[0]?.username !== undefined);
    const tokens = new TokenStore(new FakeSecretStorage() as never, { token: ENV_TOKEN, instanceUrl: a.url }, () => undefined);
    const channel = { info: () => undefined, warn: () => undefined, error: () => undefined, show: () => undefined, dispose: () => undefined };
    const next: Session = new Session(tokens, () => readConfig((name) => process.env[name]), new Log(channel, () => next.secrets), first.state as never, 'gitlab-activity/test', (config) => networkExchange(config, console));
    sessions.push(next);
    const changes: Array<string | undefined> = [];
    const named: Array<string | undefined> = [];
    next.onDidChange(() => changes.push(next.active.accountKey));
    next.onDidLearnUsername(() => named.push(next.all[0]?.username));
    a.clearLog();
    await next.restore();
    assert.equal(next.active.accountKey, `${normalizeInstanceUrl(a.url)}#2`, 'known before the first answer');
    await waitUntil(() => named.length > 0);
    assert.deepEqual(named, ['sam.taylor']);
    assert.deepEqual(changes, [`${normalizeInstanceUrl(a.url)}#2`], 'the same account: the views keep their lists');
    assert.deepEqual(a.requests.map((r) => `${r.path} ${r.status}`), ['/api/v4/user 200']);
  });

  it('records the GitLab user id at sign-in; an instance remembered without one asks /user once; the instance\'s old state goes to no one', async () => {
    const { session, state } = build({ [a.url]: TOKEN_A });
    // As the previous version remembered it: no user id, state per instance.
    state.values.set(STATE_KEYS.instances, [{ url: a.url, user: 'alex' }]);
    const key = normalizeInstanceUrl(a.url);
    state.values.set(`${STATE_KEYS.snoozes}:${key}`, { version: 1, snoozes: [{ instance: key, scope: { kind: 'global' }, name: 'g', until: 1, previous: { level: 'watch' } }] });
    await session.restore();
    assert.equal(session.active.accountKey, undefined, 'not known before /user answers');
    await waitUntil(() => session.active.accountKey !== undefined);
    assert.equal(session.active.accountKey, `${key}#1`);
    assert.deepEqual(state.values.get(STATE_KEYS.instances), [{ url: a.url, user: 'alex', id: 1, check: checks.get(TOKEN_A) }]);
    // It names no one: it waits, unassigned, for whoever is signed in there to be asked when it ends (see settleLegacyState).
    assert.equal((state.values.get(`${STATE_KEYS.snoozes}:${key}`) as { snoozes: unknown[] }).snoozes.length, 1);
    assert.equal(state.values.get(`${STATE_KEYS.snoozes}:${key}#1`), undefined, 'an earlier version\'s snooze handed to the first user identified');

    // jordan (user 3) signs in to the same instance: another account, remembered with its id, without alex's state.
    await session.signIn(a.url, TOKEN_B, { username: 'jordan', id: 3 } as CurrentUser);
    assert.equal(session.active.accountKey, `${key}#3`);
    assert.equal(session.accountFor(a.url)?.userId, 3);
    assert.deepEqual(state.values.get(STATE_KEYS.instances), [{ url: a.url, user: 'jordan', id: 3, check: checks.get(TOKEN_B) }]);
    assert.equal(state.values.get(`${STATE_KEYS.snoozes}:${key}#3`), undefined);
    assert.deepEqual(a.requests.map((r) => `${r.path} ${r.status}`), ['/api/v4/user 200'], 'asked once, for the account without an id');
  });

  it('another person\'s sign-in on the same instance never runs, not even for a moment, as the one before', async () => {
    const { session, secrets, state } = build({ [a.url]: TOKEN_A });
    // As the composition root wires it: a stored token (here, or in another window) restores the session.
    const tokens = new TokenStore(secrets as never, {}, () => undefined);
    tokens.onDidChange(() => void session.restore());
    await session.restore();
    // Global state written slowly (as VS Code's may be): a restore the token's change starts reads it meanwhile.
    const update = state.update.bind(state);
    state.update = async (name: string, value: unknown) => {
      if (name === STATE_KEYS.instances) await new Promise((resolve) => setTimeout(resolve, 20));
      return update(name, value);
    };
    const key = normalizeInstanceUrl(a.url);
    assert.equal(session.active.accountKey, `${key}#1`);
    const seen: string[] = [];
    session.onDidChange(() => seen.push(`${session.secrets.join()} ${session.active.accountKey}`));
    await session.signIn(a.url, TOKEN_B, { username: 'jordan', id: 3 } as CurrentUser);
    await session.restore();
    assert.deepEqual(seen.filter((entry) => entry.startsWith(TOKEN_B) && entry.endsWith('#1')), [], 'jordan\'s token under alex\'s account');
    assert.equal(session.active.accountKey, `${key}#3`);
    assert.deepEqual(state.values.get(STATE_KEYS.instances), [{ url: a.url, user: 'jordan', id: 3, check: checks.get(TOKEN_B) }]);
  });

  it('a remembered user counts only beside the token it was found with (a write of the new one lost as a window went)', async () => {
    // The token is jordan's; the entry still names alex, found with alex's token.
    const { session, state } = build({ [a.url]: TOKEN_B });
    state.values.set(STATE_KEYS.instances, [{ url: a.url, user: 'alex', id: 1, check: checks.get(TOKEN_A) }]);
    await session.restore();
    assert.equal(session.active.accountKey, undefined, 'alex\'s account for jordan\'s token');
    assert.equal(session.all[0].username, undefined);
    await waitUntil(() => session.active.accountKey !== undefined);
    assert.equal(session.active.accountKey, `${normalizeInstanceUrl(a.url)}#3`);
    assert.deepEqual(state.values.get(STATE_KEYS.instances), [{ url: a.url, user: 'jordan', id: 3, check: checks.get(TOKEN_B) }]);
  });

  it('a restore that fails (the keychain refused a read) is logged and does not swallow the next one', async () => {
    const { session, secrets } = build({ [a.url]: TOKEN_A });
    const get = secrets.get.bind(secrets);
    let refusals = 1;
    secrets.get = async (key: string) => {
      if (refusals-- > 0) throw new Error('the keychain is locked');
      return get(key);
    };
    await session.restore();
    assert.equal(session.signedIn, false);
    await session.restore();
    assert.equal(session.signedIn, true, 'the restore asked for after the failed one did not run');
  });

  it('signs one instance out: its secret goes, the other instance keeps its client and token', async () => {
    const { session, secrets } = build({ [a.url]: TOKEN_A, [b.url]: TOKEN_B });
    await session.restore();
    await session.signOut(b.url);
    assert.deepEqual([...secrets.values.keys()], [TokenStore.keyFor(a.url)]);
    assert.equal(session.apiFor(b.url), undefined);
    assert.equal(await whoAt(session, a.url), 'alex');
    assert.deepEqual(fake.commands.at(-1), { command: 'setContext', args: ['gitlabActivity.signedIn', true] });
  });

  it('"Sign In Again" after a 401 names the instance whose token was refused, once', async () => {
    const { session } = build({ [a.url]: TOKEN_A, [b.url]: TOKEN_B });
    await session.restore();
    fake.answers.message = () => 'Sign In Again';
    const refused = new GitLabError('unauthorized', 'GitLab did not accept the token (401).', { status: 401 });
    session.reportUnauthorized(refused, `${b.url}/`);
    session.reportUnauthorized(refused, b.url);
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(fake.shown.filter((shown) => shown.kind === 'error').length, 1);
    assert.deepEqual(fake.commands.filter((c) => c.command === COMMANDS.signIn), [{ command: COMMANDS.signIn, args: [b.url] }]);
  });

  it('sends nothing through a proxy a workspace names; the user\'s proxy is used', async () => {
    const proxy = await RecordingProxy.start();
    try {
      fake.settings.set('gitlabActivity.proxy', { workspaceValue: proxy.url });
      fake.settings.set('http.proxy', { workspaceFolderValue: proxy.url });
      const { session } = build({ [a.url]: TOKEN_A });
      await session.restore();
      assert.equal(await whoAt(session, a.url), 'alex');
      assert.equal(proxy.connections, 0, `the workspace's proxy saw ${proxy.summary().join(', ')}`);
      // The same proxy in the user's settings carries the requests: the test can tell.
      fake.settings.set('gitlabActivity.proxy', { globalValue: proxy.url, workspaceValue: proxy.url });
      session.rebuild();
      assert.equal(await whoAt(session, a.url), 'alex');
      assert.ok(proxy.connections > 0, 'the user\'s proxy was not used');
    } finally {
      await proxy.close();
    }
  });
});
