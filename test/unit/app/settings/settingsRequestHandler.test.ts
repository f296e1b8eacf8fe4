import { strict as assert } from 'node:assert';
import { formatMessage } from '../../../../src/app/localize';
import { NotificationSettingsService, type LevelChange } from '../../../../src/app/settings/notificationSettingsService';
import { ScopeCatalog } from '../../../../src/app/settings/scopeCatalog';
import { SettingsRequestHandler, type SettingsSnoozes } from '../../../../src/app/settings/settingsRequestHandler';
import { formatSnoozeEnd, SnoozeScheduler } from '../../../../src/app/settings/snooze';
import { UTC_ZONE } from '../../../../src/app/calendar';
import { decidingLink, resolveLevelInForce, type LevelLink } from '../../../../src/app/settings/shared/levelChain';
import type { ErrorInfo, HostMessage, Requests } from '../../../../src/app/settings/shared/protocol';
import type { ReplyMessage } from '../../../../src/app/settings/shared/rpc';
import type { NotificationSetting } from '../../../../src/gitlab/types';
import { columnDefault, eventKeys } from '../../../double';
import { fixedAccount } from '../../../../src/app/activeAccount';
import { accountKey } from '../../../../src/app/accountKey';
import { HOLD, insufficientScope, withSettingsDouble, type SettingsDouble } from './settingsDouble';

type Notice = Exclude<HostMessage, ReplyMessage>;

interface Harness {
  levels: NotificationSettingsService;
  handler: SettingsRequestHandler;
  posted: HostMessage[];
  changes: LevelChange[];
  logs: string[];
  signIns: number;
  /** The instance each "Sign in again" was asked for. */
  signInInstances: Array<string | undefined>;
  /** The instance of the client in use (what the session's active account would say). */
  instance: { url: string | undefined };
  of<T extends Notice['type']>(type: T): Array<Extract<Notice, { type: T }>>;
  reply(id: number): ReplyMessage | undefined;
}

const noMemory = { get: () => undefined, update: async () => undefined };
/** User 1's e-mail in the double's generated world: GitLab's answer for the global setting carries it. */
const EMAIL = 'alex@example.com';

/** The handler over the double's client; the tree shows project 1 (acme/website). */
function harness(gitlab: SettingsDouble, options: { signedOut?: boolean; instanceUrl?: string; snoozes?: (levels: NotificationSettingsService) => SettingsSnoozes } = {}): Harness {
  const posted: HostMessage[] = [];
  const changes: LevelChange[] = [];
  const logs: string[] = [];
  const state = { signIns: 0 };
  const signInInstances: Array<string | undefined> = [];
  const instance = { url: options.signedOut ? undefined : options.instanceUrl };
  const client = () => (options.signedOut ? undefined : gitlab.client);
  const levels = new NotificationSettingsService({ instanceUrl: 'https://gitlab.example.com', accountKey: accountKey('https://gitlab.example.com', 1), get api() { return client(); } }, noMemory, undefined, (line) => logs.push(line));
  levels.onDidChange((change) => changes.push(change));
  const catalog = new ScopeCatalog({
    account: { get api() { return client(); } },
    settings: levels,
    projects: () => [{ id: 1, label: 'Acme / Website', path: 'acme/website' }],
    addedGroups: () => [],
    localize: formatMessage,
  });
  const handler = new SettingsRequestHandler({
    settings: levels,
    signedIn: () => !options.signedOut,
    catalog,
    localize: formatMessage,
    // as postMessage delivers it: plain JSON
    post: (message) => posted.push(JSON.parse(JSON.stringify(message)) as HostMessage),
    instanceUrl: () => instance.url,
    signIn: (instanceUrl) => {
      state.signIns++;
      signInInstances.push(instanceUrl);
    },
    log: (line) => logs.push(line),
    snoozes: options.snoozes?.(levels),
  });
  return {
    levels, handler, posted, changes, logs, signInInstances, instance,
    get signIns() { return state.signIns; },
    of: <T extends Notice['type']>(type: T) => posted.filter((message): message is Extract<Notice, { type: T }> => message.type === type),
    reply: (id) => posted.find((message): message is ReplyMessage => message.type === 'reply' && message.id === id),
  };
}

