import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { useVscodeSession, waitFor } from './harness';
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

  it('opens the "Activity", "To-Do List" and "Subscriptions" views when the container is clicked; the side bar reads "GitLab", each name once', async function () {
    const { workbench } = session();
    await workbench.openViewContainer(VIEW_CONTAINER);
    await workbench.waitForView(ACTIVITY_VIEW);
    await workbench.waitForView(TODO_VIEW);
    await workbench.waitForView(SUBSCRIPTIONS_VIEW);
    assert.deepEqual(await workbench.visibleViews(), [ACTIVITY_VIEW, TODO_VIEW, SUBSCRIPTIONS_VIEW]);
    // Several views: the side bar's title is the container's, and each view has its own header.
    const title = await workbench.sidebarTitle();
    assert.match(title, /^GitLab\b/i);
    assert.doesNotMatch(title, /Activity/i);
    await workbench.screenshot('activity-view');
  });
});

/**
 * The extension's page in VS Code is its README, read from the installed extension's folder: a picture shows there
 * only if it ships in the .vsix and its path, relative to the README, resolves inside that folder.
 */
const DISPLAY_NAME: string = JSON.parse(readFileSync(path.join(__dirname, '..', '..', 'package.nls.json'), 'utf8')).displayName;

describe('the extension\'s page', function () {
  this.timeout(90_000);
  const session = useVscodeSession({ name: 'extension-page' });

  it('shows the README\'s picture, loaded from the installed package', async function () {
    const { workbench, page } = session();
    // From the installed list, as a person opens it: the command `extension.open` asks the marketplace first.
    await session().executeCommand('workbench.extensions.action.showInstalledExtensions');
    await page.locator('.extensions-viewlet .extension-list-item', { hasText: DISPLAY_NAME }).first().click();
    const frame = await workbench.webviewFrame({ containing: 'img[src*="activity-unread.png"]' });
    const loaded = await waitFor('the README\'s picture loaded', () => frame.evaluate(() => {
      const image = document.querySelector<HTMLImageElement>('img[src*="activity-unread.png"]');
      return image?.complete && image.naturalWidth > 0 ? { src: image.src, width: image.naturalWidth } : undefined;
    }));
    assert.ok(loaded.width > 0, `the picture at ${loaded.src} has no width`);
    await workbench.screenshot('extension-page');
    await session().executeCommand('workbench.action.closeAllEditors');
  });
});
