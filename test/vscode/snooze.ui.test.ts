import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_TOKEN } from '../double';
import { TEST_CLOCK_ENV_VAR } from '../../src/ids';
import {
  escapeRegExp, extensionRequests, readFromDouble, useVscodeSession, waitFor, waitForExtensionRequest, type RunningDouble,
  type StatusBarItem, type VscodeSession,
} from './harness';

const PROJECT = 'acme/platform/billing';
const PROJECT_SETTINGS = `/projects/${encodeURIComponent(PROJECT)}/notification_settings`;
const STATUS_ITEM = 'gitlab-activity.gitlab-activity.gitlabActivity.notificationLevel';
const HOUR = 3_600_000;

/**
 * The snooze clock of the extension under test: the system's time plus the offset in this file. It starts at 08:00
 * UTC today, the extension's zone being UTC (below), whatever the time the suite runs: "For 1 Hour" then ends the same
 * day (shown as HH:MM) in every test, also when the suite runs late in the evening.
 */
const scratch = mkdtempSync(path.join(os.tmpdir(), 'snooze-ui-'));
const CLOCK_FILE = path.join(scratch, 'clock.json');
const DAY = 24 * HOUR;
let offset = 0;
function moveClock(ms: number): void {
  offset += ms;
  writeFileSync(CLOCK_FILE, JSON.stringify({ offsetMs: offset }));
}
moveClock(Math.floor(Date.now() / DAY) * DAY + 8 * HOUR - Date.now());

type Setting = { level: string; events?: Record<string, boolean | null> };

/** Changes a setting at the double as another client would (the web UI): the test's own requests carry a Bearer header. */
async function putToDouble(double: RunningDouble, apiPath: string, query: Record<string, string>): Promise<Setting> {
  const url = new URL(`${double.apiUrl}${apiPath}`);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  const response = await fetch(url, { method: 'PUT', headers: { Authorization: `Bearer ${DEFAULT_TOKEN}` } });
  assert.equal(response.status, 200, `PUT ${url.pathname} answered ${response.status}`);
  return (await response.json()) as Setting;
}

async function waitForStatus(session: VscodeSession, what: string, test: (text: string) => boolean): Promise<StatusBarItem> {
  let last = '';
  try {
    return await waitFor(`the status bar to show ${what}`, async () => {
      const item = (await session.workbench.statusBarItems()).find((candidate) => candidate.id === STATUS_ITEM);
      last = item?.text ?? '';
      return item && test(item.text) && item;
    });
  } catch (error) {
    throw new Error(`${(error as Error).message}; it showed ${JSON.stringify(last)}`);
  }
}

/**
 * The path code-server's file dialog (a quick input) proposes, once it has listed its folder: the dialog opens showing
 * the parent folder and only then moves to its own, overwriting anything typed in between.
 */
async function dialogPath(session: VscodeSession, title: string, settled: RegExp): Promise<string> {
  await session.workbench.waitForQuickInput(title);
  return session.workbench.waitForQuickInputMessage(settled, 20_000, 'value');
}

/** Answers code-server's open dialog, once it shows the workspace folder, with a file of that folder. */
async function openInDialog(session: VscodeSession, name: string): Promise<void> {
  const title = 'Open Notification Profile';
  await dialogPath(session, title, new RegExp(`^${escapeRegExp(session.folder)}/$`));
  await session.workbench.answerQuickInput(path.join(session.folder, name), { expect: title });
}