let nextId = 1;

/** Sends a request as the page does and returns the reply's result, or throws its error. */
async function ask<M extends keyof Requests>(h: Harness, method: M, params: Requests[M]['params']): Promise<Requests[M]['result']> {
  const id = nextId++;
  await h.handler.receive({ type: 'request', id, method, params });
  const reply = h.reply(id);
  assert.ok(reply, `a reply to ${method} #${id}`);
  if ('error' in reply) throw reply.error;
  return reply.result as Requests[M]['result'];
}

async function failure(request: Promise<unknown>): Promise<ErrorInfo> {
  try {
    await request;
  } catch (error) {
    return error as ErrorInfo;
  }
  assert.fail('expected an error reply');
}

/** What the page makes of the links above a scope at level Global: the level in force and the group (or global) it comes from. */
function inheritsAtGlobal(above: LevelLink[]): [string, string] {
  const result = resolveLevelInForce({ kind: 'project', name: 'x', level: 'global' }, above.slice(0, -1), above[above.length - 1]);
  const from = decidingLink(result);
  return [result.level, from.kind === 'group' ? from.name : 'global'];
}

/** Project 2 (acme/platform/billing): not in the tree's list. */
const projectScope = { kind: 'project', id: 2 } as const;
const PROJECT_PATH = '/projects/2/notification_settings';
const load = (h: Harness, scope: Requests['load']['params']['scope']): Promise<NotificationSetting> => ask(h, 'load', { scope });

