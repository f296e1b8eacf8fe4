import assert from 'node:assert/strict';
import { normalizeInstanceUrl } from '../../src/app/instance';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  gitCloneFiles, assertNoExtensionRequest, extensionRequests, isEventsRequest, signInThroughFlow, useVscodeSession, waitFor, waitForExtensionRequest,
  type RunningDouble, type StatusBarItem, type VscodeSession,
} from './harness';
import { VIEW_CONTAINER } from './harness/workbench';

const STATUS_ITEM = 'gitlab-activity.gitlab-activity.gitlabActivity.notificationLevel';
const FIRST_TOKEN = 'glpat-test-token';
const SECOND_TOKEN = 'glpat-second-instance';
const ROOTS = ['My Activity', 'Projects', 'Users', 'Your projects', 'Starred projects', 'People you follow'];

const hostOf = (double: RunningDouble) => new URL(double.url).host;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const userOf = (double: RunningDouble, token: string) => {
  const id = double.data.tokens.find((candidate) => candidate.token === token)!.userId;
  return double.data.users.find((user) => user.id === id)!.username;
};
/** The project of the second instance that the workspace's git remote names. */
const remoteProject = (double: RunningDouble) => double.data.projects[0];

async function rootLabels(session: VscodeSession, expected: string[]): Promise<void> {
  await session.workbench.waitForTree(`the tree's roots to be ${expected.join(', ')}`, (items) => {
    const roots = items.filter((item) => item.level === 1).map((item) => item.label);
    return JSON.stringify(roots) === JSON.stringify(expected);
  });
}

async function statusItem(session: VscodeSession, what: string, probe: (item: StatusBarItem) => boolean): Promise<StatusBarItem> {
  return waitFor(`the status bar item to name ${what}`, async () => {
    const item = (await session.workbench.statusBarItems()).find((candidate) => candidate.id === STATUS_ITEM);
    return item && probe(item) && item;
  });
}

/**
 * The item's first sentence names global settings, not a project (the lines after it may speak of projects: what
 * GitLab counts per group or project).
 */
const namesGlobal = (label: string): boolean => {
  const first = label.split('Click to change.')[0];
  return /global settings/.test(first) && !/\bproject\b/.test(first);
};

/** Every request the extension sent to `double` carried a token that instance accepted: none was another's. */
function onlyOwnToken(double: RunningDouble): void {
  const sent = extensionRequests(double);
  assert.ok(sent.length > 0, `${hostOf(double)} received nothing`);
  assert.deepEqual(sent.filter((r) => r.auth !== 'private-token' || r.status === 401).map((r) => `${r.method} ${r.path} ${r.auth} ${r.status}`), []);
}

