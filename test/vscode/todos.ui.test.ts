import assert from 'node:assert/strict';
import type { Locator } from 'playwright-core';
import type { DoubleTodo } from '../double/world/types';
import {
  chooseTodoList, extensionRequests, markRowDone, mutatedTodos, openTodoList, mutationsOf, TestClock, useSignedInSession, waitFor, waitForExtensionRequest,
  type RunningDouble, type SentMutation,
} from './harness';
import { pickContextMenuItem } from './harness/context-menu';
import { hoverFor } from './harness/hover';
import { ACTIVITY_VIEW, TODO_VIEW, VIEW_CONTAINER } from './harness/workbench';

/** The view reads pages of 50; the new to-do check reads the first 20: their requests are told apart by that. */
const PAGE_SIZE = 50;
const isCheck = (r: { method: string; path: string; query: Record<string, string> }) =>
  r.method === 'GET' && r.path === '/api/v4/todos' && r.query.per_page === '20';
/** A title that would be a command link and an icon if any surface read it as markup. */
const HOSTILE_TITLE = '[quit](command:workbench.action.quit) $(bug) <img src=x>';
/** The first of the double's hostile to-dos (`hostileNames`): an issue titled with markup. */
const HOSTILE_ISSUE_TITLE = '<img src=x onerror=alert(1)>';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The row of an issue of the double's cast that the snooze test gives a second to-do, and its reasons and place. */
const CRASH_ROW = '#1 Crash on save';
const CRASH_REASONS = 'Added to your To-Do List by Alex Rivera · Assigned to you by Jordan Lee · acme/website';
/** The row of the cast's issue that GitLab has snoozed for 3 hours from the world's making: until 09:00 here. */
const BILLING_ROW = '#1 Billing export times out';

const todoOf = (double: RunningDouble, id: number): DoubleTodo => double.data.todos.find((todo) => todo.id === id)!;
/** User 1's to-dos GitLab counts as pending (its pending listing's X-Total, and what todosMarkAllDone takes). */
const pendingNotSnoozed = (double: RunningDouble, now: Date): DoubleTodo[] => double.data.todos.filter((todo) =>
  todo.userId === 1 && todo.state === 'pending' && !(todo.snoozedUntil && Date.parse(todo.snoozedUntil) > now.getTime()));
const nameOf = (double: RunningDouble, userId: number): string => double.data.users.find((user) => user.id === userId)!.name;

/** The GraphQL mutations of one of `names` that the extension sent from `since` (ms) on, as GitLab read them. */
const sentMutations = (double: RunningDouble, since: number, names: readonly string[]): SentMutation[] =>
  extensionRequests(double, (r) => r.at >= since).flatMap(mutationsOf).filter((mutation) => names.includes(mutation.name));

/** Elements a payload could have made, and links to commands or scripts, and icons drawn from `$(…)`, inside `root`. */
async function dangerousElements(root: Locator): Promise<{ images: number; scripts: number; badLinks: string[]; bugIcons: number }> {
  return root.evaluate((element) => ({
    images: element.querySelectorAll('img').length,
    scripts: element.querySelectorAll('script').length,
    badLinks: Array.from(element.querySelectorAll('a[href]')).map((a) => a.getAttribute('href') ?? '')
      .filter((href) => /^(command|javascript):/i.test(href)),
    bugIcons: element.querySelectorAll('.codicon-bug').length,
  }));
}

