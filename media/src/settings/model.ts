import { html, nothing, type TemplateResult } from 'lit-html';
import { live } from 'lit-html/directives/live.js';
import {
  isNotificationLevel, levelLabel, type Localize, type NotificationLevel, type NotificationSetting,
} from '../../../src/app/settings/shared/labels';
import { createForm, isDirty, sameSetting, type SettingForm } from '../../../src/app/settings/shared/formState';
import type {
  BulkSnapshot, ErrorInfo, PersistedState, ScopeEntry, ScopeListState, SnoozeNote,
} from '../../../src/app/settings/shared/protocol';
import type { LevelLink } from '../../../src/app/settings/shared/levelChain';
import { parseScopeKey, sameScopeNamed, type ScopeRef } from '../../../src/app/settings/shared/scopes';

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
  /** The scope option that holds the list's one tab stop: the one focused last (not kept across reloads). */
  activeKey?: string;
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
  /** Every snooze of the instance, as the host last said. */
  snoozes: SnoozeNote[];
  /** The snooze being ended (its scope's key), and why the last try failed. */
  endingSnooze?: string;
  snoozeError?: { key: string; message: string };
}

export function initialState(): UiState {
  return { byKey: new Map(), add: { open: false, kind: 'either', ref: '' }, bulkSelection: new Set(), snoozes: [] };
}

/** A scope's state, created empty on first use. */
export function scopeState(state: UiState, key: string): ScopeState {
  let scope = state.byKey.get(key);
  if (!scope) state.byKey.set(key, scope = {});
  return scope;
}

export const isDirtyScope = (scope: ScopeState | undefined): boolean => scope?.form !== undefined && isDirty(scope.form);

/**
 * A form without edits takes GitLab's setting as read (a load, or a change made anywhere: the status bar, a snooze,
 * another window). A "Saved." said of another setting goes with it; the same setting (an echo) keeps it.
 */
export function followSetting(scope: ScopeState, ref: ScopeRef, setting: NotificationSetting): void {
  if (isDirtyScope(scope)) return;
  if (!scope.form || !sameSetting(scope.form.baseline, setting)) scope.notice = undefined;
  scope.form = createForm(scope.form?.scope ?? ref, setting);
}

/**
 * The snooze of the scope a key names, however each names it (by ID or by path): the list's entry knows both where
 * GitLab told it the path.
 */
export function snoozeOf(state: UiState, key: string): SnoozeNote | undefined {
  const entry = findEntry(state, key);
  if (!entry) return undefined;
  const pathOf = (scope: ScopeRef, detail?: string) => detail ?? (scope.kind !== 'global' && typeof scope.id === 'string' ? scope.id : undefined);
  const shown = { scope: entry.scope, path: pathOf(entry.scope, entry.detail) };
  return state.snoozes.find((snooze) => sameScopeNamed(shown, { scope: snooze.scope, path: pathOf(snooze.scope) }));
}

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

/** The list in the order it is shown: Global, then the groups, then the projects. */
export function listedEntries(state: UiState): ScopeEntry[] {
  const entries = visibleEntries(state);
  return ['global', 'group', 'project'].flatMap((kind) => entries.filter((entry) => entry.scope.kind === kind));
}

export function findEntry(state: UiState, key: string | undefined): ScopeEntry | undefined {
  return key === undefined ? undefined : visibleEntries(state).find((entry) => entry.key === key);
}

/** A level's human label; an unknown level keeps its name with a note. */
export function levelText(t: Localize, level: string): string {
  return isNotificationLevel(level) ? levelLabel(level, t) : t('{0} (not known to this extension)', level);
}

/** The scope list: choosing a scope, the keyboard in the list, and the Add form below it. */
export interface ListActions {
  select(key: string): void;
  optionFocused(key: string): void;
  listKey(event: KeyboardEvent): void;
  toggleAdd(): void;
  setAdd(change: Partial<Pick<UiState['add'], 'kind' | 'ref'>>): void;
  submitAdd(): void;
}

/** The form of the scope shown: edits, Save and Discard, a failure's Retry, a conflict's choice, End Snooze. */
export interface FormActions {
  edit(change: (form: SettingForm) => SettingForm): void;
  save(): void;
  revert(): void;
  retry(): void;
  keepMine(): void;
  takeTheirs(): void;
  endSnooze(snooze: SnoozeNote): void;
}

/** The bulk change: the scopes checked, the level, Apply and Clear. */
export interface BulkActions {
  toggle(key: string, selected: boolean): void;
  setLevel(level: NotificationLevel): void;
  apply(): void;
  clear(): void;
}

/**
 * What the page's views ask of the page (the SettingsApp and its parts do it): the views render the state and call
 * these on the person's input, so they need not know the app, and the app imports the views, not the other way round.
 */
export interface Actions {
  signal(type: 'refreshScopes' | 'signIn' | 'cancelBulk'): void;
  readonly list: ListActions;
  readonly form: FormActions;
  readonly bulk: BulkActions;
}

// ---- template parts that several of the page's parts use -------------------------------------------------------

export type View = TemplateResult | typeof nothing;

/** An option whose selectedness follows the state (a property: Discard must put the select back). */
export const option = (value: string, label: string, selected: boolean, title?: string): TemplateResult =>
  html`<option value=${value} title=${title ?? nothing} .selected=${live(selected)}>${label}</option>`;

/** "⚠ Error:" before an error's text: a shape and a word, so the error does not rest on its colour alone. */
export const errorPrefix = (t: Localize): TemplateResult =>
  html`<span class="error-prefix"><span class="error-icon" aria-hidden="true">⚠︎</span> ${t('Error:')}</span> `;

/** A field's error line: an alert (read out as it appears), empty and hidden without an error. */
export const errorLine = (id: string, message: string | undefined, t: Localize): TemplateResult =>
  html`<p id=${id} class="field-error" ?hidden=${!message} role="alert">${message ? html`${errorPrefix(t)}${message}` : ''}</p>`;