describe('settings request handler (host side)', () => {
  const gitlab = withSettingsDouble();

  it('answers ready with a quick scope list (and the translations, when there are), then the full list with groups', async () => {
    const h = harness(gitlab);
    await h.handler.receive({ type: 'ready' });
    const [state] = h.of('state');
    assert.equal(state.l10n, undefined, 'English: no translations to send');
    assert.equal(state.scopes.groupsLoading, true);
    const [scopes] = h.of('scopes');
    assert.deepEqual(scopes.scopes.entries.map((entry) => entry.key), ['global', 'group:1', 'group:2', 'project:1']);
  });

  it('delivers a focus asked before ready in the state, and after ready as focusScope', async () => {
    const h = harness(gitlab);
    await h.handler.focus({ kind: 'project', id: 'acme/website' });
    await h.handler.receive({ type: 'ready' });
    assert.equal(h.of('state')[0].focusKey, 'project:1');
    await h.handler.focus({ kind: 'group', id: 77 });
    assert.deepEqual(h.of('focusScope').map((message) => message.key), ['group:77']);
    assert.ok(h.of('scopes').at(-1)?.scopes.entries.some((entry) => entry.key === 'group:77'), 'the list has the focused scope first');
    h.handler.webviewGone();
    await h.handler.focus({ kind: 'global' });
    assert.equal(h.of('focusScope').length, 1, 'nothing posted to a discarded webview');
    await h.handler.receive({ type: 'ready' });
    assert.equal(h.of('state')[1].focusKey, 'global');
  });

  it('hands the state kept over a window reload to the next page, once', async () => {
    const h = harness(gitlab);
    const restored = { version: 1 as const, selectedKey: 'global', forms: [], conflicts: [], bulkSelection: ['group:1'] };
    h.handler.restore(restored);
    await h.handler.receive({ type: 'ready' });
    await h.handler.receive({ type: 'ready' });
    assert.deepEqual(h.of('state').map((message) => message.restored), [restored, undefined]);
  });

  it('loads a scope afresh each time, and a change found on GitLab reaches every listener', async () => {
    const h = harness(gitlab);
    gitlab.set(projectScope, 'custom', { new_note: true });
    const setting = await load(h, projectScope);
    // Every switch a project has on this GitLab, those never set at their column defaults.
    const unset = Object.fromEntries(eventKeys('ee', 'project').map((key) => [key, columnDefault('ee', key)]));
    assert.deepEqual(setting, { level: 'custom', events: { ...unset, new_note: true } });
    assert.equal(h.changes.length, 0, 'nothing was known before');
    gitlab.set(projectScope, 'watch');
    assert.equal((await load(h, projectScope)).level, 'watch');
    assert.deepEqual(h.changes.map((change) => `${change.previous?.level}→${change.setting.level}`), ['custom→watch']);
    assert.equal(h.of('settingChanged').at(-1)?.setting.level, 'watch');
  });

  it('ignores and logs malformed or hostile messages, doing nothing', async () => {
    const h = harness(gitlab);
    for (const message of [null, 'ready', { type: 'request', id: 1, method: 'load', params: { scope: { kind: 'user', id: 1 } } },
      { type: 'request', id: 1, method: 'save', params: { scope: { kind: 'global' }, baseline: { level: 'watch' }, update: { level: 'root' } } },
      JSON.parse('{"type":"ready","__proto__":{"x":1}}'), { type: 'request', id: 1, method: 'bulkApply', params: { scopes: [{ kind: 'global' }], level: 'watch' } }]) {
      await h.handler.receive(message);
    }
    assert.equal(h.posted.length, 0);
    assert.equal(gitlab.double.requests.length, 0);
    assert.equal(h.logs.length, 6);
    assert.ok(h.logs.every((line) => line.includes('ignored a malformed message')));
  });

  it('saves only the changed parameters after checking nothing changed meanwhile', async () => {
    const h = harness(gitlab);
    const baseline = await load(h, { kind: 'global' });
    const result = await ask(h, 'save', { scope: { kind: 'global' }, baseline, update: { level: 'watch' } });
    assert.deepEqual(gitlab.double.requests.slice(-2).map((r) => `${r.method} ${r.path}`),
      ['GET /api/v4/notification_settings', 'PUT /api/v4/notification_settings']);
    assert.deepEqual(gitlab.puts(), [['/notification_settings', { level: 'watch' }]]);
    assert.deepEqual(result, { setting: { level: 'watch', notification_email: EMAIL }, alreadyApplied: false });
    const saved = h.changes.at(-1);
    assert.equal(saved?.previous?.level, 'participating');
    assert.equal(saved?.setting.level, 'watch');
  });

  it('never overwrites a change made on GitLab since loading: answers with both versions', async () => {
    const h = harness(gitlab);
    const baseline = await load(h, projectScope);
    gitlab.set(projectScope, 'mention'); // someone else, in the browser
    const conflict = await failure(ask(h, 'save', { scope: projectScope, baseline, update: { level: 'disabled' } }));
    assert.deepEqual(gitlab.puts(), []);
    assert.equal(conflict.kind, 'conflict');
    assert.deepEqual(conflict.server, { level: 'mention' });

    // keep mine: the page sends its edits again against the server's version; saved after a fresh check
    const saved = await ask(h, 'save', { scope: projectScope, baseline: { level: 'mention' }, update: { level: 'disabled' } });
    assert.deepEqual(gitlab.puts(), [[PROJECT_PATH, { level: 'disabled' }]]);
    assert.equal(saved.alreadyApplied, false);
  });

  it('takes theirs by reading the scope again', async () => {
    const h = harness(gitlab);
    gitlab.set(projectScope, 'watch');
    assert.deepEqual(await load(h, projectScope), { level: 'watch' });
    assert.deepEqual(gitlab.puts(), []);
  });

  it('treats a changed server that already has every edit as saved, without writing', async () => {
    const h = harness(gitlab);
    const baseline = await load(h, projectScope);
    gitlab.set(projectScope, 'disabled');
    const result = await ask(h, 'save', { scope: projectScope, baseline, update: { level: 'disabled' } });
    assert.deepEqual(gitlab.puts(), []);
    assert.deepEqual(result, { setting: { level: 'disabled' }, alreadyApplied: true });
  });

  it('reports an unverified e-mail on the field, and what GitLab kept of the rest', async () => {
    const h = harness(gitlab);
    const baseline = await load(h, { kind: 'global' });
    // GitLab applies the level even though it refuses the e-mail (behaviour note §2.5).
    const error = await failure(ask(h, 'save', { scope: { kind: 'global' }, baseline, update: { level: 'watch', notification_email: 'alex@unverified.example.com' } }));
    assert.equal(error.field, 'notification_email');
    assert.match(error.message, /must be an email you have verified/);
    assert.deepEqual(error.server, { level: 'watch', notification_email: EMAIL });
    assert.ok(h.changes.some((change) => change.previous?.level === 'participating' && change.setting.level === 'watch'));
  });

  it('explains a refused save: api scope, invalid level, network', async () => {
    const h = harness(gitlab);
    const baseline = await load(h, projectScope);
    // One refusal per save, in this order; the network failure outlasts the client's retries.
    gitlab.double.inject({ fault: insufficientScope(), method: 'PUT', path: PROJECT_PATH });
    gitlab.double.inject({ fault: { kind: 'status', status: 400, body: '{"message":"\'custom\' is not a valid level"}' }, method: 'PUT', path: PROJECT_PATH });
    gitlab.double.inject({ fault: { kind: 'reset' }, method: 'PUT', path: PROJECT_PATH, times: Infinity });
    const errors: ErrorInfo[] = [];
    for (let attempt = 1; attempt <= 3; attempt++) errors.push(await failure(ask(h, 'save', { scope: projectScope, baseline, update: { level: 'custom' } })));
    assert.equal(errors[0]?.message, 'Your token lacks the `api` scope needed to change settings.');
    assert.match(errors[1]?.message ?? '', /'custom' is not a valid level/);
    assert.equal(errors[2]?.kind, 'network');
    assert.equal(errors[2]?.action, 'retry');
  });

  it('answers a 404 on load with an error for that request', async () => {
    const h = harness(gitlab);
    // Project 7 (design-team/brand) is one GitLab does not show user 1.
    const error = await failure(load(h, { kind: 'project', id: 7 }));
    assert.equal(error.kind, 'notFound');
  });

  it('says "sign in" without a client, and asks the shell to sign in on request', async () => {
    const h = harness(gitlab, { signedOut: true });
    const error = await failure(load(h, { kind: 'global' }));
    assert.equal(error.kind, 'signedOut');
    assert.equal(error.action, 'signIn');
    await h.handler.receive({ type: 'signIn' });
    assert.equal(h.signIns, 1);
    assert.deepEqual(h.signInInstances, [undefined], 'no client failed: the sign-in flow offers its own instance');
  });

  it('signs in again to the instance whose client failed, not to the one active by the time the page asks', async () => {
    const FAILED = 'https://gitlab.example.com';
    const h = harness(gitlab, { instanceUrl: FAILED });
    gitlab.double.inject({ fault: { kind: 'status', status: 401 }, method: 'GET', path: PROJECT_PATH });
    assert.equal((await failure(load(h, projectScope))).action, 'signIn');
    h.instance.url = 'https://gitlab.example.org';
    await load(h, { kind: 'global' }); // a later request, through another client, succeeds
    await h.handler.receive({ type: 'signIn' });
    assert.deepEqual(h.signInInstances, [FAILED]);
  });

  it('names the instance of a bulk item\'s refused token too', async () => {
    const FAILED = 'https://gitlab.example.com';
    const h = harness(gitlab, { instanceUrl: FAILED });
    gitlab.double.inject({ fault: { kind: 'status', status: 401 }, method: 'PUT', path: '/projects/5/notification_settings' });
    await ask(h, 'bulkApply', { scopes: [{ kind: 'project', id: 5 }], level: 'watch' });
    h.instance.url = 'https://gitlab.example.org';
    await h.handler.receive({ type: 'signIn' });
    assert.deepEqual(h.signInInstances, [FAILED]);
  });

  it('without a failure, names the instance of the client in use', async () => {
    const h = harness(gitlab, { instanceUrl: 'https://gitlab.example.com' });
    await h.handler.receive({ type: 'signIn' });
    assert.deepEqual(h.signInInstances, ['https://gitlab.example.com']);
  });

  it('adds scopes typed by the user, or says GitLab cannot find them', async () => {
    const h = harness(gitlab);
    assert.equal((await ask(h, 'addScope', { kind: 'project', ref: 'alex/dotfiles' })).key, 'project:5');
    assert.equal((await failure(ask(h, 'addScope', { kind: 'project', ref: 'acme/missing' }))).field, 'ref');
  });

  it('runs a bulk change with progress, a final report, announcements, and no second run at once', async () => {
    const h = harness(gitlab);
    gitlab.set({ kind: 'group', id: 1 }, 'disabled');
    gitlab.double.inject({ fault: HOLD, times: Infinity });
    const run = ask(h, 'bulkApply', { scopes: [{ kind: 'group', id: 1 }, { kind: 'project', id: 5 }, { kind: 'project', id: 1 }], level: 'disabled' });
    await gitlab.double.waitForArrival((r) => r.path === '/api/v4/groups/1/notification_settings');
    const second = await failure(ask(h, 'bulkApply', { scopes: [{ kind: 'group', id: 1 }], level: 'watch' }));
    assert.equal(second.message, 'A bulk change is already running.');
    // the webview comes back while the run waits on GitLab (its group listing waits too, so it is not awaited here)
    const ready = h.handler.receive({ type: 'ready' });
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(h.of('state')[0].bulk?.level, 'disabled', 'a returning webview gets the run in progress');
    // GitLab answers from now on, and refuses the token's change of project 5.
    gitlab.double.clearFaults();
    gitlab.double.inject({ fault: insufficientScope(), method: 'PUT', path: '/projects/5/notification_settings' });
    gitlab.double.releaseHeld();
    await Promise.all([run, ready]);
    const done = h.of('bulk').at(-1)!.bulk;
    assert.equal(done.done, true);
    assert.deepEqual(done.items.map((item) => [item.key, item.status]), [['group:1', 'unchanged'], ['project:5', 'failed'], ['project:1', 'changed']]);
    assert.equal(done.items[1].error?.message, 'Your token lacks the `api` scope needed to change settings.');
    assert.ok(h.of('bulk').length >= 7, 'every step is sent');
    assert.deepEqual(h.changes.filter((change) => change.setting.level === 'disabled' && change.previous?.level !== 'disabled')
      .map((change) => change.scope), [{ kind: 'project', id: 1 }]);
  });

  it('stops a bulk change on cancel', async () => {
    const h = harness(gitlab);
    gitlab.double.inject({ fault: HOLD, times: Infinity });
    const scopes = [1, 2, 3, 4, 5, 6].map((id) => ({ kind: 'project', id }) as const);
    const run = ask(h, 'bulkApply', { scopes, level: 'watch' });
    await gitlab.double.waitForArrival((r) => r.path === '/api/v4/projects/1/notification_settings');
    await h.handler.receive({ type: 'cancelBulk' });
    gitlab.double.clearFaults();
    gitlab.double.releaseHeld();
    await run;
    const done = h.of('bulk').at(-1)!.bulk;
    assert.ok(done.items.every((item) => item.status === 'cancelled'), JSON.stringify(done.items.map((item) => item.status)));
    assert.deepEqual(gitlab.puts(), []);
  });

  it('cleans unusable parts of a server answer, and logs them', async () => {
    const h = harness(gitlab);
    gitlab.double.inject({ fault: { kind: 'malformed', body: '{"level":"custom","events":{"new_note":true,"__proto__":true,"Weird-Key":false}}' }, method: 'GET', path: PROJECT_PATH });
    const setting = await load(h, projectScope);
    assert.deepEqual(setting, { level: 'custom', events: { new_note: true } });
    assert.ok(h.logs.some((line) => line.includes('Weird-Key')));
  });

  it('passes on changes made elsewhere (status bar, commands), and goes quiet once disposed', async () => {
    const h = harness(gitlab);
    await h.levels.setLevel({ kind: 'global' }, 'disabled');
    assert.deepEqual(h.of('settingChanged')[0], { type: 'settingChanged', key: 'global', setting: { level: 'disabled', notification_email: EMAIL } });
    h.handler.dispose();
    const before = h.posted.length;
    await h.handler.receive({ type: 'request', id: 999, method: 'load', params: { scope: { kind: 'global' } } });
    await h.levels.setLevel({ kind: 'global' }, 'watch');
    assert.equal(h.posted.length, before);
  });

  it('words a bulk item GitLab answered with another level than asked', async () => {
    const h = harness(gitlab);
    gitlab.double.inject({ fault: { kind: 'malformed', body: '{"level":"participating"}' }, method: 'PUT', path: '/groups/1/notification_settings' });
    await ask(h, 'bulkApply', { scopes: [{ kind: 'group', id: 1 }], level: 'watch' });
    const [item] = h.of('bulk').at(-1)!.bulk.items;
    assert.equal(item.status, 'failed');
    assert.match(item.error?.message ?? '', /participating instead of watch/);
  });

  it('answers what a group or project inherits at global, whatever its own level, and follows a change when asked again', async () => {
    const h = harness(gitlab);
    gitlab.set({ kind: 'global' }, 'mention');
    gitlab.set({ kind: 'project', id: 1 }, 'disabled');
    // Project 1 is listed with its path acme/website, the hint when the server has no project lookup.
    gitlab.double.inject({ fault: { kind: 'status', status: 404 }, method: 'GET', path: '/projects/1', times: Infinity });
    await h.handler.receive({ type: 'ready' });
    const chains = () => Promise.all([ask(h, 'levelChain', { scope: { kind: 'project', id: 1 } }), ask(h, 'levelChain', { scope: { kind: 'group', id: 1 } })]);
    const before = await chains();
    assert.deepEqual(before, [
      // whatever its own level (disabled here): the page shows what it inherits only while the select is at global
      [{ kind: 'group', name: 'acme', level: 'global' }, { kind: 'global', name: '', level: 'mention' }],
      [{ kind: 'global', name: '', level: 'mention' }],
    ]);
    assert.deepEqual(before.map(inheritsAtGlobal), [['mention', 'global'], ['mention', 'global']]);
    // A change through the owner: the page hears of it and asks again (it does on every `settingChanged`).
    await h.levels.setLevel({ kind: 'group', id: 'acme' }, 'watch');
    assert.ok(h.of('settingChanged').some((message) => message.key === 'group:acme'));
    const after = await chains();
    assert.deepEqual(after, [
      // the whole chain above it, for the editor's "why" list: the group, then global (not consulted, still shown)
      [{ kind: 'group', name: 'acme', level: 'watch' }, { kind: 'global', name: '', level: 'mention' }],
      [{ kind: 'global', name: '', level: 'mention' }],
    ]);
    assert.deepEqual(after.map(inheritsAtGlobal), [['watch', 'acme'], ['mention', 'global']]);
  });

  it('answers with an error, and logs why, when a group on the way cannot be read (the form shows no lines)', async () => {
    const h = harness(gitlab);
    gitlab.double.inject({ fault: { kind: 'status', status: 404 }, method: 'GET', path: '/projects/1', times: Infinity });
    gitlab.double.inject({ fault: { kind: 'status', status: 500 }, method: 'GET', path: '/groups/acme/notification_settings' });
    const error = await failure(ask(h, 'levelChain', { scope: { kind: 'project', id: 1 } }));
    assert.equal(error.kind, 'server');
    assert.ok(h.logs.some((line) => line.includes('could not work out what project:1 inherits')), h.logs.join('\n'));
  });
});

