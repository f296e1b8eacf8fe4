import assert from 'node:assert/strict';
import { feedUnder, isSettled, useSignedInSession, waitFor, waitForFeedFromDouble, type TreeItemView, type VscodeSession } from './harness';
import { VIEW_CONTAINER } from './harness/workbench';

const PAGE_SIZE = 5;
const TITLES = ['Unread issue one', 'Unread issue two'];
const isUnreadRow = (row: TreeItemView) => row.ariaLabel.startsWith('Unread: ');

/** The unread rows of My Activity once it has settled with `probe` true. */
async function myActivity(session: VscodeSession, what: string, probe: (rows: TreeItemView[]) => boolean): Promise<TreeItemView[]> {
  const feed = await session.workbench.waitForTree(what, (items) => {
    const found = feedUnder(items, 'My Activity');
    return isSettled(found) && found.events.length > 0 && probe(found.events) && found;
  });
  return feed.events;
}

describe('unread events', function () {
  this.timeout(150_000);
  const session = useSignedInSession({
    name: 'unread',
    fresh: 'its first look at My Activity must be the profile\'s first: no event may be marked as seen before it',
    settings: { 'gitlabActivity.pageSize': PAGE_SIZE, 'gitlabActivity.pollInterval': 1 },
  });
  const badge = () => session().workbench.activityBarBadge(VIEW_CONTAINER);
  const badgeText = async () => ((await badge().isVisible()) ? (await badge().textContent())?.trim() ?? '' : '');

  it('marks events newer than the last look, counts them on the badge, and keeps both across a reload', async function () {
    const { workbench, double } = session();
    await workbench.openViewContainer(VIEW_CONTAINER);
    const { feed } = await waitForFeedFromDouble(session(), { parent: 'My Activity', apiPath: '/events', perPage: PAGE_SIZE });
    assert.deepEqual(feed.events.filter(isUnreadRow).map((row) => row.label), [], 'a first look marks nothing unread');

    for (const title of TITLES) double!.addEvent({ action: 'created', targetType: 'Issue', targetTitle: title });
    const rows = await myActivity(session(), 'the new events, marked unread', (events) =>
      TITLES.every((title) => events.some((row) => row.label.includes(title) && isUnreadRow(row))));
    assert.deepEqual(rows.filter(isUnreadRow).map((row) => TITLES.find((title) => row.label.includes(title))).sort(), [...TITLES].sort(),
      'only the new events are unread');
    await waitFor('the badge to count 2 unread events', async () => (await badgeText()) === '2');
    // The dot comes from the row's decoration (a theme colour), drawn after the label; VS Code asks for it after drawing the row.
    await waitFor('a dot on each unread row', async () => {
      const dots = await session().workbench.tree().pane.locator('.monaco-list-row[role="treeitem"][aria-label^="Unread: "]').evaluateAll((elements) =>
        elements.map((row) => Array.from(row.querySelectorAll('*')).some((el) => (getComputedStyle(el, '::after').content || '').includes('●'))));
      return dots.length === 2 && dots.every(Boolean);
    });
    await workbench.screenshot('unread-marks');

    await session().reloadWindow();
    await workbench.openViewContainer(VIEW_CONTAINER);
    await myActivity(session(), 'the same two events still unread after the reload', (events) =>
      events.filter(isUnreadRow).length === 2 && TITLES.every((title) => events.some((row) => row.label.includes(title) && isUnreadRow(row))));
    await waitFor('the badge to count them again', async () => (await badgeText()) === '2');
  });

  it('"Mark All as Seen" clears the marks and the badge, and they stay cleared after a reload', async function () {
    const { workbench } = session();
    await workbench.clickViewTitleAction('Mark All as Seen');
    await myActivity(session(), 'no unread row', (events) => !events.some(isUnreadRow));
    await waitFor('the badge to clear', async () => (await badgeText()) === '');
    await workbench.screenshot('unread-cleared');

    await session().reloadWindow();
    await workbench.openViewContainer(VIEW_CONTAINER);
    const rows = await myActivity(session(), 'My Activity after the reload', (events) => TITLES.every((title) => events.some((row) => row.label.includes(title))));
    assert.deepEqual(rows.filter(isUnreadRow).map((row) => row.label), []);
    assert.equal(await badgeText(), '');
  });
});
