import assert from 'node:assert/strict';
import { GitLabDouble, type DoubleOptions } from '../../double';
import { TodoClient, type Todo } from '../../../src/gitlab';
import { graphqlRequest } from '../../../src/gitlab/graphql';
import { makeClient, rejectsWith, TOKEN, type TestClient } from './helpers';

const NOW = new Date('2024-06-15T12:00:00.000Z');

/** Every to-do of a REST listing, page after page. */
async function readAll(todos: TodoClient, state?: 'done'): Promise<Todo[]> {
  const all: Todo[] = [];
  let page: number | undefined = 1;
  while (page !== undefined) {
    const result: Awaited<ReturnType<TodoClient['listTodos']>> = await todos.listTodos(state ? { state } : {}, { page, perPage: 7 });
    all.push(...result.items);
    page = result.nextPage;
  }
  return all;
}

describe('TodoClient against the GitLab double', function () {
  let double: GitLabDouble;
  let t: TestClient;
  let todos: TodoClient;
  const clients: TestClient[] = [];

  const start = (options: DoubleOptions = {}) => GitLabDouble.start({
    now: () => NOW,
    tokens: [
      { token: TOKEN, scopes: ['api'], userId: 1 },
      { token: 'read-api', scopes: ['read_api'], userId: 1 },
      { token: 'read-user', scopes: ['read_user'], userId: 1 },
    ],
    ...options,
  });
  /** A client of `server` with `token`, closed after the test. */
  const clientOf = (server: GitLabDouble, token = TOKEN, overrides: Parameters<typeof makeClient>[1] = {}): TodoClient => {
    const made = makeClient(server.url, { token: () => token, ...overrides });
    clients.push(made);
    return new TodoClient(made.transport);
  };

  beforeEach(async () => {
    double = await start();
    t = makeClient(double.url);
    todos = new TodoClient(t.transport);
  });
  afterEach(async () => {
    await t.close();
    for (const client of clients.splice(0)) await client.close();
    await double.close();
  });

  describe('listTodos (REST)', () => {
    it('reads every page to the end, short pages included, each to-do in one shape', async () => {
      const all = await readAll(todos);
      const rest = double.data.todos.filter((d) => d.userId === 1 && d.state === 'pending' && d.projectId !== 7
        && (d.snoozedUntil === null || Date.parse(d.snoozedUntil) <= NOW.getTime()));
      assert.deepEqual(all.map((d) => d.id), rest.map((d) => d.id).sort((a, b) => b - a));
      const issue = all.find((d) => d.target_type === 'Issue' && d.body === '@alex can you check this?')!;
      assert.deepEqual(issue.target, {
        id: issue.target?.id, iid: issue.target?.iid, title: 'Search index is stale', reference: `#${issue.target?.iid}`, state: 'opened',
        web_url: `${double.url}/acme/website/-/issues/${issue.target?.iid}`,
      });
      assert.equal(issue.target_url, `${issue.target?.web_url}#note_${double.data.todos.find((d) => d.id === issue.id)!.note!.id}`);
      assert.deepEqual(issue.project, { id: 1, path_with_namespace: 'acme/website', name: 'Website', name_with_namespace: 'Acme / Website' });
      assert.equal(issue.group, null);
      assert.equal(issue.snoozed_until, null);
      assert.equal(issue.author.username, 'sam.taylor');
      assert.equal(issue.state, 'pending');
      const key = all.find((d) => d.target_type === 'Key')!;
      assert.equal(key.project, null);
      assert.equal(key.group, null);
      assert.equal(key.target?.title, 'workstation');
      const access = all.find((d) => d.target_type === 'Namespace')!;
      assert.deepEqual(access.group, { id: 1, full_path: 'acme', name: 'Acme', web_url: `${double.url}/groups/acme` });
      assert.equal(access.body, 'acme');
      const commit = all.find((d) => d.target_type === 'Commit')!;
      assert.equal(commit.target?.reference, String(commit.target?.id).slice(0, 8));
    });

    it('keeps action names and target types it does not know as GitLab sent them', async () => {
      const all = await readAll(todos);
      assert.ok(all.some((d) => d.action_name === 'policy_violation_detected' && d.target_type === 'Security::PolicyViolation'));
      assert.ok(all.some((d) => d.action_name === 'policy_violation_detected' && d.target_type === 'Issue'));
    });

    it('sends a filter under GitLab\'s names and gets what it asks for', async () => {
      const done = await todos.listTodos({ state: 'done', type: 'MergeRequest', projectId: 2 }, { perPage: 20 });
      assert.ok(done.items.length > 0 && done.items.every((d) => d.state === 'done' && d.target_type === 'MergeRequest'));
      const reviews = await todos.listTodos({ action: 'review_requested', authorId: 3, groupId: 1 }, {});
      assert.ok(reviews.items.every((d) => d.action_name === 'review_requested' && d.author.id === 3));
      assert.deepEqual(double.requests.map((r) => r.query), [
        { state: 'done', type: 'MergeRequest', project_id: '2', per_page: '20' },
        { action: 'review_requested', author_id: '3', group_id: '1' },
      ]);
    });

    it('never sends an invalid filter: nothing reaches the server', async () => {
      const invalid: unknown[] = [
        { action: 'bogus' }, { action: 'Mentioned' }, { type: 'issue' }, { type: 'Milestone' }, { state: 'all' },
        { projectId: -1 }, { authorId: 1.5 }, { groupId: '1' }, { projectId: Number.NaN }, { action: { toString: () => 'assigned' } },
      ];
      for (const filter of invalid) {
        const error = await rejectsWith(todos.listTodos(filter as never, {}), 'validation');
        assert.match(error.message, /Invalid to-do filter/);
      }
      await rejectsWith(todos.listTodos({}, { perPage: 0 }), 'validation');
      assert.equal(double.requests.length, 0);
    });

    it('an unknown author is notFound (GitLab\'s 404), not a missing To-Do List', async () => {
      await rejectsWith(todos.listTodos({ authorId: 999 }, {}), 'notFound');
    });

    it('says which scope a token lacks: read_api to read', async () => {
      const error = await rejectsWith(clientOf(double, 'read-user').listTodos({}, {}), 'forbidden');
      assert.equal(error.insufficientScope, true);
      assert.equal(error.missingScope, 'read_api');
      assert.match(error.message, /`read_api`/);
    });

    it('401 is unauthorized', async () => {
      await rejectsWith(clientOf(double, 'glpat-unknown').listTodos({}, {}), 'unauthorized');
    });

    it('keeps hostile text as text, byte for byte', async () => {
      const hostile = await start({ hostileNames: true });
      try {
        const all = await readAll(clientOf(hostile));
        assert.ok(all.some((d) => d.body === '<script>alert("title")</script> & "quotes" \'single\''));
        assert.ok(all.some((d) => d.target?.title === '<img src=x onerror=alert(1)>'));
        assert.ok(all.some((d) => d.target?.title === 'RTL \u202Eexe.txt\u202C override'));
        assert.ok(all.some((d) => d.author.name === 'Mallory "><script>alert(document.domain)</script>'));
        assert.ok(all.some((d) => d.project?.name === '<img src=x onerror=alert(1)>'));
      } finally {
        await hostile.close();
      }
    });
  });

  describe('marking done (REST)', () => {
    it('markTodoDone answers the to-do, done; markAllTodosDone leaves the snoozed ones', async () => {
      const [first] = (await todos.listTodos({}, { perPage: 1 })).items;
      const done = await todos.markTodoDone(first.id);
      assert.equal(done.id, first.id);
      assert.equal(done.state, 'done');
      await todos.markAllTodosDone();
      assert.deepEqual((await todos.listTodos({}, {})).items, []);
      assert.ok((await todos.listSnoozedTodos({})).items.length >= 2);
      assert.deepEqual(double.requests.filter((r) => r.method === 'POST' && r.path.startsWith('/api/v4/')).map((r) => r.path),
        [`/api/v4/todos/${first.id}/mark_as_done`, '/api/v4/todos/mark_as_done']);
    });

    it('a to-do that is not the caller\'s is notFound; a read_api token is told it needs api', async () => {
      const others = double.data.todos.find((d) => d.userId === 2)!;
      await rejectsWith(todos.markTodoDone(others.id), 'notFound');
      const mine = double.data.todos.find((d) => d.userId === 1 && d.state === 'pending')!;
      const error = await rejectsWith(clientOf(double, 'read-api').markTodoDone(mine.id), 'forbidden');
      assert.equal(error.missingScope, 'api');
      assert.match(error.message, /`api`/);
      await rejectsWith(clientOf(double, 'read-api').markAllTodosDone(), 'forbidden');
      assert.equal(mine.state, 'pending');
    });

    it('refuses an id that is not a to-do id without sending anything', async () => {
      for (const id of [0, -3, 1.5, Number.NaN, '7' as never]) await rejectsWith(todos.markTodoDone(id), 'validation');
      assert.equal(double.requests.length, 0);
    });
  });

  describe('changes are not retried blindly', () => {
    it('a change that meets a 502, a reset mid-answer or a 503 is sent once, and the caller told', async () => {
      const id = double.data.todos.find((d) => d.userId === 1 && d.state === 'pending')!.id;
      double.inject({ fault: { kind: 'status', status: 502 }, method: 'POST', path: `/todos/${id}/mark_as_done` });
      await rejectsWith(todos.markTodoDone(id), 'server');
      double.inject({ fault: { kind: 'reset' }, method: 'POST', path: '/todos/mark_as_done' });
      await rejectsWith(todos.markAllTodosDone(), 'network');
      double.inject({ fault: { kind: 'status', status: 503 }, path: '/api/graphql' });
      await rejectsWith(todos.snoozeTodo(id, new Date('2024-06-16T09:00:00Z')), 'server');
      assert.deepEqual(double.requests.map((r) => `${r.method} ${r.path} ${r.status}`), [
        `POST /api/v4/todos/${id}/mark_as_done 502`, 'POST /api/v4/todos/mark_as_done 204', 'POST /api/graphql 503',
      ]);
      assert.deepEqual(t.sleeps, []);
    });

    it('a mutation refused with 429 is sent again after the wait GitLab asks for (it was not run)', async () => {
      const id = double.data.todos.find((d) => d.userId === 1 && d.state === 'pending')!.id;
      double.inject({ fault: { kind: 'rateLimit', style: 'app', retryAfterSeconds: 2 }, path: '/api/graphql' });
      const change = await todos.restoreTodo(id);
      assert.equal(change.state, 'pending');
      assert.deepEqual(double.requests.map((r) => r.status), [429, 200]);
      assert.deepEqual(t.sleeps, [2000]);
    });

    it('a GraphQL read is retried like a GET', async () => {
      double.inject({ fault: { kind: 'status', status: 503 }, path: '/api/graphql' });
      const page = await todos.listSnoozedTodos({});
      assert.ok(page.items.length > 0);
      assert.deepEqual(double.requests.map((r) => r.status), [503, 200]);
    });
  });

  describe('GraphQL through the same transport', () => {
    it('posts constant documents with the id as a variable, the token in the same header, to /api/graphql', async () => {
      const id = double.data.todos.find((d) => d.userId === 1 && d.state === 'pending')!.id;
      await todos.snoozeTodo(id, new Date('2024-06-16T09:00:00Z'));
      const [request] = double.requests;
      assert.equal(request.method, 'POST');
      assert.equal(request.path, '/api/graphql');
      assert.equal(request.auth, 'private-token');
      const body = JSON.parse(request.body!);
      assert.deepEqual(body.variables, { id: `gid://gitlab/Todo/${id}`, until: '2024-06-16T09:00:00.000Z' });
      assert.ok(!body.query.includes(String(id)), 'no value is spliced into the document');
      assert.match(body.query, /todoSnooze\(input: \{ id: \$id, snoozeUntil: \$until \}\)/);
    });

    it('lists snoozed to-dos in the same shape as REST\'s, with snoozed_until, page by page', async () => {
      const seen: Todo[] = [];
      let after: string | undefined;
      do {
        const page = await todos.listSnoozedTodos({ first: 1, after });
        seen.push(...page.items);
        assert.equal(page.count, 2);
        after = page.endCursor;
      } while (after);
      assert.equal(seen.length, 2);
      const review = seen.find((d) => d.target_type === 'MergeRequest')!;
      assert.equal(review.snoozed_until, '2024-06-16T12:00:00.000Z');
      assert.equal(review.action_name, 'review_requested');
      assert.equal(review.body, 'Update release notes');
      assert.deepEqual(review.target, { iid: 5, title: 'Update release notes', reference: '!5', web_url: `${double.url}/acme/website/-/merge_requests/5` });
      assert.equal(review.target_url, review.target?.web_url);
      assert.deepEqual(review.project, { id: 1, path_with_namespace: 'acme/website', name: 'Website', name_with_namespace: 'Acme / Website' });
      assert.deepEqual(review.author, {
        id: 2, username: 'sam.taylor', name: 'Sam Taylor', avatar_url: `${double.url}/uploads/-/system/user/avatar/2/avatar.png`,
        web_url: `${double.url}/sam.taylor`,
      });
      assert.equal(review.state, 'pending');
    });

    it('snoozes, unsnoozes and restores one to-do, and REST agrees', async () => {
      const [first] = (await todos.listTodos({}, { perPage: 1 })).items;
      const until = new Date(NOW.getTime() + 3_600_000);
      assert.deepEqual(await todos.snoozeTodo(first.id, until), { id: first.id, state: 'pending', snoozed_until: until.toISOString() });
      assert.notEqual((await todos.listTodos({}, { perPage: 1 })).items[0].id, first.id);
      assert.deepEqual(await todos.unsnoozeTodo(first.id), { id: first.id, state: 'pending', snoozed_until: null });
      await todos.markTodoDone(first.id);
      assert.deepEqual(await todos.restoreTodo(first.id), { id: first.id, state: 'pending' });
      assert.equal((await todos.listTodos({}, { perPage: 1 })).items[0].id, first.id);
    });

    it('the many-mutations answer the ids GitLab changed, and refuse more than their limit before sending', async () => {
      const pending = (await todos.listTodos({}, { perPage: 3 })).items.map((d) => d.id);
      const others = double.data.todos.find((d) => d.userId === 2)!.id;
      assert.deepEqual((await todos.resolveTodos([...pending, others])).sort(), [...pending].sort());
      assert.deepEqual((await todos.restoreTodos([pending[0], others])), [pending[0]]);
      const until = new Date(NOW.getTime() + 60_000);
      assert.deepEqual(await todos.snoozeTodos([pending[0]], until), [pending[0]]);
      assert.deepEqual(await todos.unsnoozeTodos([pending[0], pending[1]]), [pending[0]]);
      double.clearLog();
      await rejectsWith(todos.resolveTodos(Array.from({ length: 101 }, (_, i) => i + 1)), 'validation');
      await rejectsWith(todos.restoreTodos(Array.from({ length: 51 }, (_, i) => i + 1)), 'validation');
      await rejectsWith(todos.snoozeTodos([1], new Date('not a time')), 'validation');
      await rejectsWith(todos.unsnoozeTodos([]), 'validation');
      await rejectsWith(todos.snoozeTodo(0, until), 'validation');
      assert.equal(double.requests.length, 0);
    });

    it('GraphQL errors become typed errors: another user\'s to-do, a token without api', async () => {
      const others = double.data.todos.find((d) => d.userId === 2)!.id;
      const error = await rejectsWith(todos.snoozeTodo(others, new Date('2024-06-16T09:00:00Z')), 'notFound');
      assert.equal(error.missingScope, 'api');
      assert.match(error.serverMessage ?? '', /does not exist or you don't have permission/);
      assert.equal(error.request, 'POST /api/graphql (todoSnooze)');
      const mine = double.data.todos.find((d) => d.userId === 1 && d.state === 'pending')!.id;
      const readOnly = await rejectsWith(clientOf(double, 'read-api').restoreTodos([mine]), 'notFound');
      assert.match(readOnly.message, /`api`/);
    });

    it('a GraphQL `errors` answer (HTTP 200) that echoes the token keeps its words but not the token, as REST error bodies do', async () => {
      double.inject({ fault: { kind: 'malformed', contentType: 'application/json',
        body: JSON.stringify({ errors: [{ message: `Blocked: PRIVATE-TOKEN ${TOKEN} is not allowed here` }] }) }, path: '/api/graphql' });
      const error = await rejectsWith(todos.listSnoozedTodos({}), 'validation');
      assert.equal(error.serverMessage, 'Blocked: PRIVATE-TOKEN ••• is not allowed here');
      assert.ok(!JSON.stringify({ ...error, message: error.message }).includes(TOKEN), 'the token is in the error');
      double.inject({ fault: { kind: 'malformed', contentType: 'application/json',
        body: JSON.stringify({ data: { todoUnSnooze: { todo: null, errors: [`token ${TOKEN} refused`] } } }) }, path: '/api/graphql' });
      const payloadError = await rejectsWith(todos.unsnoozeTodo(1), 'validation');
      assert.equal(payloadError.serverMessage, 'token ••• refused');
    });

    it('a GraphQL `errors` answer that echoes the token with JSON escapes is masked as it reads once decoded', async () => {
      const escaped = `\\u${TOKEN.charCodeAt(0).toString(16).padStart(4, '0')}${TOKEN.slice(1)}`;
      double.inject({ fault: { kind: 'malformed', contentType: 'application/json',
        body: `{"errors":[{"message":"Blocked: PRIVATE-TOKEN ${escaped} is not allowed here"}]}` }, path: '/api/graphql' });
      const error = await rejectsWith(todos.listSnoozedTodos({}), 'validation');
      assert.equal(error.serverMessage, 'Blocked: PRIVATE-TOKEN ••• is not allowed here');
    });

    it('errors as data (a payload\'s `errors`) are a validation error with GitLab\'s words', async () => {
      double.inject({ fault: { kind: 'malformed', contentType: 'application/json',
        body: '{"data":{"todoUnSnooze":{"todo":null,"errors":["Todo could not be unsnoozed"]}}}' }, path: '/api/graphql' });
      const error = await rejectsWith(todos.unsnoozeTodo(1), 'validation');
      assert.equal(error.serverMessage, 'Todo could not be unsnoozed');
    });

    it('a misspelt field is a typed error, never a silent pass', async () => {
      const misspelt = graphqlRequest({ name: 'todoSnoozee', kind: 'mutation', document: 'mutation { todoSnoozee(input: {}) { errors } }', read: () => 'passed' });
      const error = await rejectsWith(t.transport.send(misspelt), 'unsupported');
      assert.match(error.serverMessage ?? '', /Field 'todoSnoozee' doesn't exist on type 'Mutation'/);
    });

    it('a wrong shape, an anonymous answer or an HTML page is not taken for an answer', async () => {
      double.inject({ fault: { kind: 'malformed', contentType: 'application/json', body: '{"data":{"todoRestore":{"todo":{"id":"gid://gitlab/User/1","state":"pending"},"errors":[]}}}' }, path: '/api/graphql' });
      await rejectsWith(todos.restoreTodo(1), 'badResponse');
      double.inject({ fault: { kind: 'malformed', contentType: 'application/json', body: '{"data":{"currentUser":null}}' }, path: '/api/graphql' });
      await rejectsWith(todos.listSnoozedTodos({}), 'unauthorized');
      double.inject({ fault: { kind: 'html200' }, path: '/api/graphql' });
      await rejectsWith(todos.restoreTodo(1), 'badResponse');
    });

    it('has the transport\'s limits: body size, timeout, no redirect of a POST', async () => {
      const small = clientOf(double, TOKEN, { maxBodyBytes: 4096 });
      double.inject({ fault: { kind: 'huge', bytes: 100_000 }, path: '/api/graphql' });
      const big = await rejectsWith(small.listSnoozedTodos({}), 'badResponse');
      assert.equal(big.limitBytes, 4096);
      const slow = clientOf(double, TOKEN, { timeoutMs: 200 });
      double.inject({ fault: { kind: 'latency', ms: 1000 }, path: '/api/graphql' });
      await rejectsWith(slow.restoreTodo(1), 'timeout');
      double.inject({ fault: { kind: 'redirect', location: `${double.url}/elsewhere`, status: 307 }, path: '/api/graphql' });
      await rejectsWith(todos.restoreTodo(1), 'badResponse');
      assert.ok(!double.requests.some((r) => r.path === '/elsewhere'));
    });

    it('an invalid token is unauthorized at /api/graphql too', async () => {
      await rejectsWith(clientOf(double, 'glpat-unknown').listSnoozedTodos({}), 'unauthorized');
    });
  });

  describe('what this GitLab offers', () => {
    it('current GitLab: everything', async () => {
      assert.deepEqual(await todos.getTodoFeatures(), {
        graphql: true, snooze: true, listSnoozed: true, restore: true, resolveMany: true, restoreMany: true, snoozeMany: true,
      });
    });

    it('GitLab 17.4: snooze one, no snoozed list, no many-mutations but restore; the missing ones are unsupported', async () => {
      const older = await start({ graphql: '17.4' });
      try {
        const client = clientOf(older);
        assert.deepEqual(await client.getTodoFeatures(), {
          graphql: true, snooze: true, listSnoozed: false, restore: true, resolveMany: false, restoreMany: true, snoozeMany: false,
        });
        const list = await rejectsWith(client.listSnoozedTodos({}), 'unsupported');
        assert.match(list.serverMessage ?? '', /doesn't accept argument 'isSnoozed'/);
        await rejectsWith(client.resolveTodos([1]), 'unsupported');
        const id = older.data.todos.find((d) => d.userId === 1 && d.state === 'pending')!.id;
        assert.equal((await client.snoozeTodo(id, new Date('2024-06-16T09:00:00Z'))).snoozed_until, '2024-06-16T09:00:00.000Z');
      } finally {
        await older.close();
      }
    });

    it('GitLab 16.11: no snooze; restore works', async () => {
      const older = await start({ graphql: '16.11' });
      try {
        const client = clientOf(older);
        const features = await client.getTodoFeatures();
        assert.equal(features.snooze, false);
        assert.equal(features.restore, true);
        await rejectsWith(client.snoozeTodo(1, new Date('2024-06-16T09:00:00Z')), 'unsupported');
        await rejectsWith(client.unsnoozeTodo(1), 'unsupported');
        const id = older.data.todos.find((d) => d.userId === 1 && d.state === 'done')!.id;
        assert.equal((await client.restoreTodo(id)).state, 'pending');
      } finally {
        await older.close();
      }
    });

    it('no GraphQL at all: features all off without an error; GraphQL calls unsupported (404)', async () => {
      const older = await start({ graphql: 'none' });
      try {
        const client = clientOf(older);
        const features = await client.getTodoFeatures();
        assert.ok(Object.values(features).every((on) => on === false));
        const error = await rejectsWith(client.restoreTodo(1), 'unsupported');
        assert.equal(error.status, 404);
        assert.ok((await client.listTodos({}, {})).items.length > 0, 'REST still works');
      } finally {
        await older.close();
      }
    });

    it('a server of the interface spec: no To-Do List at all, calmly unsupported', async () => {
      const spec = await start({ specOnly: true });
      try {
        const client = clientOf(spec);
        const error = await rejectsWith(client.listTodos({}, {}), 'unsupported');
        assert.match(error.message, /no To-Do List/);
        await rejectsWith(client.markAllTodosDone(), 'unsupported');
        await rejectsWith(client.listSnoozedTodos({}), 'unsupported');
        assert.equal((await client.getTodoFeatures()).graphql, false);
      } finally {
        await spec.close();
      }
    });
  });
});
