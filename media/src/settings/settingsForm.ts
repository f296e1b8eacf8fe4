import { html, nothing, type TemplateResult } from 'lit-html';
import { live } from 'lit-html/directives/live.js';
import {
  conflictRows, currentEmail, currentLevel, desiredSetting, emailProblem, eventKeys, eventState, isDirty, isEventChanged,
  resetEvent, switchingToCustom, switchState, withEmail, withEvent, withLevel, type ConflictRow, type SettingForm,
} from '../../../src/app/settings/shared/formState';
import {
  eventLabel, eventStateText, isKnownEventKey, levelExplanation, offeredLevels, type Localize, type NotificationSetting,
} from '../../../src/app/settings/shared/labels';
import { chainLines, decidingLink, resolveLevelInForce, whyLevelText, type LevelLink } from '../../../src/app/settings/shared/levelChain';
import type { ErrorInfo, SnoozeNote } from '../../../src/app/settings/shared/protocol';
import { scopeKey } from '../../../src/app/settings/shared/scopes';
import {
  errorLine, errorPrefix, findEntry, isDirtyScope, levelText, option, snoozeOf, type Actions, type ScopeState, type UiState, type View,
} from './model';

/**
 * The right column: the selected scope's level, event switches, e-mail, errors, conflict and Save. Its data
 * attributes say which scope is shown and in what state, for the tests and the styles.
 */
export function settingsForm(state: UiState, t: Localize, actions: Actions): TemplateResult {
  const key = state.selectedKey;
  const scope = key === undefined ? undefined : state.byKey.get(key);
  const dirty = isDirtyScope(scope);
  const formState = !key || !scope ? 'empty'
    : scope.saving ? 'saving'
      : scope.conflict ? 'conflict'
        : scope.loading && !dirty ? 'loading' // also a form read again: not ready to edit
          : (scope.saveError || scope.loadError) ? 'error'
            : scope.form ? 'ready' : 'empty';
  return html`<main id="settings-form" class="settings-form" data-scope-key=${key ?? ''} data-form-state=${formState}
    data-dirty=${String(dirty)}>${formContent(state, t, actions)}</main>`;
}

function formContent(state: UiState, t: Localize, actions: Actions): View {
  const key = state.selectedKey;
  const entry = findEntry(state, key);
  if (!key || !entry) return html`<p id="form-status" role="status" tabindex="-1">${t('Select a scope on the left.')}</p>`;
  const scope = state.byKey.get(key) ?? {};
  const form = scope.form;
  const error = scope.saveError ?? scope.loadError;
  return html`
    <header class="form-header">
      <h1 id="scope-title">${key === 'global' ? t('Global') : entry.label}</h1>
      ${entry.detail && key !== 'global' ? html`<p id="scope-detail" class="scope-detail">${entry.detail}</p>` : nothing}
    </header>
    ${/* A status region (read out when it changes), and where the focus goes after Save or Discard. */''}
    <p id="form-status" role="status" tabindex="-1">${form ? statusText(scope, form, t) : scope.loading ? t('Loading…') : ''}</p>
    ${/* An e-mail problem is shown at the e-mail field, not twice. */
      errorBox(error?.field === 'notification_email' && form?.scope.kind === 'global' ? undefined : error, t, actions)}
    ${form ? formFields(scope, form, error, entry.path, t, actions, snoozeView(state, key, form, t, actions)) : nothing}`;
}

/**
 * A scope muted by a snooze says so, as the status bar does: "Snoozed until Fri 27 Nov 14:00 (was On mention)", with
 * End Snooze. Only while GitLab has it at Disabled: a level chosen since is no longer the snooze's.
 */
function snoozeView(state: UiState, key: string, form: SettingForm, t: Localize, actions: Actions): View {
  const snooze: SnoozeNote | undefined = snoozeOf(state, key);
  if (!snooze || form.baseline.level !== 'disabled') return nothing;
  const ending = state.endingSnooze === scopeKey(snooze.scope);
  const error = state.snoozeError?.key === scopeKey(snooze.scope) ? state.snoozeError.message : undefined;
  return html`<div id="snooze-note" class="snooze-note" role="status">
    <span id="snooze-text">${t('Snoozed until {0} (was {1})', snooze.until, levelText(t, snooze.previousLevel))}</span>
    <button type="button" id="end-snooze" class="secondary" ?disabled=${ending}
      @click=${() => actions.form.endSnooze(snooze)}>${ending ? t('Ending…') : t('End Snooze')}</button>
    ${error ? html`<p id="snooze-error" class="field-error" role="alert">${error}</p>` : nothing}
  </div>`;
}

