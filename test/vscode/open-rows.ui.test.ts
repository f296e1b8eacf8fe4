import assert from 'node:assert/strict';
import type { Locator } from 'playwright-core';
import { dayCount, feedUnder, isSettled, useSignedInSession, waitFor, waitForFeedFromDouble, type FeedView } from './harness';
import { contextMenuShows, openContextMenu } from './harness/context-menu';
import { VIEW_CONTAINER } from './harness/workbench';

/** Whether the tree's focus is on `row` (the list marks the focused row; the keyboard acts on it). */
const isFocused = (row: Locator) => row.evaluate((element) => element.classList.contains('focused'));

/** A page long enough to hold more days than start open (the eighth day on starts closed), short enough to show whole. */
const PAGE_SIZE = 15;

/**
 * A poll that brings a new event redraws the list it lands in, not what a person has open in it: the context menu
 * of a row, a day they opened and the row they focused stay as they were while the new row appears above them and the
 * badge counts it. Nothing here repeats a click: a redraw that closes the menu or the day fails the test.
 */
describe('what a person has open in the Activity view stays open while a poll adds a row', function () {
  this.timeout(120_000);
  // Without a To-Do List: the container's badge then counts the Activity's unread events alone.
  const session = useSignedInSession({
    double: { withoutTodos: true },
    name: 'open-rows',
    settings: { 'gitlabActivity.pageSize': PAGE_SIZE, 'gitlabActivity.pollInterval': 1 },
  });
  const badgeText = async () => {
    const badge = session().workbench.activityBarBadge(VIEW_CONTAINER);
    return (await badge.isVisible()) ? (await badge.textContent())?.trim() ?? '' : '';
  };

  /** My Activity as shown once settled with `probe` true. */
  const myActivity = (what: string, probe: (feed: FeedView) => boolean = () => true) =>
    session().workbench.waitForTree(what, (items) => {
      const feed = feedUnder(items, 'My Activity');
      return isSettled(feed) && probe(feed) && feed;
    });

  /** A new event at GitLab; resolves once the poll has brought it into My Activity and the badge counts it. */
  async function pollAdds(title: string): Promise<FeedView> {
    session().double!.addEvent({ action: 'created', targetType: 'Issue', targetTitle: title });
    const feed = await myActivity(`the poll to add "${title}" to My Activity`, (shown) => shown.events.some((row) => row.label.includes(title)));
    await waitFor('the badge to count the new event', async () => (await badgeText()) === '1');
    return feed;
  }

  beforeEach(async function () {
    await session().executeCommand('gitlabActivity.markAllSeen');
    await waitFor('no unread event on the badge', async () => (await badgeText()) === '');
  });

  it('keeps an event row\'s context menu open, and the row focused', async function () {
    const { workbench, page } = session();
    await workbench.openViewContainer(VIEW_CONTAINER);
    const { feed } = await waitForFeedFromDouble(session(), { parent: 'My Activity', apiPath: '/events', perPage: PAGE_SIZE });
    const row = workbench.tree().pane.getByRole('treeitem', { name: feed.events[0].ariaLabel, exact: true });
    await openContextMenu(page, row, 'Copy Link');
    try {
      await pollAdds('Arrived under an open menu');
      assert.ok(await contextMenuShows(page, 'Copy Link'), 'a redraw closed the context menu');
    } finally {
      await page.keyboard.press('Escape');
    }
    // The right-click focused the row; the menu closed, it still is.
    assert.ok(await isFocused(row), 'a redraw moved the focus off the row');
  });

  it('keeps a day the person opened open and focused', async function () {
    const { workbench } = session();
    const feed = await myActivity('a day that starts closed', (shown) => shown.days.some((day) => day.row.expanded === false));
    const day = feed.days.find((candidate) => candidate.row.expanded === false)!.row;
    const row: Locator = workbench.tree().treeRowLabelled(day.label, { level: day.level });
    await workbench.tree().expandRow(row);
    // The twistie's click focuses the row (it does not select it).
    const focused = () => isFocused(row);
    assert.ok(await focused(), 'the opened day is not focused');
    try {
      const after = await pollAdds('Arrived under an open day');
      const shown = after.days.find((candidate) => candidate.row.label === day.label);
      assert.equal(shown?.row.expanded, true, 'a redraw closed the day the person opened');
      assert.equal(shown.events.length, dayCount(shown.row), 'the open day shows its events');
      assert.ok(await focused(), 'a redraw moved the focus off the day');
    } finally {
      // The next suite on this workbench expects the days as they start.
      await workbench.collapseTreeRow(day.label);
    }
  });
});
