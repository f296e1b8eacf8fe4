/** Readers of the protocol's building blocks, shared by the message validators of both directions. */
import { NOTIFICATION_LEVELS, type NotificationLevel, type NotificationSetting, type NotificationSettingUpdate } from '../../gitlab/types';
import type { SettingEdits, SettingForm } from './formState';
import type { LevelInfo } from './levels';
import {
  BULK_ITEM_STATUSES, ERROR_FIELDS, ERROR_KINDS, type BulkItemReport, type BulkSnapshot, type ChainLink, type ErrorInfo, type InheritedLevel,
  type PersistedForm, type PersistedState, type SaveResult, type ScopeEntry, type ScopeListState,
} from './protocol';
import { isValidScopeId, scopeKey, type EntityScopeRef, type ScopeRef } from './scopes';
import { EVENT_KEY_PATTERN, LEVEL_PATTERN, MAX_EMAIL_LENGTH, MAX_EVENT_KEYS } from './settingShape';
import { WEBVIEW_STRING_KEYS, type WebviewStrings } from './strings';
import {
  has, invalid, readArray, readBoolean, readInteger, readMap, readObject, readOneOf, readString,
} from './validation';


export const MAX_REQUEST_ID = 2 ** 31 - 1;
export const MAX_SCOPES = 2000;
export const MAX_BULK_SCOPES = 500;
const MAX_TEXT = 4000;
const MAX_LABEL = 512;
const SCOPE_KEY_PATTERN = /^(global|(group|project):[A-Za-z0-9_.+\-/]{1,255})$/;

export function readRequestId(value: unknown, path: string): number {
  return readInteger(value, path, 1, MAX_REQUEST_ID);
}

export function readScope(value: unknown, path: string): ScopeRef {
  const fields = readObject(value, path, ['kind', 'id']);
  const kind = readOneOf(fields.kind, `${path}.kind`, ['global', 'group', 'project'] as const);
  if (kind === 'global') {
    if (has(fields, 'id')) invalid(path, 'global scope has no id');
    return { kind };
  }
  if (!isValidScopeId(fields.id)) invalid(`${path}.id`, 'expected a positive integer or a path');
  return { kind, id: fields.id };
}

export function readEntityScope(value: unknown, path: string): EntityScopeRef {
  const scope = readScope(value, path);
  if (scope.kind === 'global') invalid(path, 'expected a group or project');
  return scope;
}

export function readKey(value: unknown, path: string): string {
  return readString(value, path, { min: 1, max: 300, pattern: SCOPE_KEY_PATTERN });
}

export function readLevelName(value: unknown, path: string): string {
  return readString(value, path, { min: 1, max: 32, pattern: LEVEL_PATTERN });
}

export function readInheritedLevel(value: unknown, path: string): InheritedLevel {
  const fields = readObject(value, path, ['level', 'from', 'path', 'chain']);
  const level = readLevelName(fields.level, `${path}.level`);
  const from = readOneOf(fields.from, `${path}.from`, ['global', 'group'] as const);
  const chain = has(fields, 'chain') ? { chain: readArray(fields.chain, `${path}.chain`, MAX_CHAIN, readChainLink) } : {};
  if (from === 'global') {
    if (has(fields, 'path')) invalid(path, 'global has no path');
    return { level, from, ...chain };
  }
  if (typeof fields.path !== 'string' || !isValidScopeId(fields.path)) invalid(`${path}.path`, 'expected a group path');
  return { level, from, path: fields.path, ...chain };
}

/** Groups nest at most 20 deep in GitLab; global is one more. */
const MAX_CHAIN = 21;

function readChainLink(value: unknown, path: string): ChainLink {
  const fields = readObject(value, path, ['kind', 'name', 'level']);
  const kind = readOneOf(fields.kind, `${path}.kind`, ['group', 'global'] as const);
  const level = readLevelName(fields.level, `${path}.level`);
  if (kind === 'global') {
    if (fields.name !== '') invalid(`${path}.name`, 'global has no name');
    return { kind, name: '', level };
  }
  if (typeof fields.name !== 'string' || !isValidScopeId(fields.name)) invalid(`${path}.name`, 'expected a group path');
  return { kind, name: fields.name, level };
}

export function readKnownLevel(value: unknown, path: string): NotificationLevel {
  return readOneOf(value, path, NOTIFICATION_LEVELS);
}

export function readEmail(value: unknown, path: string): string {
  return readString(value, path, { max: MAX_EMAIL_LENGTH });
}

