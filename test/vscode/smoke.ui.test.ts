import assert from 'node:assert/strict';
import { useVscodeSession } from './harness';
import { CATCH_UP_VIEW } from './harness/catch-up';
import { ACTIVITY_VIEW, SUBSCRIPTIONS_VIEW, TODO_VIEW, VIEW_CONTAINER } from './harness/workbench';

describe('workbench smoke', function () {
  this.timeout(90_000);
  const session = useVscodeSession({ name: 'smoke' });

  it('loads the workbench with an activity bar and a status bar', async function () {
    const { page } = session();
    assert.equal(await page.locator('.monaco-workbench').count(), 1);
    assert.ok((await page.locator('.part.activitybar a.action-label').count()) > 0, 'the activity bar has no entries');
    assert.ok((await page.locator('.part.statusbar .statusbar-item').count()) > 0, 'the status bar has no items');
    await session().workbench.screenshot('workbench');
  });

  it('shows the "GitLab" container in the activity bar', async function () {
    const { workbench } = session();
    const item = await workbench.waitForActivityBarItem(VIEW_CONTAINER);
    assert.ok(await item.isVisible());
  });

  it('opens the "Activity", "To-Do List", "Subscriptions" and "Catch Up" views when the container is clicked; the side bar reads "GitLab", each name once', async function () {
    const { workbench } = session();
    await workbench.openViewContainer(VIEW_CONTAINER);
    await workbench.waitForView(ACTIVITY_VIEW);
    await workbench.waitForView(TODO_VIEW);
    await workbench.waitForView(SUBSCRIPTIONS_VIEW);
    await workbench.waitForView(CATCH_UP_VIEW);
    assert.deepEqual(await workbench.visibleViews(), [ACTIVITY_VIEW, TODO_VIEW, SUBSCRIPTIONS_VIEW, CATCH_UP_VIEW]);
    // Several views: the side bar's title is the container's, and each view has its own header.
    const title = await workbench.sidebarTitle();
    assert.match(title, /^GitLab\b/i);
    assert.doesNotMatch(title, /Activity/i);
    await workbench.screenshot('activity-view');
  });
});
