import { NOTIFICATION_LEVELS } from '../../gitlab/types';
import type { HostMessage, PersistedState, WebviewMessage } from './protocol';
import {
  MAX_BULK_SCOPES, readBulkItem, readBulkSnapshot, readEntityScope, readErrorInfo, readEventLabels, readInheritedLevel,
  readKey, readKnownLevel, readLevelInfo, readPersistedState, readRequestId, readSaveResult, readScope, readScopeEntry,
  readScopeList, readSetting, readStrings, readUpdate,
} from './protocolReaders';
import { isValidScopeId } from './scopes';
import { has, invalid, readArray, readObject, readOneOf, validate, type Validated } from './validation';

/** Reads `type` first, then checks the fields that type allows. */
function readTyped<T extends string>(value: unknown, types: readonly T[]): { type: T; fields: Record<string, unknown> } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) invalid('', 'expected an object');
  const type = readOneOf((value as Record<string, unknown>).type, 'type', types);
  return { type, fields: value as Record<string, unknown> };
}

// ---- webview → host ---------------------------------------------------------------------------------------------

const WEBVIEW_TYPES = [
  'ready', 'loadScope', 'save', 'resolveConflict', 'addScope', 'refreshScopes', 'bulkApply', 'cancelBulk', 'signIn',
] as const;

function readWebviewMessage(value: unknown): WebviewMessage {
  const { type, fields: raw } = readTyped(value, WEBVIEW_TYPES);
  switch (type) {
    case 'ready':
    case 'refreshScopes':
    case 'signIn':
      readObject(raw, '', ['type']);
      return { type };
    case 'loadScope': {
      const fields = readObject(raw, '', ['type', 'requestId', 'scope']);
      return { type, requestId: readRequestId(fields.requestId, 'requestId'), scope: readScope(fields.scope, 'scope') };
    }
    case 'save': {
      const fields = readObject(raw, '', ['type', 'requestId', 'scope', 'baseline', 'update']);
      return {
        type,
        requestId: readRequestId(fields.requestId, 'requestId'),
        scope: readScope(fields.scope, 'scope'),
        baseline: readSetting(fields.baseline, 'baseline'),
        update: readUpdate(fields.update, 'update'),
      };
    }
    case 'resolveConflict': {
      const choice = readOneOf(raw.choice, 'choice', ['overwrite', 'theirs'] as const);
      if (choice === 'theirs') {
        const fields = readObject(raw, '', ['type', 'requestId', 'scope', 'choice']);
        return { type, choice, requestId: readRequestId(fields.requestId, 'requestId'), scope: readScope(fields.scope, 'scope') };
      }
      const fields = readObject(raw, '', ['type', 'requestId', 'scope', 'choice', 'baseline', 'update']);
      return {
        type,
        choice,
        requestId: readRequestId(fields.requestId, 'requestId'),
        scope: readScope(fields.scope, 'scope'),
        baseline: readSetting(fields.baseline, 'baseline'),
        update: readUpdate(fields.update, 'update'),
      };
    }
    case 'addScope': {
      const fields = readObject(raw, '', ['type', 'requestId', 'kind', 'ref']);
      if (!isValidScopeId(fields.ref)) invalid('ref', 'expected a positive integer or a path');
      return {
        type,
        requestId: readRequestId(fields.requestId, 'requestId'),
        kind: readOneOf(fields.kind, 'kind', ['group', 'project'] as const),
        ref: fields.ref,
      };
    }
    case 'bulkApply': {
      const fields = readObject(raw, '', ['type', 'requestId', 'scopes', 'level']);
      const scopes = readArray(fields.scopes, 'scopes', MAX_BULK_SCOPES, readEntityScope);
      if (scopes.length === 0) invalid('scopes', 'empty');
      return { type, requestId: readRequestId(fields.requestId, 'requestId'), scopes, level: readKnownLevel(fields.level, 'level') };
    }
    case 'cancelBulk': {
      const fields = readObject(raw, '', ['type', 'requestId']);
      return { type, requestId: readRequestId(fields.requestId, 'requestId') };
    }
  }
}

/** For the host: a message from the webview, or why it was refused. Never throws. */
export function parseWebviewMessage(value: unknown): Validated<WebviewMessage> {
  return validate(value, readWebviewMessage);
}

