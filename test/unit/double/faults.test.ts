import assert from 'node:assert/strict';
import { GitLabDouble } from '../../double';
import { call, FIXED_NOW } from './http';

/**
 * The faults whose form is GitLab's or its proxy's (behaviour note §1.6, §1.8): error pages and rate-limit answers.
 * The other faults (latency, resets, cut or huge bodies, redirects) are what the extension's own tests inject, and
 * those tests fail when a fault does not do what they expect.
 */
describe('GitLab double: faults', () => {
  let double: GitLabDouble;
  const nowSeconds = Math.floor(FIXED_NOW.getTime() / 1000);
  before(async () => {
    double = await GitLabDouble.start({ now: () => FIXED_NOW });
  });
  afterEach(() => double.clearFaults());
  after(() => double.close());

  describe('status', () => {
    it('5xx from GitLab: JSON message', async () => {
      double.inject({ fault: { kind: 'status', status: 500 } });
      const reply = await call(double, '/events');
      assert.equal(reply.status, 500);
      assert.deepEqual(reply.body, { message: '500 Internal Server Error' });
      assert.equal(reply.headers.get('x-frame-options'), 'SAMEORIGIN');
    });

    for (const status of [502, 503, 504]) {
      it(`${status} from the proxy: an HTML page`, async () => {
        double.inject({ fault: { kind: 'status', status } });
        const reply = await call(double, '/events');
        assert.equal(reply.status, status);
        assert.match(reply.headers.get('content-type') ?? '', /^text\/html/);
        assert.match(reply.text, /<html>/);
      });
    }
  });

  describe('rate limits', () => {
    it('rackAttack: plain text, RateLimit-* with an absolute reset, Retry-After', async () => {
      double.inject({ fault: { kind: 'rateLimit', style: 'rackAttack', retryAfterSeconds: 30 } });
      const reply = await call(double, '/events');
      assert.equal(reply.status, 429);
      assert.equal(reply.headers.get('content-type'), 'text/plain');
      assert.equal(reply.text, 'Retry later\n');
      assert.equal(reply.headers.get('ratelimit-name'), 'throttle_authenticated_api');
      assert.equal(reply.headers.get('ratelimit-limit'), '2000');
      assert.equal(reply.headers.get('ratelimit-observed'), '2001');
      assert.equal(reply.headers.get('ratelimit-remaining'), '0');
      assert.equal(reply.headers.get('ratelimit-reset'), String(nowSeconds + 30));
      assert.equal(reply.headers.get('ratelimit-resettime'), new Date((nowSeconds + 30) * 1000).toUTCString());
      assert.equal(reply.headers.get('retry-after'), '30');
    });

    it('rackAttack: Retry-After follows a given reset epoch; anonymous callers hit the unauthenticated throttle', async () => {
      double.inject({ fault: { kind: 'rateLimit', style: 'rackAttack', resetEpochSeconds: nowSeconds + 7 } });
      const reply = await call(double, '/users/1/events', { token: null });
      assert.equal(reply.headers.get('retry-after'), '7');
      assert.equal(reply.headers.get('ratelimit-reset'), String(nowSeconds + 7));
      assert.equal(reply.headers.get('ratelimit-name'), 'throttle_unauthenticated_api');
    });

    it('app: JSON message and Retry-After only', async () => {
      double.inject({ fault: { kind: 'rateLimit', style: 'app', retryAfterSeconds: 60 } });
      const reply = await call(double, '/groups');
      assert.equal(reply.status, 429);
      assert.deepEqual(reply.body, { message: { error: 'This endpoint has been requested too many times. Try again later.' } });
      assert.equal(reply.headers.get('retry-after'), '60');
      assert.equal(reply.headers.get('ratelimit-reset'), null);
    });

    it('bare: 429 with no hint at all', async () => {
      double.inject({ fault: { kind: 'rateLimit', style: 'bare' } });
      const reply = await call(double, '/events');
      assert.equal(reply.status, 429);
      assert.equal(reply.headers.get('retry-after'), null);
      assert.equal(reply.headers.get('ratelimit-reset'), null);
    });
  });

  // Hostile listings, never GitLab's: the extension's bounds are tested against them.
  describe('hostile listings', () => {
    const graphql = (query: string, variables: Record<string, unknown> = {}) => call(double, `${double.url}/api/graphql`, {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ query, variables }),
    });
    const ISSUES = 'query($after: String, $state: IssuableState) { issues(subscribed: EXPLICITLY_SUBSCRIBED, state: $state, first: 2, after: $after) { pageInfo { hasNextPage endCursor } nodes { id state } } }';

    it('oversizedPage: a REST page of 500 when 20 were asked, every id new', async () => {
      double.inject({ fault: { kind: 'oversizedPage', items: 500 }, path: '/todos' });
      const reply = await call(double, '/todos?per_page=20');
      assert.equal(reply.body.length, 500);
      assert.equal(new Set(reply.body.map((todo: { id: number }) => todo.id)).size, 500);
      assert.equal(reply.headers.get('x-per-page'), '20', 'the headers as GitLab sent them');
    });

    it('oversizedPage: every GraphQL connection holds that many nodes, pageInfo as it was', async () => {
      double.inject({ fault: { kind: 'oversizedPage', items: 300 }, path: '/api/graphql' });
      const reply = await graphql(ISSUES);
      const { nodes, pageInfo } = reply.body.data.issues;
      assert.equal(nodes.length, 300);
      assert.equal(new Set(nodes.map((n: { id: string }) => n.id)).size, 300);
      assert.match(nodes[299].id, /^gid:\/\/gitlab\/Issue\/\d{8,}$/);
      assert.equal(pageInfo.hasNextPage, true);
    });

    for (const items of ['none', 'again'] as const) {
      it(`endlessCursor (${items}): every page names a next cursor it never named before`, async () => {
        double.inject({ fault: { kind: 'endlessCursor', items }, path: '/api/graphql', times: 3 });
        const cursors: string[] = [];
        const ids: string[] = [];
        let after: string | null = null;
        for (let n = 0; n < 3; n++) {
          const reply = await graphql(ISSUES, { after });
          const { nodes, pageInfo } = reply.body.data.issues;
          assert.equal(pageInfo.hasNextPage, true);
          cursors.push(pageInfo.endCursor);
          ids.push(...nodes.map((node: { id: string }) => node.id));
          assert.equal(nodes.length, items === 'none' ? 0 : 2);
          after = pageInfo.endCursor;
        }
        assert.equal(new Set(cursors).size, 3);
        assert.equal(new Set(ids).size, ids.length, 'no node twice');
      });
    }

    it('graphqlVariables: a filter the server ignores (state), open issues answered for closed', async () => {
      const closed = await graphql(ISSUES.replace('first: 2', 'first: 100'), { state: 'closed' });
      assert.ok(closed.body.data.issues.nodes.every((n: { state: string }) => n.state === 'closed'));
      double.inject({ fault: { kind: 'graphqlVariables', variables: { state: null } }, path: '/api/graphql' });
      const ignored = await graphql(ISSUES.replace('first: 2', 'first: 100'), { state: 'closed' });
      assert.ok(ignored.body.data.issues.nodes.some((n: { state: string }) => n.state === 'opened'));
    });
  });

  // Tests of the extension measure requests in flight with this count (page windows, lookups).
  it('holds concurrent requests under latency, all in flight at once', async () => {
    double.inject({ fault: { kind: 'latency', ms: 200 }, path: '/events', times: 3 });
    const replies = Promise.all([1, 2, 3].map((n) => call(double, `/events?page=${n}`)));
    for (const n of [1, 2, 3]) await double.waitForArrival((r) => r.path === '/api/v4/events' && r.query.page === String(n));
    assert.equal(double.inFlight, 3);
    assert.deepEqual((await replies).map((r) => r.status), [200, 200, 200]);
    assert.equal(double.inFlight, 0);
  });

  // The workbench suites hold answers with a long latency and let them go once they have seen the meanwhile.
  it('answers held requests at once when released, and holds later ones again', async () => {
    double.clearLog();
    double.inject({ fault: { kind: 'latency', ms: 60_000 }, path: '/events', times: 2 });
    const held = call(double, '/events?page=1');
    await double.waitForArrival((r) => r.path === '/api/v4/events' && r.query.page === '1');
    double.releaseHeld();
    assert.equal((await held).status, 200);
    const later = call(double, '/events?page=2');
    await double.waitForArrival((r) => r.path === '/api/v4/events' && r.query.page === '2');
    assert.equal(double.inFlight, 1, 'a request after the release was not held');
    double.releaseHeld();
    assert.equal((await later).status, 200);
  });
});
