import { strict as assert } from 'node:assert';
import { NotificationSettingsService, type LevelChange, type LevelMemory } from '../../../../src/app/settings/notificationSettingsService';
import { GitLabError } from '../../../../src/gitlab/errors';
import { FakeGitLabApi } from './fakeGitLabApi';

class MapMemory implements LevelMemory {
  readonly values = new Map<string, unknown>();
  get(key: string): unknown {
    return this.values.get(key);
  }
  async update(key: string, value: unknown): Promise<void> {
    this.values.set(key, value);
  }
}

describe('notification settings service (status bar and commands)', () => {
  it('mutes and unmutes back to the level before', async () => {
    const api = new FakeGitLabApi();
    api.set('project:8', { level: 'watch' });
    const service = new NotificationSettingsService(() => api, new MapMemory(), 'https://gitlab.example.com');
    const changes: LevelChange[] = [];
    service.onDidChange((change) => changes.push(change));
    assert.equal((await service.mute({ kind: 'project', id: 8 })).level, 'disabled');
    assert.equal(service.levelBeforeMute({ kind: 'project', id: 8 }), 'watch');
    assert.equal((await service.unmute({ kind: 'project', id: 8 })).level, 'watch');
    assert.deepEqual(changes.map((change) => `${change.previous?.level}→${change.setting.level}`), ['watch→disabled', 'disabled→watch']);
  });

  it('unmutes to the natural default when nothing was remembered', async () => {
    const api = new FakeGitLabApi();
    api.set('global', { level: 'disabled' });
    api.set('group:3', { level: 'disabled' });
    const service = new NotificationSettingsService(() => api, new MapMemory(), 'x');
    assert.equal((await service.unmute({ kind: 'global' })).level, 'participating');
    assert.equal((await service.unmute({ kind: 'group', id: 3 })).level, 'global');
  });

  it('remembers the level a mute from the settings editor left, per instance', async () => {
    const memory = new MapMemory();
    const api = new FakeGitLabApi();
    const one = new NotificationSettingsService(() => api, memory, 'https://one.example');
    const two = new NotificationSettingsService(() => api, memory, 'https://two.example');
    await one.record({ scope: { kind: 'global' }, previous: { level: 'mention' }, setting: { level: 'disabled' } });
    assert.equal(one.levelBeforeMute({ kind: 'global' }), 'mention');
    assert.equal(two.levelBeforeMute({ kind: 'global' }), undefined);
    await one.record({ scope: { kind: 'global' }, previous: { level: 'disabled' }, setting: { level: 'disabled' } });
    assert.equal(one.levelBeforeMute({ kind: 'global' }), 'mention', 'not overwritten by disabled');
  });

  it('does not write when the level is already set, and stops telling a disposed listener', async () => {
    const api = new FakeGitLabApi();
    const service = new NotificationSettingsService(() => api, new MapMemory(), 'x');
    const seen: string[] = [];
    const subscription = service.onDidChange((change) => seen.push(change.setting.level));
    await service.setLevel({ kind: 'global' }, 'participating');
    assert.equal(api.updates.length, 0);
    subscription.dispose();
    await service.setLevel({ kind: 'global' }, 'watch');
    assert.deepEqual(seen, []);
  });

  it('refuses to work signed out, as an unauthorized GitLabError', async () => {
    const service = new NotificationSettingsService(() => undefined, new MapMemory(), 'x');
    await assert.rejects(service.getSetting({ kind: 'global' }), (error: unknown) => error instanceof GitLabError && error.kind === 'unauthorized');
  });
});
