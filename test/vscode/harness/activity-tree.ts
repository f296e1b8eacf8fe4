import { groupByDay } from '../../../src/app/activity/dayGrouping';
import { localZone } from '../../../src/app/calendar';
import { eventRowLabel, type RowActor } from '../../../src/app/activity/eventRows';
import { describeEvent } from '../../../src/app/activity/eventSentence';
import { formatMessage } from '../../../src/app/localize';
import type { GitLabEvent, SortOrder } from '../../../src/gitlab/types';
import { readFromDouble } from './double-reads';
import type { VscodeSession } from './session';
import type { TreeItemView } from './workbench';

/** Day rows carry "N events" (or "1 event"): that is how they are told apart from state rows at the same depth. */
const DAY_DESCRIPTION = /^\d+ events?$/;

/** What the Activity tree shows under one feed's row (My Activity, a project, a user). */
export interface FeedView {
  parent: TreeItemView;
  /** Day rows in order, each with its event rows. */
  days: Array<{ row: TreeItemView; events: TreeItemView[] }>;
  /** Every event row, in order. */
  events: TreeItemView[];
  /** Rows beside the days: "Load more…", "Loading…", "No events…", an error, "Show Log". */
  states: TreeItemView[];
}

/**
 * The rendered rows under the row labelled `parent` (the first match), or undefined while that row is not shown.
 * Rows scrolled out of view are not rendered, so keep feeds short (a small `gitlabActivity.pageSize`).
 */
export function feedUnder(items: TreeItemView[], parent: string | RegExp): FeedView | undefined {
  const start = items.findIndex((item) => (typeof parent === 'string' ? item.label === parent : parent.test(item.label)));
  if (start < 0) return undefined;
  const head = items[start];
  const feed: FeedView = { parent: head, days: [], events: [], states: [] };
  for (const item of items.slice(start + 1)) {
    if (item.level <= head.level) break;
    if (item.level === head.level + 1) {
      if (DAY_DESCRIPTION.test(item.description)) feed.days.push({ row: item, events: [] });
      else feed.states.push(item);
    } else if (item.level === head.level + 2 && feed.days.length > 0) {
      feed.days[feed.days.length - 1].events.push(item);
      feed.events.push(item);
    }
  }
  return feed;
}

/** A feed that has finished loading: no "Loading…" row. */
export function isSettled(feed: FeedView | undefined): feed is FeedView {
  return feed !== undefined && !feed.states.some((row) => row.label === 'Loading…');
}

export function stateLabels(feed: FeedView): string[] {
  return feed.states.map((row) => row.label);
}

/**
 * The days and event row labels that `events` should show as, grouped as the extension groups them (local days, in
 * date order in the direction of the listing's `sort`, whatever the server's order). My Activity's rows (`/events`)
 * omit the actor; other feeds name it.
 */
export function expectedDays(events: GitLabEvent[], now = Date.now(), actor: RowActor = 'shown', order: SortOrder = 'desc'):
  Array<{ label: string; sentences: string[] }> {
  return groupByDay(events, { now, zone: localZone(), order }).map((day) => ({
    label: day.label,
    sentences: day.events.map((event) => eventRowLabel(describeEvent(event), actor, formatMessage)),
  }));
}

/** Whether the tree names the actor on rows of this listing: not in My Activity (`/events`). */
export function actorOf(apiPath: string): RowActor {
  return apiPath === '/events' ? 'omitted' : 'shown';
}

/** How many events a day row says it holds ("1 event", "3 events"). */
export function dayCount(row: TreeItemView): number {
  return Number(/^(\d+) events?$/.exec(row.description)?.[1] ?? Number.NaN);
}

/** The events a feed holds, by its day rows' counts: collapsed days included. */
export function countedEvents(feed: FeedView): number {
  return feed.days.reduce((sum, day) => sum + dayCount(day.row), 0);
}

/**
 * Whether a feed shows exactly the expected days: same labels and counts in the same order, and the sentences of
 * every expanded day. (Older days may start collapsed; their rows are not rendered until opened.)
 */
export function showsDays(feed: FeedView, expected: Array<{ label: string; sentences: string[] }>): boolean {
  return feed.days.length === expected.length && feed.days.every((day, index) => {
    const want = expected[index];
    if (day.row.label !== want.label || dayCount(day.row) !== want.sentences.length) return false;
    if (day.row.expanded === false) return day.events.length === 0;
    return JSON.stringify(day.events.map((event) => event.label)) === JSON.stringify(want.sentences);
  });
}

/**
 * Reads the first `pages` pages of an event listing from the double (as the extension asks for them) and waits
 * until the feed under `parent` shows exactly those events, grouped by day, with nothing still loading.
 */
export async function waitForFeedFromDouble(
  session: VscodeSession,
  { parent, apiPath, perPage, pages = 1, query = {} }: {
    parent: string | RegExp; apiPath: string; perPage: number; pages?: number; query?: Record<string, string>;
  },
): Promise<{ feed: FeedView; events: GitLabEvent[]; nextPage: string | null }> {
  const double = session.double;
  if (!double) throw new Error('the session has no GitLab double');
  const events: GitLabEvent[] = [];
  let nextPage: string | null = null;
  for (let page = 1; page <= pages; page++) {
    const answer = await readFromDouble<GitLabEvent[]>(double, apiPath, { ...query, page, per_page: perPage });
    events.push(...answer.body);
    nextPage = answer.nextPage;
  }
  const expected = expectedDays(events, Date.now(), actorOf(apiPath), query.sort === 'asc' ? 'asc' : 'desc');
  const feed = await session.workbench.waitForTree(
    `the feed under ${String(parent)} to show the ${events.length} events of ${pages} page(s) of ${apiPath}`,
    (items) => {
      const found = feedUnder(items, parent);
      return isSettled(found) && showsDays(found, expected) && found;
    },
  );
  return { feed, events, nextPage };
}
