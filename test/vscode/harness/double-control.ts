import type { LoggedRequest } from '../../double';
export { changeSettingElsewhere, type ElsewhereSetting } from '../../double/control-client';
import type { RunningDouble } from './session';

/** The notification-settings PUTs the double answered after the `since`-th logged request. */
export function settingsPuts(double: RunningDouble, since = 0): LoggedRequest[] {
  return double.requests.slice(since).filter((request) => request.method === 'PUT' && request.path.endsWith('/notification_settings'));
}

/** The API path of a scope's notification settings as a client sends it (the ID or path URL-encoded). */
export function settingsApiPath(scope: 'global' | 'group' | 'project', id?: string | number): string {
  if (scope === 'global') return '/api/v4/notification_settings';
  return `/api/v4/${scope === 'group' ? 'groups' : 'projects'}/${encodeURIComponent(String(id))}/notification_settings`;
}
