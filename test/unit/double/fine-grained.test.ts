import assert from 'node:assert/strict';
import { GitLabDouble } from '../../double';
import { call, FIXED_NOW, TOKEN } from './http';

const FINE = 'glpat-fine-grained-double';
const denial = (boundary: string, words: string) =>
  `Access denied: This operation requires a fine-grained personal access token with the following ${boundary} permissions: [${words}].`;

/** Behaviour note §3B: each permission the extension needs, refused in GitLab's words, over REST and GraphQL. */
describe('GitLab double: fine-grained personal access tokens', () => {
  let double: GitLabDouble;
  before(async () => {
    double = await GitLabDouble.start({
      now: () => FIXED_NOW, graphql: '19.3',
      tokens: [{ token: TOKEN, scopes: ['api'] }, { token: FINE, scopes: [], permissions: ['read_event'] }],
    });
  });
  after(() => double.close());

  const graphql = async (query: string, token = FINE) => {
    const reply = await call(double, `${double.url}/api/graphql`, { method: 'POST', token, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ query }) });
    assert.equal(reply.status, 200);
    return reply.body as { data?: Record<string, unknown>; errors?: Array<{ message: string; path?: string[] }> };
  };

  it('REST: each route answers 403 insufficient_granular_scope naming its permission at its boundary', async () => {
    const cases: Array<[method: string, path: string, boundary: string, words: string]> = [
      ['GET', '/todos', 'user', 'Todo: Read'],
      ['POST', '/todos/1/mark_as_done', 'user', 'Todo: Update'],
      ['GET', '/user/preferences', 'user', 'User Preference: Read'],
      ['GET', '/projects?membership=true', 'user', 'Project: Read'],
      ['GET', '/groups?min_access_level=10', 'user', 'Group: Read'],
      ['GET', '/projects/1/labels', 'project', 'Label: Read'],
      ['GET', '/groups/1/labels', 'group', 'Label: Read'],
      ['POST', '/projects/1/issues/1/subscribe', 'project', 'Issue: Subscribe'],
      ['POST', '/projects/1/merge_requests/1/unsubscribe', 'project', 'Merge Request: Subscribe'],
      ['POST', '/groups/1/labels/311/unsubscribe', 'group', 'Label: Subscribe'],
    ];
    for (const [method, path, boundary, words] of cases) {
      const reply = await call(double, path, { method, token: FINE });
      assert.equal(reply.status, 403, path);
      assert.deepEqual(reply.body, { error: 'insufficient_granular_scope', error_description: denial(boundary, words) }, path);
    }
    assert.equal((await call(double, '/events', { token: FINE })).status, 200, 'the permission it has');
  });

  it('GraphQL takes the token, and answers a field it lacks the permission for with null and the sentence at its path', async () => {
    const read = await graphql('{ issues(subscribed: EXPLICITLY_SUBSCRIBED, first: 1) { count } group(fullPath: "acme") { id } }');
    assert.deepEqual(read.data, { issues: null, group: { id: 'gid://gitlab/Group/1' } }, 'group(fullPath:) is traversal only');
    assert.deepEqual(read.errors?.map((e) => [e.message, e.path]), [[denial('project', 'Work Item: Read'), ['issues']]]);
    const todos = await graphql('{ currentUser { todos { count } } }');
    assert.deepEqual(todos.errors?.map((e) => [e.message, e.path]), [[denial('user', 'Todo: Read'), ['currentUser', 'todos']]]);
    const change = await graphql('mutation { s0: workItemSubscribe(input: { id: "gid://gitlab/WorkItem/9001", subscribed: false }) { errors } }');
    assert.deepEqual(change.data, { s0: null });
    assert.deepEqual(change.errors?.map((e) => [e.message, e.path]), [[denial('group', 'Work Item: Subscribe'), ['s0']]]);
    // A legacy token with `api` reads and changes as before.
    assert.equal((await graphql('{ issues(subscribed: EXPLICITLY_SUBSCRIBED, first: 1) { count } }', TOKEN)).errors, undefined);
  });

  it('where fine-grained tokens are required, a legacy token gets the same answers on GraphQL', async () => {
    const enforced = await GitLabDouble.start({ now: () => FIXED_NOW, fineGrainedEnforced: true });
    try {
      const reply = await call(enforced, `${enforced.url}/api/graphql`, {
        method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ query: '{ currentUser { todos { count } } }' }),
      });
      const body = reply.body as { errors?: Array<{ message: string }> };
      assert.deepEqual(body.errors?.map((e) => e.message), [denial('user', 'Todo: Read')]);
    } finally {
      await enforced.close();
    }
  });
});
