import assert from 'node:assert/strict';
import { formatMessage } from '../../src/app/localize';
import { LEVEL_ORDER, levelExplanation, levelLabel } from '../../src/app/settings/shared/labels';
import type { NotificationLevel } from '../../src/gitlab/types';
import type { LoggedRequest } from '../double';
import {
  gitCloneFiles, extensionRequests, feedUnder, readFromDouble, useSignedInSession, waitFor, waitForExtensionRequest, type StatusBarItem,
  type VscodeSession,
} from './harness';
import { VIEW_CONTAINER } from './harness/workbench';
import { SettingsEditor } from './harness/settings-editor';
import { countLines } from '../../src/app/subscriptions/countWording';
import { canReadIssuable, hasExplicitRow } from '../double/subscriptions/store';

/** Longer than any wait here: the double holds a read of the scope the bar switches to until the test releases it. */
const HOLD_MS = 300_000;
const STATUS_ITEM = 'gitlab-activity.gitlab-activity.gitlabActivity.notificationLevel';
/** The words the status bar uses for a level (kept in one place in the extension; not this suite's to decide). */
const label = (level: NotificationLevel) => levelLabel(level, formatMessage);

async function waitForLevel(session: VscodeSession, level: NotificationLevel): Promise<StatusBarItem> {
  return waitForText(session, label(level));
}

/** Waits for the item to read `text` exactly (for a level in force with where it comes from); a timeout says what it read. */
async function waitForText(session: VscodeSession, text: string, timeoutMs?: number): Promise<StatusBarItem> {
  let last: StatusBarItem | undefined;
  try {
    return await waitFor(`the status bar to show "${text}"`, async () => {
      last = (await session.workbench.statusBarItems()).find((candidate) => candidate.id === STATUS_ITEM);
      return last?.text === text && last;
    }, { timeoutMs });
  } catch (error) {
    const shown = last ? `"${last.text}" (tooltip: ${JSON.stringify(last.ariaLabel)})` : 'no item';
    throw new Error(`${(error as Error).message}; it shows ${shown}`);
  }
}

async function openLevelPick(session: VscodeSession): Promise<void> {
  await session.workbench.statusBarItem(STATUS_ITEM).locator('a').first().click();
  await session.workbench.waitForQuickInput(/^GitLab notification level for /);
}

