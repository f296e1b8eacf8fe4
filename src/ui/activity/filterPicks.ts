import * as vscode from 'vscode';
import * as plainWindow from '../plainWindow';
import { UTC_ZONE } from '../../app/calendar';
import {
  customDateProblem, datePresets, daysOfRange, includedDays, matchingPreset, presetRange, rangeOfDays, type FixedDatePresetId,
} from '../../app/activity/datePresets';
import {
  ACTIVITY_TABS, combinableActions, combinableTargetTypes, tabDetail, tabLabel, type ActivityTab,
} from '../../app/activity/activityTabs';
import { actionLabel, sortLabel, targetTypeLabel } from '../../app/activity/filterLabels';
import type { ActivityFilter } from '../../app/activity/filterState';
import { EVENT_ACTIONS, EVENT_TARGET_TYPES, type EventAction, type EventTargetType, type SortOrder } from '../../gitlab';
import { applyFilterChange, pickOneOrAny } from '../pickOneOrAny';
import type { FilterChoice } from '../lists/listFilter';
import { displayLocalize } from '../displayLanguage';

type Pick<T> = plainWindow.PlainItem & { value: T };

/**
 * The filter quick picks. Values come only from the known sets or from validated input boxes, so an invalid
 * filter can never be built, let alone sent.
 */
export class FilterPicks {
  // GitLab reads dates in the instance's zone (UTC by default): presets count days in UTC too.
  private readonly zone = UTC_ZONE;

  constructor(private readonly controller: FilterChoice<ActivityFilter>, private readonly now: () => number = Date.now) {}

  /** "Filter Activity…": which part to change. */
  async chooseKind(): Promise<void> {
    const f = this.controller.filter;
    const none = vscode.l10n.t('any');
    const kinds: Array<Pick<() => Promise<void>>> = [
      { icon: 'layers', label: vscode.l10n.t('Tab'), description: tabLabel(f.tab, displayLocalize()), value: () => this.tab() },
      { icon: 'symbol-event', label: vscode.l10n.t('Action'), description: f.action ? actionLabel(f.action, displayLocalize()) : none, value: () => this.action() },
      { icon: 'symbol-class', label: vscode.l10n.t('Target Type'), description: f.targetType ? targetTypeLabel(f.targetType, displayLocalize()) : none, value: () => this.targetType() },
      { icon: 'calendar', label: vscode.l10n.t('Date Range'), description: includedDays({ after: f.after, before: f.before }, displayLocalize()), value: () => this.dateRange() },
      { icon: 'list-ordered', label: vscode.l10n.t('Sort Order'), description: sortLabel(f.sort, displayLocalize()), value: () => this.sort() },
    ];
    if (!f.isEmpty) kinds.push({ icon: 'clear-all', label: vscode.l10n.t('Clear Filters'), value: () => this.clear() });
    const choice = await plainWindow.showQuickPick(kinds, { title: vscode.l10n.t('Filter GitLab Activity'), placeHolder: f.describe(displayLocalize()) || vscode.l10n.t('No filter') });
    await choice?.value();
  }

  /** The tabs of GitLab's activity page: All, Push events, Merge events, Issue events, Comments, Wiki, Designs, Team. */
  async tab(): Promise<void> {
    const current = this.controller.filter.tab;
    const items: Array<Pick<ActivityTab>> = ACTIVITY_TABS.map((tab) => ({
      label: tabLabel(tab, displayLocalize()), detail: tabDetail(tab, displayLocalize()), value: tab, picked: tab === current,
      description: tab === current ? vscode.l10n.t('current') : undefined,
    }));
    const choice = await plainWindow.showQuickPick(items, { title: vscode.l10n.t('Activity Tab') });
    if (choice) await this.apply((f) => f.withTab(choice.value));
  }

  /** The actions the current tab can be narrowed by (all of them under "All"): one it cannot take is not offered. */
  async action(): Promise<void> {
    const { action: current, tab } = this.controller.filter;
    const value = await this.pickOne<EventAction>(vscode.l10n.t('Filter by Action'),
      combinableActions(tab, EVENT_ACTIONS).map((action) => ({ label: actionLabel(action, displayLocalize()), value: action })),
      current, this.narrowedBy(tab));
    if (value !== null) await this.apply((f) => f.withAction(value));
  }

