/**
 * The one description of the messages between the settings page and the host. The types below are what both sides
 * compile against; only what crosses a trust boundary is validated: messages from the page (`parsePageMessage`) and
 * the page state VS Code keeps over a reload (`parsePersistedState`). The token never travels in any of them.
 */
import type { GitLabErrorKind } from '../../../gitlab/errors';
import {
  NOTIFICATION_LEVELS, type NotificationLevel, type NotificationSetting, type NotificationSettingUpdate,
} from '../../../gitlab/types';
import type { SettingEdits, SettingForm } from './formState';
import type { ReplyMessage, RequestMessage } from './rpc';
import { isValidScopeId, scopeKey, type EntityKind, type EntityScopeRef, type ScopeRef } from './scopes';

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
export type InheritedLevel =
  | { level: string; from: 'global'; chain?: ChainLink[] }
  | { level: string; from: 'group'; path: string; chain?: ChainLink[] };

/** A link above a group or project ("Why am I notified?"): its groups nearest first, then global, each as GitLab has it. */
export interface ChainLink {
  kind: 'group' | 'global';
  /** A group's full path; empty for global. */
  name: string;
  level: string;
}

export type BulkItemStatus = 'queued' | 'running' | 'changed' | 'unchanged' | 'failed' | 'cancelled';

export interface BulkItemReport {
  key: string;
  scope: EntityScopeRef;
  status: BulkItemStatus;
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

/** What the page asks of the host, each answered by one reply (`rpc.ts`). */
export type Requests = {
  load: { params: { scope: ScopeRef }; result: NotificationSetting };
  /** Saves only if GitLab still has `baseline`; rejects with a `conflict` otherwise. */
  save: {
    params: { scope: ScopeRef; baseline: NotificationSetting; update: NotificationSettingUpdate };
    result: { setting: NotificationSetting; alreadyApplied: boolean };
  };
  addScope: { params: { kind: EntityKind; ref: string | number }; result: ScopeEntry };
  /** Resolves when the run ends; its steps come as `bulk` messages. */
  bulkApply: { params: { scopes: EntityScopeRef[]; level: NotificationLevel }; result: null };
};

export type PageMessage =
  | { type: 'ready' } | { type: 'refreshScopes' } | { type: 'cancelBulk' } | { type: 'signIn' }
  | RequestMessage<Requests>;

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

/** What survives hiding the panel and reloading the window (`vscode.setState`). */
export interface PersistedState {
  version: 1;
  selectedKey?: string;
  /** Forms with unsaved edits (and the selected one). */
  forms: Array<{ key: string; form: SettingForm }>;
  /** Unresolved conflicts: the server's setting to compare with. */
  conflicts: Array<{ key: string; server: NotificationSetting }>;
  bulkSelection: string[];
  bulkLevel?: NotificationLevel;
}

// ---- validation of what comes in --------------------------------------------------------------------------------

/** Limits shared with the host's cleaning of server data (what it sends, the page may send back). */
export const EVENT_KEY_PATTERN = /^[a-z][a-z0-9_]{0,63}$/;
export const LEVEL_PATTERN = /^[a-z][a-z0-9_]{0,31}$/;
export const MAX_EVENT_KEYS = 128;
export const MAX_EMAIL_LENGTH = 320;
const MAX_SCOPES = 500;
const MAX_REQUEST_ID = 2 ** 31 - 1;
const KEY_PATTERN = /^(global|(group|project):[A-Za-z0-9_][A-Za-z0-9_.+\-/]{0,254})$/;

export type Validated<T> = { ok: true; value: T } | { ok: false; reason: string };
type Fields = Record<string, unknown>;

class Invalid extends Error {}
function invalid(path: string, problem: string): never {
  throw new Invalid(`${path || 'message'}: ${problem}`);
}

/** Readers build fresh values, so nothing of the input (prototypes, extra properties) reaches the caller. */
function validate<T>(value: unknown, reader: (value: unknown) => T): Validated<T> {
  try {
    return { ok: true, value: reader(value) };
  } catch (error) {
    return { ok: false, reason: error instanceof Invalid ? error.message : 'unreadable value' };
  }
}

/** A plain object; `allowed` lists its keys (a map's keys are checked by the caller instead). */
function readObject(value: unknown, path: string, allowed?: readonly string[], max = Infinity): Fields {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) invalid(path, 'expected an object');
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (prototype !== Object.prototype && prototype !== null) invalid(path, 'expected a plain object');
  const keys = Object.keys(value);
  if (keys.length > max) invalid(path, 'too many entries');
  const fields = Object.create(null) as Fields; // so a `__proto__` key stays a key, to be refused
  for (const key of keys) {
    if (allowed && !allowed.includes(key)) invalid(path, `unexpected field "${key.slice(0, 40)}"`);
    fields[key] = (value as Fields)[key];
  }
  return fields;
}

