import { strict as assert } from 'node:assert';
import { describeError } from '../../../../src/app/settings/errorInfo';
import { NotificationSettingsService, type BulkItem } from '../../../../src/app/settings/notificationSettingsService';
import type { EntityScopeRef } from '../../../../src/app/settings/shared/scopes';
import { formatMessage } from '../../../../src/app/localize';
import type { NotificationLevel } from '../../../../src/gitlab/types';
import { fixedAccount } from '../../../../src/app/activeAccount';
import { HOLD, insufficientScope, withSettingsDouble } from './settingsDouble';

interface Options {
  concurrency?: number;
  signal?: AbortSignal;
  onProgress?: (item: BulkItem) => void;
  onChanged?: (change: string) => void;
}

describe('settings bulk apply', () => {
  const gitlab = withSettingsDouble();

  /** Bulk apply through the settings owner, as the editor runs it. */
  function applyLevelToScopes(scopes: EntityScopeRef[], level: NotificationLevel, options: Options = {}): Promise<BulkItem[]> {
    const service = new NotificationSettingsService(fixedAccount(gitlab.double.url, gitlab.client), { get: () => undefined, update: async () => undefined });
    service.onDidChange((change) => options.onChanged?.(`${change.scope.kind}:${String(change.scope.kind === 'global' ? '' : change.scope.id)} ${change.previous?.level}→${change.setting.level}`));
    return service.applyToMany(scopes, { level }, options.onProgress, options.signal, options.concurrency);
  }

  /** Every group and project of the generated world that user 1 can read. */
  const readable: EntityScopeRef[] = [
    ...[1, 2, 3, 4].map((id) => ({ kind: 'group', id }) as const),
    ...[1, 2, 3, 4, 5, 6].map((id) => ({ kind: 'project', id }) as const),
  ];

  it('reports exactly which scopes changed, which were already set and which failed, and why', async () => {
    gitlab.set({ kind: 'group', id: 2 }, 'disabled');
    gitlab.set({ kind: 'project', id: 1 }, 'watch');
    gitlab.double.inject({ fault: insufficientScope(), method: 'PUT', path: '/projects/5/notification_settings' });
    const progress: BulkItem[] = [];
    const changed: string[] = [];
    // Project 7 (design-team/brand) is one GitLab does not show user 1: 404.
    const items = await applyLevelToScopes([
      { kind: 'group', id: 1 }, { kind: 'group', id: 2 }, { kind: 'project', id: 1 }, { kind: 'project', id: 5 }, { kind: 'project', id: 'design-team/brand' },
    ], 'disabled', {
      onProgress: (item) => progress.push(item),
      onChanged: (change) => changed.push(change),
    });

    assert.deepEqual(items.map((item) => [item.key, item.status, item.previousLevel, item.level]), [
      ['group:1', 'changed', 'global', 'disabled'],
      ['group:2', 'unchanged', 'disabled', 'disabled'],
      ['project:1', 'changed', 'watch', 'disabled'],
      ['project:5', 'failed', 'global', undefined],
      ['project:design-team/brand', 'failed', undefined, undefined],
    ]);
    assert.equal(describeError(items[3].error, 'save', formatMessage).message, 'Your token lacks the `api` scope needed to change settings.');
    assert.match(describeError(items[4].error, 'save', formatMessage).message, /cannot find/);
    assert.deepEqual(changed.sort(), ['group:1 global→disabled', 'project:1 watch→disabled']);
    // only the scopes that needed it were written, and only their level; the refused one is left as it was
    assert.deepEqual(gitlab.puts().sort(), [
      ['/groups/1/notification_settings', { level: 'disabled' }],
      ['/projects/1/notification_settings', { level: 'disabled' }],
      ['/projects/5/notification_settings', { level: 'disabled' }],
    ]);
    assert.equal(gitlab.levelOf({ kind: 'project', id: 5 }), 'global', 'a failed item is left as it was');

    const count = (status: string): number => items.filter((item) => item.status === status).length;
    assert.deepEqual(['changed', 'unchanged', 'failed', 'cancelled', 'queued', 'running'].map(count), [2, 1, 2, 0, 0, 0]);
    // every item went through running to its final state, in that order
    for (const item of items) {
      const statuses = progress.filter((report) => report.key === item.key).map((report) => report.status);
      assert.deepEqual(statuses, ['running', item.status], item.key);
    }
  });

  it('keeps at most `concurrency` requests in flight', async () => {
    // The first answers wait until three requests are under way together; every answer is a little late, so that a
    // request sent beyond the bound would meet the others at GitLab.
    gitlab.double.inject({ fault: HOLD, times: 3 });
    gitlab.double.inject({ fault: { kind: 'latency', ms: 20 }, times: Infinity });
    const applying = applyLevelToScopes(readable, 'mention', { concurrency: 3 });
    await gitlab.double.waitForArrival(() => gitlab.double.inFlight === 3);
    gitlab.double.releaseHeld();
    const items = await applying;
    assert.equal(gitlab.double.peakInFlight, 3);
    assert.ok(items.every((item) => item.status === 'changed'));
  });

  it('stops starting items once cancelled and says which were not changed', async () => {
    const controller = new AbortController();
    const many = readable.filter((scope) => scope.kind === 'project');
    const items = await applyLevelToScopes(many, 'watch', {
      concurrency: 1,
      signal: controller.signal,
      onProgress: (item) => {
        if (item.key === 'project:2' && item.status === 'changed') controller.abort();
      },
    });
    assert.deepEqual(items.map((item) => item.status), ['changed', 'changed', 'cancelled', 'cancelled', 'cancelled', 'cancelled']);
    assert.equal(gitlab.puts().length, 2);
  });

  it('reports a request cancelled mid-way as cancelled, not failed', async () => {
    const path = '/projects/1/notification_settings';
    gitlab.double.inject({ fault: HOLD, method: 'PUT', path });
    const controller = new AbortController();
    const applying = applyLevelToScopes([{ kind: 'project', id: 1 }], 'watch', { signal: controller.signal });
    await gitlab.double.waitForArrival((r) => r.method === 'PUT' && r.path === `/api/v4${path}`);
    controller.abort();
    const [item] = await applying;
    assert.equal(item.status, 'cancelled');
    assert.equal(item.previousLevel, 'global');
  });

  it('applies each scope once even when listed twice', async () => {
    const items = await applyLevelToScopes([{ kind: 'group', id: 1 }, { kind: 'group', id: 1 }], 'watch');
    assert.equal(items.length, 1);
    assert.equal(gitlab.puts().length, 1);
  });

  it('flags a server that answers with another level than asked', async () => {
    gitlab.double.inject({ fault: { kind: 'malformed', body: '{"level":"participating"}' }, method: 'PUT', path: '/groups/1/notification_settings' });
    const [item] = await applyLevelToScopes([{ kind: 'group', id: 1 }], 'watch');
    assert.equal(item.status, 'failed');
    assert.equal(item.level, 'participating');
    assert.equal(item.error, undefined, 'not an error of the request: the editor words it (see its test)');
  });
});
