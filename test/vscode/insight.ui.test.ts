import assert from 'node:assert/strict';
import { levelLabel } from '../../src/app/settings/shared/labels';
import { formatMessage } from '../../src/app/localize';
import type { NotificationLevel } from '../../src/gitlab/types';
import { extensionRequests, gitCloneFiles, readFromDouble, useVscodeSession, waitFor, type QuickPickEntry, type VscodeSession } from './harness';
import { changeSettingElsewhere, settingsApiPath } from './harness/double-control';
import { SettingsEditor } from './harness/settings-editor';

const TOKEN = 'glpat-test-token';
const PROJECT = 'acme/platform/billing';
/** As GitLab names them, and so as the settings editor's list and every quick pick of scopes name them. */
const PROJECT_NAME = 'Acme / Platform / Billing';
const STATUS_ITEM = 'gitlab-activity.gitlab-activity.gitlabActivity.notificationLevel';
const WHY = 'GitLab: Why Am I Notified About This Project?';
const OVERVIEW = 'GitLab: Show Notification Overrides';
const OVERVIEW_TITLE = 'GitLab Notification Overrides';
const label = (level: NotificationLevel) => levelLabel(level, formatMessage);

/** A row's level, and apart from it the count of explicit subscriptions the row's description ends with, if any. */
type OverviewEntry = QuickPickEntry & { counts?: string };
const COUNTS = / · (subscribed: .*)$/;
const withoutCounts = (entry: QuickPickEntry): OverviewEntry => {
  const counts = COUNTS.exec(entry.description)?.[1];
  return counts ? { ...entry, description: entry.description.replace(COUNTS, ''), counts } : entry;
};

/**
 * The overview's entries once every level and count is read (no "reading…" left, the title without progress), each
 * row's description its level (its counts in `counts`).
 */
async function overviewRows(session: VscodeSession, until: (entries: OverviewEntry[]) => boolean = () => true): Promise<OverviewEntry[]> {
  let last: OverviewEntry[] = [];
  let before = '';
  return waitFor('the overview to have read every level', async () => {
    const { title } = await session.workbench.quickInputText();
    last = (await session.workbench.quickPickEntries()).map(withoutCounts);
    // The same rows twice in a row: a read while the list redraws after a keystroke can hold a recycled row twice.
    const same = JSON.stringify(last) === before;
    before = JSON.stringify(last);
    const settled = title === OVERVIEW_TITLE && !last.some((entry) => entry.description === 'reading…');
    return settled && until(last) && same && last;
  }, { timeoutMs: 30_000 }).catch((error: Error) => {
    throw new Error(`${error.message}; entries: ${JSON.stringify(last)}`);
  });
}

/** A row of the overview by the path it shows (the detail line, or the label when name and path are alike). */
// Rows always have a description (their level); the detail of an action item may be a recycled row's stale text.
const rowOf = (entries: OverviewEntry[], path: string) =>
  entries.find((entry) => entry.description !== '' && (entry.detail === path || entry.label === path));

async function waitForStatus(session: VscodeSession, text: string) {
  return waitFor(`the status bar to show "${text}"`, async () => {
    const found = (await session.workbench.statusBarItems()).find((candidate) => candidate.id === STATUS_ITEM);
    return found?.text === text && found;
  });
}

/** The editor's "why" list under the level, once it reads `expected`. */
async function waitForChain(page: SettingsEditor, expected: string[]): Promise<void> {
  let last: string[] = [];
  await waitFor(`the editor's chain to read ${JSON.stringify(expected)}`, async () => {
    const frame = await page.frameWith('#level-chain li');
    last = await frame.locator('#level-chain li').allInnerTexts();
    return JSON.stringify(last.map((line) => line.trim())) === JSON.stringify(expected);
  }).catch((error: Error) => {
    throw new Error(`${error.message}; it reads ${JSON.stringify(last)}`);
  });
}

/** The editor's "why" sentence above the chain, once it reads `expected`. */
async function waitForWhy(page: SettingsEditor, expected: string): Promise<void> {
  let last = '';
  await waitFor(`the editor's why to read ${JSON.stringify(expected)}`, async () => {
    const frame = await page.frameWith('#level-why');
    last = (await frame.locator('#level-why').innerText()).trim();
    return last === expected;
  }).catch((error: Error) => {
    throw new Error(`${error.message}; it reads ${JSON.stringify(last)}`);
  });
}

