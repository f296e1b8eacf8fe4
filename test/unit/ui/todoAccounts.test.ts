import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { EventEmitter, fake, FakeMemento, type FakeTreeView } from './fakeVscode';
import { GitLabDouble } from '../../double';
import type { LoggedRequest } from '../../double/types';
import { accountKey } from '../../../src/app/accountKey';
import { TodoClient } from '../../../src/gitlab';
import { COMMANDS } from '../../../src/ids';
import { Log } from '../../../src/ui/log';
import { NewTodoNotifier } from '../../../src/ui/todos/newTodoNotifier';
import { createTodoList } from '../../../src/ui/todos/registerTodos';
import type { TodoNode } from '../../../src/ui/todos/todoView';
import { makeClient, type TestClient } from '../gitlab/helpers';
import { until } from '../until';
import { ALICE, answerAfter, CHANGED, INSTANCE, lastInformation, NOW, quietChannel, SIGNED_OUT, stillClock, type Person } from './twoPeople';

/** Sam (user 2) has pending to-dos of his own in the double. */
const BOB = { token: 'glpat-bob', userId: 2, username: 'sam.taylor' };

type Row = TodoNode & { type: 'todo' };

/**
 * Two people on one instance, alice and then bob, as the session has them (see subscriptionAccounts.test.ts): a
 * To-Do action's Undo or Mark All's question, waiting in a notification, belongs to alice, whose list it acts on.
 * Clicked after bob signed in over her, or after she signed out, it changes no one's to-dos, and says so calmly.
 */
