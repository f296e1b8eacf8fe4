import assert from 'node:assert/strict';
import type { GitLabDouble } from '../../../double';
import { GitLabError, TodoClient } from '../../../../src/gitlab';
import { markTodosDone, restoreTodos, snoozeTodos, TODO_BULK_IN_FLIGHT, unsnoozeTodos } from '../../../../src/app/todos/todoBulk';
import { makeClient, TOKEN } from '../../gitlab/helpers';
import { NOW, pendingOf, withTodoDouble } from './todoDouble';

/** Actions on many to-dos, over real HTTP against the double: the fewest requests GitLab allows, bounded in flight. */
describe('to-do actions on many to-dos', () => {
  let double: GitLabDouble;
  let api: TodoClient;
  const startWith = withTodoDouble({ todos: 200 }, (started, client) => { double = started; api = client; });

  const pendingIds = () => pendingOf(double).map((d) => d.id);
  const graphqlCalls = () => double.requests.filter((r) => r.path === '/api/graphql');

  it('marks 150 done in two requests of todoResolveMany (100 and 50); others\' and done ones come back unchanged', async () => {
    await startWith();
    const ids = pendingIds().slice(0, 148);
    const others = double.data.todos.find((d) => d.userId === 2)!.id;
    const done = double.data.todos.find((d) => d.userId === 1 && d.state === 'done')!.id;
    const result = await markTodosDone(api, [...ids, others, done, ids[0]]);
    assert.deepEqual(result, { changed: ids, unchanged: [others, done], failed: [] });
    assert.equal(double.requests.length, 2);
    assert.deepEqual(graphqlCalls().map((r) => JSON.parse(r.body!).variables.ids.length), [100, 50]);
    assert.ok(ids.every((id) => double.data.todos.find((d) => d.id === id)!.state === 'done'));
  });

  it('without todoResolveMany (GitLab before 17.9) marks them one by one over REST, at most 4 at a time', async () => {
    await startWith({ graphql: '17.4' });
    const ids = pendingIds().slice(0, 30);
    double.inject({ fault: { kind: 'latency', ms: 30 }, path: /^\/todos\/\d+\/mark_as_done$/, times: Infinity });
    const result = await markTodosDone(api, ids);
    assert.deepEqual(result, { changed: ids, unchanged: [], failed: [] });
    assert.equal(graphqlCalls().length, 1, 'the many-mutation is tried once');
    assert.equal(double.requests.filter((r) => r.path.endsWith('/mark_as_done')).length, 30);
    assert.ok(double.peakInFlight <= TODO_BULK_IN_FLIGHT, `${double.peakInFlight} requests in flight at once`);
    assert.equal(double.peakInFlight, TODO_BULK_IN_FLIGHT, 'and it does use its window');
  });

  it('told the features beforehand, does not try the many-mutation GitLab lacks', async () => {
    await startWith({ graphql: '17.4' });
    const features = await api.getTodoFeatures();
    double.clearLog();
    const ids = pendingIds().slice(0, 3);
    assert.deepEqual((await markTodosDone(api, ids, { features })).changed, ids);
    assert.equal(graphqlCalls().length, 0);
  });

  it('restores in chunks of 50, and snoozes and unsnoozes in chunks of 100', async () => {
    await startWith();
    const ids = pendingIds().slice(0, 120);
    await markTodosDone(api, ids);
    double.clearLog();
    assert.deepEqual((await restoreTodos(api, ids)).changed, ids);
    assert.deepEqual(graphqlCalls().map((r) => JSON.parse(r.body!).variables.ids.length), [50, 50, 20]);
    double.clearLog();
    const until = new Date(NOW.getTime() + 3_600_000);
    assert.deepEqual((await snoozeTodos(api, ids, until)).changed, ids);
    assert.deepEqual((await unsnoozeTodos(api, ids)).changed, ids);
    assert.deepEqual(graphqlCalls().map((r) => JSON.parse(r.body!).variables.ids.length), [100, 20, 100, 20]);
  });

  it('without GraphQL, undo fails for every to-do with the one unsupported error, after a few requests only', async () => {
    await startWith({ graphql: 'none' });
    const ids = pendingIds().slice(0, 40);
    const result = await restoreTodos(api, ids);
    assert.deepEqual(result.changed, []);
    assert.equal(result.failed.length, 40);
    assert.ok(result.failed.every((f) => f.error.kind === 'unsupported'));
    assert.ok(double.requests.length <= 1 + TODO_BULK_IN_FLIGHT, `${double.requests.length} requests`);
  });

  it('a chunk that fails fails its to-dos only, with the error, and is not sent again', async () => {
    await startWith();
    const ids = pendingIds().slice(0, 150);
    double.inject({ fault: { kind: 'status', status: 502 }, path: '/api/graphql' });
    const result = await markTodosDone(api, ids);
    assert.deepEqual(result.failed.map((f) => f.id), ids.slice(0, 100));
    assert.ok(result.failed.every((f) => f.error instanceof GitLabError && f.error.kind === 'server'));
    assert.deepEqual(result.changed, ids.slice(100));
    assert.equal(double.requests.length, 2);
  });

  it('a cancelled action sends nothing more and says so per to-do', async () => {
    await startWith();
    const ids = pendingIds().slice(0, 5);
    const controller = new AbortController();
    controller.abort();
    const result = await markTodosDone(api, ids, { signal: controller.signal });
    assert.equal(double.requests.length, 0);
    assert.deepEqual(result.failed.map((f) => [f.id, f.error.kind]), ids.map((id) => [id, 'cancelled']));
  });

  it('reports a token without api per to-do, never the token', async () => {
    await startWith({ tokens: [{ token: TOKEN, scopes: ['api'] }, { token: 'read-api', scopes: ['read_api'] }] });
    const readOnly = makeClient(double.url, { token: () => 'read-api' });
    try {
      const ids = pendingIds().slice(0, 2);
      const result = await markTodosDone(new TodoClient(readOnly.transport), ids, { features: { ...await api.getTodoFeatures(), resolveMany: false } });
      assert.deepEqual(result.failed.map((f) => [f.error.kind, f.error.missingScope]), [['forbidden', 'api'], ['forbidden', 'api']]);
      assert.ok(!JSON.stringify(result.failed.map((f) => f.error.message)).includes(TOKEN));
    } finally {
      await readOnly.close();
    }
  });
});