export function readSetting(value: unknown, path: string): NotificationSetting {
  const fields = readObject(value, path, ['level', 'events', 'notification_email']);
  const setting: NotificationSetting = { level: readLevelName(fields.level, `${path}.level`) };
  if (has(fields, 'events')) {
    setting.events = readMap(fields.events, `${path}.events`, MAX_EVENT_KEYS, EVENT_KEY_PATTERN, (entry, at) => {
      if (entry !== null && typeof entry !== 'boolean') invalid(at, 'expected true, false or null');
      return entry;
    });
  }
  if (has(fields, 'notification_email')) setting.notification_email = readEmail(fields.notification_email, `${path}.notification_email`);
  return setting;
}

export function readBooleanMap(value: unknown, path: string): Record<string, boolean> {
  return readMap(value, path, MAX_EVENT_KEYS, EVENT_KEY_PATTERN, readBoolean);
}

export function readUpdate(value: unknown, path: string): NotificationSettingUpdate {
  const fields = readObject(value, path, ['level', 'events', 'notification_email']);
  const update: NotificationSettingUpdate = {};
  if (has(fields, 'level')) update.level = readKnownLevel(fields.level, `${path}.level`);
  if (has(fields, 'notification_email')) update.notification_email = readEmail(fields.notification_email, `${path}.notification_email`);
  if (has(fields, 'events')) update.events = readBooleanMap(fields.events, `${path}.events`);
  return update;
}

export function readErrorInfo(value: unknown, path: string): ErrorInfo {
  const fields = readObject(value, path, ['kind', 'message', 'field', 'action']);
  const error: ErrorInfo = {
    kind: readOneOf(fields.kind, `${path}.kind`, ERROR_KINDS),
    message: readString(fields.message, `${path}.message`, { max: MAX_TEXT }),
  };
  if (has(fields, 'field')) error.field = readOneOf(fields.field, `${path}.field`, ERROR_FIELDS);
  if (has(fields, 'action')) error.action = readOneOf(fields.action, `${path}.action`, ['signIn', 'retry'] as const);
  return error;
}

export function readScopeEntry(value: unknown, path: string): ScopeEntry {
  const fields = readObject(value, path, ['key', 'scope', 'label', 'detail', 'origin']);
  const scope = readScope(fields.scope, `${path}.scope`);
  const key = readKey(fields.key, `${path}.key`);
  if (key !== scopeKey(scope)) invalid(`${path}.key`, 'does not match the scope');
  const entry: ScopeEntry = {
    key,
    scope,
    label: readString(fields.label, `${path}.label`, { min: 1, max: MAX_LABEL }),
    origin: readOneOf(fields.origin, `${path}.origin`, ['global', 'member', 'workspace', 'added'] as const),
  };
  if (has(fields, 'detail')) entry.detail = readString(fields.detail, `${path}.detail`, { max: MAX_LABEL });
  return entry;
}

export function readScopeList(value: unknown, path: string): ScopeListState {
  const fields = readObject(value, path, ['entries', 'groupsOffered', 'groupsError', 'groupsLoading']);
  const list: ScopeListState = {
    entries: readArray(fields.entries, `${path}.entries`, MAX_SCOPES, readScopeEntry),
    groupsOffered: readBoolean(fields.groupsOffered, `${path}.groupsOffered`),
  };
  if (has(fields, 'groupsError')) list.groupsError = readErrorInfo(fields.groupsError, `${path}.groupsError`);
  if (has(fields, 'groupsLoading')) list.groupsLoading = readBoolean(fields.groupsLoading, `${path}.groupsLoading`);
  return list;
}

export function readStrings(value: unknown, path: string): WebviewStrings {
  const fields = readObject(value, path, WEBVIEW_STRING_KEYS);
  const strings = {} as WebviewStrings;
  for (const key of WEBVIEW_STRING_KEYS) strings[key] = readString(fields[key], `${path}.${key}`, { max: MAX_TEXT });
  return strings;
}

export function readEventLabels(value: unknown, path: string): Record<string, string> {
  return readMap(value, path, MAX_EVENT_KEYS, EVENT_KEY_PATTERN, (entry, at) => readString(entry, at, { min: 1, max: MAX_LABEL }));
}

export function readLevelInfo(value: unknown, path: string): LevelInfo {
  const fields = readObject(value, path, ['level', 'label', 'explanation']);
  return {
    level: readKnownLevel(fields.level, `${path}.level`),
    label: readString(fields.label, `${path}.label`, { min: 1, max: MAX_LABEL }),
    explanation: readString(fields.explanation, `${path}.explanation`, { max: MAX_TEXT }),
  };
}

