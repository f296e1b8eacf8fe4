import assert from 'node:assert/strict';
import { levelLabel } from '../../src/app/settings/shared/labels';
import { formatMessage } from '../../src/app/localize';
import { SPEC_EMAIL_EVENTS, type NotificationLevel } from '../../src/gitlab/types';
import {
  extensionRequests, feedUnder, isEventsRequest, stateLabels, useVscodeSession, waitFor, waitForExtensionRequest,
  waitForFeedFromDouble, type VscodeSession,
} from './harness';
import { VIEW_CONTAINER } from './harness/workbench';
import { settingsApiPath, settingsPuts } from './harness/double-control';
import { SettingsEditor } from './harness/settings-editor';

const STATUS_ITEM = 'gitlab-activity.gitlab-activity.gitlabActivity.notificationLevel';
const PAGE_SIZE = 5;
const TOKEN = 'glpat-test-token';
const WEBSITE = 'acme/website';

async function waitForLevel(session: VscodeSession, level: NotificationLevel): Promise<void> {
  const text = levelLabel(level, formatMessage);
  await waitFor(`the status bar to show "${text}"`, async () =>
    (await session.workbench.statusBarItems()).some((item) => item.id === STATUS_ITEM && item.text === text));
}

/**
 * The main path once more, against a server of the interface spec alone (the double's `specOnly` form): no GET /user,
 * no pagination headers, no group or project listing or lookup, events with the spec's fields (no ids, some without
 * created_at), the spec's 12 custom keys with booleans. Signed in through the UI, as a person would.
 */
