import type { LoggedRequest } from '../../double';
import type { RunningDouble } from './session';

export interface ElsewhereSetting {
  scope: 'global' | 'group' | 'project';
  /** Group or project ID or full path. */
  id?: string | number;
  level?: string;
  events?: Record<string, boolean | null>;
  notificationEmail?: string | null;
}

/**
 * Changes a stored notification setting through the double's control surface, as if someone changed it in
 * GitLab's web UI: the request is neither logged nor subject to faults, so the extension learns of it only by reading.
 */
export async function changeSettingElsewhere(double: RunningDouble, setting: ElsewhereSetting): Promise<void> {
  const response = await fetch(`${double.url}/__double/settings`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(setting),
  });
  if (!response.ok) throw new Error(`PUT /__double/settings answered ${response.status}: ${await response.text()}`);
}

/** The notification-settings PUTs the double answered after the `since`-th logged request. */
export function settingsPuts(double: RunningDouble, since = 0): LoggedRequest[] {
  return double.requests.slice(since).filter((request) => request.method === 'PUT' && request.path.endsWith('/notification_settings'));
}

/** The API path of a scope's notification settings as a client sends it (the ID or path URL-encoded). */
export function settingsApiPath(scope: 'global' | 'group' | 'project', id?: string | number): string {
  if (scope === 'global') return '/api/v4/notification_settings';
  return `/api/v4/${scope === 'group' ? 'groups' : 'projects'}/${encodeURIComponent(String(id))}/notification_settings`;
}
