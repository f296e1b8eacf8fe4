import assert from 'node:assert/strict';
import { GitLabDouble, type DoubleOptions } from '../../double';
import { call, FIXED_NOW, TOKEN, type Reply, SCOPED_TOKENS } from './http';

/**
 * GitLab's GraphQL endpoint for the To-Do List as the to-dos note describes it (notes/gitlab-todos.md §3, §4, §6):
 * the `Todo` type and `currentUser.todos`, the mutations with their payloads and errors, what a token may do, and
 * what older GitLab versions lack. Misspelt fields are validation errors in graphql-ruby's words.
 */

async function graphql(double: GitLabDouble, query: string, variables?: Record<string, unknown>, token: string | null = TOKEN): Promise<Reply> {
  return call(double, `${double.url}/api/graphql`, {
    method: 'POST', token, body: JSON.stringify({ query, variables }), headers: { 'content-type': 'application/json' },
  });
}

const RESOURCE_NOT_AVAILABLE =
  "The resource that you are attempting to access does not exist or you don't have permission to perform this action";

const TODO_FIELDS = 'id action state body createdAt snoozedUntil targetType targetUrl author{username name avatarUrl} project{fullPath} group{fullPath} targetEntity{webUrl ... on Issue{iid title} ... on MergeRequest{iid title}}';

/** The note's own query (§4), with `isSnoozed` where asked. */
function todosQuery(args: string): string {
  return `query($after:String){currentUser{todos(${args},first:50,after:$after){count pageInfo{hasNextPage endCursor} nodes{${TODO_FIELDS}}}}}`;
}

const todoGid = (id: number) => `gid://gitlab/Todo/${id}`;

