import type { NotificationEvents, NotificationSetting } from '../../gitlab/types';

/** Limits shared by the validators on both sides of the webview and by the host's cleaning of server data. */
export const EVENT_KEY_PATTERN = /^[a-z][a-z0-9_]{0,63}$/;
export const LEVEL_PATTERN = /^[a-z][a-z0-9_]{0,31}$/;
export const MAX_EVENT_KEYS = 128;
export const MAX_EMAIL_LENGTH = 320;

export function hasOwn(object: object, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(object, key);
}

/** A copy without the parts the protocol refuses; `dropped` lists them so the host can log what it left out. */
export interface CleanSetting {
  setting: NotificationSetting;
  dropped: string[];
}

/**
 * Makes a setting from the server safe to hand to the webview: event keys must look like GitLab's snake_case keys
 * (anything else, `__proto__` included, is dropped), values must be boolean or null, the e-mail a bounded string.
 * The level is kept when it looks like a level name, even an unknown one, so the UI can show it.
 */
export function cleanSetting(setting: NotificationSetting): CleanSetting {
  const dropped: string[] = [];
  const level = typeof setting.level === 'string' && LEVEL_PATTERN.test(setting.level) ? setting.level : 'unknown';
  if (level !== setting.level) dropped.push('level');
  const clean: NotificationSetting = { level };
  if (setting.events !== undefined && setting.events !== null && typeof setting.events === 'object') {
    const events: NotificationEvents = {};
    let count = 0;
    for (const [key, value] of Object.entries(setting.events)) {
      if (!EVENT_KEY_PATTERN.test(key) || (value !== null && typeof value !== 'boolean') || count >= MAX_EVENT_KEYS) {
        dropped.push(`events.${key.slice(0, 64)}`);
        continue;
      }
      events[key] = value;
      count++;
    }
    clean.events = events;
  }
  if (typeof setting.notification_email === 'string') {
    if (setting.notification_email.length <= MAX_EMAIL_LENGTH) clean.notification_email = setting.notification_email;
    else dropped.push('notification_email');
  }
  return { setting: clean, dropped };
}

/** Same level, e-mail and event switches (key order ignored). */
export function sameSetting(a: NotificationSetting, b: NotificationSetting): boolean {
  if (a.level !== b.level || a.notification_email !== b.notification_email) return false;
  if (a.events === undefined || b.events === undefined) return a.events === b.events;
  const keys = Object.keys(a.events);
  if (keys.length !== Object.keys(b.events).length) return false;
  return keys.every((key) => hasOwn(b.events as object, key) && b.events?.[key] === a.events?.[key]);
}
