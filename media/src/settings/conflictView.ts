import { conflictRows, type ConflictRow } from '../../../src/app/settings/conflict';
import { desiredSetting, type SettingForm } from '../../../src/app/settings/formState';
import type { NotificationSetting } from '../../../src/gitlab/types';
import type { Actions } from './actions';
import { h } from './dom';
import { eventStateText, eventText, levelText } from './format';
import type { Texts } from './model';

/** "Yours vs GitLab's": every field that differs, and the two ways out. Nothing is saved until one is chosen. */
export function conflictView(form: SettingForm, server: NotificationSetting, texts: Texts, actions: Actions): HTMLElement {
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
      h('tbody', {}, ...rows.map((row) => h('tr', { data: { conflictField: fieldId(row) } },
        h('th', { attrs: { scope: 'row' } }, fieldName(row, texts)),
        h('td', { className: 'conflict-yours' }, valueText(row, row.yours, texts)),
        h('td', { className: 'conflict-theirs' }, valueText(row, row.theirs, texts)))))),
    h('div', { className: 'actions' },
      h('button', { id: 'conflict-keep-mine', attrs: { type: 'button' }, on: { click: () => actions.keepMine() } }, strings.conflictKeepMine),
      h('button', { id: 'conflict-take-theirs', className: 'secondary', attrs: { type: 'button' }, on: { click: () => actions.takeTheirs() } }, strings.conflictTakeTheirs)));
}

function fieldId(row: ConflictRow): string {
  return row.field.kind === 'event' ? `event:${row.field.key}` : row.field.kind;
}

function fieldName(row: ConflictRow, texts: Texts): string {
  switch (row.field.kind) {
    case 'level': return texts.strings.fieldLevel;
    case 'notification_email': return texts.strings.fieldEmail;
    case 'event': return eventText(texts, row.field.key);
  }
}

function valueText(row: ConflictRow, value: ConflictRow['yours'], texts: Texts): string {
  const { strings } = texts;
  if (value === undefined) return strings.valueAbsent;
  if (row.field.kind === 'level') return levelText(texts, String(value));
  if (row.field.kind === 'event') return eventStateText(texts, row.field.key, value === null ? 'default' : value ? 'on' : 'off');
  return value === '' ? strings.valueAbsent : String(value);
}
