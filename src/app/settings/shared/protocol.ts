/**
 * The one description of the messages between the settings page and the host. What crosses a trust boundary is
 * described once, by the readers at the end of this file, and its types come from them: messages from the page
 * (`PageMessage`, `parsePageMessage`) and the page state VS Code keeps over a reload (`PersistedState`,
 * `parsePersistedState`). What the host sends is only typed: the page trusts its host. The token travels in none.
 */
import type { GitLabErrorKind } from '../../../gitlab/errors';
import {
  NOTIFICATION_LEVELS, type NotificationLevel, type NotificationSetting, type NotificationSettingUpdate,
} from '../../../gitlab/types';
import type { ReplyMessage, RequestMessage } from './rpc';
import { isValidScopeId, scopeKey, type EntityScopeRef, type ScopeRef } from './scopes';

export interface ScopeEntry {
  key: string;
  scope: ScopeRef;
  label: string;
  /** Full path, when known and different from the label. */
  detail?: string;
  origin: 'global' | 'member' | 'workspace' | 'added';
}

export interface ScopeListState {
  entries: ScopeEntry[];
  /** False when the server does not offer `GET /groups` (it answered 404): only groups added by hand are listed. */
  groupsOffered: boolean;
  groupsError?: ErrorInfo;
  /** The user's groups are still being fetched; a `scopes` message follows. */
  groupsLoading?: boolean;
}

/** A failure as the user reads it; every rejected request carries one. `message` is always inserted as text. */
export interface ErrorInfo {
  kind: GitLabErrorKind | 'signedOut' | 'invalidInput' | 'unexpected' | 'conflict';
  message: string;
  field?: 'notification_email' | 'level' | 'ref';
  action?: 'signIn' | 'retry';
  /** The setting as GitLab has it now: the other side of a `conflict`, or what a refused save still applied. */
  server?: NotificationSetting;
}

/**
 * What a group or project inherits while its level is `global`, for the line beside the select. `chain` lists the
 * links above the scope, for the editor's "why" list (host to page only, so not validated).
 */
export type InheritedLevel = { level: string; chain?: ChainLink[] } & ({ from: 'global' } | { from: 'group'; path: string });

/** A link above a group or project ("Why am I notified?"): its groups nearest first, then global, each as GitLab has it. */
export interface ChainLink {
  kind: 'group' | 'global';
  /** A group's full path; empty for global. */
  name: string;
  level: string;
}

export interface BulkItemReport {
  key: string;
  scope: EntityScopeRef;
  status: 'queued' | 'running' | 'changed' | 'unchanged' | 'failed' | 'cancelled';
  previousLevel?: string;
  /** Level after the change, as GitLab answered. */
  level?: string;
  error?: ErrorInfo;
}

/** A bulk run as the host has it; sent on every step, and again to a page that comes back. */
export interface BulkSnapshot {
  level: NotificationLevel;
  items: BulkItemReport[];
  done: boolean;
}

export type HostMessage =
  | {
    /** VS Code's translations for the display language (none in English): the page localizes its own text. */
    type: 'state'; l10n?: Record<string, string>; scopes: ScopeListState; focusKey?: string; bulk?: BulkSnapshot;
    /** The page state the panel serializer got after a window reload, for a page that lost it. */
    restored?: PersistedState;
  }
  | { type: 'scopes'; scopes: ScopeListState }
  | { type: 'focusScope'; key: string }
  /** A scope's setting changed or was found changed (by anyone): forms without edits follow it. */
  | { type: 'settingChanged'; key: string; setting: NotificationSetting }
  | { type: 'inherited'; key: string; inherited: InheritedLevel }
  | { type: 'bulk'; bulk: BulkSnapshot }
  | ReplyMessage;

// ---- what comes in: each reader checks a value and builds a fresh copy; the validated types come from them --------

/** Limits shared with the host's cleaning of server data (what it sends, the page may send back). */
export const EVENT_KEY_PATTERN = /^[a-z][a-z0-9_]{0,63}$/;
export const LEVEL_PATTERN = /^[a-z][a-z0-9_]{0,31}$/;
export const MAX_EVENT_KEYS = 128;
export const MAX_EMAIL_LENGTH = 320;
const MAX_SCOPES = 500;
const MAX_REQUEST_ID = 2 ** 31 - 1;
const KEY_PATTERN = /^(global|(group|project):[A-Za-z0-9_][A-Za-z0-9_.+\-/]{0,254})$/;

