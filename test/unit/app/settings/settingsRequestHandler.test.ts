import { strict as assert } from 'node:assert';
import { parseHostMessage } from '../../../../src/app/settings/messageValidators';
import type { HostMessage } from '../../../../src/app/settings/protocol';
import { ScopeCatalog } from '../../../../src/app/settings/scopeCatalog';
import { SettingsRequestHandler, type SettingChange } from '../../../../src/app/settings/settingsRequestHandler';
import { formatMessage } from '../../../../src/app/localize';
import { GitLabError } from '../../../../src/gitlab/errors';
import type { NotificationSetting } from '../../../../src/gitlab/types';
import { NotificationSettingsService } from '../../../../src/app/settings/notificationSettingsService';
import type { ScopeRef } from '../../../../src/app/settings/scopes';
import { FakeGitLabApi, group, project } from './fakeGitLabApi';

interface Harness {
  api: FakeGitLabApi;
  handler: SettingsRequestHandler;
  posted: HostMessage[];
  changes: SettingChange[];
  logs: string[];
  signIns: number;
  of<T extends HostMessage['type']>(type: T): Array<Extract<HostMessage, { type: T }>>;
}

function harness(options: { signedOut?: boolean; levels?: NotificationSettingsService } = {}): Harness {
  const api = new FakeGitLabApi();
  api.groups = [group(5, 'acme')];
  api.projects = [project(42, 'acme/api')];
  const posted: HostMessage[] = [];
  const changes: SettingChange[] = [];
  const logs: string[] = [];
  const state = { signIns: 0 };
  const catalog = new ScopeCatalog({
    api: () => (options.signedOut ? undefined : api),
    projects: () => [{ id: 10, label: 'Acme / Website', path: 'acme/website' }],
    addedGroups: () => [],
    localize: formatMessage,
  });
  const handler = new SettingsRequestHandler({
    api: () => (options.signedOut ? undefined : api),
    catalog,
    localize: formatMessage,
    post: (message) => {
      // everything the host sends must pass the webview's own validator
      const checked = parseHostMessage(JSON.parse(JSON.stringify(message)));
      assert.ok(checked.ok, `host sent an invalid ${message.type}: ${checked.ok ? '' : checked.reason}`);
      posted.push(message);
    },
    onDidChangeSetting: (change) => changes.push(change),
    signIn: () => { state.signIns++; },
    log: (line) => logs.push(line),
    ...(options.levels ? { inheritance: inheritanceOf(options.levels) } : {}),
  });
  return {
    api, handler, posted, changes, logs,
    get signIns() { return state.signIns; },
    of: <T extends HostMessage['type']>(type: T) => posted.filter((message): message is Extract<HostMessage, { type: T }> => message.type === type),
  };
}

const projectScope = { kind: 'project', id: 8 } as const;

function inheritanceOf(levels: NotificationSettingsService) {
  return (scope: ScopeRef, path: string | undefined) => levels.levelInForce(scope, { path, assumeGlobal: true, complete: true });
}

const noMemory = { get: () => undefined, update: async () => undefined };

async function load(h: Harness, scope: object, requestId = 1): Promise<NotificationSetting> {
  await h.handler.receive({ type: 'loadScope', requestId, scope });
  const loaded = h.of('scopeLoaded').find((message) => message.requestId === requestId);
  assert.ok(loaded, 'loaded');
  return loaded.setting;
}

