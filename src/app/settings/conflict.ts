import type { NotificationSetting, NotificationSettingUpdate } from '../../gitlab/types';
import { hasOwn } from './settingShape';

/** The part of an update that would still change something on a server in state `server`. */
export function pendingUpdate(update: NotificationSettingUpdate, server: NotificationSetting): NotificationSettingUpdate {
  const pending: NotificationSettingUpdate = {};
  if (update.level !== undefined && update.level !== server.level) pending.level = update.level;
  if (update.notification_email !== undefined && update.notification_email !== (server.notification_email ?? '')) {
    pending.notification_email = update.notification_email;
  }
  if (update.events) {
    const events: Record<string, boolean> = {};
    for (const [key, value] of Object.entries(update.events)) {
      const serverValue = server.events && hasOwn(server.events, key) ? server.events[key] : undefined;
      if (serverValue !== value) events[key] = value;
    }
    if (Object.keys(events).length > 0) pending.events = events;
  }
  return pending;
}

export type ConflictField = { kind: 'level' } | { kind: 'notification_email' } | { kind: 'event'; key: string };

/** One line of the "yours vs server's" comparison; `undefined` means the side does not have the field. */
export interface ConflictRow {
  field: ConflictField;
  yours: string | boolean | null | undefined;
  theirs: string | boolean | null | undefined;
}

/** Every field where the user's intended setting and the server's current one differ. */
export function conflictRows(yours: NotificationSetting, theirs: NotificationSetting): ConflictRow[] {
  const rows: ConflictRow[] = [];
  if (yours.level !== theirs.level) rows.push({ field: { kind: 'level' }, yours: yours.level, theirs: theirs.level });
  if (yours.notification_email !== theirs.notification_email) {
    rows.push({ field: { kind: 'notification_email' }, yours: yours.notification_email, theirs: theirs.notification_email });
  }
  const keys = new Set([...Object.keys(yours.events ?? {}), ...Object.keys(theirs.events ?? {})]);
  for (const key of keys) {
    const mine = yours.events && hasOwn(yours.events, key) ? yours.events[key] : undefined;
    const server = theirs.events && hasOwn(theirs.events, key) ? theirs.events[key] : undefined;
    if (mine !== server) rows.push({ field: { kind: 'event', key }, yours: mine, theirs: server });
  }
  return rows;
}
