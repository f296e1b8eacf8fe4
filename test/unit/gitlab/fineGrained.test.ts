import assert from 'node:assert/strict';
import { GitLabError, NO_FILTER } from '../../../src/gitlab';
import { graphqlRequest } from '../../../src/gitlab/graphql';
import { quoteGitLab } from '../../../src/gitlab/messages';
import { describeError } from '../../../src/app/settings/errorInfo';
import { formatMessage } from '../../../src/app/localize';
import { FINE_GRAINED_PERMISSIONS, tokenPageUrl, validateToken } from '../../../src/ui/auth/signInFlow';
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
    assert.equal(error.message, 'Sign in with a fine-grained personal access token that has the permissions GitLab asks for: GitLab refused the token in use. GitLab names them: "Event: Read"');
    assert.equal(error.insufficientScope, false, 'not a legacy scope: no read_api or api advice');
    const info = describeError(error, 'load', formatMessage);
    assert.equal(info.action, 'signIn');
    assert.equal(info.message, 'Sign in with a fine-grained personal access token that has the permissions GitLab asks for here. GitLab names them: "Event: Read"');
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

  it('sign-in offers the fine-grained token page beside the legacy one, and names the permissions in GitLab\'s words', () => {
    assert.equal(tokenPageUrl('https://gitlab.example.com/', 'fineGrained'), 'https://gitlab.example.com/-/user_settings/personal_access_tokens/granular/new');
    assert.match(tokenPageUrl('https://gitlab.example.com'), /personal_access_tokens\?name=.*&scopes=api$/);
    assert.deepEqual([...FINE_GRAINED_PERMISSIONS], ['read_event', 'read_notification_setting', 'update_notification_setting', 'read_todo', 'update_todo']);
  });
});
