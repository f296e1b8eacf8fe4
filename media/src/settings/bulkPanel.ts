import {
  LEVEL_ORDER, levelExplanation, levelLabel, type Localize, type NotificationLevel,
} from '../../../src/app/settings/shared/labels';
import type { BulkItemReport } from '../../../src/app/settings/shared/protocol';
import type { SettingsApp as Actions } from './app';
import { button, h, option } from './dom';
import { findEntry, levelText, type UiState } from './model';

/** The bulk change: shown while rows are checked, or while a run's report is there to read. */
export function bulkPanel(state: UiState, t: Localize, actions: Actions): HTMLElement {
  const bulk = state.bulk;
  const running = bulk !== undefined && !bulk.done;
  const count = state.bulkSelection.size;
  return h('section', {
    id: 'bulk-panel', className: 'bulk-panel', hidden: count === 0 && bulk === undefined && !state.bulkError,
    data: { bulkState: bulk === undefined ? 'idle' : running ? 'running' : 'done' },
    attrs: { 'aria-labelledby': 'bulk-heading' },
  },
  h('h2', { id: 'bulk-heading' }, t('Change several at once')),
  h('p', { id: 'bulk-selected-count' }, t('{0} selected', count)),
  h('div', { className: 'bulk-controls' },
    h('label', { attrs: { for: 'bulk-level' } }, t('Level for the selected')),
    h('select', {
      id: 'bulk-level', disabled: running,
      on: { change: (event) => actions.setBulkLevel((event.target as HTMLSelectElement).value as NotificationLevel) },
    }, ...LEVEL_ORDER.map((level) => option(level, levelLabel(level, t), level === state.bulkLevel, levelExplanation(level, t)))),
    button({ id: 'bulk-apply', disabled: running || count === 0 }, running ? t('Applying…') : t('Apply to selected'), () => actions.applyBulk()),
    running
      ? button({ id: 'bulk-cancel', className: 'secondary' }, t('Stop'), () => actions.signal('cancelBulk'))
      : button({ id: 'bulk-clear', className: 'secondary' }, t('Clear selection'), () => actions.clearBulk())),
  h('p', { id: 'bulk-error', className: 'field-error', hidden: !state.bulkError, attrs: { role: 'alert' } }, state.bulkError ?? ''),
  bulk ? bulkReport(state, t, bulk.items, bulk.done) : null);
}

function bulkReport(state: UiState, t: Localize, items: readonly BulkItemReport[], done: boolean): HTMLElement {
  const count = (status: BulkItemReport['status']): number => items.filter((item) => item.status === status).length;
  return h('div', { id: 'bulk-report', className: 'bulk-report' },
    h('p', { id: 'bulk-summary', attrs: { role: 'status' } },
      done
        ? t('{0} changed, {1} already set, {2} failed, {3} stopped.', count('changed'), count('unchanged'), count('failed'), count('cancelled'))
        : t('Applying…')),
    h('ul', { id: 'bulk-items', className: 'bulk-items' }, ...items.map((item) => h('li', {
      className: 'bulk-item', data: { bulkItemKey: item.key, bulkStatus: item.status },
    },
    h('span', { className: 'bulk-item-label' }, findEntry(state, item.key)?.label ?? String(item.scope.id)),
    ' ',
    h('span', { className: 'bulk-item-status' }, statusText(t, item))))));
}

function statusText(t: Localize, item: BulkItemReport): string {
  switch (item.status) {
    case 'queued': return t('waiting');
    case 'running': return t('applying…');
    case 'changed':
      return t('changed from {0} to {1}', levelText(t, item.previousLevel ?? '?'), levelText(t, item.level ?? '?'));
    case 'unchanged': return t('already set to {0}', levelText(t, item.level ?? item.previousLevel ?? '?'));
    case 'failed': return t('failed: {0}', item.error?.message ?? '');
    case 'cancelled': return t('not changed (stopped)');
  }
}