function formFields(scope: ScopeState, form: SettingForm, error: ErrorInfo | undefined, path: string | undefined, t: Localize, actions: Actions,
  snooze: View): TemplateResult {
  const level = currentLevel(form);
  const showEmailProblem = scope.emailChecked && emailProblem(currentEmail(form)) !== undefined;
  const emailError = error?.field === 'notification_email' ? error.message : showEmailProblem ? t('Enter an e-mail address such as name@example.com, or leave the field empty.') : undefined;
  const edit = (change: (form: SettingForm, value: string) => SettingForm) =>
    (event: Event) => actions.form.edit((edited) => change(edited, (event.target as HTMLInputElement | HTMLSelectElement).value));
  // Save and Discard are off with nothing to save or while saving; Save also while a conflict waits for a choice.
  const revertOff = !isDirty(form) || scope.saving === true;
  return html`
    ${scope.conflict ? conflictView(form, scope.conflict, t, actions) : nothing}
    <div class="field">
      <label for="level-select">${t('Notification level')}</label>
      <select id="level-select" data-level=${level} @change=${edit(withLevel)}>
        ${offeredLevels(form.scope, level).map((value) => option(value, levelText(t, value), value === level, levelExplanation(value, t)))}
      </select>
      <p id="level-explanation" class="hint">${levelExplanation(level, t)}</p>
      ${snooze}
      ${scope.above && form.scope.kind !== 'global' ? levelChain({ kind: form.scope.kind, name: path ?? String(form.scope.id), level }, scope.above, t) : nothing}
    </div>
    ${level === 'custom' ? eventsPart(form, t, actions) : nothing}
    ${form.scope.kind === 'global' ? html`
      <div id="email-field" class="field">
        <label for="notification-email">${t('Notification e-mail')}</label>
        <input id="notification-email" type="email" autocomplete="email" spellcheck="false"
          aria-describedby="notification-email-hint notification-email-error" aria-invalid=${emailError ? 'true' : nothing}
          .value=${live(currentEmail(form))} @input=${edit(withEmail)}>
        ${errorLine('notification-email-error', emailError, t)}
        <p id="notification-email-hint" class="hint">${t('One of your verified e-mail addresses. Leave it empty to use your primary address.')}</p>
      </div>` : nothing}
    <div id="form-actions" class="actions form-actions">
      <button type="button" id="save-button" ?disabled=${revertOff || scope.conflict !== undefined}
        @click=${() => actions.form.save()}>${scope.saving ? t('Saving…') : t('Save')}</button>
      <button type="button" id="revert-button" class="secondary" ?disabled=${revertOff}
        @click=${() => actions.form.revert()}>${t('Discard changes')}</button>
    </div>`;
}

function eventsPart(form: SettingForm, t: Localize, actions: Actions): TemplateResult {
  const note = (text: string): TemplateResult => html`<p id="events-note" class="hint">${text}</p>`;
  if (eventKeys(form).length === 0) return note(t('GitLab returned no event switches for this scope.'));
  // Changed to Custom, not saved yet: what the switches show now is not all that GitLab will show after the save.
  return html`${eventSwitches(form, t, actions)}${switchingToCustom(form)
    ? note(t('Not saved yet. GitLab keeps the switches stored for this scope earlier: after Save it shows them as stored, with any events it adds. The ones you set here are saved as you set them.'))
    : nothing}`;
}

function statusText(scope: ScopeState, form: SettingForm, t: Localize): string {
  if (scope.saving) return t('Saving…');
  if (scope.loading) return t('Loading…');
  if (isDirty(form)) return t('Unsaved changes');
  if (scope.notice === 'saved') return t('Saved.');
  if (scope.notice === 'alreadySaved') return t('GitLab already had these settings.');
  return t('Up to date');
}

/** The error next to the form: GitLab's message as text, plus the fix the error kind calls for. */
function errorBox(error: ErrorInfo | undefined, t: Localize, actions: Actions): TemplateResult {
  return html`<div id="form-error" class="form-error" ?hidden=${error === undefined} role="alert" tabindex="-1"
    data-error-kind=${error?.kind ?? nothing}>
    ${error ? html`${errorPrefix(t)}<span id="form-error-message" class="error-message">${error.message}</span>` : nothing}
    ${error?.action === 'retry'
      ? html`<button type="button" id="form-error-retry" class="secondary" @click=${() => actions.form.retry()}>${t('Retry')}</button>` : nothing}
    ${error?.action === 'signIn' ? html`<button type="button" id="form-error-sign-in" class="secondary"
      @click=${() => actions.signal('signIn')}>${t('Sign in again')}</button>` : nothing}
  </div>`;
}