function has(fields: Fields, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(fields, key) && fields[key] !== undefined;
}

function readString(value: unknown, path: string, max: number, pattern?: RegExp): string {
  if (typeof value !== 'string') invalid(path, 'expected a string');
  if (value.length > max) invalid(path, 'too long');
  if (pattern && !pattern.test(value)) invalid(path, 'not in the expected form');
  return value;
}

function readOneOf<T extends string>(value: unknown, path: string, allowed: readonly T[]): T {
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) invalid(path, 'not an allowed value');
  return value as T;
}

function readArray<T>(value: unknown, path: string, item: (value: unknown, path: string) => T): T[] {
  if (!Array.isArray(value)) invalid(path, 'expected an array');
  if (value.length > MAX_SCOPES) invalid(path, 'too many items');
  return value.map((entry, index) => item(entry, `${path}[${index}]`));
}

function readEvents<T>(value: unknown, path: string, item: (value: unknown, path: string) => T): Record<string, T> {
  const fields = readObject(value, path, undefined, MAX_EVENT_KEYS);
  const events: Record<string, T> = {};
  for (const key of Object.keys(fields)) {
    if (!EVENT_KEY_PATTERN.test(key)) invalid(path, 'a key is not in the expected form');
    events[key] = item(fields[key], `${path}.${key}`);
  }
  return events;
}

function readBoolean(value: unknown, path: string): boolean {
  if (typeof value !== 'boolean') invalid(path, 'expected a boolean');
  return value;
}

function readScope(value: unknown, path: string): ScopeRef {
  const fields = readObject(value, path, ['kind', 'id']);
  const kind = readOneOf(fields.kind, `${path}.kind`, ['global', 'group', 'project'] as const);
  if (kind === 'global') {
    if (has(fields, 'id')) invalid(path, 'global scope has no id');
    return { kind };
  }
  if (!isValidScopeId(fields.id)) invalid(`${path}.id`, 'expected a positive integer or a path');
  return { kind, id: fields.id };
}

function readEntityScope(value: unknown, path: string): EntityScopeRef {
  const scope = readScope(value, path);
  if (scope.kind === 'global') invalid(path, 'expected a group or project');
  return scope;
}

const readKey = (value: unknown, path: string): string => readString(value, path, 300, KEY_PATTERN);
const readKnownLevel = (value: unknown, path: string): NotificationLevel => readOneOf(value, path, NOTIFICATION_LEVELS);

/** A setting as GitLab sent it: an unknown level is kept (the form shows it), values are true, false or null. */
function readSetting(value: unknown, path: string): NotificationSetting {
  const fields = readObject(value, path, ['level', 'events', 'notification_email']);
  const setting: NotificationSetting = { level: readString(fields.level, `${path}.level`, 32, LEVEL_PATTERN) };
  if (has(fields, 'events')) {
    setting.events = readEvents(fields.events, `${path}.events`, (entry, at) => {
      if (entry !== null && typeof entry !== 'boolean') invalid(at, 'expected true, false or null');
      return entry;
    });
  }
  if (has(fields, 'notification_email')) {
    setting.notification_email = readString(fields.notification_email, `${path}.notification_email`, MAX_EMAIL_LENGTH);
  }
  return setting;
}

/** Edits to send or keep: a level GitLab knows (`known`) or any level name, switches only true or false. */
function readEdits(value: unknown, path: string, known: boolean): SettingEdits {
  const fields = readObject(value, path, ['level', 'events', 'notification_email']);
  const edits: SettingEdits = {};
  if (has(fields, 'level')) {
    edits.level = known ? readKnownLevel(fields.level, `${path}.level`) : readString(fields.level, `${path}.level`, 32, LEVEL_PATTERN);
  }
  if (has(fields, 'notification_email')) {
    edits.notification_email = readString(fields.notification_email, `${path}.notification_email`, MAX_EMAIL_LENGTH);
  }
  if (has(fields, 'events')) edits.events = readEvents(fields.events, `${path}.events`, readBoolean);
  return edits;
}

