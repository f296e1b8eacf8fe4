import { html, nothing, type TemplateResult } from 'lit-html';
import { live } from 'lit-html/directives/live.js';
import { canApplyBulk } from '../../../src/app/settings/shared/formState';
import {
  formatCount, LEVEL_ORDER, levelExplanation, levelLabel, type Localize, type NotificationLevel,
} from '../../../src/app/settings/shared/labels';
import type { BulkItemReport, BulkSnapshot } from '../../../src/app/settings/shared/protocol';
import { codicon, type CodiconName } from './icons';
import { errorLine, findEntry, levelText, option, type Actions, type UiState } from './model';

/** The bulk change: shown while rows are checked, or while a run's report is there to read. */
export function bulkPanel(state: UiState, t: Localize, actions: Actions): TemplateResult {
  const bulk = state.bulk;
  const running = bulk !== undefined && !bulk.done;
  const count = state.bulkSelection.size;
  return html`<section id="bulk-panel" class="bulk-panel" ?hidden=${count === 0 && bulk === undefined && !state.bulkError}
    data-bulk-state=${bulk === undefined ? 'idle' : running ? 'running' : 'done'} aria-labelledby="bulk-heading">
    <h2 id="bulk-heading">${t('Change several at once')}</h2>
    <p id="bulk-selected-count">${t('{0} selected', formatCount(count, t))}</p>
    <div class="bulk-controls">
      <label for="bulk-level">${t('Level for the selected')}</label>
      <select id="bulk-level" ?disabled=${running}
        @change=${(event: Event) => actions.bulk.setLevel((event.target as HTMLSelectElement).value as NotificationLevel)}>
        ${state.bulkLevel === undefined
          ? html`<option value="" disabled .selected=${live(true)}>${t('Choose a level…')}</option>` : nothing}
        ${LEVEL_ORDER.map((level) => option(level, levelLabel(level, t), level === state.bulkLevel, levelExplanation(level, t)))}
      </select>
      <button type="button" id="bulk-apply"
        ?disabled=${!canApplyBulk({ selection: state.bulkSelection, level: state.bulkLevel, report: bulk })}
        @click=${() => actions.bulk.apply()}>${running ? t('Applying…') : t('Apply to selected')}</button>
      ${running
        ? html`<button type="button" id="bulk-cancel" class="secondary" @click=${() => actions.signal('cancelBulk')}>${t('Stop')}</button>`
        : html`<button type="button" id="bulk-clear" class="secondary" @click=${() => actions.bulk.clear()}>${t('Clear selection')}</button>`}
    </div>
    ${errorLine('bulk-error', state.bulkError, t)}
    ${/* Always there, so the run's progress and outcome are read out as they change; the focus goes here on Apply. */''}
    <p id="bulk-summary" role="status" tabindex="-1">${bulk ? bulkSummary(t, bulk) : ''}</p>
    ${bulk ? bulkReport(state, t, bulk) : nothing}
  </section>`;
}

function bulkSummary(t: Localize, { items, done }: BulkSnapshot): string {
  const count = (status: BulkItemReport['status']): number => items.filter((item) => item.status === status).length;
  return done
    ? t('{0} changed, {1} already set, {2} failed, {3} stopped.', formatCount(count('changed'), t), formatCount(count('unchanged'), t),
      formatCount(count('failed'), t), formatCount(count('cancelled'), t))
    : t('Applying…');
}

function bulkReport(state: UiState, t: Localize, { items }: BulkSnapshot): TemplateResult {
  return html`<div id="bulk-report" class="bulk-report">
    <ul id="bulk-items" class="bulk-items">${items.map((item) => html`<li class="bulk-item" data-bulk-item-key=${item.key}
      data-bulk-status=${item.status}>${codicon(STATUS_ICONS[item.status])}<span class="bulk-item-label">${findEntry(state, item.key)?.label
        ?? String(item.scope.id)}</span> <span class="bulk-item-status">${statusText(t, item)}</span></li>`)}</ul>
  </div>`;
}

/** Each result's icon: it, not a colour, tells them apart at a glance; the words are in the text's own colour. */
const STATUS_ICONS: Record<BulkItemReport['status'], CodiconName> = {
  queued: 'watch', running: 'sync', changed: 'check', unchanged: 'pass', failed: 'error', cancelled: 'circle-slash',
};

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