describe('status bar: notification level (global)', function () {
  this.timeout(90_000);
  const session = useSignedInSession({ name: 'statusbar' });

  it('shows the global level GitLab reports, with a bell', async function () {
    const { workbench, double } = session();
    const item = await waitForLevel(session(), 'participating');
    assert.deepEqual(await workbench.statusBarIcons(STATUS_ITEM), ['bell']);
    assert.match(item.ariaLabel, /global settings/);
    // Read from GitLab, maybe before this suite took a shared workbench: the extension's log has every request.
    assert.match(session().extensionLog(), /GET \/api\/v4\/notification_settings 200/);
    assert.equal((await readFromDouble<{ level: string }>(double!, '/notification_settings')).body.level, 'participating');
    await workbench.screenshot('statusbar-level');
  });

  it('the Accounts menu names who the environment\'s token signs in, in one entry: "alex @ host"', async function () {
    const { workbench, double } = session();
    const host = new URL(double!.url).host;
    // Told only of a token, the extension asks the instance who it is; the menu then lists the new label alone.
    const entries = await workbench.waitForAccountsMenu(`"alex @ ${host}" in the Accounts menu`,
      (shown) => shown.some((entry) => entry.startsWith(`alex @ ${host}`)));
    assert.deepEqual(entries.filter((entry) => entry.includes(host)).map((entry) => entry.replace(/ \(.*\)$/, '')), [`alex @ ${host}`]);
    await workbench.closeMenu();
  });

  it('a click offers the levels (current first and active), each explained, Mute and the settings editor; picking one sends the PUT and updates the item', async function () {
    const { workbench, double, page } = session();
    await openLevelPick(session());
    assert.equal((await workbench.quickInputText()).title, 'GitLab notification level for global settings');
    const entries = await workbench.quickPickEntries();
    // The level in force first, so the pick opens on it (Enter keeps it), then the others in GitLab's order.
    const expectedLevels: NotificationLevel[] = ['participating', 'watch', 'mention', 'custom', 'disabled'];
    assert.deepEqual(entries.map((entry) => entry.label), [...expectedLevels.map(label), 'Mute', 'Open Notification Settings…']);
    assert.deepEqual(entries.filter((entry) => entry.description === 'current').map((entry) => entry.label), [label('participating')]);
    const active = page.locator('.quick-input-widget .quick-input-list .monaco-list-row.focused .label-name');
    assert.equal((await active.first().innerText()).trim(), label('participating'));
    for (const level of expectedLevels) {
      assert.equal(entries.find((entry) => entry.label === label(level))?.detail, levelExplanation(level, formatMessage), level);
    }
    assert.equal(entries.find((entry) => entry.label === 'Mute')?.detail, 'Disabled until you unmute; the level before is kept');
    await workbench.screenshot('statusbar-pick');

    const since = Date.now();
    await workbench.pickQuickItem(new RegExp(`^${label('watch')}$`));
    const put = await waitForExtensionRequest(double!, (r) => r.at >= since && r.method === 'PUT');
    assert.equal(put.path, '/api/v4/notification_settings');
    assert.deepEqual(put.query, { level: 'watch' });
    assert.equal(put.status, 200);
    await waitForLevel(session(), 'watch');
    const { body } = await readFromDouble<{ level: string }>(double!, '/notification_settings');
    assert.equal(body.level, 'watch');
  });

  it('"GitLab: Toggle Mute" mutes (crossed bell, "Disabled") and unmutes back to the level before', async function () {
    const { workbench, double } = session();
    let since = Date.now();
    await workbench.runCommand('GitLab: Toggle Mute');
    const mute = await waitForExtensionRequest(double!, (r) => r.at >= since && r.method === 'PUT');
    assert.deepEqual([mute.path, mute.query], ['/api/v4/notification_settings', { level: 'disabled' }]);
    await waitForLevel(session(), 'disabled');
    assert.deepEqual(await workbench.statusBarIcons(STATUS_ITEM), ['bell-slash']);
    await workbench.screenshot('statusbar-muted');

    since = Date.now();
    await workbench.runCommand('GitLab: Toggle Mute');
    const unmute = await waitForExtensionRequest(double!, (r) => r.at >= since && r.method === 'PUT');
    assert.deepEqual([unmute.path, unmute.query], ['/api/v4/notification_settings', { level: 'watch' }]);
    await waitForLevel(session(), 'watch');
    assert.deepEqual(await workbench.statusBarIcons(STATUS_ITEM), ['bell']);
  });

  it('the pick\'s "Mute" offers "Unmute" once muted', async function () {
    const { workbench, double } = session();
    await openLevelPick(session());
    const since = Date.now();
    await workbench.pickQuickItem(/^Mute$/);
    await waitForExtensionRequest(double!, (r) => r.at >= since && r.method === 'PUT' && r.query.level === 'disabled');
    await waitForLevel(session(), 'disabled');
    await openLevelPick(session());
    const entries = await workbench.quickPickEntries();
    assert.equal(entries.find((entry) => entry.label === 'Unmute')?.detail, `Back to ${label('watch')}, the level before the mute`, JSON.stringify(entries));
    assert.ok(!entries.some((entry) => entry.label === 'Mute'));
    assert.equal(entries[0].label, label('disabled'), 'the pick opens on the level in force');
    const unmuted = Date.now();
    await workbench.pickQuickItem(/^Unmute$/);
    await waitForExtensionRequest(double!, (r) => r.at >= unmuted && r.method === 'PUT' && r.query.level === 'watch');
    await waitForLevel(session(), 'watch');
  });
});

