import type { GitLabApi } from '../../gitlab/api';
import { isGitLabError } from '../../gitlab/errors';
import type { NotificationLevel, NotificationSetting } from '../../gitlab/types';
import type { Localize } from '../localize';
import { describeError } from './errorInfo';
import type { BulkItemReport } from './protocol';
import { scopeKey, type EntityScopeRef } from './scopes';

export interface BulkApplyOptions {
  /** Requests in flight at once: a few, to be quick without tripping GitLab's rate limits. */
  concurrency?: number;
  signal?: AbortSignal;
  /** Called whenever an item's status changes (running, then its outcome). */
  onProgress?: (item: BulkItemReport) => void;
  /** Called for each scope whose level really changed. */
  onChanged?: (scope: EntityScopeRef, previous: NotificationSetting, setting: NotificationSetting) => void;
  localize: Localize;
}

/**
 * Sets one level on several groups/projects. Each item is read first, so the report says exactly which ones
 * changed (and from what) and which already had the level; a failure stops only its own item.
 */
export async function applyLevelToScopes(
  api: GitLabApi, scopes: readonly EntityScopeRef[], level: NotificationLevel, options: BulkApplyOptions,
): Promise<BulkItemReport[]> {
  const items = uniqueScopes(scopes).map((scope): BulkItemReport => ({ key: scopeKey(scope), scope, status: 'queued' }));
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      items[index] = await applyOne(api, items[index], level, options);
    }
  };
  const concurrency = Math.max(1, Math.min(options.concurrency ?? 3, items.length));
  await Promise.all(Array.from({ length: concurrency }, worker));
  return items;
}

async function applyOne(
  api: GitLabApi, item: BulkItemReport, level: NotificationLevel, options: BulkApplyOptions,
): Promise<BulkItemReport> {
  const report = (next: BulkItemReport): BulkItemReport => {
    options.onProgress?.(next);
    return next;
  };
  if (options.signal?.aborted) return report({ ...item, status: 'cancelled' });
  report({ ...item, status: 'running' });
  let previous: NotificationSetting | undefined;
  try {
    previous = await api.getNotificationSettings(item.scope, options.signal);
    if (previous.level === level) return report({ ...item, status: 'unchanged', previousLevel: previous.level, level });
    if (options.signal?.aborted) return report({ ...item, status: 'cancelled', previousLevel: previous.level });
    const setting = await api.updateNotificationSettings(item.scope, { level }, options.signal);
    if (setting.level !== previous.level) options.onChanged?.(item.scope, previous, setting);
    if (setting.level !== level) {
      return report({
        ...item,
        status: 'failed',
        previousLevel: previous.level,
        level: setting.level,
        error: {
          kind: 'badResponse',
          message: options.localize('GitLab answered with level {0} instead of {1}.', setting.level, level),
        },
      });
    }
    return report({ ...item, status: 'changed', previousLevel: previous.level, level: setting.level });
  } catch (error) {
    const withPrevious = previous ? { previousLevel: previous.level } : {};
    if (isGitLabError(error) && error.kind === 'cancelled') return report({ ...item, ...withPrevious, status: 'cancelled' });
    return report({ ...item, ...withPrevious, status: 'failed', error: describeError(error, 'save', options.localize) });
  }
}

function uniqueScopes(scopes: readonly EntityScopeRef[]): EntityScopeRef[] {
  const seen = new Set<string>();
  return scopes.filter((scope) => {
    const key = scopeKey(scope);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
