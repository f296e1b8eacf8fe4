import { strict as assert } from 'node:assert';
import { NotificationSettingsService, SettingConflict, type LevelChange } from '../../../../src/app/settings/notificationSettingsService';
import { GitLabError } from '../../../../src/gitlab/errors';
import { notificationSetting, ShapeError } from '../../../../src/gitlab/shapes';
import { FakeGitLabApi } from './fakeGitLabApi';
import { fixedAccount } from '../../../../src/app/activeAccount';
import { FakeMemento } from '../../ui/fakeVscode';

describe('notification settings service (status bar and commands)', () => {
  it('mutes and unmutes back to the level before', async () => {
    const api = new FakeGitLabApi();
    api.set('project:8', { level: 'watch' });
    const service = new NotificationSettingsService(fixedAccount('https://gitlab.example.com', api), new FakeMemento());
    const changes: LevelChange[] = [];
    service.onDidChange((change) => changes.push(change));
    assert.equal((await service.setLevel({ kind: 'project', id: 8 }, 'disabled')).level, 'disabled');
    assert.equal(service.levelBeforeMute({ kind: 'project', id: 8 }), 'watch');
    assert.equal((await service.unmute({ kind: 'project', id: 8 })).level, 'watch');
    assert.deepEqual(changes.map((change) => `${change.previous?.level}→${change.setting.level}`), ['watch→disabled', 'disabled→watch']);
  });

  it('unmutes to the natural default when nothing was remembered', async () => {
    const api = new FakeGitLabApi();
    api.set('global', { level: 'disabled' });
    api.set('group:3', { level: 'disabled' });
    const service = new NotificationSettingsService(fixedAccount('x', api), new FakeMemento());
    assert.equal((await service.unmute({ kind: 'global' })).level, 'participating');
    assert.equal((await service.unmute({ kind: 'group', id: 3 })).level, 'global');
  });

  it('remembers the level a mute through the editor\'s save left, per instance', async () => {
    const memory = new FakeMemento();
    const api = new FakeGitLabApi();
    api.set('global', { level: 'mention' });
    const one = new NotificationSettingsService(fixedAccount('https://one.example', api), memory);
    const two = new NotificationSettingsService(fixedAccount('https://two.example', api), memory);
    await one.save({ kind: 'global' }, { level: 'disabled' }, { expected: await one.getSetting({ kind: 'global' }) });
    assert.equal(one.levelBeforeMute({ kind: 'global' }), 'mention');
    assert.equal(two.levelBeforeMute({ kind: 'global' }), undefined);
    await one.save({ kind: 'global' }, { level: 'disabled' });
    assert.equal(one.levelBeforeMute({ kind: 'global' }), 'mention', 'not overwritten by disabled');
  });

  it('saves against what was loaded: a change on GitLab meanwhile is a conflict, unless GitLab already has the change', async () => {
    const api = new FakeGitLabApi();
    api.set('project:8', { level: 'watch' });
    const service = new NotificationSettingsService(fixedAccount('x', api), new FakeMemento());
    const loaded = await service.getSetting({ kind: 'project', id: 8 });
    api.set('project:8', { level: 'mention' });
    await assert.rejects(service.save({ kind: 'project', id: 8 }, { level: 'custom' }, { expected: loaded }),
      (error: unknown) => error instanceof SettingConflict && error.server.level === 'mention');
    assert.equal(api.updates.length, 0, 'nothing written');
    const same = await service.save({ kind: 'project', id: 8 }, { level: 'mention' }, { expected: loaded });
    assert.deepEqual([same.setting.level, same.written], ['mention', false]);
    const fresh = await service.getSetting({ kind: 'project', id: 8 }, undefined, { fresh: true });
    const saved = await service.save({ kind: 'project', id: 8 }, { level: 'custom' }, { expected: fresh });
    assert.deepEqual([saved.setting.level, saved.written], ['custom', true]);
    assert.deepEqual(api.updates.map((u) => u.update), [{ level: 'custom' }]);
  });

  it('tells listeners of a change a fresh read finds, with what was known before', async () => {
    const api = new FakeGitLabApi();
    api.set('group:3', { level: 'watch' });
    const service = new NotificationSettingsService(fixedAccount('x', api), new FakeMemento());
    const changes: LevelChange[] = [];
    service.onDidChange((change) => changes.push(change));
    await service.getSetting({ kind: 'group', id: 3 });
    api.set('group:3', { level: 'disabled' });
    assert.equal((await service.getSetting({ kind: 'group', id: 3 })).level, 'watch', 'cached');
    assert.equal((await service.getSetting({ kind: 'group', id: 3 }, undefined, { fresh: true })).level, 'disabled');
    assert.deepEqual(changes.map((change) => `${change.previous?.level}→${change.setting.level}`), ['watch→disabled']);
  });

  it('cleans unusable parts of a server answer, and logs them', async () => {
    const api = new FakeGitLabApi();
    // Through the API client's parse step, as the real client answers: it refuses wrong types (a switch of "yes").
    const answer = (json: string) => async () => notificationSetting(JSON.parse(json));
    assert.throws(() => notificationSetting(JSON.parse('{"level":"custom","events":{"ok_key":"yes"}}')), ShapeError);
    api.getNotificationSettings = answer('{"level":"custom","events":{"__proto__":true,"Bad-Key":true,"fine":false,"new_note":null,"sudo":true,"private_token":null}}');
    const logs: string[] = [];
    const service = new NotificationSettingsService(fixedAccount('x', api), new FakeMemento(), undefined, (line) => logs.push(line));
    assert.deepEqual(await service.getSetting({ kind: 'global' }), { level: 'custom', events: { fine: false, new_note: null } });
    assert.match(logs.join('\n'), /events\.__proto__, events\.Bad-Key, events\.sudo, events\.private_token/,
      'GitLab\'s request parameters are no events: the page could send them back');
    api.getNotificationSettings = answer(`{"level":"watch","notification_email":"${'a'.repeat(400)}@example.com"}`);
    assert.deepEqual(await service.getSetting({ kind: 'group', id: 1 }), { level: 'watch' }, 'an e-mail beyond any real one is left out');
    api.getNotificationSettings = answer('{"level":"<b>x</b>"}');
    assert.equal((await service.getSetting({ kind: 'project', id: 1 })).level, 'unknown', 'a malformed level is replaced');
    api.getNotificationSettings = answer('{"level":"digest"}');
    assert.equal((await service.getSetting({ kind: 'project', id: 2 })).level, 'digest', 'an unknown well-formed level is kept');
  });

  it('does not write when the level is already set, and stops telling a disposed listener', async () => {
    const api = new FakeGitLabApi();
    const service = new NotificationSettingsService(fixedAccount('x', api), new FakeMemento());
    const seen: string[] = [];
    const subscription = service.onDidChange((change) => seen.push(change.setting.level));
    await service.setLevel({ kind: 'global' }, 'participating');
    assert.equal(api.updates.length, 0);
    subscription.dispose();
    await service.setLevel({ kind: 'global' }, 'watch');
    assert.deepEqual(seen, []);
  });

  it('refuses to work signed out, as an unauthorized GitLabError', async () => {
    const service = new NotificationSettingsService(fixedAccount('x'), new FakeMemento());
    await assert.rejects(service.getSetting({ kind: 'global' }), (error: unknown) => error instanceof GitLabError && error.kind === 'unauthorized');
  });
});
