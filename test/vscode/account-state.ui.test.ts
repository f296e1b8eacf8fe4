import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_TOKEN } from '../double';
import { TEST_CLOCK_ENV_VAR } from '../../src/ids';
import {
  expectedDays, extensionRequests, feedUnder, isEventsRequest, isSettled, mergedEventsFromDouble, mutationsOf, readFromDouble, showsDays, signInThroughFlow,
  useVscodeSession, waitFor, waitForExtensionRequest, type RunningDouble, type TreeItemView, type VscodeSession,
} from './harness';
import { pickContextMenuItem } from './harness/context-menu';
import { ACTIVITY_VIEW, SUBSCRIPTIONS_VIEW, VIEW_CONTAINER } from './harness/workbench';

/** alex (user 1) and jordan (user 3): two people with tokens for one instance. */
const ALICE = DEFAULT_TOKEN;
const BOB = 'glpat-second-person';
const WELCOME = 'Sign in to GitLab to see your activity';
/** Longer than any test waits: a held answer comes only when the test releases it. */
const HOLD_MS = 300_000;
const HOUR = 3_600_000;

const scratch = mkdtempSync(path.join(os.tmpdir(), 'account-state-ui-'));
const CLOCK_FILE = path.join(scratch, 'clock.json');
let offset = 0;
/** Moves the extension's snooze clock (test/vscode/README.md, "Moving the snooze clock"). */
function moveClock(ms: number): void {
  offset += ms;
  writeFileSync(CLOCK_FILE, JSON.stringify({ offsetMs: offset }));
}
moveClock(0);

const userIdOf = (double: RunningDouble, token: string) => double.data.tokens.find((candidate) => candidate.token === token)!.userId!;
const nameOf = (double: RunningDouble, token: string) => double.data.users.find((user) => user.id === userIdOf(double, token))!.username;
const host = (double: RunningDouble) => new URL(double.url).host;

async function signIn(session: VscodeSession, token: string): Promise<void> {
  const double = session.double!;
  await signInThroughFlow(session, token);
  await session.workbench.waitForNotification(`Signed in to ${host(double)} as ${nameOf(double, token)}.`);
}

/** My Activity's rows once it has either loaded, is loading, or shows rows from earlier: whichever the tree draws first. */
async function myActivityRows(session: VscodeSession, what: string, done: (rows: TreeItemView[], loading: boolean) => boolean): Promise<TreeItemView[]> {
  return session.workbench.waitForTree(what, (items) => {
    const feed = feedUnder(items, 'My Activity');
    if (!feed) return undefined;
    const loading = feed.states.some((row) => row.label === 'Loading…');
    return done(feed.events, loading) ? feed.events : undefined;
  }, 60_000);
}

const fromEarlier = (row: TreeItemView) => row.description.endsWith('from earlier');

/** Snoozes a scope of the settings editor's list for an hour, through the palette. */
async function snoozeForAnHour(session: VscodeSession, scope: RegExp): Promise<void> {
  await session.workbench.runCommand('GitLab: Snooze Notifications…');
  await session.workbench.waitForQuickInput('Snooze Notifications');
  await session.workbench.pickQuickItem(scope);
  await session.workbench.waitForQuickInput(/^Snooze /);
  await session.workbench.pickQuickItem(/^For 1 Hour$/);
}

/** Sets a level as its owner would on GitLab's own page (the test's requests carry a Bearer header, not the extension's). */
async function setOnDouble(double: RunningDouble, token: string, apiPath: string, level: string): Promise<void> {
  const response = await fetch(`${double.apiUrl}${apiPath}?level=${level}`, { method: 'PUT', headers: { Authorization: `Bearer ${token}` } });
  assert.equal(response.status, 200);
}

