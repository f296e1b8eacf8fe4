import { strict as assert } from 'node:assert';
import { SettingConflict } from '../../../../src/app/settings/errorInfo';
import { NotificationSettingsService, type LevelChange } from '../../../../src/app/settings/notificationSettingsService';
import { GitLabError } from '../../../../src/gitlab/errors';
import { fixedAccount } from '../../../../src/app/activeAccount';
import { FakeMemento } from '../../ui/fakeVscode';
import { withSettingsDouble } from './settingsDouble';

describe('notification settings service (status bar and commands)', () => {
  const gitlab = withSettingsDouble();
  const website = { kind: 'project', id: 1 } as const;
  const designTeam = { kind: 'group', id: 3 } as const;
  const service = (instanceUrl = gitlab.double.url, memory = new FakeMemento(), log?: (line: string) => void) =>
    new NotificationSettingsService(fixedAccount(instanceUrl, gitlab.client, undefined, 1), memory, undefined, log);

  it('mutes and unmutes back to the level before', async () => {
    gitlab.set(website, 'watch');
    const settings = service();
    const changes: LevelChange[] = [];
    settings.onDidChange((change) => changes.push(change));
    assert.equal((await settings.setLevel(website, 'disabled')).level, 'disabled');
    assert.equal(settings.levelBeforeMute(website), 'watch');
    assert.equal((await settings.unmute(website)).level, 'watch');
    assert.deepEqual(changes.map((change) => `${change.previous?.level}→${change.setting.level}`), ['watch→disabled', 'disabled→watch']);
    assert.equal(gitlab.levelOf(website), 'watch');
  });

  it('unmutes to the natural default when nothing was remembered', async () => {
    gitlab.set({ kind: 'global' }, 'disabled');
    gitlab.set(designTeam, 'disabled');
    const settings = service();
    assert.equal((await settings.unmute({ kind: 'global' })).level, 'participating');
    assert.equal((await settings.unmute(designTeam)).level, 'global');
  });

  it('remembers the level a mute through the editor\'s save left, per account (here on two instances)', async () => {
    const memory = new FakeMemento();
    gitlab.set({ kind: 'global' }, 'mention');
    const one = service('https://one.example', memory);
    const two = service('https://two.example', memory);
    await one.save({ kind: 'global' }, { level: 'disabled' }, { expected: await one.getSetting({ kind: 'global' }) });
    assert.equal(one.levelBeforeMute({ kind: 'global' }), 'mention');
    assert.equal(two.levelBeforeMute({ kind: 'global' }), undefined);
    await one.save({ kind: 'global' }, { level: 'disabled' });
    assert.equal(one.levelBeforeMute({ kind: 'global' }), 'mention', 'not overwritten by disabled');
  });

  it('saves against what was loaded: a change on GitLab meanwhile is a conflict, unless GitLab already has the change', async () => {
    gitlab.set(website, 'watch');
    const settings = service();
    const loaded = await settings.getSetting(website);
    gitlab.set(website, 'mention');
    await assert.rejects(settings.save(website, { level: 'custom' }, { expected: loaded }),
      (error: unknown) => error instanceof SettingConflict && error.server.level === 'mention');
    assert.deepEqual(gitlab.puts(), [], 'nothing written');
    const same = await settings.save(website, { level: 'mention' }, { expected: loaded });
    assert.deepEqual([same.setting.level, same.written], ['mention', false]);
    const fresh = await settings.getSetting(website, undefined, { fresh: true });
    const saved = await settings.save(website, { level: 'custom' }, { expected: fresh });
    assert.deepEqual([saved.setting.level, saved.written], ['custom', true]);
    assert.deepEqual(gitlab.puts(), [['/projects/1/notification_settings', { level: 'custom' }]]);
  });

  it('tells listeners of a change a fresh read finds, with what was known before', async () => {
    gitlab.set(designTeam, 'watch');
    const settings = service();
    const changes: LevelChange[] = [];
    settings.onDidChange((change) => changes.push(change));
    await settings.getSetting(designTeam);
    gitlab.set(designTeam, 'disabled');
    assert.equal((await settings.getSetting(designTeam)).level, 'watch', 'cached');
    assert.equal((await settings.getSetting(designTeam, undefined, { fresh: true })).level, 'disabled');
    assert.deepEqual(changes.map((change) => `${change.previous?.level}→${change.setting.level}`), ['watch→disabled']);
  });

  it('cleans unusable parts of a server answer, and logs them', async () => {
    const answer = (path: string, body: string) => gitlab.double.inject({ fault: { kind: 'malformed', body }, method: 'GET', path });
    const logs: string[] = [];
    const settings = service(undefined, undefined, (line) => logs.push(line));
    // The API client refuses wrong types (a switch of "yes") before the service sees the answer.
    answer('/notification_settings', '{"level":"custom","events":{"ok_key":"yes"}}');
    await assert.rejects(settings.getSetting({ kind: 'global' }), (error: unknown) => error instanceof GitLabError && error.kind === 'badResponse');
    answer('/notification_settings', '{"level":"custom","events":{"__proto__":true,"Bad-Key":true,"fine":false,"new_note":null,"sudo":true,"private_token":null}}');
    assert.deepEqual(await settings.getSetting({ kind: 'global' }), { level: 'custom', events: { fine: false, new_note: null } });
    assert.match(logs.join('\n'), /events\.__proto__, events\.Bad-Key, events\.sudo, events\.private_token/,
      'GitLab\'s request parameters are no events: the page could send them back');
    answer('/groups/1/notification_settings', `{"level":"watch","notification_email":"${'a'.repeat(400)}@example.com"}`);
    assert.deepEqual(await settings.getSetting({ kind: 'group', id: 1 }), { level: 'watch' }, 'an e-mail beyond any real one is left out');
    answer('/projects/1/notification_settings', '{"level":"<b>x</b>"}');
    assert.equal((await settings.getSetting(website)).level, 'unknown', 'a malformed level is replaced');
    answer('/projects/2/notification_settings', '{"level":"digest"}');
    assert.equal((await settings.getSetting({ kind: 'project', id: 2 })).level, 'digest', 'an unknown well-formed level is kept');
  });

  it('does not write when the level is already set, and stops telling a disposed listener', async () => {
    const settings = service();
    const seen: string[] = [];
    const subscription = settings.onDidChange((change) => seen.push(change.setting.level));
    await settings.setLevel({ kind: 'global' }, 'participating');
    assert.deepEqual(gitlab.puts(), []);
    subscription.dispose();
    await settings.setLevel({ kind: 'global' }, 'watch');
    assert.deepEqual(seen, []);
    assert.equal(gitlab.levelOf({ kind: 'global' }), 'watch');
  });

  it('refuses to work signed out, as an unauthorized GitLabError', async () => {
    const settings = new NotificationSettingsService(fixedAccount('x'), new FakeMemento());
    await assert.rejects(settings.getSetting({ kind: 'global' }), (error: unknown) => error instanceof GitLabError && error.kind === 'unauthorized');
  });
});
