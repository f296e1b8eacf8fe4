import assert from 'node:assert/strict';
import type { ConsoleMessage } from 'playwright-core';
import {
  assertNoExtensionRequest, feedUnder, isEventsRequest, isSettled, useVscodeSession, waitFor, waitForExtensionRequest,
  type VscodeSession,
} from './harness';
import { VIEW_CONTAINER } from './harness/workbench';
import { browserStorage, filesHolding, frameDocuments, placesHolding, requestText, type Places } from './harness/secrets';
import { SettingsEditor } from './harness/settings-editor';

const TOKEN = 'glpat-test-token';
const PAGE_SIZE = 5;
const WELCOME = 'Sign in to GitLab to see your activity';
const UNAUTHORIZED = /GitLab did not accept (the|your) token/;
/** Where code-server's SecretStorage keeps secrets in the browser: the one place the token belongs. */
const SECRET_STORE = 'localStorage secrets.provider';

/** Waits until My Activity has settled on rows that satisfy `accept`. */
function waitForMyActivity(session: VscodeSession, what: string, accept: (feed: NonNullable<ReturnType<typeof feedUnder>>) => boolean) {
  return session.workbench.waitForTree(`My Activity: ${what}`, (items) => {
    const feed = feedUnder(items, 'My Activity');
    return isSettled(feed) && accept(feed) && feed;
  });
}

