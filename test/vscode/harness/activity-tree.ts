import type { GitLabEvent, SortOrder } from '../../../src/gitlab/types';
import { extensionRequests, isEventsRequest, readFromDouble, waitForExtensionRequest } from './double-reads';
import { waitFor } from './wait-for';
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

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A day as the tree should show it: its label, and the events it holds in the order listed. */
export interface ExpectedDay {
  label: string;
  events: GitLabEvent[];
}

/** The local calendar day of a time, as a number that orders days (no time of day). */
function localDay(date: Date): number {
  return Date.UTC(date.getFullYear(), date.getMonth(), date.getDate()) / 86_400_000;
}

/**
 * How `events` should show as days, by the test's own statement of the rule (not the extension's code): each event
 * under the local calendar day of its created_at, the days labelled "Today", "Yesterday" or "Tue 3 Nov 2026", in date
 * order in the listing's direction whatever the events' order, each day once; events without a time under
 * "Unknown date", last.
 */
export function expectedDays(events: GitLabEvent[], now = new Date(), order: SortOrder = 'desc'): ExpectedDay[] {
  const today = localDay(now);
  const days = new Map<number, ExpectedDay>();
  const unknown: ExpectedDay = { label: 'Unknown date', events: [] };
  for (const event of events) {
    const time = event.created_at ? new Date(event.created_at) : undefined;
    if (!time || Number.isNaN(time.getTime())) {
      unknown.events.push(event);
      continue;
    }
    const day = localDay(time);
    const label = day === today ? 'Today' : day === today - 1 ? 'Yesterday'
      : `${WEEKDAYS[time.getDay()]} ${time.getDate()} ${MONTHS[time.getMonth()]} ${time.getFullYear()}`;
    const entry = days.get(day) ?? { label, events: [] };
    entry.events.push(event);
    days.set(day, entry);
  }
  const ordered = [...days.keys()].sort((a, b) => (order === 'asc' ? a - b : b - a)).map((day) => days.get(day)!);
  return unknown.events.length > 0 ? [...ordered, unknown] : ordered;
}

/**
 * Whether a row can be the event's: its accessibility label (the whole sentence, the title not cut) names the start
 * of the event's title, when the event has one.
 */
function rowShows(row: TreeItemView, event: GitLabEvent): boolean {
  const title = event.target_title?.replace(/\s+/g, ' ').trim();
  return !title || row.ariaLabel.replace(/\s+/g, ' ').includes(title.slice(0, 12));
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
 * Whether a feed shows exactly the expected days: same labels and counts in the same order, and for every expanded
 * day a row per event, each naming its event's target. (Older days may start collapsed; their rows are not rendered.)
 */
export function showsDays(feed: FeedView, expected: ExpectedDay[]): boolean {
  return feed.days.length === expected.length && feed.days.every((day, index) => {
    const want = expected[index];
    if (day.row.label !== want.label || dayCount(day.row) !== want.events.length) return false;
    if (day.row.expanded === false) return day.events.length === 0;
    return day.events.length === want.events.length && day.events.every((row, i) => rowShows(row, want.events[i]));
  });
}

/**
 * Whether every drawn event row of `feed` whose project GitLab let the extension look up names it (My Activity's rows
 * read "<project> · <time>" once it is known, "<time>" before): the days are drawn again as their projects become known.
 */
function namesProjects(feed: FeedView, expected: ExpectedDay[], refused: (projectId: number) => boolean): boolean {
  return feed.days.every((day, index) => day.events.every((row, i) => {
    const id = expected[index].events[i]?.project_id;
    return typeof id !== 'number' || refused(id) || row.description.includes(' · ');
  }));
}

/**
 * Reads the first `pages` pages of an event listing from the double (as the extension asks for them) and waits
 * until the feed under `parent` shows exactly those events, grouped by day, with nothing still loading. With
 * `projectsNamed`, also until each drawn row names its project (unless GitLab refused the extension its lookup): the
 * rows are then drawn as they stay, and a row can be hovered (a row drawn again under the mouse loses its hover).
 */
export async function waitForFeedFromDouble(
  session: VscodeSession,
  { parent, apiPath, perPage, pages = 1, query = {}, projectsNamed = false }: {
    parent: string | RegExp; apiPath: string; perPage: number; pages?: number; query?: Record<string, string>; projectsNamed?: boolean;
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
  const expected = expectedDays(events, new Date(), query.sort === 'asc' ? 'asc' : 'desc');
  const refused = (projectId: number) => extensionRequests(double, (r) => r.path === `/api/v4/projects/${projectId}` && r.status !== 200).length > 0;
  const feed = await session.workbench.waitForTree(
    `the feed under ${String(parent)} to show the ${events.length} events of ${pages} page(s) of ${apiPath}`,
    (items) => {
      const found = feedUnder(items, parent);
      return isSettled(found) && showsDays(found, expected) && (!projectsNamed || namesProjects(found, expected, refused)) && found;
    },
  );
  return { feed, events, nextPage };
}

/**
 * Clicks the "Load more…" row of the feed under `parent`, as a person does, and waits for the extension to ask for the
 * next page and for the feed to show exactly the events of the pages read so far (`pages`, the one asked for being
 * the last), as the double has them.
 */
export async function loadMore(
  session: VscodeSession,
  listing: { parent: string | RegExp; apiPath: string; perPage: number; pages: number; query?: Record<string, string> },
): Promise<{ feed: FeedView; events: GitLabEvent[]; nextPage: string | null }> {
  const double = session.double;
  if (!double) throw new Error('the session has no GitLab double');
  const shown = feedUnder(await session.workbench.treeItems(), listing.parent);
  const row = shown?.states.find((state) => state.label === 'Load more…');
  if (!row) throw new Error(`no "Load more…" row under ${String(listing.parent)}`);
  const target = session.workbench.treeRowLabelled('Load more…', { level: row.level });
  // The pointer off the activity bar first: left where opening the view container clicked, it keeps the icon's hover
  // ("GitLab - 33 pending to-dos") open over the side bar's rows, and the click on the row lands on the hover.
  const { page } = session;
  await page.mouse.move(1, 1);
  await waitFor('the activity bar\'s hover to close', async () => (await page.locator('.context-view .monaco-hover:visible').count()) === 0, { timeoutMs: 5_000 });
  const since = Date.now();
  await target.click();
  await waitForExtensionRequest(double, (r) => r.at >= since && isEventsRequest(r, listing.apiPath) && r.query.page === String(listing.pages));
  return waitForFeedFromDouble(session, listing);
}
