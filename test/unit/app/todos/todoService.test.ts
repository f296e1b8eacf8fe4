import assert from 'node:assert/strict';
import { TodoService } from '../../../../src/app/todos/todoService';
import { todoSource } from '../../../../src/app/todos/todoLists';
import { TodoViewFilter } from '../../../../src/app/todos/todoViewFilter';
import { GitLabError } from '../../../../src/gitlab';
import type { TodoApi } from '../../../../src/gitlab/todoApi';
import type { TodoClient } from '../../../../src/gitlab';
import type { GitLabDouble } from '../../../double';
import { pendingOf, withTodoDouble } from './todoDouble';
import type { Todo, TodoFeatures } from '../../../../src/gitlab/todoTypes';

const FEATURES: TodoFeatures = { graphql: false, snooze: false, listSnoozed: false, restore: true, resolveMany: false, restoreMany: false, snoozeMany: false };
const todo = (id: number): Todo => ({ id, state: 'pending', action_name: 'assigned', target_type: 'Issue', created_at: '2024-06-01T00:00:00Z' }) as Todo;

/** A GitLab of three pending to-dos whose Mark as Done answers when `answer` is called; `refuse` ids fail with 403. */
function gitlab(refuse: number[] = []) {
  const done: number[] = [];
  let answer!: () => void;
  const answered = new Promise<void>((resolve) => { answer = resolve; });
  const api = {
    getTodoFeatures: async () => FEATURES,
    listTodos: async (_filter: unknown, page: { perPage: number }) => ({ items: [todo(3), todo(2), todo(1)].slice(0, page.perPage), page: 1, total: 3 - done.length }),
    markTodoDone: async (id: number) => {
      await answered;
      if (refuse.includes(id)) throw new GitLabError('forbidden', 'No.', { status: 403 });
      done.push(id);
      return todo(id);
    },
  } as unknown as TodoApi;
  return { api, done, answer: () => answer() };
}

function service(api: TodoApi) {
  const logged: string[] = [];
  const todos = new TodoService({
    accounts: () => [{ key: 'http://a.test', instanceUrl: 'http://a.test', todos: api }], pageSize: () => 20,
    log: { error: (what) => logged.push(what), warn: (message) => logged.push(message) }, filter: TodoViewFilter.EMPTY,
  });
  return { todos, logged };
}

const shown = (todos: TodoService) => todos.shownTodos('http://a.test').map((t) => t.id);

describe('To-Do service: an action goes one way, through the store and GitLab', () => {
  it('Mark as Done hides the to-dos before GitLab answers, in one change of the list', async () => {
    const { api, done, answer } = gitlab();
    const { todos } = service(api);
    await todos.lists.load(todoSource('http://a.test'));
    const changes: unknown[] = [];
    todos.lists.onDidChange((key) => changes.push(key));
    const marking = todos.markDone(todos.accountAt('http://a.test')!, [2]);
    assert.deepEqual(shown(todos), [3, 1], 'out of the list at once');
    assert.deepEqual(changes, ['todos:http://a.test']);
    answer();
    const outcome = await marking;
    assert.deepEqual(outcome, { action: 'done', changed: [2], undoable: true });
    assert.deepEqual(done, [2]);
    assert.deepEqual(shown(todos), [3, 1]);
  });

  it('a refusal puts the to-do back, logs it and returns why', async () => {
    const { api, answer } = gitlab([1]);
    const { todos, logged } = service(api);
    await todos.lists.load(todoSource('http://a.test'));
    const marking = todos.markDone(todos.accountAt('http://a.test')!, [2, 1]);
    assert.deepEqual(shown(todos), [3]);
    answer();
    const outcome = await marking;
    assert.deepEqual(outcome.changed, [2]);
    assert.equal(outcome.failure?.kind, 'forbidden');
    assert.deepEqual(shown(todos), [3, 1], 'the refused one is back, the done one stays out');
    assert.deepEqual(logged, ['To-do action done']);
  });
});

describe('To-Do service: Mark All and its Undo, against the double', () => {
  let double: GitLabDouble;
  let api: TodoClient;
  const startWith = withTodoDouble({ todos: 250 }, (started, client) => { double = started; api = client; });
  const pendingIds = () => pendingOf(double).map((d) => d.id).sort((a, b) => a - b);

  it('Undo restores every to-do GitLab marked, not the page that was shown', async () => {
    await startWith();
    const { todos } = service(api);
    await todos.lists.load(todoSource('http://a.test'));
    const before = pendingIds();
    assert.ok(shown(todos).length > 0 && shown(todos).length <= 20, 'the first page shown, at most 20');
    assert.ok(before.length > 200, `${before.length} pending: many pages`);
    const outcome = await todos.markAll();
    assert.equal(outcome.count, before.length);
    assert.deepEqual(pendingIds(), []);
    assert.deepEqual(outcome.undoable.map(({ account, ids }) => [account.key, [...ids].sort((a, b) => a - b)]), [['http://a.test', before]]);
    assert.deepEqual(await todos.undoMarkAll(outcome.undoable), [], 'no failure');
    assert.deepEqual(pendingIds(), before, 'every one marked is pending again');
  });
});

describe('To-Do service: the badge, against the double', () => {
  let double: GitLabDouble;
  let api: TodoClient;
  const startWith = withTodoDouble({ todos: 250 }, (started, client) => { double = started; api = client; });

  it('counts what GitLab counts (X-Total), not the rows loaded, whichever list is shown', async () => {
    await startWith();
    const { todos } = service(api);
    const counted = new Promise<void>((resolve) => todos.onDidCount(() => resolve()));
    await todos.lists.load(todoSource('http://a.test'));
    todos.pendingChanged();
    await counted;
    const pending = pendingOf(double).length;
    assert.ok(shown(todos).length < pending, `${shown(todos).length} rows loaded of ${pending}`);
    assert.deepEqual(todos.pendingCount(), { count: pending, more: false });
  });
});