  async targetType(): Promise<void> {
    const { targetType: current, tab } = this.controller.filter;
    const value = await this.pickOne<EventTargetType>(vscode.l10n.t('Filter by Target Type'),
      combinableTargetTypes(tab, EVENT_TARGET_TYPES).map((type) => ({ label: targetTypeLabel(type, displayLocalize()), value: type })),
      current, this.narrowedBy(tab));
    if (value !== null) await this.apply((f) => f.withTargetType(value));
  }

  /** Says why a tab's list is short. */
  private narrowedBy(tab: ActivityTab): string | undefined {
    return tab === 'all' ? undefined : vscode.l10n.t('Only what the tab "{0}" can show ({1})', tabLabel(tab, displayLocalize()), tabDetail(tab, displayLocalize()));
  }

  async sort(): Promise<void> {
    const current = this.controller.filter.sort;
    const items: Array<Pick<SortOrder>> = (['desc', 'asc'] as const).map((sort) => ({
      label: sortLabel(sort, displayLocalize()), value: sort, picked: sort === current,
      description: sort === current ? vscode.l10n.t('current') : undefined,
    }));
    const choice = await plainWindow.showQuickPick(items, { title: vscode.l10n.t('Sort Activity') });
    if (choice) await this.apply((f) => f.withSort(choice.value === 'desc' ? undefined : choice.value));
  }

  async dateRange(): Promise<void> {
    const f = this.controller.filter;
    const now = this.now();
    const matching = matchingPreset({ after: f.after, before: f.before }, now, this.zone);
    type RangePick = Pick<FixedDatePresetId | 'custom' | 'any'>;
    const items: RangePick[] = [{ label: vscode.l10n.t('Any date'), value: 'any', description: !f.after && !f.before ? vscode.l10n.t('current') : undefined }];
    for (const preset of datePresets(displayLocalize())) {
      const range = preset.id === 'custom' ? undefined : presetRange(preset.id, now, this.zone);
      items.push({
        label: preset.label, value: preset.id,
        description: range ? includedDays(range, displayLocalize()) : undefined,
        detail: preset.id === matching ? vscode.l10n.t('current') : undefined,
      });
    }
    const choice = await plainWindow.showQuickPick(items, { title: vscode.l10n.t('Filter by Date Range') });
    if (!choice) return;
    if (choice.value === 'any') return this.apply((filter) => filter.withoutDateRange());
    if (choice.value !== 'custom') {
      const range = presetRange(choice.value, now, this.zone);
      return this.apply((filter) => filter.withDateRange(range.after, range.before));
    }
    // Asked as people say it, first and last day included; GitLab's exclusive after/before are worked out from them.
    const shown = daysOfRange({ after: f.after, before: f.before });
    const from = await plainWindow.showInputBox({
      title: vscode.l10n.t('Custom Date Range (1/2)'),
      prompt: vscode.l10n.t('From (YYYY-MM-DD, included; empty for no lower bound)'),
      value: shown.from ?? '', placeHolder: 'YYYY-MM-DD',
      validateInput: (value) => customDateProblem(value, 'from', undefined, displayLocalize()),
    });
    if (from === undefined) return;
    const to = await plainWindow.showInputBox({
      title: vscode.l10n.t('Custom Date Range (2/2)'),
      prompt: vscode.l10n.t('To (YYYY-MM-DD, included; empty for no upper bound)'),
      value: shown.to ?? '', placeHolder: 'YYYY-MM-DD',
      validateInput: (value) => customDateProblem(value, 'to', from || undefined, displayLocalize()),
    });
    if (to === undefined) return;
    const range = rangeOfDays(from.trim() || undefined, to.trim() || undefined);
    await this.apply((filter) => filter.withDateRange(range.after, range.before));
  }

  async clear(): Promise<void> {
    await this.apply((f) => f.cleared());
  }

  private pickOne<T>(title: string, values: Array<Pick<T>>, current: T | undefined, placeHolder?: string): Promise<T | undefined | null> {
    return pickOneOrAny(title, values, current, { placeHolder });
  }

  private apply(change: (filter: ActivityFilter) => ActivityFilter): Promise<void> {
    return applyFilterChange(() => this.controller.set(change(this.controller.filter)));
  }
}
