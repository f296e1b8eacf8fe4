import assert from 'node:assert/strict';
import { GitLabDouble } from '../../../double';
import { TodoClient } from '../../../../src/gitlab';
import { createTodoLists, todoSource, type TodoLists } from '../../../../src/app/todos/todoLists';
import { TodoViewFilter } from '../../../../src/app/todos/todoViewFilter';
import { snoozeTodos, unsnoozeTodos } from '../../../../src/app/todos/todoBulk';
import { snoozeEnd } from '../../../../src/app/snoozeTime';
import { UTC_ZONE } from '../../../../src/app/calendar';
import { makeClient, type TestClient } from '../../gitlab/helpers';

let NOW = new Date('2024-06-15T12:00:00.000Z');
const START = NOW;
const INSTANCE = 'https://gitlab.example.com';

/** The To-Do view's lists (pending, snoozed, done; filtered), read over real HTTP from the double. */
describe('To-Do lists through the list machinery', () => {
  let double: GitLabDouble;
  let t: TestClient;
  let api: TodoClient;

  beforeEach(async () => {
    NOW = START;
    double = await GitLabDouble.start({ now: () => NOW, todos: 30 });
    t = makeClient(double.url);
    api = new TodoClient(t.transport);
  });
  afterEach(async () => {
    await t.close();
    await double.close();
  });

  const source = todoSource(INSTANCE);
  const lists = (filter: TodoViewFilter, pageSize = 100): TodoLists => createTodoLists({ pageSize, filter, api: () => api });
  const mine = () => double.data.todos.filter((d) => d.userId === 1);
  const snoozed = (d: { snoozedUntil: string | null }) => d.snoozedUntil !== null && Date.parse(d.snoozedUntil) > NOW.getTime();
  /** Read to the end, one click after another. */
  async function readAll(store: TodoLists): Promise<number[]> {
    await store.load(source);
    while (store.rows(source.key).after === 'loadMore') await store.loadMore(source);
    assert.equal(store.errorOf(source.key), undefined);
    return store.get(source.key).items.map((todo) => todo.id);
  }

  it('Pending: REST, pending and not snoozed', async () => {
    const ids = await readAll(lists(TodoViewFilter.EMPTY, 7));
    const expected = mine().filter((d) => d.state === 'pending' && !snoozed(d)).map((d) => d.id);
    // The double drops a to-do on a project user 1 can no longer read, as GitLab does after paging.
    assert.ok(ids.length >= expected.length - 1 && ids.every((id) => expected.includes(id)), `${ids} of ${expected}`);
    assert.ok(double.requests.every((r) => r.path === '/api/v4/todos' && r.query.state === undefined));
  });

  it('Pending: a page GitLab filtered short, even empty, is not the end: X-Next-Page is, and X-Total is not', async () => {
    // The seven newest pending to-dos are on a project user 1 can no longer read: GitLab drops them after paging.
    const pending = mine().filter((d) => d.state === 'pending' && !snoozed(d)).sort((a, b) => b.id - a.id);
    for (const d of pending.slice(0, 7)) d.projectId = 7;
    const first = await api.listTodos({}, { page: 1, perPage: 7 });
    assert.deepEqual(first.items, []);
    assert.equal(first.nextPage, 2);
    assert.equal(first.total, pending.length, 'X-Total counts the dropped ones too');
    const store = lists(TodoViewFilter.EMPTY, 7);
    await store.load(source);
    assert.equal(store.rows(source.key).after, 'loadMore', 'an empty first page with a next one offers more');
    const ids = await readAll(store);
    const readable = pending.filter((d) => d.projectId !== 7).map((d) => d.id);
    assert.deepEqual(ids, readable);
    assert.ok(ids.length < pending.length, 'fewer read than X-Total said, and the list ended all the same');
  });

  it('Done: REST with state=done', async () => {
    const ids = await readAll(lists(TodoViewFilter.EMPTY.withList('done')));
    assert.deepEqual(new Set(ids), new Set(mine().filter((d) => d.state === 'done').map((d) => d.id)));
    assert.deepEqual(double.requests.map((r) => r.query.state), ['done']);
  });

  it('Snoozed: GraphQL (isSnoozed), cursor pages one after the other', async () => {
    const ids = await readAll(lists(TodoViewFilter.EMPTY.withList('snoozed'), 1));
    const expected = mine().filter((d) => d.state === 'pending' && snoozed(d)).map((d) => d.id);
    assert.ok(expected.length >= 2);
    assert.deepEqual(new Set(ids), new Set(expected));
    assert.ok(double.requests.every((r) => r.path === '/api/graphql' && r.body?.includes('isSnoozed: true')));
    assert.equal(double.requests.length, expected.length);
  });

  it('a reason, a project and a type are GitLab\'s REST filters; combined, each to-do matches all three', async () => {
    const filter = TodoViewFilter.EMPTY.withAction('assigned').withType('Issue')
      .withPlace({ kind: 'project', id: 1, instance: INSTANCE, path: 'acme/web' });
    const store = lists(filter);
    const ids = await readAll(store);
    assert.deepEqual(double.requests.map((r) => r.query), [{ action: 'assigned', type: 'Issue', project_id: '1', page: '1', per_page: '100' }]);
    const expected = mine().filter((d) => d.state === 'pending' && !snoozed(d) && d.action === 'assigned' && d.targetType === 'Issue' && d.projectId === 1);
    assert.ok(expected.length > 0);
    assert.deepEqual(new Set(ids), new Set(expected.map((d) => d.id)));
    assert.equal(store.rows(source.key).filtered, true);
  });

  it('a group is GitLab\'s group_id (its projects\' to-dos too), on the Done list with state=done', async () => {
    const group = double.data.groups[0];
    const ids = await readAll(lists(TodoViewFilter.EMPTY.withList('done').withPlace({ kind: 'group', id: group.id, instance: INSTANCE, path: group.fullPath })));
    assert.deepEqual(double.requests.map((r) => [r.query.state, r.query.group_id]), [['done', String(group.id)]]);
    assert.ok(ids.length > 0);
  });

  it('the snoozed list is filtered here, through the predicate, as GitLab would (a group takes its projects)', async () => {
    const all = await readAll(lists(TodoViewFilter.EMPTY.withList('snoozed')));
    const byId = new Map(mine().map((d) => [d.id, d]));
    const withProject = all.map((id) => byId.get(id)!).find((d) => d.projectId !== null)!;
    const project = double.data.projects.find((p) => p.id === withProject.projectId)!;
    double.clearLog();
    const byProject = await readAll(lists(TodoViewFilter.EMPTY.withList('snoozed')
      .withPlace({ kind: 'project', id: project.id, instance: INSTANCE, path: project.pathWithNamespace })));
    assert.deepEqual(byProject, all.filter((id) => byId.get(id)!.projectId === project.id));
    assert.ok(double.requests.every((r) => r.path === '/api/graphql'), 'GraphQL is not asked to filter');
    const byAction = await readAll(lists(TodoViewFilter.EMPTY.withList('snoozed').withAction(withProject.action)));
    assert.deepEqual(byAction, all.filter((id) => byId.get(id)!.action === withProject.action));
    const group = double.data.groups.find((g) => project.pathWithNamespace.startsWith(`${g.fullPath}/`))!;
    const byGroup = await readAll(lists(TodoViewFilter.EMPTY.withList('snoozed').withPlace({ kind: 'group', id: group.id, instance: INSTANCE, path: group.fullPath })));
    assert.ok(byGroup.includes(withProject.id));
    const none = await readAll(lists(TodoViewFilter.EMPTY.withList('snoozed').withType('Epic')));
    assert.deepEqual(none, []);
  });

  it('a snooze moves a row from Pending to Snoozed until GitLab\'s clock passes its end; unsnooze brings it back', async () => {
    const pending = await readAll(lists(TodoViewFilter.EMPTY));
    const id = pending[0];
    const until = snoozeEnd({ kind: 'nextMonday' }, NOW.getTime(), UTC_ZONE);
    assert.deepEqual((await snoozeTodos(api, [id], new Date(until))).changed, [id]);
    assert.ok(!(await readAll(lists(TodoViewFilter.EMPTY))).includes(id));
    assert.ok((await readAll(lists(TodoViewFilter.EMPTY.withList('snoozed')))).includes(id));
    assert.equal(double.data.todos.find((d) => d.id === id)!.snoozedUntil, new Date(until).toISOString());
    NOW = new Date(until + 1);
    assert.ok((await readAll(lists(TodoViewFilter.EMPTY))).includes(id), 'back in Pending once the snooze has ended');
    assert.ok(!(await readAll(lists(TodoViewFilter.EMPTY.withList('snoozed')))).includes(id));
    NOW = START;
    await snoozeTodos(api, [id], new Date(until));
    assert.deepEqual((await unsnoozeTodos(api, [id])).changed, [id]);
    assert.ok((await readAll(lists(TodoViewFilter.EMPTY))).includes(id));
  });

  it('another instance\'s project or group: that list asks nothing and holds nothing', async () => {
    const store = lists(TodoViewFilter.EMPTY.withPlace({ kind: 'project', id: 1, instance: 'https://other.example.com', path: 'acme/web' }));
    assert.deepEqual(await readAll(store), []);
    assert.equal(store.rows(source.key).empty, true);
    assert.equal(double.requests.length, 0);
  });
});
