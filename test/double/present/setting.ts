import { columnDefault, eventKeys, type SettingScopeKind } from '../notification/editions';
import type { Edition } from '../types';
import type { DoubleUser, StoredSetting } from '../world/types';

/** Default level of a setting nobody stored yet (§2.2). */
export function defaultLevel(scope: SettingScopeKind): string {
  return scope === 'global' ? 'participating' : 'global';
}

/** `notification_email.presence || email` (§2.4). */
export function notificationEmailOf(user: DoubleUser): string {
  return user.notificationEmail ? user.notificationEmail : user.email;
}

/**
 * The NotificationSetting / GlobalNotificationSetting entities (§2.4): key order level, events (custom only),
 * notification_email (global only).
 */
export function presentSetting(
  edition: Edition, scope: SettingScopeKind, stored: StoredSetting | undefined, user: DoubleUser,
): Record<string, unknown> {
  const level = stored?.level ?? defaultLevel(scope);
  const body: Record<string, unknown> = { level };
  if (level === 'custom') {
    const events: Record<string, boolean | null> = {};
    for (const key of eventKeys(edition, scope)) {
      events[key] = stored && key in stored.events ? stored.events[key] : columnDefault(edition, key);
    }
    body.events = events;
  }
  if (scope === 'global') body.notification_email = notificationEmailOf(user);
  return body;
}
