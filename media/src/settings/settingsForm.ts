import {
  conflictRows, currentEmail, currentLevel, desiredSetting, emailProblem, eventKeys, eventState, isDirty, isEventChanged,
  offersSpecEvents, type ConflictRow, type SettingForm,
} from '../../../src/app/settings/shared/formState';
import { offeredLevels } from '../../../src/app/settings/shared/labels';
import type { ErrorInfo, InheritedLevel } from '../../../src/app/settings/shared/protocol';
import type { NotificationSetting } from '../../../src/gitlab/types';
import type { SettingsApp as Actions } from './app';
import { h, type Child } from './dom';
import { eventStateText, eventText, findEntry, format, levelText, type Texts, type UiState } from './model';
import { option, valueInput } from './scopePanel';

/** The right column: the selected scope's level, event switches, e-mail, errors, conflict and Save. */
export function settingsForm(state: UiState, texts: Texts, actions: Actions): Child[] {
  const { strings } = texts;
  const key = state.selectedKey;
  const entry = findEntry(state, key);
  if (!key || !entry) return [h('p', { id: 'form-status', attrs: { role: 'status' } }, strings.noScopeSelected)];
  const form = state.forms.get(key);
  const error = state.saveErrors.get(key) ?? state.loadErrors.get(key);
  const conflict = state.conflicts.get(key);
  const header = h('header', { className: 'form-header' },
    h('h1', { id: 'scope-title' }, key === 'global' ? strings.globalLabel : entry.label),
    entry.detail && key !== 'global' ? h('p', { id: 'scope-detail', className: 'scope-detail' }, entry.detail) : null);
  if (!form) {
    return [header, h('p', { id: 'form-status', attrs: { role: 'status' } }, state.loading.has(key) ? strings.statusLoading : ''),
      errorBox(error, texts, actions)];
  }
  const saving = state.saving.has(key);
  const dirty = isDirty(form);
  const level = currentLevel(form);
  const showEmailProblem = state.emailChecked.has(key) && emailProblem(currentEmail(form)) !== undefined;
  const emailError = error?.field === 'notification_email' ? error.message : showEmailProblem ? strings.emailInvalid : undefined;
  return [
    header,
    h('p', { id: 'form-status', attrs: { role: 'status' } }, statusText(state, key, form, texts)),
    // An e-mail problem is shown at the e-mail field, not twice.
    errorBox(error?.field === 'notification_email' && form.scope.kind === 'global' ? undefined : error, texts, actions),
    conflict ? conflictView(form, conflict, texts, actions) : null,
    h('div', { className: 'field' },
      h('label', { attrs: { for: 'level-select' } }, strings.levelLabel),
      h('select', {
        id: 'level-select', data: { level },
        on: { change: (event) => actions.setLevel((event.target as HTMLSelectElement).value) },
      }, ...offeredLevels(form.scope, level).map((value) =>
        option(value, levelText(texts, value), value === level, texts.levels.get(value)?.explanation))),
      h('p', { id: 'level-explanation', className: 'hint' }, texts.levels.get(level)?.explanation ?? strings.unknownLevelExplanation),
      level === 'global' ? inheritedLine(state.inherited.get(key), texts) : null),
    ...(level === 'custom' ? eventsPart(form, texts, actions) : []),
    form.scope.kind === 'global'
      ? h('div', { id: 'email-field', className: 'field' },
        h('label', { attrs: { for: 'notification-email' } }, strings.emailLabel),
        valueInput('notification-email', currentEmail(form), {
          type: 'email', autocomplete: 'email', spellcheck: 'false', 'aria-describedby': 'notification-email-hint notification-email-error',
          ...(emailError ? { 'aria-invalid': 'true' } : {}),
        }, false, (value) => actions.setEmail(value)),
        h('p', { id: 'notification-email-error', className: 'field-error', hidden: !emailError, attrs: { role: 'alert' } }, emailError ?? ''),
        h('p', { id: 'notification-email-hint', className: 'hint' }, strings.emailHint))
      : null,
    h('div', { className: 'actions' },
      h('button', {
        id: 'save-button', disabled: !dirty || saving || conflict !== undefined, attrs: { type: 'button' },
        on: { click: () => actions.save() },
      }, saving ? strings.savingButton : strings.saveButton),
      h('button', {
        id: 'revert-button', className: 'secondary', disabled: !dirty || saving, attrs: { type: 'button' },
        on: { click: () => actions.revert() },
      }, strings.revertButton)),
  ];
}

/** "Inherits Participate from global settings" / "… from group acme/platform", as text. */
function inheritedLine(inherited: InheritedLevel | undefined, texts: Texts): Child {
  if (!inherited) return null;
  const level = levelText(texts, inherited.level);
  const text = inherited.from === 'group'
    ? format(texts.strings.inheritsFromGroup, level, inherited.path)
    : format(texts.strings.inheritsFromGlobal, level);
  return h('p', { id: 'level-inherited', className: 'hint', data: { inheritedLevel: inherited.level, inheritedFrom: inherited.from } }, text);
}

function eventsPart(form: SettingForm, texts: Texts, actions: Actions): Child[] {
  if (eventKeys(form).length === 0) return [h('p', { id: 'events-note', className: 'hint' }, texts.strings.eventsNotReturned)];
  // Switching to Custom before GitLab has listed this scope's events: the spec's are offered, the save brings the rest.
  const note = offersSpecEvents(form) ? h('p', { id: 'events-note', className: 'hint' }, texts.strings.eventsBeforeSave) : null;
  return [eventSwitches(form, texts, actions), note];
}

