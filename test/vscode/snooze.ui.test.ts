import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_TOKEN } from '../double';
import { TEST_CLOCK_ENV_VAR } from '../../src/ids';
import { formatMessage } from '../../src/app/localize';
import { levelLabel } from '../../src/app/settings/shared/labels';
import {
  gitCloneFiles, escapeRegExp, extensionRequests, readFromDouble, useVscodeSession, waitFor, waitForExtensionRequest, type RunningDouble,
  type VscodeSession,
} from './harness';
import { SettingsEditor } from './harness/settings-editor';
import { STATUS_ITEM, waitForStatus } from './harness/status-bar';

const PROJECT = 'acme/platform/billing';
/** The project and its group as GitLab names them, and so as every list of scopes names them. */
const PROJECT_NAME = 'Acme / Platform / Billing';
const GROUP_NAME = 'Acme / Platform';
const PROJECT_SETTINGS = `/projects/${encodeURIComponent(PROJECT)}/notification_settings`;
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
  await session.workbench.answerFileDialog(title, path.join(session.folder, name));
}

describe('snooze and notification profiles', function () {
  this.timeout(120_000);
  const session = useVscodeSession({
    name: 'snooze',
    env: { GITLAB_ACTIVITY_TOKEN: DEFAULT_TOKEN, [TEST_CLOCK_ENV_VAR]: CLOCK_FILE, TZ: 'UTC' },
    // A clone of a project of the double: the status bar shows that project.
    files: (double) => gitCloneFiles(double!.url, PROJECT),
  });

  it('snoozes a project with custom switches for an hour, shows "Muted until …", and gives the switches back after the end', async function () {
    const { workbench, double } = session();
    await waitForStatus(session(), 'the project\'s level', (text) => text.length > 0 && !text.endsWith('?'));
    const before = await putToDouble(double!, PROJECT_SETTINGS, { level: 'custom', new_note: 'false', new_issue: 'true', failed_pipeline: 'false' });
    assert.equal(before.level, 'custom');

    await workbench.runCommand('GitLab: Snooze Notifications…');
    await workbench.waitForQuickInput('Snooze Notifications');
    // The settings editor's list, named as it names them (GitLab's name, the path beside it), the user's groups too.
    await workbench.waitForQuickPickItem(PROJECT_NAME, { exact: true });
    const scopes = (await workbench.quickPickEntries()).map((entry) => `${entry.label} | ${entry.description}`);
    for (const shown of ['Global | Your default for every group and project', `${GROUP_NAME} | acme/platform`, `${PROJECT_NAME} | ${PROJECT}`]) {
      assert.ok(scopes.includes(shown), `no "${shown}" in ${JSON.stringify(scopes)}`);
    }
    await workbench.screenshot('snooze-scopes');
    await workbench.pickQuickItem(new RegExp(`^${escapeRegExp(PROJECT_NAME)}$`));
    await workbench.waitForQuickInput(`Snooze ${PROJECT_NAME}`);
    assert.deepEqual((await workbench.quickPickEntries()).map((entry) => entry.label), ['For 1 Hour', 'Until Tomorrow 09:00', 'Until a Date…']);
    const since = Date.now();
    await workbench.pickQuickItem(/^For 1 Hour$/);

    const mute = await waitForExtensionRequest(double!, (r) => r.at >= since && r.method === 'PUT');
    assert.deepEqual([mute.path, mute.query], [`/api/v4/projects/${PROJECT}/notification_settings`, { level: 'disabled' }]);
    const muted = await waitForStatus(session(), '"Muted until HH:MM"', (text) => /^Muted until \d\d:\d\d$/.test(text));
    assert.match(muted.ariaLabel, /^Snoozed: muted until \d\d:\d\d\./);
    assert.deepEqual(await workbench.statusBarIcons(STATUS_ITEM), ['bell-slash']);
    await workbench.waitForNotification(new RegExp(`Notifications for ${escapeRegExp(PROJECT_NAME)} are muted until \\d\\d:\\d\\d\\.`));
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
    await workbench.waitForNotification(`Snooze ended: notifications for ${PROJECT_NAME} are back to Custom.`);
  });

  it('keeps a snooze across "Reload Window"; the reloaded window ends it', async function () {
    const { workbench, double } = session();
    const before = (await readFromDouble<Setting>(double!, PROJECT_SETTINGS)).body;
    await workbench.runCommand('GitLab: Snooze Notifications…');
    await workbench.waitForQuickInput('Snooze Notifications');
    await workbench.pickQuickItem(new RegExp(`^${escapeRegExp(PROJECT_NAME)}$`));
    await workbench.waitForQuickInput(`Snooze ${PROJECT_NAME}`);
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
    await workbench.pickQuickItem(/^Global$/);
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
    // The settings editor's list, groups included.
    await workbench.waitForQuickPickItem(PROJECT_NAME, { exact: true });
    assert.ok((await workbench.quickPickEntries()).some((entry) => entry.label === GROUP_NAME && entry.description === 'acme/platform'));
    await workbench.answerQuickInput('', { expect: 'Export Notification Profile' }); // every scope is checked
    // code-server's save dialog, at the default file in the home folder (a profile is personal: not in the repository).
    const suggested = await dialogPath(session(), 'Save Notification Profile', /\/gitlab-notifications\.json$/);
    assert.equal(suggested, path.join(os.homedir(), 'gitlab-notifications.json'));
    // Saved in the workspace folder all the same, so the import below finds it where the open dialog starts.
    await workbench.answerFileDialog('Save Notification Profile', file);
    await workbench.waitForNotification(/Exported the notification profile of \d+ scopes to /);
    const exported = JSON.parse(readFileSync(file, 'utf8')) as { format: string; version: number; scopes: Array<Record<string, unknown>> };
    assert.equal(exported.format, 'gitlab-activity/notification-profile');
    assert.equal(exported.version, 1);
    assert.deepEqual(exported.scopes.find((scope) => scope.path === PROJECT), { scope: 'project', path: PROJECT, level: 'custom', events: projectBefore.events });
    assert.deepEqual(exported.scopes.find((scope) => scope.scope === 'global'), { scope: 'global', level: globalBefore });
    assert.deepEqual(exported.scopes.find((scope) => scope.path === 'acme/platform')?.scope, 'group', 'the user\'s groups are exported too');

    // Changed on GitLab afterwards.
    await putToDouble(double!, PROJECT_SETTINGS, { level: 'watch', new_note: 'true' });
    await putToDouble(double!, '/notification_settings', { level: 'mention' });

    await workbench.runCommand('GitLab: Import Notification Profile…');
    await openInDialog(session(), 'gitlab-notifications.json');
    await workbench.waitForQuickInput('Import Notification Profile: apply these changes?');
    const entries = await workbench.quickPickEntries();
    // Named as the settings editor names them, in its words.
    const project = entries.find((entry) => entry.label === PROJECT_NAME);
    assert.ok(project, JSON.stringify(entries));
    assert.match(project.description, new RegExp(`^${escapeRegExp(PROJECT)} · \\d+ changes$`));
    assert.ok(project.detail.startsWith('Level: Watch → Custom; '), project.detail);
    assert.ok(project.detail.includes('Comment is added: (not shown) → off'), project.detail);
    const globalRow = entries.find((entry) => entry.label === 'Global');
    assert.deepEqual([globalRow?.description, globalRow?.detail],
      ['Your default for every group and project · 1 change', `Level: On mention → ${levelLabel(globalBefore, formatMessage)}`]);
    await workbench.screenshot('profile-import-preview');
    const since = Date.now();
    await workbench.answerQuickInput('', { expect: 'Import Notification Profile: apply these changes?' });
    const report = await workbench.waitForNotification(/Notification profile imported\./);
    const text = await report.innerText();
    assert.match(text, new RegExp(`${escapeRegExp(PROJECT_NAME)}: applied`));
    assert.match(text, /global settings: applied/);
    assert.deepEqual((await readFromDouble<Setting>(double!, PROJECT_SETTINGS)).body, projectBefore);
    assert.equal((await readFromDouble<Setting>(double!, '/notification_settings')).body.level, globalBefore);
    assert.ok(extensionRequests(double!, (r) => r.at >= since && r.method === 'PUT').length >= 2);
  });

  it('refuses an invalid profile with the scope, the key and the reason, and changes nothing', async function () {
    const { workbench, double } = session();
    const file = path.join(session().folder, 'invalid.json');
    writeFileSync(file, JSON.stringify({
      format: 'gitlab-activity/notification-profile', version: 1,
      scopes: [{ scope: 'global', level: 'watch' }, { scope: 'project', path: PROJECT, level: 'loud' }],
    }));
    const since = Date.now();
    await workbench.runCommand('GitLab: Import Notification Profile…');
    await openInDialog(session(), 'invalid.json');
    await workbench.waitForNotification(
      /The profile was not imported; nothing was changed\. project acme\/platform\/billing \(scopes\[1\]\) level: "loud" is not a notification level/);
    assert.deepEqual(extensionRequests(double!, (r) => r.at >= since && r.method === 'PUT'), []);
  });

  it('the settings editor shows a snoozed project as the status bar does, "Snoozed until … (was …)", and ends it with End Snooze', async function () {
    const { workbench, double } = session();
    const page = new SettingsEditor(workbench);
    await page.openFromPalette();
    // The editor lists the workspace's project by path or by ID, as its list knows it.
    const frame = await page.frameWith('[data-scope-select^="project:"]');
    const rows = await frame.locator('[data-scope-select^="project:"]').evaluateAll((buttons) =>
      buttons.map((button) => ({ key: button.getAttribute('data-scope-select') ?? '', title: button.getAttribute('title') ?? '' })));
    const key = rows.find((row) => row.key === `project:${PROJECT}` || row.title === PROJECT)?.key;
    assert.ok(key, `the editor lists no project ${PROJECT}: ${JSON.stringify(rows)}`);
    await page.selectScope(key, { dirty: false });
    await page.setLevel('mention');
    await page.click('#save-button');
    await page.waitForForm(key, { level: 'mention', dirty: false });
    assert.equal(await page.text('#form-status'), 'Saved.');
    await waitForStatus(session(), 'On mention', (text) => text === 'On mention');

    // Snoozed from the palette while the editor shows the project.
    await workbench.runCommand('GitLab: Snooze Notifications…');
    await workbench.waitForQuickInput('Snooze Notifications');
    await workbench.pickQuickItem(new RegExp(`^${escapeRegExp(PROJECT_NAME)}$`));
    await workbench.waitForQuickInput(`Snooze ${PROJECT_NAME}`);
    await workbench.pickQuickItem(/^For 1 Hour$/);
    const muted = await waitForStatus(session(), '"Muted until HH:MM"', (text) => /^Muted until \d\d:\d\d$/.test(text));
    const until = muted.text.slice('Muted until '.length);

    await page.tab.click();
    await page.waitForForm(key, { level: 'disabled', dirty: false });
    await page.frameWith('#snooze-note');
    assert.equal(await page.text('#snooze-text'), `Snoozed until ${until} (was On mention)`);
    assert.equal(await page.text('#end-snooze'), 'End Snooze');
    // The "Saved." of the level saved before the snooze is gone: it was said of another setting.
    let status = '';
    await waitFor('the form to read "Up to date"', async () => (status = await page.text('#form-status')) === 'Up to date')
      .catch((error: Error) => { throw new Error(`${error.message}; it reads ${JSON.stringify(status)}`); });
    await workbench.screenshot('settings-editor-snoozed');

    const ending = Date.now();
    await page.click('#end-snooze');
    const restore = await waitForExtensionRequest(double!, (r) => r.at >= ending && r.method === 'PUT', 30_000);
    assert.equal(restore.query.level, 'mention');
    await page.waitForForm(key, { level: 'mention', dirty: false });
    await waitFor('the snooze note to go', async () => (await (await page.frame()).locator('#snooze-note').count()) === 0);
    await waitForStatus(session(), 'On mention again', (text) => text === 'On mention');
    await workbench.waitForNotification(`Snooze ended: notifications for ${PROJECT_NAME} are back to On mention.`);
    await workbench.runCommand('View: Close Editor');
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
