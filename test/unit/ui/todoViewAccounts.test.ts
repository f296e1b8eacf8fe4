import assert from 'node:assert/strict';
import { EventEmitter, fake, FakeMemento, type FakeTreeView } from './fakeVscode';
import { GitLabDouble } from '../../double';
import { TodoClient } from '../../../src/gitlab';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { COMMANDS, CONTEXT_KEYS } from '../../../src/ids';
import { Log } from '../../../src/ui/log';
import { createTodoList } from '../../../src/ui/todos/registerTodos';
import type { TodoNode } from '../../../src/ui/todos/todoView';
import type { Clock } from '../../../src/app/snoozeTime';
import { makeClient, TOKEN, type TestClient } from '../gitlab/helpers';
import { until } from '../until';

const NOW = new Date('2024-06-15T12:00:00.000Z');

/** Two instances, each its own GitLab (two doubles built alike, so their to-dos share ids), in one To-Do view. */
describe('To-Do view with two instances whose to-dos share ids', () => {
  const doubles: GitLabDouble[] = [];
  const clients: TestClient[] = [];
  let view: { dispose(): void } | undefined;
  let tree: FakeTreeView;
  const channel = { info: () => undefined, warn: () => undefined, error: () => undefined, show: () => undefined, dispose: () => undefined };
  const clock: Clock = { now: () => NOW.getTime(), setTimer: () => ({ dispose: () => undefined }) };

  const changes = new EventEmitter<void>();
  const accounts: Array<{ key: string; instanceUrl: string; todos: TodoClient }> = [];

  async function open(withoutTodos: readonly boolean[] = [false, false]): Promise<void> {
    view?.dispose();
    fake.reset();
    accounts.splice(0);
    for (const [index, name] of ['a', 'b'].entries()) {
      const double = await GitLabDouble.start({
        now: () => NOW, tokens: [{ token: TOKEN, scopes: ['api'], userId: 1 }], withoutTodos: withoutTodos[index],
      });
      const client = makeClient(double.url);
      doubles.push(double);
      clients.push(client);
      accounts.push({ key: `http://${name}.test`, instanceUrl: `http://${name}.test`, todos: new TodoClient(client.transport) });
    }
    const session = {
      signedIn: true, instanceUrl: accounts[0].instanceUrl, onDidChange: changes.event,
      onDidLearnUsername: new EventEmitter<void>().event, all: accounts,
    };
    view = createTodoList({ session: session as never, pageSize: () => 100, log: new Log(channel, () => []), state: new FakeMemento() as never, clock });
    tree = fake.treeViews.at(-1)!;
  }
  afterEach(async () => {
    view?.dispose();
    view = undefined;
    for (const client of clients.splice(0)) await client.close();
    for (const double of doubles.splice(0)) await double.close();
  });

  const roots = () => tree.treeDataProvider.getChildren(undefined) as TodoNode[];
  const rowsOf = (root: TodoNode) => (tree.treeDataProvider.getChildren(root) as TodoNode[]).filter((node) => node.type === 'todo');
  const pendingIds = (double: GitLabDouble) => double.data.todos.filter((d) => d.userId === 1 && d.state === 'pending'
    && (d.snoozedUntil === null || Date.parse(d.snoozedUntil) <= NOW.getTime())).map((d) => d.id);

  it('Mark All marks every listed to-do of both instances, also B\'s whose ids A has too', async () => {
    await open();
    await until('both lists', () => roots().every((root) => rowsOf(root).length > 0));
    const [a, b] = doubles;
    const shared = pendingIds(a).filter((id) => pendingIds(b).includes(id));
    assert.ok(shared.length > 5, 'the two instances share to-do ids');
    fake.answers.message = (shown) => (shown.actions.includes('Mark All') ? 'Mark All' : undefined);
    await fake.registered.get(COMMANDS.todosMarkAllDone)!();
    for (const double of doubles) {
      const readable = double.data.todos.filter((d) => shared.includes(d.id) && d.projectId !== 7);
      assert.deepEqual(readable.filter((d) => d.state !== 'done').map((d) => d.id), [], `${double.url}: every listed to-do done`);
    }
    assert.ok(roots().every((root) => rowsOf(root).length === 0), 'no row left in either instance');
  });

  const noList = () => fake.commands.filter((c) => c.command === 'setContext' && c.args[0] === CONTEXT_KEYS.todosNoList).at(-1)?.args[1];

  it('the title bar\'s actions go only when every signed-in instance has no To-Do List', async () => {
    await open([true, false]);
    const [a, b] = roots();
    await until('A\'s calm line and B\'s rows', () => (tree.treeDataProvider.getChildren(a) as TodoNode[]).some((node) => node.type === 'noTodoList')
      && rowsOf(b).length > 0);
    assert.notEqual(noList(), true, 'B has a To-Do List: the actions stay');

    await open([true, true]);
    await until('both calm lines', () => roots().every((root) => (tree.treeDataProvider.getChildren(root) as TodoNode[]).some((node) => node.type === 'noTodoList')));
    assert.equal(noList(), true);
    // A sign-in may bring an instance that has one: the actions come back until its list says otherwise.
    changes.fire();
    assert.equal(noList(), false);
  });

  it('declares the key in the title bar\'s menus of the To-Do view', () => {
    const manifest = JSON.parse(readFileSync(join(__dirname, '../../../package.json'), 'utf8')) as { contributes: { menus: Record<string, Array<{ command: string; when?: string }>> } };
    const title = manifest.contributes.menus['view/title'].filter((item) => item.when?.includes('view == gitlabActivity.todos'));
    assert.deepEqual(title.filter((item) => !item.when?.includes(`!${CONTEXT_KEYS.todosNoList}`)).map((item) => item.command), []);
    assert.ok(title.length >= 4);
  });
});
