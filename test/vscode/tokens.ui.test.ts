import assert from 'node:assert/strict';
import { DEFAULT_TOKEN } from '../double';
import { FEATURE_PERMISSIONS } from '../../src/app/tokenPermissions';
import { openTodoList, TestClock, useSignedInSession, useVscodeSession, waitFor, waitForExtensionRequest } from './harness';
import { ACTIVITY_VIEW, SUBSCRIPTIONS_VIEW, VIEW_CONTAINER } from './harness/workbench';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** A fine-grained token with every permission sign-in names but `read_todo`. */
const NO_TODOS_TOKEN = 'glpat-fine-grained-without-read-todo';
const SIGN_IN_PERMISSIONS = [...new Set(FEATURE_PERMISSIONS.flatMap((entry) => entry.permissions))];

describe('fine-grained personal access tokens', function () {
  this.timeout(120_000);
  // Signed out: the only way in is the sign-in flow, with a fine-grained token that lacks one permission.
  const session = useVscodeSession({
    name: 'fine-grained',
    double: { tokens: [{ token: DEFAULT_TOKEN, scopes: ['api'] }, { token: NO_TODOS_TOKEN, scopes: [], permissions: SIGN_IN_PERMISSIONS.filter((name) => name !== 'read_todo') }] },
  });

  it('sign-in names the permissions feature by feature; the To-Do List, refused, says which one in one calm line', async function () {
    const { workbench, double, page } = session();
    await workbench.openViewContainer(VIEW_CONTAINER);
    await workbench.runCommand('GitLab: Sign In…');
    await workbench.waitForQuickInput('URL of the GitLab instance');
    await page.keyboard.press('Enter');
    await workbench.waitForQuickInput('Sign in to GitLab (2/2)');
    const prompt = await workbench.waitForQuickInputMessage(/Personal access token/);
    await workbench.screenshot('fine-grained-sign-in');
    await workbench.answerQuickInput(NO_TODOS_TOKEN, { expect: 'Sign in to GitLab (2/2)' });
    await workbench.waitForQuickInputClosed();
    for (const line of [
      'Activity: read_event, read_project',
      'Notification settings: read_notification_setting, update_notification_setting, read_group, read_project',
      'To-Do List: read_todo, update_todo, read_user_preference',
      'Subscriptions: read_work_item, read_merge_request, read_label, read_group, read_project, subscribe_issue, subscribe_merge_request, subscribe_work_item, subscribe_label',
      'Why am I notified: read_work_item, read_merge_request, read_notification_setting, subscribe_issue, subscribe_merge_request, subscribe_work_item',
    ]) assert.ok(prompt.includes(line), `the prompt does not name "${line}": ${prompt}`);
    await workbench.waitForNotification(`Signed in to ${new URL(double!.url).host}.`);

    // GitLab refused the To-Do List for want of `read_todo`: the view says so once, calmly, naming it; no error row.
    const todos = await openTodoList(workbench);
    await waitForExtensionRequest(double!, (r) => r.path === '/api/v4/todos' && r.status === 403);
    const line = 'read_todo missing: To-Do List needs it. Sign in with a fine-grained token that has it to see this here.';
    const items = await todos.waitForTree('the calm line', (rows) => rows.length > 0 && !rows.some((row) => row.label === 'Loading…') && rows);
    assert.deepEqual(items.map((row) => row.label), [line]);
    await workbench.screenshot('fine-grained-todos-refused');
    // The Activity view, whose permissions the token has, shows events.
    await workbench.setViewExpanded(ACTIVITY_VIEW, true);
    await workbench.tree(ACTIVITY_VIEW).waitForTree('My Activity\'s events', (rows) => rows.some((row) => row.level > 1 && row.label !== 'Loading…'));
  });
});

/**
 * A GitLab of 19.3: an epic of a group the person is no member of shows in Subscriptions, and new to-dos follow the
 * working hours set in GitLab. One "now" for the extension and its GitLab: a Saturday 10:00 UTC (the zone of both),
 * moved to the Monday after, 09:00, when the hours begin.
 */
