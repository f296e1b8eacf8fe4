import type { ActivityService } from '../../app/activity/activityService';
import { groupByDay } from '../../app/activity/dayGrouping';
import { EXPANDED_DAY_GROUPS } from '../../app/activity/eventRows';
import { DASHBOARD_FEEDS, type ActivitySource, type DashboardFeed } from '../../app/activity/sources';
import { localZone } from '../../app/calendar';
import type { ListRows } from '../../app/lists/listRows';
import { keepPlainMessages } from '../../app/localize';
import type { ProjectDirectories } from '../../app/projectDirectory';
import type { GitLabError, GitLabEvent, SortOrder } from '../../gitlab';
import { permissionLine } from '../../app/tokenPermissions';
import type { ActivityRow } from './nodes';
import { displayLocalize } from '../displayLanguage';

type RootRow = ActivityRow & { type: 'root' };
type DayRow = ActivityRow & { type: 'day' };

/**
 * The Activity tree's shape, as the list shell nests it: under each instance My Activity (its list), Projects and
 * Users (a row per project or user, each holding its list, or Add Project… / Add User… while there are none); each
 * list's events by day, the days in the list's direction. Which rows there are; `ActivityItems` draws them.
 */
export class ActivityRows {
  private readonly zone = localZone();
  private readonly t = keepPlainMessages(displayLocalize());

  constructor(
    private readonly service: Pick<ActivityService, 'sources' | 'isUnread' | 'feedStatus'>,
    private readonly directories: ProjectDirectories,
    private readonly now: () => number = Date.now,
  ) {}

  /** An instance's roots: My Activity, Projects, Users, then GitLab's dashboard feeds. */
  roots(instance: string): RootRow[] {
    return (['mine', 'projects', 'users', ...DASHBOARD_FEEDS] as const).map((root) => ({ type: 'root', root, instance }));
  }

  /** The list a row holds: My Activity's root, a dashboard feed's, a project's or user's row. */
  listOf(row: ActivityRow): ActivitySource | undefined {
    if (row.type === 'source') return row.source;
    if (row.type !== 'root') return undefined;
    if (row.root === 'mine') return this.service.sources(row.instance).mine;
    return isFeed(row.root) ? this.service.sources(row.instance).feeds.find((source) => source.ref === row.root) : undefined;
  }

  /** Projects' and Users' rows; a day's events. */
  children(row: ActivityRow): ActivityRow[] {
    if (row.type === 'day') return row.events.map((event, index) => ({ type: 'event', source: row.source, event, index, earlier: row.earlier }));
    if (row.type !== 'root' || (row.root !== 'projects' && row.root !== 'users')) return [];
    const sources = this.service.sources(row.instance)[row.root];
    if (sources.length === 0) return [{ type: 'hint', root: row.root, instance: row.instance }];
    if (row.root === 'projects') void this.directories.for(row.instance).resolve(sources.map((source) => source.ref));
    return sources.map((source) => ({ type: 'source', source }));
  }

  /** A list's days: in the direction the list was asked for (the old rows' own while they stay), whatever GitLab's id order. */
  days(source: ActivitySource, list: ListRows<GitLabEvent, SortOrder>): DayRow[] {
    const events = list.items as GitLabEvent[];
    const projectIds = new Set(events.map((event) => event.project_id).filter((id): id is number => typeof id === 'number'));
    if (projectIds.size > 0) void this.directories.for(source.instance).resolve(projectIds);
    // Rows kept from the last session say so until the fresh page replaces them.
    return groupByDay(events, { now: this.now(), zone: this.zone, order: list.order ?? 'desc', t: this.t }).map((day, index) => ({
      type: 'day', source, key: day.key, label: day.label, events: day.events, expanded: index < EXPANDED_DAY_GROUPS, earlier: list.earlier,
    }));
  }

  /**
   * A dashboard feed's own rows after its days: each source that failed or showed nothing (a private profile), how
   * many sources it left out past its bound, and how many events came late (those newer than its top went on top).
   */
  feedRows(source: ActivitySource): ActivityRow[] {
    const status = source.source.kind === 'feed' ? this.service.feedStatus(source.key) : undefined;
    if (!status) return [];
    const rows: ActivityRow[] = (status.sources ?? [])
      .filter((s) => s.progress === 'failed' || (s.progress === 'done' && s.eventsRead === 0 && s.key.startsWith('user:')))
      .map((s) => ({ type: 'feedSource', source, key: s.key, label: s.label, error: s.error }));
    const limit = status.leftOut?.limit;
    if (limit !== undefined && limit !== 0) rows.push({ type: 'feedLeftOut', source, count: limit });
    const late = status.late + status.lateDropped;
    if (late > 0) rows.push({ type: 'feedLate', source, count: late });
    return rows;
  }

  /**
   * In place of a list's rows: a token without the permission events need, or a dashboard feed on a server that is not
   * GitLab, gets one calm line, not an error row at each refresh.
   */
  instead(source: ActivitySource, list: ListRows<GitLabEvent, SortOrder>, error: GitLabError | undefined): ActivityRow[] | undefined {
    if (source.source.kind === 'feed' && error?.kind === 'unsupported') return [{ type: 'needsGitLab', source }];
    const reason = list.items.length === 0 ? permissionLine('activity', error, this.t) : undefined;
    return reason === undefined ? undefined : [{ type: 'noPermission', source, reason }];
  }

  /** What a day shows with its events: a day whose revision is the same is not drawn again when its list changes. */
  revision(row: ActivityRow): string | undefined {
    if (row.type !== 'day') return undefined;
    const unread = row.events.filter((event) => this.service.isUnread(row.source, event)).length;
    return `${row.label}|${row.earlier === true}|${unread}|${row.events.map((event) => event.id ?? '').join(',')}`;
  }

  /** Whether a row with children starts open (the person's choice wins); undefined for a leaf. */
  openByDefault(row: ActivityRow): boolean | undefined {
    switch (row.type) {
      // The feeds read nothing until opened.
      case 'root': return row.root === 'mine';
      case 'source': return false;
      case 'day': return row.expanded;
      default: return undefined;
    }
  }

  /** The parents of the rows `reveal` is used on (a project's or user's row, a root). */
  parentOf(row: ActivityRow): ActivityRow | string | undefined {
    if (row.type === 'source' && row.source.source.kind !== 'mine') {
      return { type: 'root', root: row.source.source.kind === 'project' ? 'projects' : 'users', instance: row.source.instance };
    }
    return row.type === 'root' ? row.instance : undefined;
  }
}

function isFeed(root: string): root is DashboardFeed {
  return (DASHBOARD_FEEDS as readonly string[]).includes(root);
}
