import assert from 'node:assert/strict';
import type { Frame } from 'playwright-core';
import { SPEC_EMAIL_EVENTS } from '../../src/gitlab/types';
import { useVscodeSession, waitFor, type RunningDouble } from './harness';
import { pickContextMenuItem } from './harness/context-menu';
import { changeSettingElsewhere, settingsApiPath, settingsPuts } from './harness/double-control';
import { SettingsEditor } from './harness/settings-editor';
import { expandOnlyRoot, treeRowsLabelled } from './harness/tree-rows';

const TOKEN = 'glpat-test-token';
/** Projects of the generated world (test/double/README.md) that user 1 may change settings of. */
const WEBSITE = 'acme/website';
const BILLING = 'acme/platform/billing';
const HANDBOOK = 'community/handbook';
/** The workspace is a clone of this project: its git remote makes it the status bar's scope. */
const STATUS_BAR_PROJECT = 'alex/dotfiles';

const projectKey = (path: string) => `project:${path}`;

function groupId(double: RunningDouble, fullPath: string): number {
  const group = double.data.groups.find((candidate) => candidate.fullPath === fullPath);
  assert.ok(group, `the double has no group ${fullPath}`);
  return group.id;
}

type ScopeKind = 'global' | 'group' | 'project';
type StoredSetting = { level: string; events?: Record<string, boolean | null> };

/** A setting as GitLab reports it now, read through the REST API like any client. */
async function readSetting(double: RunningDouble, scope: ScopeKind, id?: string | number): Promise<StoredSetting> {
  const response = await fetch(`${double.url}${settingsApiPath(scope, id)}`, { headers: { 'PRIVATE-TOKEN': TOKEN } });
  assert.equal(response.status, 200, `GET ${settingsApiPath(scope, id)}`);
  return (await response.json()) as StoredSetting;
}

