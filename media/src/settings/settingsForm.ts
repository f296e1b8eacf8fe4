import {
  currentEmail, currentLevel, emailProblem, eventKeys, isDirty, offersSpecEvents, type SettingForm,
} from '../../../src/app/settings/formState';
import { offeredLevels } from '../../../src/app/settings/levels';
import type { InheritedLevel } from '../../../src/app/settings/protocol';
import type { Actions } from './actions';
import { chainView } from './chainView';
import { conflictView } from './conflictView';
import { h, type Child } from './dom';
import { errorBox } from './errorBox';
import { eventSwitches } from './eventSwitches';
import { format, levelText } from './format';
import { findEntry, type Texts, type UiState } from './model';
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
      level === 'global' ? inheritedLine(state.inherited.get(key), texts) : null,
      chainView(form.scope, entry.detail, level, state.inherited.get(key), texts)),
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