describe('settings request handler (host side)', () => {
  it('answers ready with texts and a quick scope list, then the full list with groups', async () => {
    const h = harness();
    await h.handler.receive({ type: 'ready' });
    const [state] = h.of('state');
    assert.equal(state.strings.saveButton, 'Save');
    assert.equal(state.levels.length, 6);
    assert.equal(state.eventLabels.new_note, 'Comment is added');
    assert.equal(state.scopes.groupsLoading, true);
    const [scopes] = h.of('scopes');
    assert.deepEqual(scopes.scopes.entries.map((entry) => entry.key), ['global', 'group:5', 'project:10']);
  });

  it('delivers a focus asked before ready in the state, and after ready as focusScope', async () => {
    const h = harness();
    await h.handler.focus({ kind: 'project', id: 'acme/website' });
    await h.handler.receive({ type: 'ready' });
    assert.equal(h.of('state')[0].focusKey, 'project:10');
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
    const h = harness();
    const restored = { version: 1 as const, selectedKey: 'global', forms: [], conflicts: [], bulkSelection: ['group:5'] };
    h.handler.restore(restored);
    await h.handler.receive({ type: 'ready' });
    await h.handler.receive({ type: 'ready' });
    assert.deepEqual(h.of('state').map((message) => message.restored), [restored, undefined]);
  });

  it('loads a scope and tells listeners what it found', async () => {
    const h = harness();
    h.api.set('project:8', { level: 'custom', events: { new_note: true } });
    const setting = await load(h, projectScope);
    assert.deepEqual(setting, { level: 'custom', events: { new_note: true, new_issue: null, failed_pipeline: null } });
    assert.equal(h.changes[0].cause, 'observed');
  });

  it('ignores and logs malformed or hostile messages, doing nothing', async () => {
    const h = harness();
    for (const message of [null, 'ready', { type: 'loadScope', requestId: 1, scope: { kind: 'user', id: 1 } },
      { type: 'save', requestId: 1, scope: { kind: 'global' }, baseline: { level: 'watch' }, update: { level: 'root' } },
      JSON.parse('{"type":"ready","__proto__":{"x":1}}'), { type: 'bulkApply', requestId: 1, scopes: [{ kind: 'global' }], level: 'watch' }]) {
      await h.handler.receive(message);
    }
    assert.equal(h.posted.length, 0);
    assert.equal(h.api.calls.length, 0);
    assert.equal(h.logs.length, 6);
    assert.ok(h.logs.every((line) => line.includes('ignored a malformed message')));
  });

  it('saves only the changed parameters after checking nothing changed meanwhile', async () => {
    const h = harness();
    const baseline = await load(h, { kind: 'global' });
    await h.handler.receive({ type: 'save', requestId: 2, scope: { kind: 'global' }, baseline, update: { level: 'watch' } });
    assert.deepEqual(h.api.calls.slice(-2), ['get global', 'put global']);
    assert.deepEqual(h.api.updates, [{ key: 'global', update: { level: 'watch' } }]);
    const [result] = h.of('saveResult');
    assert.deepEqual(result.result, { outcome: 'saved', setting: { level: 'watch', notification_email: 'me@example.com' }, alreadyApplied: false });
    const saved = h.changes.find((change) => change.cause === 'saved');
    assert.equal(saved?.previous?.level, 'participating');
    assert.equal(saved?.setting.level, 'watch');
  });

  it('never overwrites a change made on GitLab since loading: answers with both versions', async () => {
    const h = harness();
    const baseline = await load(h, projectScope);
    h.api.set('project:8', { level: 'mention' }); // someone else, in the browser
    await h.handler.receive({ type: 'save', requestId: 2, scope: projectScope, baseline, update: { level: 'disabled' } });
    assert.equal(h.api.updates.length, 0);
    assert.deepEqual(h.of('saveResult')[0].result, { outcome: 'conflict', server: { level: 'mention' } });

    // keep mine: the webview sends its edits rebased on the server's version; saved after a fresh check
    await h.handler.receive({ type: 'resolveConflict', requestId: 3, scope: projectScope, choice: 'overwrite', baseline: { level: 'mention' }, update: { level: 'disabled' } });
    assert.deepEqual(h.api.updates, [{ key: 'project:8', update: { level: 'disabled' } }]);
    assert.equal(h.of('saveResult')[1].result.outcome, 'saved');
  });

  it('takes theirs by reading the scope again', async () => {
    const h = harness();
    h.api.set('project:8', { level: 'watch' });
    await h.handler.receive({ type: 'resolveConflict', requestId: 4, scope: projectScope, choice: 'theirs' });
    assert.deepEqual(h.of('scopeLoaded')[0], { type: 'scopeLoaded', requestId: 4, key: 'project:8', setting: { level: 'watch' } });
    assert.equal(h.api.updates.length, 0);
  });

  it('treats a changed server that already has every edit as saved, without writing', async () => {
    const h = harness();
    const baseline = await load(h, projectScope);
    h.api.set('project:8', { level: 'disabled' });
    await h.handler.receive({ type: 'save', requestId: 2, scope: projectScope, baseline, update: { level: 'disabled' } });
    assert.equal(h.api.updates.length, 0);
    assert.deepEqual(h.of('saveResult')[0].result, { outcome: 'saved', setting: { level: 'disabled' }, alreadyApplied: true });
  });

  it('reports an unverified e-mail on the field, and what GitLab kept of the rest', async () => {
    const h = harness();
    const baseline = await load(h, { kind: 'global' });
    const update = h.api.updateNotificationSettings.bind(h.api);
    h.api.updateNotificationSettings = async (scope, changes, signal) => {
      // GitLab applies the level even though the e-mail is refused (behaviour note §2.5)
      await update(scope, { level: changes.level }, signal);
      throw new GitLabError('validation', 'notification_email must be an email you have verified', {
        status: 400, fieldErrors: { notification_email: ['must be an email you have verified'] },
      });
    };
    await h.handler.receive({ type: 'save', requestId: 2, scope: { kind: 'global' }, baseline, update: { level: 'watch', notification_email: 'other@example.com' } });
    const [result] = h.of('saveResult');
    assert.equal(result.result.outcome, 'failed');
    if (result.result.outcome !== 'failed') return;
    assert.equal(result.result.error.field, 'notification_email');
    assert.match(result.result.error.message, /must be an email you have verified/);
    assert.deepEqual(result.result.server, { level: 'watch', notification_email: 'me@example.com' });
    assert.ok(h.changes.some((change) => change.cause === 'saved' && change.setting.level === 'watch'));
  });

  it('explains a refused save: api scope, invalid level, network', async () => {
    const h = harness();
    const baseline = await load(h, projectScope);
    h.api.fail('put', 'project:8', (attempt) => [
      new GitLabError('forbidden', 'insufficient_scope', { status: 403, insufficientScope: true }),
      new GitLabError('validation', "'custom' is not a valid level", { status: 400 }),
      new GitLabError('network', 'socket hang up'),
    ][attempt - 1]);
    for (let requestId = 2; requestId <= 4; requestId++) {
      await h.handler.receive({ type: 'save', requestId, scope: projectScope, baseline, update: { level: 'custom' } });
    }
    const errors = h.of('saveResult').map((message) => (message.result.outcome === 'failed' ? message.result.error : undefined));
    assert.equal(errors[0]?.message, 'Your token lacks the `api` scope needed to change settings.');
    assert.match(errors[1]?.message ?? '', /'custom' is not a valid level/);
    assert.equal(errors[2]?.kind, 'network');
    assert.equal(errors[2]?.action, 'retry');
  });

  it('answers a 404 on load with an error for that request', async () => {
    const h = harness();
    h.api.fail('get', 'project:8', new GitLabError('notFound', '404 Project Not Found', { status: 404 }));
    await h.handler.receive({ type: 'loadScope', requestId: 9, scope: projectScope });
    assert.equal(h.of('error')[0].requestId, 9);
    assert.equal(h.of('error')[0].error.kind, 'notFound');
  });

  it('says "sign in" without a client, and asks the shell to sign in on request', async () => {
    const h = harness({ signedOut: true });
    await h.handler.receive({ type: 'loadScope', requestId: 1, scope: { kind: 'global' } });
    assert.equal(h.of('error')[0].error.kind, 'signedOut');
    assert.equal(h.of('error')[0].error.action, 'signIn');
    await h.handler.receive({ type: 'signIn' });
    assert.equal(h.signIns, 1);
  });

  it('adds scopes typed by the user, or says GitLab cannot find them', async () => {
    const h = harness();
    await h.handler.receive({ type: 'addScope', requestId: 1, kind: 'project', ref: 'acme/api' });
    assert.equal(h.of('scopeAdded')[0].entry.key, 'project:42');
    await h.handler.receive({ type: 'addScope', requestId: 2, kind: 'project', ref: 'acme/missing' });
    assert.equal(h.of('error')[0].error.field, 'ref');
  });

  it('runs a bulk change with progress, a final report, announcements, and no second run at once', async () => {
    const h = harness();
    h.api.set('group:5', { level: 'disabled' });
    h.api.fail('put', 'project:42', new GitLabError('forbidden', 'insufficient_scope', { status: 403, insufficientScope: true }));
    let release: () => void = () => undefined;
    h.api.gate = new Promise((resolve) => { release = resolve; });
    const run = h.handler.receive({ type: 'bulkApply', requestId: 7, scopes: [{ kind: 'group', id: 5 }, { kind: 'project', id: 42 }, { kind: 'project', id: 10 }], level: 'disabled' });
    await h.handler.receive({ type: 'bulkApply', requestId: 8, scopes: [{ kind: 'group', id: 5 }], level: 'watch' });
    assert.equal(h.of('error')[0].requestId, 8);
    // the webview comes back while the run waits on GitLab (its group listing waits too, so it is not awaited here)
    const ready = h.handler.receive({ type: 'ready' });
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(h.of('state')[0].bulk?.requestId, 7, 'a returning webview gets the run in progress');
    h.api.gate = undefined;
    release();
    await Promise.all([run, ready]);
    const [done] = h.of('bulkDone');
    assert.deepEqual(done.items.map((item) => [item.key, item.status]), [['group:5', 'unchanged'], ['project:42', 'failed'], ['project:10', 'changed']]);
    assert.ok(h.of('bulkProgress').length >= 6);
    assert.deepEqual(h.changes.filter((change) => change.cause === 'bulk').map((change) => change.key), ['project:10']);
  });

  it('stops a bulk change on cancel', async () => {
    const h = harness();
    let release: () => void = () => undefined;
    h.api.gate = new Promise((resolve) => { release = resolve; });
    const scopes = Array.from({ length: 8 }, (_, index) => ({ kind: 'project', id: index + 100 }));
    const run = h.handler.receive({ type: 'bulkApply', requestId: 3, scopes, level: 'watch' });
    await h.handler.receive({ type: 'cancelBulk', requestId: 3 });
    h.api.gate = undefined;
    release();
    await run;
    const [done] = h.of('bulkDone');
    assert.ok(done.items.every((item) => item.status === 'cancelled'), JSON.stringify(done.items.map((item) => item.status)));
    assert.equal(h.api.updates.length, 0);
  });

  it('cleans unusable parts of a server answer, and logs them', async () => {
    const h = harness();
    const get = h.api.getNotificationSettings.bind(h.api);
    h.api.getNotificationSettings = async (scope, signal) => ({
      ...(await get(scope, signal)), level: 'custom', events: JSON.parse('{"new_note":true,"__proto__":true,"Weird-Key":false}') as Record<string, boolean>,
    });
    const setting = await load(h, projectScope);
    assert.deepEqual(setting, { level: 'custom', events: { new_note: true } });
    assert.ok(h.logs.some((line) => line.includes('Weird-Key')));
  });

  it('forwards external changes, and goes quiet once disposed', async () => {
    const h = harness();
    h.handler.notifyExternalChange({ kind: 'global' }, { level: 'disabled', notification_email: 'me@example.com' });
    assert.deepEqual(h.of('settingChanged')[0], { type: 'settingChanged', key: 'global', setting: { level: 'disabled', notification_email: 'me@example.com' } });
    h.handler.dispose();
    await h.handler.receive({ type: 'loadScope', requestId: 1, scope: { kind: 'global' } });
    assert.equal(h.of('scopeLoaded').length, 0);
  });

  it('tells the page what a loaded group or project inherits at global, and again after any change', async () => {
    let api: FakeGitLabApi | undefined;
    const levels = new NotificationSettingsService(() => api, noMemory, 'x');
    const h = harness({ levels });
    api = h.api;
    h.api.set('global', { level: 'mention' });
    h.api.set('project:10', { level: 'disabled' });
    // Project 10 is listed with its path acme/website, the hint when the server has no project lookup.
    h.api.fail('getProject', '10', new GitLabError('notFound', '404 Not Found'));
    await h.handler.receive({ type: 'ready' });
    await load(h, { kind: 'project', id: 10 }, 1);
    await load(h, { kind: 'group', id: 5 }, 2);
    assert.deepEqual(h.of('inherited'), [
      // whatever its own level (disabled here): the page shows the line only while the select is at global
      { type: 'inherited', key: 'project:10', inherited: { level: 'mention', from: 'global', chain: [
        { kind: 'group', name: 'acme', level: 'global' }, { kind: 'global', name: '', level: 'mention' }] } },
      { type: 'inherited', key: 'group:5', inherited: { level: 'mention', from: 'global', chain: [{ kind: 'global', name: '', level: 'mention' }] } },
    ]);
    h.api.set('group:acme', { level: 'watch' });
    await levels.record({ scope: { kind: 'group', id: 'acme' }, setting: { level: 'watch' } });
    h.posted.length = 0;
    await h.handler.refreshInherited();
    assert.deepEqual(h.of('inherited').map((m) => [m.key, m.inherited]), [
      // the whole chain above it, for the editor's "why" list: the group, then global (not consulted, still shown)
      ['project:10', { level: 'watch', from: 'group', path: 'acme', chain: [
        { kind: 'group', name: 'acme', level: 'watch' }, { kind: 'global', name: '', level: 'mention' }] }],
      ['group:5', { level: 'mention', from: 'global', chain: [{ kind: 'global', name: '', level: 'mention' }] }],
    ]);
  });

  it('leaves the inheritance line out, and logs why, when a group on the way cannot be read', async () => {
    let api: FakeGitLabApi | undefined;
    const levels = new NotificationSettingsService(() => api, noMemory, 'x');
    const h = harness({ levels });
    api = h.api;
    h.api.fail('getProject', '10', new GitLabError('notFound', '404 Not Found'));
    h.api.fail('get', 'group:acme', new GitLabError('server', '500 Internal Server Error'));
    await load(h, { kind: 'project', id: 10 });
    assert.equal(h.of('inherited').length, 0);
    assert.ok(h.logs.some((line) => line.includes('could not work out what project:10 inherits')), h.logs.join('\n'));
  });
});
