import assert from 'node:assert/strict';
import { GitLabDouble } from '../../double';
import { call, FIXED_NOW, TOKEN, SCOPED_TOKENS } from './http';

/**
 * The To-Do List over REST as the to-dos note describes GitLab's (notes/gitlab-todos.md §1–§3, §6): what the listing
 * holds by default and per filter, its order, pages and errors, the entity's fields per target type, and marking done.
 */

/** Every to-do of the listing, page by page (GitLab's pages may be short: unreadable targets are dropped after paging). */
async function everyTodo(double: GitLabDouble, query = '', token = TOKEN): Promise<any[]> {
  const all: any[] = [];
  for (let page = 1; page < 100; page++) {
    const reply = await call(double, `/todos?per_page=100&page=${page}${query}`, { token });
    assert.equal(reply.status, 200, reply.text);
    all.push(...reply.body);
    if (!reply.headers.get('x-next-page')) return all;
  }
  throw new Error('The listing does not end.');
}

const HOUR = 3_600_000;

describe('GitLab double: To-Do List over REST', () => {
  let double: GitLabDouble;

  beforeEach(async () => {
    double = await GitLabDouble.start({
      now: () => FIXED_NOW,
      tokens: [
        ...SCOPED_TOKENS,
        { token: 'sam', scopes: ['api'], userId: 2 },
      ],
    });
  });
  afterEach(() => double.close());

  describe('GET /todos', () => {
    it('needs a token (401) with read_api or api (403 naming both otherwise)', async () => {
      assert.deepEqual((await call(double, '/todos', { token: null })).body, { message: '401 Unauthorized' });
      assert.equal((await call(double, '/todos', { token: 'read-api' })).status, 200);
      const refused = await call(double, '/todos', { token: 'read-user' });
      assert.equal(refused.status, 403);
      assert.equal(refused.body.error, 'insufficient_scope');
      assert.equal(refused.body.scope, 'api read_api');
    });

    it('lists the caller\'s pending to-dos by default, newest id first, without the snoozed ones (a passed snooze is over)', async () => {
      const listed = await everyTodo(double);
      const now = FIXED_NOW.getTime();
      const expected = double.data.todos
        .filter((t) => t.userId === 1 && t.state === 'pending')
        .filter((t) => t.snoozedUntil === null || Date.parse(t.snoozedUntil) <= now)
        .filter((t) => t.projectId !== 7)
        .map((t) => t.id).sort((a, b) => b - a);
      assert.deepEqual(listed.map((t) => t.id), expected);
      assert.ok(listed.every((t) => t.state === 'pending'));
      const passed = double.data.todos.filter((t) => t.userId === 1 && t.state === 'pending' && t.snoozedUntil !== null && Date.parse(t.snoozedUntil) <= now);
      const snoozed = double.data.todos.filter((t) => t.userId === 1 && t.state === 'pending' && t.snoozedUntil !== null && Date.parse(t.snoozedUntil) > now);
      assert.ok(passed.length > 0 && passed.every((t) => listed.some((l) => l.id === t.id)), 'a to-do whose snooze has passed is pending again');
      assert.ok(snoozed.length > 0 && !snoozed.some((t) => listed.some((l) => l.id === t.id)), 'a snoozed to-do is not listed');
      assert.deepEqual(await everyTodo(double, '&state=pending'), listed);
    });

    it('lists done to-dos with state=done; there is no state for both', async () => {
      const done = await everyTodo(double, '&state=done');
      assert.ok(done.length >= 4);
      assert.ok(done.every((t) => t.state === 'done'));
      const all = await call(double, '/todos?state=all');
      assert.equal(all.status, 400);
      assert.deepEqual(all.body, { error: 'state does not have a valid value' });
    });

    it('answers 400 in Grape\'s words for a bad action, type, id or page size', async () => {
      const cases: Array<[string, string]> = [
        ['action=bogus', 'action does not have a valid value'],
        ['type=Milestone', 'type does not have a valid value'],
        ['type=issue', 'type does not have a valid value'],
        ['project_id=acme', 'project_id is invalid'],
        ['per_page=0', 'per_page has a value not allowed'],
      ];
      for (const [query, error] of cases) {
        const reply = await call(double, `/todos?${query}`);
        assert.equal(reply.status, 400, query);
        assert.deepEqual(reply.body, { error }, query);
      }
    });

    it('accepts every action name of the model and the newer ones, and the type Epic on EE only', async () => {
      for (const action of ['assigned', 'build_failed', 'member_access_requested', 'ssh_key_expiring_soon', 'duo_core_access_granted']) {
        assert.equal((await call(double, `/todos?action=${action}`)).status, 200, action);
      }
      assert.equal((await call(double, '/todos?type=Epic')).status, 200);
      const ce = await GitLabDouble.start({ edition: 'ce', now: () => FIXED_NOW });
      try {
        assert.equal((await call(ce, '/todos?type=Epic')).status, 400);
        assert.equal((await call(ce, '/todos?type=WikiPage::Meta')).status, 200);
      } finally {
        await ce.close();
      }
    });

    it('filters by action, author, project, group (with its subgroups\' projects) and type', async () => {
      const reviews = await everyTodo(double, '&action=review_requested');
      assert.ok(reviews.length > 0 && reviews.every((t) => t.action_name === 'review_requested'));
      const bySam = await everyTodo(double, '&author_id=2');
      assert.ok(bySam.length > 0 && bySam.every((t) => t.author.id === 2));
      const inDotfiles = await everyTodo(double, '&project_id=5');
      assert.ok(inDotfiles.length > 0 && inDotfiles.every((t) => t.project.id === 5));
      assert.deepEqual(await everyTodo(double, '&project_id=999'), []);
      const acme = await everyTodo(double, '&group_id=1');
      assert.ok(acme.some((t) => t.project?.path_with_namespace === 'acme/platform/billing'), 'a subgroup\'s project');
      assert.ok(acme.some((t) => t.group?.id === 1 && t.target_type === 'Namespace'), 'the group\'s own to-dos');
      assert.ok(!acme.some((t) => t.project?.id === 5 || t.target_type === 'Key'));
      const keys = await everyTodo(double, '&type=Key');
      assert.ok(keys.length === 2 && keys.every((t) => t.target_type === 'Key'));
    });

    it('answers 404 for an unknown author (User.find raises)', async () => {
      const reply = await call(double, '/todos?author_id=999');
      assert.equal(reply.status, 404);
      assert.deepEqual(reply.body, { message: '404 Not found' });
    });

    it('pages by offset with GitLab\'s headers, cutting the page before unreadable targets are dropped', async () => {
      const first = await call(double, '/todos?per_page=5');
      assert.equal(first.headers.get('x-page'), '1');
      assert.equal(first.headers.get('x-per-page'), '5');
      assert.equal(first.headers.get('x-next-page'), '2');
      const total = Number(first.headers.get('x-total'));
      const readable = (await everyTodo(double)).length;
      assert.equal(total, readable + 1, 'X-Total counts the to-do on a project the caller can no longer read');
      const unreadable = double.data.todos.find((t) => t.userId === 1 && t.projectId === 7)!;
      const position = double.data.todos
        .filter((t) => t.userId === 1 && t.state === 'pending' && (t.snoozedUntil === null || Date.parse(t.snoozedUntil) <= FIXED_NOW.getTime()))
        .sort((a, b) => b.id - a.id).findIndex((t) => t.id === unreadable.id);
      const page = Math.floor(position / 5) + 1;
      const short = await call(double, `/todos?per_page=5&page=${page}`);
      assert.equal(short.body.length, 4, 'the page holding it is one short');
      assert.equal((await call(double, '/todos?per_page=500')).headers.get('x-per-page'), '100');
    });
  });

  describe('the To-Do entity', () => {
    it('has GitLab\'s keys in order; `project` only with a project, `group` only with a group', async () => {
      const listed = await everyTodo(double);
      const issue = listed.find((t) => t.target_type === 'Issue' && t.project)!;
      assert.deepEqual(Object.keys(issue), [
        'id', 'project', 'author', 'action_name', 'target_type', 'target', 'target_url', 'body', 'state', 'created_at', 'updated_at',
      ]);
      assert.deepEqual(Object.keys(issue.project), ['id', 'description', 'name', 'name_with_namespace', 'path', 'path_with_namespace', 'created_at']);
      assert.deepEqual(Object.keys(issue.author), ['id', 'username', 'name', 'state', 'locked', 'avatar_url', 'web_url']);
      const key = listed.find((t) => t.target_type === 'Key')!;
      assert.ok(!('project' in key) && !('group' in key), 'an SSH key\'s to-do has neither');
      const access = listed.find((t) => t.target_type === 'Namespace')!;
      assert.ok(!('project' in access));
      assert.deepEqual(Object.keys(access.group), ['id', 'name', 'path', 'kind', 'full_path', 'parent_id', 'avatar_url', 'web_url']);
      assert.match(issue.created_at, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    });

    it('covers every action and target type of the note, and ones no client knows yet', async () => {
      const todos = [...await everyTodo(double), ...await everyTodo(double, '&state=done')];
      const noteActions = [
        'assigned', 'mentioned', 'build_failed', 'marked', 'approval_required', 'unmergeable', 'directly_addressed',
        'merge_train_removed', 'review_requested', 'member_access_requested', 'review_submitted', 'okr_checkin_requested',
        'added_approver', 'ssh_key_expired', 'ssh_key_expiring_soon', 'duo_pro_access_granted', 'duo_enterprise_access_granted',
        'duo_core_access_granted', 'duo_workflow_input_required', 'transfer_failed',
      ];
      const noteTypes = [
        'Issue', 'WorkItem', 'MergeRequest', 'Commit', 'DesignManagement::Design', 'AlertManagement::Alert', 'Project',
        'Namespace', 'Key', 'WikiPage::Meta', 'Epic', 'Vulnerability', 'User',
      ];
      const actions = new Set(todos.map((t) => t.action_name));
      for (const action of noteActions) assert.ok(actions.has(action), action);
      const types = new Set(todos.map((t) => t.target_type));
      for (const type of noteTypes) assert.ok(types.has(type), type);
      assert.ok(todos.some((t) => !noteActions.includes(t.action_name) && noteTypes.includes(t.target_type)), 'a future action on a known type');
      assert.ok(todos.some((t) => !noteTypes.includes(t.target_type) && !t.action_name.startsWith('duo_')), 'a future target type');
    });

    it('builds body and target_url as Todo#body and Todo#target_url do', async () => {
      const base = double.url;
      const listed = await everyTodo(double);
      const byBody = (body: string) => listed.find((t) => t.body === body)!;
      const mention = byBody('@alex can you check this?');
      // Its target is the issue of that reference in the world, under its own title.
      assert.equal(mention.target.title, double.data.todos.find((t) => t.id === mention.id)!.target.title, 'a comment\'s to-do: the body is the comment');
      assert.match(mention.target_url, new RegExp(`^${base}/acme/website/-/issues/\\d+#note_\\d+$`));
      assert.equal(mention.target.web_url, mention.target_url.replace(/#.*$/, ''));
      assert.equal(mention.target.type, 'ISSUE');
      assert.equal(mention.target.references.short, `#${mention.target.iid}`);
      const failed = listed.find((t) => t.action_name === 'build_failed')!;
      assert.match(failed.target_url, /\/-\/merge_requests\/\d+\/pipelines$/);
      const review = listed.find((t) => t.action_name === 'review_requested')!;
      assert.equal(review.body, review.target.title, 'otherwise the body is the target\'s title');
      assert.equal(review.target.detailed_merge_status, 'mergeable');
      const projectAccess = listed.find((t) => t.action_name === 'member_access_requested' && t.target_type === 'Project')!;
      assert.equal(projectAccess.body, 'acme/website');
      assert.equal(projectAccess.target_url, `${base}/acme/website/-/project_members?tab=access_requests`);
      const groupAccess = listed.find((t) => t.target_type === 'Namespace')!;
      assert.equal(groupAccess.body, 'acme');
      assert.equal(groupAccess.target_url, `${base}/groups/acme/-/group_members?tab=access_requests`);
      const key = listed.find((t) => t.action_name === 'ssh_key_expiring_soon')!;
      assert.equal(key.target_url, `${base}/-/user_settings/ssh_keys/${key.target.id}`);
      assert.equal(key.body, key.target.title);
      const commit = listed.find((t) => t.target_type === 'Commit')!;
      assert.match(commit.target_url, /\/-\/commit\/[0-9a-f]{40}#note_\d+$/);
      assert.equal(commit.target.short_id, commit.target.id.slice(0, 8));
      const design = listed.find((t) => t.target_type === 'DesignManagement::Design')!;
      assert.match(design.target_url, /\/-\/issues\/\d+\/designs\/checkout-flow\.png#note_\d+$/);
      const alert = listed.find((t) => t.target_type === 'AlertManagement::Alert')!;
      assert.match(alert.target_url, /\/-\/alert_management\/\d+\/details$/);
      const task = listed.find((t) => t.target_type === 'WorkItem')!;
      assert.equal(task.target.type, 'TASK');
    });
  });

  describe('marking done', () => {
    it('POST /todos/:id/mark_as_done answers 201 with the to-do done, and again 201 unchanged', async () => {
      const todo = (await call(double, '/todos?per_page=1')).body[0];
      const first = await call(double, `/todos/${todo.id}/mark_as_done`, { method: 'POST' });
      assert.equal(first.status, 201);
      assert.equal(first.body.id, todo.id);
      assert.equal(first.body.state, 'done');
      assert.equal(first.body.body, todo.body);
      const again = await call(double, `/todos/${todo.id}/mark_as_done`, { method: 'POST' });
      assert.equal(again.status, 201);
      assert.equal(again.body.state, 'done');
      assert.ok(!(await everyTodo(double)).some((t) => t.id === todo.id));
    });

    it('answers 404 for a to-do that is not the caller\'s, 400 for an id that is not a number, 403 without api', async () => {
      const others = double.data.todos.find((t) => t.userId === 2)!;
      const reply = await call(double, `/todos/${others.id}/mark_as_done`, { method: 'POST' });
      assert.equal(reply.status, 404);
      assert.deepEqual(reply.body, { message: '404 Not found' });
      assert.equal(others.state, 'pending');
      assert.deepEqual((await call(double, '/todos/abc/mark_as_done', { method: 'POST' })).body, { error: 'id is invalid' });
      const own = double.data.todos.find((t) => t.userId === 1 && t.state === 'pending')!;
      const readOnly = await call(double, `/todos/${own.id}/mark_as_done`, { method: 'POST', token: 'read-api' });
      assert.equal(readOnly.status, 403);
      assert.equal(readOnly.body.scope, 'api');
      assert.equal(own.state, 'pending');
    });

    it('POST /todos/mark_as_done answers 204 and resolves the pending to-dos that are not snoozed, of the caller only', async () => {
      const snoozed = double.data.todos.filter((t) => t.userId === 1 && t.snoozedUntil && Date.parse(t.snoozedUntil) > FIXED_NOW.getTime());
      assert.ok(snoozed.length > 0);
      const reply = await call(double, '/todos/mark_as_done', { method: 'POST' });
      assert.equal(reply.status, 204);
      assert.equal(reply.text, '');
      assert.deepEqual(await everyTodo(double), []);
      assert.ok(snoozed.every((t) => t.state === 'pending'), 'snoozed to-dos stay pending');
      assert.ok(double.data.todos.some((t) => t.userId === 2 && t.state === 'pending'), 'another user\'s stay pending');
      assert.equal((await call(double, '/todos/mark_as_done', { method: 'POST', token: 'read-api' })).status, 403);
    });

    it('GET on a POST route is 405 with Allow', async () => {
      const reply = await call(double, '/todos/mark_as_done');
      assert.equal(reply.status, 405);
      assert.equal(reply.headers.get('allow'), 'POST, OPTIONS');
    });
  });

  describe('the world', () => {
    it('adds a newest to-do (addTodo and the control surface), listed first', async () => {
      const added = double.addTodo({ action: 'review_requested', targetType: 'MergeRequest', target: { id: 1, iid: 77, title: 'Fresh', state: 'opened' } });
      const control = await call(double, `${double.url}/__double/todos`, {
        method: 'POST', body: JSON.stringify({ action: 'assigned' }), headers: { 'content-type': 'application/json' },
      });
      assert.equal(control.status, 201);
      assert.equal(control.body.id, added.id + 1);
      const listed = (await call(double, '/todos?per_page=2')).body;
      assert.deepEqual(listed.map((t: any) => t.id), [added.id + 1, added.id]);
      assert.equal(listed[1].target_url, `${double.url}/acme/website/-/merge_requests/77`);
    });

    it('keeps EE\'s targets and Duo\'s actions out of a CE world', async () => {
      const ce = await GitLabDouble.start({ edition: 'ce', now: () => FIXED_NOW });
      try {
        const types = new Set(ce.data.todos.map((t) => t.targetType));
        for (const type of ['Epic', 'Vulnerability', 'User']) assert.ok(!types.has(type), type);
        assert.ok(!ce.data.todos.some((t) => t.action.startsWith('duo_')));
        assert.ok(types.has('Key') && types.has('Namespace'));
      } finally {
        await ce.close();
      }
    });

    it('with hostile names, lists hostile text verbatim in bodies, titles and names', async () => {
      const hostile = await GitLabDouble.start({ hostileNames: true, now: () => FIXED_NOW });
      try {
        const listed = await everyTodo(hostile);
        const texts = listed.flatMap((t) => [t.body, t.target?.title, t.author?.name, t.project?.name]);
        assert.ok(texts.includes('<img src=x onerror=alert(1)>'));
        assert.ok(texts.some((text) => typeof text === 'string' && text.includes('<script>')));
        assert.ok(texts.some((text) => typeof text === 'string' && text.includes('\u202E')));
        assert.ok(listed.some((t) => t.author.username === 'mallory'));
      } finally {
        await hostile.close();
      }
    });

    it('is the same world for the same seed and clock, with snoozes relative to that clock', async () => {
      const again = await GitLabDouble.start({ now: () => FIXED_NOW });
      try {
        assert.deepEqual(again.data.todos, double.data.todos);
        // The review request snoozed for a day (the cast's).
        const snoozed = double.data.todos.find((t) => t.userId === 1 && t.action === 'review_requested' && t.snoozedUntil !== null);
        assert.equal(snoozed?.snoozedUntil, new Date(FIXED_NOW.getTime() + 24 * HOUR).toISOString());
      } finally {
        await again.close();
      }
    });
  });

  it('a server of the interface spec alone has no To-Do List: 404 on /todos, its actions and /api/graphql', async () => {
    const spec = await GitLabDouble.start({ specOnly: true, now: () => FIXED_NOW });
    try {
      for (const [path, method] of [['/todos', 'GET'], ['/todos/1/mark_as_done', 'POST'], ['/todos/mark_as_done', 'POST']]) {
        const reply = await call(spec, path, { method });
        assert.equal(reply.status, 404, path);
        assert.deepEqual(reply.body, { error: '404 Not Found' }, path);
      }
      const graphql = await call(spec, `${spec.url}/api/graphql`, {
        method: 'POST', body: JSON.stringify({ query: '{ currentUser { username } }' }), headers: { 'content-type': 'application/json' },
      });
      assert.equal(graphql.status, 404);
    } finally {
      await spec.close();
    }
  });
});
