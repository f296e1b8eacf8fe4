import assert from 'node:assert/strict';
import type { GitLabDouble } from '../../../double';
import type { TodoClient } from '../../../../src/gitlab';
import { restoreTodos } from '../../../../src/app/todos/todoBulk';
import { markAllDone, MARK_ALL_MAX_PAGES, MARK_ALL_PAGE_SIZE } from '../../../../src/app/todos/todoMarkAll';
import { NOW, pendingOf, withTodoDouble } from './todoDouble';

/** Mark All over every page GitLab has, not the loaded one: against the double, over real HTTP. */
describe('Mark All as Done: every pending to-do the filter matches, loaded or not', () => {
  let double: GitLabDouble;
  let api: TodoClient;
  const startWith = withTodoDouble({ todos: 250 }, (started, client) => { double = started; api = client; });

  const snoozed = (d: { snoozedUntil: string | null }) => d.snoozedUntil !== null && Date.parse(d.snoozedUntil) > NOW.getTime();
  const pending = () => pendingOf(double);
  const writes = () => double.requests.filter((r) => r.method === 'POST').map((r) => `${r.method} ${r.path}`);

  it('one todosMarkAllDone marks them all (past the first page), and Undo restores exactly those', async () => {
    await startWith();
    const before = pending().map((d) => d.id).sort((a, b) => a - b);
    assert.ok(before.length > 200, `${before.length} pending: several pages of 20`);
    const snoozedBefore = double.data.todos.filter((d) => d.userId === 1 && snoozed(d)).map((d) => d.id);
    const features = await api.getTodoFeatures();
    double.clearLog();
    const result = await markAllDone(api, { list: 'pending', filter: {} }, features);
    assert.deepEqual(writes(), ['POST /api/graphql'], 'one request');
    assert.deepEqual([...result.changed].sort((a, b) => a - b), before);
    assert.equal(result.count, before.length);
    assert.equal(pending().length, 0);
    assert.ok(snoozedBefore.every((id) => double.data.todos.find((d) => d.id === id)!.state === 'pending'), 'snoozed ones stay');
    const restored = await restoreTodos(api, result.changed, { features });
    assert.deepEqual([...restored.changed].sort((a, b) => a - b), before);
    assert.deepEqual(pending().map((d) => d.id).sort((a, b) => a - b), before);
  });

  it('with a filter, only what it matches: GitLab filters, one request', async () => {
    await startWith();
    const project = pending().find((d) => d.projectId !== null)!.projectId!;
    const matching = pending().filter((d) => d.projectId === project).map((d) => d.id).sort((a, b) => a - b);
    const others = pending().length - matching.length;
    const result = await markAllDone(api, { list: 'pending', filter: { projectId: project } }, await api.getTodoFeatures());
    assert.deepEqual([...result.changed].sort((a, b) => a - b), matching);
    assert.equal(pending().length, others);
  });

  it('a GitLab whose mutation takes no filter: the matching ids page by page (never the whole list), then marked', async () => {
    await startWith({ graphql: '17.4' });
    const type = 'MergeRequest';
    const matching = pending().filter((d) => d.targetType === type).map((d) => d.id).sort((a, b) => a - b);
    assert.ok(matching.length > MARK_ALL_PAGE_SIZE / 10);
    const others = pending().length - matching.length;
    const result = await markAllDone(api, { list: 'pending', filter: { type } }, await api.getTodoFeatures());
    assert.deepEqual([...result.changed].sort((a, b) => a - b), matching);
    assert.equal(pending().length, others, 'the others stay pending');
    assert.equal(result.cut, false);
  });

  it('reads at most its bound of pages of ids, however many pages the server names, and says more may match', async function () {
    this.timeout(60_000);
    await startWith({ graphql: '17.4', todos: 0 });
    double.inject({ fault: { kind: 'endlessPages' }, method: 'GET', path: '/todos', times: Infinity });
    const features = await api.getTodoFeatures();
    double.clearLog();
    // Unbounded, the read goes on until this cancels it, and Mark All fails.
    const result = await markAllDone(api, { list: 'pending', filter: { type: 'Commit' } }, features, { signal: AbortSignal.timeout(15_000) });
    const pages = double.requests.filter((r) => r.method === 'GET' && r.path === '/api/v4/todos');
    assert.equal(pages.length, MARK_ALL_MAX_PAGES);
    assert.equal(result.cut, true);
  });

  it('the Snoozed list over GraphQL: at most its bound of pages, however many cursors the server names', async function () {
    this.timeout(60_000);
    await startWith({ todos: 0 });
    double.inject({ fault: { kind: 'endlessCursor', items: 'again' }, path: '/api/graphql', times: Infinity });
    const features = await api.getTodoFeatures();
    double.clearLog();
    const result = await markAllDone(api, { list: 'snoozed', filter: {} }, features, { signal: AbortSignal.timeout(15_000) });
    const pages = double.requests.filter((r) => (r.body ?? '').includes('query snoozedTodos'));
    assert.equal(pages.length, MARK_ALL_MAX_PAGES);
    assert.equal(result.cut, true);
  });

  it('without GraphQL: one REST mark_as_done, counted by GitLab\'s X-Total read just before', async () => {
    await startWith({ graphql: 'none' });
    const count = pending().length;
    const features = await api.getTodoFeatures();
    double.clearLog();
    const result = await markAllDone(api, { list: 'pending', filter: {} }, features);
    assert.deepEqual(writes(), ['POST /api/v4/todos/mark_as_done']);
    assert.equal(result.count, count);
    assert.deepEqual(result.changed, [], 'GitLab does not say which: no Undo');
    assert.equal(pending().length, 0);
  });
});