/** Each request's params, read by the method's own reader (the map's type ties them to `Requests`). */
const PARAMS: { [M in keyof Requests & string]: (params: unknown) => Requests[M]['params'] } = {
  load: (value) => ({ scope: readScope(readObject(value, 'params', ['scope']).scope, 'params.scope') }),
  save: (value) => {
    const fields = readObject(value, 'params', ['scope', 'baseline', 'update']);
    return {
      scope: readScope(fields.scope, 'params.scope'),
      baseline: readSetting(fields.baseline, 'params.baseline'),
      update: readEdits(fields.update, 'params.update', true) as NotificationSettingUpdate,
    };
  },
  addScope: (value) => {
    const fields = readObject(value, 'params', ['kind', 'ref']);
    if (!isValidScopeId(fields.ref)) invalid('params.ref', 'expected a positive integer or a path');
    return { kind: readOneOf(fields.kind, 'params.kind', ['group', 'project'] as const), ref: fields.ref };
  },
  bulkApply: (value) => {
    const fields = readObject(value, 'params', ['scopes', 'level']);
    const scopes = readArray(fields.scopes, 'params.scopes', readEntityScope);
    if (scopes.length === 0) invalid('params.scopes', 'empty');
    return { scopes, level: readKnownLevel(fields.level, 'params.level') };
  },
};

function readPageMessage(value: unknown): PageMessage {
  const type = readOneOf(readObject(value, '').type, 'type', ['ready', 'refreshScopes', 'cancelBulk', 'signIn', 'request'] as const);
  if (type !== 'request') {
    readObject(value, '', ['type']);
    return { type };
  }
  const fields = readObject(value, '', ['type', 'id', 'method', 'params']);
  if (typeof fields.id !== 'number' || !Number.isInteger(fields.id) || fields.id < 1 || fields.id > MAX_REQUEST_ID) invalid('id', 'expected a positive integer');
  const method = readOneOf(fields.method, 'method', Object.keys(PARAMS) as Array<keyof typeof PARAMS>);
  return { type, id: fields.id, method, params: PARAMS[method](fields.params) };
}

/** For the host: a message from the page, or why it was refused. Never throws. */
export function parsePageMessage(value: unknown): Validated<PageMessage> {
  return validate(value, readPageMessage);
}

function readPersistedState(value: unknown): PersistedState {
  const fields = readObject(value, 'state', ['version', 'selectedKey', 'forms', 'conflicts', 'bulkSelection', 'bulkLevel']);
  if (fields.version !== 1) invalid('state.version', 'unsupported');
  const state: PersistedState = {
    version: 1,
    forms: readArray(fields.forms, 'state.forms', (entry, at) => {
      const persisted = readObject(entry, at, ['key', 'form']);
      const raw = readObject(persisted.form, `${at}.form`, ['scope', 'baseline', 'edits']);
      const form: SettingForm = {
        scope: readScope(raw.scope, `${at}.form.scope`),
        baseline: readSetting(raw.baseline, `${at}.form.baseline`),
        edits: readEdits(raw.edits, `${at}.form.edits`, false),
      };
      const key = readKey(persisted.key, `${at}.key`);
      if (key !== scopeKey(form.scope)) invalid(`${at}.key`, 'does not match the scope');
      return { key, form };
    }),
    conflicts: readArray(fields.conflicts, 'state.conflicts', (entry, at) => {
      const conflict = readObject(entry, at, ['key', 'server']);
      return { key: readKey(conflict.key, `${at}.key`), server: readSetting(conflict.server, `${at}.server`) };
    }),
    bulkSelection: readArray(fields.bulkSelection, 'state.bulkSelection', readKey),
  };
  if (has(fields, 'selectedKey')) state.selectedKey = readKey(fields.selectedKey, 'state.selectedKey');
  if (has(fields, 'bulkLevel')) state.bulkLevel = readKnownLevel(fields.bulkLevel, 'state.bulkLevel');
  return state;
}

/** For the serializer and the page: a kept page state, or why it cannot be used. Never throws. */
export function parsePersistedState(value: unknown): Validated<PersistedState> {
  return validate(value, readPersistedState);
}
