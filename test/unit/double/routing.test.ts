import assert from 'node:assert/strict';
import { GitLabDouble } from '../../double';
import { call, FIXED_NOW } from './http';

/** Behaviour note §1.1, §1.2, §1.6 (E6–E9, E21): routes, ids and paths, common headers. */
describe('GitLab double: routing', () => {
  let double: GitLabDouble;
  before(async () => {
    double = await GitLabDouble.start({ now: () => FIXED_NOW });
  });
  after(() => double.close());

  const notFound = { error: '404 Not Found' };
  const projectNotFound = { message: '404 Project Not Found' };
  const groupNotFound = { message: '404 Group Not Found' };
  const userNotFound = { message: '404 User Not Found' };

  const cases: Array<{ name: string; path: string; status: number; body?: unknown; check?: (body: any) => void }> = [
    { name: 'unknown route', path: '/nothing/here', status: 404, body: notFound },
    { name: 'unknown nested route', path: '/projects/1/pipelines', status: 404, body: notFound },
    { name: 'raw slash in a project id', path: '/projects/acme/website/events', status: 404, body: notFound },
    { name: 'raw slash in a settings id', path: '/groups/acme/platform/notification_settings', status: 404, body: notFound },
    { name: 'encoded full path', path: '/projects/acme%2Fwebsite/events', status: 200 },
    { name: 'encoded nested path', path: '/projects/acme%2Fplatform%2Fbilling/notification_settings', status: 200 },
    { name: 'lower-case %2f', path: '/projects/acme%2fwebsite', status: 200, check: (b) => assert.equal(b.id, 1) },
    { name: 'path match ignores case', path: '/projects/ACME%2FWebsite', status: 200, check: (b) => assert.equal(b.id, 1) },
    { name: 'bare project name never matches', path: '/projects/website/events', status: 404, body: projectNotFound },
    { name: 'double-encoded path', path: '/projects/acme%252Fwebsite', status: 404, body: projectNotFound },
    { name: 'unknown numeric project', path: '/projects/424242/notification_settings', status: 404, body: projectNotFound },
    { name: 'private project of others', path: '/projects/design-team%2Fbrand/events', status: 404, body: projectNotFound },
    { name: 'group by id', path: '/groups/2/notification_settings', status: 200 },
    { name: 'top-level group by path', path: '/groups/acme/notification_settings', status: 200 },
    { name: 'subgroup by encoded path', path: '/groups/acme%2Fplatform/notification_settings', status: 200 },
    { name: 'unknown group', path: '/groups/nope/notification_settings', status: 404, body: groupNotFound },
    { name: 'private group seen through a project in it', path: '/groups/design-team/notification_settings', status: 200 },
    { name: 'user events by username', path: '/users/jordan/events', status: 200 },
    { name: 'username ignores case', path: '/users/JORDAN/events', status: 200 },
    { name: 'dotted username', path: '/users/sam.taylor/events', status: 200 },
    { name: 'unknown user', path: '/users/nobody/events', status: 404, body: userNotFound },
    { name: 'unknown user id', path: '/users/999/events', status: 404, body: userNotFound },
    { name: 'API v3', path: '/../v3/projects', status: 410 },
  ];
  for (const c of cases) {
    it(`${c.name}: ${c.path} → ${c.status}`, async () => {
      const path = c.path.startsWith('/../v3') ? `${double.url}/api/v3/projects` : c.path;
      const reply = await call(double, path);
      assert.equal(reply.status, c.status, reply.text);
      if (c.body) assert.deepEqual(reply.body, c.body);
      c.check?.(reply.body);
    });
  }

  it('hides private groups and projects from non-members', async () => {
    double.data.tokens.push({ token: 'jordan', scopes: ['api'], userId: 3 });
    const group = await call(double, '/groups/design-team/notification_settings', { token: 'jordan' });
    assert.equal(group.status, 404);
    assert.deepEqual(group.body, groupNotFound);
    const project = await call(double, '/projects/design-team%2Fmockups/notification_settings', { token: 'jordan' });
    assert.deepEqual(project.body, projectNotFound);
    assert.equal((await call(double, '/projects/community%2Fforum', { token: null })).status, 404);
    assert.equal((await call(double, '/projects/community%2Fforum', { token: 'jordan' })).status, 200);
  });

  it('answers API v3 with 410 and GitLab\'s message', async () => {
    const reply = await call(double, `${double.url}/api/v3/user`);
    assert.deepEqual(reply.body, { error: 'API V3 is no longer supported. Use API V4 instead.' });
  });

  it('logs the decoded and the raw path', async () => {
    await call(double, '/projects/acme%2Fwebsite/events?per_page=3');
    const logged = await double.waitForRequest((r) => r.rawPath === '/api/v4/projects/acme%2Fwebsite/events' && 'per_page' in r.query);
    assert.equal(logged.path, '/api/v4/projects/acme/website/events');
    assert.deepEqual(logged.query, { per_page: '3' });
    assert.equal(logged.status, 200);
    assert.ok(logged.at > 0);
  });

  it('sets the common headers on every response, errors included', async () => {
    for (const path of ['/user', '/nothing', '/events?sort=up', '/projects/1/events']) {
      const reply = await call(double, path);
      assert.equal(reply.headers.get('x-frame-options'), 'SAMEORIGIN', path);
      assert.equal(reply.headers.get('x-content-type-options'), 'nosniff', path);
      assert.equal(reply.headers.get('content-type'), 'application/json', path);
    }
  });

  it('answers a wrong method with 405 and Allow', async () => {
    const reply = await call(double, '/notification_settings', { method: 'POST' });
    assert.equal(reply.status, 405);
    assert.deepEqual(reply.body, { error: '405 Not Allowed' });
    assert.equal(reply.headers.get('allow'), 'GET, HEAD, PUT, OPTIONS');
    const events = await call(double, '/events', { method: 'DELETE' });
    assert.equal(events.status, 405);
    assert.equal(events.headers.get('allow'), 'GET, HEAD, OPTIONS');
  });

  it('answers OPTIONS with 204 and Allow', async () => {
    const reply = await call(double, '/projects/1/notification_settings', { method: 'OPTIONS' });
    assert.equal(reply.status, 204);
    assert.equal(reply.headers.get('allow'), 'GET, HEAD, PUT, OPTIONS');
  });

  it('answers HEAD like GET without a body', async () => {
    const reply = await call(double, '/events?per_page=2', { method: 'HEAD' });
    assert.equal(reply.status, 200);
    assert.equal(reply.text, '');
    assert.equal(reply.headers.get('x-per-page'), '2');
  });

  it('rejects a malformed JSON body with a Grape error', async () => {
    const reply = await call(double, '/notification_settings', {
      method: 'PUT', body: '{"level":', headers: { 'Content-Type': 'application/json' },
    });
    assert.equal(reply.status, 400);
    assert.deepEqual(reply.body, { error: 'message body does not match declared format' });
  });

  it('answers 500 like GitLab when a handler breaks', async () => {
    const users = double.data.users;
    (double.data as { users: unknown }).users = null;
    try {
      const reply = await call(double, '/users/1/events');
      assert.equal(reply.status, 500);
      assert.deepEqual(reply.body, { message: '500 Internal Server Error' });
      assert.ok(reply.headers.get('x-double-error'));
    } finally {
      double.data.users = users;
    }
  });

  it('serves avatars locally', async () => {
    const response = await fetch(`${double.url}/uploads/-/system/user/avatar/1/avatar.png`);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'image/png');
    assert.ok((await response.arrayBuffer()).byteLength > 0);
  });

  it('answers paths outside the API with the catch-all 404', async () => {
    const reply = await call(double, `${double.url}/`);
    assert.equal(reply.status, 404);
    assert.deepEqual(reply.body, notFound);
  });

  describe('server flavours', () => {
    it('withoutUserEndpoint: GET /user is an unknown route', async () => {
      const spec = await GitLabDouble.start({ withoutUserEndpoint: true, events: 10 });
      try {
        const reply = await call(spec, '/user');
        assert.equal(reply.status, 404);
        assert.deepEqual(reply.body, notFound);
        assert.equal((await call(spec, '/events')).status, 200);
      } finally {
        await spec.close();
      }
    });

    it('withoutDiscovery: listings and lookups beyond the spec are unknown routes', async () => {
      const spec = await GitLabDouble.start({ withoutDiscovery: true, events: 10 });
      try {
        for (const path of ['/projects?membership=true', '/groups', '/projects/1', '/groups/1', '/users/1', '/users?username=alex']) {
          const reply = await call(spec, path);
          assert.equal(reply.status, 404, path);
          assert.deepEqual(reply.body, notFound, path);
        }
        for (const path of ['/projects/1/events', '/projects/1/notification_settings', '/groups/1/notification_settings', '/users/1/events', '/user']) {
          assert.equal((await call(spec, path)).status, 200, path);
        }
      } finally {
        await spec.close();
      }
    });

    it('dottedUsernamesFail: a dotted username hits the catch-all 404', async () => {
      const strict = await GitLabDouble.start({ dottedUsernamesFail: true, events: 10 });
      try {
        const reply = await call(strict, '/users/sam.taylor/events');
        assert.equal(reply.status, 404);
        assert.deepEqual(reply.body, notFound);
        assert.equal((await call(strict, '/users/2/events')).status, 200);
      } finally {
        await strict.close();
      }
    });
  });
});
