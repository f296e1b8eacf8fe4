import assert from 'node:assert/strict';
import { GitLabDouble } from '../../double';
import { call, FIXED_NOW, TOKEN, SCOPED_TOKENS } from './http';

/** Behaviour note §1.3, §1.4, §1.6: credentials, token states and scopes. */
describe('GitLab double: authentication and scopes', () => {
  let double: GitLabDouble;

  before(async () => {
    double = await GitLabDouble.start({
      now: () => FIXED_NOW,
      tokens: [
        ...SCOPED_TOKENS,
        { token: 'expired', scopes: ['api'], userId: 1, state: 'expired' },
        { token: 'revoked', scopes: ['api'], userId: 1, state: 'revoked' },
        { token: 'riley', scopes: ['api'], userId: 6 },
        { token: 'ghost', scopes: ['api'], userId: 99 },
      ],
    });
  });
  after(() => double.close());

  const unauthorized = { message: '401 Unauthorized' };
  const insufficient = (scope: string) => ({
    error: 'insufficient_scope',
    error_description: 'The request requires higher privileges than provided by the access token.',
    scope,
  });

  describe('matrix', () => {
    const cases: Array<{ name: string; method?: string; path: string; token: string | null; status: number; body?: unknown }> = [
      { name: 'no token on /notification_settings', path: '/notification_settings', token: null, status: 401, body: unauthorized },
      { name: 'no token on /events', path: '/events', token: null, status: 401, body: unauthorized },
      { name: 'no token on /user', path: '/user', token: null, status: 401, body: unauthorized },
      { name: 'no token on a group setting', path: '/groups/1/notification_settings', token: null, status: 401, body: unauthorized },
      { name: 'no token on PUT', method: 'PUT', path: '/notification_settings?level=watch', token: null, status: 401, body: unauthorized },
      { name: 'anonymous user events', path: '/users/1/events', token: null, status: 200 },
      { name: 'anonymous public project events', path: '/projects/1/events', token: null, status: 200 },
      { name: 'anonymous private project events', path: '/projects/2/events', token: null, status: 404, body: { message: '404 Project Not Found' } },
      { name: 'anonymous internal project events', path: '/projects/6/events', token: null, status: 404, body: { message: '404 Project Not Found' } },
      { name: 'unknown token on an anonymous endpoint', path: '/users/1/events', token: 'nope', status: 401, body: unauthorized },
      { name: 'unknown token on /events', path: '/events', token: 'nope', status: 401, body: unauthorized },
      { name: 'token of a missing user', path: '/user', token: 'ghost', status: 401, body: unauthorized },
      { name: 'read_user on /user', path: '/user', token: 'read-user', status: 200 },
      { name: 'read_user on /events', path: '/events', token: 'read-user', status: 200 },
      { name: 'read_user on /users/:id/events', path: '/users/2/events', token: 'read-user', status: 200 },
      { name: 'read_user on project events', path: '/projects/1/events', token: 'read-user', status: 403, body: insufficient('api read_api') },
      { name: 'read_user on settings', path: '/notification_settings', token: 'read-user', status: 403, body: insufficient('api read_api') },
      { name: 'read_user on /projects', path: '/projects?membership=true', token: 'read-user', status: 403, body: insufficient('api read_api') },
      { name: 'read_user on /groups', path: '/groups', token: 'read-user', status: 403, body: insufficient('api read_api') },
      { name: 'read_api on settings', path: '/projects/1/notification_settings', token: 'read-api', status: 200 },
      { name: 'read_api on /projects', path: '/projects', token: 'read-api', status: 200 },
      { name: 'read_api on PUT', method: 'PUT', path: '/notification_settings?level=watch', token: 'read-api', status: 403, body: insufficient('api') },
      { name: 'read_user on PUT', method: 'PUT', path: '/groups/1/notification_settings?level=watch', token: 'read-user', status: 403, body: insufficient('api') },
      { name: 'api on PUT', method: 'PUT', path: '/projects/1/notification_settings?level=watch', token: TOKEN, status: 200 },
      { name: 'scope check before lookup', path: '/projects/9999/events', token: 'read-user', status: 403 },
      { name: 'auth before route params', path: '/events?per_page=0', token: null, status: 401 },
    ];
    for (const c of cases) {
      it(`${c.name} → ${c.status}`, async () => {
        const reply = await call(double, c.path, { method: c.method, token: c.token });
        assert.equal(reply.status, c.status, reply.text);
        if (c.body !== undefined) assert.deepEqual(reply.body, c.body);
        assert.match(reply.headers.get('content-type') ?? '', /^application\/json/);
        assert.equal(reply.headers.get('www-authenticate'), null);
      });
    }
  });

  describe('expired and revoked tokens (OAuth style)', () => {
    const cases = [
      { token: 'expired', description: 'Token is expired. You can either do re-authorization or token refresh.' },
      { token: 'revoked', description: 'Token was revoked. You have to re-authorize from the user.' },
    ];
    for (const c of cases) {
      for (const path of ['/user', '/users/1/events', '/projects/1/events']) {
        it(`${c.token} token on ${path} → 401 invalid_token with WWW-Authenticate`, async () => {
          const reply = await call(double, path, { token: c.token, via: 'bearer' });
          assert.equal(reply.status, 401);
          assert.deepEqual(reply.body, { error: 'invalid_token', error_description: c.description });
          const challenge = reply.headers.get('www-authenticate') ?? '';
          assert.match(challenge, /^Bearer realm="[^"]+", error="invalid_token", error_description="/);
          assert.ok(challenge.includes(c.description));
        });
      }
    }

    it('a token revoked while running starts failing', async () => {
      double.data.tokens.push({ token: 'short-lived', scopes: ['api'], userId: 1 });
      assert.equal((await call(double, '/user', { token: 'short-lived' })).status, 200);
      double.data.tokens[double.data.tokens.length - 1].state = 'revoked';
      assert.equal((await call(double, '/user', { token: 'short-lived' })).status, 401);
    });
  });

  it('a blocked user gets 403', async () => {
    double.data.users[5].state = 'blocked';
    try {
      const reply = await call(double, '/user', { token: 'riley' });
      assert.equal(reply.status, 403);
      assert.deepEqual(reply.body, { message: '403 Forbidden - Your account has been blocked.' });
    } finally {
      double.data.users[5].state = 'active';
    }
  });
});