describe('GitLab 19.3: epics everywhere, working hours', function () {
  this.timeout(180_000);
  const clock = new TestClock('gitlab-19-3');
  let saturday = 0;
  before(function () {
    const today = Math.floor(Date.now() / DAY) * DAY;
    // 1 January 1970 was a Thursday: day n is a Saturday when n % 7 === 2.
    saturday = today - ((((today / DAY) % 7) - 2 + 7) % 7) * DAY + 10 * HOUR;
    clock.set(saturday);
  });
  after(async function () {
    const { workbench } = session();
    await workbench.openViewContainer(VIEW_CONTAINER);
    await workbench.setViewExpanded(ACTIVITY_VIEW, true);
  });
  const session = useSignedInSession({
    name: 'gitlab-19-3',
    fresh: 'it moves its clock and adds to-dos',
    double: { graphql: '19.3', now: clock.now },
    env: { ...clock.env, TZ: 'UTC' },
    // The new to-do check runs every second: it only shows something for new to-dos, which only the test adds. Pages
    // of 5: every section of the Subscriptions view fits the side bar.
    settings: { 'gitlabActivity.pollInterval': 1, 'gitlabActivity.pageSize': 5 },
  });

  it('lists an epic of a group the person is no member of, read through currentUser.workItems', async function () {
    const { workbench, double } = session();
    await workbench.openViewContainer(VIEW_CONTAINER);
    await workbench.waitForView(SUBSCRIPTIONS_VIEW);
    await workbench.setViewExpanded(SUBSCRIPTIONS_VIEW, true);
    await workbench.setViewExpanded(ACTIVITY_VIEW, false);
    const epic = double!.data.issuables.find((item) => item.id === 9003)!;
    const reference = `community&${epic.iid}`;
    const tree = workbench.tree(SUBSCRIPTIONS_VIEW);
    await tree.waitForTree(`the epic ${reference}`, (rows) => rows.some((row) => row.label.replace(/\u200b/g, '') === `${reference} ${epic.title}`), 60_000);
    assert.ok(double!.requests.some((r) => r.path === '/api/graphql' && /subscribedEpicsEverywhere/.test(r.body ?? '')));
    assert.ok(!double!.requests.some((r) => r.path === '/api/graphql' && /query subscribedEpics\(/.test(r.body ?? '')), 'no group walk');
    await workbench.screenshot('subscriptions-epic-outside-groups');
    await workbench.setViewExpanded(SUBSCRIPTIONS_VIEW, false);
  });

  it('holds a new to-do outside the working hours, and shows one summary when they begin', async function () {
    const { workbench, double } = session();
    double!.data.users.find((user) => user.id === 1)!.mobilePushWorkingHours = {
      enabled: true, start: 9 * 60, end: 17 * 60, days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'], timeZone: 'UTC',
    };
    await openTodoList(workbench);
    const isCheck = (r: { method: string; path: string; query: Record<string, string> }) => r.method === 'GET' && r.path === '/api/v4/todos' && r.query.per_page === '20';
    // A check has read the list, so what comes next is new.
    await waitForExtensionRequest(double!, (r) => isCheck(r) && r.status === 200, 30_000);
    const held = /^New to-dos held until the working hours set in GitLab begin: 1$/;
    const already = session().countLogLines(held);
    double!.addTodo({
      action: 'review_requested', targetType: 'MergeRequest', authorId: 3, projectId: 1,
      target: { id: 39_002, iid: 4243, title: 'Weekend change', state: 'opened' },
    });
    // Saturday: GitLab's working hours were read, and the to-do held; the marker comes after the decision.
    await session().waitForLogLine(held, already);
    assert.ok(double!.requests.some((r) => r.path === '/api/v4/user/preferences' && r.status === 200));
    assert.ok(!(await workbench.notifications()).some((text) => text.includes('!4243')), 'told outside the working hours');

    // Monday 09:00: the hours begin; one summary.
    await clock.moveTo(session(), saturday + 2 * DAY - HOUR);
    const toast = await workbench.waitForNotification('You have 1 new to-do from outside your working hours.', 30_000);
    assert.deepEqual((await toast.locator('a.monaco-button').allInnerTexts()).map((text) => text.trim()), ['Open']);
    await workbench.screenshot('working-hours-summary');
    // Once: later checks say nothing more.
    const checks = double!.requests.filter(isCheck).length;
    await waitFor('two more checks', () => double!.requests.filter(isCheck).length >= checks + 2);
    assert.equal((await workbench.notifications()).filter((text) => text.includes('from outside your working hours')).length, 1);
  });
});