describe('settings request handler against the GitLab double: the page\'s switches', () => {
  const gitlab = withSettingsDouble();
  beforeEach(() => gitlab.set({ kind: 'project', id: 1 }, 'custom'));

  it('sends nothing when the page puts a GitLab request parameter among the switches; a save of event switches still goes out', async () => {
    const logs: string[] = [];
    const settings = new NotificationSettingsService(fixedAccount(gitlab.double.url, gitlab.client), noMemory);
    const handler = new SettingsRequestHandler({
      settings, signedIn: () => true, localize: formatMessage, post: () => undefined, log: (line) => logs.push(line),
      catalog: new ScopeCatalog({ account: { get api() { return gitlab.client; } }, settings, projects: () => [], addedGroups: () => [], localize: formatMessage }),
    });
    const scope = { kind: 'project', id: 1 } as const;
    const baseline = await settings.getSetting(scope, undefined, { fresh: true });
    gitlab.double.clearLog();
    const save = (events: Record<string, boolean>) =>
      handler.receive({ type: 'request', id: nextId++, method: 'save', params: { scope, baseline, update: { events } } });
    for (const key of ['sudo', 'private_token', 'access_token', 'level', 'notification_email', 'id', 'per_page']) {
      await save({ new_note: true, [key]: true });
    }
    assert.deepEqual(gitlab.double.requests.map((r) => `${r.method} ${r.rawPath}`), [], 'nothing reaches GitLab, not even a read');
    assert.equal(logs.filter((line) => line.includes('ignored a malformed message')).length, 7);
    await save({ new_note: true });
    assert.deepEqual(gitlab.puts(), [['/projects/1/notification_settings', { new_note: 'true' }]]);
    handler.dispose();
  });
});

