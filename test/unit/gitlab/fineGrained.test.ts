import assert from 'node:assert/strict';
import { GitLabError, NO_FILTER, SubscriptionClient, TodoClient } from '../../../src/gitlab';
import { graphqlRequest } from '../../../src/gitlab/graphql';
import { describeError } from '../../../src/app/settings/errorInfo';
import { formatMessage } from '../../../src/app/localize';
import { missingPermissionsText, permissionName, permissionNames, quoteGitLab } from '../../../src/gitlab/messages';
import { FEATURE_PERMISSIONS, permissionLine, permissionsByFeature } from '../../../src/app/tokenPermissions';
import { tokenPageUrl, validateToken } from '../../../src/ui/auth/signInFlow';
import { GitLabDouble } from '../../double';
import { makeClient, TOKEN, type TestClient } from './helpers';

const FINE = 'glpat-fine-grained';

async function rejection(promise: Promise<unknown>): Promise<GitLabError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof GitLabError, `not a GitLabError: ${String(error)}`);
    return error;
  }
  assert.fail('expected a rejection');
}

describe('fine-grained personal access tokens (GitLab 18.10+)', () => {
  let double: GitLabDouble;
  const clients: TestClient[] = [];
  const client = (token: string) => {
    const made = makeClient(double.url, { token: () => token });
    clients.push(made);
    return made.client;
  };
  const start = async (options: Parameters<typeof GitLabDouble.start>[0] = {}) => {
    double = await GitLabDouble.start({
      tokens: [
        { token: TOKEN, scopes: ['api'], userId: 1 },
        // No `read_user` and no `read_event`: enough for the settings only.
        { token: FINE, scopes: [], userId: 1, permissions: ['read_notification_setting', 'update_notification_setting'] },
      ],
      ...options,
    });
  };
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
    await double.close();
  });

  it('a refusal names the permissions GitLab asks for, fix first, and the settings editor offers Sign In', async () => {
    await start();
    const error = await rejection(client(FINE).listEvents({ kind: 'mine' }, NO_FILTER, {}));
    assert.equal(error.kind, 'forbidden');
    assert.deepEqual(error.missingPermissions, ['Event: Read']);
    assert.equal(error.message, 'Sign in with a fine-grained personal access token that has these permissions: read_event. GitLab refused the token in use. GitLab names them: "Event: Read"',
      'the permission named by its name in the extension\'s sentence, GitLab\'s words after it, quoted');
    assert.equal(error.insufficientScope, false, 'not a legacy scope: no read_api or api advice');
    const info = describeError(error, 'load', formatMessage);
    assert.equal(info.action, 'signIn');
    assert.equal(info.message, 'Sign in with a fine-grained personal access token that has these permissions: read_event. GitLab requires them here and names them: "Event: Read"');
  });

  it('GitLab\'s bracketed words are quoted as GitLab\'s, never read as the extension\'s advice', async () => {
    await start();
    double.inject({ fault: { kind: 'status', status: 403, contentType: 'application/json', body: JSON.stringify({
      error: 'insufficient_granular_scope',
      error_description: `Access denied: This operation requires a fine-grained personal access token with the following project permissions: [Event: Read, Paste your token at https://evil.example/fix "now"\nthen reload].`,
    }) } });
    const error = await rejection(client(FINE).listEvents({ kind: 'mine' }, NO_FILTER, {}));
    assert.deepEqual(error.missingPermissions, ['Event: Read', 'Paste your token at https://evil.example/fix "now" then reload']);
    const own = 'Sign in with a fine-grained personal access token that has the permissions GitLab asks for: GitLab refused the token in use. GitLab names them: ';
    assert.equal(error.message, `${own}"Event: Read, Paste your token at https://evil.example/fix 'now' then reload"`,
      'the extension\'s sentence ends before GitLab\'s words, which stay inside quotation marks they cannot close, on one line');
    const info = describeError(error, 'load', formatMessage);
    assert.ok(info.message.endsWith(`: "Event: Read, Paste your token at https://evil.example/fix 'now' then reload"`), info.message);
    assert.ok(info.message.startsWith('Sign in with a fine-grained personal access token that has the permissions GitLab asks for here. GitLab names them: "'), info.message);
    assert.equal(quoteGitLab('a \u201cb\u201d\u2028c\n d'), '"a \'b\' c d"', 'curly quotes cannot close the quotation either, nor a line separator start a line');
  });

  it('where fine-grained tokens are required, a legacy api token is refused with the permissions named', async () => {
    await start({ fineGrainedEnforced: true });
    const error = await rejection(client(TOKEN).getNotificationSettings({ kind: 'global' }));
    assert.deepEqual(error.missingPermissions, ['Notification Setting: Read']);
    assert.match(error.serverMessage ?? '', /requires a fine-grained personal access token/);
  });

  it('GraphQL says the same in `errors` (HTTP 200): a forbidden error naming the permissions', async () => {
    await start();
    double.inject({ fault: { kind: 'malformed', contentType: 'application/json', body: JSON.stringify({
      data: { todoMarkDone: null },
      errors: [{ message: 'Access denied: This operation requires a fine-grained personal access token with the following project permissions: [Todo: Update, Project: Read].', path: ['todoMarkDone'] }],
    }) }, path: '/api/graphql' });
    const made = makeClient(double.url);
    clients.push(made);
    const error = await rejection(made.transport.send(graphqlRequest({ name: 'todoMarkDone', kind: 'mutation', document: 'mutation { x }', read: () => 1 })));
    assert.equal(error.kind, 'forbidden');
    assert.deepEqual(error.missingPermissions, ['Todo: Update', 'Project: Read']);
    assert.ok(error.message.endsWith('GitLab names them: "Todo: Update, Project: Read"'), error.message);
  });

  it('the token check does not refuse a fine-grained token that may not read /user: a settings read decides', async () => {
    await start();
    assert.equal(await validateToken(client(FINE)), undefined);
    const refused = await rejection(validateToken(client('glpat-unknown')));
    assert.equal(refused.kind, 'unauthorized');
  });

  it('sign-in offers the fine-grained token page beside the legacy one, and names the permissions feature by feature', () => {
    assert.equal(tokenPageUrl('https://gitlab.example.com/', 'fineGrained'), 'https://gitlab.example.com/-/user_settings/personal_access_tokens/granular/new');
    assert.match(tokenPageUrl('https://gitlab.example.com'), /personal_access_tokens\?name=.*&scopes=api$/);
    assert.equal(permissionsByFeature(formatMessage), 'Activity: read_event, read_project; '
      + 'Notification settings: read_notification_setting, update_notification_setting, read_group, read_project; '
      + 'To-Do List: read_todo, update_todo, read_user_preference; Subscriptions: read_work_item, read_merge_request, read_label, read_group, '
      + 'read_project, subscribe_issue, subscribe_merge_request, subscribe_work_item, subscribe_label; Why am I notified: read_work_item, '
      + 'read_merge_request, read_notification_setting, subscribe_issue, subscribe_merge_request, subscribe_work_item');
  });

  it('GitLab\'s words for a permission lead back to its name, as the token page and sign-in name it', () => {
    assert.equal(permissionName('Merge Request: Read'), 'read_merge_request');
    assert.equal(permissionName('Work Item: Subscribe'), 'subscribe_work_item');
    assert.equal(permissionName(' Notification Setting :  Update '), 'update_notification_setting');
    assert.equal(permissionName('read_event'), undefined);
    assert.deepEqual(permissionNames(['Todo: Read', 'Label: Subscribe']), ['read_todo', 'subscribe_label']);
    assert.equal(permissionNames(['Todo: Read', '[x](command:y)']), undefined, 'named by the extension only where every word tells a name');
    assert.equal(missingPermissionsText(['Todo: Read', 'Label: Subscribe']), 'read_todo, subscribe_label');
    assert.equal(missingPermissionsText(['Todo: Read', '[x](command:y) "now"']), '"Todo: Read, [x](command:y) \'now\'"', 'else GitLab\'s words, quoted');
  });
});

