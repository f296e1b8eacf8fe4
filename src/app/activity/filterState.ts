import { GitLabError } from '../../gitlab/errors';
import { filterProblems, validateFilter, type ValidEventFilter } from '../../gitlab/filter';
import type { EventAction, EventFilter, EventTargetType, SortOrder } from '../../gitlab/types';
import { formatMessage, type Localize } from '../localize';
import { feedPlan, isActivityTab, tabConflict, tabLabel, type ActivityTab, type FeedPlan } from './activityTabs';
import { includedDays } from './datePresets';
import { actionLabel, sortLabel, targetTypeLabel } from './filterLabels';

/** The filter as kept in workspace state. */
export interface StoredActivityFilter {
  version: 1;
  action?: string;
  target_type?: string;
  after?: string;
  before?: string;
  sort?: string;
  /** The tab (`ActivityTab`); absent for "all". */
  tab?: string;
}

const KEYS = ['action', 'target_type', 'after', 'before', 'sort'] as const;
type Key = (typeof KEYS)[number];

/**
 * The parts validated (a `validation` GitLabError when one is invalid), without the default sort (newest first), so
 * equal filters look equal.
 */
function validParts(filter: EventFilter): ValidEventFilter {
  return validateFilter(filter.sort === 'desc' ? { ...filter, sort: undefined } : filter);
}

function ownString(record: Record<string, unknown>, key: Key): string | undefined {
  if (!Object.prototype.hasOwnProperty.call(record, key)) return undefined;
  const value = record[key];
  return typeof value === 'string' && value.length <= 64 ? value : undefined;
}

/**
 * The Activity view's filter: a tab (All, Push events, Comments…) and the raw API filter parts. Immutable and always
 * valid: it is made only where a filter enters, a quick pick's change (`of`, `with…`) or the workspace's stored
 * filter (`deserialize`), through `validateFilter` and `tabConflict`, which throw a `validation` GitLabError. So an
 * invalid value never reaches the server (its parts and requests are `ValidEventFilter`s, the only kind `listEvents`
 * takes) and a raw filter never silently empties a tab.
 */
export class ActivityFilter {
  static readonly EMPTY = new ActivityFilter(validParts({}), 'all');
  /** What the feeds ask for and keep, made once per filter. */
  private readonly feedPlan: FeedPlan;

  private constructor(private readonly parts: ValidEventFilter, readonly tab: ActivityTab) {
    this.feedPlan = feedPlan(tab, parts);
  }

  /** A filter from parts; throws a `validation` GitLabError when they are invalid or cannot narrow the tab. */
  static of(filter: EventFilter, tab: ActivityTab = 'all'): ActivityFilter {
    const parts = validParts(filter);
    const conflict = tabConflict(tab, parts);
    if (conflict) throw new GitLabError('validation', conflict);
    return new ActivityFilter(parts, tab);
  }

  /**
   * A filter from stored, untrusted data: each invalid part is dropped (both dates when they do not form a
   * range), anything else about the data is ignored. Never throws.
   */
  static deserialize(value: unknown): ActivityFilter {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return ActivityFilter.EMPTY;
    const record = value as Record<string, unknown>;
    const version = Object.prototype.hasOwnProperty.call(record, 'version') ? record.version : 1;
    if (version !== 1) return ActivityFilter.EMPTY; // a format this version does not know
    const parts: Record<string, string> = {};
    for (const key of KEYS) {
      const part = ownString(record, key);
      if (part !== undefined && filterProblems({ [key]: part } as EventFilter).length === 0) parts[key] = part;
    }
    if (parts.after !== undefined && parts.before !== undefined
      && filterProblems({ after: parts.after, before: parts.before }).length > 0) {
      delete parts.after;
      delete parts.before;
    }
    const valid = validParts(parts as EventFilter); // cannot throw: every part, and the range, passed above
    const tab = Object.prototype.hasOwnProperty.call(record, 'tab') && isActivityTab(record.tab) ? record.tab : 'all';
    // A stored tab that the stored filter would empty (an older version's data, an edit) falls back to All.
    return new ActivityFilter(valid, tabConflict(tab, valid) ? 'all' : tab);
  }

