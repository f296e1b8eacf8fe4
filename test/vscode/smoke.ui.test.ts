import assert from 'node:assert/strict';
import { useVscodeSession } from './harness';

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

  it('shows the "GitLab Activity" container in the activity bar', async function () {
    const { workbench } = session();
    const item = await workbench.waitForActivityBarItem('GitLab Activity');
    assert.ok(await item.isVisible());
  });

  it('opens the "Activity" view when the container is clicked', async function () {
    const { workbench } = session();
    await workbench.openViewContainer('GitLab Activity');
    await workbench.waitForView('Activity');
    assert.ok((await workbench.visibleViews()).includes('Activity'));
    assert.match(await workbench.sidebarTitle(), /^GitLab Activity\b/);
    await workbench.screenshot('activity-view');
  });
});
