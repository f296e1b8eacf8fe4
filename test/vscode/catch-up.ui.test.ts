import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { issuableSubscribed } from '../double/subscriptions/store';
import { reassign } from '../double/world/touch';
import type { DoubleIssuable } from '../double/world/types';
import { changeSettingElsewhere, settingsApiPath } from './harness/double-control';
import { extensionRequests, mutationsOf, signInThroughFlow, useSignedInSession, waitFor, type RunningDouble } from './harness';
import { pickContextMenuItem } from './harness/context-menu';
import { closeCatchUp, comment, openCatchUp, OTHER, projectPath, rowOf, sharesReferenceWithTodo, shown, subscribedIssue, USER } from './harness/catch-up';
import type { TreeItemView } from './harness/view-tree';

/** Issues of projects the extension's lists read, newest first, that `pick` accepts and no generated to-do names. */
function issuesWhere(double: RunningDouble, pick: (issue: DoubleIssuable) => boolean, userId = USER): DoubleIssuable[] {
  return double.data.issuables
    .filter((item) => item.model === 'Issue' && item.projectId !== null && item.state === 'opened' && pick(item) && !sharesReferenceWithTodo(double, item, userId))
    .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
}

const referenceOf = (double: RunningDouble, issue: DoubleIssuable) => `${projectPath(double, issue.projectId)}#${issue.iid}`;
const userName = (double: RunningDouble, id: number) => double.data.users.find((user) => user.id === id)!.name;

/** The workbench's modal dialog once shown: its message and buttons. */
async function modalDialog(page: Page): Promise<{ message: string; buttons: string[] }> {
  const box = page.locator('.monaco-dialog-box');
  await box.first().waitFor({ state: 'visible', timeout: 20_000 });
  return {
    message: (await box.locator('.dialog-message-text').first().innerText()).trim(),
    buttons: (await box.locator('.dialog-buttons .monaco-button').allInnerTexts()).map((text) => text.trim()),
  };
}

/** The settings PUTs of project `path` the double answered since `since` (ms), with the level each asked for. */
function levelPuts(double: RunningDouble, path: string, since: number): string[] {
  const paths = new Set([settingsApiPath('project', path).replace(/%2F/g, '/'), settingsApiPath('project', path)]);
  return extensionRequests(double, (r) => r.at >= since && r.method === 'PUT' && (paths.has(r.path) || paths.has(r.rawPath)) && r.status === 200)
    .map((r) => r.query.level ?? (r.body ? (JSON.parse(r.body) as { level?: string }).level ?? '' : ''));
}

/**
 * The Catch Up view against the double: a comment by someone else on a subscribed issue shows as "1 comment by …",
 * user 1's own comment is left out; Mark as Seen clears the row and the next comment brings it back counted alone; a
 * row opens to its events; its actions (Mark as Done, Unsubscribe, Mute E-mail for This Project with Undo) reach
 * GitLab; Watching shows; server text stays plain.
 */