export type Validated<T> = { ok: true; value: T } | { ok: false; reason: string };
type Reader<T> = (value: unknown, path: string) => T;
type Read<R> = R extends Reader<infer T> ? T : never;
type Fields = Record<string, unknown>;

class Invalid extends Error {}
function invalid(path: string, problem: string): never {
  throw new Invalid(`${path || 'message'}: ${problem}`);
}
const at = (path: string, key: string): string => (path ? `${path}.${key}` : key);

/** A plain object's fields, copied without its prototype (so a `__proto__` key stays a key, to be refused). */
function fieldsOf(value: unknown, path: string, max = Infinity): Fields {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) invalid(path, 'expected an object');
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (prototype !== Object.prototype && prototype !== null) invalid(path, 'expected a plain object');
  const keys = Object.keys(value);
  if (keys.length > max) invalid(path, 'too many entries');
  const fields = Object.create(null) as Fields;
  for (const key of keys) fields[key] = (value as Fields)[key];
  return fields;
}

/** An object with exactly these fields: `required` ones, and `optional` ones when present (and not undefined). */
function object<R extends Record<string, Reader<unknown>>, O extends Record<string, Reader<unknown>> = Record<never, never>>(
  required: R, optional?: O,
): Reader<{ [K in keyof R]: Read<R[K]> } & { [K in keyof O]?: Read<O[K]> }> {
  return (value, path) => {
    const fields = fieldsOf(value, path);
    for (const key of Object.keys(fields)) {
      if (!Object.hasOwn(required, key) && !(optional && Object.hasOwn(optional, key))) invalid(path, `unexpected field "${key.slice(0, 40)}"`);
    }
    const result: Fields = {};
    for (const [key, read] of Object.entries(required)) result[key] = read(fields[key], at(path, key));
    for (const [key, read] of Object.entries(optional ?? {})) if (fields[key] !== undefined) result[key] = read(fields[key], at(path, key));
    return result as { [K in keyof R]: Read<R[K]> } & { [K in keyof O]?: Read<O[K]> };
  };
}

const string = (max: number, pattern?: RegExp): Reader<string> => (value, path) => {
  if (typeof value !== 'string') invalid(path, 'expected a string');
  if (value.length > max) invalid(path, 'too long');
  if (pattern && !pattern.test(value)) invalid(path, 'not in the expected form');
  return value;
};

const oneOf = <T extends string | number>(allowed: readonly T[]): Reader<T> => (value, path) => {
  if (!(allowed as readonly unknown[]).includes(value)) invalid(path, 'not an allowed value');
  return value as T;
};

const list = <T>(item: Reader<T>, nonEmpty = false): Reader<T[]> => (value, path) => {
  if (!Array.isArray(value)) invalid(path, 'expected an array');
  if (value.length > MAX_SCOPES) invalid(path, 'too many items');
  if (nonEmpty && value.length === 0) invalid(path, 'empty');
  return value.map((entry, index) => item(entry, `${path}[${index}]`));
};

/** Event switches by key: keys like GitLab's, at most `MAX_EVENT_KEYS`. */
const events = <T>(item: Reader<T>): Reader<Record<string, T>> => (value, path) => {
  const fields = fieldsOf(value, path, MAX_EVENT_KEYS);
  const result: Record<string, T> = {};
  for (const key of Object.keys(fields)) {
    if (!EVENT_KEY_PATTERN.test(key)) invalid(path, 'a key is not in the expected form');
    result[key] = item(fields[key], at(path, key));
  }
  return result;
};

const boolean: Reader<boolean> = (value, path) => (typeof value === 'boolean' ? value : invalid(path, 'expected a boolean'));
const scopeId: Reader<string | number> = (value, path) => (isValidScopeId(value) ? value : invalid(path, 'expected a positive integer or a path'));

const entityScope: Reader<EntityScopeRef> = object({ kind: oneOf(['group', 'project'] as const), id: scopeId });
/** Global has no id: `{ kind: 'global', id }` is refused for its extra field. */
const scope: Reader<ScopeRef> = (value, path) =>
  (fieldsOf(value, path).kind === 'global' ? object({ kind: oneOf(['global'] as const) })(value, path) : entityScope(value, path));

