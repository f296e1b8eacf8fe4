import {
  conflictRows, currentEmail, currentLevel, desiredSetting, emailProblem, eventKeys, eventState, isDirty, isEventChanged,
  offersSpecEvents, resetEvent, switchState, withEmail, withEvent, withLevel, type ConflictRow, type SettingForm,
} from '../../../src/app/settings/shared/formState';
import {
  eventLabel, eventStateText, isKnownEventKey, levelExplanation, offeredLevels, scopeName, type Localize, type NotificationSetting,
} from '../../../src/app/settings/shared/labels';
import type { ErrorInfo, InheritedLevel } from '../../../src/app/settings/shared/protocol';
import type { ScopeRef } from '../../../src/app/settings/shared/scopes';
import type { SettingsApp as Actions } from './app';
import { button, h, option, replaceContent, valueInput, type Child } from './dom';
import { findEntry, isDirtyScope, levelText, type ScopeState, type UiState } from './model';
import { scopePanel } from './scopePanel';

/** The right column: the selected scope's level, event switches, e-mail, errors, conflict and Save. */
export function settingsForm(state: UiState, t: Localize, actions: Actions): Child[] {
  const key = state.selectedKey;
  const entry = findEntry(state, key);
  if (!key || !entry) return [h('p', { id: 'form-status', attrs: { role: 'status' } }, t('Select a scope on the left.'))];
  const scope = state.byKey.get(key) ?? {};
  const { form, conflict } = scope;
  const error = scope.saveError ?? scope.loadError;
  const header = h('header', { className: 'form-header' },
    h('h1', { id: 'scope-title' }, key === 'global' ? t('Global') : entry.label),
    entry.detail && key !== 'global' ? h('p', { id: 'scope-detail', className: 'scope-detail' }, entry.detail) : null);
  if (!form) {
    return [header, h('p', { id: 'form-status', attrs: { role: 'status' } }, scope.loading ? t('Loading…') : ''),
      errorBox(error, t, actions)];
  }
  const level = currentLevel(form);
  const showEmailProblem = scope.emailChecked && emailProblem(currentEmail(form)) !== undefined;
  const emailError = error?.field === 'notification_email' ? error.message : showEmailProblem ? t('Enter an e-mail address such as name@example.com, or leave the field empty.') : undefined;
  return [
    header,
    h('p', { id: 'form-status', attrs: { role: 'status' } }, statusText(scope, form, t)),
    // An e-mail problem is shown at the e-mail field, not twice.
    errorBox(error?.field === 'notification_email' && form.scope.kind === 'global' ? undefined : error, t, actions),
    conflict ? conflictView(form, conflict, t, actions) : null,
    h('div', { className: 'field' },
      h('label', { attrs: { for: 'level-select' } }, t('Notification level')),
      h('select', {
        id: 'level-select', data: { level },
        on: { change: (event) => actions.edit((edited) => withLevel(edited, (event.target as HTMLSelectElement).value)) },
      }, ...offeredLevels(form.scope, level).map((value) =>
        option(value, levelText(t, value), value === level, levelExplanation(value, t)))),
      h('p', { id: 'level-explanation', className: 'hint' }, levelExplanation(level, t)),
      level === 'global' ? inheritedLine(scope.inherited, t) : null,
      chainView(form.scope, entry.detail, level, scope.inherited, t)),
    ...(level === 'custom' ? eventsPart(form, t, actions) : []),
    form.scope.kind === 'global'
      ? h('div', { id: 'email-field', className: 'field' },
        h('label', { attrs: { for: 'notification-email' } }, t('Notification e-mail')),
        valueInput('notification-email', currentEmail(form), {
          type: 'email', autocomplete: 'email', spellcheck: 'false', 'aria-describedby': 'notification-email-hint notification-email-error',
          ...(emailError ? { 'aria-invalid': 'true' } : {}),
        }, false, (value) => actions.edit((edited) => withEmail(edited, value), true)),
        h('p', { id: 'notification-email-error', className: 'field-error', hidden: !emailError, attrs: { role: 'alert' } }, emailError ?? ''),
        h('p', { id: 'notification-email-hint', className: 'hint' }, t('One of your verified e-mail addresses. Leave it empty to use your primary address.')))
      : null,
    h('div', { className: 'actions' },
      button({ id: 'save-button', disabled: saveOff(scope, form) }, scope.saving ? t('Saving…') : t('Save'), () => actions.save()),
      button({ id: 'revert-button', className: 'secondary', disabled: revertOff(scope, form) }, t('Discard changes'), () => actions.revert())),
  ];
}

