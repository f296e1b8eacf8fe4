import type {
  CurrentUser, GitLabEvent, Group, Note, NotificationSetting, Project, PushData, UserSummary,
} from './types';

/**
 * Why plain readers here when the settings page's messages, stored snoozes and profiles are valibot schemas
 * (protocol.ts): the same checks written as valibot schemas (loose objects keeping extra fields, the types inferred
 * from them) made the fetch benchmark's client ÷ floor 1.44 instead of 1.11 (medians of 10 and 9 interleaved runs of
 * `npm run bench -- --only fetch`, spread 1.24–2.19 and 0.82–1.42; CPU ratio 1.81 instead of 1.22), far past the 5 %
 * allowed; a leaner description (no array guard, no fields read leniently) still 1.33. Valibot builds a new object,
 * and a result per field, for every object it checks: 0.5 ms a page of 100 events against 0.06 ms here (the bench's
 * "shape checks", same runs). So these readers stay, and types.ts is kept in step with them by hand.
 */

/**
 * Checks of response shapes. Extra fields and unknown enum values pass (sets GitLab extends stay open); a field
 * the extension uses with the wrong type throws a `ShapeError`, which the client turns into a `badResponse`.
 * The checks are plain `typeof` tests: cheap enough for 10,000 events.
 */
export class ShapeError extends Error {}

export type Json = Record<string, unknown>;

export function fail(path: string, expected: string, value: unknown): never {
  const actual = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
  throw new ShapeError(`${path} should be ${expected} but is ${actual}`);
}

export function object(value: unknown, path: string): Json {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) fail(path, 'an object', value);
  return value as Json;
}

export function array(value: unknown, path: string): unknown[] {
  if (!Array.isArray(value)) fail(path, 'an array', value);
  return value;
}

export function str(o: Json, key: string, path: string): string {
  const value = o[key];
  if (typeof value !== 'string') fail(`${path}.${key}`, 'a string', value);
  return value;
}

export function num(o: Json, key: string, path: string): number {
  const value = o[key];
  if (typeof value !== 'number') fail(`${path}.${key}`, 'a number', value);
  return value;
}

export function optional(o: Json, key: string, type: 'string' | 'number' | 'boolean', path: string): void {
  const value = o[key];
  if (value !== undefined && value !== null && typeof value !== type) fail(`${path}.${key}`, `a ${type} or null`, value);
}

export function userSummary(value: unknown, path: string): UserSummary {
  const o = object(value, path);
  num(o, 'id', path);
  str(o, 'username', path);
  str(o, 'name', path);
  optional(o, 'web_url', 'string', path);
  optional(o, 'avatar_url', 'string', path);
  return o as unknown as UserSummary;
}

function note(value: unknown, path: string): Note {
  const o = object(value, path);
  num(o, 'id', path);
  str(o, 'body', path);
  if (o.author !== undefined && o.author !== null) userSummary(o.author, `${path}.author`);
  optional(o, 'noteable_type', 'string', path);
  optional(o, 'noteable_iid', 'number', path);
  optional(o, 'commit_id', 'string', path);
  return o as unknown as Note;
}

function pushData(value: unknown, path: string): PushData {
  const o = object(value, path);
  // Bulk pushes carry nulls for everything but the counts (behaviour note §3.6).
  optional(o, 'commit_count', 'number', path);
  optional(o, 'action', 'string', path);
  optional(o, 'ref_type', 'string', path);
  optional(o, 'commit_from', 'string', path);
  optional(o, 'commit_to', 'string', path);
  optional(o, 'ref', 'string', path);
  optional(o, 'commit_title', 'string', path);
  return o as unknown as PushData;
}

export function event(value: unknown, path = 'event'): GitLabEvent {
  const o = object(value, path);
  str(o, 'action_name', path);
  optional(o, 'created_at', 'string', path);
  optional(o, 'id', 'number', path);
  optional(o, 'project_id', 'number', path);
  optional(o, 'target_id', 'number', path);
  optional(o, 'target_iid', 'number', path);
  optional(o, 'target_type', 'string', path);
  optional(o, 'target_title', 'string', path);
  optional(o, 'author_username', 'string', path);
  if (o.author !== undefined && o.author !== null) userSummary(o.author, `${path}.author`);
  if (o.note !== undefined && o.note !== null) note(o.note, `${path}.note`);
  if (o.push_data !== undefined && o.push_data !== null) pushData(o.push_data, `${path}.push_data`);
  // The spec's shape has no `id`; normalise absent optionals so the rest of the code sees one form.
  if (o.project_id === undefined) o.project_id = null;
  if (o.target_type === undefined) o.target_type = null;
  if (o.target_id === undefined) o.target_id = null;
  if (o.target_title === undefined) o.target_title = null;
  return o as unknown as GitLabEvent;
}

export function events(value: unknown): GitLabEvent[] {
  const list = array(value, 'events');
  for (let i = 0; i < list.length; i++) event(list[i], `events[${i}]`);
  return list as GitLabEvent[];
}

export function notificationSetting(value: unknown): NotificationSetting {
  const o = object(value, 'setting');
  str(o, 'level', 'setting');
  optional(o, 'notification_email', 'string', 'setting');
  if (o.events !== undefined && o.events !== null) {
    const eventsObject = object(o.events, 'setting.events');
    for (const [key, flag] of Object.entries(eventsObject)) {
      if (flag !== null && typeof flag !== 'boolean') fail(`setting.events.${key}`, 'a boolean or null', flag);
    }
  } else {
    delete o.events;
  }
  return o as unknown as NotificationSetting;
}

export function currentUser(value: unknown): CurrentUser {
  return userSummary(value, 'user') as CurrentUser;
}

/** A record with a numeric `id` and the named string fields (projects, groups). */
function record<T>(value: unknown, path: string, strings: readonly string[]): T {
  const o = object(value, path);
  num(o, 'id', path);
  for (const key of strings) str(o, key, path);
  return o as unknown as T;
}

function listOf<T>(name: string, item: (value: unknown, path: string) => T): (value: unknown) => T[] {
  return (value) => array(value, name).map((entry, i) => item(entry, `${name}[${i}]`));
}

export const project = (value: unknown, path = 'project'): Project => record(value, path, ['name', 'path_with_namespace', 'web_url']);
export const projects = listOf('projects', project);
export const group = (value: unknown, path = 'group'): Group => record(value, path, ['name', 'full_path', 'web_url']);
export const groups = listOf('groups', group);
