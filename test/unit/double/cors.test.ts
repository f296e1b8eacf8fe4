import assert from 'node:assert/strict';
import { GitLabDouble } from '../../double';
import { call, FIXED_NOW, TOKEN } from './http';

/**
 * CORS as GitLab answers it (behaviour note §3A; GitLab's config/application.rb, rack-cors 2.x): `/api/*` for any
 * origin without credentials, preflights answered before authentication and rate limits.
 */
describe('GitLab double: CORS', () => {
  const ORIGIN = 'http://page.example.test:8080';
  const EXPOSED = [
    'Link', 'X-Total', 'X-Total-Pages', 'X-Per-Page', 'X-Page', 'X-Next-Page', 'X-Prev-Page',
    'X-Gitlab-Blob-Id', 'X-Gitlab-Commit-Id', 'X-Gitlab-Content-Sha256', 'X-Gitlab-Encoding', 'X-Gitlab-File-Name',
    'X-Gitlab-File-Path', 'X-Gitlab-Last-Commit-Id', 'X-Gitlab-Ref', 'X-Gitlab-Size', 'X-Request-Id', 'ETag',
  ];
  const ALL_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS';
  let double: GitLabDouble;
  before(async () => {
    double = await GitLabDouble.start({ now: () => FIXED_NOW });
  });
  afterEach(() => {
    double.clearFaults();
    double.clearLog();
  });
  after(() => double.close());

  const preflight = (path: string, headers: Record<string, string> = {}) =>
    call(double, path, {
      method: 'OPTIONS', token: null,
      headers: { Origin: ORIGIN, 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'private-token', ...headers },
    });
  const headerNames = (headers: Headers) => {
    const names: string[] = [];
    headers.forEach((_value, name) => names.push(name));
    return names;
  };
  const corsHeaderNames = (headers: Headers) => headerNames(headers).filter((name) => name.startsWith('access-control-'));
  const exposed = (headers: Headers) => (headers.get('access-control-expose-headers') ?? '').split(', ');

  describe('preflight', () => {
    it('is answered 200 without a token, with the allowed origin, methods, asked headers, exposed list and max age', async () => {
      const reply = await preflight('/events');
      assert.equal(reply.status, 200);
      assert.equal(reply.text, '');
      assert.equal(reply.headers.get('access-control-allow-origin'), '*');
      assert.equal(reply.headers.get('access-control-allow-methods'), ALL_METHODS);
      assert.equal(reply.headers.get('access-control-allow-headers'), 'private-token');
      assert.deepEqual(exposed(reply.headers), EXPOSED);
      assert.equal(reply.headers.get('access-control-max-age'), '7200');
      assert.equal(reply.headers.get('access-control-allow-credentials'), null);
    });

    it('echoes whatever headers are asked for (headers: :any), and needs no Access-Control-Request-Headers', async () => {
      const asked = await preflight('/todos/1/mark_as_done', {
        'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization, content-type, x-custom',
      });
      assert.equal(asked.headers.get('access-control-allow-headers'), 'authorization, content-type, x-custom');
      const none = await call(double, '/events', { method: 'OPTIONS', token: null, headers: { Origin: ORIGIN, 'Access-Control-Request-Method': 'GET' } });
      assert.equal(none.status, 200);
      assert.equal(none.headers.get('access-control-allow-origin'), '*');
      assert.equal(none.headers.get('access-control-allow-headers'), null);
    });

    it('comes before faults and rate limits, which still apply to the request after it', async () => {
      double.inject({ fault: { kind: 'rateLimit', style: 'rackAttack', retryAfterSeconds: 30 } });
      const answered = await preflight('/events');
      assert.equal(answered.status, 200);
      const limited = await call(double, '/events', { headers: { Origin: ORIGIN } });
      assert.equal(limited.status, 429);
    });

    it('covers /api/graphql, and unknown or wrong-method routes under /api', async () => {
      for (const path of [`${double.url}/api/graphql`, '/no/such/route', `${double.url}/api/v3/projects`]) {
        const reply = await preflight(path, { 'Access-Control-Request-Method': 'POST' });
        assert.equal(reply.status, 200, path);
        assert.equal(reply.headers.get('access-control-allow-origin'), '*', path);
      }
    });

    it('a method rack-cors does not allow, or a path outside /api: 200 with no CORS header', async () => {
      const trace = await preflight('/events', { 'Access-Control-Request-Method': 'TRACE' });
      assert.equal(trace.status, 200);
      assert.deepEqual(corsHeaderNames(trace.headers), []);
      const avatar = await preflight(`${double.url}/uploads/-/system/user/avatar/1/avatar.png`);
      assert.equal(avatar.status, 200);
      assert.deepEqual(corsHeaderNames(avatar.headers), []);
    });

    it('an OPTIONS without Access-Control-Request-Method is no preflight: the API answers it', async () => {
      const reply = await call(double, '/events', { method: 'OPTIONS', token: null, headers: { Origin: ORIGIN } });
      assert.equal(reply.status, 204);
      assert.equal(reply.headers.get('allow'), 'GET, HEAD, OPTIONS');
      assert.equal(reply.headers.get('access-control-allow-origin'), '*');
    });

    it('is logged apart from the requests, with its origin and what it asked for', async () => {
      await preflight('/events');
      await call(double, '/events', { headers: { Origin: ORIGIN } });
      assert.deepEqual(double.requests.map((r) => [r.method, r.path, r.origin, r.preflight]), [['GET', '/api/v4/events', ORIGIN, undefined]]);
      assert.equal(double.preflights.length, 1);
      const [seen] = double.preflights;
      assert.equal(seen.method, 'OPTIONS');
      assert.equal(seen.path, '/api/v4/events');
      assert.equal(seen.status, 200);
      assert.equal(seen.auth, 'none');
      assert.equal(seen.origin, ORIGIN);
      assert.deepEqual(seen.preflight, { method: 'GET', headers: 'private-token' });
      assert.equal((await double.waitForPreflight((r) => r.path === '/api/v4/events')).origin, ORIGIN);
      const control = await fetch(`${double.url}/__double/preflights`);
      assert.deepEqual(((await control.json()) as unknown[]).length, 1);
    });
  });

  describe('requests with an Origin', () => {
    it('GET: Access-Control-Allow-Origin * and exactly the headers GitLab exposes', async () => {
      const reply = await call(double, '/events', { headers: { Origin: ORIGIN } });
      assert.equal(reply.status, 200);
      assert.equal(reply.headers.get('access-control-allow-origin'), '*');
      assert.deepEqual(exposed(reply.headers), EXPOSED);
      assert.equal(reply.headers.get('access-control-allow-methods'), ALL_METHODS);
      assert.equal(reply.headers.get('access-control-max-age'), '7200');
      assert.equal(reply.headers.get('access-control-allow-credentials'), null);
      assert.equal(reply.headers.get('vary'), 'Origin');
      assert.ok(reply.headers.get('x-total'));
      assert.equal(double.requests[0].origin, ORIGIN);
    });

    it('errors carry them too: 401 without a token, 404, 500', async () => {
      const unauthorized = await call(double, '/events', { token: null, headers: { Origin: ORIGIN } });
      assert.equal(unauthorized.status, 401);
      assert.equal(unauthorized.headers.get('access-control-allow-origin'), '*');
      const missing = await call(double, '/no/such/route', { headers: { Origin: ORIGIN } });
      assert.equal(missing.status, 404);
      assert.equal(missing.headers.get('access-control-allow-origin'), '*');
      double.inject({ fault: { kind: 'status', status: 500 } });
      const failed = await call(double, '/events', { headers: { Origin: ORIGIN } });
      assert.equal(failed.status, 500);
      assert.equal(failed.headers.get('access-control-allow-origin'), '*');
    });

    for (const style of ['rackAttack', 'app'] as const) {
      it(`429 (${style}): CORS headers, and Retry-After / RateLimit-* sent but not exposed`, async () => {
        double.inject({ fault: { kind: 'rateLimit', style, retryAfterSeconds: 30 } });
        const reply = await call(double, '/events', { headers: { Origin: ORIGIN } });
        assert.equal(reply.status, 429);
        assert.equal(reply.headers.get('retry-after'), '30');
        assert.equal(reply.headers.get('access-control-allow-origin'), '*');
        const list = exposed(reply.headers).map((name) => name.toLowerCase());
        assert.deepEqual(list, EXPOSED.map((name) => name.toLowerCase()));
        for (const name of headerNames(reply.headers)) {
          if (name === 'retry-after' || name.startsWith('ratelimit-')) assert.ok(!list.includes(name), name);
        }
      });
    }

    it('GraphQL POST from another origin', async () => {
      const reply = await call(double, `${double.url}/api/graphql`, {
        method: 'POST', headers: { Origin: ORIGIN, 'Content-Type': 'application/json' }, body: JSON.stringify({ query: '{ currentUser { username } }' }),
      });
      assert.equal(reply.status, 200);
      assert.equal(reply.headers.get('access-control-allow-origin'), '*');
    });

    it('X-Origin stands for Origin, as rack-cors reads it', async () => {
      const reply = await call(double, '/events', { headers: { 'X-Origin': ORIGIN } });
      assert.equal(reply.headers.get('access-control-allow-origin'), '*');
      assert.equal(double.requests[0].origin, ORIGIN);
    });

    it("from the instance's own URL: the origin echoed, with credentials (GitLab's first rule)", async () => {
      const reply = await call(double, '/events', { headers: { Origin: double.url } });
      assert.equal(reply.headers.get('access-control-allow-origin'), double.url);
      assert.equal(reply.headers.get('access-control-allow-credentials'), 'true');
      const asked = await preflight('/events', { Origin: double.url });
      assert.equal(asked.headers.get('access-control-allow-origin'), double.url);
      assert.equal(asked.headers.get('access-control-allow-credentials'), 'true');
    });
  });

  describe('no CORS headers', () => {
    it('without an Origin (Vary: Origin is still sent under /api, as rack-cors does)', async () => {
      const reply = await call(double, '/events', { token: TOKEN });
      assert.equal(reply.status, 200);
      assert.deepEqual(corsHeaderNames(reply.headers), []);
      assert.equal(reply.headers.get('vary'), 'Origin');
      assert.equal(double.requests[0].origin, undefined);
    });

    it('outside /api, even with an Origin', async () => {
      const reply = await call(double, `${double.url}/uploads/-/system/user/avatar/1/avatar.png`, { headers: { Origin: ORIGIN } });
      assert.equal(reply.status, 200);
      assert.deepEqual(corsHeaderNames(reply.headers), []);
      assert.equal(reply.headers.get('vary'), null);
      const elsewhere = await call(double, `${double.url}/users/sign_in`, { headers: { Origin: ORIGIN } });
      assert.deepEqual(corsHeaderNames(elsewhere.headers), []);
    });

    it('on the control surface', async () => {
      const reply = await fetch(`${double.url}/__double/health`, { headers: { Origin: ORIGIN } });
      assert.deepEqual(corsHeaderNames(reply.headers), []);
    });
  });
});
