import assert from 'node:assert/strict';
import type { Locator } from 'playwright-core';
import type { DoubleTodo } from '../double/world/types';
import { extensionRequests, readFromDouble, useSignedInSession, waitFor, waitForExtensionRequest, type RunningDouble } from './harness';
import { pickContextMenuItem } from './harness/context-menu';
import { hoverFor } from './harness/hover';
import { ACTIVITY_VIEW, TODO_VIEW, VIEW_CONTAINER, type Workbench } from './harness/workbench';

/** The view reads pages of 50; the new to-do check reads the first 20: their requests are told apart by that. */
const PAGE_SIZE = 50;
const isCheck = (r: { method: string; path: string; query: Record<string, string> }) =>
  r.method === 'GET' && r.path === '/api/v4/todos' && r.query.per_page === '20';
/** A title that would be a command link and an icon if any surface read it as markup. */
const HOSTILE_TITLE = '[quit](command:workbench.action.quit) $(bug) <img src=x>';
/** The first of the double's hostile to-dos (`hostileNames`): an issue titled with markup. */
const HOSTILE_ISSUE_TITLE = '<img src=x onerror=alert(1)>';

const todoOf = (double: RunningDouble, id: number): DoubleTodo => double.data.todos.find((todo) => todo.id === id)!;
const nameOf = (double: RunningDouble, userId: number): string => double.data.users.find((user) => user.id === userId)!.name;

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

async function openTodos(workbench: Workbench) {
  await workbench.openViewContainer(VIEW_CONTAINER);
  await workbench.waitForView(TODO_VIEW);
  // The view starts as a collapsed section under Activity; with Activity collapsed it has the side bar's height.
  await workbench.setViewExpanded(TODO_VIEW, true);
  await workbench.setViewExpanded(ACTIVITY_VIEW, false);
  return workbench.tree(TODO_VIEW);
}