describe('two people on one instance keep their own state', function () {
  this.timeout(180_000);
  const session = useVscodeSession({
    name: 'account-state',
    fresh: 'it starts signed out, and its two people sign in through the flow',
    double: { tokens: [{ token: ALICE, scopes: ['api'], userId: 1 }, { token: BOB, scopes: ['api'], userId: 3 }] },
    settings: { 'gitlabActivity.pageSize': 5 },
    env: { [TEST_CLOCK_ENV_VAR]: CLOCK_FILE, TZ: 'UTC' },
  });

  it('bob never sees alice\'s kept first page after a reload; his own shows as from earlier', async function () {
    const s = session();
    const double = s.double!;
    await signIn(s, ALICE);
    const alices = await myActivityRows(s, 'alice\'s My Activity', (rows, loading) => rows.length > 0 && !loading && !rows.some(fromEarlier));
    const aliceLabels = alices.map((row) => row.label);

    // bob signs in on the same instance while every events answer is held: his lists keep nothing of their own.
    double.inject({ fault: { kind: 'latency', ms: HOLD_MS }, path: '/events', times: Infinity });
    try {
      await signIn(s, BOB);
      const reloaded = Date.now();
      // Reload Window, as a person does: the workbench writes the global state before the new window loads (a
      // reload of the browser page may go before it has written what was kept a moment before: then no page is kept,
      // and the test either proves nothing or, below, finds no page of bob's from earlier).
      assert.equal(await s.reloadAndRestore('window'), `Session restored: signed in to ${double.url}`);
      await s.workbench.openViewContainer(VIEW_CONTAINER);
      // bob's reloaded window has asked for his My Activity (held): any rows from earlier were seeded before that.
      await double.waitForArrival((r) => r.at >= reloaded && isEventsRequest(r) && r.userId === userIdOf(double, BOB), 30_000);
      // What the tree draws for bob's My Activity before any events answer: it must not be alice's page.
      const shown = await myActivityRows(s, 'bob\'s My Activity loading or from earlier', (rows, loading) => loading || rows.some(fromEarlier));
      assert.deepEqual(shown.filter(fromEarlier).map((row) => `${row.label} | ${row.description}`), [], 'alice\'s kept page shown under bob');
      assert.deepEqual(extensionRequests(double, (r) => r.at >= reloaded && isEventsRequest(r) && r.status !== 0), [], 'an events answer came while held');
    } finally {
      double.clearFaults();
      double.releaseHeld();
    }
    const bobs = await myActivityRows(s, 'bob\'s own My Activity', (rows, loading) => rows.length > 0 && !loading && !rows.some(fromEarlier));
    const bobLabels = bobs.map((row) => row.label);
    const bobsPage = (await readFromDouble<Array<{ id: number }>>(double, '/events', { per_page: 5 }, BOB)).body;
    assert.equal(bobs.length, bobsPage.length);
    assert.notDeepEqual(bobLabels, aliceLabels, 'the two people\'s pages should differ for this test to tell them apart');

    // bob's own page is kept: after another reload, with answers held, it shows as from earlier.
    double.inject({ fault: { kind: 'latency', ms: HOLD_MS }, path: '/events', times: Infinity });
    try {
      await s.reloadAndRestore('window');
      await s.workbench.openViewContainer(VIEW_CONTAINER);
      const earlier = await myActivityRows(s, 'bob\'s page from earlier', (rows) => rows.length > 0 && rows.every(fromEarlier));
      assert.deepEqual(earlier.map((row) => row.label), bobLabels);
    } finally {
      double.clearFaults();
      double.releaseHeld();
    }
    await myActivityRows(s, 'bob\'s fresh My Activity', (rows, loading) => rows.length > 0 && !loading && !rows.some(fromEarlier));
  });

  it('alice\'s snooze does not end into bob\'s settings while he is signed in; it ends for alice when she is back', async function () {
    const s = session();
    const double = s.double!;
    const alice = userIdOf(double, ALICE);
    const bob = userIdOf(double, BOB);
    await signIn(s, ALICE);
    const aliceLevel = (await readFromDouble<{ level: string }>(double, '/notification_settings', {}, ALICE)).body.level;
    // bob has muted his global settings himself, on GitLab's page: the level alice's snooze would give back is not his.
    await setOnDouble(double, BOB, '/notification_settings', 'disabled');
    const snoozed = Date.now();
    await snoozeForAnHour(s, /^Global$/);
    const mute = await waitForExtensionRequest(double, (r) => r.at >= snoozed && r.method === 'PUT');
    assert.deepEqual([mute.path, mute.query.level, mute.userId], ['/api/v4/notification_settings', 'disabled', alice]);

    // alice signs out; the snooze's end passes while nobody is signed in; bob signs in.
    await s.workbench.runCommand('GitLab: Sign Out');
    await waitFor('the welcome content', async () => (await s.workbench.welcomeText()).includes(WELCOME));
    const lines = s.extensionLog().length;
    moveClock(2 * HOUR);
    await waitFor('the extension to read the moved clock', () => s.extensionLog().slice(lines).includes(`Test clock: offset ${offset} ms`));
    const bobIn = Date.now();
    await signIn(s, BOB);
    // A positive marker after the sign-in's check of due snoozes (one queue runs both): bob snoozes a group himself.
    await snoozeForAnHour(s, /^Acme$/);
    await waitForExtensionRequest(double, (r) => r.at >= bobIn && r.method === 'PUT' && r.userId === bob);
    assert.deepEqual(extensionRequests(double, (r) => r.at >= bobIn && r.method === 'PUT')
      .map((r) => `${r.userId} ${r.path.startsWith('/api/v4/groups/') ? 'group' : r.path} ${r.query.level}`),
    [`${bob} group disabled`], 'alice\'s snooze was ended into bob\'s settings');
    assert.equal((await readFromDouble<{ level: string }>(double, '/notification_settings', {}, BOB)).body.level, 'disabled');

    // alice is back: her snooze ends, in her settings; bob's waits for him.
    const aliceIn = Date.now();
    await signIn(s, ALICE);
    const restore = await waitForExtensionRequest(double, (r) => r.at >= aliceIn && r.method === 'PUT', 30_000);
    assert.deepEqual([restore.path, restore.query.level, restore.userId], ['/api/v4/notification_settings', aliceLevel, alice]);
    await s.workbench.waitForNotification(/^Snooze ended: notifications for global settings are back to /);
    assert.equal((await readFromDouble<{ level: string }>(double, '/notification_settings', {}, ALICE)).body.level, aliceLevel);
    assert.equal((await readFromDouble<{ level: string }>(double, '/notification_settings', {}, BOB)).body.level, 'disabled', 'bob\'s snooze waits for him');
    assert.deepEqual(extensionRequests(double, (r) => r.at >= aliceIn && r.method === 'PUT' && r.userId === bob), []);
  });

  it('alice\'s Undo, clicked after bob signed in over her, subscribes nobody again and says so', async function () {
    const s = session();
    const double = s.double!;
    await signIn(s, ALICE);
    await s.workbench.openViewContainer(VIEW_CONTAINER);
    await s.workbench.waitForView(SUBSCRIPTIONS_VIEW);
    await s.workbench.setViewExpanded(SUBSCRIPTIONS_VIEW, true);
    await s.workbench.setViewExpanded(ACTIVITY_VIEW, false);
    const tree = s.workbench.tree(SUBSCRIPTIONS_VIEW);
    // Right-clicked once the Issues section is drawn as it stays: its first page draws it again for its count, and
    // VS Code draws that count after the rows it asked for again (a menu opened on the rows before closes as that
    // refresh ends and the tree takes the focus back).
    const row = await tree.waitForTree('one of alice\'s issues, the Issues section counting them', (items) =>
      items.some((item) => item.level === 1 && item.label === 'Issues' && /^\d+\+?$/.test(item.description))
      && items.find((item) => item.level === 2 && /#\d+ /.test(item.label)), 30_000);
    const since = Date.now();
    await pickContextMenuItem(s.page, tree.treeRowLabelled(row.label), 'Unsubscribe');
    await s.workbench.waitForNotification(/Unsubscribed from .*#\d+\./);
    // Found by its text: toasts that come later (bob's sign-in) move it down the list.
    const undo = s.page.locator('.notifications-toasts .notification-toast', { hasText: /Unsubscribed from .*#\d+\./ });
    const changed = await waitForExtensionRequest(double, (r) => r.at >= since && mutationsOf(r).length > 0);
    assert.equal(changed.userId, userIdOf(double, ALICE));

    // bob signs in over alice while her Undo waits; then it is clicked.
    const bobIn = Date.now();
    await signIn(s, BOB);
    await undo.locator('a.monaco-button', { hasText: 'Undo' }).click();
    const said = `Nothing was done: this was for ${nameOf(double, ALICE)} @ ${host(double)}, and another account is signed in there now.`;
    const changes = () => extensionRequests(double, (r) => r.at >= bobIn && mutationsOf(r).length > 0);
    // What the click came to: the calm word, or a change sent.
    await waitFor('what the Undo came to', async () => changes().length > 0 || (await s.workbench.notifications()).some((text) => text.includes(said)));
    assert.deepEqual(changes().map((r) => `${r.userId} ${r.body}`), [], 'a subscription changed after bob signed in');
    await s.workbench.waitForNotification(said);
    await s.workbench.setViewExpanded(ACTIVITY_VIEW, true);
    await s.workbench.setViewExpanded(SUBSCRIPTIONS_VIEW, false);
  });

  it('each person\'s People you follow: whom alice follows, then whom bob follows, read with his own id and token', async function () {
    const s = session();
    const double = s.double!;
    const followed = async (token: string, paths: string[]) => {
      const expected = expectedDays((await mergedEventsFromDouble(double, paths, token)).slice(0, 5));
      if ((await s.workbench.treeItems()).some((item) => item.label === 'People you follow' && item.expanded === false)) {
        await s.workbench.expandTreeRow('People you follow');
      }
      await s.workbench.waitForTree(`People you follow as ${nameOf(double, token)} follows`, (items) => {
        const feed = feedUnder(items, 'People you follow');
        return isSettled(feed) && showsDays(feed, expected);
      });
    };
    await signIn(s, ALICE);
    await s.workbench.setViewExpanded(ACTIVITY_VIEW, true);
    await s.workbench.collapseTreeRow('My Activity');
    try {
      // alice follows sam.taylor (2), jordan (3), riley (6) and morgan (4, a private profile).
      await followed(ALICE, ['/users/2/events', '/users/3/events', '/users/6/events']);
      const bobIn = Date.now();
      await signIn(s, BOB);
      // bob (jordan) follows alice alone.
      await followed(BOB, ['/users/1/events']);
      const asked = extensionRequests(double, (r) => r.at >= bobIn && r.path.startsWith('/api/v4/users/'));
      assert.ok(asked.some((r) => r.path === `/api/v4/users/${userIdOf(double, BOB)}/following`));
      assert.deepEqual(asked.filter((r) => r.userId !== userIdOf(double, BOB)).map((r) => `${r.path} ${r.userId}`), [], 'read with alice\'s token');
    } finally {
      await s.workbench.collapseTreeRow('People you follow');
      await s.workbench.expandTreeRow('My Activity');
    }
  });
});