describe('the token stays secret', function () {
  this.timeout(200_000);
  // No token in the environment: it enters through the sign-in box, as a person types it.
  const session = useVscodeSession({ name: 'secrets', settings: { 'gitlabActivity.pageSize': PAGE_SIZE } });

  it('appears only in the PRIVATE-TOKEN header over sign-in, filter, settings save, errors and sign-out', async function () {
    const s = session();
    const { workbench, double, page } = s;
    const consoleLines: string[] = [];
    page.on('console', (message: ConsoleMessage) => consoleLines.push(message.text()));

    // Sign in through the two input boxes.
    await workbench.openViewContainer(VIEW_CONTAINER);
    await workbench.runCommand('GitLab: Sign In…');
    await workbench.waitForQuickInput('URL of the GitLab instance');
    await page.keyboard.press('Enter');
    await workbench.answerQuickInput(TOKEN, { expect: 'Sign in to GitLab (2/2)' });
    await workbench.waitForQuickInputClosed();
    await workbench.waitForNotification(/Signed in to .* as alex\./);
    await waitForMyActivity(s, 'events', (feed) => feed.events.length > 0);

    // A filter: its parameters travel in the URL beside where a careless client would put the token.
    const filtered = Date.now();
    await workbench.runCommand('GitLab: Filter Activity by Action…');
    await workbench.waitForQuickInput('Filter by Action');
    await workbench.pickQuickItem(/^Closed$/);
    await waitForExtensionRequest(double!, (r) => r.at >= filtered && isEventsRequest(r) && r.query.action === 'closed' && r.status === 200);
    await waitFor('the filter description "Closed"', async () => (await workbench.viewDescription('Activity')) === 'Closed');

    // A level saved at global scope from the settings editor (a webview: its own documents and state).
    const editor = new SettingsEditor(workbench);
    await editor.openFromPalette();
    await editor.waitForForm('global', { dirty: false });
    const level = (await editor.value('#level-select')) === 'watch' ? 'participating' : 'watch';
    await editor.setLevel(level);
    const saved = Date.now();
    await editor.click('#save-button');
    await editor.waitForForm('global', { level, dirty: false });
    await waitForExtensionRequest(double!, (r) => r.at >= saved && r.method === 'PUT' && r.path === '/api/v4/notification_settings' && r.status === 200);
    const whileEditing = await frameDocuments(page);
    assert.ok(Object.values(whileEditing).some((html) => html.includes('id="settings-form"')), 'the settings webview was not read');

    // A server error, then a refused token.
    double!.inject({ fault: { kind: 'status', status: 500 }, path: '/events', times: Infinity });
    await workbench.runCommand('GitLab: Refresh Activity');
    await waitForMyActivity(s, 'a server error row', (feed) => feed.states.some((row) => /server error \(500\)/.test(row.description)));
    // A proxy that refuses the request and quotes its headers back: the error row keeps its words, not the token.
    double!.clearFaults();
    double!.inject({ fault: { kind: 'status', status: 403, contentType: 'application/json',
      body: JSON.stringify({ message: `request blocked; headers: PRIVATE-TOKEN: ${TOKEN}` }) }, path: '/events', times: Infinity });
    await workbench.runCommand('GitLab: Refresh Activity');
    const refused = await waitForMyActivity(s, 'a refusal row that quotes the request', (feed) =>
      feed.states.some((row) => /GitLab refused access \(403\): request blocked; headers: PRIVATE-TOKEN/.test(row.description)));
    assert.deepEqual(refused.states.filter((row) => `${row.label} ${row.description} ${row.ariaLabel}`.includes(TOKEN)).map((row) => row.description), [],
      'the token is in an error row');
    const whileRefused = await frameDocuments(page);
    double!.clearFaults();
    double!.inject({ fault: { kind: 'status', status: 401 }, times: Infinity });
    await workbench.runCommand('GitLab: Refresh Activity');
    await workbench.waitForNotification(UNAUTHORIZED);
    await waitForMyActivity(s, 'a "Sign In Again" row', (feed) => feed.states.some((row) => row.label === 'Sign In Again'));
    await workbench.screenshot('secrets-after-401');

    // Everywhere the token could have leaked to.
    // The open editors' memento holds the settings webview's saved state (vscode.setState). The workbench writes
    // it to IndexedDB when idle, every few seconds at best, so it is awaited rather than expected at once.
    let storage: Places = {};
    await waitFor('the editors\' state in the browser storage', async () => {
      storage = await browserStorage(page);
      return Object.keys(storage).some((key) => key.endsWith('/ItemTable/memento/workbench.parts.editor'));
    }, { timeoutMs: 45_000, intervalMs: 1_000 });
    assert.ok(storage[SECRET_STORE]?.length, `no ${SECRET_STORE}: the browser storage was not read (${Object.keys(storage).length} entries)`);
    const { [SECRET_STORE]: secretStore, ...otherStorage } = storage;
    const places: Places = {
      'extension log': s.extensionLog(),
      notifications: (await workbench.notifications()).join('\n'),
      ...prefixed('while editing: ', whileEditing),
      ...prefixed('while refused: ', whileRefused),
      ...(await frameDocuments(page)),
      ...otherStorage,
      'browser console': consoleLines.join('\n'),
    };
    assert.match(places['extension log'], /GET \/api\/v4\/events\?.*action=closed/, 'the log has no requests: is it the right file?');
    assert.match(places.notifications, UNAUTHORIZED);
    assert.deepEqual(placesHolding(places, TOKEN), [], 'the token leaked');
    assert.deepEqual(filesHolding(s.userDataDir, TOKEN), [], 'the token is in a file of the profile');
    assert.deepEqual(filesHolding(s.folder, TOKEN), [], 'the token is in a file of the workspace');
    note(`SecretStorage entry ${secretStore.includes(TOKEN) ? 'holds the token as plain text' : 'is sealed'}`);

    // The double saw the token in the header of every API request and in no URL or body.
    const requests = double!.requests;
    assert.ok(requests.some((r) => r.method === 'PUT') && requests.some((r) => r.status === 401) && requests.some((r) => r.status === 500) && requests.some((r) => r.status === 403));
    assert.deepEqual(requests.filter((r) => requestText(r).includes(TOKEN)).map((r) => r.rawPath), [], 'the token is in a URL or body');
    const api = requests.filter((r) => r.path.startsWith('/api/'));
    assert.deepEqual(api.filter((r) => r.auth !== 'private-token').map((r) => `${r.method} ${r.rawPath} ${r.auth}`), [],
      'an API request without the PRIVATE-TOKEN header');
    const others = requests.filter((r) => !r.path.startsWith('/api/'));
    if (others.length > 0) note(`non-API requests: ${[...new Set(others.map((r) => `${r.path} ${r.auth}`))].join(', ')}`);

    // Sign out: nothing authenticated leaves afterwards, and the secret is gone for good.
    double!.clearFaults();
    await workbench.runCommand('GitLab: Sign Out');
    await waitFor('the welcome content', async () => (await workbench.welcomeText()).includes(WELCOME));
    const signedOut = Date.now();
    await workbench.runCommand('GitLab: Refresh Activity');
    const afterSignOut = await browserStorage(page);
    assert.deepEqual(placesHolding(afterSignOut, TOKEN), [], 'the token is still in the browser storage after signing out');
    assert.ok(!s.extensionLog().includes(TOKEN), 'signing out wrote the token to the log');

    // The reloaded window's restore comes after anything the refresh above could have sent, and says it is signed out.
    assert.equal(await s.reloadAndRestore(), 'Session restored: signed out');
    await workbench.openViewContainer(VIEW_CONTAINER);
    await waitFor('the signed-out welcome content after a reload', async () => (await workbench.welcomeText()).includes(WELCOME), {
      timeoutMs: 30_000,
    });
    assertNoExtensionRequest(double!, (r) => r.at >= signedOut && r.auth !== 'none', 'signed out, a refresh or a reload sent the token');
    assert.deepEqual(filesHolding(s.userDataDir, TOKEN), [], 'the token is in a file of the profile after signing out');
  });
});

function prefixed(prefix: string, places: Places): Places {
  return Object.fromEntries(Object.entries(places).map(([name, text]) => [`${prefix}${name}`, text]));
}

/** A fact worth knowing that is not a failure, shown in the test output. */
function note(text: string): void {
  console.log(`      note: ${text}`);
}
