import type { BulkItemReport } from '../../../src/app/settings/shared/protocol';
import { NOTIFICATION_LEVELS, type NotificationLevel } from '../../../src/gitlab/types';
import type { SettingsApp as Actions } from './app';
import { h } from './dom';
import { findEntry, format, levelText, type Texts, type UiState } from './model';
import { option } from './scopePanel';

/** The bulk change: shown while rows are checked, or while a run's report is there to read. */
export function bulkPanel(state: UiState, texts: Texts, actions: Actions): HTMLElement {
  const { strings } = texts;
  const bulk = state.bulk;
  const running = bulk !== undefined && !bulk.done;
  const count = state.bulkSelection.size;
  const levels = [...texts.levels.values()].filter((info) => (NOTIFICATION_LEVELS as readonly string[]).includes(info.level));
  return h('section', {
    id: 'bulk-panel', className: 'bulk-panel', hidden: count === 0 && bulk === undefined && !state.bulkError,
    data: { bulkState: bulk === undefined ? 'idle' : running ? 'running' : 'done' },
    attrs: { 'aria-labelledby': 'bulk-heading' },
  },
  h('h2', { id: 'bulk-heading' }, strings.bulkHeading),
  h('p', { id: 'bulk-selected-count' }, format(strings.bulkSelected, count)),
  h('div', { className: 'bulk-controls' },
    h('label', { attrs: { for: 'bulk-level' } }, strings.bulkLevelLabel),
    h('select', {
      id: 'bulk-level', disabled: running,
      on: { change: (event) => actions.setBulkLevel((event.target as HTMLSelectElement).value as NotificationLevel) },
    }, ...levels.map((info) => option(info.level, info.label, info.level === state.bulkLevel, info.explanation))),
    h('button', {
      id: 'bulk-apply', disabled: running || count === 0, attrs: { type: 'button' }, on: { click: () => actions.applyBulk() },
    }, running ? strings.bulkRunning : strings.bulkApply),
    running
      ? h('button', { id: 'bulk-cancel', className: 'secondary', attrs: { type: 'button' }, on: { click: () => actions.cancelBulk() } }, strings.bulkCancel)
      : h('button', { id: 'bulk-clear', className: 'secondary', attrs: { type: 'button' }, on: { click: () => actions.clearBulk() } }, strings.bulkClear)),
  h('p', { id: 'bulk-error', className: 'field-error', hidden: !state.bulkError, attrs: { role: 'alert' } }, state.bulkError ?? ''),
  bulk ? bulkReport(state, texts, bulk.items, bulk.done) : null);
}

function bulkReport(state: UiState, texts: Texts, items: readonly BulkItemReport[], done: boolean): HTMLElement {
  const { strings } = texts;
  const count = (status: BulkItemReport['status']): number => items.filter((item) => item.status === status).length;
  return h('div', { id: 'bulk-report', className: 'bulk-report' },
    h('p', { id: 'bulk-summary', attrs: { role: 'status' } },
      done
        ? format(strings.bulkSummary, count('changed'), count('unchanged'), count('failed'), count('cancelled'))
        : strings.bulkRunning),
    h('ul', { id: 'bulk-items', className: 'bulk-items' }, ...items.map((item) => h('li', {
      className: 'bulk-item', data: { bulkItemKey: item.key, bulkStatus: item.status },
    },
    h('span', { className: 'bulk-item-label' }, findEntry(state, item.key)?.label ?? String(item.scope.id)),
    ' ',
    h('span', { className: 'bulk-item-status' }, statusText(texts, item))))));
}

function statusText(texts: Texts, item: BulkItemReport): string {
  const { strings } = texts;
  switch (item.status) {
    case 'queued': return strings.bulkQueued;
    case 'running': return strings.bulkStatusRunning;
    case 'changed':
      return format(strings.bulkStatusChanged, levelText(texts, item.previousLevel ?? '?'), levelText(texts, item.level ?? '?'));
    case 'unchanged': return format(strings.bulkStatusUnchanged, levelText(texts, item.level ?? item.previousLevel ?? '?'));
    case 'failed': return format(strings.bulkStatusFailed, item.error?.message ?? '');
    case 'cancelled': return strings.bulkStatusCancelled;
  }
}