/** The To-Do List view against the double's fixed cast of to-dos (with its hostile ones): one row per thing. */
describe('To-Do List view', function () {
  this.timeout(180_000);
  // One "now" for the extension and its GitLab (which decides by its own clock what is still snoozed): the last 06:00
  // UTC, the extension's zone being UTC (below), so the snooze test's "For 1 Hour" from 07:00 ends at 08:00 that day,
  // shown as "08:00", whatever the time the suite runs. Set before the double makes its world around it.
  const clock = new TestClock('todos');
  let today = 0;
  before(function () {
    today = Math.floor((Date.now() - 6 * HOUR) / DAY) * DAY;
    clock.set(today + 6 * HOUR);
  });
  // The new to-do check runs every second here: it only shows something for new to-dos, which only the test adds.
  const session = useSignedInSession({
    name: 'todos',
    fresh: 'it adds to-dos to its GitLab, marks some done for good, and moves its clock',
    double: { hostileNames: true, now: clock.now },
    env: { ...clock.env, TZ: 'UTC' },
    settings: { 'gitlabActivity.pageSize': PAGE_SIZE, 'gitlabActivity.pollInterval': 1 },
  });

  it('shows a row per thing with its reasons in words, unknown actions by name, only in its own view', async function () {
    const { workbench } = session();
    const todos = await openTodoList(workbench);
    await todos.waitForTree('the row "#1 Typo in the handbook" with "Mentioned by"', (items) =>
      items.some((item) => item.label === '#1 Typo in the handbook' && item.description.startsWith('Mentioned by ')), 90_000);
    // An action no client knows yet is shown by its name, never dropped.
    await todos.waitForTree('a row with the unknown action by name', (items) => items.some((item) => item.description.includes('policy violation detected')));
    // The Activity view's readers stay in its own pane: the To-Do rows beside it are not its rows.
    assert.ok(!(await workbench.treeItems()).some((item) => item.label === '#1 Typo in the handbook'), 'a to-do row read as an Activity row');
  });

  it('groups a second to-do about the same merge request into its row, each reason once', async function () {
    const { workbench, double } = session();
    const todos = await openTodoList(workbench);
    const review = double!.data.todos.find((todo) => todo.action === 'review_requested' && todo.target.title === 'Add cache')!;
    double!.addTodo({ action: 'approval_required', targetType: 'MergeRequest', target: { ...review.target }, projectId: review.projectId, authorId: 5 });
    await workbench.clickViewTitleAction('Refresh To-Do List', 20_000, TODO_VIEW);
    const label = `!${review.target.iid} Add cache`;
    const reasons = `Approval required · Review requested by ${nameOf(double!, review.authorId)} · `;
    // The row is there before the refresh too, with one reason: wait for both.
    await todos.waitForTree(`the row "${label}" with both reasons`, (items) =>
      items.some((item) => item.label === label && item.description.startsWith(reasons)));
    assert.equal((await todos.treeItems()).filter((item) => item.label === label).length, 1, 'one row for the two to-dos');
  });

  it('marks a row\'s to-dos done in GitLab, and Undo restores them there', async function () {
    const { workbench, double } = session();
    const todos = await openTodoList(workbench);
    const review = double!.data.todos.find((todo) => todo.action === 'review_requested' && todo.target.title === 'Add cache')!;
    const ids = double!.data.todos.filter((todo) => todo.target.id === review.target.id && todo.state === 'pending').map((todo) => todo.id);
    assert.equal(ids.length, 2);
    const label = `!${review.target.iid} Add cache`;
    await todos.waitForTree(`the row "${label}"`, (items) => items.some((item) => item.label === label));
    const since = double!.requests.length;

    const done = await markRowDone(session(), todos, { label, ids, message: `Marked !${review.target.iid} as done.` });
    assert.ok(extensionRequests(double!).slice(since).some((r) => r.method === 'POST' && r.path === '/api/graphql' && /todoResolveMany/.test(r.body ?? '')),
      'done through GitLab\'s todoResolveMany');
    await done.undo();
  });

  it('shows hostile titles and bodies as text: no element, command link or icon made from them', async function () {
    const { workbench, page } = session();
    const todos = await openTodoList(workbench);
    // The issue's row (its reference, then the title); the project's access request is named by the same text alone.
    const row = await todos.waitForTree('the hostile issue\'s row', (items) =>
      items.find((item) => /^#\d+ /.test(item.label) && item.label.endsWith(HOSTILE_ISSUE_TITLE)));
    assert.deepEqual(await dangerousElements(todos.pane), { images: 0, scripts: 0, badLinks: [], bugIcons: 0 });
    const hover = await hoverFor(page, todos.treeRowLabelled(row.label), HOSTILE_ISSUE_TITLE);
    assert.deepEqual(await dangerousElements(hover), { images: 0, scripts: 0, badLinks: [], bugIcons: 0 });
    await page.mouse.move(1, 1);
  });

  it('tells of a new review request found by a check, and its Done marks it done in GitLab', async function () {
    const { workbench, double } = session();
    const todos = await openTodoList(workbench);
    // A check has read the list, so what comes next is new.
    await waitForExtensionRequest(double!, (r) => isCheck(r) && r.status === 200, 30_000);
    const added = double!.addTodo({
      action: 'review_requested', targetType: 'MergeRequest', authorId: 3, projectId: 1,
      target: { id: 39_001, iid: 4242, title: HOSTILE_TITLE, state: 'opened' },
    });

    const toast = await workbench.waitForNotification('Review requested: !4242', 30_000);
    // The check read it: it is a row of Pending at once, with no refresh of the list.
    await todos.waitForTree('the new to-do as a row', (items) => items.some((item) => item.label.startsWith('!4242 ')));
    const shown = ((await toast.locator('.notification-list-item-message').innerText()) ?? '').replace(/\u200b/g, '');
    assert.equal(shown, `Review requested: !4242 ${HOSTILE_TITLE}`, 'the title reads as GitLab sent it');
    assert.deepEqual(await dangerousElements(toast), { images: 0, scripts: 0, badLinks: [], bugIcons: 0 });
    const buttons = await toast.locator('a.monaco-button').allInnerTexts();
    assert.deepEqual(buttons.map((text) => text.trim()), ['Open', 'Done', 'Snooze 1 Hour']);
    assert.equal((await workbench.notifications()).filter((text) => text.includes('Review requested: !4242')).length, 1, 'one notification');

    await toast.locator('a.monaco-button', { hasText: 'Done' }).click();
    await waitFor('the new to-do done in GitLab', () => todoOf(double!, added.id).state === 'done');
    await todos.waitForTree('the To-Do List without it', (items) => items.length > 0 && !items.some((item) => item.label.startsWith('!4242 ')));
  });

  it('marks all done in GitLab after a confirmation, and Undo restores exactly those', async function () {
    const { workbench, double } = session();
    const todos = await openTodoList(workbench);
    // Every pending to-do that is not snoozed, as GitLab's todosMarkAllDone takes them, the one whose target the user
    // cannot read (and the list does not show) included.
    const listed = pendingNotSnoozed(double!, clock.now()).map((todo) => todo.id);
    assert.ok(listed.length > 10);
    const doneBefore = double!.data.todos.filter((todo) => todo.userId === 1 && todo.state === 'done').map((todo) => todo.id);
    await todos.waitForTree('the To-Do rows', (items) => items.some((item) => item.label === '#1 Typo in the handbook'));

    await workbench.clickViewTitleAction('Mark All as Done', 20_000, TODO_VIEW);
    const confirm = await workbench.waitForNotification('Mark every pending to-do as done?');
    await confirm.locator('a.monaco-button', { hasText: 'Mark All' }).click();
    const toast = await workbench.waitForNotification(`Marked ${listed.length} to-dos as done.`);
    await waitFor('every listed to-do done in GitLab', () => listed.every((id) => todoOf(double!, id).state === 'done'));
    await todos.waitForTree('"Nothing to do."', (items) => items.length === 1 && items[0].label === 'Nothing to do.');
    const snoozed = double!.data.todos.filter((todo) => todo.userId === 1 && todo.snoozedUntil && Date.parse(todo.snoozedUntil) > clock.now().getTime());
    assert.ok(snoozed.length > 0 && snoozed.every((todo) => todo.state === 'pending'), 'snoozed to-dos stay as they were');

    await toast.locator('a.monaco-button', { hasText: 'Undo' }).click();
    await waitFor('every listed to-do pending again in GitLab', () => listed.every((id) => todoOf(double!, id).state === 'pending'));
    assert.ok(doneBefore.every((id) => todoOf(double!, id).state === 'done'), 'Undo restored only what Mark All marked');
    await todos.waitForTree('the rows back', (items) => items.some((item) => item.label === '#1 Typo in the handbook'));
  });

  it('unsnoozes a row of the Snoozed list in GitLab, and the row is pending again', async function () {
    const { workbench, double, page } = session();
    const todos = await openTodoList(workbench);
    const billing = double!.data.todos.find((todo) => todo.userId === 1 && todo.target.title === 'Billing export times out')!;
    await chooseTodoList(workbench, 'Snoozed');
    await todos.waitForTree(`the row "${BILLING_ROW}" until 09:00`, (items) =>
      items.some((item) => item.label === BILLING_ROW && item.description === 'Mentioned by Casey Kim · acme/platform/billing · until 09:00'));
    const since = Date.now();

    await pickContextMenuItem(page, todos.treeRowLabelled(BILLING_ROW), 'Unsnooze');
    await todos.waitForTree(`the row "${BILLING_ROW}" to leave the Snoozed list`, (items) =>
      items.length > 0 && !items.some((item) => item.label === BILLING_ROW));
    await workbench.waitForNotification('#1 is pending again.');
    assert.deepEqual(sentMutations(double!, since, ['todoUnSnooze', 'todoUnsnoozeMany']).flatMap(mutatedTodos), [billing.id],
      'unsnoozed through GitLab\'s todoUnSnooze or todoUnsnoozeMany');
    assert.deepEqual([todoOf(double!, billing.id).state, todoOf(double!, billing.id).snoozedUntil], ['pending', null]);

    await chooseTodoList(workbench, 'Pending');
    await todos.waitForTree(`the row "${BILLING_ROW}" in Pending`, (items) =>
      items.some((item) => item.label === BILLING_ROW && item.description.startsWith('Mentioned by Casey Kim · acme/platform/billing · ')));
  });

  it('snoozes a row for an hour in GitLab: out of Pending at once, in Snoozed "until 08:00", back in Pending once the clock has passed it', async function () {
    const { workbench, double, page } = session();
    const todos = await openTodoList(workbench);
    const crash = double!.data.todos.find((todo) => todo.userId === 1 && todo.target.title === 'Crash on save')!;
    // A second to-do about the issue, the user's own (which no notification announces): the row snoozes both.
    double!.addTodo({ action: 'marked', targetType: 'Issue', target: { ...crash.target }, projectId: crash.projectId, authorId: 1 });
    const ids = double!.data.todos.filter((todo) => todo.userId === 1 && todo.target.id === crash.target.id && todo.state === 'pending')
      .map((todo) => todo.id);
    assert.equal(ids.length, 2);
    await workbench.clickViewTitleAction('Refresh To-Do List', 20_000, TODO_VIEW);
    await todos.waitForTree(`the row "${CRASH_ROW}" with both reasons`, (items) =>
      items.some((item) => item.label === CRASH_ROW && item.description.startsWith(`${CRASH_REASONS} · `)));

    await clock.moveTo(session(), today + 7 * HOUR);
    // GitLab's answer is held, so the row is seen to leave Pending before it comes.
    double!.inject({ fault: { kind: 'latency', ms: 120_000 }, method: 'POST', path: '/api/graphql' });
    const since = Date.now();
    await pickContextMenuItem(page, todos.treeRowLabelled(CRASH_ROW), 'Snooze…');
    await workbench.waitForQuickInput('Snooze #1');
    const presets = await workbench.quickPickEntries();
    assert.deepEqual(presets.map((entry) => entry.label), ['For 1 Hour', 'Until Tomorrow 09:00', 'Until Next Monday 09:00', 'Until a Date…']);
    assert.equal(presets[0].description, '08:00');
    const chosen = clock.now().getTime();
    await workbench.pickQuickItem(/^For 1 Hour$/);
    const held = await double!.waitForArrival((r) => r.at >= since && mutationsOf(r).some((m) => m.name.startsWith('todoSnooze')), 20_000);
    const sent = clock.now().getTime();
    await todos.waitForTree(`the row "${CRASH_ROW}" to leave Pending before GitLab answers`, (items) =>
      items.length > 0 && !items.some((item) => item.label === CRASH_ROW));
    assert.equal(held.status, 0, 'GitLab had answered before the row left');
    double!.releaseHeld();
    await workbench.waitForNotification('Snoozed #1 until 08:00.');

    // GitLab's snooze of each of the row's to-dos, to an hour after the choice by the extension's clock (08:00 and the
    // seconds the choice took).
    const snoozes = sentMutations(double!, since, ['todoSnooze', 'todoSnoozeMany']);
    assert.deepEqual(snoozes.flatMap(mutatedTodos).sort((a, b) => a - b), ids, 'snoozed through GitLab\'s todoSnooze or todoSnoozeMany');
    const ends = [...new Set(snoozes.map((mutation) => mutation.input.snoozeUntil))];
    assert.equal(ends.length, 1, `one end for the row: ${ends.join(', ')}`);
    const until = Date.parse(String(ends[0]));
    assert.ok(until >= chosen + HOUR && until <= sent + HOUR, `${String(ends[0])} is not an hour after ${new Date(chosen).toISOString()}`);
    for (const id of ids) assert.deepEqual([todoOf(double!, id).state, todoOf(double!, id).snoozedUntil], ['pending', new Date(until).toISOString()]);

    await chooseTodoList(workbench, 'Snoozed');
    await todos.waitForTree(`the row "${CRASH_ROW}" until 08:00`, (items) =>
      items.some((item) => item.label === CRASH_ROW && item.description === `${CRASH_REASONS} · until 08:00`));
    // Read again from GitLab, Pending still leaves it out (it would be the first row: its newest to-do is the newest).
    await chooseTodoList(workbench, 'Pending');
    await todos.waitForTree(`Pending without "${CRASH_ROW}"`, (items) => items.length > 0 && !items.some((item) => item.label === CRASH_ROW));

    await clock.moveTo(session(), today + 8 * HOUR + 5 * MINUTE);
    await workbench.clickViewTitleAction('Refresh To-Do List', 20_000, TODO_VIEW);
    await todos.waitForTree(`the row "${CRASH_ROW}" back in Pending`, (items) =>
      items.some((item) => item.label === CRASH_ROW && item.description.startsWith(`${CRASH_REASONS} · `)));
    // GitLab ends a snooze passively: the to-dos keep their end, which has passed.
    for (const id of ids) assert.equal(todoOf(double!, id).snoozedUntil, new Date(until).toISOString());
  });
});

/** More pending to-dos than a page: what the list counts and marks is GitLab's, not the page loaded. */
describe('To-Do List view past its first page', function () {
  this.timeout(180_000);
  const session = useSignedInSession({
    name: 'todos-pages',
    // 50 more pending to-dos than the cast, read 20 a page: the first page is a small part of the list.
    double: { todos: 50 },
    settings: { 'gitlabActivity.pageSize': 20, 'gitlabActivity.pollInterval': 0 },
  });

  it('counts GitLab\'s total on its badge, marks every pending to-do done over all pages, and Undo restores exactly those', async function () {
    const { workbench, double } = session();
    const now = new Date();
    const pending = pendingNotSnoozed(double!, now).map((todo) => todo.id);
    const doneBefore = double!.data.todos.filter((todo) => todo.userId === 1 && todo.state === 'done').map((todo) => todo.id);
    assert.ok(pending.length > 60, `${pending.length} pending`);
    const todos = await openTodoList(workbench);
    await todos.waitForTree('the first page of rows', (items) => items.length > 5);
    // The container's badge names the count in its entry's label ("… 89 pending to-dos"), and shows the number.
    await waitFor(`the badge "${pending.length} pending to-dos"`, async () => {
      const label = (await workbench.activityBarItem(VIEW_CONTAINER).first().getAttribute('aria-label')) ?? '';
      const count = (await workbench.activityBarBadge(VIEW_CONTAINER).first().textContent().catch(() => ''))?.trim();
      return !label.includes('At least') && (label.includes(`${pending.length} pending to-dos`) || count === String(pending.length));
    });

    await workbench.clickViewTitleAction('Mark All as Done', 20_000, TODO_VIEW);
    const confirm = await workbench.waitForNotification('Mark every pending to-do as done?');
    await confirm.locator('a.monaco-button', { hasText: 'Mark All' }).click();
    const toast = await workbench.waitForNotification(`Marked ${pending.length} to-dos as done.`);
    await waitFor('every pending to-do done in GitLab, past the first page', () => pending.every((id) => todoOf(double!, id).state === 'done'));
    await todos.waitForTree('"Nothing to do."', (items) => items.length === 1 && items[0].label === 'Nothing to do.');

    await toast.locator('a.monaco-button', { hasText: 'Undo' }).click();
    await waitFor('exactly those pending again in GitLab', () => pending.every((id) => todoOf(double!, id).state === 'pending'));
    assert.ok(doneBefore.every((id) => todoOf(double!, id).state === 'done'), 'Undo restored only what Mark All marked');
    await todos.waitForTree('the rows back', (items) => items.length > 5);
  });
});

/** A server of the interface spec alone has no To-Do List: the view says so in one calm line, and nothing fails. */
describe('To-Do List view on a server without one', function () {
  this.timeout(180_000);
  const session = useSignedInSession({
    name: 'todos-spec-only',
    double: { specOnly: true },
    settings: { 'gitlabActivity.pollInterval': 1 },
  });

  it('shows one calm line instead of an error, no title bar actions, and no notification', async function () {
    const { workbench, double } = session();
    const todos = await openTodoList(workbench);
    const items = await todos.waitForTree('the calm line', (rows) => rows.length === 1 && rows[0].label === 'This GitLab server has no To-Do List.' && rows);
    assert.equal(items.length, 1);
    // The new to-do check asked too, was told the same, and stopped asking there.
    await waitForExtensionRequest(double!, (r) => isCheck(r) && r.status === 404, 30_000);
    assert.deepEqual(await workbench.notifications(), []);
    // Nothing there to filter, switch, mark or refresh: the view's title bar has none of it (not even hidden until a
    // hover shows it: the buttons are gone from the page).
    await waitFor('no title bar actions in the To-Do List', async () =>
      (await Promise.all(['Filter To-Dos…', 'Switch To-Do List (Pending, Snoozed, Done)…', 'Mark All as Done', 'Refresh To-Do List']
        .map((label) => workbench.viewTitleAction(label, TODO_VIEW).count()))).every((count) => count === 0));
    // The Activity view beside it works as ever (and is left open for the next suite).
    await workbench.setViewExpanded(ACTIVITY_VIEW, true);
    await workbench.waitForTreeRow('My Activity');
  });
});
