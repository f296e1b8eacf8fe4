import assert from 'node:assert/strict';
import { DEFAULT_TOKEN } from '../double';
import { formatMessage } from '../../src/app/localize';
import { levelLabel } from '../../src/app/settings/shared/labels';
import type { NotificationLevel } from '../../src/gitlab/types';
import {
  feedUnder, isSettled, signInThroughFlow, useVscodeSession, waitForExtensionRequest, waitForFeedFromDouble,
  type TreeItemView, type VscodeSession,
} from './harness';
import { VIEW_CONTAINER } from './harness/workbench';
import { STATUS_ITEM, waitForStatus } from './harness/status-bar';

const PAGE_SIZE = 5;
const TITLES = ['Unread on a plain server one', 'Unread on a plain server two'];
const isUnreadRow = (row: TreeItemView) => row.ariaLabel.startsWith('Unread: ');


const waitForLevel = (session: VscodeSession, level: NotificationLevel) =>
  waitForStatus(session, `"${levelLabel(level, formatMessage)}"`, (text) => text === levelLabel(level, formatMessage));

/** My Activity's rows once it has settled with `probe` true. */
async function myActivity(session: VscodeSession, what: string, probe: (rows: TreeItemView[]) => boolean): Promise<TreeItemView[]> {
  const feed = await session.workbench.waitForTree(what, (items) => {
    const found = feedUnder(items, 'My Activity');
    return isSettled(found) && found.events.length > 0 && probe(found.events) && found;
  });
  return feed.events;
}

/**
 * What is kept for a person, on a server of the interface spec alone (the double's `specOnly` form): it has no
 * `GET /user`, so nothing tells who a token belongs to, and the account is the token (a digest of it, kept instead).
 * Unread marks, the level before a mute and snoozes are each kept under it and found again after a reload.
 */
describe('a server of the interface spec only keeps each person\'s state', function () {
  this.timeout(180_000);
  const session = useVscodeSession({
    name: 'spec-only-accounts',
    fresh: 'its first look at My Activity must be the profile\'s first: no event may be marked as seen before it',
    double: { specOnly: true },
    settings: { 'gitlabActivity.pageSize': PAGE_SIZE, 'gitlabActivity.pollInterval': 1 },
  });

  it('marks events newer than the last look as unread, keeps the marks across a reload, and Mark All as Seen clears them', async function () {
    const s = session();
    const { workbench } = s;
    const double = s.double!;
    await signInThroughFlow(s, DEFAULT_TOKEN);
    await workbench.waitForNotification(`Signed in to ${new URL(double.url).host}.`);
    await waitForExtensionRequest(double, (r) => r.path === '/api/v4/user' && r.status === 404);
    await workbench.openViewContainer(VIEW_CONTAINER);
    const { feed } = await waitForFeedFromDouble(s, { parent: 'My Activity', apiPath: '/events', perPage: PAGE_SIZE });
    assert.deepEqual(feed.events.filter(isUnreadRow).map((row) => row.label), [], 'a first look marks nothing unread');

    // The spec's events carry no id; every 10th has no created_at either (the double's rule), and cannot be told new.
    const nextId = () => double.data.events[double.data.events.length - 1].id + 1;
    for (const title of TITLES) {
      while (nextId() % 10 === 0) double.addEvent({ authorId: 2 });
      double.addEvent({ action: 'created', targetType: 'Issue', targetTitle: title });
    }
    const unreadTitles = (rows: TreeItemView[]) => TITLES.filter((title) => rows.some((row) => row.label.includes(title) && isUnreadRow(row)));
    await myActivity(s, 'the new events, marked unread', (rows) => unreadTitles(rows).length === 2);

    await s.reloadWindow();
    await workbench.openViewContainer(VIEW_CONTAINER);
    const reloaded = await myActivity(s, 'the same two events unread after the reload', (rows) => rows.some((row) => row.label.includes(TITLES[0])));
    assert.deepEqual(unreadTitles(reloaded), TITLES, 'the marks went with the reload');
    assert.equal(reloaded.filter(isUnreadRow).length, 2);

    await workbench.clickViewTitleAction('Mark All as Seen');
    await myActivity(s, 'no unread row', (rows) => !rows.some(isUnreadRow));
  });

  it('Toggle Mute twice gives back the level it had, also with a reload in between', async function () {
    const s = session();
    const { workbench } = s;
    const double = s.double!;
    let since = Date.now();
    await workbench.statusBarItem(STATUS_ITEM).locator('a').first().click();
    await workbench.waitForQuickInput(/^GitLab notification level for /);
    await workbench.pickQuickItem(new RegExp(`^${levelLabel('watch', formatMessage)}$`));
    await waitForExtensionRequest(double, (r) => r.at >= since && r.method === 'PUT' && r.query.level === 'watch');
    await waitForLevel(s, 'watch');

    since = Date.now();
    await workbench.runCommand('GitLab: Toggle Mute');
    await waitForExtensionRequest(double, (r) => r.at >= since && r.method === 'PUT' && r.query.level === 'disabled');
    await waitForLevel(s, 'disabled');

    // "Reload Window": the workbench writes the extension's state before it goes (a reload of the browser page may not).
    assert.match(await s.reloadAndRestore('window'), /^Session restored: signed in to /);
    await waitForLevel(s, 'disabled');
    since = Date.now();
    await workbench.runCommand('GitLab: Toggle Mute');
    const unmute = await waitForExtensionRequest(double, (r) => r.at >= since && r.method === 'PUT');
    assert.deepEqual([unmute.path, unmute.query], ['/api/v4/notification_settings', { level: 'watch' }], 'Unmute forgot the level before the mute');
    await waitForLevel(s, 'watch');
  });

  it('snoozes the global settings, shows the snooze after a reload, and End Snooze gives the level back', async function () {
    const s = session();
    const { workbench } = s;
    const double = s.double!;
    let since = Date.now();
    await workbench.runCommand('GitLab: Snooze Notifications…');
    await workbench.waitForQuickInput('Snooze Notifications');
    await workbench.pickQuickItem(/^Global$/);
    await workbench.waitForQuickInput(/^Snooze /);
    await workbench.pickQuickItem(/^For 1 Hour$/);
    const mute = await waitForExtensionRequest(double, (r) => r.at >= since && r.method === 'PUT');
    assert.deepEqual([mute.path, mute.query], ['/api/v4/notification_settings', { level: 'disabled' }]);
    // An hour from now: "HH:MM" today, "Mon 7 Dec 00:28" when the suite runs in the last hour of a day (this suite has
    // no clock of its own; the snooze suite's starts at 08:00).
    const muted = /^Muted until (?:[A-Z][a-z]{2} \d{1,2} [A-Z][a-z]{2} )?\d\d:\d\d$/;
    await waitForStatus(s, '"Muted until [day] HH:MM"', (text) => muted.test(text));

    await s.reloadAndRestore('window');
    await waitForStatus(s, '"Muted until [day] HH:MM" after the reload', (text) => muted.test(text));
    since = Date.now();
    await workbench.runCommand('GitLab: End Snooze');
    const restore = await waitForExtensionRequest(double, (r) => r.at >= since && r.method === 'PUT');
    assert.deepEqual([restore.path, restore.query], ['/api/v4/notification_settings', { level: 'watch' }]);
    await workbench.waitForNotification(`Snooze ended: notifications for global settings are back to ${levelLabel('watch', formatMessage)}.`);
    await waitForLevel(s, 'watch');
  });
});
