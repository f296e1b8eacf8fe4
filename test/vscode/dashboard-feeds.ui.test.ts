import assert from 'node:assert/strict';
import type { GitLabEvent } from '../../src/gitlab/types';
import {
  expectedDays, extensionRequests, feedUnder, isSettled, mergedEventsFromDouble, showsDays, useSignedInSession, waitFor, waitForExtensionRequest,
  type FeedView, type VscodeSession,
} from './harness';
import { contextMenuShows, openContextMenu } from './harness/context-menu';
import { VIEW_CONTAINER } from './harness/workbench';

const PAGE_SIZE = 5;
const FEEDS = ['Your projects', 'Starred projects', 'People you follow'];

/** The feed under `root` once it shows exactly `events`, by day, settled, and `probe` holds. */
function feedShows(session: VscodeSession, root: string, events: GitLabEvent[], probe: (feed: FeedView) => boolean = () => true) {
  const expected = expectedDays(events);
  return session.workbench.waitForTree(`${root} to show its ${events.length} newest events`, (items) => {
    const feed = feedUnder(items, root);
    return isSettled(feed) && showsDays(feed, expected) && probe(feed) && feed;
  });
}

/** Clicks the feed's Load more…, as a person does. */
async function clickLoadMore(session: VscodeSession, feed: FeedView): Promise<void> {
  const row = feed.states.find((state) => state.label === 'Load more…');
  assert.ok(row, 'no Load more… row');
  await session.page.mouse.move(1, 1);
  await session.workbench.treeRowLabelled('Load more…', { level: row.level }).click();
}

const labels = (feed: FeedView) => feed.states.map((row) => `${row.label} | ${row.description}`);

/**
 * GitLab's dashboard feeds as Activity roots (the double's fixed world: alex's projects, his stars, whom he follows):
 * each read past its first page, a deleted project and a private profile among the sources with their own rows, and a
 * poll that adds a row to a feed under an open context menu and an opened root. Nothing here repeats a click.
 */