describe('settings request handler: snoozes on the page', () => {
  const gitlab = withSettingsDouble();
  /** Wed 25 Nov 2026 09:00 UTC. */
  const NOW = Date.UTC(2026, 10, 25, 9, 0);
  const UNTIL = Date.UTC(2026, 10, 27, 14, 0);
  const scope = { kind: 'project', id: 'alex/dotfiles' } as const;

  /** The handler with a real scheduler over the same settings owner, kept in memory, at a still clock. */
  function withScheduler() {
    const memory = new Map<string, unknown>();
    const restored: string[] = [];
    let scheduler!: SnoozeScheduler;
    const h = harness(gitlab, {
      snoozes: (levels) => {
        scheduler = new SnoozeScheduler(levels, { get: (key) => memory.get(key), update: async (key, value) => void memory.set(key, value) },
          { now: () => NOW, setTimer: () => ({ dispose: () => undefined }) }, { key: 'https://gitlab.example.com', accountKey: accountKey('https://gitlab.example.com', 1), signedIn: true }, () => undefined);
        scheduler.onDidEnd((ending) => void (ending.kind === 'restored' && restored.push(ending.setting.level)));
        return {
          list: () => scheduler.list(), end: (ref) => scheduler.end(ref), onDidChange: scheduler.onDidChange,
          formatEnd: (until) => formatSnoozeEnd(until, NOW, UTC_ZONE, formatMessage),
        };
      },
    });
    return { h, scheduler: () => scheduler, restored };
  }

  it('tells the page each snooze, its end as the status bar words it and the level it gives back; End Snooze ends it', async () => {
    const { h, scheduler, restored } = withScheduler();
    gitlab.set(scope, 'mention');
    await h.handler.receive({ type: 'ready' });
    assert.deepEqual(h.of('state')[0].snoozes, []);

    await scheduler().snooze(scope, 'project alex/dotfiles', UNTIL);
    const note = { scope, until: 'Fri 27 Nov 14:00', previousLevel: 'mention' };
    assert.deepEqual(h.of('snoozes').at(-1), { type: 'snoozes', snoozes: [note] });
    // The mute reaches the page as a change of the scope's setting, so its form shows Disabled.
    assert.ok(h.of('settingChanged').some((message) => message.key === 'project:alex/dotfiles' && message.setting.level === 'disabled'));
    // A page opened (or shown again) now has it at once.
    await h.handler.receive({ type: 'ready' });
    assert.deepEqual(h.of('state').at(-1)!.snoozes, [note]);

    assert.equal(await ask(h, 'endSnooze', { scope }), null);
    assert.equal(gitlab.levelOf(scope), 'mention');
    assert.deepEqual(restored, ['mention']);
    assert.deepEqual(h.of('snoozes').at(-1), { type: 'snoozes', snoozes: [] });
    assert.ok(h.of('settingChanged').some((message) => message.key === 'project:alex/dotfiles' && message.setting.level === 'mention'));

    // Ended already (its end came, another window): nothing is written.
    const writes = gitlab.puts().length;
    assert.equal(await ask(h, 'endSnooze', { scope }), null);
    assert.equal(gitlab.puts().length, writes);
  });

  it('says so when a snooze could not be ended yet (the scheduler keeps it and tries again), rather than nothing', async () => {
    const { h, scheduler } = withScheduler();
    gitlab.set(scope, 'watch');
    await scheduler().snooze(scope, 'project alex/dotfiles', UNTIL);
    // A gateway error for longer than the client's own retries.
    gitlab.double.inject({ fault: { kind: 'status', status: 502 }, method: 'PUT', path: '/projects/alex/dotfiles/notification_settings', times: Infinity });
    const error = await failure(ask(h, 'endSnooze', { scope }));
    assert.match(error.message, /The snooze could not be ended yet; it is tried again in a minute\./);
    assert.equal(scheduler().list().length, 1);
    assert.equal(gitlab.levelOf(scope), 'disabled');
  });
});