/** WCAG's contrast ratio of two CSS `rgb()`/`rgba()` colours. */
function contrast(a: string, b: string): number {
  const luminance = (color: string): number => {
    const [r, g, b] = (color.match(/[\d.]+/g) ?? []).slice(0, 3).map((value) => {
      const c = Number(value) / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

describe('notification settings editor', function () {
  this.timeout(120_000);
  const session = useVscodeSession({
    name: 'settings-editor',
    env: { GITLAB_ACTIVITY_TOKEN: TOKEN },
    settings: { 'gitlabActivity.projects': [WEBSITE, BILLING, HANDBOOK] },
    files: (double) => ({
      '.git/config': [
        '[core]', '\trepositoryformatversion = 0', '[remote "origin"]',
        `\turl = ${double?.url}/${STATUS_BAR_PROJECT}.git`, '\tfetch = +refs/heads/*:refs/remotes/origin/*', '',
      ].join('\n'),
      'notes.md': '# Notes\n\nAnother editor to switch to.\n',
    }),
  });
  const editor = () => new SettingsEditor(session().workbench);

  // The world has the projects these tests name, and the extension is signed in (its status bar item shows).
  before(async function () {
    const paths = session().double!.data.projects.map((project) => project.pathWithNamespace);
    for (const path of [WEBSITE, BILLING, HANDBOOK, STATUS_BAR_PROJECT]) {
      assert.ok(paths.includes(path), `the double has no project ${path}`);
    }
    await session().workbench.waitForStatusBarItem(/GitLab notifications for /, 60_000);
  });

  it('opens on Global and loads each scope’s own level as the selection moves to a group and a project', async function () {
    const { double, workbench } = session();
    const acme = groupId(double!, 'acme');
    await changeSettingElsewhere(double!, { scope: 'global', level: 'watch' });
    await changeSettingElsewhere(double!, { scope: 'group', id: acme, level: 'mention' });
    await changeSettingElsewhere(double!, { scope: 'project', id: WEBSITE, level: 'disabled' });

    const page = editor();
    await page.openFromPalette();
    await page.tab.waitFor({ state: 'visible' });
    await page.waitForForm('global', { level: 'watch', dirty: false });
    assert.equal(await page.text('#scope-title'), 'Global');
    assert.equal(await page.text('#level-explanation'), 'Receive notifications for any activity.');
    await workbench.screenshot('settings-editor-global');

    await page.selectScope(`group:${acme}`, { level: 'mention', dirty: false });
    assert.equal(await page.text('#scope-title'), 'Acme');
    assert.equal(await page.text('#level-explanation'), 'Receive notifications only when you are @mentioned in a comment.');
    await workbench.screenshot('settings-editor-group');

    await page.selectScope(projectKey(WEBSITE), { level: 'disabled', dirty: false });
    assert.equal(await page.text('#level-explanation'), 'Receive no notifications.');
    // The e-mail belongs to the global setting only.
    assert.equal(await (await page.frame()).locator('#notification-email').count(), 0);
    await workbench.screenshot('settings-editor-project');

    const reads = double!.requests.filter((request) => request.method === 'GET' && request.path.endsWith('/notification_settings'));
    for (const path of [settingsApiPath('global'), settingsApiPath('group', acme), settingsApiPath('project', WEBSITE)]) {
      assert.ok(reads.some((request) => request.rawPath === path && request.status === 200), `no GET ${path}`);
    }
  });

  it('says what GitLab does with a custom switch never set: default (on) for failed_pipeline, default (off) for new_note', async function () {
    const { double, workbench } = session();
    await changeSettingElsewhere(double!, {
      scope: 'project', id: WEBSITE, level: 'custom',
      events: { failed_pipeline: null, fixed_pipeline: null, new_note: null, new_issue: true, success_pipeline: false },
    });
    const stored = await readSetting(double!, 'project', WEBSITE);
    assert.equal(stored.events?.failed_pipeline, null, 'GitLab returns the never-set switch as null');
    assert.equal(stored.events?.new_note, null);

    const page = editor();
    await page.openFromPalette();
    await page.selectScope(projectKey(WEBSITE), { level: 'custom', dirty: false });
    await page.frameWith('[data-event-key="failed_pipeline"][data-event-state="default"]');
    assert.equal(await page.text('#event-state-failed_pipeline'), 'default (on)');
    assert.equal(await page.text('#event-state-fixed_pipeline'), 'default (on)');
    assert.equal(await page.text('#event-state-new_note'), 'default (off)');
    assert.equal(await page.text('#event-state-new_issue'), 'on');
    assert.equal(await page.text('#event-state-success_pipeline'), 'off');
    await workbench.screenshot('settings-editor-null-switches');
    await changeSettingElsewhere(double!, { scope: 'project', id: WEBSITE, level: 'disabled' });
  });

  it('opens on a project from its row’s context menu in the Activity view', async function () {
    const { workbench, page } = session();
    await workbench.openViewContainer('GitLab Activity');
    await expandOnlyRoot(workbench, 'Projects');
    // The row is named once the project is fetched; wait for that so the click does not land on a replaced row.
    const row = treeRowsLabelled(page, 'Acme / Platform / Billing').first();
    await row.waitFor({ state: 'visible', timeout: 20_000 });
    await pickContextMenuItem(page, row, 'Notification Settings…');
    await editor().waitForForm(projectKey(BILLING), { dirty: false });
    assert.equal(await editor().text('#scope-title'), 'Acme / Platform / Billing');
    await workbench.screenshot('settings-editor-from-context-menu');
  });

  it('sets a project to Custom with two events in one save, sending only those changes', async function () {
    const { double, workbench } = session();
    const key = projectKey(BILLING);
    const page = editor();
    await page.openFromPalette();
    await page.selectScope(key, { level: 'global', dirty: false });
    const before = await readSetting(double!, 'project', BILLING);
    assert.equal(before.events, undefined, 'GitLab lists no events for a scope that is not custom');
    const since = double!.requests.length;

    // GitLab lists a scope's events only once its level is custom (behaviour note §2.4): meanwhile the form offers
    // the spec's 12, all at "default", so the events are chosen in the same save as the level.
    await page.setLevel('custom');
    await page.waitForForm(key, { level: 'custom', dirty: true });
    await page.frameWith('[data-event-key="new_note"]');
    const offered = await page.eventStates();
    assert.deepEqual(Object.keys(offered), [...SPEC_EMAIL_EVENTS]);
    assert.deepEqual(Object.values(offered).filter((state) => state !== 'default'), []);
    assert.match(await page.text('#events-note'), /GitLab may list more events/);

    await page.clickEvent('new_note', 'on');
    await page.clickEvent('close_issue', 'on');
    await page.waitForForm(key, { level: 'custom', dirty: true });
    await workbench.screenshot('settings-editor-custom-offered');
    await page.click('#save-button');
    await page.waitForForm(key, { level: 'custom', dirty: false });
    assert.equal(await page.text('#form-status'), 'Saved.');

    const puts = settingsPuts(double!, since);
    assert.deepEqual(
      puts.map(({ rawPath, query, body, status }) => ({ rawPath, query, body, status })),
      [{ rawPath: settingsApiPath('project', BILLING), query: { level: 'custom', new_note: 'true', close_issue: 'true' }, body: undefined, status: 200 }],
    );

    // The form now shows GitLab's own, fuller list for the scope, with its values (nulls as "default").
    const stored = await readSetting(double!, 'project', BILLING);
    assert.equal(stored.level, 'custom');
    const storedEvents = stored.events ?? {};
    assert.ok(Object.keys(storedEvents).length > SPEC_EMAIL_EVENTS.length, 'GitLab lists more keys than the spec');
    const saved = await page.eventStates();
    assert.deepEqual(saved, Object.fromEntries(Object.entries(storedEvents).map(([event, value]) =>
      [event, value === null ? 'default' : value ? 'on' : 'off'])));
    assert.equal(saved.new_note, 'on');
    assert.equal(saved.close_issue, 'on');
    assert.equal(await (await page.frame()).locator('#events-note').count(), 0, 'no note once GitLab listed the events');
    await workbench.screenshot('settings-editor-custom-saved');
  });

  it('shows GitLab’s refusal of an unverified e-mail at the field and keeps the edit', async function () {
    const { double, workbench } = session();
    const me = double!.data.users.find((user) => user.id === 1)!;
    const unverified = me.secondaryEmails.find((email) => !email.verified)?.email;
    assert.ok(unverified, 'user 1 has an unverified secondary e-mail');
    const page = editor();
    await page.openFromPalette();
    await page.selectScope('global', { dirty: false });
    const since = double!.requests.length;

    const frame = await page.frameWith('#notification-email');
    await frame.locator('#notification-email').fill(unverified.slice(1));
    await page.waitForForm('global', { dirty: true });
    // Typed on at its start, the field keeps its text and caret while the buttons follow each keystroke: both stay on
    // while there are edits.
    await frame.locator('#notification-email').press('Home');
    await frame.locator('#notification-email').press(unverified[0]);
    assert.equal(await page.value('#notification-email'), unverified);
    assert.deepEqual([await frame.locator('#save-button').isEnabled(), await frame.locator('#revert-button').isEnabled()], [true, true]);
    await page.click('#save-button');

    await page.frameWith('#notification-email-error:not([hidden])');
    await page.waitForForm('global', { state: 'error', dirty: true });
    assert.match(await page.text('#notification-email-error'), /must be an email you have verified/);
    assert.equal(await page.value('#notification-email'), unverified);
    const field = (await page.frame()).locator('#notification-email');
    assert.equal(await field.getAttribute('aria-invalid'), 'true');
    // Shown once, at the field: the general error box stays hidden.
    assert.equal(await (await page.frame()).locator('#form-error').isHidden(), true);
    await workbench.screenshot('settings-editor-unverified-email');

    const puts = settingsPuts(double!, since);
    assert.deepEqual(puts.map(({ rawPath, query, status }) => ({ rawPath, query, status })), [
      { rawPath: settingsApiPath('global'), query: { notification_email: unverified }, status: 400 },
    ]);
    assert.equal(me.notificationEmail, null, 'GitLab kept the primary address');

    await page.click('#revert-button');
    await page.waitForForm('global', { dirty: false });
  });

  it('detects a change made on GitLab between load and save; Take theirs and Keep mine do what they say', async function () {
    const { double, workbench } = session();
    const key = projectKey(WEBSITE);
    const page = editor();
    await page.openFromPalette();
    await page.selectScope(key, { dirty: false });

    // Take theirs: the edit goes, GitLab's value stays, nothing is written.
    await page.setLevel('watch');
    await changeSettingElsewhere(double!, { scope: 'project', id: WEBSITE, level: 'participating' });
    let since = double!.requests.length;
    await page.click('#save-button');
    let frame = await page.waitForForm(key, { state: 'conflict', dirty: true });
    assert.deepEqual(await conflictRows(frame), [{ field: 'level', yours: 'Watch', theirs: 'Participate' }]);
    await workbench.screenshot('settings-editor-conflict');
    await page.click('#conflict-take-theirs');
    frame = await page.waitForForm(key, { level: 'participating', dirty: false });
    assert.equal(await frame.locator('#conflict').count(), 0);
    assert.deepEqual(settingsPuts(double!, since), [], 'Take theirs wrote nothing');
    assert.equal((await readSetting(double!, 'project', WEBSITE)).level, 'participating');

    // Keep mine: the edit is written over GitLab's newer value.
    await page.setLevel('mention');
    await changeSettingElsewhere(double!, { scope: 'project', id: WEBSITE, level: 'watch' });
    since = double!.requests.length;
    await page.click('#save-button');
    frame = await page.waitForForm(key, { state: 'conflict', dirty: true });
    assert.deepEqual(await conflictRows(frame), [{ field: 'level', yours: 'On mention', theirs: 'Watch' }]);
    assert.deepEqual(settingsPuts(double!, since), [], 'nothing is written before a choice');
    await page.click('#conflict-keep-mine');
    await page.waitForForm(key, { level: 'mention', dirty: false });
    assert.equal(await page.text('#form-status'), 'Saved.');
    assert.deepEqual(settingsPuts(double!, since).map(({ rawPath, query, status }) => ({ rawPath, query, status })), [
      { rawPath: settingsApiPath('project', WEBSITE), query: { level: 'mention' }, status: 200 },
    ]);
    assert.equal((await readSetting(double!, 'project', WEBSITE)).level, 'mention');
  });

  it('keeps unsaved edits when the panel is hidden and when the window reloads', async function () {
    const s = session();
    const { double, workbench } = s;
    const key = projectKey(HANDBOOK);
    const page = editor();
    await page.openFromPalette();
    await page.selectScope(key, { dirty: false });
    const loaded = await page.value('#level-select');
    const edited = loaded === 'watch' ? 'mention' : 'watch';
    await page.setLevel(edited);
    await page.waitForForm(key, { level: edited, dirty: true });
    await page.frameWith(`[data-scope-key="${key}"][data-dirty="true"]`);
    const since = double!.requests.length;

    await workbench.openFile('notes.md');
    const inBackground = async () => !((await page.tab.getAttribute('class')) ?? '').split(/\s+/).includes('active');
    await waitFor('the settings tab to be in the background', inBackground);
    await page.tab.click();
    await page.waitForForm(key, { level: edited, dirty: true });
    await page.frameWith(`[data-scope-key="${key}"][data-dirty="true"]`);
    await workbench.screenshot('settings-editor-shown-again');

    await s.reload();
    // The workbench restores the editor tabs; the panel's page is rebuilt when its tab is shown.
    await page.tab.waitFor({ state: 'visible', timeout: 60_000 });
    await page.tab.click();
    await page.waitForForm(key, { level: edited, dirty: true }, 60_000);
    await page.frameWith(`[data-scope-key="${key}"][data-dirty="true"]`);
    assert.equal(await page.text('#form-status'), 'Unsaved changes');
    await workbench.screenshot('settings-editor-after-reload');
    assert.deepEqual(settingsPuts(double!, since), [], 'nothing was saved on the way');

    await page.click('#revert-button');
    await page.waitForForm(key, { level: loaded, dirty: false });
  });

  describe('bulk change', function () {
    const selection = (double: RunningDouble) => [projectKey(BILLING), projectKey(HANDBOOK), `group:${groupId(double, 'acme/platform')}`];

    async function select(page: SettingsEditor, keys: string[], level: string): Promise<void> {
      for (const key of keys) {
        const frame = await page.frameWith(`[data-bulk-select="${key}"]`);
        await frame.locator(`[data-bulk-select="${key}"]`).click();
        await page.frameWith(`[data-bulk-select="${key}"]:checked`);
      }
      const frame = await page.frameWith('#bulk-panel:not([hidden]) #bulk-level');
      await frame.locator('#bulk-level').selectOption(level);
    }

    async function report(page: SettingsEditor): Promise<Array<{ key: string; status: string; text: string }>> {
      const frame = await page.frameWith('#bulk-panel[data-bulk-state="done"]', 30_000);
      return frame.locator('[data-bulk-item-key]').evaluateAll((items) => items.map((item) => ({
        key: item.getAttribute('data-bulk-item-key') ?? '',
        status: item.getAttribute('data-bulk-status') ?? '',
        text: (item.textContent ?? '').replace(/\s+/g, ' ').trim(),
      })));
    }

    it('applies a level to two projects and a group, item by item, and ends with a report', async function () {
      const { double, workbench } = session();
      const keys = selection(double!);
      const group = groupId(double!, 'acme/platform');
      const page = editor();
      await page.openFromPalette();
      // No level is chosen to start with: Apply waits for one.
      const first = await page.frameWith(`[data-bulk-select="${keys[0]}"]`);
      await first.locator(`[data-bulk-select="${keys[0]}"]`).click();
      await page.frameWith('#bulk-panel:not([hidden]) #bulk-apply[disabled]');
      assert.equal(await page.value('#bulk-level'), '');
      await first.locator(`[data-bulk-select="${keys[0]}"]`).click();
      await page.frameWith('#bulk-panel[hidden]');
      await select(page, keys, 'mention');
      await page.frameWith('#bulk-apply:not([disabled])');
      // The group's read is slowed so its "applying" state can be seen.
      double!.inject({ fault: { kind: 'latency', ms: 1500 }, method: 'GET', path: `/groups/${group}/notification_settings` });
      const since = double!.requests.length;
      await page.click('#bulk-apply');
      await page.frameWith('#bulk-panel[data-bulk-state="running"]');
      await page.frameWith(`[data-bulk-item-key="group:${group}"][data-bulk-status="running"]`);

      const items = await report(page);
      assert.deepEqual(
        items.map(({ key, status }) => ({ key, status })).sort(byKey),
        keys.map((key) => ({ key, status: 'changed' })).sort(byKey),
      );
      for (const item of items) assert.match(item.text, /changed from .+ to On mention/);
      assert.equal(await page.text('#bulk-summary'), '3 changed, 0 already set, 0 failed, 0 stopped.');
      await workbench.screenshot('settings-editor-bulk-report');
      // Each result reads in the text's own colour, with an icon that tells it apart (WCAG AA: 4.5:1 for text).
      const frame = await page.frameWith('#bulk-panel[data-bulk-state="done"]');
      // Runs in the page: no named helper functions in here (the test's TypeScript build would wrap them).
      const looks = await frame.locator('[data-bulk-item-key]').evaluateAll((rows) => rows.map((row) => {
        const status = row.querySelector('.bulk-item-status') as HTMLElement;
        let background = 'rgba(0, 0, 0, 0)';
        for (let node: HTMLElement | null = status; node && /rgba\(.*, 0\)$|transparent/.test(background); node = node.parentElement) {
          background = getComputedStyle(node).backgroundColor;
        }
        return {
          color: getComputedStyle(status).color, text: getComputedStyle(document.body).color, background,
          icon: row.querySelector('svg[data-codicon]')?.getAttribute('data-codicon') ?? '',
        };
      }));
      assert.equal(looks.length, keys.length);
      for (const look of looks) {
        // The theme's text colour: a status colour (the test-passed green) reads at 1.9:1 in light themes.
        assert.equal(look.color, look.text, 'a result in a colour of its own');
        const ratio = contrast(look.color, look.background);
        assert.ok(ratio >= 4.5, `a result in ${look.color} on ${look.background}: ${ratio.toFixed(2)}:1`);
        assert.equal(look.icon, 'check');
      }
      // A new selection starts afresh: the results of the old one go.
      await frame.locator(`[data-bulk-select="${keys[0]}"]`).click();
      await page.frameWith('#bulk-panel[data-bulk-state="idle"]:not([hidden])');
      assert.equal(await frame.locator('#bulk-report').count(), 0);
      await frame.locator(`[data-bulk-select="${keys[0]}"]`).click();
      await page.frameWith(`[data-bulk-select="${keys[0]}"]:checked`);

      const puts = settingsPuts(double!, since);
      assert.deepEqual(
        puts.map(({ rawPath, query, status }) => ({ rawPath, query, status })).sort((a, b) => a.rawPath.localeCompare(b.rawPath)),
        [settingsApiPath('project', BILLING), settingsApiPath('project', HANDBOOK), settingsApiPath('group', group)]
          .map((rawPath) => ({ rawPath, query: { level: 'mention' }, status: 200 }))
          .sort((a, b) => a.rawPath.localeCompare(b.rawPath)),
      );
    });

    it('names the item GitLab refused and why, and changes the others', async function () {
      const { double, workbench } = session();
      const keys = selection(double!);
      const group = groupId(double!, 'acme/platform');
      const page = editor();
      await page.openFromPalette();
      await page.click('#bulk-clear');
      await page.frameWith('#bulk-panel[hidden]');
      await select(page, keys, 'watch');
      const handbookBefore = (await readSetting(double!, 'project', HANDBOOK)).level;
      assert.notEqual(handbookBefore, 'watch');
      double!.inject({ fault: { kind: 'status', status: 403 }, method: 'PUT', path: `/projects/${HANDBOOK}/notification_settings` });
      const since = double!.requests.length;
      await page.click('#bulk-apply');

      const items = await report(page);
      const failed = items.filter((item) => item.status === 'failed');
      assert.deepEqual(failed.map((item) => item.key), [projectKey(HANDBOOK)]);
      assert.match(failed[0].text, /Handbook|community\/handbook/, 'the report names the project');
      assert.match(failed[0].text, /failed: GitLab does not allow this \(403 Forbidden\)\./);
      const changed = items.filter((item) => item.status === 'changed').map((item) => item.key);
      assert.deepEqual(changed.sort(), keys.filter((key) => key !== projectKey(HANDBOOK)).sort());
      assert.equal(await page.text('#bulk-summary'), '2 changed, 0 already set, 1 failed, 0 stopped.');
      await workbench.screenshot('settings-editor-bulk-report-with-failure');

      const puts = settingsPuts(double!, since).map(({ rawPath, query, status }) => ({ rawPath, query, status }));
      assert.deepEqual(
        puts.sort((a, b) => a.rawPath.localeCompare(b.rawPath)),
        [
          { rawPath: settingsApiPath('project', BILLING), query: { level: 'watch' }, status: 200 },
          { rawPath: settingsApiPath('project', HANDBOOK), query: { level: 'watch' }, status: 403 },
          { rawPath: settingsApiPath('group', group), query: { level: 'watch' }, status: 200 },
        ].sort((a, b) => a.rawPath.localeCompare(b.rawPath)),
      );
      assert.equal((await readSetting(double!, 'project', BILLING)).level, 'watch');
      assert.equal((await readSetting(double!, 'group', group)).level, 'watch');
      assert.equal((await readSetting(double!, 'project', HANDBOOK)).level, handbookBefore, 'the refused project kept its level');
    });
  });

  it('updates the status bar item after the editor opened from it saves a new level for its scope', async function () {
    const { double, workbench } = session();
    const key = projectKey(STATUS_BAR_PROJECT);
    const scopeName = new RegExp(`GitLab notifications for project ${STATUS_BAR_PROJECT.replace('/', '\\/')}: `);
    const before = await workbench.waitForStatusBarItem(scopeName, 30_000);
    const loaded = (await readSetting(double!, 'project', STATUS_BAR_PROJECT)).level;
    assert.equal(loaded, 'global');
    // At Global, it shows the level it inherits (alex/dotfiles is in a user's namespace: the global level decides).
    assert.match(before.text, /\(global\)$/);

    // The status bar item's own quick pick links to the editor, on the item's scope.
    assert.ok(before.id, 'the status bar item has a DOM id');
    await workbench.statusBarItem(before.id).click();
    await workbench.pickQuickItem(/Open Notification Settings/);
    const page = editor();
    await page.waitForForm(key, { level: 'global', dirty: false });
    await workbench.screenshot('settings-editor-from-status-bar');

    await page.setLevel('watch');
    await page.click('#save-button');
    await page.waitForForm(key, { level: 'watch', dirty: false });
    // The global level is Watch since the first test, so "Watch (global)" before the save also starts with "Watch":
    // wait for the sentence to end right after the level.
    const after = await workbench.waitForStatusBarItem(new RegExp(`${scopeName.source}Watch\\.`));
    assert.match(after.text, /Watch$/);
    assert.notEqual(after.text, before.text);
    await workbench.screenshot('status-bar-after-editor-save');
  });

  it('adds a project typed by its path without being told it is one (no "no such group")', async function () {
    const { double } = session();
    const forum = double!.data.projects.find((candidate) => candidate.pathWithNamespace === 'community/forum');
    assert.ok(forum, 'the double has no project community/forum');
    const page = editor();
    await page.openFromPalette();
    await page.click('#add-scope-toggle');
    const frame = await page.frameWith('#add-scope-form:not([hidden]) #add-scope-ref');
    assert.equal(await page.value('#add-scope-kind'), 'either');
    await frame.locator('#add-scope-ref').fill('community/forum');
    await frame.locator('#add-scope-submit').click();
    await page.frameWith(`[data-scope-key="project:${forum.id}"][data-selected="true"]`, 30_000);
    assert.equal(await frame.locator('#add-scope-error:not([hidden])').count(), 0);
  });
});

function byKey(a: { key: string }, b: { key: string }): number {
  return a.key.localeCompare(b.key);
}

async function conflictRows(frame: Frame): Promise<Array<{ field: string; yours: string; theirs: string }>> {
  return frame.locator('#conflict-table tr[data-conflict-field]').evaluateAll((rows) => rows.map((row) => ({
    field: row.getAttribute('data-conflict-field') ?? '',
    yours: row.querySelector('.conflict-yours')?.textContent?.trim() ?? '',
    theirs: row.querySelector('.conflict-theirs')?.textContent?.trim() ?? '',
  })));
}