describe('snooze and notification profiles', function () {
  this.timeout(120_000);
  const session = useVscodeSession({
    name: 'snooze',
    env: { GITLAB_ACTIVITY_TOKEN: DEFAULT_TOKEN, [TEST_CLOCK_ENV_VAR]: CLOCK_FILE, TZ: 'UTC' },
    // A clone of a project of the double: the status bar shows that project.
    files: (double) => ({
      '.git/config': [
        '[core]', '\trepositoryformatversion = 0', '\tbare = false',
        '[remote "origin"]', `\turl = ${double!.url}/${PROJECT}.git`, '\tfetch = +refs/heads/*:refs/remotes/origin/*', '',
      ].join('\n'),
      '.git/HEAD': 'ref: refs/heads/main\n',
    }),
  });

  it('snoozes a project with custom switches for an hour, shows "Muted until …", and gives the switches back after the end', async function () {
    const { workbench, double } = session();
    await waitForStatus(session(), 'the project\'s level', (text) => text.length > 0 && !text.endsWith('?'));
    const before = await putToDouble(double!, PROJECT_SETTINGS, { level: 'custom', new_note: 'false', new_issue: 'true', failed_pipeline: 'false' });
    assert.equal(before.level, 'custom');

    await workbench.runCommand('GitLab: Snooze Notifications…');
    await workbench.waitForQuickInput('Snooze Notifications');
    const scopes = (await workbench.quickPickEntries()).map((entry) => entry.label);
    assert.ok(scopes.includes('Everything (global settings)') && scopes.includes(`project ${PROJECT}`), JSON.stringify(scopes));
    await workbench.pickQuickItem(new RegExp(`^project ${PROJECT}$`));
    await workbench.waitForQuickInput(`Snooze project ${PROJECT}`);
    assert.deepEqual((await workbench.quickPickEntries()).map((entry) => entry.label), ['For 1 Hour', 'Until Tomorrow 09:00', 'Until a Date…']);
    const since = Date.now();
    await workbench.pickQuickItem(/^For 1 Hour$/);

    const mute = await waitForExtensionRequest(double!, (r) => r.at >= since && r.method === 'PUT');
    assert.deepEqual([mute.path, mute.query], [`/api/v4/projects/${PROJECT}/notification_settings`, { level: 'disabled' }]);
    const muted = await waitForStatus(session(), '"Muted until HH:MM"', (text) => /^Muted until \d\d:\d\d$/.test(text));
    assert.match(muted.ariaLabel, /^Snoozed: muted until \d\d:\d\d\./);
    assert.deepEqual(await workbench.statusBarIcons(STATUS_ITEM), ['bell-slash']);
    await workbench.waitForNotification(/Notifications for project acme\/platform\/billing are muted until \d\d:\d\d\./);
    await workbench.screenshot('snooze-muted-until');
    assert.equal((await readFromDouble<Setting>(double!, PROJECT_SETTINGS)).body.level, 'disabled');

    // Past the end: the extension's own timer restores, without any command.
    const ended = Date.now();
    moveClock(HOUR + 60_000);
    const restore = await waitForExtensionRequest(double!, (r) => r.at >= ended && r.method === 'PUT', 30_000);
    assert.equal(restore.query.level, 'custom');
    assert.deepEqual([restore.query.new_note, restore.query.new_issue, restore.query.failed_pipeline], ['false', 'true', 'false']);
    assert.deepEqual((await readFromDouble<Setting>(double!, PROJECT_SETTINGS)).body, before);
    await waitForStatus(session(), 'Custom again', (text) => text === 'Custom');
    await workbench.waitForNotification(`Snooze ended: notifications for project ${PROJECT} are back to Custom.`);
  });

  it('keeps a snooze across "Reload Window"; the reloaded window ends it', async function () {
    const { workbench, double } = session();
    const before = (await readFromDouble<Setting>(double!, PROJECT_SETTINGS)).body;
    await workbench.runCommand('GitLab: Snooze Notifications…');
    await workbench.waitForQuickInput('Snooze Notifications');
    await workbench.pickQuickItem(new RegExp(`^project ${PROJECT}$`));
    await workbench.waitForQuickInput(`Snooze project ${PROJECT}`);
    await workbench.pickQuickItem(/^For 1 Hour$/);
    await waitForStatus(session(), '"Muted until HH:MM"', (text) => /^Muted until \d\d:\d\d$/.test(text));

    await session().reloadWindow();
    await waitForStatus(session(), '"Muted until HH:MM" after the reload', (text) => /^Muted until \d\d:\d\d$/.test(text));
    const ended = Date.now();
    moveClock(HOUR + 60_000);
    const restore = await waitForExtensionRequest(double!, (r) => r.at >= ended && r.method === 'PUT', 30_000);
    assert.equal(restore.query.level, 'custom');
    assert.deepEqual((await readFromDouble<Setting>(double!, PROJECT_SETTINGS)).body, before);
    await waitForStatus(session(), 'Custom again', (text) => text === 'Custom');
  });

  it('does not overwrite a level changed elsewhere during the snooze; says so and restores when asked', async function () {
    const { workbench, double } = session();
    const global = (await readFromDouble<Setting>(double!, '/notification_settings')).body.level;
    await workbench.runCommand('GitLab: Snooze Notifications…');
    await workbench.waitForQuickInput('Snooze Notifications');
    await workbench.pickQuickItem(/^Everything \(global settings\)$/);
    await workbench.waitForQuickInput('Snooze global settings');
    const since = Date.now();
    await workbench.pickQuickItem(/^Until Tomorrow 09:00$/);
    await waitForExtensionRequest(double!, (r) => r.at >= since && r.method === 'PUT' && r.path === '/api/v4/notification_settings' && r.query.level === 'disabled');

    // Someone sets Watch on GitLab's own page meanwhile.
    await putToDouble(double!, '/notification_settings', { level: 'watch' });
    const ended = Date.now();
    moveClock(2 * 24 * HOUR);
    const toast = await workbench.waitForNotification(/The snooze of global settings has ended, but its level was changed to Watch meanwhile, so it was left as it is\./, 30_000);
    assert.deepEqual(extensionRequests(double!, (r) => r.at >= ended && r.method === 'PUT'), [], 'nothing written over Watch');
    assert.equal((await readFromDouble<Setting>(double!, '/notification_settings')).body.level, 'watch');
    await workbench.screenshot('snooze-changed-elsewhere');

    const restoring = Date.now();
    await toast.locator('a.monaco-button', { hasText: /^Restore / }).click();
    const put = await waitForExtensionRequest(double!, (r) => r.at >= restoring && r.method === 'PUT');
    assert.deepEqual([put.path, put.query.level], ['/api/v4/notification_settings', global]);
    assert.equal((await readFromDouble<Setting>(double!, '/notification_settings')).body.level, global);
  });

  it('exports a profile, and importing it after changes on GitLab shows the difference and puts the settings back', async function () {
    const { workbench, double } = session();
    const file = path.join(session().folder, 'gitlab-notifications.json');
    const projectBefore = (await readFromDouble<Setting>(double!, PROJECT_SETTINGS)).body;
    const globalBefore = (await readFromDouble<Setting>(double!, '/notification_settings')).body.level;
    assert.equal(projectBefore.level, 'custom');

    await workbench.runCommand('GitLab: Export Notification Profile…');
    await workbench.waitForQuickInput('Export Notification Profile');
    await workbench.answerQuickInput('', { expect: 'Export Notification Profile' }); // every scope is checked
    // code-server's save dialog, at the default file in the home folder (a profile is personal: not in the repository).
    const suggested = await dialogPath(session(), 'Save Notification Profile', /\/gitlab-notifications\.json$/);
    assert.equal(suggested, path.join(os.homedir(), 'gitlab-notifications.json'));
    // Saved in the workspace folder all the same, so the import below finds it where the open dialog starts.
    await workbench.answerQuickInput(file, { expect: 'Save Notification Profile' });
    await workbench.waitForNotification(/Exported the notification profile of \d+ scopes to /);
    const exported = JSON.parse(readFileSync(file, 'utf8')) as { format: string; version: number; scopes: Array<Record<string, unknown>> };
    assert.equal(exported.format, 'gitlab-activity/notification-profile');
    assert.equal(exported.version, 1);
    assert.deepEqual(exported.scopes.find((scope) => scope.path === PROJECT), { scope: 'project', path: PROJECT, level: 'custom', events: projectBefore.events });
    assert.deepEqual(exported.scopes.find((scope) => scope.scope === 'global'), { scope: 'global', level: globalBefore });

    // Changed on GitLab afterwards.
    await putToDouble(double!, PROJECT_SETTINGS, { level: 'watch', new_note: 'true' });
    await putToDouble(double!, '/notification_settings', { level: 'mention' });

    await workbench.runCommand('GitLab: Import Notification Profile…');
    await openInDialog(session(), 'gitlab-notifications.json');
    await workbench.waitForQuickInput('Import Notification Profile: apply these changes?');
    const entries = await workbench.quickPickEntries();
    const project = entries.find((entry) => entry.label === `project ${PROJECT}`);
    assert.ok(project, JSON.stringify(entries));
    assert.ok(project.detail.startsWith('level: watch → custom; '), project.detail);
    assert.ok(project.detail.includes('new_note: (not shown) → off'), project.detail);
    assert.deepEqual(entries.find((entry) => entry.label === 'global settings')?.detail, `level: mention → ${globalBefore}`);
    await workbench.screenshot('profile-import-preview');
    const since = Date.now();
    await workbench.answerQuickInput('', { expect: 'Import Notification Profile: apply these changes?' });
    const report = await workbench.waitForNotification(/Notification profile imported\./);
    const text = await report.innerText();
    assert.match(text, new RegExp(`project ${PROJECT}: applied`));
    assert.match(text, /global settings: applied/);
    assert.deepEqual((await readFromDouble<Setting>(double!, PROJECT_SETTINGS)).body, projectBefore);
    assert.equal((await readFromDouble<Setting>(double!, '/notification_settings')).body.level, globalBefore);
    assert.ok(extensionRequests(double!, (r) => r.at >= since && r.method === 'PUT').length >= 2);
  });

  it('refuses an invalid profile with the key and the reason, and changes nothing', async function () {
    const { workbench, double } = session();
    const file = path.join(session().folder, 'invalid.json');
    writeFileSync(file, JSON.stringify({
      format: 'gitlab-activity/notification-profile', version: 1,
      scopes: [{ scope: 'global', level: 'watch' }, { scope: 'project', path: PROJECT, level: 'loud' }],
    }));
    const since = Date.now();
    await workbench.runCommand('GitLab: Import Notification Profile…');
    await openInDialog(session(), 'invalid.json');
    await workbench.waitForNotification(/The profile was not imported; nothing was changed\. scopes\[1\]\.level: "loud" is not a notification level/);
    assert.deepEqual(extensionRequests(double!, (r) => r.at >= since && r.method === 'PUT'), []);
  });

  it("refuses a hostile profile with its values as text: the toast holds no command link", async function () {
    const { workbench, double } = session();
    const file = path.join(session().folder, 'hostile.json');
    const link = '[Convert this profile](command:gitlabActivity.signOut)';
    writeFileSync(file, JSON.stringify({
      format: 'gitlab-activity/notification-profile', version: 1, scopes: [{ scope: 'project', path: link, level: 'watch' }],
    }));
    const since = Date.now();
    await workbench.runCommand('GitLab: Import Notification Profile…');
    await openInDialog(session(), 'hostile.json');
    const toast = await workbench.waitForNotification(/The profile was not imported; nothing was changed\. .*Convert this profile.* is not a GitLab path/);
    // VS Code draws a live link as an anchor (`a.monaco-link`) whose target is the command; the words stay text.
    const anchors = await toast.locator('.notification-list-item-message a').evaluateAll((links) => links.map((a) => a.outerHTML));
    assert.deepEqual(anchors, []);
    await workbench.screenshot('hostile-profile-refused');
    assert.deepEqual(extensionRequests(double!, (r) => r.at >= since && r.method === 'PUT'), []);
  });
});
