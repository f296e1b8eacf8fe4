import assert from 'node:assert/strict';
import { fake } from './fakeVscode';
import { todoSource } from '../../../src/app/todos/todoLists';
import { TodoService } from '../../../src/app/todos/todoService';
import { TodoViewFilter } from '../../../src/app/todos/todoViewFilter';
import type { TodoApi } from '../../../src/gitlab/todoApi';
import type { Todo, TodoFeatures } from '../../../src/gitlab/todoTypes';
import type { Log } from '../../../src/ui/log';
import type { Session } from '../../../src/ui/session';
import { NewTodoNotifier } from '../../../src/ui/todos/newTodoNotifier';
import { useVirtualTimers } from './virtualTimers';

const INSTANCE = 'http://a.test';
const FEATURES: TodoFeatures = { graphql: false, snooze: false, listSnoozed: false, restore: false, resolveMany: false, restoreMany: false, snoozeMany: false };
const todo = (id: number): Todo => ({ id, state: 'pending', action_name: 'assigned', target_type: 'Issue', created_at: '2024-06-01T00:00:00Z' }) as Todo;

/** The new to-do check on a virtual clock, against a GitLab whose pending list is what the test puts in `pending`. */
describe('the new to-do check', () => {
  const { tick } = useVirtualTimers();
  beforeEach(() => fake.reset());

  it('a to-do it finds joins the Pending list at once, before the list is read again', async () => {
    const pending = [todo(2), todo(1)];
    let listReads = 0;
    const api = {
      getTodoFeatures: async () => FEATURES,
      listTodos: async (_filter: unknown, page: { perPage: number }) => {
        if (page.perPage !== 1) listReads++;
        return { items: pending.slice(0, page.perPage), page: 1, total: pending.length };
      },
    } as unknown as TodoApi;
    const account = { key: INSTANCE, instanceUrl: INSTANCE, todos: api };
    const log = { info: () => undefined, warn: () => undefined, error: () => undefined } as unknown as Log;
    const todos = new TodoService({ accounts: () => [account], pageSize: () => 20, log, filter: TodoViewFilter.EMPTY });
    const session = { all: [account], onDidChange: () => ({ dispose: () => undefined }), reportUnauthorized: () => undefined } as unknown as Session;
    const clock = { now: () => Date.parse('2024-06-15T12:00:00Z'), setTimer: () => ({ dispose: () => undefined }) };
    const notifier = new NewTodoNotifier(session, todos, clock, { intervalSeconds: () => 60, reasons: () => new Set(['assigned']), ignoreWorkingHours: () => false }, log);
    await todos.lists.load(todoSource(INSTANCE));
    const reads = listReads;
    notifier.restart();
    await tick(); // the first check learns what is there
    pending.unshift(todo(3));
    await tick();
    assert.deepEqual(todos.shownTodos(INSTANCE).map((t) => t.id), [3, 2, 1]);
    assert.equal(listReads - reads, 2, 'the two checks read the list, the view did not');
    notifier.dispose();
  });
});
