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
  ];
  for (const c of cases) {
    it(`${c.name}: ${c.path} → ${c.status}`, async () => {
      const reply = await call(double, c.path);
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

  it('sets the common headers on every response, errors included', async () => {
    for (const path of ['/user', '/nothing', '/events?sort=up', '/projects/1/events']) {
      const reply = await call(double, path);
      assert.equal(reply.headers.get('x-frame-options'), 'SAMEORIGIN', path);
      assert.equal(reply.headers.get('x-content-type-options'), 'nosniff', path);
      assert.equal(reply.headers.get('content-type'), 'application/json', path);
    }
  });

  it('answers paths outside the API with the catch-all 404', async () => {
    const reply = await call(double, `${double.url}/`);
    assert.equal(reply.status, 404);
    assert.deepEqual(reply.body, notFound);
  });
});
