import path from 'node:path';
import type { Page } from 'playwright-core';
import { feedUnder, isSettled } from '../test/vscode/harness/activity-tree';
import { closeCatchUp, openCatchUp, rowOf, shown } from '../test/vscode/harness/catch-up';
import { runningExtensionRow } from '../test/vscode/harness/running-extensions';
import { setSideBarWidth } from '../test/vscode/harness/side-bar-width';
import { escapeRegExp } from '../test/vscode/harness/tree-rows';
import { waitFor } from '../test/vscode/harness/wait-for';
import { ACTIVITY_VIEW, TODO_VIEW, VIEW_CONTAINER, type Workbench } from '../test/vscode/harness/workbench';

const SUBSCRIPTIONS_VIEW = 'Subscriptions';

/**
 * Visits each surface a person uses and saves a screenshot of it: the activity tree with a filter applied, an
 * event's tooltip, the Comments tab, unread events after new activity, Your projects, the status bar's level quick pick, the settings editor at the workspace project's custom scope, the
 * status bar while that project is snoozed, "Why am I notified?" for that project and the overrides overview filtered
 * to the exceptions, the To-Do List and a to-do's tooltip, the Subscriptions view, Catch Up; then, given a second instance, the tree and the Accounts menu with both signed in.
 */
export interface SecondInstance {
  firstUrl: string;
  url: string;
  token: string;
}

/** The file name of the web worker host's screenshot, among the tour's. */
export const WEB_WORKER_SHOT = 'web-worker';

/**
 * Waits until menus and hovers have faded in (a picture taken mid-animation shows them half transparent over what is
 * behind), then saves the page as `<out>/<name>.png` and returns the file.
 */
async function settledShot(page: Page, out: string, name: string): Promise<string> {
  await page.evaluate(() => Promise.all(document.getAnimations()
    .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
    .map((animation) => animation.finished.catch(() => undefined))));
  const file = path.join(out, `${name}.png`);
  await page.screenshot({ path: file });
  return file;
}

/**
 * Signs in through "GitLab: Sign In…" as a person does, the instance URL left as the settings prefill it: the way in
 * for the web worker extension host, which has no environment (no token variable reaches it).
 */
export async function signInFromPalette(workbench: Workbench, page: Page, token: string): Promise<void> {
  await workbench.openViewContainer(VIEW_CONTAINER);
  await workbench.runCommand('GitLab: Sign In…');
  await workbench.waitForQuickInput('URL of the GitLab instance');
  await page.keyboard.press('Enter');
  await workbench.answerQuickInput(token, { expect: 'Sign in to GitLab (2/2)' });
  await workbench.waitForQuickInputClosed();
}

/**
 * The extension in the browser's web worker extension host, in one picture: the Activity view with its events and,
 * in the editor area beside it, "Developer: Show Running Extensions" with the extension's row saying where it runs
 * ("web worker"). The workbench must run the extension in the web worker (`remote.extensionKind`), be signed in, and
 * open editors in the editor area (`workbench.editor.useModal: "off"`: as a dialog over the workbench, Running
 * Extensions would hide the view). Returns the file.
 */
export async function webWorkerSurface(workbench: Workbench, page: Page, out: string, displayName: string): Promise<string> {
  await workbench.openViewContainer(VIEW_CONTAINER);
  await workbench.runCommand('GitLab: Clear Filters');
  await workbench.waitForTree('My Activity with its events', (items) => {
    const feed = feedUnder(items, 'My Activity');
    return isSettled(feed) && feed.events.length > 0;
  }, 30_000);

  const { row, where } = await runningExtensionRow(workbench, displayName);
  if (!/web worker/i.test(where)) throw new Error(`Running Extensions says ${displayName} runs in "${where}", not the web worker`);
  // Selected, so that the eye finds it among the others.
  await row.click();
  await page.mouse.move(5, 5);
  await workbench.runCommand('Notifications: Clear All Notifications');
  await page.locator('.notification-toast').first().waitFor({ state: 'hidden', timeout: 10_000 }).catch(() => undefined);
  return settledShot(page, out, WEB_WORKER_SHOT);
}

/** What the tour changes in the double: a new issue of the user's, and news on a thing they are subscribed to. */
export interface TourNews {
  addIssue(title: string): void;
  /** A comment by someone else on an issue the user is subscribed to; returns the issue's reference. */
  commentOnSubscribed(body: string): string;
}

