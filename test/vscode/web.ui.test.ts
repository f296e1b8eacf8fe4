import assert from 'node:assert/strict';
import { formatMessage } from '../../src/app/localize';
import { levelLabel } from '../../src/app/settings/shared/labels';
import { DEFAULT_TOKEN } from '../double';
import {
  extensionRequests, loadMore, markRowDone, openTodoList, pickFilter, readFromDouble, runningExtensionHost,
  signInThroughFlow, useVscodeSession, waitFor, waitForExtensionRequest, waitForFeedFromDouble,
} from './harness';
import { SettingsEditor } from './harness/settings-editor';
import { ACTIVITY_VIEW, TODO_VIEW, VIEW_CONTAINER } from './harness/workbench';

const PAGE_SIZE = 5;
const DISPLAY_NAME = 'Activity & Notifications for GitLab';
const STATUS_ITEM = 'gitlab-activity.gitlab-activity.gitlabActivity.notificationLevel';


/**
 * The extension in the browser's web worker extension host (its `browser` entry), each surface once: the worker has
 * no environment, no Node and no files of its own, and asks GitLab with the browser's fetch. The Node host's suites
 * cover the behaviour; this one shows that each surface works in the other host.
 */
describe('web worker extension host', function () {
  this.timeout(120_000);
  const session = useVscodeSession({ name: 'web', host: 'web', settings: { 'gitlabActivity.pageSize': PAGE_SIZE } });

  it('runs the browser entry in the web worker, signed out', async function () {
    const s = session();
    await s.workbench.openViewContainer(VIEW_CONTAINER);
    assert.equal(await runningExtensionHost(s.workbench, DISPLAY_NAME), 'web worker');
    const activated = await s.waitForLogLine(/^Activated in /, 0);
    assert.match(activated.message, / in the web worker extension host /);
    await s.waitForLogLine(/^Session restored: signed out$/, 0);
    assert.deepEqual(extensionRequests(s.double!), [], 'signed out, it asked GitLab');
  });

  it('signs in through the sign-in flow', async function () {
    const s = session();
    await signInThroughFlow(s, DEFAULT_TOKEN);
    await s.workbench.waitForNotification(`Signed in to ${new URL(s.double!.url).host} as alex.`);
    await s.workbench.waitForStatusBarItem(STATUS_ITEM);
  });

  it('asked GitLab from the browser: a CORS preflight, then the request, both with the workbench\'s Origin', async function () {
    const double = session().double!;
    const workbenchOrigin = new URL(session().serverUrl).origin;
    const user = await waitForExtensionRequest(double, (r) => r.method === 'GET' && r.path === '/api/v4/user' && r.status === 200);
    assert.equal(user.auth, 'private-token');
    assert.equal(user.origin, workbenchOrigin);
    // The token header is no CORS-safelisted one: the browser asked first, from the same origin.
    const preflight = await double.waitForPreflight((r) => r.path === '/api/v4/user' && r.preflight?.method === 'GET');
    assert.ok(preflight.at <= user.at, 'the preflight came after the request');
    assert.equal(preflight.origin, workbenchOrigin);
    assert.match(preflight.preflight?.headers ?? '', /private-token/i);
    assert.deepEqual(extensionRequests(double, (r) => r.origin !== workbenchOrigin).map((r) => `${r.method} ${r.rawPath}`), [],
      'requests that did not come from the workbench\'s page');
  });

  it('Activity: a filter, and "Load more…" past its first page', async function () {
    const s = session();
    const listing = { parent: 'My Activity', apiPath: '/events', perPage: PAGE_SIZE };
    await s.workbench.openViewContainer(VIEW_CONTAINER);
    await waitForFeedFromDouble(s, listing);
    const filtered = await pickFilter(s, 'GitLab: Filter Activity by Action…', 'Filter by Action', /^Commented$/);
    assert.equal(filtered.query.action, 'commented');
    const first = await waitForFeedFromDouble(s, { ...listing, query: { action: 'commented' } });
    assert.ok(first.nextPage, 'the double has one page of comments: nothing to load more of');
    // The feed shows the two pages as the double has them (GitLab's filtered pages may be short).
    const { events } = await loadMore(s, { ...listing, query: { action: 'commented' }, pages: 2 });
    assert.ok(events.length > first.events.length, 'page 2 of the comments added nothing');
    assert.equal(extensionRequests(s.double!, (r) => r.path === '/api/v4/events' && r.query.page === '2' && r.query.action === 'commented').length, 1);
    // Put back: the filter is kept in the workspace, and the reload below reads My Activity unfiltered.
    await s.workbench.runCommand('GitLab: Clear Filters');
    await waitFor('the Activity view to show no filter', async () => (await s.workbench.viewDescription('Activity')) === '');
  });

  it('To-Do List: Mark as Done, then Undo', async function () {
    const s = session();
    const double = s.double!;
    const todos = await openTodoList(s.workbench);
    // The list's first row (pages are small here), and the pending to-dos of the thing it stands for.
    const first = await todos.waitForTree('a to-do row', (items) => items.find((item) => /^[#!]\d+ /.test(item.label)), 30_000);
    const [, sigil, iid, title] = /^([#!])(\d+) (.*)$/.exec(first.label)!;
    const ids = double.data.todos.filter((todo) => todo.userId === 1 && todo.state === 'pending' && String(todo.target.iid) === iid &&
      todo.target.title === title && (todo.targetType === 'MergeRequest') === (sigil === '!')).map((todo) => todo.id);
    assert.ok(ids.length > 0, `no pending to-do of the double reads "${first.label}"`);
    const { label } = first;
    const done = await markRowDone(s, todos, { label, ids, message: `Marked ${sigil}${iid} as done.` });
    await done.undo();
    // Put back: the To-Do List took the side bar's height, with Activity collapsed.
    await s.workbench.setViewExpanded(TODO_VIEW, false);
    await s.workbench.setViewExpanded(ACTIVITY_VIEW, true);
  });

  it('status bar: the global level GitLab reports', async function () {
    const s = session();
    const item = await s.workbench.waitForStatusBarItem(STATUS_ITEM);
    assert.equal(item.text, levelLabel('participating', formatMessage));
    assert.deepEqual(await s.workbench.statusBarIcons(STATUS_ITEM), ['bell']);
  });

  it('Notification Settings editor: saves a new global level, and the status bar follows', async function () {
    const s = session();
    const editor = new SettingsEditor(s.workbench);
    await editor.openFromStatusBar(STATUS_ITEM, 'global', { level: 'participating' });
    await editor.saveLevel('global', 'watch');
    assert.equal((await readFromDouble<{ level: string }>(s.double!, '/notification_settings')).body.level, 'watch');
    const watch = levelLabel('watch', formatMessage);
    await waitFor(`the status bar to show "${watch}"`, async () =>
      (await s.workbench.statusBarItems()).some((item) => item.id === STATUS_ITEM && item.text === watch));
  });

  it('keeps the token over a window reload: signed in again from SecretStorage', async function () {
    const s = session();
    const double = s.double!;
    const since = Date.now();
    assert.equal(await s.reloadAndRestore('window'), `Session restored: signed in to ${double.url}`);
    await s.workbench.openViewContainer(VIEW_CONTAINER);
    // The Activity view open whatever a test before left (the workbench keeps its views' state over the reload).
    await s.workbench.setViewExpanded(ACTIVITY_VIEW, true);
    // The first pages were kept over the reload (the view shows them again without asking); the token still signs in.
    await waitForExtensionRequest(double, (r) => r.at >= since && r.auth === 'private-token' && r.status === 200);
    await waitForFeedFromDouble(s, { parent: 'My Activity', apiPath: '/events', perPage: PAGE_SIZE });
    assert.match((await s.readLogLines()).filter((line) => /^Activated in /.test(line.message)).at(-1)!.message, / in the web worker /);
  });
});
