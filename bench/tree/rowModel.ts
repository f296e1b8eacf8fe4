import { groupByDay } from '../../src/app/activity/dayGrouping';
import type { TimeZone } from '../../src/app/activity/calendar';
import { EXPANDED_DAY_GROUPS, EventRows } from '../../src/app/activity/eventRows';
import type { ProjectInfo } from '../../src/app/activity/projectInfo';
import type { Localize } from '../../src/app/localize';
import type { ProjectDirectory } from '../../src/app/projectDirectory';
import type { GitLabEvent } from '../../src/gitlab/types';

/**
 * What the Activity tree computes for a loaded feed, as src/ui/activity/activityTreeProvider.ts does it without
 * `vscode` (the row itself comes from the provider's own `EventRows`): `feedChildren` (project ids to resolve, day
 * groups), `getChildren(day)` (event nodes), and for every row `getTreeItem` (id, label, description, icon, URL,
 * context value, command, accessibility label). Day rows are
 * expanded by default, so VS Code asks for every event row's item. Tooltips are not built: the provider builds them
 * lazily in `resolveTreeItem`, for the row under the pointer only.
 */
export interface RowContext {
  now: number;
  zone: TimeZone;
  t: Localize;
  instanceUrl: string;
  directory: ProjectDirectory;
  sourceKey: string;
}

export interface EventRow {
  id: string;
  label: string;
  description: string;
  iconId: string;
  url?: string;
  contextValue: string;
  command: { command: string; title: string; arguments: unknown[] };
  accessibilityLabel: string;
}

export interface DayRow {
  id: string;
  label: string;
  description: string;
  rows: EventRow[];
}

export interface FeedRows {
  /** Project ids handed to the directory for names (resolved already here). */
  projectIds: Set<number>;
  days: DayRow[];
}

function projectInfo(context: RowContext, id: number | null): ProjectInfo | undefined {
  if (typeof id !== 'number') return undefined;
  const project = context.directory.get(id);
  return project ? { webUrl: project.web_url, pathWithNamespace: project.path_with_namespace, name: project.name_with_namespace ?? project.name } : undefined;
}

/** The provider's row builder (src/app/activity/eventRows.ts) for this context: one per feed, reused on refresh. */
export function rowBuilder(context: RowContext): EventRows {
  return new EventRows(() => ({
    instanceUrl: context.instanceUrl, zone: context.zone, t: context.t, lookupProject: (id) => projectInfo(context, id),
  }));
}

function eventRow(context: RowContext, rows: EventRows, event: GitLabEvent, index: number): EventRow {
  const t = context.t;
  const node = { type: 'event' as const, event, index };
  const row = rows.row(event, context.now);
  return {
    id: `event/${context.sourceKey}/${event.id ?? `i${index}`}`,
    label: row.label,
    description: row.description,
    iconId: row.iconId,
    url: row.url,
    contextValue: row.url ? 'event linkable' : 'event',
    command: row.url
      ? { command: 'gitlabActivity.openInBrowser', title: t('Open in Browser'), arguments: [node] }
      : { command: 'gitlabActivity.showEventDetails', title: t('Show Event Details'), arguments: [node] },
    accessibilityLabel: row.accessibilityLabel,
  };
}

/**
 * The rows VS Code asks for: day groups, and the event rows of the groups that start expanded (the first
 * `EXPANDED_DAY_GROUPS`); `expandAll` builds every group's rows, as if a person opened them all.
 */
export function buildFeedRows(events: readonly GitLabEvent[], context: RowContext, rows: EventRows = rowBuilder(context),
  expandAll = false): FeedRows {
  const projectIds = new Set(events.map((e) => e.project_id).filter((id): id is number => typeof id === 'number'));
  const days = groupByDay(events, { now: context.now, zone: context.zone, t: context.t }).map((day, index) => ({
    id: `day/${context.sourceKey}/${day.key}`,
    label: day.label,
    description: day.events.length === 1 ? context.t('1 event') : context.t('{0} events', day.events.length),
    rows: expandAll || index < EXPANDED_DAY_GROUPS ? day.events.map((event, i) => eventRow(context, rows, event, i)) : [],
  }));
  return { projectIds, days };
}

/** The floor: a plain loop over the same events that touches each one (copies `created_at` into an array). */
export function touchEvents(events: readonly GitLabEvent[]): Array<string | null | undefined> {
  const times = new Array<string | null | undefined>(events.length);
  for (let i = 0; i < events.length; i++) times[i] = events[i].created_at;
  return times;
}