describe('several GitLab instances signed in at once', function () {
  this.timeout(120_000);
  const session = useVscodeSession({
    name: 'accounts',
    otherDoubles: [{ seed: 2, tokens: [{ token: SECOND_TOKEN, scopes: ['api'], userId: 2 }] }],
    settings: { 'gitlabActivity.pageSize': 5 },
    // A clone of a project of the second instance: the workspace's remote names that instance, not the settings' one.
    files: (_first, [second]) => gitCloneFiles(second.url, remoteProject(second).pathWithNamespace),
  });

  it('signed in to one instance: the tree keeps its roots, the Accounts menu lists that instance', async function () {
    const s = session();
    const first = s.double!;
    const second = s.others[0];
    await signInThroughFlow(s, FIRST_TOKEN);
    await s.workbench.waitForNotification(`Signed in to ${hostOf(first)} as ${userOf(first, FIRST_TOKEN)}.`);
    await rootLabels(s, ROOTS);
    const account = `${userOf(first, FIRST_TOKEN)} @ ${hostOf(first)}`;
    await s.workbench.waitForAccountsMenu(`the Accounts menu to list ${account}`, (entries) => entries.some((entry) => entry.includes(account)));
    await s.workbench.closeMenu();
    // The remote names an instance that is not signed in: the status bar shows the first instance's global level.
    await statusItem(s, 'the global settings', (item) => namesGlobal(item.ariaLabel));
    assert.deepEqual(extensionRequests(second).map((r) => `${r.method} ${r.path}`), [], 'the second instance was asked before sign-in');
  });

  it('signs in to a second instance: a root per instance, each reading its own instance with its own token', async function () {
    const s = session();
    const first = s.double!;
    const second = s.others[0];
    await signInThroughFlow(s, SECOND_TOKEN, second.url);
    await s.workbench.waitForNotification(`Signed in to ${hostOf(second)} as ${userOf(second, SECOND_TOKEN)}.`);
    await rootLabels(s, [hostOf(first), hostOf(second)]);
    const items = await s.workbench.treeItems();
    const roots = items.filter((item) => item.level === 1);
    assert.deepEqual(roots.map((root) => root.description), [userOf(first, FIRST_TOKEN), userOf(second, SECOND_TOKEN)]);
    await waitForExtensionRequest(second, (r) => isEventsRequest(r) && r.status === 200);
    onlyOwnToken(first);
    onlyOwnToken(second);
    await s.workbench.screenshot('accounts-two-instances');
  });

  it('lists the workspace\'s project under the instance its git remote names', async function () {
    const s = session();
    const second = s.others[0];
    const project = remoteProject(second);
    // Under the second instance's root: the second "Projects" row of the tree.
    await s.workbench.waitForTree('two Projects rows', (items) => items.filter((item) => item.label === 'Projects').length === 2);
    // The first instance's rows closed, so the second's fit in the view: only rows scrolled into view are drawn, and
    // with each My Activity's events on five days the second "Projects" row's rows fell below it.
    await s.workbench.collapseTreeRow(hostOf(s.double!));
    await s.workbench.waitForTree('the second instance\'s Projects row alone', (items) => items.filter((item) => item.label === 'Projects').length === 1);
    const projectsRows = s.workbench.tree().pane.locator('.monaco-list-row[role="treeitem"][aria-level="2"]').filter({
      has: s.workbench.page.locator('.label-name').getByText('Projects', { exact: true }),
    });
    await s.workbench.expandRow(projectsRows.first());
    const row = await s.workbench.waitForTree(`${project.nameWithNamespace} under the second instance`, (items) => {
      const at = items.findIndex((item) => item.label === hostOf(second));
      return at >= 0 && items.slice(at).find((item) => item.label === project.nameWithNamespace);
    });
    assert.match(`${row.description} ${row.ariaLabel}`, /from git remote/);
    // The second instance was asked about its project: by path, or by ID when its events named the project first
    // (then the path is already known and not looked up again).
    await waitForExtensionRequest(second, (r) => r.method === 'GET'
      && (r.path === `/api/v4/projects/${project.pathWithNamespace}` || r.path === `/api/v4/projects/${project.id}`));
    assert.deepEqual(extensionRequests(s.double!, (r) => r.path.includes(project.pathWithNamespace)).map((r) => r.path), [],
      'the first instance was asked for the second one\'s project');
    await s.workbench.expandTreeRow(hostOf(s.double!));
  });

  it('the status bar follows the instance the workspace\'s remote names', async function () {
    const s = session();
    const second = s.others[0];
    const project = remoteProject(second).pathWithNamespace;
    const item = await statusItem(s, `project ${project}`, (candidate) => candidate.ariaLabel.includes(`project ${project}`));
    assert.ok(item.text.length > 0);
    await waitForExtensionRequest(second, (r) => r.method === 'GET' && r.path === `/api/v4/projects/${project}/notification_settings` && r.status === 200);
    onlyOwnToken(second);
  });

  it('lists both instances in the Accounts menu', async function () {
    const s = session();
    const accounts = [
      `${userOf(s.double!, FIRST_TOKEN)} @ ${hostOf(s.double!)}`,
      `${userOf(s.others[0], SECOND_TOKEN)} @ ${hostOf(s.others[0])}`,
    ];
    await s.workbench.waitForAccountsMenu('both accounts in the Accounts menu', (entries) => accounts.every((a) => entries.some((e) => e.includes(a))));
    await s.workbench.screenshot('accounts-menu');
    await s.workbench.closeMenu();
  });

  it('signing out of the second instance from the Accounts menu removes its root only', async function () {
    const s = session();
    const first = s.double!;
    const second = s.others[0];
    await s.workbench.signOutOfAccount(new RegExp(escape(`${userOf(second, SECOND_TOKEN)} @ ${hostOf(second)}`)));
    await rootLabels(s, ROOTS);
    const firstAccount = `${userOf(first, FIRST_TOKEN)} @ ${hostOf(first)}`;
    const entries = await s.workbench.waitForAccountsMenu('the Accounts menu to list the first instance only', (shown) =>
      shown.some((entry) => entry.includes(firstAccount)) && !shown.some((entry) => entry.includes(hostOf(second))));
    assert.ok(entries.some((entry) => entry.includes(firstAccount)));
    await s.workbench.closeMenu();
    // The remote's instance is signed out: back to the first instance's global level.
    await statusItem(s, 'the global settings', (item) => namesGlobal(item.ariaLabel));
  });

  it('after a reload only the first instance is signed in: the second one\'s secret went, the first one\'s stayed', async function () {
    const s = session();
    const first = s.double!;
    const second = s.others[0];
    const since = Date.now();
    // The reloaded window says whom it found signed in: the first instance only.
    assert.equal(await s.reloadAndRestore(), `Session restored: signed in to ${first.url}`);
    await s.workbench.openViewContainer(VIEW_CONTAINER);
    await waitForExtensionRequest(first, (r) => r.at >= since && isEventsRequest(r) && r.status === 200 && r.auth === 'private-token');
    await rootLabels(s, ROOTS);
    assertNoExtensionRequest(second, (r) => r.at >= since, 'the signed-out instance was asked after a reload');
    const log = s.extensionLog();
    assert.ok(!log.includes(FIRST_TOKEN) && !log.includes(SECOND_TOKEN), 'a token is in the extension log');
  });
});

