import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  assertNoExtensionRequest, extensionRequests, isEventsRequest, useVscodeSession, waitFor, waitForExtensionRequest,
  waitForFeedFromDouble, type VscodeSession,
} from './harness';
import { VIEW_CONTAINER } from './harness/workbench';

const STATUS_ITEM = 'gitlab-activity.gitlab-activity.gitlabActivity.notificationLevel';
const WELCOME = 'Sign in to GitLab to see your activity';
const PAGE_SIZE = 5;

/** The first page of My Activity as the double has it, and the tree showing exactly that. */
async function expectMyActivityFromDouble(session: VscodeSession): Promise<void> {
  const double = session.double!;
  const { feed, events } = await waitForFeedFromDouble(session, { parent: 'My Activity', apiPath: '/events', perPage: PAGE_SIZE });
  assert.ok(events.length > 0, 'the double has no events for user 1');
  // Written out once by hand: My Activity's rows lead with what was acted on ("#12 Crash on save", "Branch main · …"),
  // the icon saying the verb, without the signed-in user's name; the accessibility label is the whole sentence with it.
  const name = double.data.users.find((user) => user.id === 1)!.name;
  for (const event of feed.events) {
    assert.match(event.label, /^([#!&$]\d+( |$)|[A-Z][a-z]+ \S)/, `not led by its target: ${event.label}`);
    assert.ok(!event.label.includes(name), `the row names ${name}: ${event.label}`);
    assert.ok(event.ariaLabel.startsWith(`${name} `), `the accessibility label is not a sentence by ${name}: ${event.ariaLabel}`);
  }
}

async function waitForWelcome(session: VscodeSession): Promise<void> {
  await waitFor('the welcome content of the signed-out view', async () => (await session.workbench.welcomeText()).includes(WELCOME));
}

describe('sign-in and sign-out', function () {
  this.timeout(90_000);
  // No token in the environment: the only way in is the sign-in flow.
  const session = useVscodeSession({ name: 'signin', settings: { 'gitlabActivity.pageSize': PAGE_SIZE } });

  it('signed out, shows the welcome content with a Sign In button and asks GitLab nothing', async function () {
    const { workbench, double } = session();
    await workbench.openViewContainer(VIEW_CONTAINER);
    await workbench.waitForView('Activity');
    await waitForWelcome(session());
    assert.ok(await workbench.welcomeButton('Sign In').isVisible(), 'no Sign In button in the welcome content');
    assert.deepEqual(await workbench.treeItems(), []);
    assert.equal(await workbench.statusBarItem(STATUS_ITEM).count(), 0, 'the notification level shows while signed out');
    assert.deepEqual(extensionRequests(double!).map((r) => `${r.method} ${r.path}`), []);
    await workbench.screenshot('signin-welcome');
  });

  it('refuses a wrong token with a validation message and keeps the token box open', async function () {
    const { workbench, double, page } = session();
    await workbench.runCommand('GitLab: Sign In…');
    await workbench.waitForQuickInput('URL of the GitLab instance');
    const urlStep = await workbench.quickInputText();
    assert.equal(urlStep.title, 'Sign in to GitLab (1/2)');
    assert.equal(urlStep.value, double!.url, 'the URL box is not prefilled from gitlabActivity.instanceUrl');
    await page.keyboard.press('Enter');

    await workbench.waitForQuickInput('Sign in to GitLab (2/2)');
    assert.equal(await page.locator('.quick-input-widget .quick-input-box input').getAttribute('type'), 'password');
    const since = Date.now();
    await workbench.answerQuickInput('glpat-not-a-valid-token', { expect: 'Sign in to GitLab (2/2)' });
    await waitForExtensionRequest(double!, (r) => r.at >= since && r.path === '/api/v4/user' && r.status === 401);
    await workbench.waitForQuickInputMessage(/GitLab did not accept the token/);

    const tokenStep = await workbench.quickInputText();
    assert.equal(tokenStep.title, 'Sign in to GitLab (2/2)', 'the token box closed after a refused token');
    assert.equal(tokenStep.value, 'glpat-not-a-valid-token', 'the refused token was cleared: the user cannot fix a typo');
    assert.ok((await workbench.welcomeText()).includes(WELCOME), 'signed in with a refused token');
    await workbench.screenshot('signin-wrong-token');
  });

  it('signs in with the right token: a confirmation, the tree fills with the user\'s events, the level shows', async function () {
    const { workbench, double } = session();
    await workbench.answerQuickInput('glpat-test-token', { expect: 'Sign in to GitLab (2/2)' });
    await workbench.waitForQuickInputClosed();
    const user = double!.data.users.find((candidate) => candidate.id === 1)!;
    await workbench.waitForNotification(`Signed in to ${new URL(double!.url).host} as ${user.username}.`);
    await workbench.waitForView('Activity');
    await expectMyActivityFromDouble(session());
    await workbench.waitForStatusBarItem(STATUS_ITEM);
    await workbench.screenshot('signin-signed-in');
  });

  it('keeps the token in SecretStorage only: after a reload it is signed in again, and no file holds the token', async function () {
    const { workbench, double } = session();
    const since = Date.now();
    await session().reload();
    await workbench.openViewContainer(VIEW_CONTAINER);
    const request = await waitForExtensionRequest(double!, (r) => r.at >= since && isEventsRequest(r) && r.status === 200);
    assert.equal(request.auth, 'private-token');
    await expectMyActivityFromDouble(session());

    const settings = readFileSync(path.join(session().userDataDir, 'User', 'settings.json'), 'utf8');
    assert.ok(!settings.includes('glpat-test-token'), 'the token is in the user settings');
    const log = session().extensionLog();
    assert.ok(log.includes('GET /api/v4/events'), 'the log has no requests: is it the right file?');
    assert.ok(!log.includes('glpat-test-token'), 'the token is in the extension log');
  });

  it('signs out: the tree empties, the welcome content returns and the level item goes', async function () {
    const { workbench } = session();
    await workbench.runCommand('GitLab: Sign Out');
    await waitForWelcome(session());
    await waitFor('the tree to empty', async () => (await workbench.treeItems()).length === 0);
    await workbench.statusBarItem(STATUS_ITEM).waitFor({ state: 'detached', timeout: 20_000 });
    assert.ok(await workbench.welcomeButton('Sign In').isVisible());
    await workbench.screenshot('signin-signed-out');
  });

  it('is still signed out after a reload: the token left SecretStorage', async function () {
    const { workbench, double } = session();
    const since = Date.now();
    // Signed in, the restore says so and the events are asked for at once (the test before this one).
    assert.equal(await session().reloadAndRestore(), 'Session restored: signed out');
    await workbench.openViewContainer(VIEW_CONTAINER);
    assertNoExtensionRequest(double!, (r) => r.at >= since, 'signed out, a reload should ask GitLab nothing');
    // The view draws its welcome once its tree has said it is empty, a moment after the container opens.
    await waitForWelcome(session());
    assert.deepEqual(await workbench.treeItems(), []);
    assert.equal(await workbench.statusBarItem(STATUS_ITEM).count(), 0);
  });

  it('signs in again from the welcome content\'s Sign In button', async function () {
    const { workbench, double, page } = session();
    await workbench.welcomeButton('Sign In').click();
    await workbench.waitForQuickInput('URL of the GitLab instance');
    await page.keyboard.press('Enter');
    await workbench.answerQuickInput('glpat-test-token', { expect: 'Sign in to GitLab (2/2)' });
    await workbench.waitForNotification(/Signed in to .* as alex\./);
    await expectMyActivityFromDouble(session());
    assert.ok(extensionRequests(double!, (r) => r.path === '/api/v4/user' && r.status === 200).length >= 2);
  });
});
