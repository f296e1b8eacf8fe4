import { strict as assert } from 'node:assert';
import { describeError } from '../../../../src/app/settings/errorInfo';
import { NotificationSettingsService, type BulkItem } from '../../../../src/app/settings/notificationSettingsService';
import type { EntityScopeRef } from '../../../../src/app/settings/shared/scopes';
import { formatMessage } from '../../../../src/app/localize';
import { GitLabError } from '../../../../src/gitlab/errors';
import type { NotificationLevel } from '../../../../src/gitlab/types';
import { FakeGitLabApi } from './fakeGitLabApi';
import { fixedAccount } from '../../../../src/app/activeAccount';

interface Options {
  concurrency?: number;
  signal?: AbortSignal;
  onProgress?: (item: BulkItem) => void;
  onChanged?: (change: string) => void;
}

/** Bulk apply through the settings owner, as the editor runs it. */
function applyLevelToScopes(api: FakeGitLabApi, scopes: EntityScopeRef[], level: NotificationLevel, options: Options = {}): Promise<BulkItem[]> {
  const service = new NotificationSettingsService(fixedAccount('x', api), { get: () => undefined, update: async () => undefined });
  service.onDidChange((change) => options.onChanged?.(`${change.scope.kind}:${String(change.scope.kind === 'global' ? '' : change.scope.id)} ${change.previous?.level}→${change.setting.level}`));
  return service.applyToMany(scopes, { level }, options.onProgress, options.signal, options.concurrency);
}

const scopes: EntityScopeRef[] = [
  { kind: 'group', id: 1 },
  { kind: 'group', id: 2 },
  { kind: 'project', id: 10 },
  { kind: 'project', id: 11 },
  { kind: 'project', id: 'acme/website' },
];

describe('settings bulk apply', () => {
  it('reports exactly which scopes changed, which were already set and which failed, and why', async () => {
    const api = new FakeGitLabApi();
    api.set('group:2', { level: 'disabled' });
    api.set('project:10', { level: 'watch' });
    api.fail('put', 'project:11', new GitLabError('forbidden', 'insufficient_scope', { status: 403, insufficientScope: true }));
    api.fail('get', 'project:acme/website', new GitLabError('notFound', '404 Project Not Found', { status: 404 }));
    const progress: BulkItem[] = [];
    const changed: string[] = [];
    const items = await applyLevelToScopes(api, scopes, 'disabled', {
      onProgress: (item) => progress.push(item),
      onChanged: (change) => changed.push(change),
    });

    assert.deepEqual(items.map((item) => [item.key, item.status, item.previousLevel, item.level]), [
      ['group:1', 'changed', 'global', 'disabled'],
      ['group:2', 'unchanged', 'disabled', 'disabled'],
      ['project:10', 'changed', 'watch', 'disabled'],
      ['project:11', 'failed', 'global', undefined],
      ['project:acme/website', 'failed', undefined, undefined],
    ]);
    assert.equal(describeError(items[3].error, 'save', formatMessage).message, 'Your token lacks the `api` scope needed to change settings.');
    assert.match(describeError(items[4].error, 'save', formatMessage).message, /cannot find/);
    assert.deepEqual(changed.sort(), ['group:1 global→disabled', 'project:10 watch→disabled']);
    // only the scopes that needed it were written, and only their level
    assert.deepEqual(api.updates, [
      { key: 'group:1', update: { level: 'disabled' } },
      { key: 'project:10', update: { level: 'disabled' } },
    ]);
    assert.equal(api.stored('project:11').level, 'global', 'a failed item is left as it was');

    const count = (status: string): number => items.filter((item) => item.status === status).length;
    assert.deepEqual(['changed', 'unchanged', 'failed', 'cancelled', 'queued', 'running'].map(count), [2, 1, 2, 0, 0, 0]);
    // every item went through running to its final state, in that order
    for (const item of items) {
      const statuses = progress.filter((report) => report.key === item.key).map((report) => report.status);
      assert.deepEqual(statuses, ['running', item.status], item.key);
    }
  });

  it('keeps at most `concurrency` requests in flight', async () => {
    const api = new FakeGitLabApi();
    let inFlight = 0;
    let most = 0;
    const original = api.getNotificationSettings.bind(api);
    api.getNotificationSettings = async (scope, signal) => {
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setImmediate(resolve));
      inFlight--;
      return original(scope, signal);
    };
    const many = Array.from({ length: 12 }, (_, index): EntityScopeRef => ({ kind: 'project', id: index + 1 }));
    const items = await applyLevelToScopes(api, many, 'mention', { concurrency: 3 });
    assert.equal(most, 3);
    assert.ok(items.every((item) => item.status === 'changed'));
  });

  it('stops starting items once cancelled and says which were not changed', async () => {
    const api = new FakeGitLabApi();
    const controller = new AbortController();
    const many = Array.from({ length: 6 }, (_, index): EntityScopeRef => ({ kind: 'project', id: index + 1 }));
    const items = await applyLevelToScopes(api, many, 'watch', {
      concurrency: 1,
      signal: controller.signal,
      onProgress: (item) => {
        if (item.key === 'project:2' && item.status === 'changed') controller.abort();
      },
    });
    assert.deepEqual(items.map((item) => item.status), ['changed', 'changed', 'cancelled', 'cancelled', 'cancelled', 'cancelled']);
    assert.equal(api.updates.length, 2);
  });

  it('reports a request cancelled mid-way as cancelled, not failed', async () => {
    const api = new FakeGitLabApi();
    api.fail('put', 'project:1', new GitLabError('cancelled', 'aborted'));
    const [item] = await applyLevelToScopes(api, [{ kind: 'project', id: 1 }], 'watch');
    assert.equal(item.status, 'cancelled');
    assert.equal(item.previousLevel, 'global');
  });

  it('applies each scope once even when listed twice', async () => {
    const api = new FakeGitLabApi();
    const items = await applyLevelToScopes(api, [{ kind: 'group', id: 1 }, { kind: 'group', id: 1 }], 'watch');
    assert.equal(items.length, 1);
    assert.equal(api.updates.length, 1);
  });

  it('flags a server that answers with another level than asked', async () => {
    const api = new FakeGitLabApi();
    const update = api.updateNotificationSettings.bind(api);
    api.updateNotificationSettings = async (scope, _update, signal) => update(scope, { level: 'participating' }, signal);
    const [item] = await applyLevelToScopes(api, [{ kind: 'group', id: 1 }], 'watch');
    assert.equal(item.status, 'failed');
    assert.equal(item.level, 'participating');
    assert.equal(item.error, undefined, 'not an error of the request: the editor words it (see its test)');
  });
});
