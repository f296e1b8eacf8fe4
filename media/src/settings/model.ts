import { formatMessage, type Localize } from '../../../src/app/settings/shared/labels';
import { isNotificationLevel, type NotificationLevel, type NotificationSetting } from '../../../src/app/settings/shared/labels';
import { isDirty, type EventState, type SettingForm } from '../../../src/app/settings/shared/formState';
import { eventLabel, levelExplanation, levelLabel, nullSwitchIsOn } from '../../../src/app/settings/shared/labels';
import type {
  BulkSnapshot, ErrorInfo, InheritedLevel, PersistedState, ScopeEntry, ScopeListState,
} from '../../../src/app/settings/shared/protocol';
import { parseScopeKey } from '../../../src/app/settings/shared/scopes';

/** The host's translations (VS Code's l10n bundle for the display language; none in English), as a `t` function. */
export function textsFrom(bundle: Record<string, string> | undefined): Localize {
  return (message, ...args) => formatMessage(bundle?.[message] ?? message, ...args);
}

export type Notice = 'saved' | 'alreadySaved';

/** Everything the page shows, in one place; views read it, the app changes it. */
export interface UiState {
  texts?: Localize;
  scopes?: ScopeListState;
  selectedKey?: string;
  forms: Map<string, SettingForm>;
  /** The newest load of each scope: an older one's answer is dropped. */
  loading: Map<string, Promise<unknown>>;
  loadErrors: Map<string, ErrorInfo>;
  saving: Set<string>;
  saveErrors: Map<string, ErrorInfo>;
  conflicts: Map<string, NotificationSetting>;
  /** What each loaded group or project inherits at `global`, as the host worked it out. */
  inherited: Map<string, InheritedLevel>;
  notices: Map<string, Notice>;
  /** Scopes whose e-mail field failed the check before sending. */
  emailChecked: Set<string>;
  add: { open: boolean; kind: 'group' | 'project'; ref: string; adding?: boolean; error?: string };
  bulkSelection: Set<string>;
  bulkLevel: NotificationLevel;
  bulk?: BulkSnapshot;
  /** Why the host refused to start a bulk run. */
  bulkError?: string;
}

export function initialState(): UiState {
  return {
    forms: new Map(),
    loading: new Map(),
    loadErrors: new Map(),
    saving: new Set(),
    saveErrors: new Map(),
    conflicts: new Map(),
    inherited: new Map(),
    notices: new Map(),
    emailChecked: new Set(),
    add: { open: false, kind: 'group', ref: '' },
    bulkSelection: new Set(),
    bulkLevel: 'disabled',
  };
}

/** What survives hiding the panel and reloading the window: unsaved edits, open conflicts, selections. */
export function toPersisted(state: UiState): PersistedState {
  const forms = [...state.forms].filter(([key, form]) => isDirty(form) || key === state.selectedKey || state.conflicts.has(key));
  const persisted: PersistedState = {
    version: 1,
    forms: forms.map(([key, form]) => ({ key, form })),
    conflicts: [...state.conflicts].map(([key, server]) => ({ key, server })),
    bulkSelection: [...state.bulkSelection],
    bulkLevel: state.bulkLevel,
  };
  if (state.selectedKey) persisted.selectedKey = state.selectedKey;
  return persisted;
}

export function applyPersisted(state: UiState, persisted: PersistedState): void {
  for (const { key, form } of persisted.forms) state.forms.set(key, form);
  for (const { key, server } of persisted.conflicts) if (state.forms.has(key)) state.conflicts.set(key, server);
  state.bulkSelection = new Set(persisted.bulkSelection);
  if (persisted.bulkLevel) state.bulkLevel = persisted.bulkLevel;
  state.selectedKey = persisted.selectedKey;
}

/** The list to show: the host's entries plus any scope the page still holds edits for but the host no longer lists. */
export function visibleEntries(state: UiState): ScopeEntry[] {
  const entries = [...(state.scopes?.entries ?? [])];
  const known = new Set(entries.map((entry) => entry.key));
  for (const [key, form] of state.forms) {
    if (known.has(key) || (key !== state.selectedKey && !isDirty(form))) continue;
    const scope = parseScopeKey(key);
    if (scope && scope.kind !== 'global') entries.push({ key, scope, label: String(scope.id), origin: 'added' });
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

export function levelHint(t: Localize, level: string): string {
  return isNotificationLevel(level) ? levelExplanation(level, t)
    : t('GitLab reports a level this extension does not know. It is kept unless you choose another.');
}

/** The state of a switch; a never-set (`null`) one says what GitLab does with it. */
export function eventStateText(t: Localize, key: string, state: EventState): string {
  if (state === 'on') return t('on');
  if (state === 'off') return t('off');
  return nullSwitchIsOn(key) ? t('default (on)') : t('default (off)');
}

export function eventText(t: Localize, key: string): string {
  return eventLabel(key, t) ?? key;
}