async function typeIntoQuickInput(session: VscodeSession, text: string): Promise<void> {
  await session.page.locator('.quick-input-widget .quick-input-box input').fill(text);
}

describe('insight: why am I notified, and the overrides overview', function () {
  this.timeout(120_000);
  const session = useVscodeSession({
    name: 'insight',
    env: { GITLAB_ACTIVITY_TOKEN: TOKEN },
    // A clone of a project of the double: its remote points at the instance, so it is the workspace's project.
    files: (double) => gitCloneFiles(double!.url, PROJECT),
  });

  it('"Why Am I Notified About This Project?" lists the chain for the workspace\'s project, and opens the settings where it is decided', async function () {
    const s = session();
    const { workbench, double } = s;
    await workbench.waitForStatusBarItem(new RegExp(`project ${PROJECT}`));
    // Set on GitLab's website meanwhile: the nearest group with a level of its own decides; its parent is above it.
    await changeSettingElsewhere(double!, { scope: 'group', id: 'acme/platform', level: 'watch' });
    await changeSettingElsewhere(double!, { scope: 'group', id: 'acme', level: 'mention' });

    await workbench.runCommand(WHY);
    // Each link named as the settings editor's list names it: GitLab's names, the path beside them.
    await workbench.waitForQuickInput(`Why am I notified about ${PROJECT_NAME}?`);
    const entries = await workbench.quickPickEntries();
    assert.deepEqual(entries.map((entry) => [entry.label, entry.description]), [
      [PROJECT_NAME, `${label('global')}: passes the question up`],
      ['Acme / Platform', `${label('watch')}: decides`],
      ['Acme', `${label('mention')}: not consulted (a nearer link decides)`],
      ['Global', `${label('participating')}: not consulted (a nearer link decides)`],
      ['Open Settings at Acme / Platform', ''],
    ]);
    assert.deepEqual(entries.slice(0, 3).map((entry) => entry.detail), [PROJECT, 'acme/platform', 'acme']);
    assert.equal((await workbench.quickInputText()).placeholder, `Level in force: ${label('watch')} (platform), set by Acme / Platform.`);
    await workbench.screenshot('insight-why-notified');

    await workbench.pickQuickItem(/^Open Settings at Acme \/ Platform$/);
    const page = new SettingsEditor(workbench);
    const platform = double!.data.groups.find((group) => group.fullPath === 'acme/platform')!;
    // The editor opens at the deciding group, as its own list names it (by ID), with the level it has on GitLab.
    await page.waitForForm(`group:${platform.id}`, { level: 'watch', dirty: false }, 30_000);
    // The editor lists the same chain under the level: the group, its parent, global.
    await waitForChain(page, ['group acme/platform: Watch (decides)', 'group acme: On mention', 'global settings: Participate']);
    // Above it, in a sentence: who sets the level, and who follows.
    await waitForWhy(page, 'Why Watch: the group sets it itself.');
    await workbench.screenshot('insight-editor-chain');
    // And for the project, its own link first; the chain follows the select, saying what a save would do.
    const projectKey = await page.projectKey(PROJECT);
    await page.selectScope(projectKey, { level: 'global', dirty: false });
    const projectChain = [`project ${PROJECT}: Global`, 'group acme/platform: Watch (decides)', 'group acme: On mention', 'global settings: Participate'];
    await waitForChain(page, projectChain);
    await waitForWhy(page, 'Why Watch: acme/platform sets it; the project follows its group.');
    await page.setLevel('disabled');
    await waitForChain(page, [`project ${PROJECT}: Disabled (decides)`, ...projectChain.slice(1).map((line) => line.replace(' (decides)', ''))]);
    await waitForWhy(page, 'Why Disabled: the project sets it itself.');
    await page.click('#revert-button');
    await waitForChain(page, projectChain);
    // Having read the group, the status bar follows it too: the project inherits Watch from it.
    await waitForStatus(s, `${label('watch')} (platform)`);
    await workbench.runCommand('View: Close Editor');
  });

  it('the overview lists every group and project with its level, filters to those with a level of their own, and searches by name', async function () {
    const s = session();
    const { workbench, double } = s;
    await workbench.runCommand(OVERVIEW);
    await workbench.waitForQuickInput(new RegExp(`^${OVERVIEW_TITLE}`));
    // The rows with a level of their own show their counts once read (only those are counted: the overview's bound).
    const all = await overviewRows(s, (entries) => /^subscribed: \d+ /.test(rowOf(entries, 'acme/platform')?.counts ?? ''));
    assert.equal(rowOf(all, 'acme/platform')?.description, `${label('watch')} · differs from global (${label('participating')})`);
    assert.equal(rowOf(all, 'acme')?.description, `${label('mention')} · differs from global (${label('participating')})`);
    assert.equal(rowOf(all, 'acme/website')?.description, label('global'));
    assert.equal(rowOf(all, PROJECT)?.description, label('global'));
    // Beside a level of its own, the explicit subscriptions there (the double's user has some in every readable project);
    // a scope that follows global is not counted here. First the ones GitLab counts instance-wide, with what it cannot
    // count there.
    assert.match(rowOf(all, 'acme/platform')?.counts ?? '', /^subscribed: \d+ (issues?|merge requests?|epics?)/);
    assert.equal(rowOf(all, 'acme/website')?.counts ?? '', '');
    assert.ok(all.some((entry) => /^You are also subscribed to \d+ issues?: they e-mail you whatever the level\.$/.test(entry.label)
      && /counted beside the groups and projects with a level of their own/.test(entry.detail ?? '')), JSON.stringify(all.slice(0, 8)));
    assert.ok(extensionRequests(double!, (r) => r.path === '/api/graphql').length > 0, 'counted through GraphQL');
    // Listed from GitLab, every page, and each level read.
    assert.ok(extensionRequests(double!, (r) => r.path === '/api/v4/groups' && r.status === 200).length > 0);
    assert.ok(extensionRequests(double!, (r) => r.path === '/api/v4/projects' && r.query.membership === 'true').length > 0);
    assert.ok(extensionRequests(double!, (r) => r.path === settingsApiPath('project', 1)).length > 0, 'acme/website read by its ID');

    await workbench.pickQuickItem(/^Show Only Those With a Level of Their Own$/);
    const differing = await overviewRows(s, (entries) => rowOf(entries, 'acme/website') === undefined);
    assert.deepEqual(differing.filter((entry) => entry.description.includes('differs')).map((entry) => entry.detail || entry.label).sort(),
      ['acme', 'acme/platform']);
    await workbench.screenshot('insight-overrides-differing');

    await typeIntoQuickInput(s, 'platf');
    const searched = await overviewRows(s, (entries) => rowOf(entries, 'acme') === undefined);
    assert.deepEqual(searched.filter((entry) => entry.description.includes('differs')).map((entry) => entry.detail || entry.label), ['acme/platform']);
    await typeIntoQuickInput(s, '');
    await overviewRows(s, (entries) => rowOf(entries, 'acme') !== undefined);
    await s.page.keyboard.press('Escape');
  });

  it('"Reset to Global…" sends a PUT for each chosen scope; the rows, the status bar and GitLab all show Global', async function () {
    const s = session();
    const { workbench, double } = s;
    await waitForStatus(s, `${label('watch')} (platform)`);
    const since = Date.now();
    await workbench.runCommand(OVERVIEW);
    await overviewRows(s, (entries) => rowOf(entries, 'acme/platform') !== undefined);
    await workbench.pickQuickItem(/^Reset to Global…$/);
    await workbench.waitForQuickInput('Reset to Global');
    const chosen = (await workbench.quickPickEntries()).map(withoutCounts);
    assert.deepEqual(chosen.map((entry) => entry.detail || entry.label).sort(), ['acme', 'acme/platform']);
    // None is checked to start with: each scope to reset is chosen.
    const rows = s.page.locator('.quick-input-widget .quick-input-list .monaco-list-row');
    const checks = () => rows.evaluateAll((elements) => elements.map((row) => row.getAttribute('aria-checked')));
    assert.deepEqual(await checks(), ['false', 'false']);
    for (let index = 0; index < 2; index++) await rows.nth(index).click();
    await waitFor('both scopes to be checked', async () => (await checks()).every((checked) => checked === 'true'));
    await workbench.screenshot('insight-overrides-reset');
    await s.page.keyboard.press('Enter');

    await workbench.waitForNotification('Reset 2 to Global.');
    const puts = extensionRequests(double!, (r) => r.at >= since && r.method === 'PUT');
    assert.deepEqual(puts.map((r) => [r.path, r.query.level, r.status]).sort(), [
      [settingsApiPath('group', 1), 'global', 200], [settingsApiPath('group', 2), 'global', 200],
    ]);
    for (const id of [1, 2]) assert.equal((await readFromDouble<{ level: string }>(double!, `/groups/${id}/notification_settings`)).body.level, 'global');

    // The overview is back: filtered, no level of their own is left; shown all, the groups read Global.
    await workbench.waitForQuickInput(new RegExp(`^${OVERVIEW_TITLE}`));
    await workbench.pickQuickItem(/^Show Only Those With a Level of Their Own$/);
    await overviewRows(s, (entries) => entries.some((entry) => entry.label === 'No group or project has a level of its own.'));
    await workbench.pickQuickItem(/^Show All Groups and Projects$/);
    const after = await overviewRows(s, (entries) => rowOf(entries, 'acme/platform') !== undefined);
    assert.equal(rowOf(after, 'acme/platform')?.description, label('global'));
    assert.equal(rowOf(after, 'acme')?.description, label('global'));
    await s.page.keyboard.press('Escape');

    // The reset went through the owner of the settings: the status bar follows, the chain complete in its tooltip.
    const item = await waitForStatus(s, `${label('participating')} (global)`);
    for (const line of [`project ${PROJECT}: Global`, 'group acme/platform: Global', 'group acme: Global', 'global settings: Participate (decides)']) {
      assert.ok(item.ariaLabel.includes(line), `the tooltip lists "${line}": ${item.ariaLabel}`);
    }
  });

  it('keeps what it read until Refresh', async function () {
    const s = session();
    const { workbench, double } = s;
    const since = Date.now();
    const overviewReads = () => extensionRequests(double!, (r) => r.at >= since
      && (r.path === '/api/v4/groups' || r.path === '/api/v4/projects' || /^\/api\/v4\/(groups|projects)\/[^/]+\/notification_settings$/.test(r.path)));
    await workbench.runCommand(OVERVIEW);
    await overviewRows(s, (entries) => rowOf(entries, 'acme/platform') !== undefined);
    assert.deepEqual(overviewReads().map((r) => r.path), [], 'opened again from what it read');
    await workbench.pickQuickItem(/^Refresh$/);
    await waitFor('the overview to list and read again', async () =>
      overviewReads().some((r) => r.path === '/api/v4/groups') && overviewReads().some((r) => r.path.endsWith('/notification_settings')));
    await overviewRows(s, (entries) => rowOf(entries, 'acme/platform') !== undefined);
    await s.page.keyboard.press('Escape');
  });

  it('a level of its own equal to global reads "same as global", never "differs", and can still be reset to Global', async function () {
    const s = session();
    const { workbench, double } = s;
    const global = (await readFromDouble<{ level: NotificationLevel }>(double!, '/notification_settings')).body.level;
    await changeSettingElsewhere(double!, { scope: 'project', id: 'acme/website', level: global });
    await workbench.runCommand(OVERVIEW);
    await overviewRows(s, (entries) => rowOf(entries, 'acme/platform') !== undefined);
    await workbench.pickQuickItem(/^Refresh$/);
    const all = await overviewRows(s, (entries) => (rowOf(entries, 'acme/website')?.description ?? label('global')) !== label('global'));
    assert.equal(rowOf(all, 'acme/website')?.description, `${label(global)} · set on this project (same as global)`);
    assert.deepEqual(all.filter((entry) => entry.description.includes('differs')), []);
    // Still an override: it no longer follows global, so it is listed as one and can be reset.
    await workbench.pickQuickItem(/^Show Only Those With a Level of Their Own$/);
    const own = await overviewRows(s, (entries) => rowOf(entries, PROJECT) === undefined && rowOf(entries, 'acme/website') !== undefined);
    assert.deepEqual(own.filter((entry) => entry.description.includes('same as global')).map((entry) => entry.detail || entry.label), ['acme/website']);
    await workbench.screenshot('insight-overrides-same-as-global');

    const since = Date.now();
    await workbench.pickQuickItem(/^Reset to Global…$/);
    await workbench.waitForQuickInput('Reset to Global');
    const chosen = (await workbench.quickPickEntries()).map(withoutCounts);
    assert.deepEqual(chosen.map((entry) => [entry.detail || entry.label, entry.description]),
      [['acme/website', `${label(global)} · set on this project (same as global)`]]);
    // Nothing is checked to start with: the scope is chosen.
    const row = s.page.locator('.quick-input-widget .quick-input-list .monaco-list-row').first();
    await row.click();
    await waitFor('the scope to be checked', async () => (await row.getAttribute('aria-checked')) === 'true');
    await s.page.keyboard.press('Enter');
    await workbench.waitForNotification('Reset 1 to Global.');
    assert.deepEqual(extensionRequests(double!, (r) => r.at >= since && r.method === 'PUT').map((r) => [r.path, r.query.level, r.status]),
      [[settingsApiPath('project', 1), 'global', 200]]);
    assert.equal((await readFromDouble<{ level: string }>(double!, '/projects/1/notification_settings')).body.level, 'global');
    await workbench.waitForQuickInput(new RegExp(`^${OVERVIEW_TITLE}`));
    await s.page.keyboard.press('Escape');
  });
});

