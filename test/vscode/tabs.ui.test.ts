import assert from 'node:assert/strict';
import type { LoggedRequest } from '../double';
import type { GitLabEvent } from '../../src/gitlab/types';
import {
  expectedDays, extensionRequests, feedUnder, isEventsRequest, isSettled, readFromDouble, showsDays, useSignedInSessionOfPages,
  waitFor, waitForExtensionRequest, waitForFeedFromDouble, type VscodeSession,
} from './harness';
import { labelStartShown, setSideBarWidth } from './harness/side-bar-width';
import { VIEW_CONTAINER } from './harness/workbench';

const PAGE_SIZE = 5;
/** Pages one click may read (src/app/lists/matchingLoader.ts). */
const BOUND = 10;
const FILTER_PARAMS = ['action', 'target_type', 'after', 'before', 'sort', 'scope'];

const filterParams = (request: LoggedRequest): Record<string, string> =>
  Object.fromEntries(Object.entries(request.query).filter(([key]) => FILTER_PARAMS.includes(key)));

/** The tabs' kinds as GitLab's activity page means them, written out here apart from the extension's own code. */
const isIssueEvent = (e: GitLabEvent) => e.target_type === 'Issue' || e.target_type === 'WorkItem';
const isWikiEvent = (e: GitLabEvent) => e.target_type === 'WikiPage::Meta';

interface TabRead {
  kept: GitLabEvent[];
  /** Each page read and how many of its events the tab keeps. */
  pages: Array<{ page: number; kept: number }>;
  next?: number;
  bound: boolean;
}

/**
 * What one load of a client-filtered tab should read from `/events`: pages from `from` until a page's worth of the
 * tab's events, the end, or the bound, as a person reading GitLab's pages by hand would.
 */
async function readTab(session: VscodeSession, keep: (e: GitLabEvent) => boolean, from = 1): Promise<TabRead> {
  const read: TabRead = { kept: [], pages: [], bound: false };
  for (let page = from; ;) {
    const answer = await readFromDouble<GitLabEvent[]>(session.double!, '/events', { page, per_page: PAGE_SIZE });
    const kept = answer.body.filter(keep);
    read.pages.push({ page, kept: kept.length });
    read.kept.push(...kept);
    read.next = answer.nextPage ? Number(answer.nextPage) : undefined;
    if (read.kept.length >= PAGE_SIZE || read.next === undefined) return read;
    if (read.pages.length >= BOUND) return { ...read, bound: true };
    page = read.next;
  }
}

/** Pages a tab reads at once (src/app/lists/matchingLoader.ts): read ahead, so up to 3 past the last one needed. */
const WINDOW = 4;

/**
 * The pages one load asked for: each page a reader by hand needed, once, and besides them only pages read ahead just
 * past the last one (at most the window less one), never more than the bound in all.
 */
function assertPagesRead(asked: LoggedRequest[], needed: TabRead['pages']) {
  const pages = asked.map((r) => Number(r.query.page)).sort((a, b) => a - b);
  const wanted = needed.map((page) => page.page);
  assert.equal(new Set(pages).size, pages.length, `a page asked for twice: ${pages.join()}`);
  assert.deepEqual(pages.slice(0, wanted.length), wanted, `pages asked for: ${pages.join()}; needed: ${wanted.join()}`);
  const ahead = pages.slice(wanted.length);
  const last = wanted[wanted.length - 1];
  assert.ok(ahead.length <= WINDOW - 1 && ahead.every((page) => page > last && page < last + WINDOW), `read ahead: ${ahead.join()}`);
  assert.ok(pages.length <= BOUND, `${pages.length} pages in one load`);
}

async function chooseTab(session: VscodeSession, tab: string): Promise<number> {
  const since = Date.now();
  await session.workbench.openQuickInputFromTitleAction('Choose Activity Tab…', 'Activity Tab');
  await session.workbench.pickQuickItem(new RegExp(`^${tab}$`));
  await session.workbench.waitForQuickInputClosed();
  return since;
}

/** Waits until My Activity shows exactly `events` (by day, rows without the actor) and then `states`. */
async function waitForMyActivity(session: VscodeSession, events: GitLabEvent[], states: (labels: string[]) => boolean, what: string) {
  const expected = expectedDays(events);
  return session.workbench.waitForTree(what, (items) => {
    const feed = feedUnder(items, 'My Activity');
    return isSettled(feed) && showsDays(feed, expected) && states(feed.states.map((row) => row.label)) && feed;
  });
}

