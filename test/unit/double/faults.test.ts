import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { GitLabDouble } from '../../double';
import { call, FIXED_NOW, linkRels, links } from './http';

/** Fault injection: what proxies, limits and broken networks do to GitLab's answers (behaviour note §1.8). */
describe('GitLab double: faults', () => {
  let double: GitLabDouble;
  const nowSeconds = Math.floor(FIXED_NOW.getTime() / 1000);
  before(async () => {
    double = await GitLabDouble.start({ now: () => FIXED_NOW });
  });
  afterEach(() => double.clearFaults());
  after(() => double.close());

  // Behaviour, not time: a held request is still unanswered after a later one has come back.
  it('latency holds the normal answer, once by default', async () => {
    double.inject({ fault: { kind: 'latency', ms: 2_000 } });
    const slow = call(double, '/user?held=1');
    const held = await double.waitForArrival((r) => r.query.held === '1');
    const next = await call(double, '/user?held=0');
    assert.equal(next.status, 200, 'the rule was used up by the first request');
    assert.equal(held.status, 0, 'still held after the second request was answered');
    assert.equal(double.inFlight, 1);
    const reply = await slow;
    assert.equal(reply.status, 200);
    assert.equal(reply.body.username, 'alex');
  });

  it('latency adds up with another fault on the same request', async () => {
    double.inject({ fault: { kind: 'latency', ms: 2_000 }, path: '/events' });
    double.inject({ fault: { kind: 'status', status: 503 }, path: '/events' });
    const pending = call(double, '/events');
    const held = await double.waitForArrival((r) => r.path === '/api/v4/events');
    assert.equal((await call(double, '/user')).status, 200);
    assert.equal(held.status, 0, 'held first');
    const reply = await pending;
    assert.equal(reply.status, 503, 'then the status fault');
  });

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

    it('uses the given body, content type and headers', async () => {
      double.inject({
        fault: { kind: 'status', status: 418, body: 'short and stout', contentType: 'text/plain', headers: { 'X-Teapot': 'yes' } },
      });
      const reply = await call(double, '/user');
      assert.equal(reply.status, 418);
      assert.equal(reply.text, 'short and stout');
      assert.equal(reply.headers.get('content-type'), 'text/plain');
      assert.equal(reply.headers.get('x-teapot'), 'yes');
    });
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

  describe('broken bodies', () => {
    it('reset: headers and part of the body, then the connection drops', async () => {
      double.inject({ fault: { kind: 'reset' } });
      const response = await fetch(`${double.apiUrl}/events`, { headers: { 'PRIVATE-TOKEN': 'glpat-test-token' } });
      assert.equal(response.status, 200);
      await assert.rejects(response.text());
      const logged = await double.waitForRequest((r) => r.path === '/api/v4/events' && r.status === 200);
      assert.ok(logged);
    });

    it('truncated: a complete response whose JSON stops half-way', async () => {
      const whole = await call(double, '/events');
      double.inject({ fault: { kind: 'truncated' } });
      const reply = await call(double, '/events');
      assert.equal(reply.status, 200);
      assert.equal(reply.body, undefined);
      assert.ok(reply.text.length > 0 && whole.text.startsWith(reply.text) && reply.text.length < whole.text.length);
      assert.equal(reply.headers.get('content-length'), String(Buffer.byteLength(reply.text)));
      assert.equal(reply.headers.get('x-next-page'), whole.headers.get('x-next-page'));
    });

    it('malformed: 200 with a non-JSON body, or the one given', async () => {
      double.inject({ fault: { kind: 'malformed' } });
      const plain = await call(double, '/user');
      assert.equal(plain.status, 200);
      assert.equal(plain.headers.get('content-type'), 'application/json');
      assert.throws(() => JSON.parse(plain.text));
      double.inject({ fault: { kind: 'malformed', body: '{"events":"nope"}' } });
      assert.deepEqual((await call(double, '/events')).body, { events: 'nope' });
    });

    it('html200: a sign-in page with status 200', async () => {
      double.inject({ fault: { kind: 'html200' } });
      const reply = await call(double, '/notification_settings');
      assert.equal(reply.status, 200);
      assert.match(reply.headers.get('content-type') ?? '', /^text\/html/);
      assert.match(reply.text, /Sign in/);
    });

    for (const bytes of [2, 3, 4, 1027, 1028, 1_000_000]) {
      it(`huge: exactly ${bytes} bytes of valid JSON array, streamed without Content-Length`, async () => {
        double.inject({ fault: { kind: 'huge', bytes } });
        const response = await fetch(`${double.apiUrl}/events`, { headers: { 'PRIVATE-TOKEN': 'glpat-test-token' } });
        assert.equal(response.headers.get('content-length'), null);
        assert.equal(response.headers.get('content-type'), 'application/json');
        const body = Buffer.from(await response.arrayBuffer());
        assert.equal(body.length, bytes);
        assert.ok(Array.isArray(JSON.parse(body.toString('utf8'))));
      });
    }

    it('huge: stops streaming when the client goes away', async () => {
      double.inject({ fault: { kind: 'huge', bytes: 200_000_000 } });
      const controller = new AbortController();
      const response = await fetch(`${double.apiUrl}/events`, { signal: controller.signal });
      const reader = response.body!.getReader();
      await reader.read();
      controller.abort();
      const logged = await double.waitForRequest((r) => r.path === '/api/v4/events' && r.auth === 'none', 5_000);
      assert.equal(logged.status, 200);
    });
  });

  it('endlessPages: every page is page 1 again with new ids, names the next page, and gives no totals', async () => {
    const first = await call(double, '/events?per_page=5&target_type=issue');
    double.inject({ fault: { kind: 'endlessPages' }, path: '/events', times: Infinity });
    const pages = [1, 2, 7].map((n) => call(double, `/events?per_page=5&target_type=issue&page=${n}`));
    for (const [index, reply] of (await Promise.all(pages)).entries()) {
      const n = [1, 2, 7][index];
      assert.equal(reply.status, 200);
      assert.equal(reply.headers.get('x-page'), String(n));
      assert.equal(reply.headers.get('x-next-page'), String(n + 1));
      assert.equal(reply.headers.get('x-total'), null);
      assert.equal(reply.headers.get('x-total-pages'), null);
      assert.equal(reply.headers.get('x-per-page'), '5');
      assert.ok(links(reply).next.includes(`page=${n + 1}`), links(reply).next);
      assert.ok(!linkRels(reply).includes('last'));
      assert.deepEqual(reply.body.map((e: { id: number }) => e.id), first.body.map((e: { id: number }) => e.id + (n - 1) * 10_000_000));
      assert.deepEqual(reply.body.map((e: { target_type: string }) => e.target_type), first.body.map((e: { target_type: string }) => e.target_type),
        'the listing\'s own filter holds');
    }
    double.clearFaults();
    const after = await call(double, '/events?per_page=5&target_type=issue&page=7');
    assert.notEqual(after.headers.get('x-next-page'), '8', 'GitLab\'s own paging once the fault is gone');
    // Answers other than a listing's pass unchanged.
    double.inject({ fault: { kind: 'endlessPages' }, path: '/user' });
    assert.equal((await call(double, '/user')).body.username, 'alex');
  });

  it('redirect: the status and Location given (302 by default)', async () => {
    double.inject({ fault: { kind: 'redirect', location: 'https://elsewhere.example/api/v4/user' } });
    const reply = await call(double, '/user');
    assert.equal(reply.status, 302);
    assert.equal(reply.headers.get('location'), 'https://elsewhere.example/api/v4/user');
    double.inject({ fault: { kind: 'redirect', location: '/api/v4/user', status: 308 } });
    assert.equal((await call(double, '/user')).status, 308);
  });

  describe('matching', () => {
    it('by exact path without /api/v4, and by method', async () => {
      double.inject({ fault: { kind: 'status', status: 500 }, path: '/notification_settings', method: 'put' });
      assert.equal((await call(double, '/notification_settings')).status, 200);
      assert.equal((await call(double, '/projects/1/notification_settings', { method: 'PUT' })).status, 200);
      assert.equal((await call(double, '/notification_settings', { method: 'PUT' })).status, 500);
    });

    it('by a regex on the decoded path', async () => {
      double.inject({ fault: { kind: 'status', status: 500 }, path: /^\/projects\/acme\/website\//g, times: 2 });
      assert.equal((await call(double, '/projects/1/events')).status, 200);
      assert.equal((await call(double, '/projects/acme%2Fwebsite/events')).status, 500);
      assert.equal((await call(double, '/projects/acme%2Fwebsite/notification_settings')).status, 500);
      assert.equal((await call(double, '/projects/acme%2Fwebsite/events')).status, 200);
    });

    it('times: Infinity lasts until clearFaults', async () => {
      double.inject({ fault: { kind: 'rateLimit', style: 'bare' }, times: Infinity });
      for (let i = 0; i < 5; i++) assert.equal((await call(double, '/user')).status, 429);
      double.clearFaults();
      assert.equal((await call(double, '/user')).status, 200);
    });

    it('the first matching non-latency rule wins; the others wait their turn', async () => {
      double.inject({ fault: { kind: 'status', status: 500 } });
      double.inject({ fault: { kind: 'status', status: 502 } });
      assert.equal((await call(double, '/user')).status, 500);
      assert.equal((await call(double, '/user')).status, 502);
      assert.equal((await call(double, '/user')).status, 200);
    });

    it('refuses a rule with times 0', () => {
      assert.throws(() => double.inject({ fault: { kind: 'reset' }, times: 0 }), /times/);
    });

    it('comes before authentication, and is logged with its status', async () => {
      double.inject({ fault: { kind: 'status', status: 503 } });
      const reply = await call(double, '/user', { token: 'nonsense' });
      assert.equal(reply.status, 503);
      const logged = await double.waitForRequest((r) => r.status === 503 && r.path === '/api/v4/user');
      assert.equal(logged.method, 'GET');
    });
  });

  it('holds concurrent requests under latency, all in flight at once', async () => {
    double.inject({ fault: { kind: 'latency', ms: 200 }, path: '/events', times: 3 });
    const replies = Promise.all([1, 2, 3].map((n) => call(double, `/events?page=${n}`)));
    for (const n of [1, 2, 3]) await double.waitForArrival((r) => r.path === '/api/v4/events' && r.query.page === String(n));
    assert.equal(double.inFlight, 3);
    assert.deepEqual((await replies).map((r) => r.status), [200, 200, 200]);
    assert.equal(double.inFlight, 0);
  });

  it('logs status 0 for a request whose client left while it was held', async () => {
    double.inject({ fault: { kind: 'latency', ms: 300 }, path: '/groups' });
    const controller = new AbortController();
    const pending = fetch(`${double.apiUrl}/groups?left=1`, { signal: controller.signal }).catch(() => 'aborted');
    await double.waitForArrival((r) => r.query.left === '1');
    controller.abort();
    assert.equal(await pending, 'aborted');
    const logged = await double.waitForRequest((r) => r.query.left === '1');
    assert.equal(logged.status, 0);
  });

  it('close() does not wait for a pending latency', async () => {
    const other = await GitLabDouble.start({ events: 5 });
    other.inject({ fault: { kind: 'latency', ms: 60_000 } });
    const pending = new Promise<string>((resolve) => {
      const req = httpRequest(`${other.apiUrl}/user`, (res) => {
        res.resume();
        res.on('end', () => resolve('answered'));
        res.on('error', () => resolve('dropped'));
      });
      req.on('error', () => resolve('dropped'));
      req.end();
    });
    const held = await other.waitForArrival((r) => r.path === '/api/v4/user');
    assert.equal(held.status, 0);
    assert.equal(other.inFlight, 1);
    // The test's own time limit is far below the minute the request is held for.
    await other.close();
    assert.ok(['answered', 'dropped'].includes(await pending));
    assert.equal(other.inFlight, 0);
  });
});