export async function tourSurfaces(workbench: Workbench, page: Page, out: string, customProject: string,
  news: TourNews, second?: SecondInstance): Promise<string[]> {
  const { addIssue } = news;
  // News on a thing the user is subscribed to, by someone else, for Catch Up's picture.
  const commented = news.commentOnSubscribed('Reproduced on the release branch too; the patch fixes it here.');
  const files: string[] = [];
  // One surface in the state its caption tells.
  const shot = async (name: string) => {
    files.push(await settledShot(page, out, name));
  };
  // A toast left by an earlier step ("Snooze ended…") would cover the next surface.
  const clearToasts = async () => {
    await workbench.runCommand('Notifications: Clear All Notifications');
    await page.locator('.notification-toast').first().waitFor({ state: 'hidden', timeout: 10_000 }).catch(() => undefined);
  };

  await workbench.openViewContainer(VIEW_CONTAINER);
  await workbench.waitForTreeRow(/Today|Yesterday|\d{4}/);
  await workbench.runCommand('GitLab: Filter Activity by Target Type…');
  await workbench.pickQuickItem(/^Merge request/);
  await workbench.waitForQuickInputClosed();
  // The filtered rows themselves, under the filter's label: every event row on merge requests, nothing loading.
  // (Any row mentioning a merge request would also match the unfiltered rows still on screen.)
  await waitFor('the filter\'s label', () => workbench.isShownInSideBar('Filtered: Merge request'));
  await workbench.waitForTree('the rows filtered to merge requests', (items) => {
    const feed = feedUnder(items, 'My Activity');
    return isSettled(feed) && feed.events.length > 0 && feed.events.every((row) => / merge request !\d+/.test(row.ariaLabel));
  });
  await shot('activity-tree');

  const row = await workbench.waitForTreeRow(/^!\d+ /);
  await row.hover();
  await page.locator('.monaco-hover, .workbench-hover').first().waitFor({ state: 'visible', timeout: 15_000 });
  await shot('event-tooltip');
  await page.mouse.move(5, 5);

  // The Comments tab: every comment, diff notes and discussion notes included.
  await workbench.runCommand('GitLab: Clear Filters');
  await workbench.runCommand('GitLab: Choose Activity Tab…');
  await workbench.pickQuickItem(/^Comments$/);
  await workbench.waitForQuickInputClosed();
  await waitFor('the tab\'s label', () => workbench.isShownInSideBar('Filtered: Comments'));
  await workbench.waitForTree('the rows of the Comments tab', (items) => {
    const feed = feedUnder(items, 'My Activity');
    return isSettled(feed) && feed.events.length > 0 && feed.events.every((row) => / commented on /.test(row.ariaLabel));
  });
  await shot('activity-tabs');

  // New activity since the last look: marked unread, counted on the badge, until "Mark All as Seen".
  await workbench.runCommand('GitLab: Clear Filters');
  await workbench.waitForTree('All again', (items) => isSettled(feedUnder(items, 'My Activity')) && !feedUnder(items, 'My Activity')!.events.every((row) => / commented on /.test(row.ariaLabel)));
  addIssue('Crash when saving a large file');
  addIssue('Document the release checklist');
  await workbench.runCommand('GitLab: Refresh Activity');
  await workbench.waitForTree('the new events, marked unread', (items) => {
    const feed = feedUnder(items, 'My Activity');
    return isSettled(feed) && feed.events.filter((row) => row.ariaLabel.startsWith('Unread: ')).length === 2;
  });
  await shot('activity-unread');

  // Your projects: every project of yours in one feed, merged by event id (My Activity folded, so that it shows).
  await workbench.collapseTreeRow('My Activity');
  await workbench.expandTreeRow('Your projects');
  // Wide enough for each row's project.
  const narrow = await setSideBarWidth(page, 560);
  await workbench.waitForTree('Your projects with events of several projects', (items) => {
    const feed = feedUnder(items, 'Your projects');
    return isSettled(feed) && feed.events.length >= 5 && feed.states.some((row) => row.label === 'Load more…');
  }, 30_000);
  await shot('your-projects');
  await setSideBarWidth(page, narrow);
  await workbench.collapseTreeRow('Your projects');
  await workbench.expandTreeRow('My Activity');

  await workbench.waitForStatusBarItem(/Custom/);
  await workbench.runCommand('GitLab: Set Notification Level…');
  await workbench.waitForQuickPickItem(/Mute|Unmute/);
  await shot('status-bar-levels');

  // The quick pick's last item opens the editor on the status bar's scope: the workspace project, at `custom`.
  await workbench.pickQuickItem(/Open Notification Settings/);
  const form = `#settings-form[data-scope-key="project:${customProject}"]`;
  const frame = await workbench.webviewFrame({ containing: form });
  await frame.waitForSelector(`${form} [data-event-key="new_note"][data-event-state="on"]`, { timeout: 20_000 });
  await shot('settings-editor');

  // Snooze: the workspace project muted for an hour, and the status bar saying until when; then ended again.
  await workbench.runCommand('GitLab: Snooze Notifications…');
  await workbench.waitForQuickInput('Snooze Notifications');
  // Listed by GitLab's name, its path beside it.
  const listed = await waitFor('the workspace project in the list', async () =>
    (await workbench.quickPickEntries()).find((entry) => entry.description === customProject));
  await workbench.pickQuickItem(new RegExp(`^${escapeRegExp(listed.label)}$`));
  // The second pick replaces the first: picking before it shows could land on the first list's rows.
  await workbench.waitForQuickInput(`Snooze ${listed.label}`);
  await workbench.pickQuickItem(/^For 1 Hour$/);
  await workbench.waitForStatusBarItem(/Muted until/);
  await clearToasts();
  await shot('status-bar-snoozed');
  await workbench.runCommand('GitLab: End Snooze');
  await workbench.waitForStatusBarItem(/Custom/);
  await clearToasts();
  // Why the workspace project gets what it gets: the chain, each link with its level.
  await workbench.runCommand('GitLab: Why Am I Notified About This Project?');
  await workbench.waitForQuickPickItem(/^Open Settings at /);
  await shot('why-notified');
  await page.keyboard.press('Escape');

  // Every group and project with its level, filtered to those with a level of their own.
  await workbench.runCommand('GitLab: Show Notification Overrides');
  // Rows change while levels are read: pick the filter once every level is in, so the click lands on it.
  await waitFor('the overview to read every level', async () => {
    const { title } = await workbench.quickInputText();
    return title === 'GitLab Notification Overrides' && !(await workbench.quickPickEntries()).some((entry) => entry.description === 'reading…');
  }, { timeoutMs: 30_000 });
  await workbench.pickQuickItem(/^Show Only Those With a Level of Their Own$/);
  await waitFor('the overview to read every level', async () => {
    const { title } = await workbench.quickInputText();
    const entries = await workbench.quickPickEntries();
    return title === 'GitLab Notification Overrides' && entries.some((entry) => / · (differs from global|set on this)/.test(entry.description));
  }, { timeoutMs: 30_000 });
  await shot('notification-overrides');
  await page.keyboard.press('Escape');

  // The To-Do List: one row per thing, its reasons in words, the project and the time; a tooltip with each to-do.
  await workbench.runCommand('View: Close All Editors');
  await workbench.setViewExpanded(TODO_VIEW, true);
  await workbench.setViewExpanded(ACTIVITY_VIEW, false);
  const todos = workbench.tree(TODO_VIEW);
  // Wide enough for a row's reasons, project and time.
  const sideBar = await setSideBarWidth(page, 560);
  await todos.waitForTree('rows with their reasons in words', (items) =>
    items.filter((item) => /^(Assigned to you|Mentioned) by /.test(item.description)).length >= 3 && items.some((item) => item.label === 'Load more…'), 30_000);
  await clearToasts();
  await shot('todo-list');
  const todo = await todos.waitForTreeRow(/#1 Typo in the handbook/);
  await todo.hover();
  await page.locator('.monaco-hover, .workbench-hover').first().waitFor({ state: 'visible', timeout: 15_000 });
  await shot('todo-tooltip');
  await page.mouse.move(5, 5);
  await workbench.setViewExpanded(TODO_VIEW, false);

  // Subscriptions: a section per kind, each thing by its reference and title, its kind and state. Pages of 4, so that
  // every kind shows in the side bar's height (the list reads its pages again as the setting changes).
  await workbench.setViewExpanded(SUBSCRIPTIONS_VIEW, true);
  const subscriptions = workbench.tree(SUBSCRIPTIONS_VIEW);
  const issueRows = (items: Array<{ level: number; label: string }>) => {
    const start = items.findIndex((item) => item.level === 1 && item.label === 'Issues');
    const end = items.findIndex((item, i) => i > start && item.level === 1);
    return start < 0 ? [] : items.slice(start + 1, end < 0 ? undefined : end).filter((item) => /#\d+ /.test(item.label));
  };
  await workbench.changeSettingInSettingsEditor('gitlabActivity.pageSize', '4');
  // The Settings editor writes the value a moment after it is typed: closed before, the change would be lost.
  await subscriptions.waitForTree('a section per kind, each with a page of rows', (items) => {
    const sections = items.filter((item) => item.level === 1).map((item) => item.label);
    return JSON.stringify(sections) === JSON.stringify(['Issues', 'Merge requests', 'Epics', 'Labels'])
      && !items.some((item) => item.label === 'Loading…') && issueRows(items).length === 4
      && items.filter((item) => item.label === 'Load more…').length === 4;
  }, 30_000);
  await workbench.closeModalEditor();
  await clearToasts();
  await shot('subscriptions');
  await workbench.changeSettingInSettingsEditor('gitlabActivity.pageSize', '20');
  await subscriptions.waitForTree('pages of 20 again', (items) => issueRows(items).length > 4, 30_000);
  await workbench.closeModalEditor();
  await workbench.setViewExpanded(ACTIVITY_VIEW, true);
  await workbench.setViewExpanded(SUBSCRIPTIONS_VIEW, false);

  // Catch Up: a row per thing with news since it was marked seen, what happened, why it matters and when.
  // (The comment was written before the tour began, so that the lists Catch Up is built from have read it.)
  await clearToasts();
  const catchUp = await openCatchUp(workbench);
  await catchUp.waitForTree(`${commented} with its new comment, among other things with news`, (items) => {
    const row = rowOf(items, commented);
    return !!row && /\bcomments? by\b/.test(shown(row.description)) && items.length >= 3 && !items.some((item) => item.label === 'Loading…');
  }, 60_000);
  await shot('catch-up');
  await closeCatchUp(workbench);
  await setSideBarWidth(page, sideBar);

  if (second) {
    // A second instance signed in beside the first: a root per instance, and each in the Accounts menu.
    await workbench.runCommand('GitLab: Clear Filters');
    await workbench.runCommand('GitLab: Sign In…');
    await workbench.answerQuickInput(second.url, { expect: 'URL of the GitLab instance' });
    await workbench.answerQuickInput(second.token, { expect: 'Sign in to GitLab (2/2)' });
    await workbench.waitForQuickInputClosed();
    const hosts = [new URL(second.firstUrl).host, new URL(second.url).host];
    // The first instance's events fill the side bar (below it, the To-Do List's and Subscriptions' headers): folded
    // first, so that the second root is drawn (rows out of view are not).
    await workbench.waitForTree('the first instance as a root', (items) => items.some((item) => item.level === 1 && item.label === hosts[0]), 30_000);
    await workbench.collapseTreeRow('My Activity');
    await workbench.waitForTree('a root per instance', (items) =>
      JSON.stringify(items.filter((item) => item.level === 1).map((item) => item.label)) === JSON.stringify(hosts), 30_000);
    // The first instance's events fill the side bar: folded, so that the second's show below them.
    await workbench.collapseTreeRow('My Activity');
    await workbench.waitForTree('a root per instance, each with its events', (items) => {
      const roots = items.filter((item) => item.level === 1).map((item) => item.label);
      return JSON.stringify(roots) === JSON.stringify(hosts) && items.filter((item) => item.label === 'My Activity').length === 2
        && !items.some((item) => item.label === 'Loading…');
    }, 30_000);
    await clearToasts(); // "Signed in to … as …"
    // Each entry names who is signed in there (the first instance's, signed in by the environment's token, too).
    await workbench.waitForAccountsMenu('both instances in the Accounts menu, each with its user',
      (entries) => hosts.every((host) => entries.some((entry) => / @ /.test(entry) && entry.includes(host))));
    await shot('accounts-menu');
    await workbench.closeMenu();
  }
  return files;
}