describe('Catch Up view', function () {
  this.timeout(150_000);
  const session = useSignedInSession({ name: 'catch-up', settings: { 'gitlabActivity.pageSize': 20 } });

  it('a new comment on a subscribed issue shows as "1 comment by …"; own activity is left out; Mark as Seen clears the row, and the next comment brings it back as "1 comment"', async function () {
    const { workbench, double, page } = session();
    const issue = subscribedIssue(double!);
    const reference = referenceOf(double!, issue);
    const other = userName(double!, OTHER);
    comment(double!, issue, USER, 'My own note');
    comment(double!, issue, OTHER, 'A note from someone else');
    const tree = await openCatchUp(workbench);
    await workbench.runCommand('GitLab: Refresh Catch Up');
    const row = await tree.waitForTree(`${reference} with one comment by ${other}`, (items) => {
      const found = rowOf(items, reference);
      return found && shown(found.description).startsWith(`1 comment by ${other}`) && found;
    }, 60_000);
    assert.match(shown(row.description), /Subscribed/);
    assert.doesNotMatch(shown(row.description), /2 comments/, 'own comment left out');
    assert.ok(!shown(row.description).includes(userName(double!, USER)), 'own name not among the commenters');

    // Opened, the row shows its new events as the Activity draws them: the other person's comment, not one's own.
    await tree.expandTreeRow(row.label);
    const events = await tree.waitForTree(`the events under ${reference}`, (items) => {
      const at = items.findIndex((item) => item.label === row.label);
      const under = items.slice(at + 1).filter((item) => item.level === items[at].level + 1);
      return at >= 0 && under.length > 0 && under;
    });
    // Its other news in the first look's window may be there too; one's own comment is not.
    const said = events.map((event) => `${event.label} ${event.description} ${event.ariaLabel}`);
    assert.ok(said.some((text) => text.includes(other)), said.join('\n'));
    assert.ok(!said.some((text) => text.includes(userName(double!, USER))), `own comment under the row:\n${said.join('\n')}`);
    await tree.collapseTreeRow(row.label);
    await tree.waitForTree(`${reference} closed, first`, (items) => {
      const found = rowOf(items, reference);
      return found && found.expanded === false && items[0] === found && shown(found.description).startsWith(`1 comment by ${other}`);
    });

    await pickContextMenuItem(page, tree.treeRowLabelled(row.label), 'Mark as Seen');
    await tree.waitForTree(`${reference} gone`, (items) => !rowOf(items, reference));

    comment(double!, issue, OTHER, 'Another note');
    await workbench.runCommand('GitLab: Refresh Catch Up');
    const back = await tree.waitForTree(`${reference} back with its comments counted`, (items) => {
      const found = rowOf(items, reference);
      return found && /\bcomments? by\b/.test(shown(found.description)) && found;
    }, 60_000);
    assert.ok(shown(back.description).startsWith(`1 comment by ${other}`), `the comment seen is not counted again: ${shown(back.description)}`);
    await pickContextMenuItem(page, tree.treeRowLabelled(back.label), 'Mark as Seen');
    await tree.waitForTree(`${reference} gone again`, (items) => !rowOf(items, reference));

    await closeCatchUp(workbench);
  });

  it('Mark as Done and Unsubscribe on a row reach GitLab, and the row follows at once', async function () {
    const { workbench, double, page } = session();
    const [, issue] = issuesWhere(double!, (item) => issuableSubscribed(double!.data, item, USER));
    assert.ok(issue, 'a second issue user 1 is subscribed to');
    const reference = referenceOf(double!, issue);
    const todo = double!.addTodo({
      userId: USER, authorId: OTHER, action: 'mentioned', targetType: 'Issue', projectId: issue.projectId,
      target: { id: issue.id, iid: issue.iid, title: issue.title, state: 'opened' },
    });
    comment(double!, issue, OTHER, 'Could you look at this, @user1?');
    const tree = await openCatchUp(workbench);
    await workbench.runCommand('GitLab: Refresh Catch Up');
    const row = await tree.waitForTree(`${reference} with its to-do`, (items) => {
      const found = rowOf(items, reference);
      return found && /To-do/.test(shown(found.description)) && found;
    }, 60_000);
    assert.match(shown(row.description), /Subscribed/);

    await pickContextMenuItem(page, tree.treeRowLabelled(row.label), 'Mark as Done');
    await tree.waitForTree(`${reference} without its to-do`, (items) => {
      const found = rowOf(items, reference);
      return found && !/To-do/.test(shown(found.description)) && found;
    });
    await waitFor(`to-do ${todo.id} done in GitLab`, () => double!.data.todos.find((entry) => entry.id === todo.id)?.state === 'done');
    await workbench.waitForNotification(`Marked ${reference} ${issue.title} as done.`);

    const since = Date.now();
    await pickContextMenuItem(page, tree.treeRowLabelled(row.label), 'Unsubscribe');
    await workbench.waitForNotification(`Unsubscribed from ${reference} "${issue.title}".`);
    await waitFor(`${reference} unsubscribed in GitLab`, () => !issuableSubscribed(double!.data, issue, USER));
    assert.ok(extensionRequests(double!, (r) => r.at >= since).flatMap(mutationsOf).some((m) => m.name === 'issueSetSubscription'), 'the mutation reached GitLab');
    // Neither a to-do nor a subscription is left: nothing else makes it matter, and the row goes.
    await tree.waitForTree(`${reference} gone`, (items) => !rowOf(items, reference));
    await closeCatchUp(workbench);
  });

  it('a comment in a watched project says "Watching …"; Mute E-mail for This Project sets Participate in GitLab and the row goes; Undo puts Watch back', async function () {
    const { workbench, double, page } = session();
    const subscribed = subscribedIssue(double!);
    const [issue] = issuesWhere(double!, (item) => item.projectId === subscribed.projectId && !issuableSubscribed(double!.data, item, USER)
      && item.authorId !== USER && !(item.assigneeIds ?? []).includes(USER));
    assert.ok(issue, 'an issue of that project user 1 has no part in');
    const path = projectPath(double!, issue.projectId);
    const reference = referenceOf(double!, issue);
    await changeSettingElsewhere(double!, { scope: 'project', id: path, level: 'watch' });
    comment(double!, issue, OTHER, 'News for watchers');
    const tree = await openCatchUp(workbench);
    await workbench.runCommand('GitLab: Refresh Catch Up');
    const row = await tree.waitForTree(`${reference} watched`, (items) => {
      const found = rowOf(items, reference);
      return found && shown(found.description).includes(`Watching ${path}`) && found;
    }, 60_000);

    const since = Date.now();
    await pickContextMenuItem(page, tree.treeRowLabelled(row.label), 'Mute E-mail for This Project…');
    const dialog = await modalDialog(page);
    assert.equal(dialog.message, `Lower the e-mail GitLab sends you about ${path}?`);
    assert.ok(dialog.buttons.includes('Participate') && dialog.buttons.includes('Disabled'), dialog.buttons.join(', '));
    await page.locator('.monaco-dialog-box .dialog-buttons .monaco-button').getByText('Participate', { exact: true }).click();
    await tree.waitForTree(`${reference} gone once its project is not watched`, (items) => !rowOf(items, reference));
    const toast = await workbench.waitForNotification(`E-mail for ${path} is now Participate.`);
    assert.deepEqual(levelPuts(double!, path, since), ['participating']);

    await toast.locator('a.monaco-button', { hasText: 'Undo' }).click();
    await workbench.waitForNotification(`E-mail for ${path} is back to Watch.`);
    assert.deepEqual(levelPuts(double!, path, since), ['participating', 'watch']);
    await tree.waitForTree(`${reference} back`, (items) => rowOf(items, reference));
    await pickContextMenuItem(page, tree.treeRowLabelled(row.label), 'Mark as Seen');
    await tree.waitForTree(`${reference} seen`, (items) => !rowOf(items, reference));
    await changeSettingElsewhere(double!, { scope: 'project', id: path, level: 'global' });
    await closeCatchUp(workbench);
  });

  it('hostile titles and names are shown as plain text: no link, no icon, no markup', async function () {
    const { workbench, double, page } = session();
    const [, , issue] = issuesWhere(double!, (item) => issuableSubscribed(double!.data, item, USER));
    assert.ok(issue, 'a third issue user 1 is subscribed to');
    const reference = referenceOf(double!, issue);
    const other = double!.data.users.find((user) => user.id === OTHER)!;
    const [title, name] = [issue.title, other.name];
    issue.title = `[quit](command:workbench.action.quit) $(zap) <img src=x onerror="window.__catchUpHostile=1"> ${title}`;
    other.name = `$(alert) <b>${name}</b> [x](command:workbench.action.quit)`;
    try {
      comment(double!, issue, OTHER, 'Plain words');
      const tree = await openCatchUp(workbench);
      await workbench.runCommand('GitLab: Refresh Catch Up');
      const row = await tree.waitForTree(`${reference} with its hostile title`, (items) => {
        const found = rowOf(items, reference);
        return found && shown(found.description).startsWith('1 comment by') && found;
      }, 60_000);
      assert.equal(shown(row.label), `${reference} ${issue.title}`, 'the title reads as GitLab sent it');
      assert.ok(shown(row.description).startsWith(`1 comment by ${other.name}`), row.description);
      const pane = tree.treeRowLabelled(row.label);
      assert.equal(await pane.locator('img, b, a[href], .codicon-zap, .codicon-alert').count(), 0, 'no element made from the text');
      assert.equal(await page.evaluate(() => (window as unknown as { __catchUpHostile?: number }).__catchUpHostile), undefined);
      await pickContextMenuItem(page, pane, 'Mark as Seen');
      await tree.waitForTree(`${reference} seen`, (items) => !rowOf(items, reference));
    } finally {
      issue.title = title;
      other.name = name;
    }
    await closeCatchUp(workbench);
  });
});