describe('GitLab double: To-Do List over GraphQL', () => {
  let double: GitLabDouble;
  const start = (options: DoubleOptions = {}) => GitLabDouble.start({
    now: () => FIXED_NOW,
    tokens: [
      ...SCOPED_TOKENS,
      { token: 'expired', scopes: ['api'], userId: 1, state: 'expired' },
    ],
    ...options,
  });

  beforeEach(async () => { double = await start(); });
  afterEach(() => double.close());

  describe('currentUser.todos', () => {
    it('lists what GET /todos lists, in the same order, with global IDs', async () => {
      const reply = await graphql(double, todosQuery('state:[pending]'));
      assert.equal(reply.status, 200);
      assert.equal(reply.body.errors, undefined, reply.text);
      const nodes = reply.body.data.currentUser.todos.nodes;
      const rest = (await call(double, '/todos?per_page=100')).body;
      assert.deepEqual(nodes.map((n: any) => n.id), rest.map((t: any) => todoGid(t.id)));
      const first = nodes[0];
      const same = rest[0];
      assert.equal(first.action, same.action_name);
      assert.equal(first.body, same.body);
      assert.equal(first.targetUrl, same.target_url);
      // The same time, each as its API writes it: REST to the millisecond, GraphQL's `Time` (`value.iso8601`) to the second.
      assert.equal(same.created_at, '2024-06-14T20:00:00.000Z');
      assert.equal(first.createdAt, '2024-06-14T20:00:00Z');
      assert.equal(first.state, 'pending');
      for (const node of nodes) assert.ok(node.snoozedUntil === null || Date.parse(node.snoozedUntil) <= FIXED_NOW.getTime(), node.id);
    });

    it('spells target types as TodoTargetEnum and reads targetEntity through Todoable', async () => {
      const nodes = (await graphql(double, todosQuery('state:[pending]'))).body.data.currentUser.todos.nodes;
      const types = new Set(nodes.map((n: any) => n.targetType));
      for (const type of ['ISSUE', 'MERGEREQUEST', 'WORKITEM', 'COMMIT', 'DESIGN', 'ALERT', 'PROJECT', 'NAMESPACE', 'KEY', 'WIKIPAGEMETA', 'USER', 'EPIC', 'VULNERABILITY']) {
        assert.ok(types.has(type), type);
      }
      const review = nodes.find((n: any) => n.targetType === 'MERGEREQUEST');
      assert.equal(typeof review.targetEntity.iid, 'string', 'iid is a String in GraphQL');
      assert.ok(review.targetEntity.title);
      assert.ok(review.targetEntity.webUrl.startsWith(double.url));
      const key = nodes.find((n: any) => n.targetType === 'KEY');
      assert.equal(key.project, null);
      assert.equal(key.group, null);
    });

    it('lists snoozed to-dos only with isSnoozed: true; the default leaves them out', async () => {
      const snoozed = (await graphql(double, todosQuery('state:[pending],isSnoozed:true'))).body.data.currentUser.todos;
      assert.ok(snoozed.nodes.length >= 2);
      for (const node of snoozed.nodes) assert.ok(Date.parse(node.snoozedUntil) > FIXED_NOW.getTime(), node.id);
      const pending = (await graphql(double, todosQuery('state:[pending]'))).body.data.currentUser.todos.nodes;
      const pendingIds = new Set(pending.map((n: any) => n.id));
      assert.ok(snoozed.nodes.every((n: any) => !pendingIds.has(n.id)));
    });

    it('counts before target authorization; nodes leave unreadable targets out', async () => {
      const todos = (await graphql(double, todosQuery('state:[pending]'))).body.data.currentUser.todos;
      assert.equal(todos.count, todos.nodes.length + 1);
    });

    it('pages with first/after cursors, each to-do once; asked for pending and done, snoozed ones are included', async () => {
      const seen: string[] = [];
      let after: string | null = null;
      for (let page = 0; page < 20; page++) {
        const query = 'query($after:String){currentUser{todos(state:[pending,done],first:7,after:$after){pageInfo{hasNextPage endCursor} nodes{id}}}}';
        const todos: any = (await graphql(double, query, { after })).body.data.currentUser.todos;
        seen.push(...todos.nodes.map((n: any) => n.id));
        if (!todos.pageInfo.hasNextPage) break;
        after = todos.pageInfo.endCursor;
      }
      assert.equal(new Set(seen).size, seen.length);
      const expected = double.data.todos.filter((t) => t.userId === 1 && t.projectId !== 7);
      assert.equal(seen.length, expected.length);
    });

    it('answers currentUser null without a token, and 401 "Invalid token" for a bad, expired or read_user token', async () => {
      const anonymous = await graphql(double, '{ currentUser { username } }', undefined, null);
      assert.deepEqual(anonymous.body, { data: { currentUser: null } });
      for (const token of ['nope', 'expired', 'read-user']) {
        const reply = await graphql(double, '{ currentUser { username } }', undefined, token);
        assert.equal(reply.status, 401, token);
        assert.deepEqual(reply.body, { errors: [{ message: 'Invalid token' }] });
      }
      const readApi = await graphql(double, '{ currentUser { username } }', undefined, 'read-api');
      assert.deepEqual(readApi.body, { data: { currentUser: { username: 'alex' } } });
    });
  });

  describe('validation, as graphql-ruby words it', () => {
    it('a misspelt field or mutation: HTTP 200, no data, undefinedField', async () => {
      const reply = await graphql(double, 'mutation($id:TodoID!){todoSnoze(input:{id:$id}){errors}}', { id: todoGid(1) });
      assert.equal(reply.status, 200);
      assert.equal(reply.body.data, undefined);
      assert.equal(reply.body.errors[0].message, "Field 'todoSnoze' doesn't exist on type 'Mutation'");
      assert.deepEqual(reply.body.errors[0].extensions, { code: 'undefinedField', typeName: 'Mutation', fieldName: 'todoSnoze' });
      const field = await graphql(double, '{currentUser{todos{nodes{snoozedUntill}}}}');
      assert.equal(field.body.errors[0].message, "Field 'snoozedUntill' doesn't exist on type 'Todo'");
    });

    it('an unknown argument: "doesn\'t accept argument"', async () => {
      const reply = await graphql(double, '{currentUser{todos(snoozed:true){count}}}');
      assert.equal(reply.body.errors[0].message, "Field 'todos' doesn't accept argument 'snoozed'");
      assert.equal(reply.body.errors[0].extensions.code, 'argumentNotAccepted');
    });

    it('an unknown argument under an alias names the alias, as graphql-ruby does (parent.alias || parent.name)', async () => {
      const reply = await graphql(double, 'query Mine{currentUser{pending:todos(snoozed:true){count}}}');
      assert.equal(reply.body.data, undefined);
      assert.deepEqual(reply.body.errors, [{
        message: "Field 'pending' doesn't accept argument 'snoozed'",
        locations: [{ line: 1, column: 38 }],
        path: ['query Mine', 'currentUser', 'pending', 'snoozed'],
        extensions: { code: 'argumentNotAccepted', name: 'pending', typeName: 'Field', argumentName: 'snoozed' },
      }]);
    });

    it('every validation error carries graphql-ruby\'s path: operation, fields by alias, arguments, fragments', async () => {
      const pathOf = async (query: string, variables?: Record<string, unknown>) => (await graphql(double, query, variables)).body.errors.map((e: { path?: unknown }) => e.path);
      assert.deepEqual(await pathOf('{currentUser{todos(snoozed:true){count}}}'), [['query', 'currentUser', 'todos', 'snoozed']]);
      assert.deepEqual(await pathOf('{currentUser{todos{nodes{snoozedUntill}}}}'), [['query', 'currentUser', 'todos', 'nodes', 'snoozedUntill']]);
      assert.deepEqual(await pathOf('mutation($id:TodoID!){done:todoSnoze(input:{id:$id}){errors}}', { id: todoGid(1) }), [['mutation', 'done']]);
      assert.deepEqual(await pathOf('mutation M($id:TodoID!){todoMarkDone(input:{id:$id,when:1}){errors}}', { id: todoGid(1) }),
        [['mutation M', 'todoMarkDone', 'input', 'when']]);
      assert.deepEqual(await pathOf('{currentUser{todos{nodes{targetEntity{... on Nothing{id}}}}}}'),
        [['query', 'currentUser', 'todos', 'nodes', 'targetEntity', '... on Nothing']]);
      assert.deepEqual(await pathOf('query{...F} fragment F on Query{currentUser{nam}}'), [['fragment F', 'currentUser', 'nam']]);
      const input = (await graphql(double, 'mutation M($id:TodoID!){todoMarkDone(input:{id:$id,when:1}){errors}}', { id: todoGid(1) })).body.errors[0];
      assert.equal(input.message, "InputObject 'TodoMarkDoneInput' doesn't accept argument 'when'");
    });

    it('a variable of a type the schema lacks: "isn\'t a defined input type", variableRequiresValidType, at the operation', async () => {
      const [unknown] = (await graphql(double, 'query Q($x:Nope){currentUser{todos(authorId:[$x]){count}}}')).body.errors;
      assert.deepEqual(unknown, {
        message: "Nope isn't a defined input type (on $x)", locations: [{ line: 1, column: 9 }], path: ['query Q'],
        extensions: { code: 'variableRequiresValidType', typeName: 'Nope', variableName: 'x' },
      });
      const [output] = (await graphql(double, 'query($x:Todo!){currentUser{username}}')).body.errors;
      assert.equal(output.message, "Todo isn't a valid input type (on $x)");
      assert.deepEqual([output.path, output.locations], [['query'], [{ line: 1, column: 7 }]]);
    });

    it('a global ID of another type: does not represent an instance of Todo', async () => {
      const reply = await graphql(double, 'mutation($id:TodoID!){todoMarkDone(input:{id:$id}){todo{id} errors}}', { id: 'gid://gitlab/User/1' });
      assert.equal(reply.body.data, undefined);
      assert.match(reply.body.errors[0].message, /"gid:\/\/gitlab\/User\/1" does not represent an instance of Todo/);
    });

    it('a query longer than 10,000 characters: 422 Query too large', async () => {
      const reply = await graphql(double, `{currentUser{username}}${' '.repeat(10_000)}`);
      assert.equal(reply.status, 422);
      assert.deepEqual(reply.body, { errors: [{ message: 'Query too large' }] });
    });

    it('states GitLab\'s names for the mutations the extension uses, and their inputs', async () => {
      const reply = await graphql(double, '{__type(name:"Mutation"){fields{name args{name type{kind ofType{name}}}}}}');
      const names = reply.body.data.__type.fields.map((f: any) => f.name).filter((n: string) => !/Subscri/.test(n)).sort();
      assert.deepEqual(names, [
        'todoMarkDone', 'todoResolveMany', 'todoRestore', 'todoRestoreMany', 'todoSnooze', 'todoSnoozeMany', 'todoUnSnooze', 'todoUnsnoozeMany',
        'todosMarkAllDone',
      ]);
      const markAll = await graphql(double, '{__type(name:"TodosMarkAllDoneInput"){inputFields{name}}}');
      // GitLab's own "Mark all as done" sends these (app/assets/javascripts/todos/components/mutations/mark_all_as_done.mutation.graphql).
      assert.deepEqual(markAll.body.data.__type.inputFields.map((f: any) => f.name).sort(), ['action', 'authorId', 'clientMutationId', 'groupId', 'projectId', 'type']);
      const inputs = await graphql(double, '{a:__type(name:"TodoSnoozeInput"){inputFields{name}} b:__type(name:"TodoResolveManyInput"){inputFields{name}}}');
      assert.deepEqual(inputs.body.data.a.inputFields.map((f: any) => f.name).sort(), ['clientMutationId', 'id', 'snoozeUntil']);
      assert.deepEqual(inputs.body.data.b.inputFields.map((f: any) => f.name).sort(), ['clientMutationId', 'ids']);
    });
  });

  describe('mutations', () => {
    const markDone = 'mutation($id:TodoID!){todoMarkDone(input:{id:$id}){todo{id state} errors}}';

    it('todosMarkAllDone: every pending, not snoozed to-do the filter matches, and only those, listed in its answer', async () => {
      const pending = (projectId?: number) => double.data.todos.filter((t) => t.userId === 1 && t.state === 'pending' && (projectId === undefined || t.projectId === projectId));
      const projectId = pending().find((t) => t.projectId !== null)!.projectId!;
      const inProject = pending(projectId).filter((t) => t.snoozedUntil === null).map((t) => t.id).sort();
      const others = pending().filter((t) => t.projectId !== projectId).length;
      const reply = await graphql(double, 'mutation($p:[ID!]){todosMarkAllDone(input:{projectId:$p}){todos{id} errors}}', { p: [String(projectId)] });
      assert.deepEqual(reply.body.data.todosMarkAllDone.todos.map((t: { id: string }) => Number(t.id.split('/').pop())).sort(), inProject);
      assert.equal(pending(projectId).filter((t) => t.snoozedUntil === null).length, 0);
      assert.equal(pending().filter((t) => t.projectId !== projectId).length, others, 'other projects\' to-dos stay pending');
    });

    it('todoMarkDone: the to-do done with empty errors; already done is a success too', async () => {
      const todo = double.data.todos.find((t) => t.userId === 1 && t.state === 'pending')!;
      const reply = await graphql(double, markDone, { id: todoGid(todo.id) });
      assert.deepEqual(reply.body, { data: { todoMarkDone: { todo: { id: todoGid(todo.id), state: 'done' }, errors: [] } } });
      assert.deepEqual((await graphql(double, markDone, { id: todoGid(todo.id) })).body.data.todoMarkDone.todo.state, 'done');
    });

    it('another user\'s to-do: data null and a top-level error with its path', async () => {
      const others = double.data.todos.find((t) => t.userId === 2)!;
      const reply = await graphql(double, markDone, { id: todoGid(others.id) });
      assert.equal(reply.status, 200);
      assert.deepEqual(reply.body.data, { todoMarkDone: null });
      assert.equal(reply.body.errors[0].message, RESOURCE_NOT_AVAILABLE);
      assert.deepEqual(reply.body.errors[0].path, ['todoMarkDone']);
      assert.equal(others.state, 'pending');
    });

    it('a read_api token reads but does not change: the same top-level error', async () => {
      const todo = double.data.todos.find((t) => t.userId === 1 && t.state === 'pending')!;
      const reply = await graphql(double, markDone, { id: todoGid(todo.id) }, 'read-api');
      assert.equal(reply.body.errors[0].message, RESOURCE_NOT_AVAILABLE);
      assert.equal(todo.state, 'pending');
    });

    it('todoRestore undoes done; todoRestoreMany restores only the caller\'s done ones and lists only those', async () => {
      const [a, b, c] = double.data.todos.filter((t) => t.userId === 1 && t.state === 'pending');
      await graphql(double, markDone, { id: todoGid(a.id) });
      const restore = await graphql(double, 'mutation($id:TodoID!){todoRestore(input:{id:$id}){todo{id state} errors}}', { id: todoGid(a.id) });
      assert.deepEqual(restore.body.data.todoRestore, { todo: { id: todoGid(a.id), state: 'pending' }, errors: [] });
      await graphql(double, markDone, { id: todoGid(b.id) });
      const others = double.data.todos.find((t) => t.userId === 3 && t.state === 'done')!;
      const many = await graphql(double, 'mutation($ids:[TodoID!]!){todoRestoreMany(input:{ids:$ids}){todos{id state} errors}}',
        { ids: [b.id, c.id, others.id].map(todoGid) });
      assert.deepEqual(many.body.data.todoRestoreMany, { todos: [{ id: todoGid(b.id), state: 'pending' }], errors: [] });
      assert.equal(others.state, 'done');
    });

    it('todoResolveMany resolves pending ones (snoozed too, clearing the snooze); more than 100 ids is an error', async () => {
      const snoozed = double.data.todos.find((t) => t.userId === 1 && t.snoozedUntil && Date.parse(t.snoozedUntil) > FIXED_NOW.getTime())!;
      const done = double.data.todos.find((t) => t.userId === 1 && t.state === 'done')!;
      const mutation = 'mutation($ids:[TodoID!]!){todoResolveMany(input:{ids:$ids}){todos{id state snoozedUntil} errors}}';
      const reply = await graphql(double, mutation, { ids: [snoozed.id, done.id].map(todoGid) });
      assert.deepEqual(reply.body.data.todoResolveMany, { todos: [{ id: todoGid(snoozed.id), state: 'done', snoozedUntil: null }], errors: [] });
      const tooMany = await graphql(double, mutation, { ids: Array.from({ length: 101 }, (_, i) => todoGid(i + 1)) });
      assert.deepEqual(tooMany.body.data, { todoResolveMany: null });
      assert.equal(tooMany.body.errors[0].message, 'Too many to-do items requested.');
    });

    it('todoSnooze keeps the to-do pending but out of GET /todos until it ends; todoUnSnooze brings it back', async () => {
      const todo = (await call(double, '/todos?per_page=1')).body[0];
      // A time sent with milliseconds comes back as GitLab writes a `Time`: to the second, the fraction cut off.
      const until = new Date(FIXED_NOW.getTime() + 3_600_250).toISOString();
      const snooze = await graphql(double, 'mutation($id:TodoID!,$t:Time!){todoSnooze(input:{id:$id,snoozeUntil:$t}){todo{id state snoozedUntil} errors}}',
        { id: todoGid(todo.id), t: until });
      assert.deepEqual(snooze.body.data.todoSnooze, { todo: { id: todoGid(todo.id), state: 'pending', snoozedUntil: '2024-06-15T13:00:00Z' }, errors: [] });
      assert.notEqual((await call(double, '/todos?per_page=1')).body[0].id, todo.id);
      const listed = (await graphql(double, todosQuery('isSnoozed:true'))).body.data.currentUser.todos.nodes;
      assert.ok(listed.some((n: any) => n.id === todoGid(todo.id)));
      await graphql(double, 'mutation($id:TodoID!){todoUnSnooze(input:{id:$id}){todo{id snoozedUntil} errors}}', { id: todoGid(todo.id) });
      assert.equal((await call(double, '/todos?per_page=1')).body[0].id, todo.id);
    });

    it('todoSnoozeMany and todoUnsnoozeMany list only the to-dos they changed', async () => {
      const [a, b] = (await call(double, '/todos?per_page=2')).body.map((t: any) => t.id);
      const others = double.data.todos.find((t) => t.userId === 2)!;
      const until = new Date(FIXED_NOW.getTime() + 7_200_000).toISOString();
      const snooze = await graphql(double, 'mutation($ids:[TodoID!]!,$t:Time!){todoSnoozeMany(input:{ids:$ids,snoozeUntil:$t}){todos{id} errors}}',
        { ids: [a, b, others.id].map(todoGid), t: until });
      assert.deepEqual(snooze.body.data.todoSnoozeMany.todos.map((t: any) => t.id).sort(), [a, b].map(todoGid).sort());
      const unsnooze = await graphql(double, 'mutation($ids:[TodoID!]!){todoUnsnoozeMany(input:{ids:$ids}){todos{id} errors}}',
        { ids: [a, others.id].map(todoGid) });
      assert.deepEqual(unsnooze.body.data.todoUnsnoozeMany.todos, [{ id: todoGid(a) }]);
    });
  });

  describe('older GitLab', () => {
    it('17.4: snoozes one to-do, but has no isSnoozed and no many-mutations but todoRestoreMany (up to 50)', async () => {
      const older = await start({ graphql: '17.4' });
      try {
        const todo = older.data.todos.find((t) => t.userId === 1 && t.state === 'pending')!;
        const snooze = await graphql(older, 'mutation($id:TodoID!,$t:Time!){todoSnooze(input:{id:$id,snoozeUntil:$t}){todo{snoozedUntil} errors}}',
          { id: todoGid(todo.id), t: '2024-06-16T09:00:00Z' });
        assert.equal(snooze.body.data.todoSnooze.todo.snoozedUntil, '2024-06-16T09:00:00Z');
        const list = await graphql(older, todosQuery('isSnoozed:true'));
        assert.equal(list.body.errors[0].message, "Field 'todos' doesn't accept argument 'isSnoozed'");
        const resolve = await graphql(older, 'mutation($ids:[TodoID!]!){todoResolveMany(input:{ids:$ids}){errors}}', { ids: [todoGid(1)] });
        assert.equal(resolve.body.errors[0].message, "Field 'todoResolveMany' doesn't exist on type 'Mutation'");
        const restore = await graphql(older, 'mutation($ids:[TodoID!]!){todoRestoreMany(input:{ids:$ids}){errors}}',
          { ids: Array.from({ length: 51 }, (_, i) => todoGid(i + 1)) });
        assert.equal(restore.body.errors[0].message, 'Too many to-do items requested.');
      } finally {
        await older.close();
      }
    });

    it('16.11: no snooze at all (neither the mutations nor snoozedUntil); mark done and restore work', async () => {
      const older = await start({ graphql: '16.11' });
      try {
        const snooze = await graphql(older, 'mutation($id:TodoID!){todoUnSnooze(input:{id:$id}){errors}}', { id: todoGid(1) });
        assert.equal(snooze.body.errors[0].message, "Field 'todoUnSnooze' doesn't exist on type 'Mutation'");
        const field = await graphql(older, '{currentUser{todos{nodes{snoozedUntil}}}}');
        assert.equal(field.body.errors[0].message, "Field 'snoozedUntil' doesn't exist on type 'Todo'");
        const todo = older.data.todos.find((t) => t.userId === 1 && t.state === 'pending')!;
        const done = await graphql(older, 'mutation($id:TodoID!){todoMarkDone(input:{id:$id}){todo{state} errors}}', { id: todoGid(todo.id) });
        assert.equal(done.body.data.todoMarkDone.todo.state, 'done');
        assert.equal((await call(older, '/todos')).status, 200, 'REST /todos exists since 8.10');
      } finally {
        await older.close();
      }
    });

    it('graphql: none answers 404 at /api/graphql and keeps /todos', async () => {
      const older = await start({ graphql: 'none' });
      try {
        assert.equal((await graphql(older, '{currentUser{username}}')).status, 404);
        assert.equal((await call(older, '/todos')).status, 200);
      } finally {
        await older.close();
      }
    });
  });

  it('hostile text travels verbatim in GraphQL too', async () => {
    const hostile = await start({ hostileNames: true });
    try {
      const nodes = (await graphql(hostile, todosQuery('state:[pending]'))).body.data.currentUser.todos.nodes;
      assert.ok(nodes.some((n: any) => n.body === '<script>alert("title")</script> & "quotes" \'single\''));
      assert.ok(nodes.some((n: any) => n.author.name.includes('<script>')));
    } finally {
      await hostile.close();
    }
  });
});