/** The To-Do List view against the double's fixed cast of to-dos (with its hostile ones): one row per thing. */
describe('To-Do List view', function () {
  this.timeout(180_000);
  // The new to-do check runs every second here: it only shows something for new to-dos, which only the test adds.
  const session = useSignedInSession({
    name: 'todos',
    fresh: 'it adds to-dos to its GitLab and marks some done for good',
    double: { hostileNames: true },
    settings: { 'gitlabActivity.pageSize': PAGE_SIZE, 'gitlabActivity.pollInterval': 1 },
  });

  it('shows a row per thing with its reasons in words, unknown actions by name, only in its own view', async function () {
    const { workbench } = session();
    const todos = await openTodos(workbench);
    await todos.waitForTree('the row "#1 Typo in the handbook" with "Mentioned by"', (items) =>
      items.some((item) => item.label === '#1 Typo in the handbook' && item.description.startsWith('Mentioned by ')), 90_000);
    // An action no client knows yet is shown by its name, never dropped.
    await todos.waitForTree('a row with the unknown action by name', (items) => items.some((item) => item.description.includes('policy violation detected')));
    // The Activity view's readers stay in its own pane: the To-Do rows beside it are not its rows.
    assert.ok(!(await workbench.treeItems()).some((item) => item.label === '#1 Typo in the handbook'), 'a to-do row read as an Activity row');
  });

  it('groups a second to-do about the same merge request into its row, each reason once', async function () {
    const { workbench, double } = session();
    const todos = await openTodos(workbench);
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
    const { workbench, double, page } = session();
    const todos = await openTodos(workbench);
    const review = double!.data.todos.find((todo) => todo.action === 'review_requested' && todo.target.title === 'Add cache')!;
    const ids = double!.data.todos.filter((todo) => todo.target.id === review.target.id && todo.state === 'pending').map((todo) => todo.id);
    assert.equal(ids.length, 2);
    const label = `!${review.target.iid} Add cache`;
    await todos.waitForTree(`the row "${label}"`, (items) => items.some((item) => item.label === label));
    const since = double!.requests.length;

    await pickContextMenuItem(page, todos.treeRowLabelled(label), 'Mark as Done');
    const toast = await workbench.waitForNotification(`Marked !${review.target.iid} as done.`);
    await todos.waitForTree(`the row "${label}" to go`, (items) => !items.some((item) => item.label === label) && items.length > 0);
    await waitFor('both to-dos done in GitLab', () => ids.every((id) => todoOf(double!, id).state === 'done'));
    assert.ok(extensionRequests(double!).slice(since).some((r) => r.method === 'POST' && r.path === '/api/graphql' && /todoResolveMany/.test(r.body ?? '')),
      'done through GitLab\'s todoResolveMany');

    await toast.locator('a.monaco-button', { hasText: 'Undo' }).click();
    await waitFor('both to-dos pending again in GitLab', () => ids.every((id) => todoOf(double!, id).state === 'pending'));
    await todos.waitForTree(`the row "${label}" back`, (items) => items.some((item) => item.label === label));
  });

  it('shows hostile titles and bodies as text: no element, command link or icon made from them', async function () {
    const { workbench, page } = session();
    const todos = await openTodos(workbench);
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
    const todos = await openTodos(workbench);
    // A check has read the list, so what comes next is new.
    await waitForExtensionRequest(double!, (r) => isCheck(r) && r.status === 200, 30_000);
    const added = double!.addTodo({
      action: 'review_requested', targetType: 'MergeRequest', authorId: 3, projectId: 1,
      target: { id: 39_001, iid: 4242, title: HOSTILE_TITLE, state: 'opened' },
    });

    const toast = await workbench.waitForNotification('Review requested: !4242', 30_000);
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

  it('marks all done in GitLab after a confirmation, and Undo restores them all', async function () {
    const { workbench, double } = session();
    const todos = await openTodos(workbench);
    // What the view lists: GitLab's pending to-dos that are not snoozed and whose target the user can read.
    const listed = (await readFromDouble<Array<{ id: number }>>(double!, '/todos', { per_page: 100 })).body.map((todo) => todo.id);
    assert.ok(listed.length > 10);
    await todos.waitForTree('the To-Do rows', (items) => items.some((item) => item.label === '#1 Typo in the handbook'));

    await workbench.clickViewTitleAction('Mark All as Done', 20_000, TODO_VIEW);
    const confirm = await workbench.waitForNotification('Mark every pending to-do as done?');
    await confirm.locator('a.monaco-button', { hasText: 'Mark All' }).click();
    const toast = await workbench.waitForNotification(`Marked ${listed.length} to-dos as done.`);
    await waitFor('every listed to-do done in GitLab', () => listed.every((id) => todoOf(double!, id).state === 'done'));
    await todos.waitForTree('"Nothing to do."', (items) => items.length === 1 && items[0].label === 'Nothing to do.');
    const snoozed = double!.data.todos.filter((todo) => todo.userId === 1 && todo.snoozedUntil && Date.parse(todo.snoozedUntil) > Date.now());
    assert.ok(snoozed.length > 0 && snoozed.every((todo) => todo.state === 'pending'), 'snoozed to-dos stay as they were');

    await toast.locator('a.monaco-button', { hasText: 'Undo' }).click();
    await waitFor('every listed to-do pending again in GitLab', () => listed.every((id) => todoOf(double!, id).state === 'pending'));
    await todos.waitForTree('the rows back', (items) => items.some((item) => item.label === '#1 Typo in the handbook'));
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

  it('shows one calm line instead of an error, and no notification', async function () {
    const { workbench, double } = session();
    const todos = await openTodos(workbench);
    const items = await todos.waitForTree('the calm line', (rows) => rows.length === 1 && rows[0].label === 'This GitLab server has no To-Do List.' && rows);
    assert.equal(items.length, 1);
    // The new to-do check asked too, was told the same, and stopped asking there.
    await waitForExtensionRequest(double!, (r) => isCheck(r) && r.status === 404, 30_000);
    assert.deepEqual(await workbench.notifications(), []);
    // The Activity view beside it works as ever (and is left open for the next suite).
    await workbench.setViewExpanded(ACTIVITY_VIEW, true);
    await workbench.waitForTreeRow('My Activity');
  });
});