describe('dashboard feeds in the Activity view', function () {
  this.timeout(150_000);
  const session = useSignedInSession({
    double: { withoutTodos: true },
    name: 'dashboard-feeds',
    // No poll until the test that needs one turns it on: a poll reads the feeds' first pages, which the Retry must not.
    settings: { 'gitlabActivity.pageSize': PAGE_SIZE, 'gitlabActivity.pollInterval': 0 },
  });

  /**
   * Opens `root` with My Activity closed (rows scrolled out of view are not drawn), runs `test`, and leaves the tree as
   * the next suite on this workbench expects it: the feed closed and read again (a closed feed reads nothing; one the
   * refresh still found open, before VS Code told of the collapse, is polled, and the badge counts its events and My
   * Activity's once), My Activity open.
   */
  async function withFeedOpen(root: string, test: () => Promise<void>): Promise<void> {
    const { workbench } = session();
    await workbench.openViewContainer(VIEW_CONTAINER);
    await workbench.waitForTree('the feeds\' roots', (items) => FEEDS.every((label) => items.some((item) => item.level === 1 && item.label === label)));
    await workbench.collapseTreeRow('My Activity');
    try {
      await workbench.expandTreeRow(root);
      await test();
    } finally {
      await workbench.collapseTreeRow(root);
      await session().executeCommand('gitlabActivity.refresh');
      await workbench.expandTreeRow('My Activity');
    }
  }

  it('Starred projects past its first page; a project deleted after it was listed has its own row, the others go on', async function () {
    const s = session();
    const double = s.double!;
    // handbook (4), starred by alex, is gone by the time its events are read.
    double.inject({ fault: { kind: 'status', status: 404, body: '{"message":"404 Project Not Found"}' }, method: 'GET', path: '/projects/4/events' });
    const events = await mergedEventsFromDouble(double, ['/projects/1/events', '/projects/6/events', '/projects/2/events']);
    await withFeedOpen('Starred projects', async () => {
      const first = await feedShows(s, 'Starred projects', events.slice(0, PAGE_SIZE), (feed) => feed.states.some((row) => row.label === 'community/handbook'));
      assert.deepEqual(labels(first).filter((text) => text.startsWith('community/handbook')),
        ['community/handbook | Retry · not found: deleted, moved or no longer visible to you']);
      await clickLoadMore(s, first);
      const shown = await feedShows(s, 'Starred projects', events.slice(0, 2 * PAGE_SIZE), (feed) => feed.states.some((row) => row.label === 'community/handbook'));
      assert.equal(extensionRequests(double, (r) => r.query.scope !== undefined && r.path !== '/api/v4/events').length, 0, 'scope sent to a project');

      // handbook is back, with a new issue: its row's Retry reads it alone, from the page it failed at.
      double.clearFaults();
      const added = double.addEvent({ projectId: 4, authorId: 2, action: 'created', targetType: 'Issue', targetTitle: 'Arrived in handbook after its Retry' });
      const since = Date.now();
      const handbook = shown.states.find((row) => row.label === 'community/handbook')!;
      await s.page.mouse.move(1, 1);
      await s.workbench.treeRowLabelled('community/handbook', { level: handbook.level }).click();
      const after = await s.workbench.waitForTree('the retried project\'s new event on top of Starred projects, its row gone', (items) => {
        const feed = feedUnder(items, 'Starred projects');
        return isSettled(feed) && feed.events[0]?.label.includes(added.targetTitle!) && !feed.states.some((row) => row.label === 'community/handbook') && feed;
      });
      // The rows shown stay, together and in order, below what came on top.
      const before = shown.events.map((event) => event.label);
      const now = after.events.map((event) => event.label);
      assert.ok(now.some((_, at) => before.every((label, i) => now[at + i] === label)), `the rows shown moved: ${now.join(' / ')}`);
      const read = extensionRequests(double, (r) => r.at >= since);
      assert.ok(read.some((r) => r.path === '/api/v4/projects/4/events' && (r.query.page ?? '1') === '1'), 'handbook not read from the page it failed at');
      const again = read.filter((r) => r.path === '/api/v4/projects' || (/\/events$/.test(r.path) && r.path !== '/api/v4/projects/4/events' && (r.query.page ?? '1') === '1'));
      assert.deepEqual(again.map((r) => `${r.path}?page=${r.query.page ?? ''}`), [], 'the feed read again from its start');
    });
  });

  it('People you follow past its first page; a private profile shows nothing, in a row of its own', async function () {
    const s = session();
    const double = s.double!;
    // alex follows sam.taylor, jordan, riley and morgan (a private profile: his events answer 200 []).
    const events = await mergedEventsFromDouble(double, ['/users/2/events', '/users/3/events', '/users/6/events']);
    await withFeedOpen('People you follow', async () => {
      const first = await feedShows(s, 'People you follow', events.slice(0, PAGE_SIZE), (feed) => feed.states.some((row) => row.label === 'morgan'));
      assert.deepEqual(labels(first).filter((text) => text.startsWith('morgan')), ['morgan | no visible activity: a private profile, or nothing yet']);
      await clickLoadMore(s, first);
      await feedShows(s, 'People you follow', events.slice(0, 2 * PAGE_SIZE));
      assert.ok(extensionRequests(double, (r) => r.path === '/api/v4/users/1/following').length > 0, 'whom alex follows, by his numeric id');
    });
  });

  it('Your projects past its first page, then a poll adds a row on top under an open context menu, the root the person opened still open', async function () {
    const s = session();
    const { workbench, page } = s;
    const double = s.double!;
    const events = await mergedEventsFromDouble(double, ['/projects/1/events', '/projects/2/events', '/projects/3/events', '/projects/5/events']);
    // Checks every second (the test floor) from now on, set as a person sets it; the first check says it is on.
    const polling = Date.now();
    await workbench.changeSettingInSettingsEditor('gitlabActivity.pollInterval', '1');
    await waitForExtensionRequest(double, (r) => r.at >= polling && r.path === '/api/v4/events' && r.query.per_page === '20');
    await workbench.closeModalEditor();
    await withFeedOpen('Your projects', async () => {
      const first = await feedShows(s, 'Your projects', events.slice(0, PAGE_SIZE));
      // GitLab 15.0+: scope=all's 20 are the first page, one request.
      assert.ok(extensionRequests(double, (r) => r.path === '/api/v4/events' && r.query.scope === 'all').length > 0);
      await clickLoadMore(s, first);
      const shown = await feedShows(s, 'Your projects', events.slice(0, 2 * PAGE_SIZE));

      const row = workbench.tree().pane.getByRole('treeitem', { name: shown.events[0].ariaLabel, exact: true });
      await openContextMenu(page, row, 'Copy Link');
      try {
        const since = Date.now();
        // sam.taylor opens an issue in website, alex's project.
        const added = double.addEvent({ projectId: 1, authorId: 2, action: 'created', targetType: 'Issue', targetTitle: 'Arrived in Your projects under an open menu' });
        await waitForExtensionRequest(double, (r) => r.at >= since && r.path === '/api/v4/events' && r.query.scope === 'all');
        const after = await workbench.waitForTree('the poll to put the new event on top of Your projects', (items) => {
          const feed = feedUnder(items, 'Your projects');
          return isSettled(feed) && feed.events[0]?.label.includes(added.targetTitle!) && feed;
        });
        assert.equal(after.parent.expanded, true, 'a redraw closed the root the person opened');
        assert.equal(after.events.length, 2 * PAGE_SIZE + 1);
        assert.ok(await contextMenuShows(page, 'Copy Link'), 'a redraw closed the context menu');
      } finally {
        await page.keyboard.press('Escape');
      }
      await waitFor('the menu to close', async () => !(await contextMenuShows(page, 'Copy Link')));
    });
  });
});
