import { groupByDay } from '../../src/app/activity/dayGrouping';
import type { TimeZone } from '../../src/app/activity/calendar';
import { describeEvent } from '../../src/app/activity/eventSentence';
import { eventIconId } from '../../src/app/activity/eventIcon';
import { eventWebUrl } from '../../src/app/activity/eventUrl';
import type { ProjectInfo } from '../../src/app/activity/projectInfo';
import { relativeTime } from '../../src/app/activity/relativeTime';
import type { Localize } from '../../src/app/localize';
import type { ProjectDirectory } from '../../src/app/projectDirectory';
import type { GitLabEvent } from '../../src/gitlab/types';

/**
 * What the Activity tree computes for a loaded feed, mirrored from src/ui/activity/activityTreeProvider.ts without
 * `vscode`: `feedChildren` (project ids to resolve, day groups), `getChildren(day)` (event nodes), and for every row
 * `getTreeItem` (id, label, description, icon, URL, context value, command, accessibility label). Day rows are
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

/** The parts of a row that depend on the event alone (and, for the URL, on the project directory). */
export interface EventParts {
  sentence: string;
  iconId: string;
  url: string | undefined;
}

export type PartsOf = (event: GitLabEvent) => EventParts;

/** As the provider does today: every part computed for every row on every build. */
export function computeParts(context: RowContext): PartsOf {
  const lookupProject = (id: number) => projectInfo(context, id);
  return (event) => ({
    sentence: describeEvent(event, context.t).sentence,
    iconId: eventIconId(event),
    url: eventWebUrl(event, { instanceUrl: context.instanceUrl, lookupProject }),
  });
}

/**
 * A suggestion measured, not the provider's behaviour: parts kept per event object (a WeakMap, dropped with the
 * events; to be cleared when the project directory changes), so a refresh recomputes only what depends on the time.
 */
export function cachedParts(context: RowContext, cache: WeakMap<GitLabEvent, EventParts>): PartsOf {
  const compute = computeParts(context);
  return (event) => {
    let parts = cache.get(event);
    if (!parts) cache.set(event, (parts = compute(event)));
    return parts;
  };
}

function eventRow(context: RowContext, partsOf: PartsOf, event: GitLabEvent, index: number): EventRow {
  const t = context.t;
  const node = { type: 'event' as const, event, index };
  const parts = partsOf(event);
  const project = projectInfo(context, event.project_id);
  const when = relativeTime(event.created_at, { now: context.now, zone: context.zone, t });
  const rowDescription = [project?.name ?? project?.pathWithNamespace, when].filter(Boolean).join(' · ');
  const url = parts.url;
  return {
    id: `event/${context.sourceKey}/${event.id ?? `i${index}`}`,
    label: parts.sentence,
    description: rowDescription,
    iconId: parts.iconId,
    url,
    contextValue: url ? 'event linkable' : 'event',
    command: url
      ? { command: 'gitlabActivity.openInBrowser', title: t('Open in Browser'), arguments: [node] }
      : { command: 'gitlabActivity.showEventDetails', title: t('Show Event Details'), arguments: [node] },
    accessibilityLabel: `${parts.sentence}, ${rowDescription}`,
  };
}

export function buildFeedRows(events: readonly GitLabEvent[], context: RowContext, partsOf: PartsOf = computeParts(context)): FeedRows {
  const projectIds = new Set(events.map((e) => e.project_id).filter((id): id is number => typeof id === 'number'));
  const days = groupByDay(events, { now: context.now, zone: context.zone, t: context.t }).map((day) => ({
    id: `day/${context.sourceKey}/${day.key}`,
    label: day.label,
    description: context.t('{0} events', day.events.length),
    rows: day.events.map((event, index) => eventRow(context, partsOf, event, index)),
  }));
  return { projectIds, days };
}

/** The floor: a plain loop over the same events that touches each one (copies `created_at` into an array). */
export function touchEvents(events: readonly GitLabEvent[]): string[] {
  const times = new Array<string>(events.length);
  for (let i = 0; i < events.length; i++) times[i] = events[i].created_at;
  return times;
}