// ---- host → webview ---------------------------------------------------------------------------------------------

const HOST_TYPES = [
  'state', 'scopes', 'focusScope', 'scopeLoaded', 'settingChanged', 'inherited', 'saveResult', 'scopeAdded', 'error',
  'bulkProgress', 'bulkDone',
] as const;

function readHostMessage(value: unknown): HostMessage {
  const { type, fields: raw } = readTyped(value, HOST_TYPES);
  switch (type) {
    case 'state': {
      const fields = readObject(raw, '', ['type', 'strings', 'levels', 'eventLabels', 'scopes', 'focusKey', 'bulk', 'restored']);
      const message: HostMessage = {
        type,
        strings: readStrings(fields.strings, 'strings'),
        levels: readArray(fields.levels, 'levels', NOTIFICATION_LEVELS.length, readLevelInfo),
        eventLabels: readEventLabels(fields.eventLabels, 'eventLabels'),
        scopes: readScopeList(fields.scopes, 'scopes'),
      };
      if (has(fields, 'focusKey')) message.focusKey = readKey(fields.focusKey, 'focusKey');
      if (has(fields, 'bulk')) message.bulk = readBulkSnapshot(fields.bulk, 'bulk');
      if (has(fields, 'restored')) message.restored = readPersistedState(fields.restored);
      return message;
    }
    case 'scopes': {
      const fields = readObject(raw, '', ['type', 'scopes']);
      return { type, scopes: readScopeList(fields.scopes, 'scopes') };
    }
    case 'focusScope': {
      const fields = readObject(raw, '', ['type', 'key']);
      return { type, key: readKey(fields.key, 'key') };
    }
    case 'scopeLoaded': {
      const fields = readObject(raw, '', ['type', 'requestId', 'key', 'setting']);
      return {
        type,
        requestId: readRequestId(fields.requestId, 'requestId'),
        key: readKey(fields.key, 'key'),
        setting: readSetting(fields.setting, 'setting'),
      };
    }
    case 'settingChanged': {
      const fields = readObject(raw, '', ['type', 'key', 'setting']);
      return { type, key: readKey(fields.key, 'key'), setting: readSetting(fields.setting, 'setting') };
    }
    case 'inherited': {
      const fields = readObject(raw, '', ['type', 'key', 'inherited']);
      return { type, key: readKey(fields.key, 'key'), inherited: readInheritedLevel(fields.inherited, 'inherited') };
    }
    case 'saveResult': {
      const fields = readObject(raw, '', ['type', 'requestId', 'key', 'result']);
      return {
        type,
        requestId: readRequestId(fields.requestId, 'requestId'),
        key: readKey(fields.key, 'key'),
        result: readSaveResult(fields.result, 'result'),
      };
    }
    case 'scopeAdded': {
      const fields = readObject(raw, '', ['type', 'requestId', 'entry']);
      return { type, requestId: readRequestId(fields.requestId, 'requestId'), entry: readScopeEntry(fields.entry, 'entry') };
    }
    case 'error': {
      const fields = readObject(raw, '', ['type', 'requestId', 'error']);
      return { type, requestId: readRequestId(fields.requestId, 'requestId'), error: readErrorInfo(fields.error, 'error') };
    }
    case 'bulkProgress': {
      const fields = readObject(raw, '', ['type', 'requestId', 'item']);
      return { type, requestId: readRequestId(fields.requestId, 'requestId'), item: readBulkItem(fields.item, 'item') };
    }
    case 'bulkDone': {
      const fields = readObject(raw, '', ['type', 'requestId', 'items']);
      return {
        type,
        requestId: readRequestId(fields.requestId, 'requestId'),
        items: readArray(fields.items, 'items', MAX_BULK_SCOPES, readBulkItem),
      };
    }
  }
}

/** For the webview: a message from the host, or why it was refused. Never throws. */
export function parseHostMessage(value: unknown): Validated<HostMessage> {
  return validate(value, readHostMessage);
}

/** The webview's saved state (from `getState()` or the panel serializer), or why it cannot be used. */
export function parsePersistedState(value: unknown): Validated<PersistedState> {
  return validate(value, readPersistedState);
}