describe('To-Do List: a pending action belongs to the account that read its to-dos', function () {
  this.timeout(20_000);
  let double: GitLabDouble;
  let tree: FakeTreeView;
  let view: ReturnType<typeof createTodoList>;
  let session: { all: typeof all; onDidChange: typeof changes.event };
  const clients: TestClient[] = [];
  const changes = new EventEmitter<void>();
  const all: Array<{ key: string; instanceUrl: string; username: string; accountKey: string; todos: TodoClient }> = [];

  /** Who is signed in at the instance now (undefined: alice signed out), with clients of their own token. */
  function signIn(person: Person | undefined): void {
    all.splice(0);
    if (person) {
      const made = makeClient(double.url, { token: () => person.token });
      clients.push(made);
      all.push({ key: INSTANCE, instanceUrl: INSTANCE, username: person.username, accountKey: accountKey(INSTANCE, person.userId), todos: new TodoClient(made.transport) });
    }
    changes.fire();
  }

  beforeEach(async () => {
    fake.reset();
    double = await GitLabDouble.start({ now: () => NOW, tokens: [ALICE, BOB].map(({ token, userId }) => ({ token, scopes: ['api'], userId })) });
    signIn(ALICE);
    session = {
      get signedIn() { return all.length > 0; }, instanceUrl: INSTANCE, all, onDidChange: changes.event,
      onDidLearnUsername: new EventEmitter<void>().event, reportUnauthorized: () => undefined,
    } as typeof session;
    view = createTodoList({ session: session as never, pageSize: () => 100, log: new Log(quietChannel, () => []), state: new FakeMemento() as never, clock: stillClock });
    tree = fake.treeViews.at(-1)!;
  });
  afterEach(async () => {
    view.dispose();
    for (const client of clients.splice(0)) await client.close();
    await double.close();
  });

  const rows = () => (tree.treeDataProvider.getChildren(undefined) as TodoNode[]).filter((node): node is Row => node.type === 'todo');
  const contextOf = (node: TodoNode) => String((tree.treeDataProvider.getTreeItem(node) as { contextValue?: string }).contextValue);
  async function firstRow(word: string): Promise<Row> {
    await until('alice\'s rows and features', () => rows().length > 0 && contextOf(rows()[0]).includes(word));
    return rows()[0];
  }
  const run = (command: string, ...args: unknown[]) => fake.registered.get(command)!(...args) as Promise<void>;
  /** To-dos changed at GitLab with `userId`'s token: a GraphQL mutation, or a REST mark as done. */
  const changesBy = (userId: number): LoggedRequest[] => double.requests.filter((r) => r.userId === userId && r.method === 'POST'
    && (/\bmutation\b/.test(r.body ?? '') || /mark_as_done$/.test(r.path)));
  const todo = (id: number) => double.data.todos.find((d) => d.id === id)!;
  const pendingOf = (userId: number) => double.data.todos.filter((d) => d.userId === userId && d.state === 'pending').map((d) => d.id);

  it('Mark as Done\'s Undo clicked after bob signed in over alice restores nothing, with either token', async () => {
    const row = await firstRow('can-done');
    const ids = row.group.todos.map((t) => t.id);
    answerAfter('Undo', () => signIn(BOB));
    await run(COMMANDS.todosMarkDone, row);
    assert.ok(ids.every((id) => todo(id).state === 'done'), 'alice\'s to-dos done, and not restored');
    assert.deepEqual(changesBy(BOB.userId).map((r) => r.body), [], 'nothing sent with bob\'s token');
    assert.equal(changesBy(ALICE.userId).length, 1, 'alice\'s Mark as Done alone');
    assert.match(lastInformation(), CHANGED);
  });

  it('a snooze\'s Undo clicked after alice signed out sends nothing, and says so calmly', async () => {
    const row = await firstRow('can-snooze');
    const ids = row.group.todos.map((t) => t.id);
    fake.answers.quickPick = (items) => items.find((item) => item.label === 'For 1 Hour');
    answerAfter('Undo', () => signIn(undefined));
    await run(COMMANDS.todosSnooze, row);
    assert.ok(ids.every((id) => todo(id).snoozedUntil !== null), 'snoozed, and not unsnoozed');
    assert.equal(changesBy(ALICE.userId).length, 1, 'the snooze alone went out with alice\'s token');
    assert.match(lastInformation(), SIGNED_OUT);
    assert.deepEqual(fake.shown.filter((s) => s.kind === 'error'), [], 'calm: no error');
  });

  it('Mark All\'s question answered after bob signed in over alice marks nobody\'s to-dos', async () => {
    await firstRow('can-done');
    const before = { alice: pendingOf(ALICE.userId), bob: pendingOf(BOB.userId) };
    assert.ok(before.bob.length > 0, 'bob has pending to-dos');
    answerAfter('Mark All', () => signIn(BOB));
    await run(COMMANDS.todosMarkAllDone);
    assert.deepEqual([...changesBy(BOB.userId), ...changesBy(ALICE.userId)].map((r) => r.body), [], 'nothing sent, with either token');
    assert.deepEqual({ alice: pendingOf(ALICE.userId), bob: pendingOf(BOB.userId) }, before);
    assert.match(lastInformation(), CHANGED);
  });

  it('Mark All\'s Undo clicked after bob signed in over alice restores nothing with bob\'s token', async () => {
    await firstRow('can-done');
    const alicePending = pendingOf(ALICE.userId);
    answerAfter('Undo', () => signIn(BOB), { 'Mark All': 'Mark All' });
    await run(COMMANDS.todosMarkAllDone);
    assert.ok(changesBy(ALICE.userId).length > 0, 'alice marked hers');
    assert.deepEqual(changesBy(BOB.userId).map((r) => r.body), [], 'nothing sent with bob\'s token');
    assert.ok(alicePending.some((id) => todo(id).state === 'done'), 'alice\'s stay done');
    assert.ok(!alicePending.some((id) => pendingOf(ALICE.userId).includes(id) && todo(id).snoozedUntil === null), 'none restored');
    assert.match(lastInformation(), CHANGED);
  });

  it('a new to-do\'s Done, clicked after bob signed in over alice, marks nothing with bob\'s token', async () => {
    (vscode.window.state as { focused: boolean }).focused = true;
    const notifier = new NewTodoNotifier(session as never, view.service, stillClock,
      { intervalSeconds: () => 0.05, reasons: () => new Set(['mentioned']), ignoreWorkingHours: () => false }, new Log(quietChannel, () => []));
    try {
      notifier.restart();
      await until('alice\'s first check', () => double.requests.some((r) => r.userId === ALICE.userId && r.path === '/api/v4/todos' && r.query.per_page === '20'));
      const arrived = double.addTodo();
      answerAfter('Done', () => signIn(BOB));
      // The notification, then what its Done came to: a word, or a change sent.
      const said = () => fake.shown.findIndex((s) => 'actions' in s && s.actions.includes('Done')) < fake.shown.length - 1;
      await until('what the Done came to', () => said() || changesBy(BOB.userId).length + changesBy(ALICE.userId).length > 0);
      assert.deepEqual([...changesBy(BOB.userId), ...changesBy(ALICE.userId)].map((r) => r.body), []);
      assert.equal(todo(arrived.id).state, 'pending', 'alice\'s new to-do not marked, by anyone');
      assert.match(lastInformation(), CHANGED);
    } finally {
      notifier.dispose();
      (vscode.window.state as { focused: boolean }).focused = false;
    }
  });
});