describe('insight: the overview on a server of the interface spec only', function () {
  this.timeout(120_000);
  const session = useVscodeSession({
    name: 'insight-spec-only',
    double: { specOnly: true },
    env: { GITLAB_ACTIVITY_TOKEN: TOKEN },
    settings: { 'gitlabActivity.projects': ['acme/website'] },
  });

  it('says the server does not list groups or projects, shows the known ones and adds more by ID or path', async function () {
    const s = session();
    const { workbench, double } = s;
    await workbench.waitForStatusBarItem(/global settings/);
    await changeSettingElsewhere(double!, { scope: 'project', id: 'acme/website', level: 'watch' });
    await workbench.runCommand(OVERVIEW);
    const entries = await overviewRows(s, (found) => rowOf(found, 'acme/website') !== undefined);
    assert.ok(entries.some((entry) => entry.label === 'This server does not list your groups or projects: add them by ID or path.'),
      JSON.stringify(entries));
    assert.match(rowOf(entries, 'acme/website')!.description, new RegExp(`^${label('watch')} · differs from global`));
    assert.ok(extensionRequests(double!, (r) => r.path === '/api/v4/groups' && r.status === 404).length > 0);
    await workbench.screenshot('insight-overrides-spec-only');

    await workbench.pickQuickItem(/^Add a Group or Project by ID or Path…$/);
    // The overview's own rows may read "Group" too: pick from the kind question once it is shown.
    await workbench.waitForQuickInput('Add a Group or Project by ID or Path');
    await workbench.pickQuickItem(/^Group$/);
    await workbench.answerQuickInput('acme', { expect: 'Group ID, full path or URL' });
    const added = await overviewRows(s, (found) => rowOf(found, 'acme') !== undefined);
    assert.equal(rowOf(added, 'acme')?.description, label('global'));
    assert.ok(extensionRequests(double!, (r) => r.path === settingsApiPath('group', 'acme') && r.status === 200).length > 0);
    await s.page.keyboard.press('Escape');
  });

  it('"Why Am I Notified…" without a workspace project offers the known ones, or an ID or path typed in', async function () {
    const { workbench } = session();
    await workbench.runCommand(WHY);
    await workbench.waitForQuickInput('This workspace has no GitLab project: choose one');
    const offered = (await workbench.quickPickEntries()).map((entry) => entry.label);
    // This server names no project or group: they go by their paths.
    assert.ok(offered.includes('acme/website'), JSON.stringify(offered));
    assert.ok(offered.includes('Global'));
    await workbench.pickQuickItem(/^Enter a Group ID or Path…$/);
    await workbench.answerQuickInput('acme', { expect: 'Group ID, full path or URL' });
    await workbench.waitForQuickInput('Why am I notified about acme?');
    assert.deepEqual((await workbench.quickPickEntries()).map((entry) => [entry.label, entry.description]), [
      ['acme', `${label('global')}: passes the question up`],
      ['Global', `${label('participating')}: decides`],
      ['Open Settings at global settings', ''],
    ]);
    await session().page.keyboard.press('Escape');
  });
});
