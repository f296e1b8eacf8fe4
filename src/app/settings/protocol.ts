/**
 * The messages between the settings webview and the extension host. Both sides validate what they receive with
 * `messageValidators.ts`; nothing here is trusted before that. The token never travels in any of them.
 */
import type { GitLabErrorKind } from '../../gitlab/errors';
import type { NotificationLevel, NotificationSetting, NotificationSettingUpdate } from '../../gitlab/types';
import type { SettingForm } from './formState';
import type { LevelInfo } from './levels';
import type { EntityKind, EntityScopeRef, ScopeRef } from './scopes';
import type { WebviewStrings } from './strings';

export type ScopeOrigin = 'global' | 'member' | 'workspace' | 'added';

export interface ScopeEntry {
  key: string;
  scope: ScopeRef;
  label: string;
  /** Full path, when known and different from the label. */
  detail?: string;
  origin: ScopeOrigin;
}

export interface ScopeListState {
  entries: ScopeEntry[];
  /** False when the server does not offer `GET /groups` (it answered 404): only groups added by hand are listed. */
  groupsOffered: boolean;
  /** Why the user's groups could not be listed, for any other failure. */
  groupsError?: ErrorInfo;
  /** The user's groups are still being fetched; a `scopes` message follows. */
  groupsLoading?: boolean;
}

export type ErrorKind = GitLabErrorKind | 'signedOut' | 'invalidInput' | 'unexpected';
export const ERROR_KINDS: readonly ErrorKind[] = [
  'unauthorized', 'forbidden', 'notFound', 'validation', 'rateLimited', 'server', 'network', 'timeout', 'badResponse',
  'cancelled', 'signedOut', 'invalidInput', 'unexpected',
];

export type ErrorField = 'notification_email' | 'level' | 'ref';
export const ERROR_FIELDS: readonly ErrorField[] = ['notification_email', 'level', 'ref'];
export type ErrorAction = 'signIn' | 'retry';

/** A failure as the user reads it. `message` may quote GitLab and is always inserted as text. */
export interface ErrorInfo {
  kind: ErrorKind;
  message: string;
  field?: ErrorField;
  action?: ErrorAction;
}

export type SaveResult =
  | { outcome: 'saved'; setting: NotificationSetting; alreadyApplied: boolean }
  | { outcome: 'conflict'; server: NotificationSetting }
  /** `server`: the setting as GitLab has it after the failed attempt, when it could be read (a 400 may still have
   *  applied part of the change, behaviour note §2.5). */
  | { outcome: 'failed'; error: ErrorInfo; server?: NotificationSetting };

/** What a group or project inherits while its level is `global` (behaviour note §2.7), for the line beside the select. */
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
export const BULK_ITEM_STATUSES: readonly BulkItemStatus[] = ['queued', 'running', 'changed', 'unchanged', 'failed', 'cancelled'];

export interface BulkItemReport {
  key: string;
  scope: EntityScopeRef;
  status: BulkItemStatus;
  /** Level before the change (known once the item was read). */
  previousLevel?: string;
  /** Level after the change, as GitLab answered. */
  level?: string;
  error?: ErrorInfo;
}

/** A bulk run as the host remembers it, re-sent when the webview comes back. */
export interface BulkSnapshot {
  requestId: number;
  level: NotificationLevel;
  items: BulkItemReport[];
  done: boolean;
}

// ---- webview → host -------------------------------------------------------------------------------------------

export type WebviewMessage =
  | { type: 'ready' }
  | { type: 'loadScope'; requestId: number; scope: ScopeRef }
  | { type: 'save'; requestId: number; scope: ScopeRef; baseline: NotificationSetting; update: NotificationSettingUpdate }
  | {
    type: 'resolveConflict'; requestId: number; scope: ScopeRef; choice: 'overwrite';
    baseline: NotificationSetting; update: NotificationSettingUpdate;
  }
  | { type: 'resolveConflict'; requestId: number; scope: ScopeRef; choice: 'theirs' }
  | { type: 'addScope'; requestId: number; kind: EntityKind; ref: string | number }
  | { type: 'refreshScopes' }
  | { type: 'bulkApply'; requestId: number; scopes: EntityScopeRef[]; level: NotificationLevel }
  | { type: 'cancelBulk'; requestId: number }
  | { type: 'signIn' };

export type WebviewMessageType = WebviewMessage['type'];

// ---- host → webview -------------------------------------------------------------------------------------------

export type HostMessage =
  | {
    type: 'state'; strings: WebviewStrings; levels: LevelInfo[]; eventLabels: Record<string, string>;
    scopes: ScopeListState; focusKey?: string; bulk?: BulkSnapshot;
    /** The page state VS Code handed to the panel serializer after a window reload, for a page that lost it. */
    restored?: PersistedState;
  }
  | { type: 'scopes'; scopes: ScopeListState }
  | { type: 'focusScope'; key: string }
  | { type: 'scopeLoaded'; requestId: number; key: string; setting: NotificationSetting }
  | { type: 'settingChanged'; key: string; setting: NotificationSetting }
  /** Sent after a scope loads and again when any level changes; shown while the scope's level is `global`. */
  | { type: 'inherited'; key: string; inherited: InheritedLevel }
  | { type: 'saveResult'; requestId: number; key: string; result: SaveResult }
  | { type: 'scopeAdded'; requestId: number; entry: ScopeEntry }
  | { type: 'error'; requestId: number; error: ErrorInfo }
  | { type: 'bulkProgress'; requestId: number; item: BulkItemReport }
  | { type: 'bulkDone'; requestId: number; items: BulkItemReport[] };

export type HostMessageType = HostMessage['type'];

// ---- webview state (vscode.setState; handed to the panel serializer on window reload) -----------------------------

export interface PersistedForm {
  key: string;
  form: SettingForm;
}

export interface PersistedState {
  version: 1;
  selectedKey?: string;
  /** Forms with unsaved edits (and the selected one). */
  forms: PersistedForm[];
  /** An unresolved conflict: the server's setting to compare with. */
  conflicts: Array<{ key: string; server: NotificationSetting }>;
  bulkSelection: string[];
  bulkLevel?: NotificationLevel;
}
