import {
  isNotificationLevel, levelLabel, type Localize, type NotificationLevel, type NotificationSetting,
} from '../../../src/app/settings/shared/labels';
import { isDirty, type SettingForm } from '../../../src/app/settings/shared/formState';
import type {
  BulkSnapshot, ErrorInfo, PersistedState, ScopeEntry, ScopeListState,
} from '../../../src/app/settings/shared/protocol';
import type { LevelLink } from '../../../src/app/settings/shared/levelChain';
import { parseScopeKey } from '../../../src/app/settings/shared/scopes';

/** One scope's part of the page: its form and where its requests stand. */
export interface ScopeState {
  form?: SettingForm;
  /** The newest load: an older one's answer is dropped. */
  loading?: Promise<unknown>;
  loadError?: ErrorInfo;
  saving?: boolean;
  saveError?: ErrorInfo;
  /** GitLab's setting, when a save found it changed since the form was loaded. */
  conflict?: NotificationSetting;
  /** The links above a group or project, as the host read them: what it inherits at `global`, and why. */
  above?: LevelLink[];
  notice?: 'saved' | 'alreadySaved';
  /** The e-mail field failed the check before sending. */
  emailChecked?: boolean;
}

/** Everything the page shows, in one place; views read it, the app changes it. */
export interface UiState {
  texts?: Localize;
  scopes?: ScopeListState;
  selectedKey?: string;
  /** By scope key. */
  byKey: Map<string, ScopeState>;
  /** `either` (the default): GitLab is asked which it is, so a project's path is never refused as "no such group". */
  add: { open: boolean; kind: 'either' | 'group' | 'project'; ref: string; adding?: boolean; error?: string };
  bulkSelection: Set<string>;
  /** None until the person chooses one: Apply waits for it. */
  bulkLevel?: NotificationLevel;
  bulk?: BulkSnapshot;
  /** Why the host refused to start a bulk run. */
  bulkError?: string;
}

export function initialState(): UiState {
  return { byKey: new Map(), add: { open: false, kind: 'either', ref: '' }, bulkSelection: new Set() };
}

/** A scope's state, created empty on first use. */
export function scopeState(state: UiState, key: string): ScopeState {
  let scope = state.byKey.get(key);
  if (!scope) state.byKey.set(key, scope = {});
  return scope;
}

export const isDirtyScope = (scope: ScopeState | undefined): boolean => scope?.form !== undefined && isDirty(scope.form);

/** What survives hiding the panel and reloading the window: unsaved edits, open conflicts, selections. */
export function toPersisted(state: UiState): PersistedState {
  const kept = [...state.byKey].filter(([key, scope]) => scope.form && (isDirty(scope.form) || key === state.selectedKey || scope.conflict));
  return {
    version: 1,
    forms: kept.map(([key, scope]) => ({ key, form: scope.form as SettingForm })),
    conflicts: kept.filter(([, scope]) => scope.conflict).map(([key, scope]) => ({ key, server: scope.conflict as NotificationSetting })),
    bulkSelection: [...state.bulkSelection],
    ...(state.bulkLevel ? { bulkLevel: state.bulkLevel } : {}),
    ...(state.selectedKey ? { selectedKey: state.selectedKey } : {}),
  };
}

export function applyPersisted(state: UiState, persisted: PersistedState): void {
  for (const { key, form } of persisted.forms) scopeState(state, key).form = form;
  for (const { key, server } of persisted.conflicts) if (state.byKey.get(key)?.form) scopeState(state, key).conflict = server;
  state.bulkSelection = new Set(persisted.bulkSelection);
  if (persisted.bulkLevel) state.bulkLevel = persisted.bulkLevel;
  state.selectedKey = persisted.selectedKey;
}

/** The list to show: the host's entries plus any scope the page still holds edits for but the host no longer lists. */
export function visibleEntries(state: UiState): ScopeEntry[] {
  const entries = [...(state.scopes?.entries ?? [])];
  const known = new Set(entries.map((entry) => entry.key));
  for (const [key, scope] of state.byKey) {
    if (!scope.form || known.has(key) || (key !== state.selectedKey && !isDirty(scope.form))) continue;
    const ref = parseScopeKey(key);
    if (ref && ref.kind !== 'global') entries.push({ key, scope: ref, label: String(ref.id), origin: 'added' });
  }
  return entries;
}

export function findEntry(state: UiState, key: string | undefined): ScopeEntry | undefined {
  return key === undefined ? undefined : visibleEntries(state).find((entry) => entry.key === key);
}

/** A level's human label; an unknown level keeps its name with a note. */
export function levelText(t: Localize, level: string): string {
  return isNotificationLevel(level) ? levelLabel(level, t) : t('{0} (not known to this extension)', level);
}