/**
 * One checkbox per event key the form offers (GitLab's for the scope, or the spec's while switching to Custom before
 * GitLab has listed any). A key never set (`null`) shows as an indeterminate checkbox marked with what GitLab does
 * with it ("default (on)" or "default (off)"); clicking it sets it on, then off; Reset goes back to what was loaded.
 * A switch changed since then says so in words ("changed", also in its name), not only by its weight.
 */
function eventSwitches(form: SettingForm, t: Localize, actions: Actions): TemplateResult {
  return html`<fieldset id="events" class="events">
    <legend>${t('Also notify me when')}</legend>
    ${eventKeys(form).map((key) => {
      const state = eventState(form, key);
      const changed = isEventChanged(form, key);
      const known = isKnownEventKey(key);
      return html`<div class="event-row" data-event-key=${key} data-event-state=${state} data-event-changed=${String(changed)}
        data-event-known=${String(known)}>
        <input id=${`event-${key}`} data-event-checkbox=${key} type="checkbox" aria-describedby=${`event-state-${key}`}
          .checked=${live(state === 'on')} .indeterminate=${live(state === 'default')}
          @change=${(event: Event) => actions.form.edit((edited) => withEvent(edited, key, (event.target as HTMLInputElement).checked))}>
        <label for=${`event-${key}`} class="event-label">${eventLabel(key, t)}${known ? nothing
          : html`<span class="event-unknown"> (${t('not known to this extension')})</span>`}${changed
          ? html`<span class="visually-hidden">, </span><span class="event-changed-mark">${t('changed')}</span>` : nothing}</label>
        <code class="event-key">${key}</code>
        <span id=${`event-state-${key}`} class=${`event-state event-state-${state}`}>${eventStateText(key, state, t)}</span>
        ${changed
          ? html`<button type="button" class="link-button event-reset" title=${t('Back to the value loaded from GitLab')} data-event-reset=${key}
            @click=${() => actions.form.edit((edited) => resetEvent(edited, key))}>${t('Reset')}</button>`
          : html`<span class="event-reset-slot"></span>`/* keeps the grid's columns aligned */}
      </div>`;
    })}
  </fieldset>`;
}

/** "Yours vs GitLab's": every field that differs, and the two ways out. Nothing is saved until one is chosen. */
function conflictView(form: SettingForm, server: NotificationSetting, t: Localize, actions: Actions): TemplateResult {
  return html`<section id="conflict" class="conflict" role="alert" aria-labelledby="conflict-title" tabindex="-1">
    <h2 id="conflict-title">${t('This setting changed on GitLab since you loaded it.')}</h2>
    <p>${t('Nothing was saved. Choose which version to keep.')}</p>
    <table id="conflict-table">
      <thead><tr><th scope="col">${t('Setting')}</th><th scope="col">${t('Yours')}</th><th scope="col">${t('On GitLab now')}</th></tr></thead>
      <tbody>${conflictRows(desiredSetting(form), server).map((row) => {
        const [field, yours, theirs] = conflictTexts(row, t);
        return html`<tr data-conflict-field=${row.field}><th scope="row">${field}</th><td class="conflict-yours">${yours}</td><td
          class="conflict-theirs">${theirs}</td></tr>`;
      })}</tbody>
    </table>
    <div class="actions">
      <button type="button" id="conflict-keep-mine" @click=${() => actions.form.keepMine()}>${t('Keep mine and overwrite')}</button>
      <button type="button" id="conflict-take-theirs" class="secondary" @click=${() => actions.form.takeTheirs()}>${t('Take theirs')}</button>
    </div>
  </section>`;
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
 * Under the level: at Global, what the scope inherits and from where; then "why", the scope with the level the form
 * shows, its groups nearest first, then global, after a sentence that says which decides and who follows it. It follows
 * the select, so it says what a save would do, in the same lines as the status bar's tooltip and the Why command.
 */
function levelChain(own: LevelLink, above: LevelLink[], t: Localize): TemplateResult {
  const result = resolveLevelInForce(own, above.slice(0, -1), above[above.length - 1]);
  const from = decidingLink(result);
  const level = levelText(t, result.level);
  return html`${own.level === 'global' ? html`<p id="level-inherited" class="hint" data-inherited-level=${result.level}
    data-inherited-from=${from.kind}>${from.kind === 'group' ? t('Inherits {0} from group {1}', level, from.name)
      : t('Inherits {0} from global settings', level)}</p>` : nothing}
  <div id="level-chain" class="hint">
    <p id="level-why">${whyLevelText(result, t)}</p>
    <ol>${chainLines(result, t).map((line, index) => html`<li data-level=${result.chain[index].level}
      data-decides=${index === result.decidedBy ? 'true' : nothing}>${line}</li>`)}</ol>
  </div>`;
}