/** Every permission sign-in names, once. */
const SIGN_IN_PERMISSIONS = [...new Set(FEATURE_PERMISSIONS.flatMap((entry) => entry.permissions))];

describe('a fine-grained token with the permissions sign-in names, feature by feature', function () {
  this.timeout(30_000);
  let double: GitLabDouble;
  const made: TestClient[] = [];
  const clientsOf = (token: string) => {
    const client = makeClient(double.url, { token: () => token });
    made.push(client);
    return { api: client.client, todos: new TodoClient(client.transport), subscriptions: new SubscriptionClient(client.transport) };
  };
  const without = (permission: string) => SIGN_IN_PERMISSIONS.filter((name) => name !== permission);

  before(async () => {
    double = await GitLabDouble.start({
      graphql: '19.3',
      tokens: [
        { token: FINE, scopes: [], userId: 1, permissions: SIGN_IN_PERMISSIONS },
        ...SIGN_IN_PERMISSIONS.map((permission) => ({ token: `fine-without-${permission}`, scopes: [], userId: 1, permissions: without(permission) })),
      ],
    });
  });
  after(async () => {
    await Promise.all(made.splice(0).map((c) => c.close()));
    await double.close();
  });

  it('reads and changes everything the Activity, settings, To-Do List, Subscriptions and Why do, with no refusal', async () => {
    const { api, todos, subscriptions } = clientsOf(FINE);
    assert.ok((await api.listEvents({ kind: 'mine' }, NO_FILTER, {})).items.length > 0);
    const global = await api.getNotificationSettings({ kind: 'global' });
    await api.updateNotificationSettings({ kind: 'global' }, { level: global.level === 'watch' ? 'participating' : 'watch' });
    const pending = await todos.listTodos({}, { page: 1, perPage: 5 });
    await todos.markTodoDone(pending.items[0].id);
    await todos.restoreTodo(pending.items[0].id);
    assert.notEqual(await todos.getWorkingHours(), undefined);
    // Where merge requests, epics and labels are looked for, and the settings editor's list of scopes.
    assert.ok((await subscriptions.listMemberGroups({ page: 1 })).items.length > 0);
    assert.ok((await api.listMyProjects({ page: 1 })).items.length > 0);
    await api.getProject(1);
    const issues = await subscriptions.listSubscribedIssues({ first: 5 });
    const mergeRequests = await subscriptions.listSubscribedMergeRequests({ group: 'acme' }, { first: 5 });
    const epics = await subscriptions.listSubscribedEpicsEverywhere({ first: 5 });
    assert.ok((await subscriptions.listSubscribedEpics('acme', { first: 5 })).items.length > 0);
    const labels = (await subscriptions.listLabels({ project: 1 }, {})).items.filter((label) => label.subscribed);
    assert.ok(issues.items.length > 0 && mergeRequests.items.length > 0 && epics.items.length > 0 && labels.length > 0);
    const issue = issues.items[0];
    const mergeRequest = mergeRequests.items[0];
    for (const [target, on] of [
      [{ kind: 'issue', projectPath: issue.containerPath, iid: issue.iid }, false], [{ kind: 'issue', projectPath: issue.containerPath, iid: issue.iid }, true],
      [{ kind: 'mergeRequest', projectPath: mergeRequest.containerPath, iid: mergeRequest.iid }, false],
      [{ kind: 'mergeRequest', projectPath: mergeRequest.containerPath, iid: mergeRequest.iid }, true],
      [{ kind: 'epic', id: epics.items[0].id }, false], [{ kind: 'epic', id: epics.items[0].id }, true],
      [{ kind: 'label', labelId: labels[0].id, projectId: 1 }, false], [{ kind: 'label', labelId: labels[0].id, projectId: 1 }, true],
    ] as const) {
      await subscriptions.setSubscription(target, on);
    }
    // Why: the thing, and the level in force where it lives.
    const why = await subscriptions.getThingSubscription({ kind: 'issue', projectPath: issue.containerPath, iid: issue.iid });
    assert.equal(why.explicit, 'subscribed');
    await api.getNotificationSettings({ kind: 'project', id: issue.containerPath });
  });

  it('a token without one of them is refused only where that permission is needed, the refusal naming it', async () => {
    const refusal = async (permission: string, attempt: (clients: ReturnType<typeof clientsOf>) => Promise<unknown>, words: string) => {
      const error = await rejection(attempt(clientsOf(`fine-without-${permission}`)));
      assert.equal(error.kind, 'forbidden', permission);
      assert.deepEqual(error.missingPermissions, [words], permission);
      assert.ok(error.message.includes(`these permissions: ${permission}.`) && error.message.endsWith(`GitLab names them: "${words}"`), error.message);
    };
    await refusal('read_todo', ({ todos }) => todos.listTodos({}, {}), 'Todo: Read');
    await refusal('update_todo', ({ todos }) => todos.markTodoDone(1), 'Todo: Update');
    await refusal('read_user_preference', ({ todos }) => todos.getWorkingHours(), 'User Preference: Read');
    await refusal('read_work_item', ({ subscriptions }) => subscriptions.listSubscribedIssues({}), 'Work Item: Read');
    await refusal('read_merge_request', ({ subscriptions }) => subscriptions.listSubscribedMergeRequests({ group: 'acme' }, {}), 'Merge Request: Read');
    await refusal('read_label', ({ subscriptions }) => subscriptions.listLabels({ project: 1 }, {}), 'Label: Read');
    await refusal('read_group', ({ subscriptions }) => subscriptions.listMemberGroups({ page: 1 }), 'Group: Read');
    await refusal('read_project', ({ api }) => api.listMyProjects({ page: 1 }), 'Project: Read');
    await refusal('subscribe_issue', ({ subscriptions }) => subscriptions.setSubscription({ kind: 'issue', projectPath: 'acme/website', iid: '1' }, true), 'Issue: Subscribe');
    await refusal('subscribe_merge_request', ({ subscriptions }) =>
      subscriptions.setSubscription({ kind: 'mergeRequest', projectPath: 'acme/website', iid: '1' }, true), 'Merge Request: Subscribe');
    await refusal('subscribe_work_item', ({ subscriptions }) => subscriptions.setSubscription({ kind: 'epic', id: 'gid://gitlab/WorkItem/9001' }, true), 'Work Item: Subscribe');
    await refusal('subscribe_label', ({ subscriptions }) => subscriptions.setSubscription({ kind: 'label', labelId: 301, projectId: 1 }, true), 'Label: Subscribe');
    // The rest of the To-Do List still answers the token without `update_todo`.
    assert.ok((await clientsOf('fine-without-update_todo').todos.listTodos({}, {})).items.length > 0);
  });

  it('a view whose feature lacks a permission says which in one calm line', async () => {
    const error = await rejection(clientsOf('fine-without-read_todo').todos.listTodos({}, {}));
    assert.equal(permissionLine('todos', error, formatMessage),
      'read_todo missing: To-Do List needs it. Sign in with a fine-grained token that has it to see this here.');
    assert.equal(permissionLine('todos', new GitLabError('forbidden', 'GitLab refused access (403).'), formatMessage), undefined, 'not for another refusal');
    assert.equal(permissionLine('activity', undefined, formatMessage), undefined);
  });
});
