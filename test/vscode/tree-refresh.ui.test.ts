import { feedUnder, isEventsRequest, isSettled, useSignedInSession, waitForExtensionRequest } from './harness';
import { VIEW_CONTAINER } from './harness/workbench';

const USERS = ['jordan', 'sam.taylor', 'riley'];

/*
 * Each feed's first page arrives after the tree asked for the feed's rows (it answers "Loading…" first). On a slow
 * or busy machine the workbench may still be fetching those rows when the extension announces the page: the
 * announcement must not get lost, or the feed stays on "Loading…" for good. Each twistie is clicked once: the Refresh
 * redraws the feeds' own rows, not their parent, so a row opened while that redraw is on its way stays open.
 */
describe('activity tree on a slow machine', function () {
  this.timeout(180_000);
  const session = useSignedInSession({
    name: 'tree-refresh',
    // Short feeds: all three stay on screen (rows out of view are not rendered).
    settings: { 'gitlabActivity.pageSize': 3, 'gitlabActivity.users': USERS },
  });

  it('loads every feed that is opened, each time, with the workbench slowed down ten times', async function () {
    const { workbench } = session();
    await workbench.openViewContainer(VIEW_CONTAINER);
    await workbench.collapseTreeRow('My Activity');
    await workbench.expandTreeRow('Users');
    await session().throttleCpu(10);
    for (let round = 1; round <= 3; round++) {
      for (const user of USERS) await workbench.collapseTreeRow(user, 60_000);
      // A refresh forgets the pages: opening a feed loads its first page again.
      const since = Date.now();
      await workbench.runCommand('GitLab: Refresh Activity', 60_000);
      for (const user of USERS) {
        await workbench.expandTreeRow(user, 60_000);
        // The page read again, not the rows from before the refresh (which the tree shows as settled at once).
        await waitForExtensionRequest(session().double!, (r) => r.at >= since && isEventsRequest(r, `/users/${user}/events`), 60_000);
        await workbench.waitForTree(`round ${round}: the feed of ${user} to show its events`, (items) => {
          const feed = feedUnder(items, user);
          return isSettled(feed) && feed.days.length > 0;
        }, 20_000);
      }
    }
    await session().throttleCpu(1);
    await workbench.screenshot('tree-refresh-slow-machine');
    // The tree keeps rows' expansion for the next suite sharing the workbench: put it back as the others expect it.
    await workbench.collapseTreeRow('Users');
    await workbench.expandTreeRow('My Activity');
  });
});