  get action(): EventAction | undefined { return this.parts.action; }
  get targetType(): EventTargetType | undefined { return this.parts.target_type; }
  get after(): string | undefined { return this.parts.after; }
  get before(): string | undefined { return this.parts.before; }
  get sort(): SortOrder { return this.parts.sort ?? 'desc'; }

  get isEmpty(): boolean {
    return Object.keys(this.parts).length === 0 && this.tab === 'all';
  }

  withTab(tab: ActivityTab): ActivityFilter {
    return ActivityFilter.of(this.parts, tab);
  }

  withAction(action: EventAction | undefined): ActivityFilter {
    return ActivityFilter.of({ ...this.parts, action }, this.tab);
  }

  withTargetType(targetType: EventTargetType | undefined): ActivityFilter {
    return ActivityFilter.of({ ...this.parts, target_type: targetType }, this.tab);
  }

  /** Both bounds at once, so moving a range never passes through an invalid one. */
  withDateRange(after: string | undefined, before: string | undefined): ActivityFilter {
    return ActivityFilter.of({ ...this.parts, after, before }, this.tab);
  }

  withSort(sort: SortOrder | undefined): ActivityFilter {
    return ActivityFilter.of({ ...this.parts, sort }, this.tab);
  }

  withoutDateRange(): ActivityFilter {
    return this.withDateRange(undefined, undefined);
  }

  cleared(): ActivityFilter {
    return ActivityFilter.EMPTY;
  }

  equals(other: ActivityFilter): boolean {
    return this.tab === other.tab && KEYS.every((key) => this.parts[key] === other.parts[key]);
  }

  /**
   * "Comments · closed · issue · 2026-11-20 to 2026-11-26 · oldest first" (the view's description); empty when
   * nothing is filtered or sorted. Dates read as they were asked for: the days included, not GitLab's exclusive bounds.
   */
  describe(t: Localize = formatMessage): string {
    const words = this.filterWords(t);
    if (this.parts.sort === 'asc') words.push(sortLabel('asc', t));
    return words.join(t(' · '));
  }

  /**
   * The message at the top of the view: "Filtered: Comments · issue", "Sorted: oldest first", or both joined; a sort
   * order filters nothing, so it is not called a filter. Empty when nothing is filtered or sorted.
   */
  message(t: Localize = formatMessage): string {
    const filtered = this.filterWords(t);
    const lines = filtered.length > 0 ? [t('Filtered: {0}', filtered.join(t(' · ')))] : [];
    if (this.parts.sort === 'asc') lines.push(t('Sorted: {0}', sortLabel('asc', t)));
    return lines.join(t(' · '));
  }

  private filterWords(t: Localize): string[] {
    const words: string[] = [];
    if (this.tab !== 'all') words.push(tabLabel(this.tab, t));
    if (this.parts.action) words.push(actionLabel(this.parts.action, t));
    if (this.parts.target_type) words.push(targetTypeLabel(this.parts.target_type, t));
    if (this.parts.after || this.parts.before) words.push(includedDays({ after: this.parts.after, before: this.parts.before }, t));
    return words;
  }

  /** What the feeds ask the server for under this tab and filter, and which answered events they keep. */
  plan(): FeedPlan {
    return this.feedPlan;
  }

  /** The same, newest first whatever this filter's order, and saying so (`sort=desc`): what the new-activity check asks. */
  newestFirstPlan(): FeedPlan {
    return { ...this.feedPlan, request: validateFilter({ ...this.feedPlan.request, sort: 'desc' }) };
  }

  serialize(): StoredActivityFilter {
    return this.tab === 'all' ? { version: 1, ...this.parts } : { version: 1, ...this.parts, tab: this.tab };
  }
}