const SECOND_TOKEN = 'glpat-second-instance';
const hostOf = (double: RunningDouble) => new URL(double.url).host;

/** The rows under an instance's root (the next root ends them). */
function rowsUnder(items: TreeItemView[], host: string): TreeItemView[] {
  const at = items.findIndex((item) => item.level === 1 && item.label === host);
  if (at < 0) return [];
  const end = items.findIndex((item, index) => index > at && item.level === 1);
  return items.slice(at + 1, end < 0 ? undefined : end).filter((item) => item.level === 2);
}

/**
 * Two people signed in at once, on two instances: each has a root of their own rows, computed from their own lists,
 * and a thing marked seen by one stays new for the other.
 */
describe('Catch Up view with two accounts', function () {
  this.timeout(150_000);
  const session = useSignedInSession({
    name: 'catch-up-accounts',
    otherDoubles: [{ seed: 2, tokens: [{ token: SECOND_TOKEN, scopes: ['api'], userId: 2 }] }],
    settings: { 'gitlabActivity.pageSize': 20 },
  });

  it('each account has its own rows, and Mark as Seen under one leaves the other\'s', async function () {
    const s = session();
    const { workbench, page } = s;
    const first = s.double!;
    const second = s.others[0];
    await signInThroughFlow(s, SECOND_TOKEN, second.url);
    await workbench.waitForNotification(`Signed in to ${hostOf(second)} as`);
    // Each person's subscribed issue gets a comment by someone else.
    const people = [{ double: first, person: USER, by: OTHER }, { double: second, person: 2, by: 1 }];
    const expected = people.map(({ double, person, by }) => {
      const [issue] = issuesWhere(double, (item) => issuableSubscribed(double.data, item, person), person);
      assert.ok(issue, `an issue user ${person} of ${hostOf(double)} is subscribed to`);
      comment(double, issue, by, `A note for user ${person}`);
      return { host: hostOf(double), reference: referenceOf(double, issue), by: userName(double, by) };
    });
    // The second account watches the project of its subscribed issue: a comment there on an issue it has no part in
    // matters by that level alone, read with the second account's own token (not the active account's).
    const [subscribed] = issuesWhere(second, (item) => issuableSubscribed(second.data, item, 2), 2);
    const [watched] = issuesWhere(second, (item) => item.projectId === subscribed.projectId && !issuableSubscribed(second.data, item, 2)
      && item.authorId !== 2 && !(item.assigneeIds ?? []).includes(2), 2);
    assert.ok(watched, 'an issue of that project user 2 has no part in');
    const watchedPath = projectPath(second, watched.projectId);
    await changeSettingElsewhere(second, { scope: 'project', id: watchedPath, level: 'watch', userId: 2 });
    comment(second, watched, 1, 'News for watchers');
    const tree = await openCatchUp(workbench);
    await workbench.runCommand('GitLab: Refresh Catch Up');
    const [mine, theirs] = expected;
    const newComment = ({ host, reference, by }: typeof mine) => (items: TreeItemView[]) => {
      const found = rowOf(rowsUnder(items, host), reference);
      return found && shown(found.description).startsWith(`1 comment by ${by}`) && found;
    };
    // The tree draws only the rows in sight: the first root is closed to see the second's.
    await tree.waitForTree(`${mine.reference} under ${mine.host}`, newComment(mine), 60_000);
    await tree.collapseTreeRow(mine.host);
    const row = await tree.waitForTree(`${theirs.reference} under ${theirs.host}`, newComment(theirs), 60_000);
    const watchedReference = referenceOf(second, watched);
    await tree.waitForTree(`${watchedReference} under ${theirs.host}, watched`, (items) => {
      const found = rowOf(rowsUnder(items, theirs.host), watchedReference);
      return found && shown(found.description).includes(`Watching ${watchedPath}`) && found;
    });
    const levelReads = extensionRequests(second, (r) => r.method === 'GET' && /\/notification_settings$/.test(r.path));
    assert.ok(levelReads.length > 0 && levelReads.every((r) => r.status === 200), 'the second account\'s levels read on its own instance');
    await pickContextMenuItem(page, tree.treeRowLabelled(row.label, { level: 2 }), 'Mark as Seen');
    await tree.waitForTree(`${theirs.reference} gone under ${theirs.host}`, (items) => !rowOf(rowsUnder(items, theirs.host), theirs.reference));
    await tree.expandTreeRow(mine.host);
    await tree.waitForTree(`${mine.reference} still new under ${mine.host}`, newComment(mine));
    // Each instance was read with its own token only.
    for (const double of [first, second]) {
      assert.deepEqual(extensionRequests(double).filter((r) => r.status === 401).map((r) => `${r.method} ${r.path}`), []);
    }
    await changeSettingElsewhere(second, { scope: 'project', id: watchedPath, level: 'global', userId: 2 });
    await closeCatchUp(workbench);
  });

  it('a reassignment to user 1, which writes no event, shows as "updated" with "Assigned"', async function () {
    const { workbench, double } = session();
    const data = double!.data;
    // An issue the person has nothing to do with in the world as the lists read it: no role, no subscription row, no to-do.
    const issue = data.issuables.find((item) => item.model === 'Issue' && item.projectId !== null && item.projectId !== 7 && item.state === 'opened'
      && item.issueType === 'ISSUE' && item.authorId !== USER && !item.assigneeIds?.includes(USER)
      && !data.subscriptions.some((row) => row.userId === USER && row.subscribableType === 'Issue' && row.subscribableId === item.id)
      && !data.todos.some((todo) => todo.userId === USER && todo.targetType === 'Issue' && todo.projectId === item.projectId && todo.target.iid === item.iid));
    assert.ok(issue, 'the double has an open issue user 1 has nothing to do with');
    const reference = `${projectPath(double!, issue.projectId)}#${issue.iid}`;
    const tree = await openCatchUp(workbench);
    await workbench.runCommand('GitLab: Refresh Catch Up');
    const before = await tree.waitForTree('the Catch Up rows', (items) => items.some((item) => / · /.test(shown(item.description))) && items, 60_000);
    assert.equal(rowOf(before, reference), undefined, `no row for ${reference} before the reassignment`);

    const events = data.events.length;
    reassign(issue, { assigneeIds: [USER] }, new Date());
    assert.equal(data.events.length, events, 'a reassignment writes no event');
    await workbench.runCommand('GitLab: Refresh Catch Up');
    const row = await tree.waitForTree(`${reference} updated`, (items) => {
      const found = rowOf(items, reference);
      return found && shown(found.description).startsWith('updated') && found;
    }, 60_000);
    assert.match(shown(row.description), /^updated · Assigned · /);
    await closeCatchUp(workbench);
  });
});