describe('a server of the interface spec only', function () {
  this.timeout(120_000);
  const session = useVscodeSession({
    name: 'spec-only',
    double: { specOnly: true },
    settings: { 'gitlabActivity.pageSize': PAGE_SIZE, 'gitlabActivity.projects': [WEBSITE] },
  });

  before(function () {
    // The spec: created_at is present "on most items". Make user 1's newest event one without it (every 10th id).
    const double = session().double!;
    const nextId = () => double.data.events[double.data.events.length - 1].id + 1;
    while (nextId() % 10 !== 0) double.addEvent({ authorId: 2 });
    double.addEvent({ authorId: 1 });
  });

  it('signs in through the UI (the token is checked by a settings read) and shows My Activity', async function () {
    const { workbench, double, page } = session();
    await workbench.openViewContainer(VIEW_CONTAINER);
    await workbench.runCommand('GitLab: Sign In…');
    await workbench.waitForQuickInput('URL of the GitLab instance');
    await page.keyboard.press('Enter');
    await workbench.waitForQuickInput('Sign in to GitLab (2/2)');
    await workbench.answerQuickInput(TOKEN, { expect: 'Sign in to GitLab (2/2)' });
    await workbench.waitForQuickInputClosed();
    await workbench.waitForNotification(`Signed in to ${new URL(double!.url).host}.`);
    const user = await waitForExtensionRequest(double!, (r) => r.path === '/api/v4/user');
    assert.equal(user.status, 404);
    assert.ok(extensionRequests(double!, (r) => r.path === '/api/v4/notification_settings' && r.status === 200).length > 0);

    const { feed, events } = await waitForFeedFromDouble(session(), { parent: 'My Activity', apiPath: '/events', perPage: PAGE_SIZE });
    assert.equal(events.length, PAGE_SIZE);
    assert.ok(events.every((event) => event.id === undefined), 'spec events carry no id');
    // The newest event has no created_at: shown under "Unknown date", after the days (which read in date order), not
    // a failed page.
    assert.equal(events[0].created_at, undefined);
    const unknown = feed.days[feed.days.length - 1];
    assert.equal(unknown.row.label, 'Unknown date');
    assert.equal(unknown.events.length, events.filter((event) => event.created_at === undefined).length);
    for (const row of unknown.events) assert.match(row.description, /unknown time/);
    // No pagination headers: a full page offers "Load more…".
    assert.deepEqual(stateLabels(feed), ['Load more…']);
    await workbench.screenshot('spec-only-my-activity');
  });

  it('"Load more…" asks for page 2 and appends it', async function () {
    const { workbench, double } = session();
    const loadMore = feedUnder(await workbench.treeItems(), 'My Activity')!.states.find((row) => row.label === 'Load more…');
    assert.ok(loadMore, 'no "Load more…" row');
    const since = Date.now();
    await workbench.treeRowLabelled('Load more…', { level: loadMore.level }).click();
    const request = await waitForExtensionRequest(double!, (r) => r.at >= since && isEventsRequest(r));
    assert.deepEqual(request.query, { page: '2', per_page: String(PAGE_SIZE) });
    const { events } = await waitForFeedFromDouble(session(), { parent: 'My Activity', apiPath: '/events', perPage: PAGE_SIZE, pages: 2 });
    assert.equal(events.length, 2 * PAGE_SIZE);
    await workbench.screenshot('spec-only-load-more');
  });

  it('each dashboard feed says in one calm line that it needs GitLab: no error row, no request again on a refresh', async function () {
    const { workbench, double } = session();
    const feeds = ['Your projects', 'Starred projects', 'People you follow'];
    const calm = 'This feed needs GitLab: this server does not serve it.';
    // Room for the feeds' rows: rows scrolled out of view are not drawn.
    await workbench.collapseTreeRow('My Activity');
    let refreshed: number | undefined;
    try {
      for (const label of feeds) await workbench.expandTreeRow(label);
      await workbench.waitForTree('each feed to show the one calm line', (items) =>
        feeds.every((label) => JSON.stringify(feedUnder(items, label)?.states.map((row) => row.label)) === JSON.stringify([calm]) && feedUnder(items, label)?.days.length === 0));
      assert.equal(extensionRequests(double!, (r) => r.path === '/api/v4/version').length, 1, 'asked once for the account');
      // A server that ignores scope answers alex's own events to scope=all: Your projects sends it beside the version at
      // its first opening at most (its first rows one round trip away on a GitLab), and drops the answer (the calm line
      // is the feed's only row).
      const scoped = extensionRequests(double!, (r) => r.query.scope !== undefined);
      assert.ok(scoped.length <= 1 && scoped.every((r) => r.path === '/api/v4/events'), scoped.map((r) => r.path).join(', '));
      // Each feed read again says so in the log (its list failed as before): the marker that the refresh was done.
      const readAgain = /^Loading .*feed:\w+ failed: The activity feeds need GitLab/;
      const before = session().countLogLines(readAgain);
      refreshed = Date.now();
      await workbench.clickViewTitleAction('Refresh Activity');
      await waitFor('the three feeds read again', async () => session().countLogLines(readAgain) >= before + 3);
      await workbench.waitForTree('the calm lines again after the refresh', (items) =>
        feeds.every((label) => JSON.stringify(feedUnder(items, label)?.states.map((row) => row.label)) === JSON.stringify([calm])));
      assert.equal(extensionRequests(double!, (r) => r.path === '/api/v4/version').length, 1, 'asked again at the refresh');
      assert.equal(extensionRequests(double!, (r) => r.query.scope !== undefined).length, scoped.length, 'scope=all sent again at the refresh');
      await workbench.screenshot('spec-only-feeds');
    } finally {
      for (const label of feeds) await workbench.collapseTreeRow(label);
      await workbench.expandTreeRow('My Activity');
    }
    // My Activity, refreshed while folded, is read again as it opens: answered here, not among the next test's reads.
    await waitForExtensionRequest(double!, (r) => r.at >= refreshed! && isEventsRequest(r) && r.query.scope === undefined);
  });

  it('filters by action: GitLab is asked for action=closed and only closed events show', async function () {
    const { workbench, double } = session();
    const since = Date.now();
    await workbench.runCommand('GitLab: Filter Activity by Action…');
    await workbench.waitForQuickInput('Filter by Action');
    await workbench.pickQuickItem(/^Closed$/);
    const request = await waitForExtensionRequest(double!, (r) => r.at >= since && isEventsRequest(r));
    assert.equal(request.query.action, 'closed');
    const { feed } = await waitForFeedFromDouble(session(), {
      parent: 'My Activity', apiPath: '/events', perPage: PAGE_SIZE, query: { action: 'closed' },
    });
    assert.ok(feed.events.length > 0, 'user 1 has closed nothing in the double');
    // My Activity's rows lead with what was closed (the icon says the verb); the sentence is the accessibility label.
    for (const event of feed.events) assert.match(event.ariaLabel, / closed /);
    await workbench.screenshot('spec-only-filtered');
  });

  it('shows the global notification level in the status bar', async function () {
    const { double } = session();
    const reply = await fetch(`${double!.apiUrl}/notification_settings`, { headers: { 'PRIVATE-TOKEN': TOKEN } });
    const { level } = (await reply.json()) as { level: NotificationLevel };
    await waitForLevel(session(), level);
  });

  it('the settings editor saves a custom switch of a project with the spec\'s 12 keys', async function () {
    const { workbench, double } = session();
    const editor = new SettingsEditor(workbench);
    await editor.openFromPalette();
    await editor.waitForForm('global', { dirty: false });
    const key = `project:${WEBSITE}`;
    await editor.selectScope(key, { dirty: false });
    const since = double!.requests.length;
    await editor.setLevel('custom');
    await editor.waitForForm(key, { level: 'custom', dirty: true });
    await editor.frameWith('[data-event-key="new_note"]');
    assert.deepEqual(Object.keys(await editor.eventStates()), [...SPEC_EMAIL_EVENTS]);
    await editor.clickEvent('new_note', 'on');
    await editor.click('#save-button');
    await editor.waitForForm(key, { level: 'custom', dirty: false });

    const puts = settingsPuts(double!, since);
    assert.deepEqual(puts.map(({ rawPath, query, status }) => ({ rawPath, query, status })),
      [{ rawPath: settingsApiPath('project', WEBSITE), query: { level: 'custom', new_note: 'true' }, status: 200 }]);
    // The server's answer (12 booleans, no nulls) is what the form shows now.
    const saved = await editor.eventStates();
    assert.deepEqual(Object.keys(saved), [...SPEC_EMAIL_EVENTS]);
    assert.equal(saved.new_note, 'on');
    assert.deepEqual(Object.values(saved).filter((state) => state !== 'on' && state !== 'off'), []);
    await workbench.screenshot('spec-only-settings-editor');
  });
});