const key = string(300, KEY_PATTERN);
const level = string(32, LEVEL_PATTERN);
const knownLevel = oneOf(NOTIFICATION_LEVELS);
const email = string(MAX_EMAIL_LENGTH);

/** A setting as GitLab sent it: an unknown level is kept (the form shows it), switches are true, false or null. */
const switchValue: Reader<boolean | null> = (value, path) => (value === null || typeof value === 'boolean' ? value : invalid(path, 'expected true, false or null'));
const setting: Reader<NotificationSetting> = object({ level }, { events: events(switchValue), notification_email: email });
/** Edits to send or keep: a level GitLab knows (or any level name, `anyLevel`), switches only true or false. */
const edits = (levels: Reader<string>) => object({}, { level: levels, notification_email: email, events: events(boolean) });

/** What the page asks of the host, each answered by one reply (`rpc.ts`); each method's params as the host reads them. */
const PARAMS = {
  load: object({ scope }),
  /** Saves only if GitLab still has `baseline`; rejects with a `conflict` otherwise. */
  save: object({ scope, baseline: setting, update: edits(knownLevel) as Reader<NotificationSettingUpdate> }),
  addScope: object({ kind: oneOf(['group', 'project'] as const), ref: scopeId }),
  /** Resolves when the run ends; its steps come as `bulk` messages. */
  bulkApply: object({ scopes: list(entityScope, true), level: knownLevel }),
};
interface Results {
  load: NotificationSetting;
  save: { setting: NotificationSetting; alreadyApplied: boolean };
  addScope: ScopeEntry;
  bulkApply: null;
}
export type Requests = { [M in keyof typeof PARAMS]: { params: Read<(typeof PARAMS)[M]>; result: Results[M] } };

const SIGNALS = ['ready', 'refreshScopes', 'cancelBulk', 'signIn'] as const;
export type PageMessage = { type: (typeof SIGNALS)[number] } | RequestMessage<Requests>;

const pageMessage: Reader<PageMessage> = (value, path) => {
  if (fieldsOf(value, path).type !== 'request') return object({ type: oneOf(SIGNALS) })(value, path);
  const request = object({
    type: oneOf(['request'] as const),
    id: (id, at) => (Number.isInteger(id) && (id as number) >= 1 && (id as number) <= MAX_REQUEST_ID ? id as number : invalid(at, 'expected a positive integer')),
    method: oneOf(Object.keys(PARAMS) as Array<keyof typeof PARAMS>),
    params: (params) => params,
  })(value, path);
  return { ...request, params: PARAMS[request.method](request.params, 'params') } as PageMessage;
};

/** What survives hiding the panel and reloading the window (`vscode.setState`): forms with unsaved edits (and the
 *  selected one), unresolved conflicts with the server's setting to compare with, the bulk selection. */
const persistedState = object({
  version: oneOf([1] as const),
  forms: list((value, path) => {
    const entry = object({ key, form: object({ scope, baseline: setting, edits: edits(level) }) })(value, path);
    return entry.key === scopeKey(entry.form.scope) ? entry : invalid(at(path, 'key'), 'does not match the scope');
  }),
  conflicts: list(object({ key, server: setting })),
  bulkSelection: list(key),
}, { selectedKey: key, bulkLevel: knownLevel });
export type PersistedState = Read<typeof persistedState>;

/** Readers build fresh values, so nothing of the input (prototypes, extra properties) reaches the caller. */
function validate<T>(value: unknown, reader: Reader<T>, root = ''): Validated<T> {
  try {
    return { ok: true, value: reader(value, root) };
  } catch (error) {
    return { ok: false, reason: error instanceof Invalid ? error.message : 'unreadable value' };
  }
}

/** The readers, for other state read back from storage (snoozes). */
export const read = { object, string, oneOf, events, scope, switchValue, invalid, validate };

/** For the host: a message from the page, or why it was refused. Never throws. */
export function parsePageMessage(value: unknown): Validated<PageMessage> {
  return validate(value, pageMessage);
}

/** For the serializer and the page: a kept page state, or why it cannot be used. Never throws. */
export function parsePersistedState(value: unknown): Validated<PersistedState> {
  return validate(value, persistedState, 'state');
}
