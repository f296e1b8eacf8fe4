import {
  conflictRows, currentEmail, currentLevel, desiredSetting, emailProblem, eventKeys, eventState, isDirty, isEventChanged,
  offersSpecEvents, type ConflictRow, type SettingForm,
} from '../../../src/app/settings/shared/formState';
import { isKnownEventKey, offeredLevels } from '../../../src/app/settings/shared/labels';
import type { ErrorInfo, InheritedLevel } from '../../../src/app/settings/shared/protocol';
import type { NotificationSetting } from '../../../src/app/settings/shared/labels';
import type { SettingsApp as Actions } from './app';
import { chainView } from './chainView';
import { h, type Child } from './dom';
import { eventStateText, eventText, findEntry, levelHint, levelText, type Texts, type UiState } from './model';
import { option, valueInput } from './scopePanel';

/** The right column: the selected scope's level, event switches, e-mail, errors, conflict and Save. */
export function settingsForm(state: UiState, texts: Texts, actions: Actions): Child[] {
  const { t } = texts;
  const key = state.selectedKey;
  const entry = findEntry(state, key);
  if (!key || !entry) return [h('p', { id: 'form-status', attrs: { role: 'status' } }, t('Select a scope on the left.'))];
  const form = state.forms.get(key);
  const error = state.saveErrors.get(key) ?? state.loadErrors.get(key);
  const conflict = state.conflicts.get(key);
  const header = h('header', { className: 'form-header' },
    h('h1', { id: 'scope-title' }, key === 'global' ? t('Global') : entry.label),
    entry.detail && key !== 'global' ? h('p', { id: 'scope-detail', className: 'scope-detail' }, entry.detail) : null);
  if (!form) {
    return [header, h('p', { id: 'form-status', attrs: { role: 'status' } }, state.loading.has(key) ? t('Loading…') : ''),
      errorBox(error, texts, actions)];
  }
  const saving = state.saving.has(key);
  const dirty = isDirty(form);
  const level = currentLevel(form);
  const showEmailProblem = state.emailChecked.has(key) && emailProblem(currentEmail(form)) !== undefined;
  const emailError = error?.field === 'notification_email' ? error.message : showEmailProblem ? t('Enter an e-mail address such as name@example.com, or leave the field empty.') : undefined;
  return [
    header,
    h('p', { id: 'form-status', attrs: { role: 'status' } }, statusText(state, key, form, texts)),
    // An e-mail problem is shown at the e-mail field, not twice.
    errorBox(error?.field === 'notification_email' && form.scope.kind === 'global' ? undefined : error, texts, actions),
    conflict ? conflictView(form, conflict, texts, actions) : null,
    h('div', { className: 'field' },
      h('label', { attrs: { for: 'level-select' } }, t('Notification level')),
      h('select', {
        id: 'level-select', data: { level },
        on: { change: (event) => actions.setLevel((event.target as HTMLSelectElement).value) },
      }, ...offeredLevels(form.scope, level).map((value) =>
        option(value, levelText(texts, value), value === level, levelHint(texts, value)))),
      h('p', { id: 'level-explanation', className: 'hint' }, levelHint(texts, level)),
      level === 'global' ? inheritedLine(state.inherited.get(key), texts) : null,
      chainView(form.scope, entry.detail, level, state.inherited.get(key), texts)),
    ...(level === 'custom' ? eventsPart(form, texts, actions) : []),
    form.scope.kind === 'global'
      ? h('div', { id: 'email-field', className: 'field' },
        h('label', { attrs: { for: 'notification-email' } }, t('Notification e-mail')),
        valueInput('notification-email', currentEmail(form), {
          type: 'email', autocomplete: 'email', spellcheck: 'false', 'aria-describedby': 'notification-email-hint notification-email-error',
          ...(emailError ? { 'aria-invalid': 'true' } : {}),
        }, false, (value) => actions.setEmail(value)),
        h('p', { id: 'notification-email-error', className: 'field-error', hidden: !emailError, attrs: { role: 'alert' } }, emailError ?? ''),
        h('p', { id: 'notification-email-hint', className: 'hint' }, t('One of your verified e-mail addresses. Leave it empty to use your primary address.')))
      : null,
    h('div', { className: 'actions' },
      h('button', {
        id: 'save-button', disabled: !dirty || saving || conflict !== undefined, attrs: { type: 'button' },
        on: { click: () => actions.save() },
      }, saving ? t('Saving…') : t('Save')),
      h('button', {
        id: 'revert-button', className: 'secondary', disabled: !dirty || saving, attrs: { type: 'button' },
        on: { click: () => actions.revert() },
      }, t('Discard changes'))),
  ];
}

/** "Inherits Participate from global settings" / "… from group acme/platform", as text. */
function inheritedLine(inherited: InheritedLevel | undefined, texts: Texts): Child {
  if (!inherited) return null;
  const level = levelText(texts, inherited.level);
  const text = inherited.from === 'group'
    ? texts.t('Inherits {0} from group {1}', level, inherited.path)
    : texts.t('Inherits {0} from global settings', level);
  return h('p', { id: 'level-inherited', className: 'hint', data: { inheritedLevel: inherited.level, inheritedFrom: inherited.from } }, text);
}