describe('activity tabs', function () {
  this.timeout(120_000);
  const session = useSignedInSessionOfPages('tabs', PAGE_SIZE);

  it('Comments shows every comment, diff notes and discussion notes included (target_type=note would drop them)', async function () {
    const { workbench, double } = session();
    double!.addEvent({ action: 'commented', targetType: 'DiffNote' });
    double!.addEvent({ action: 'commented', targetType: 'DiscussionNote' });
    await workbench.openViewContainer(VIEW_CONTAINER);
    await waitForFeedFromDouble(session(), { parent: 'My Activity', apiPath: '/events', perPage: PAGE_SIZE });

    await workbench.openQuickInputFromTitleAction('Choose Activity Tab…', 'Activity Tab');
    assert.deepEqual(await workbench.quickPickItems(),
      ['All', 'Push events', 'Merge events', 'Issue events', 'Comments', 'Wiki', 'Designs', 'Team']);
    const since = Date.now();
    await workbench.pickQuickItem(/^Comments$/);
    const request = await waitForExtensionRequest(double!, (r) => r.at >= since && isEventsRequest(r));
    assert.deepEqual(filterParams(request), { action: 'commented' });

    const { feed, events } = await waitForFeedFromDouble(session(), {
      parent: 'My Activity', apiPath: '/events', perPage: PAGE_SIZE, query: { action: 'commented' },
    });
    const types = new Set(events.map((event) => event.target_type));
    assert.ok(types.has('DiffNote') && types.has('DiscussionNote'), `the page holds ${[...types].join(', ')}`);
    // Each row leads with what was commented on; the comment icon and the accessibility label say it was a comment.
    for (const row of feed.events) assert.match(row.ariaLabel, / commented on /);
    await waitFor('the description "Comments"', async () => (await workbench.viewDescription('Activity')) === 'Comments');
    await workbench.screenshot('tabs-comments');
  });

  it('Issue events (work items included) reads past pages without one, and "Load more…" goes on the same way', async function () {
    const { double } = session();
    const since = await chooseTab(session(), 'Issue events');
    const first = await readTab(session(), isIssueEvent);
    assert.ok(first.pages.some((page) => page.kept === 0), `every page read holds an issue event: ${JSON.stringify(first.pages)}`);
    assert.ok(!first.bound && first.next !== undefined, JSON.stringify(first));
    await waitForMyActivity(session(), first.kept, (labels) => labels.join() === 'Load more…', `the first ${first.kept.length} issue events`);
    const asked = extensionRequests(double!, (r) => r.at >= since && isEventsRequest(r));
    assertPagesRead(asked, first.pages);
    for (const r of asked) assert.deepEqual(filterParams(r), {}, 'GitLab\'s target_type=issue would drop work items');

    const more = Date.now();
    await session().workbench.treeRowLabelled('Load more…', { level: 2 }).click();
    const second = await readTab(session(), isIssueEvent, first.next);
    await waitForMyActivity(session(), [...first.kept, ...second.kept], () => true, 'the next issue events appended');
    assertPagesRead(extensionRequests(double!, (r) => r.at >= more && isEventsRequest(r)), second.pages);
    await session().workbench.screenshot('tabs-issue-events');
  });

  it('Wiki stops at its bound of pages and says so; "Continue" reads on from there, to "End of activity" at GitLab\'s end', async function () {
    const { workbench, double } = session();
    const since = await chooseTab(session(), 'Wiki');
    const first = await readTab(session(), isWikiEvent);
    assert.ok(first.bound, `the double's wiki events of user 1 fill a page within ${BOUND} pages: ${JSON.stringify(first.pages)}`);
    // "Continue" first, so a narrow sidebar shows it; how far it got after it.
    const label = 'Continue';
    const feed = await waitForMyActivity(session(), first.kept, (labels) => labels.join() === label, `the row "${label}"`);
    assert.equal(feed.states[0].description, `${BOUND} pages read, ${first.kept.length} matching so far`);
    const width = await setSideBarWidth(session().page, 300);
    assert.ok(await labelStartShown(workbench.treeRowLabelled(label, { level: 2 }), label.length), '"Continue" is cut off');
    await setSideBarWidth(session().page, width);
    assert.equal(extensionRequests(double!, (r) => r.at >= since && isEventsRequest(r)).length, BOUND);
    await workbench.screenshot('tabs-wiki-bound');

    const more = Date.now();
    await workbench.treeRowLabelled(label, { level: 2 }).click();
    const second = await readTab(session(), isWikiEvent, first.next);
    // Continue first (how far the load got is its description); at GitLab's end the list says so.
    const after = second.bound ? ['Continue'] : second.next ? ['Load more…'] : ['End of activity'];
    await waitForMyActivity(session(), [...first.kept, ...second.kept], (labels) => labels.join() === after.join(), 'the rest of the wiki events');
    assertPagesRead(extensionRequests(double!, (r) => r.at >= more && isEventsRequest(r)), second.pages);
  });

  it('offers under a tab only the actions it can take (Wiki: no "closed"); a tab the filter would empty is refused, saying why', async function () {
    const { workbench } = session();
    await workbench.runCommand('GitLab: Filter Activity by Action…');
    await workbench.waitForQuickInput('Filter by Action');
    const offered = (await workbench.quickPickEntries()).map((entry) => entry.label).filter((label) => label !== 'Any');
    assert.deepEqual(offered, ['Created', 'Updated', 'Deleted']);
    assert.equal((await workbench.quickInputText()).placeholder, 'Only what the tab "Wiki" can show (wiki pages created, updated or deleted)');
    await workbench.dismissQuickInput();
    assert.equal(await workbench.viewDescription('Activity'), 'Wiki');

    await workbench.clickViewTitleAction('Clear Filters');
    await waitFor('no description once cleared', async () => (await workbench.viewDescription('Activity')) === '');

    // Under "All" every action is offered; a tab that action would empty is then refused, and the filter stays.
    await workbench.runCommand('GitLab: Filter Activity by Action…');
    await workbench.waitForQuickInput('Filter by Action');
    await workbench.pickQuickItem(/^Closed$/);
    await waitFor('the description "Closed"', async () => (await workbench.viewDescription('Activity')) === 'Closed');
    await workbench.runCommand('GitLab: Choose Activity Tab…');
    await workbench.waitForQuickInput('Activity Tab');
    await workbench.pickQuickItem(/^Wiki$/);
    await workbench.waitForNotification(/The tab "Wiki" shows wiki pages created, updated or deleted; the action "Closed" matches none of them/);
    assert.equal(await workbench.viewDescription('Activity'), 'Closed');
    await workbench.clickViewTitleAction('Clear Filters');
    await waitFor('no description once cleared', async () => (await workbench.viewDescription('Activity')) === '');
  });
});
