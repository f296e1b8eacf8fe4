import assert from 'node:assert/strict';
import { GitLabDouble } from '../../double';
import { ByteBudget, GitLabError, NO_FILTER, validateFilter, type EventFilter, type GitLabErrorKind, type ValidEventFilter } from '../../../src/gitlab';
import { EXCHANGES, makeClient, readAllEvents, TOKEN, type TestClient } from './helpers';

async function rejectsWith(promise: Promise<unknown>, kind: GitLabErrorKind): Promise<GitLabError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof GitLabError, `expected a GitLabError, got ${String(error)}`);
    assert.equal(error.kind, kind, error.message);
    assert.ok(!error.message.includes(TOKEN), 'the token must not appear in error messages');
    return error;
  }
  assert.fail(`expected a ${kind} error`);
}

for (const kind of EXCHANGES) describe(`GitLabClient against the GitLab double, over ${kind}`, function () {
  let double: GitLabDouble;
  let t: TestClient;

  before(async () => {
    double = await GitLabDouble.start({ edition: 'ee', events: 250, seed: 7 });
  });
  after(async () => double.close());
  beforeEach(() => {
    double.clearFaults();
    double.clearLog();
    t = makeClient(double.url, {}, kind);
  });
  afterEach(async () => t.close());

  describe('notification settings', () => {
    it('reads the global setting with its e-mail', async () => {
      const setting = await t.client.getNotificationSettings({ kind: 'global' });
      assert.equal(typeof setting.level, 'string');
      assert.equal(typeof setting.notification_email, 'string');
    });

    it('updates a project to custom with two events, sending only those in the query string', async () => {
      const project = double.data.projects[0];
      const result = await t.client.updateNotificationSettings(
        { kind: 'project', id: project.pathWithNamespace }, { level: 'custom', events: { new_note: true, close_issue: false } });
      assert.equal(result.level, 'custom');
      assert.equal(result.events?.new_note, true);
      assert.equal(result.events?.close_issue, false);
      assert.ok(Object.values(result.events ?? {}).includes(null), 'unset events come back as null');
      const put = double.requests.find((r) => r.method === 'PUT');
      assert.ok(put);
      assert.equal(put.rawPath.split('?')[0], `/api/v4/projects/${encodeURIComponent(project.pathWithNamespace)}/notification_settings`);
      assert.deepEqual(put.query, { level: 'custom', new_note: 'true', close_issue: 'false' });
    });

    it('reads a group by encoded full path', async () => {
      const group = double.data.groups.find((g) => g.fullPath.includes('/')) ?? double.data.groups[0];
      const setting = await t.client.getNotificationSettings({ kind: 'group', id: group.fullPath });
      assert.equal(typeof setting.level, 'string');
    });

    it('turns an invalid level from the server side into a validation error with GitLab\'s words', async () => {
      double.inject({ fault: { kind: 'status', status: 400, body: '{"message":"\'bogus\' is not a valid level"}', contentType: 'application/json' } });
      const error = await rejectsWith(t.client.getNotificationSettings({ kind: 'global' }), 'validation');
      assert.equal(error.serverMessage, "'bogus' is not a valid level");
    });

    it('reports field errors of an unverified e-mail', async () => {
      const error = await rejectsWith(
        t.client.updateNotificationSettings({ kind: 'global' }, { notification_email: 'nobody@unverified.example' }), 'validation');
      assert.deepEqual(error.fieldErrors, { notification_email: ['must be an email you have verified'] });
    });

    it('refuses to send an unknown level or a malformed event name', async () => {
      await rejectsWith(t.client.updateNotificationSettings({ kind: 'global' }, { level: 'loud' as never }), 'validation');
      await rejectsWith(t.client.updateNotificationSettings({ kind: 'project', id: 1 }, { events: { 'a&b=c': true } }), 'validation');
      await rejectsWith(t.client.updateNotificationSettings({ kind: 'project', id: 1 }, { notification_email: 'a@b.c' }), 'validation');
      assert.equal(double.requests.length, 0);
    });

    it('never sends a GitLab request parameter or a key unlike an event name as an event switch, whoever asks', async () => {
      const hostile = ['sudo', 'private_token', 'access_token', 'job_token', 'level', 'notification_email', 'id', 'page', 'per_page',
        'format', 'callback', 'Foo-Bar', 'a&b=c', `a${'b'.repeat(64)}`];
      for (const key of hostile) {
        const update = { level: 'custom', events: { new_note: true, [key]: true } } as const;
        const error = await rejectsWith(t.client.updateNotificationSettings({ kind: 'project', id: 1 }, update), 'validation');
        assert.match(error.message, /is not a notification event name/, key);
      }
      assert.deepEqual(double.requests.map((r) => `${r.method} ${r.rawPath}`), [], 'nothing of such an update is sent');
      // The longest event name that can be is still sent.
      const longest = `a${'b'.repeat(63)}`;
      await t.client.updateNotificationSettings({ kind: 'project', id: 1 }, { level: 'custom', events: { new_note: true, [longest]: true } });
      assert.deepEqual(double.requests.map((r) => r.query), [{ level: 'custom', new_note: 'true', [longest]: 'true' }]);
    });
  });

  describe('events', () => {
    it('pages through all of my events following X-Next-Page across short pages', async () => {
      const all = await readAllEvents(t.client, { kind: 'mine' }, NO_FILTER, 20);
      const pages = double.requests.filter((r) => r.path === '/api/v4/events');
      assert.ok(pages.length >= 2);
      const ids = all.map((e) => e.id);
      assert.equal(new Set(ids).size, ids.length, 'no duplicates');
      // Every page was asked for in order, and a short page did not stop the walk.
      assert.deepEqual(pages.map((r) => Number(r.query.page)), pages.map((_, i) => i + 1));
    });

    it('sends the filter parameters and page size', async () => {
      const page = await t.client.listEvents({ kind: 'mine' },
        validateFilter({ action: 'closed', target_type: 'issue', after: '2020-01-01', before: '2099-01-01', sort: 'asc' }), { page: 1, perPage: 5 });
      assert.ok(page.items.every((e) => e.action_name === 'closed'));
      assert.deepEqual(double.requests[0].query,
        { action: 'closed', target_type: 'issue', after: '2020-01-01', before: '2099-01-01', sort: 'asc', page: '1', per_page: '5' });
    });

    it('caps per_page at 100', async () => {
      await t.client.listEvents({ kind: 'mine' }, NO_FILTER, { perPage: 500 });
      assert.equal(double.requests[0].query.per_page, '100');
    });

    it('never sends an invalid filter', async () => {
      const bad = [
        { action: 'bogus' }, { target_type: 'Issue' }, { after: '2024-02-30' }, { before: '24-01-01' },
        { after: '2024-05-02', before: '2024-05-01' }, { sort: 'up' },
      ];
      // `listEvents` takes only what the validator made: an invalid filter is refused there, and never asked for.
      const send = (filter: EventFilter) => Promise.resolve().then(() => t.client.listEvents({ kind: 'mine' }, validateFilter(filter), {}));
      for (const filter of bad) await rejectsWith(send(filter as EventFilter), 'validation');
      assert.equal(double.requests.length, 0);
      // A filter that skipped the validator does not type-check (`npm run typecheck` fails on an unused directive):
      // neither a literal nor a valid filter changed by a spread.
      const unchecked = (valid: ValidEventFilter) => [
        // @ts-expect-error an unvalidated filter is not a ValidEventFilter
        () => t.client.listEvents({ kind: 'mine' }, { after: 'yesterday' }, {}),
        // @ts-expect-error a spread drops the validator's brand
        () => t.client.listEvents({ kind: 'mine' }, { ...valid, after: 'yesterday' }, {}),
      ];
      assert.equal(unchecked(NO_FILTER).length, 2);
      const valid = validateFilter({ action: 'closed', after: '2024-05-01', scope: 'all', private_token: 'x' } as EventFilter);
      assert.ok(Object.isFrozen(valid), 'a valid filter cannot be changed afterwards');
      assert.deepEqual(valid, { action: 'closed', after: '2024-05-01' }, 'only the known parts are kept');
    });

    it('lists a project\'s events by encoded path and a user\'s by username', async () => {
      const project = double.data.projects.find((p) => p.pathWithNamespace.split('/').length > 2) ?? double.data.projects[0];
      await t.client.listEvents({ kind: 'project', id: project.pathWithNamespace }, NO_FILTER, {});
      const user = double.data.users[0];
      await t.client.listEvents({ kind: 'user', id: user.username }, NO_FILTER, {});
      assert.equal(double.requests[0].rawPath.split('?')[0], `/api/v4/projects/${encodeURIComponent(project.pathWithNamespace)}/events`);
      assert.equal(double.requests[1].path, `/api/v4/users/${user.username}/events`);
    });

    it('encodes odd IDs so they cannot leave the API path or add parameters', async () => {
      for (const id of ['a?private_token=x', 'a#b', '../../user', 'a/../../b', 'x&per_page=1']) {
        await t.client.listEvents({ kind: 'user', id }, NO_FILTER, {}).catch(() => undefined);
      }
      for (const request of double.requests) {
        assert.match(request.rawPath, /^\/api\/v4\/users\/[^/?#]+\/events/);
        assert.equal(request.query.private_token, undefined);
        assert.equal(request.query.per_page, undefined);
      }
      await rejectsWith(t.client.listEvents({ kind: 'user', id: '..' }, NO_FILTER, {}), 'validation');
    });
  });

  describe('discovery', () => {
    it('reads the current user, a project, my projects and my groups', async () => {
      const user = await t.client.getCurrentUser();
      assert.equal(typeof user.username, 'string');
      const project = await t.client.getProject(double.data.projects[0].id);
      assert.equal(project.id, double.data.projects[0].id);
      const projects = await t.client.listMyProjects({ perPage: 50 });
      assert.ok(projects.items.length > 0);
      assert.equal(double.requests.find((r) => r.path === '/api/v4/projects')?.query.membership, 'true');
      const groups = await t.client.listGroups({});
      assert.ok(groups.items.length > 0);
    });
  });

  describe('errors', () => {
    it('401 for an unknown token is unauthorized', async () => {
      const other = makeClient(double.url, { token: () => 'glpat-wrong' }, kind);
      await rejectsWith(other.client.getCurrentUser(), 'unauthorized');
      await other.close();
    });

    it('403 insufficient scope says which scope is needed', async () => {
      double.inject({ fault: { kind: 'status', status: 403, contentType: 'application/json',
        body: '{"error":"insufficient_scope","error_description":"The request requires higher privileges than provided by the access token.","scope":"api"}' } });
      const error = await rejectsWith(t.client.updateNotificationSettings({ kind: 'global' }, { level: 'watch' }), 'forbidden');
      assert.equal(error.insufficientScope, true);
      assert.match(error.message, /`api`/);
    });

    it('an error body that echoes the token (a proxy quoting the request) keeps its words but not the token', async () => {
      const statuses: Array<[number, GitLabErrorKind]> = [[400, 'validation'], [403, 'forbidden'], [404, 'notFound']];
      for (const [status, kind] of statuses) {
        double.inject({ fault: { kind: 'status', status, contentType: 'application/json',
          body: JSON.stringify({ message: `blocked request with PRIVATE-TOKEN: ${TOKEN}` }) } });
        const error = await rejectsWith(t.client.updateNotificationSettings({ kind: 'global' }, { level: 'watch' }), kind);
        assert.equal(error.serverMessage, 'blocked request with PRIVATE-TOKEN: •••');
        assert.match(error.message, /PRIVATE-TOKEN: •••/);
        assert.ok(!JSON.stringify({ ...error, message: error.message }).includes(TOKEN), `the token is in the ${status} error`);
      }
    });

    it('an error body that echoes the token with JSON escapes (\\u0067lpat-…) is masked as it reads once decoded', async () => {
      const escaped = TOKEN.replace(/[a-z]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
      assert.notEqual(escaped, TOKEN);
      double.inject({ fault: { kind: 'status', status: 400, contentType: 'application/json',
        body: `{"message":"blocked request with PRIVATE-TOKEN: ${escaped}"}` } });
      const error = await rejectsWith(t.client.updateNotificationSettings({ kind: 'global' }, { level: 'watch' }), 'validation');
      assert.equal(error.serverMessage, 'blocked request with PRIVATE-TOKEN: •••');
      assert.ok(!JSON.stringify({ ...error, message: error.message }).includes(TOKEN), 'the token is in the error');
    });

    it('404 for an unknown project is notFound with GitLab\'s words', async () => {
      const error = await rejectsWith(t.client.getProject('no/such-project'), 'notFound');
      assert.match(error.serverMessage ?? '', /404 Project Not Found/);
    });

    it('a wrong shape of a used field is a bad response naming the field', async () => {
      double.inject({ fault: { kind: 'malformed', body: '[{"action_name": 5, "created_at": "x"}]', contentType: 'application/json' } });
      const error = await rejectsWith(t.client.listEvents({ kind: 'mine' }, NO_FILTER, {}), 'badResponse');
      assert.match(error.message, /action_name/);
    });

    it('unknown values and extra fields are kept', async () => {
      const body = JSON.stringify([{ id: 1, project_id: 1, action_name: 'teleported', target_type: 'Hologram', target_id: 3,
        target_title: 'x', author_id: 1, created_at: '2026-01-01T00:00:00.000Z', shiny: true }]);
      double.inject({ fault: { kind: 'malformed', body, contentType: 'application/json' } });
      const page = await t.client.listEvents({ kind: 'mine' }, NO_FILTER, {});
      assert.equal(page.items[0].action_name, 'teleported');
      assert.equal(page.items[0].target_type, 'Hologram');
      assert.equal((page.items[0] as unknown as { shiny: boolean }).shiny, true);
    });

    it('a byte budget shared by several requests stops them once their bodies together pass it', async () => {
      const budget = new ByteBudget(2 * 1024 * 1024);
      // Three pages of 1 MB each, under the limit of one answer (20 MB) but 3 MB together.
      double.inject({ fault: { kind: 'huge', bytes: 1024 * 1024 }, path: '/groups', times: 3 });
      const results = await Promise.allSettled([1, 2, 3].map((page) => t.client.listGroups({ page, perPage: 100, budget })));
      // (A filler body read whole is refused too, for its shape: it holds no groups.)
      const refused = results.filter((result) => result.status === 'rejected').map((result) => result.reason as GitLabError)
        .filter((error) => error.limitBytes !== undefined);
      assert.ok(refused.length >= 1, 'no request was refused for the budget');
      for (const error of refused) {
        assert.equal(error.kind, 'badResponse');
        assert.equal(error.limitBytes, 2 * 1024 * 1024);
        assert.match(error.message, /^GitLab's answers to this listing come to more than 2 MB in all; the rest was not read\.$/);
      }
      assert.ok(budget.taken <= 2 * 1024 * 1024 + 256 * 1024, `${budget.taken} bytes taken`);
      // Once spent, the budget refuses the next page at its first bytes.
      await rejectsWith(t.client.listGroups({ page: 4, perPage: 100, budget }), 'badResponse');
    });

    it('a redirect to another origin is not followed and the token is not sent there', async () => {
      const elsewhere = await GitLabDouble.start({});
      try {
        double.inject({ fault: { kind: 'redirect', location: `${elsewhere.apiUrl}/user`, status: 302 } });
        await rejectsWith(t.client.getCurrentUser(), 'badResponse');
        assert.equal(elsewhere.requests.length, 0);
      } finally {
        await elsewhere.close();
      }
    });

    it('a same-origin redirect (a moved project) is followed', async () => {
      const project = double.data.projects[0];
      double.inject({ fault: { kind: 'redirect', location: `${double.apiUrl}/projects/${project.id}`, status: 301 }, path: /^\/projects\/old\/name/ });
      const found = await t.client.getProject('old/name');
      assert.equal(found.id, project.id);
    });
  });

  // Retries, backoff, 429 waits, timeouts, cut, huge and non-JSON bodies: the fault matrix, per transport path
  // (test/unit/reliability/faults.test.ts). Here: what it does not cover.
  describe('resilience', () => {
    it('does not retry 400, 401, 403 or 404', async () => {
      for (const status of [400, 401, 403, 404]) {
        double.clearLog();
        double.inject({ fault: { kind: 'status', status, body: '{"message":"no"}', contentType: 'application/json' } });
        await t.client.getCurrentUser().catch(() => undefined);
        assert.equal(double.requests.length, 1, String(status));
      }
      assert.deepEqual(t.sleeps, []);
    });

    it('is cancelled by an AbortSignal', async () => {
      double.inject({ fault: { kind: 'latency', ms: 1000 } });
      const controller = new AbortController();
      const pending = t.client.getCurrentUser(controller.signal);
      setTimeout(() => controller.abort(), 50);
      await rejectsWith(pending, 'cancelled');
    });

    it('shares one request among identical concurrent GETs', async () => {
      const [a, b] = await Promise.all([t.client.getCurrentUser(), t.client.getCurrentUser()]);
      assert.deepEqual(a, b);
      assert.equal(double.requests.length, 1);
    });

    // The connection pool is the Node exchange's; a browser pools its connections itself.
    if (kind === 'undici') it('reuses one keep-alive connection when paging sequentially', async () => {
      const sockets = new Set<unknown>();
      const c = makeClient(double.url, {}, kind);
      const server = (double as unknown as { server: import('node:http').Server }).server;
      assert.ok(server, 'the double keeps its http.Server');
      server.on('connection', (socket) => sockets.add(socket));
      await readAllEvents(c.client, { kind: 'mine' }, NO_FILTER, 20);
      assert.ok(double.requests.length > 2);
      assert.equal(sockets.size, 1);
      await c.close();
    });

    it('a network error that persists becomes a network error', async () => {
      const dead = makeClient('http://127.0.0.1:9', {}, kind);
      await rejectsWith(dead.client.getCurrentUser(), 'network');
      assert.equal(dead.sleeps.length, 3);
      await dead.close();
    });
  });
});