function eventsPart(form: SettingForm, texts: Texts, actions: Actions): Child[] {
  if (eventKeys(form).length === 0) return [h('p', { id: 'events-note', className: 'hint' }, texts.t('GitLab returned no event switches for this scope.'))];
  // Switching to Custom before GitLab has listed this scope's events: the spec's are offered, the save brings the rest.
  const note = offersSpecEvents(form) ? h('p', { id: 'events-note', className: 'hint' }, texts.t('Once Custom is saved, GitLab may list more events for this scope.')) : null;
  return [eventSwitches(form, texts, actions), note];
}

export function statusText(state: UiState, key: string, form: SettingForm, texts: Texts): string {
  const { t } = texts;
  if (state.saving.has(key)) return t('Saving…');
  if (state.loading.has(key)) return t('Loading…');
  if (isDirty(form)) return t('Unsaved changes');
  const notice = state.notices.get(key);
  if (notice === 'saved') return t('Saved.');
  if (notice === 'alreadySaved') return t('GitLab already had these settings.');
  return t('Up to date');
}

/** The error next to the form: GitLab's message as text, plus the fix the error kind calls for. */
function errorBox(error: ErrorInfo | undefined, texts: Texts, actions: Actions): HTMLElement {
  return h('div', {
    id: 'form-error', className: 'form-error', hidden: error === undefined, attrs: { role: 'alert' },
    data: error ? { errorKind: error.kind } : {},
  },
  error ? h('span', { id: 'form-error-message', className: 'error-message' }, error.message) : null,
  error?.action === 'retry'
    ? h('button', { id: 'form-error-retry', className: 'secondary', attrs: { type: 'button' }, on: { click: () => actions.retry() } }, texts.t('Retry'))
    : null,
  error?.action === 'signIn'
    ? h('button', { id: 'form-error-sign-in', className: 'secondary', attrs: { type: 'button' }, on: { click: () => actions.signIn() } }, texts.t('Sign in again'))
    : null);
}

/**
 * One checkbox per event key the form offers (GitLab's for the scope, or the spec's while switching to Custom before
 * GitLab has listed any). A key never set (`null`) shows as an indeterminate checkbox marked with what GitLab does
 * with it ("default (on)" or "default (off)"); clicking it sets it on, then off; Reset goes back to what was loaded.
 */
function eventSwitches(form: SettingForm, texts: Texts, actions: Actions): HTMLElement {
  const { t } = texts;
  return h('fieldset', { id: 'events', className: 'events' },
    h('legend', {}, t('Also notify me when')),
    ...eventKeys(form).map((key) => {
      const state = eventState(form, key);
      const changed = isEventChanged(form, key);
      const known = isKnownEventKey(key);
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
        known ? null : h('span', { className: 'event-unknown' }, ` (${t('not known to this extension')})`)),
      h('code', { className: 'event-key' }, key),
      h('span', { id: `event-state-${key}`, className: `event-state event-state-${state}` },
        eventStateText(texts, key, state)),
      changed
        ? h('button', {
          className: 'link-button event-reset', title: t('Back to the value loaded from GitLab'), data: { eventReset: key },
          attrs: { type: 'button' }, on: { click: () => actions.resetEvent(key) },
        }, t('Reset'))
        : h('span', { className: 'event-reset-slot' })); // keeps the grid's columns aligned
    }));
}

/** "Yours vs GitLab's": every field that differs, and the two ways out. Nothing is saved until one is chosen. */
function conflictView(form: SettingForm, server: NotificationSetting, texts: Texts, actions: Actions): HTMLElement {
  const { t } = texts;
  const rows = conflictRows(desiredSetting(form), server);
  return h('section', { id: 'conflict', className: 'conflict', attrs: { role: 'alert', 'aria-labelledby': 'conflict-title' } },
    h('h2', { id: 'conflict-title' }, t('This setting changed on GitLab since you loaded it.')),
    h('p', {}, t('Nothing was saved. Choose which version to keep.')),
    h('table', { id: 'conflict-table' },
      h('thead', {}, h('tr', {},
        h('th', { attrs: { scope: 'col' } }, t('Setting')),
        h('th', { attrs: { scope: 'col' } }, t('Yours')),
        h('th', { attrs: { scope: 'col' } }, t('On GitLab now')))),
      h('tbody', {}, ...rows.map((row) => h('tr', { data: { conflictField: row.field } },
        h('th', { attrs: { scope: 'row' } }, fieldName(row, texts)),
        h('td', { className: 'conflict-yours' }, valueText(row, row.yours, texts)),
        h('td', { className: 'conflict-theirs' }, valueText(row, row.theirs, texts)))))),
    h('div', { className: 'actions' },
      h('button', { id: 'conflict-keep-mine', attrs: { type: 'button' }, on: { click: () => actions.keepMine() } }, t('Keep mine and overwrite')),
      h('button', { id: 'conflict-take-theirs', className: 'secondary', attrs: { type: 'button' }, on: { click: () => actions.takeTheirs() } }, t('Take theirs'))));
}

function fieldName(row: ConflictRow, texts: Texts): string {
  if (row.field === 'level') return texts.t('Level');
  if (row.field === 'notification_email') return texts.t('Notification e-mail');
  return eventText(texts, row.field.slice('event:'.length));
}

function valueText(row: ConflictRow, value: ConflictRow['yours'], texts: Texts): string {
  if (value === undefined) return texts.t('—');
  if (row.field === 'level') return levelText(texts, String(value));
  if (row.field !== 'notification_email') {
    return eventStateText(texts, row.field.slice('event:'.length), value === null ? 'default' : value ? 'on' : 'off');
  }
  return value === '' ? texts.t('—') : String(value);
}
