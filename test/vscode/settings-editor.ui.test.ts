import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Frame } from 'playwright-core';
import { KNOWN_EVENT_KEYS } from '../../src/app/settings/shared/labels';
import { SPEC_EMAIL_EVENTS } from '../../src/gitlab/types';
import { gitCloneFiles, useVscodeSession, waitFor, type RunningDouble } from './harness';
import { VIEW_CONTAINER } from './harness/workbench';
import { pickContextMenuItem } from './harness/context-menu';
import { changeSettingElsewhere, settingsApiPath, settingsPuts } from './harness/double-control';
import {
  auditFrame, AUDITED_THEMES, chooseColorTheme, currentColorTheme, describeViolations, seriousViolations,
} from './harness/accessibility';
import { checkboxContrasts } from './harness/contrast';
import { describeFocus, SettingsEditor, type FocusedElement } from './harness/settings-editor';
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
      ...gitCloneFiles(double!.url, STATUS_BAR_PROJECT),
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
    await workbench.openViewContainer(VIEW_CONTAINER);
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
    // Said before saving: GitLab keeps what was stored for the scope earlier and will show it.
    assert.match(await page.text('#events-note'), /^Not saved yet\. GitLab keeps the switches stored for this scope earlier: after Save it shows them as stored/);

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
    // One order before and after the save: known keys in the extension's order, then unknown ones in GitLab's.
    const rank = (event: string) => (KNOWN_EVENT_KEYS as readonly string[]).indexOf(event) >>> 0;
    assert.deepEqual(Object.keys(saved), Object.keys(storedEvents).sort((a, b) => rank(a) - rank(b)));
    assert.deepEqual(Object.keys(saved).filter((event) => event in offered), Object.keys(offered), 'the rows shown before the save moved');
    assert.equal(saved.new_note, 'on');
    assert.equal(saved.close_issue, 'on');
    assert.equal(await (await page.frame()).locator('#events-note').count(), 0, 'no note once GitLab listed the events');
    await workbench.screenshot('settings-editor-custom-saved');

    // Save stays in view at the bottom of the window, with the page scrolled to its top and its switches running below.
    const frame = await page.frame();
    await frame.evaluate(() => window.scrollTo(0, 0));
    const view = await frame.locator('#save-button').evaluate((button) => {
      const box = button.getBoundingClientRect();
      return { overflows: document.documentElement.scrollHeight > window.innerHeight, top: box.top, bottom: box.bottom, height: window.innerHeight };
    });
    assert.ok(view.overflows, `the form fits the window (${view.height} px), so this says nothing: ${JSON.stringify(view)}`);
    assert.ok(view.top >= 0 && view.bottom <= view.height, `Save is out of view: ${JSON.stringify(view)}`);
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
      for (const key of keys) await page.checkForBulk(key);
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
      // The group's read is held until the test has seen its "applying" state.
      double!.inject({ fault: { kind: 'latency', ms: 300_000 }, method: 'GET', path: `/groups/${group}/notification_settings` });
      const since = double!.requests.length;
      await page.click('#bulk-apply');
      await page.frameWith('#bulk-panel[data-bulk-state="running"]');
      await page.frameWith(`[data-bulk-item-key="group:${group}"][data-bulk-status="running"]`);
      double!.releaseHeld();

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
      await page.frameWith(`[data-bulk-select="${keys[0]}"][data-checked="true"]`);

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
    const page = editor();
    await page.openFromStatusBar(before.id, key, { level: 'global' });
    await workbench.screenshot('settings-editor-from-status-bar');

    await page.saveLevel(key, 'watch');
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

  describe('accessibility', function () {
    const isOption = (key: string) => (focused: FocusedElement) => focused.role === 'option' && focused.scopeKey === key;
    const isId = (id: string) => (focused: FocusedElement) => focused.id === id;

    /** From the page's start, Tab to the scope list and the arrow keys to the option of `key`; Enter opens it. */
    async function openScopeByKeyboard(page: SettingsEditor, key: string): Promise<FocusedElement[]> {
      const stops = await page.pressUntil('the scope list', (focused) => focused.role === 'option', { limit: 80 });
      const moves = await page.pressUntil('the first scope', isOption('global'), { key: 'Home', limit: 1 });
      if (key !== 'global') moves.push(...await page.pressUntil(`the option of ${key}`, isOption(key), { key: 'ArrowDown', limit: 60 }));
      assert.deepEqual(moves.filter((stop) => stop.role !== 'option').map(describeFocus), [], 'the arrow keys stay in the list');
      await page.press('Enter');
      return [...stops, ...moves];
    }

    it('does a custom save by keyboard alone, with a visible focus at each stop, and lands on the saved status', async function () {
      const { double, workbench } = session();
      const key = projectKey(WEBSITE);
      await changeSettingElsewhere(double!, { scope: 'project', id: WEBSITE, level: 'watch' });
      const page = editor();
      await page.openFromPalette();
      await page.waitForKeyboardFocus();
      const since = double!.requests.length;
      // No clicks from here on.
      const stops = await openScopeByKeyboard(page, key);
      await page.waitForForm(key, { level: 'watch', dirty: false });

      // The list is one tab stop: the next Tab leaves it.
      stops.push(...await page.pressUntil('the next control after the list', (focused) => focused.role !== 'option', { limit: 1 }));
      stops.push(...await page.pressUntil('the level select', isId('level-select')));
      await page.press('c'); // the select's type-ahead: Custom
      await page.waitForForm(key, { level: 'custom', dirty: true });
      stops.push(...await page.pressUntil('the switch of new_note', isId('event-new_note')));
      await page.press('Space');
      await page.frameWith('[data-event-key="new_note"][data-event-state="on"]');
      stops.push(...await page.pressUntil('Save', isId('save-button')));
      await workbench.screenshot('settings-editor-keyboard-before-save');
      await page.press('Enter');

      await page.waitForForm(key, { level: 'custom', dirty: false });
      const status = await page.waitForFocus('the saved status', (focused) => focused.id === 'form-status' && focused.text === 'Saved.');
      stops.push(status);
      await workbench.screenshot('settings-editor-keyboard-saved');
      assert.deepEqual(settingsPuts(double!, since).map(({ rawPath, query, status }) => ({ rawPath, query, status })), [
        { rawPath: settingsApiPath('project', WEBSITE), query: { level: 'custom', new_note: 'true' }, status: 200 },
      ]);
      assert.deepEqual(stops.filter((stop) => stop.tag !== 'body' && !stop.indicated).map(describeFocus), [], 'every stop shows its focus');
      // Tab goes on from the status, not from the top of the page.
      await page.pressUntil('the control after the status', isId('level-select'), { limit: 1 });
    });

    it('checks scopes for a bulk change with Space, applies it and clears it by keyboard alone', async function () {
      const { double } = session();
      const page = editor();
      await page.openFromPalette();
      const frame = await page.frame();
      if (await frame.locator('#bulk-clear').isVisible()) await frame.locator('#bulk-clear').click();
      await page.frameWith('#bulk-panel[hidden]');
      for (const path of [BILLING, HANDBOOK]) await changeSettingElsewhere(double!, { scope: 'project', id: path, level: 'participating' });
      await page.waitForKeyboardFocus();

      await openScopeByKeyboard(page, projectKey(BILLING));
      await page.press('Space');
      await page.frameWith(`[data-scope-key="${projectKey(BILLING)}"][aria-checked="true"]`);
      await page.pressUntil('the option of Handbook', isOption(projectKey(HANDBOOK)), { key: 'ArrowDown', limit: 60 });
      await page.press('Space');
      await page.frameWith(`[data-scope-key="${projectKey(HANDBOOK)}"][aria-checked="true"]`);
      assert.equal(await page.text('#bulk-selected-count'), '2 selected');

      await page.pressUntil('the bulk level', isId('bulk-level'));
      await page.press('w'); // Watch
      assert.equal(await page.value('#bulk-level'), 'watch');
      await page.pressUntil('Apply to selected', isId('bulk-apply'));
      await page.press('Enter');
      await page.frameWith('#bulk-panel[data-bulk-state="done"]', 30_000);
      await page.waitForFocus('the bulk summary', (focused) => focused.id === 'bulk-summary' && focused.text.startsWith('2 changed'));
      assert.equal((await readSetting(double!, 'project', BILLING)).level, 'watch');
      assert.equal((await readSetting(double!, 'project', HANDBOOK)).level, 'watch');

      await page.pressUntil('Clear selection', isId('bulk-clear'));
      await page.press('Enter');
      await page.frameWith('#bulk-panel[hidden]');
      await page.waitForFocus('the scope list', (focused) => focused.role === 'option');
    });

    it('announces the status and errors, marks a changed switch, discards and reaches the Add form last, by keyboard', async function () {
      const { double, workbench } = session();
      const key = projectKey(WEBSITE);
      await changeSettingElsewhere(double!, { scope: 'project', id: WEBSITE, level: 'custom', events: { new_issue: false } });
      const page = editor();
      await page.openFromPalette();
      await page.waitForKeyboardFocus();
      await openScopeByKeyboard(page, key);
      let frame = await page.waitForForm(key, { level: 'custom', dirty: false });
      const statusRegions = () => frame.getByRole('status').evaluateAll((regions) => regions.map((region) => region.id));
      assert.ok((await statusRegions()).includes('form-status'), 'the form status is a status region');

      // A changed switch says so in words, not only by its weight or colour; its name says it too.
      await page.pressUntil('the switch of new_issue', isId('event-new_issue'));
      await page.press('Space');
      frame = await page.frameWith('[data-event-key="new_issue"][data-event-changed="true"] .event-changed-mark');
      assert.equal(await page.text('[data-event-key="new_issue"] .event-changed-mark'), 'changed');
      assert.deepEqual(await frame.getByRole('checkbox', { name: /, changed$/ }).evaluateAll((boxes) => boxes.map((box) => box.id)), ['event-new_issue']);
      assert.equal(await frame.getByRole('status').filter({ hasText: 'Unsaved changes' }).getAttribute('id'), 'form-status');

      // An error is an alert, with a word besides its colour, and takes the focus.
      double!.inject({ fault: { kind: 'status', status: 403 }, method: 'PUT', path: `/projects/${WEBSITE}/notification_settings` });
      await page.pressUntil('Save', isId('save-button'));
      await page.press('Enter');
      frame = await page.waitForForm(key, { state: 'error', dirty: true });
      const alert = frame.getByRole('alert').filter({ hasText: 'GitLab does not allow this' });
      assert.equal(await alert.count(), 1);
      assert.match((await alert.innerText()).trim(), /^\W*Error\b/);
      await page.waitForFocus('the error', isId('form-error'));
      await workbench.screenshot('settings-editor-keyboard-error');

      await page.pressUntil('Discard changes', isId('revert-button'));
      await page.press('Enter');
      await page.waitForForm(key, { level: 'custom', dirty: false });
      await page.waitForFocus('the status after Discard', (focused) => focused.id === 'form-status');

      // The Add form comes after the form's own controls.
      const rest = await page.pressUntil('the Add toggle', isId('add-scope-toggle'));
      assert.ok(!rest.some((stop) => stop.role === 'option' || stop.id === 'refresh-scopes'), `the Add toggle comes last: ${rest.map(describeFocus).join(', ')}`);
      await page.press('Enter');
      await page.waitForFocus('the ID field', isId('add-scope-ref'));
      await page.press('Enter');
      frame = await page.frameWith('#add-scope-error:not([hidden])');
      const addAlert = frame.getByRole('alert').filter({ hasText: 'Enter a numeric ID' });
      assert.equal(await addAlert.count(), 1);
      assert.match((await addAlert.innerText()).trim(), /^\W*Error\b/);
      await page.press('Escape');
    });

    it('passes an axe audit (WCAG 2.1 A and AA) in Dark, Light and both High Contrast themes', async function () {
      this.timeout(300_000);
      const { double, workbench } = session();
      const key = projectKey(WEBSITE);
      await changeSettingElsewhere(double!, {
        scope: 'project', id: WEBSITE, level: 'custom', events: { failed_pipeline: null, new_note: null, new_issue: true, close_issue: false },
      });
      const page = editor();
      await page.openFromPalette();
      // The page with most on it: a custom form with never-set, set and changed switches; the bulk panel; the Add
      // form with its error.
      await page.selectScope(key, { level: 'custom', dirty: false });
      await page.clickEvent('close_issue', 'on');
      let frame = await page.frame();
      if (!(await frame.locator(`[data-scope-key="${projectKey(HANDBOOK)}"][aria-checked="true"]`).count())) await page.checkForBulk(projectKey(HANDBOOK));
      await page.frameWith('#bulk-panel:not([hidden])');
      if ((await frame.locator('#add-scope-toggle').getAttribute('aria-expanded')) !== 'true') await page.click('#add-scope-toggle');
      await page.click('#add-scope-submit');
      await page.frameWith('#add-scope-error:not([hidden])');

      frame = await page.frame();
      const original = await currentColorTheme(frame);
      const report: Record<string, unknown> = {};
      const failures: string[] = [];
      try {
        for (const theme of AUDITED_THEMES) {
          await chooseColorTheme(workbench, theme, () => page.frame());
          for (const scope of [key, 'global']) {
            frame = await page.selectScope(scope, scope === key ? { level: 'custom', dirty: true } : {});
            const violations = await auditFrame(frame);
            const checkboxes = scope === key ? await checkboxContrasts(frame) : [];
            report[`${theme.id} / ${scope}`] = { violations, checkboxes };
            const serious = seriousViolations(violations);
            if (serious.length > 0) failures.push(`${theme.label}, ${scope}:\n${describeViolations(serious)}`);
            for (const box of checkboxes.filter((candidate) => candidate.problem)) failures.push(`${theme.label}, ${scope}: checkbox ${box.key} (${box.state}): ${box.problem}`);
          }
          await workbench.screenshot(`settings-editor-theme-${theme.id}`);
        }
      } finally {
        mkdirSync(path.join(workbench.screenshotDir, 'a11y'), { recursive: true });
        writeFileSync(path.join(workbench.screenshotDir, 'a11y', 'settings-editor-axe.json'), JSON.stringify(report, null, 2));
        if (original.label) await chooseColorTheme(workbench, original, () => page.frame()).catch(() => undefined);
      }
      assert.deepEqual(failures, [], failures.join('\n\n'));
      await page.selectScope(key, { level: 'custom', dirty: true });
      await page.click('#revert-button');
      await page.waitForForm(key, { dirty: false });
    });
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
