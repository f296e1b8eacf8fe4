import { canApplyBulk, withBulkSelection } from '../../../src/app/settings/shared/formState';
import type { BulkSnapshot } from '../../../src/app/settings/shared/protocol';
import { tabStopKey } from '../../../src/app/settings/shared/listNavigation';
import { scopeKey, type EntityScopeRef } from '../../../src/app/settings/shared/scopes';
import type { NotificationLevel } from '../../../src/app/settings/shared/labels';
import { isDirtyScope, listedEntries, visibleEntries, type BulkActions } from './model';
import type { Page } from './page';

/**
 * The bulk change: the scopes checked in the list, one level for them, the host's run step by step, and once it is
 * done the forms of the scopes it set read again. The selection stays as it is while a run uses it.
 */
export class BulkChangeActions implements BulkActions {
  constructor(private readonly page: Page, private readonly form: { load(key: string): void }) {}

  toggle(key: string, selected: boolean): void {
    const { state } = this.page;
    // Global cannot be changed in bulk, and the selection stays as it is while a run uses it.
    if (key === 'global' || (state.bulk && !state.bulk.done)) return;
    // A finished run's results no longer describe the new selection: they go.
    const form = withBulkSelection({ selection: state.bulkSelection, level: state.bulkLevel, report: state.bulk }, key, selected);
    state.bulkSelection = new Set(form.selection);
    state.bulk = form.report;
    state.bulkError = undefined;
    this.page.changed();
  }

  setLevel(level: NotificationLevel): void {
    this.page.state.bulkLevel = level;
    // Apply follows the choice.
    this.page.changed();
  }

  apply(): void {
    const { page } = this;
    const { state } = page;
    const level = state.bulkLevel;
    if (!level || !canApplyBulk({ selection: state.bulkSelection, level, report: state.bulk })) return;
    const scopes = visibleEntries(state).filter((entry) => state.bulkSelection.has(entry.key))
      .map((entry) => entry.scope).filter((scope): scope is EntityScopeRef => scope.kind !== 'global');
    if (scopes.length === 0) return;
    state.bulkError = undefined;
    state.bulk = { level, done: false, items: scopes.map((scope) => ({ key: scopeKey(scope), scope, status: 'queued' })) };
    void page.ask(page.host.request('bulkApply', { scopes, level }), () => undefined, (error) => {
      if (!state.bulk?.done) state.bulk = undefined;
      state.bulkError = error.message;
    }).then(() => {
      if (state.bulkError && page.focusLost('bulk-summary')) page.focus('bulk-apply'); // the alert says why
    });
    page.changed();
    page.focus('bulk-summary'); // Apply is off while the run lasts: the focus follows its progress
  }

  clear(): void {
    const { state } = this.page;
    state.bulkSelection.clear();
    if (state.bulk?.done) state.bulk = undefined;
    state.bulkError = undefined;
    this.page.changed();
    // The bulk panel is gone with its buttons: back to the list.
    const tabStop = tabStopKey(listedEntries(state).map((entry) => entry.key), state.activeKey, state.selectedKey);
    if (tabStop !== undefined) this.page.focusOption(tabStop);
  }

  /** A run's step: once it is done, forms of the scopes it set (without edits) are read again. */
  step(bulk: BulkSnapshot): void {
    const { page } = this;
    const { state } = page;
    const finished = bulk.done && !state.bulk?.done;
    state.bulk = bulk;
    if (!finished) return;
    // Stop gives way to Clear selection once the run ends: a focus left on it goes to the outcome.
    if (page.focusLost('bulk-cancel')) queueMicrotask(() => page.focus('bulk-summary'));
    for (const item of bulk.items) {
      const scope = state.byKey.get(item.key);
      if ((item.status !== 'changed' && item.status !== 'unchanged') || isDirtyScope(scope)) continue;
      if (scope) scope.form = undefined;
      if (item.key === state.selectedKey) this.form.load(item.key);
    }
  }
}
