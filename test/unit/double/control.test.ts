import assert from 'node:assert/strict';
import { GitLabDouble } from '../../double';
import { call, FIXED_NOW } from './http';

/** The /__double/ control surface, as the workbench tests (another process) and the demo drive it. */
describe('GitLab double: control surface', () => {
  let double: GitLabDouble;
  beforeEach(async () => {
    double = await GitLabDouble.start({ now: () => FIXED_NOW, events: 50 });
  });
  afterEach(() => double.close());

  async function control(method: string, path: string, body?: unknown) {
    const response = await fetch(`${double.url}/__double/${path}`, {
      method, headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  }

  it('serves and clears the request log, without logging itself', async () => {
    await call(double, '/user');
    await call(double, '/events?per_page=3');
    const log = await control('GET', 'requests');
    assert.equal(log.status, 200);
    assert.deepEqual(log.body.map((r: any) => `${r.method} ${r.path} ${r.status}`), [
      'GET /api/v4/user 200', 'GET /api/v4/events 200',
    ]);
    assert.deepEqual(log.body[1].query, { per_page: '3' });
    assert.equal((await control('DELETE', 'requests')).status, 204);
    assert.deepEqual((await control('GET', 'requests')).body, []);
    assert.equal(double.requests.length, 0);
  });

  it('injects faults from JSON: a ^ path is a regex, times may be "Infinity"', async () => {
    const added = await control('POST', 'faults', {
      fault: { kind: 'status', status: 503 }, path: '^/projects/\\d+/events$', times: 'Infinity',
    });
    assert.equal(added.status, 201);
    assert.equal(added.body.path, '^/projects/\\d+/events$');
    assert.equal(added.body.times, null); // JSON has no Infinity
    for (let i = 0; i < 3; i++) assert.equal((await call(double, '/projects/1/events')).status, 503);
    assert.equal((await call(double, '/projects/1/notification_settings')).status, 200);
    assert.equal((await control('DELETE', 'faults')).status, 204);
    assert.equal((await call(double, '/projects/1/events')).status, 200);
  });

  it('treats a plain path as exact and applies a rule once by default', async () => {
    await control('POST', 'faults', { fault: { kind: 'rateLimit', style: 'app' }, path: '/events', method: 'GET' });
    assert.equal((await call(double, '/events?page=2')).status, 429);
    assert.equal((await call(double, '/events')).status, 200);
  });

  it('adds events that the API then lists first', async () => {
    const added = await control('POST', 'events', { action: 'closed', targetType: 'Issue', targetTitle: 'Closed elsewhere' });
    assert.equal(added.status, 201);
    const newest = await call(double, '/events?per_page=1');
    assert.equal(newest.body[0].id, added.body.id);
    assert.equal(newest.body[0].action_name, 'closed');
    assert.equal(newest.body[0].target_title, 'Closed elsewhere');
  });

  it('sets stored settings directly, as a change made elsewhere', async () => {
    const global = await control('PUT', 'settings', { scope: 'global', level: 'custom', events: { new_note: true } });
    assert.equal(global.status, 200);
    assert.equal(global.body.level, 'custom');
    assert.equal(global.body.events.new_note, true);
    assert.deepEqual((await call(double, '/notification_settings')).body, global.body);

    const project = await control('PUT', 'settings', { scope: 'project', id: 'acme/website', level: 'watch' });
    assert.deepEqual(project.body, { level: 'watch' });
    assert.deepEqual((await call(double, '/projects/1/notification_settings')).body, { level: 'watch' });

    const group = await control('PUT', 'settings', { scope: 'group', id: 2, level: 'disabled' });
    assert.deepEqual(group.body, { level: 'disabled' });
    assert.deepEqual((await call(double, '/groups/acme%2Fplatform/notification_settings')).body, { level: 'disabled' });

    // A level this client may not know, as a newer server could send.
    await control('PUT', 'settings', { scope: 'group', id: 1, level: 'owner_only' });
    assert.deepEqual((await call(double, '/groups/1/notification_settings')).body, { level: 'owner_only' });

    const email = await control('PUT', 'settings', { notificationEmail: 'alex.rivera@work.example.com' });
    assert.equal(email.body.notification_email, 'alex.rivera@work.example.com');
    assert.equal(double.requests.length, 4, 'only the API calls are logged');
  });

  it('adds and replaces tokens', async () => {
    assert.equal((await call(double, '/user', { token: 'new-one' })).status, 401);
    const added = await control('POST', 'tokens', { token: 'new-one', scopes: ['read_user'], userId: 3 });
    assert.equal(added.status, 201);
    assert.equal((await call(double, '/user', { token: 'new-one' })).body.username, 'jordan');
    await control('POST', 'tokens', { token: 'new-one', state: 'expired' });
    assert.equal((await call(double, '/user', { token: 'new-one' })).body.error, 'invalid_token');
  });
});