describe('lists written before entries named their instance', function () {
  this.timeout(90_000);
  const ODD = ['acme/website', '   ', 7, true, { id: 'x/y' }];
  const session = useVscodeSession({
    name: 'accounts-migration',
    fresh: 'the old-form project list must be in the user\'s settings when the extension activates, as after an update',
    env: { GITLAB_ACTIVITY_TOKEN: FIRST_TOKEN },
    settings: { 'gitlabActivity.projects': ODD },
  });

  it('are rewritten in the user\'s settings with the user\'s instance, keeping what cannot be read, and still shown', async function () {
    const s = session();
    const instance = normalizeInstanceUrl(s.double!.url);
    const expected = [{ instance, id: 'acme/website' }, { instance, id: '7' }, true, { id: 'x/y' }];
    const file = path.join(s.userDataDir, 'User', 'settings.json');
    await waitFor('the user\'s project list in the per-instance form', () => {
      const settings = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      return JSON.stringify(settings['gitlabActivity.projects']) === JSON.stringify(expected);
    });
    assert.match(s.extensionLog(), /gitlabActivity\.projects: kept an entry that names no instance and ID: true/);
    assert.match(s.extensionLog(), /gitlabActivity\.projects: kept an entry that names no instance and ID: \{"id":"x\/y"\}/);
    await s.workbench.openViewContainer(VIEW_CONTAINER);
    await s.workbench.collapseTreeRow('My Activity');
    await s.workbench.expandTreeRow('Projects');
    const website = s.double!.data.projects.find((project) => project.pathWithNamespace === 'acme/website')!;
    await s.workbench.waitForTree('the migrated project under Projects', (items) => items.some((item) => item.label === website.nameWithNamespace));
  });
});