export function readBulkItem(value: unknown, path: string): BulkItemReport {
  const fields = readObject(value, path, ['key', 'scope', 'status', 'previousLevel', 'level', 'error']);
  const scope = readEntityScope(fields.scope, `${path}.scope`);
  const key = readKey(fields.key, `${path}.key`);
  if (key !== scopeKey(scope)) invalid(`${path}.key`, 'does not match the scope');
  const item: BulkItemReport = { key, scope, status: readOneOf(fields.status, `${path}.status`, BULK_ITEM_STATUSES) };
  if (has(fields, 'previousLevel')) item.previousLevel = readLevelName(fields.previousLevel, `${path}.previousLevel`);
  if (has(fields, 'level')) item.level = readLevelName(fields.level, `${path}.level`);
  if (has(fields, 'error')) item.error = readErrorInfo(fields.error, `${path}.error`);
  return item;
}

export function readBulkSnapshot(value: unknown, path: string): BulkSnapshot {
  const fields = readObject(value, path, ['requestId', 'level', 'items', 'done']);
  return {
    requestId: readRequestId(fields.requestId, `${path}.requestId`),
    level: readKnownLevel(fields.level, `${path}.level`),
    items: readArray(fields.items, `${path}.items`, MAX_BULK_SCOPES, readBulkItem),
    done: readBoolean(fields.done, `${path}.done`),
  };
}

export function readSaveResult(value: unknown, path: string): SaveResult {
  const fields = readObject(value, path, ['outcome', 'setting', 'alreadyApplied', 'server', 'error']);
  const outcome = readOneOf(fields.outcome, `${path}.outcome`, ['saved', 'conflict', 'failed'] as const);
  const only = (allowed: string[]): void => {
    for (const key of Object.keys(fields)) if (!allowed.includes(key)) invalid(path, `unexpected field "${key}" for ${outcome}`);
  };
  switch (outcome) {
    case 'saved':
      only(['outcome', 'setting', 'alreadyApplied']);
      return {
        outcome,
        setting: readSetting(fields.setting, `${path}.setting`),
        alreadyApplied: readBoolean(fields.alreadyApplied, `${path}.alreadyApplied`),
      };
    case 'conflict':
      only(['outcome', 'server']);
      return { outcome, server: readSetting(fields.server, `${path}.server`) };
    case 'failed':
      only(['outcome', 'error', 'server']);
      return has(fields, 'server')
        ? { outcome, error: readErrorInfo(fields.error, `${path}.error`), server: readSetting(fields.server, `${path}.server`) }
        : { outcome, error: readErrorInfo(fields.error, `${path}.error`) };
  }
}

// ---- persisted webview state ----------------------------------------------------------------------------------

export function readEdits(value: unknown, path: string): SettingEdits {
  const fields = readObject(value, path, ['level', 'notification_email', 'events']);
  const edits: SettingEdits = {};
  if (has(fields, 'level')) edits.level = readLevelName(fields.level, `${path}.level`);
  if (has(fields, 'notification_email')) edits.notification_email = readEmail(fields.notification_email, `${path}.notification_email`);
  if (has(fields, 'events')) edits.events = readBooleanMap(fields.events, `${path}.events`);
  return edits;
}

export function readForm(value: unknown, path: string): SettingForm {
  const fields = readObject(value, path, ['scope', 'baseline', 'edits']);
  return {
    scope: readScope(fields.scope, `${path}.scope`),
    baseline: readSetting(fields.baseline, `${path}.baseline`),
    edits: readEdits(fields.edits, `${path}.edits`),
  };
}

export function readPersistedForm(value: unknown, path: string): PersistedForm {
  const fields = readObject(value, path, ['key', 'form']);
  const form = readForm(fields.form, `${path}.form`);
  const key = readKey(fields.key, `${path}.key`);
  if (key !== scopeKey(form.scope)) invalid(`${path}.key`, 'does not match the scope');
  return { key, form };
}

export function readPersistedState(value: unknown): PersistedState {
  const fields = readObject(value, 'state', ['version', 'selectedKey', 'forms', 'conflicts', 'bulkSelection', 'bulkLevel']);
  if (fields.version !== 1) invalid('state.version', 'unsupported');
  const state: PersistedState = {
    version: 1,
    forms: readArray(fields.forms, 'state.forms', MAX_SCOPES, readPersistedForm),
    conflicts: readArray(fields.conflicts, 'state.conflicts', MAX_SCOPES, (entry, at) => {
      const conflict = readObject(entry, at, ['key', 'server']);
      return { key: readKey(conflict.key, `${at}.key`), server: readSetting(conflict.server, `${at}.server`) };
    }),
    bulkSelection: readArray(fields.bulkSelection, 'state.bulkSelection', MAX_SCOPES, readKey),
  };
  if (has(fields, 'selectedKey')) state.selectedKey = readKey(fields.selectedKey, 'state.selectedKey');
  if (has(fields, 'bulkLevel')) state.bulkLevel = readKnownLevel(fields.bulkLevel, 'state.bulkLevel');
  return state;
}