export function statusText(state: UiState, key: string, form: SettingForm, texts: Texts): string {
  const { strings } = texts;
  if (state.saving.has(key)) return strings.savingButton;
  if (state.loading.has(key)) return strings.statusLoading;
  if (isDirty(form)) return strings.statusUnsaved;
  const notice = state.notices.get(key);
  if (notice === 'saved') return strings.statusSaved;
  if (notice === 'alreadySaved') return strings.statusAlreadySaved;
  return strings.statusUpToDate;
}

/** The error next to the form: GitLab's message as text, plus the fix the error kind calls for. */
function errorBox(error: ErrorInfo | undefined, texts: Texts, actions: Actions): HTMLElement {
  return h('div', {
    id: 'form-error', className: 'form-error', hidden: error === undefined, attrs: { role: 'alert' },
    data: error ? { errorKind: error.kind } : {},
  },
  error ? h('span', { id: 'form-error-message', className: 'error-message' }, error.message) : null,
  error?.action === 'retry'
    ? h('button', { id: 'form-error-retry', className: 'secondary', attrs: { type: 'button' }, on: { click: () => actions.retry() } }, texts.strings.retryButton)
    : null,
  error?.action === 'signIn'
    ? h('button', { id: 'form-error-sign-in', className: 'secondary', attrs: { type: 'button' }, on: { click: () => actions.signIn() } }, texts.strings.signInButton)
    : null);
}

/**
 * One checkbox per event key the form offers (GitLab's for the scope, or the spec's while switching to Custom before
 * GitLab has listed any). A key never set (`null`) shows as an indeterminate checkbox marked with what GitLab does
 * with it ("default (on)" or "default (off)"); clicking it sets it on, then off; Reset goes back to what was loaded.
 */
function eventSwitches(form: SettingForm, texts: Texts, actions: Actions): HTMLElement {
  const { strings } = texts;
  return h('fieldset', { id: 'events', className: 'events' },
    h('legend', {}, strings.eventsLegend),
    ...eventKeys(form).map((key) => {
      const state = eventState(form, key);
      const changed = isEventChanged(form, key);
      const known = Object.prototype.hasOwnProperty.call(texts.eventLabels, key);
      const checkbox = h('input', {
        id: `event-${key}`,
        data: { eventCheckbox: key },
        attrs: { type: 'checkbox', 'aria-describedby': `event-state-${key}` },
        on: { change: (event) => actions.setEvent(key, (event.target as HTMLInputElement).checked) },
      });
      checkbox.checked = state === 'on';
      checkbox.indeterminate = state === 'default';
      return h('div', {
        className: 'event-row', data: { eventKey: key, eventState: state, eventChanged: String(changed), eventKnown: String(known) },
      },
      checkbox,
      h('label', { attrs: { for: `event-${key}` }, className: 'event-label' },
        eventText(texts, key),
        known ? null : h('span', { className: 'event-unknown' }, ` (${strings.unknownEventHint})`)),
      h('code', { className: 'event-key' }, key),
      h('span', { id: `event-state-${key}`, className: `event-state event-state-${state}` },
        eventStateText(texts, key, state)),
      changed
        ? h('button', {
          className: 'link-button event-reset', title: strings.eventResetTitle, data: { eventReset: key },
          attrs: { type: 'button' }, on: { click: () => actions.resetEvent(key) },
        }, strings.eventReset)
        : h('span', { className: 'event-reset-slot' })); // keeps the grid's columns aligned
    }));
}

/** "Yours vs GitLab's": every field that differs, and the two ways out. Nothing is saved until one is chosen. */
function conflictView(form: SettingForm, server: NotificationSetting, texts: Texts, actions: Actions): HTMLElement {
  const { strings } = texts;
  const rows = conflictRows(desiredSetting(form), server);
  return h('section', { id: 'conflict', className: 'conflict', attrs: { role: 'alert', 'aria-labelledby': 'conflict-title' } },
    h('h2', { id: 'conflict-title' }, strings.conflictTitle),
    h('p', {}, strings.conflictExplanation),
    h('table', { id: 'conflict-table' },
      h('thead', {}, h('tr', {},
        h('th', { attrs: { scope: 'col' } }, strings.conflictField),
        h('th', { attrs: { scope: 'col' } }, strings.conflictYours),
        h('th', { attrs: { scope: 'col' } }, strings.conflictTheirs))),
      h('tbody', {}, ...rows.map((row) => h('tr', { data: { conflictField: row.field } },
        h('th', { attrs: { scope: 'row' } }, fieldName(row, texts)),
        h('td', { className: 'conflict-yours' }, valueText(row, row.yours, texts)),
        h('td', { className: 'conflict-theirs' }, valueText(row, row.theirs, texts)))))),
    h('div', { className: 'actions' },
      h('button', { id: 'conflict-keep-mine', attrs: { type: 'button' }, on: { click: () => actions.keepMine() } }, strings.conflictKeepMine),
      h('button', { id: 'conflict-take-theirs', className: 'secondary', attrs: { type: 'button' }, on: { click: () => actions.takeTheirs() } }, strings.conflictTakeTheirs)));
}

function fieldName(row: ConflictRow, texts: Texts): string {
  if (row.field === 'level') return texts.strings.fieldLevel;
  if (row.field === 'notification_email') return texts.strings.fieldEmail;
  return eventText(texts, row.field.slice('event:'.length));
}

function valueText(row: ConflictRow, value: ConflictRow['yours'], texts: Texts): string {
  if (value === undefined) return texts.strings.valueAbsent;
  if (row.field === 'level') return levelText(texts, String(value));
  if (row.field !== 'notification_email') {
    return eventStateText(texts, row.field.slice('event:'.length), value === null ? 'default' : value ? 'on' : 'off');
  }
  return value === '' ? texts.strings.valueAbsent : String(value);
}
