import assert from 'node:assert/strict';
import {
  extensionRequests, feedUnder, isEventsRequest, isSettled, labelStartShown, setSideBarWidth, useSignedInSession, waitFor,
  waitForExtensionRequest, waitForFeedFromDouble, type FeedView, type VscodeSession,
} from './harness';
import { expandOnlyRoot } from './harness/tree-rows';
import { VIEW_CONTAINER } from './harness/workbench';

const PAGE_SIZE = 5;
const UNAUTHORIZED = /GitLab did not accept (the|your) token/;

/** Waits until the feed under `parent` shows an error row, its fix first (and nothing loading), and returns the feed. */
function waitForErrorRow(session: VscodeSession, parent: string, message: RegExp, fix: string): Promise<FeedView> {
  return session.workbench.waitForTree(`an error row "${fix}" with "${String(message)}" under ${parent}`, (items) => {
    const feed = feedUnder(items, parent);
    return isSettled(feed) && feed.events.length === 0 && feed.states.some((row) => row.label === fix && message.test(row.description)) && feed;
  });
}

function countLogLines(session: VscodeSession, pattern: RegExp): number {
  return session.extensionLogLines().filter((line) => pattern.test(line.message)).length;
}

describe('activity errors', function () {
  this.timeout(90_000);
  const session = useSignedInSession({
    name: 'errors',
    fresh: 'signs in again through the flow: its token then sits in SecretStorage beside the environment\'s',
    // acme/gone is a project GitLab does not know (404).
    settings: { 'gitlabActivity.pageSize': PAGE_SIZE, 'gitlabActivity.users': ['jordan'], 'gitlabActivity.projects': ['acme/gone'] },
  });

  afterEach(function () {
    session().double?.clearFaults();
  });

  it('a server error (500) shows an error row with "Retry" and "Show Log"; Retry loads the events once GitLab is back', async function () {
    const { workbench, double } = session();
    await workbench.openViewContainer(VIEW_CONTAINER);
    await waitForFeedFromDouble(session(), { parent: 'My Activity', apiPath: '/events', perPage: PAGE_SIZE });

    double!.inject({ fault: { kind: 'status', status: 500 }, path: '/events', times: Infinity });
    const since = Date.now();
    await workbench.clickViewTitleAction('Refresh Activity');
    await waitForExtensionRequest(double!, (r) => r.at >= since && isEventsRequest(r) && r.status === 500);
    const feed = await waitForErrorRow(session(), 'My Activity', /server error \(500\)/, 'Retry');
    assert.deepEqual(feed.states.map((row) => row.label).slice(1), ['Show Log']);
    await workbench.screenshot('errors-server-error');

    double!.clearFaults();
    const retried = Date.now();
    await workbench.treeRowLabelled(feed.states[0].label, { level: 2 }).click();
    await waitForExtensionRequest(double!, (r) => r.at >= retried && isEventsRequest(r) && r.status === 200);
    await waitForFeedFromDouble(session(), { parent: 'My Activity', apiPath: '/events', perPage: PAGE_SIZE });
  });

  it('the "Show Log" row opens the extension\'s log with the failed request', async function () {
    const { workbench, double, page } = session();
    double!.inject({ fault: { kind: 'status', status: 500 }, path: '/events', times: Infinity });
    await workbench.runCommand('GitLab: Refresh Activity');
    const feed = await waitForErrorRow(session(), 'My Activity', /server error \(500\)/, 'Retry');
    assert.ok(feed.states.some((row) => row.label === 'Show Log'));
    await workbench.treeRowLabelled('Show Log', { level: 2 }).click();
    const output = page.locator('.part.panel');
    await output.waitFor({ state: 'visible', timeout: 20_000 });
    await waitFor('the output panel to show the "GitLab Activity" log', async () =>
      (await output.locator('.monaco-editor .view-lines').innerText()).replace(/\u00a0/g, ' ').includes('GET /api/v4/events?page=1&per_page=5 500'));
    await workbench.screenshot('errors-show-log');
    await workbench.runCommand('View: Hide Panel');
  });

  it('a refused token (401) shows "Sign In Again" in every feed and one notification, however many requests failed', async function () {
    const { workbench, double } = session();
    await workbench.runCommand('GitLab: Refresh Activity');
    await waitForFeedFromDouble(session(), { parent: 'My Activity', apiPath: '/events', perPage: PAGE_SIZE });
    await workbench.expandTreeRow('Users');
    await workbench.expandTreeRow('jordan');
    await waitForFeedFromDouble(session(), { parent: 'jordan', apiPath: '/users/jordan/events', perPage: PAGE_SIZE });
    const warningsBefore = countLogLines(session(), /^GitLab answered 401/);

    double!.inject({ fault: { kind: 'status', status: 401 }, times: Infinity });
    const since = Date.now();
    for (let round = 1; round <= 2; round++) {
      await workbench.clickViewTitleAction('Refresh Activity');
      await waitFor(`round ${round} of failing requests`, () =>
        extensionRequests(double!, (r) => r.at >= since && r.status === 401 && r.path.endsWith('/events')).length >= 2 * round);
      await waitForErrorRow(session(), 'My Activity', UNAUTHORIZED, 'Sign In Again');
      await waitForErrorRow(session(), 'jordan', UNAUTHORIZED, 'Sign In Again');
    }
    const failed = extensionRequests(double!, (r) => r.at >= since && r.status === 401);
    assert.ok(failed.length >= 4, `only ${failed.length} requests failed`);

    const toast = await workbench.waitForNotification(UNAUTHORIZED);
    assert.equal((await workbench.notifications()).filter((text) => UNAUTHORIZED.test(text)).length, 1);
    await workbench.screenshot('errors-unauthorized');

    // The notification's button leads back in.
    double!.clearFaults();
    await toast.locator('a.monaco-button', { hasText: 'Sign In Again' }).click();
    await workbench.waitForQuickInput('Sign in to GitLab (1/2)');
    await session().page.keyboard.press('Enter');
    await workbench.answerQuickInput('glpat-test-token', { expect: 'Sign in to GitLab (2/2)' });
    await workbench.waitForNotification(/Signed in to/);
    await waitForFeedFromDouble(session(), { parent: 'My Activity', apiPath: '/events', perPage: PAGE_SIZE });
    await waitForFeedFromDouble(session(), { parent: 'jordan', apiPath: '/users/jordan/events', perPage: PAGE_SIZE });

    // The log is written in order: once it has the requests after the sign-in, it has every earlier line too.
    await waitFor('the requests after signing in again in the log', () =>
      countLogLines(session(), /^GET \/api\/v4\/users\/jordan\/events\?page=1&per_page=5 200/) >= 2);
    assert.equal(countLogLines(session(), /^GitLab answered 401/) - warningsBefore, 1, 'the 401 was reported more than once');
  });

  it('the error row\'s "Sign In Again" opens the sign-in flow', async function () {
    const { workbench, double } = session();
    double!.inject({ fault: { kind: 'status', status: 401 }, path: '/events', times: Infinity });
    await workbench.runCommand('GitLab: Refresh Activity');
    const feed = await waitForErrorRow(session(), 'My Activity', UNAUTHORIZED, 'Sign In Again');
    await workbench.treeRowLabelled(feed.states[0].label, { level: 2 }).click();
    await workbench.waitForQuickInput('Sign in to GitLab (1/2)');
    await workbench.dismissQuickInput();
  });

  it('in a 300 px side bar an error row shows its fix first, whole', async function () {
    const { workbench, double, page } = session();
    const width = await setSideBarWidth(page, 300);
    double!.inject({ fault: { kind: 'status', status: 500 }, path: '/events', times: Infinity });
    await workbench.runCommand('GitLab: Refresh Activity');
    await waitForErrorRow(session(), 'My Activity', /server error \(500\)/, 'Retry');
    assert.ok(await labelStartShown(workbench.treeRowLabelled('Retry', { level: 2 }), 'Retry'.length), '"Retry" is cut off');
    await workbench.screenshot('errors-narrow-side-bar');
    double!.clearFaults();
    await workbench.treeRowLabelled('Retry', { level: 2 }).click();
    await waitForFeedFromDouble(session(), { parent: 'My Activity', apiPath: '/events', perPage: PAGE_SIZE });
    await setSideBarWidth(page, width);
  });

  it('a followed project GitLab does not know (404) offers Remove on its error row, which removes it', async function () {
    const { workbench, page } = session();
    await expandOnlyRoot(workbench, 'Projects');
    await workbench.expandTreeRow('acme/gone');
    await waitForErrorRow(session(), 'acme/gone', /^Not found on GitLab/, 'Retry');
    const row = workbench.treeRowLabelled('Retry', { level: 3 });
    await row.hover();
    const remove = row.locator('.actions a.action-label[aria-label="Remove Project"]');
    await remove.waitFor({ state: 'visible', timeout: 20_000 });
    const [button, sidebar] = [await remove.boundingBox(), await page.locator('.part.sidebar').boundingBox()];
    assert.ok(button && sidebar && button.x + button.width <= sidebar.x + sidebar.width, 'the Remove button is off the side bar');
    await workbench.screenshot('errors-not-found-remove');
    await remove.click();
    await workbench.waitForTree('the project to go from Projects', (items) =>
      !items.some((item) => item.label === 'acme/gone') && items.some((item) => item.label === 'Add Project…'));
  });
});