/** "Inherits Participate from global settings" / "… from group acme/platform", as text. */
function inheritedLine(inherited: InheritedLevel | undefined, t: Localize): Child {
  if (!inherited) return null;
  const level = levelText(t, inherited.level);
  const text = inherited.from === 'group'
    ? t('Inherits {0} from group {1}', level, inherited.path)
    : t('Inherits {0} from global settings', level);
  return h('p', { id: 'level-inherited', className: 'hint', data: { inheritedLevel: inherited.level, inheritedFrom: inherited.from } }, text);
}

function eventsPart(form: SettingForm, t: Localize, actions: Actions): Child[] {
  if (eventKeys(form).length === 0) return [h('p', { id: 'events-note', className: 'hint' }, t('GitLab returned no event switches for this scope.'))];
  // Switching to Custom before GitLab has listed this scope's events: the spec's are offered, the save brings the rest.
  const note = offersSpecEvents(form) ? h('p', { id: 'events-note', className: 'hint' }, t('Once Custom is saved, GitLab may list more events for this scope.')) : null;
  return [eventSwitches(form, t, actions), note];
}

/** Save and Discard are off with nothing to save or while saving; Save also while a conflict waits for a choice. */
const revertOff = (scope: ScopeState, form: SettingForm): boolean => !isDirty(form) || scope.saving === true;
const saveOff = (scope: ScopeState, form: SettingForm): boolean => revertOff(scope, form) || scope.conflict !== undefined;

function statusText(scope: ScopeState, form: SettingForm, t: Localize): string {
  if (scope.saving) return t('Saving…');
  if (scope.loading) return t('Loading…');
  if (isDirty(form)) return t('Unsaved changes');
  if (scope.notice === 'saved') return t('Saved.');
  if (scope.notice === 'alreadySaved') return t('GitLab already had these settings.');
  return t('Up to date');
}

/** The error next to the form: GitLab's message as text, plus the fix the error kind calls for. */
function errorBox(error: ErrorInfo | undefined, t: Localize, actions: Actions): HTMLElement {
  return h('div', {
    id: 'form-error', className: 'form-error', hidden: error === undefined, attrs: { role: 'alert' },
    data: error ? { errorKind: error.kind } : {},
  },
  error ? h('span', { id: 'form-error-message', className: 'error-message' }, error.message) : null,
  error?.action === 'retry'
    ? button({ id: 'form-error-retry', className: 'secondary' }, t('Retry'), () => actions.retry()) : null,
  error?.action === 'signIn'
    ? button({ id: 'form-error-sign-in', className: 'secondary' }, t('Sign in again'), () => actions.signal('signIn')) : null);
}

/**
 * One checkbox per event key the form offers (GitLab's for the scope, or the spec's while switching to Custom before
 * GitLab has listed any). A key never set (`null`) shows as an indeterminate checkbox marked with what GitLab does
 * with it ("default (on)" or "default (off)"); clicking it sets it on, then off; Reset goes back to what was loaded.
 */
function eventSwitches(form: SettingForm, t: Localize, actions: Actions): HTMLElement {
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
        on: { change: (event) => actions.edit((edited) => withEvent(edited, key, (event.target as HTMLInputElement).checked)) },
      });
      checkbox.checked = state === 'on';
      checkbox.indeterminate = state === 'default';
      return h('div', {
        className: 'event-row', data: { eventKey: key, eventState: state, eventChanged: String(changed), eventKnown: String(known) },
      },
      checkbox,
      h('label', { attrs: { for: `event-${key}` }, className: 'event-label' },
        eventLabel(key, t),
        known ? null : h('span', { className: 'event-unknown' }, ` (${t('not known to this extension')})`)),
      h('code', { className: 'event-key' }, key),
      h('span', { id: `event-state-${key}`, className: `event-state event-state-${state}` },
        eventStateText(key, state, t)),
      changed
        ? button({ className: 'link-button event-reset', title: t('Back to the value loaded from GitLab'), data: { eventReset: key } },
          t('Reset'), () => actions.edit((edited) => resetEvent(edited, key)))
        : h('span', { className: 'event-reset-slot' })); // keeps the grid's columns aligned
    }));
}

/** "Yours vs GitLab's": every field that differs, and the two ways out. Nothing is saved until one is chosen. */
function conflictView(form: SettingForm, server: NotificationSetting, t: Localize, actions: Actions): HTMLElement {
  const rows = conflictRows(desiredSetting(form), server);
  return h('section', { id: 'conflict', className: 'conflict', attrs: { role: 'alert', 'aria-labelledby': 'conflict-title' } },
    h('h2', { id: 'conflict-title' }, t('This setting changed on GitLab since you loaded it.')),
    h('p', {}, t('Nothing was saved. Choose which version to keep.')),
    h('table', { id: 'conflict-table' },
      h('thead', {}, h('tr', {},
        h('th', { attrs: { scope: 'col' } }, t('Setting')),
        h('th', { attrs: { scope: 'col' } }, t('Yours')),
        h('th', { attrs: { scope: 'col' } }, t('On GitLab now')))),
      h('tbody', {}, ...rows.map((row) => {
        const [field, yours, theirs] = conflictTexts(row, t);
        return h('tr', { data: { conflictField: row.field } },
          h('th', { attrs: { scope: 'row' } }, field),
          h('td', { className: 'conflict-yours' }, yours),
          h('td', { className: 'conflict-theirs' }, theirs));
      }))),
    h('div', { className: 'actions' },
      button({ id: 'conflict-keep-mine' }, t('Keep mine and overwrite'), () => actions.keepMine()),
      button({ id: 'conflict-take-theirs', className: 'secondary' }, t('Take theirs'), () => actions.takeTheirs())));
}