describe('status bar: notification level of the workspace\'s project', function () {
  this.timeout(90_000);
  const PROJECT = 'acme/platform/billing';
  const session = useSignedInSession({
    name: 'statusbar-project',
    settings: { 'gitlabActivity.pageSize': 5 },
    // A clone of a project of the double: its remote points at the instance.
    files: (double) => gitCloneFiles(double!.url, PROJECT),
  });

  it('shows the level the project inherits at GitLab\'s default for a project (Global), and names the project', async function () {
    const { workbench, double } = session();
    // Every group above it is at global too, so the user's global level (GitLab's default: Participate) decides.
    const item = await waitForText(session(), `${label('participating')} (global)`);
    assert.match(item.ariaLabel, new RegExp(`project ${PROJECT}`));
    for (const line of [`project ${PROJECT}: Global`, 'group acme/platform: Global', 'group acme: Global', 'global settings: Participate (decides)']) {
      assert.ok(item.ariaLabel.includes(line), `the tooltip lists "${line}": ${item.ariaLabel}`);
    }
    const read = extensionRequests(double!, (r) => r.method === 'GET' && r.path === `/api/v4/projects/${PROJECT}/notification_settings`);
    assert.ok(read.length > 0, 'the project\'s setting was not read');
    assert.equal(read[0].rawPath, `/api/v4/projects/${encodeURIComponent(PROJECT)}/notification_settings`);
    await workbench.screenshot('statusbar-project-level');
  });

  it('the tooltip says how many explicit subscriptions the user has in the project, as GitLab counts them', async function () {
    const { double } = session();
    const data = double!.data;
    const project = data.projects.find((candidate) => candidate.pathWithNamespace === PROJECT)!;
    const subscribed = (model: 'Issue' | 'MergeRequest') => data.issuables.filter((i) => i.model === model && i.projectId === project.id
      && canReadIssuable(data, i, 1) && hasExplicitRow(data, model, i.id, 1, 'EXPLICITLY_SUBSCRIBED')).length;
    const labels = (await readFromDouble<Array<{ subscribed: boolean }>>(double!, `/projects/${project.id}/labels`, { per_page: 100 })).body;
    const counts = { issue: subscribed('Issue'), mergeRequest: subscribed('MergeRequest'), label: labels.filter((l) => l.subscribed).length };
    const [line] = countLines({ kind: 'project' }, { counts, notCounted: [] }, formatMessage);
    assert.ok(line, `user 1 has subscriptions in ${PROJECT}: ${JSON.stringify(counts)}`);
    const item = await waitFor(`the tooltip to say "${line}"`, async () => {
      const found = (await session().workbench.statusBarItems()).find((candidate) => candidate.id === STATUS_ITEM);
      return found?.ariaLabel.includes(line) && found;
    });
    assert.equal(item.text, `${label('participating')} (global)`, 'the item\'s text stays the level');
    assert.ok(extensionRequests(double!, (r) => r.path === '/api/graphql').length > 0, 'counted through GitLab\'s GraphQL API');
  });

  it('lists the project under Projects', async function () {
    const { workbench, double } = session();
    const project = double!.data.projects.find((candidate) => candidate.pathWithNamespace === PROJECT)!;
    await workbench.openViewContainer(VIEW_CONTAINER);
    await workbench.collapseTreeRow('My Activity');
    await workbench.expandTreeRow('Projects');
    const row = await workbench.waitForTree(`${project.nameWithNamespace} under Projects`, (items) => {
      const projects = feedUnder(items, 'Projects');
      return projects?.states.find((candidate) => candidate.label === project.nameWithNamespace);
    });
    assert.match(row.ariaLabel, new RegExp(PROJECT));
    await workbench.screenshot('statusbar-project-in-tree');
  });

  it('marks that project as coming from the git remote', async function () {
    const { workbench, double } = session();
    const project = double!.data.projects.find((candidate) => candidate.pathWithNamespace === PROJECT)!;
    const row = await workbench.waitForTree(`${project.nameWithNamespace} under Projects`, (items) =>
      feedUnder(items, 'Projects')?.states.find((candidate) => candidate.label === project.nameWithNamespace));
    assert.match(`${row.description} ${row.ariaLabel}`, /from git remote/, `the row reads "${row.label} — ${row.description}"`);
  });

  it('follows a group\'s level: the project at global inherits from its nearest group with a level of its own, then global again', async function () {
    const { workbench, double } = session();
    const platform = double!.data.groups.find((group) => group.fullPath === 'acme/platform')!;
    const page = new SettingsEditor(workbench);
    await page.openFromPalette();
    // The group, as the user's own group list names it (by ID), set to Watch in the editor.
    await page.selectScope(`group:${platform.id}`, { level: 'global', dirty: false });
    await page.setLevel('watch');
    await page.click('#save-button');
    await page.waitForForm(`group:${platform.id}`, { level: 'watch', dirty: false });
    const watched = await waitForText(session(), `${label('watch')} (platform)`);
    assert.ok(watched.ariaLabel.includes('group acme/platform: Watch (decides)'), watched.ariaLabel);
    assert.deepEqual(await workbench.statusBarIcons(STATUS_ITEM), ['bell']);

    // The project in the editor says the same: its own level is Global, and it inherits Watch from the group.
    const projectKey = await page.projectKey(PROJECT);
    await page.selectScope(projectKey, { level: 'global', dirty: false });
    await page.frameWith('#level-inherited[data-inherited-from="group"]');
    assert.equal(await page.text('#level-inherited'), 'Inherits Watch from group acme/platform');
    await workbench.screenshot('statusbar-project-inherits-group');

    // The group changed elsewhere (a bulk change here) while the project is shown: its line follows at once.
    const frame = await page.frame();
    await page.checkForBulk(`group:${platform.id}`);
    await frame.locator('#bulk-level').selectOption('mention');
    await page.click('#bulk-apply');
    await page.frameWith('#bulk-panel[data-bulk-state="done"]');
    await page.click('#bulk-clear');
    await page.frameWith('#level-inherited[data-inherited-level="mention"]');
    assert.equal(await page.text('#level-inherited'), 'Inherits On mention from group acme/platform');
    assert.equal(await page.value('#level-select'), 'global', 'the project itself is still at Global');

    // Back to Global on the group: the user's global level decides again, in the status bar and in the editor.
    await page.selectScope(`group:${platform.id}`, { level: 'mention', dirty: false });
    assert.equal(await (await page.frame()).locator('#level-inherited').count(), 0, 'no inheritance line while the group has a level of its own');
    await page.setLevel('global');
    assert.equal(await page.text('#level-inherited'), 'Inherits Participate from global settings', 'the line shows as soon as Global is chosen');
    await page.click('#save-button');
    await page.waitForForm(`group:${platform.id}`, { level: 'global', dirty: false });
    await waitForText(session(), `${label('participating')} (global)`);
    await page.selectScope(projectKey, { level: 'global', dirty: false });
    await page.frameWith('#level-inherited[data-inherited-from="global"]');
    assert.equal(await page.text('#level-inherited'), 'Inherits Participate from global settings');
    assert.equal((await readFromDouble<{ level: string }>(double!, `/groups/${platform.id}/notification_settings`)).body.level, 'global');
    await workbench.runCommand('View: Close Editor');
  });

  it('its quick pick offers "Global" and changes the project\'s level, not the global one', async function () {
    const { workbench, double } = session();
    await openLevelPick(session());
    assert.equal((await workbench.quickInputText()).title, `GitLab notification level for project ${PROJECT}`);
    const entries = await workbench.quickPickEntries();
    assert.deepEqual(entries.slice(0, LEVEL_ORDER.length).map((entry) => entry.label), LEVEL_ORDER.map(label));
    // Global is current, and says what it resolves to.
    assert.deepEqual(entries.filter((entry) => entry.description?.startsWith('current')).map((entry) => [entry.label, entry.description]),
      [[label('global'), `current: ${label('participating')} (global)`]]);

    const since = Date.now();
    await workbench.pickQuickItem(new RegExp(`^${label('watch')}$`));
    const put = await waitForExtensionRequest(double!, (r) => r.at >= since && r.method === 'PUT');
    assert.equal(put.rawPath, `/api/v4/projects/${encodeURIComponent(PROJECT)}/notification_settings`);
    assert.deepEqual(put.query, { level: 'watch' });
    await waitForLevel(session(), 'watch');
    assert.deepEqual(extensionRequests(double!, (r) => r.method === 'PUT' && r.path === '/api/v4/notification_settings'), []);
  });

  it('a level change while the bar reads the scope just chosen leaves it on that scope, not the one it showed before', async function () {
    const { workbench, double } = session();
    // Shown: the project (statusBar.scope is auto), at Watch since the test before.
    const before = await waitForText(session(), label('watch'));
    assert.match(before.ariaLabel, new RegExp(`^GitLab notifications for project ${PROJECT}: `));

    // The scope chosen next is global: its reads are held, so a level change lands while the bar is reading it.
    const isGlobalRead = (r: LoggedRequest) => r.method === 'GET' && r.path === '/api/v4/notification_settings' && r.auth !== 'bearer';
    double!.inject({ fault: { kind: 'latency', ms: HOLD_MS }, method: 'GET', path: '/notification_settings', times: Infinity });
    try {
      const since = Date.now();
      await workbench.chooseSettingInSettingsEditor('gitlabActivity.statusBar.scope', 'global');
      await workbench.closeModalEditor();
      const held = await double!.waitForArrival((r) => r.at >= since && isGlobalRead(r), 20_000);

      // Toggle Mute acts on the scope shown (the project): its PUT makes the settings owner announce a change.
      const muted = Date.now();
      await workbench.runCommand('GitLab: Toggle Mute');
      const put = await waitForExtensionRequest(double!, (r) => r.at >= muted && r.method === 'PUT');
      assert.deepEqual([put.rawPath, put.query], [`/api/v4/projects/${encodeURIComponent(PROJECT)}/notification_settings`, { level: 'disabled' }]);
      // Else the test proves nothing: the change must come while the new scope's read is still held.
      assert.equal(held.status, 0, 'the level changed after the new scope\'s read was answered');
      double!.clearFaults();
      double!.releaseHeld();

      // The load after the change is the newest, so it is the one shown: it must read the scope now chosen (global,
      // Participate), not the project shown when the change came (Disabled since the mute).
      await waitForText(session(), label('participating'));
      await waitFor('every read of the bar to be answered', () => double!.inFlight === 0 && held.status !== 0);
      const settled = await waitForText(session(), label('participating'));
      assert.match(settled.ariaLabel, /^GitLab notifications for global settings: /);
      assert.ok(!settled.ariaLabel.includes(PROJECT), `the tooltip names the project shown before: ${settled.ariaLabel}`);
      assert.deepEqual(await workbench.statusBarIcons(STATUS_ITEM), ['bell']);
      // The mute itself went where it was asked: the project, not global.
      assert.equal((await readFromDouble<{ level: string }>(double!, `/projects/${encodeURIComponent(PROJECT)}/notification_settings`)).body.level, 'disabled');
      assert.equal((await readFromDouble<{ level: string }>(double!, '/notification_settings')).body.level, 'participating');
      await workbench.screenshot('statusbar-scope-switch-during-change');
    } finally {
      double!.clearFaults();
      double!.releaseHeld();
    }
  });
});