/** A conflict row as text: the field's name, then its value on each side (a side without it shows "—"). */
function conflictTexts(row: ConflictRow, t: Localize): [string, string, string] {
  const event = row.field.startsWith('event:') ? row.field.slice('event:'.length) : undefined;
  const show = (value: ConflictRow['yours']): string => (value === undefined || value === '' ? t('—')
    : event !== undefined ? eventStateText(event, switchState(value as boolean | null), t)
      : row.field === 'level' ? levelText(t, String(value)) : String(value));
  const name = event !== undefined ? eventLabel(event, t) : row.field === 'level' ? t('Level') : t('Notification e-mail');
  return [name, show(row.yours), show(row.theirs)];
}

/**
 * "Why am I notified?" under the level: the scope with the level the form shows, its groups nearest first, then
 * global, each with its own level; the first that is not Global decides. Follows the select as it changes, so it
 * says what a save would do. The same lines as the status bar's tooltip and the Why command.
 */
function chainView(scope: ScopeRef, path: string | undefined, level: string, inherited: InheritedLevel | undefined, t: Localize): Child {
  if (scope.kind === 'global' || !inherited?.chain) return null;
  const links = [{ name: scopeName(scope, t, path), level }, ...inherited.chain.map((link) => ({
    name: link.kind === 'global' ? t('global settings') : t('group {0}', link.name),
    level: link.level,
  }))];
  // Global decides whatever its level: nothing is above it.
  const decides = links.findIndex((link, index) => link.level !== 'global' || index === links.length - 1);
  return h('div', { id: 'level-chain', className: 'hint' },
    h('p', {}, t('Why this level: the first link not at Global decides')),
    h('ol', {}, ...links.map((link, index) => {
      const line = t('{0}: {1}', link.name, levelText(t, link.level));
      return h('li', { data: { level: link.level, ...(index === decides ? { decides: 'true' } : {}) } },
        index === decides ? t('{0} (decides)', line) : line);
    })));
}

/** The page's two columns, rebuilt from the state after each change (focus, caret and scroll are kept). */
export class PageView {
  private nav: HTMLElement | undefined;
  private main: HTMLElement | undefined;

  constructor(private readonly root: HTMLElement, private readonly actions: Actions) {}

  /**
   * `typing`: the e-mail field is being typed in. It is left alone (rebuilding it would disturb typing); only what
   * follows its text is updated: the status line, the buttons, the unsaved markers.
   */
  render(state: UiState, typing = false): void {
    const t = state.texts;
    if (!t) return; // the host's texts have not come yet: the page keeps its loading line
    if (!this.nav || !this.main) {
      this.nav = h('nav', { id: 'scope-panel', className: 'scope-panel', attrs: { 'aria-label': t('Scopes') } });
      this.main = h('main', { id: 'settings-form', className: 'settings-form' });
      this.root.replaceChildren(this.nav, this.main);
      this.root.dataset.state = 'ready';
    }
    const key = state.selectedKey;
    const scope = key === undefined ? undefined : state.byKey.get(key);
    const dirty = isDirtyScope(scope);
    replaceContent(this.nav, scopePanel(state, t, this.actions));
    if (!typing || !scope?.form) replaceContent(this.main, settingsForm(state, t, this.actions));
    else {
      const status = document.getElementById('form-status');
      if (status) status.textContent = statusText(scope, scope.form, t);
      document.getElementById('save-button')?.toggleAttribute('disabled', saveOff(scope, scope.form));
      document.getElementById('revert-button')?.toggleAttribute('disabled', revertOff(scope, scope.form));
    }
    // Data attributes a test (or a style) can read: which scope, in what state.
    this.main.dataset.scopeKey = key ?? '';
    this.main.dataset.formState = !key || !scope ? 'empty'
      : scope.saving ? 'saving'
        : scope.conflict ? 'conflict'
          : scope.loading && !dirty ? 'loading' // also a form read again: not ready to edit
            : (scope.saveError || scope.loadError) ? 'error'
              : scope.form ? 'ready' : 'empty';
    this.main.dataset.dirty = String(dirty);
  }
}
