import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { withPageBesideDouble } from '../browser';
import { GitLabDouble } from '../../double';
import { FIXED_NOW, TOKEN } from './http';

/** What a page's script sees of a cross-origin `fetch`: status, headers it may read, body; or the error it got. */
interface Seen {
  status?: number;
  headers?: Record<string, string>;
  items?: number;
  error?: string;
}

/**
 * A real browser uses the double from another origin as it would GitLab: Chromium's headless shell loads a blank page
 * from a second loopback server (another port, so another origin) and `fetch`es the double's API with a
 * `PRIVATE-TOKEN` header, which takes a preflight. What the page may read is what GitLab lets it: the body and the
 * exposed paging headers, not `Retry-After`.
 */
describe('GitLab double: CORS in a real browser', function () {
  this.timeout(60_000);
  let double: GitLabDouble;
  let pageOrigin: string;
  let page: Page;
  withPageBesideDouble({ double: { now: () => FIXED_NOW }, html: () => '<!doctype html><title>another origin</title>' },
    (setup) => ({ double, pageOrigin, page } = setup));

  /** `fetch(url)` from the page's own script, with the token in a `PRIVATE-TOKEN` header unless `token` is null. */
  function fetchFromPage(url: string, token: string | null = TOKEN): Promise<Seen> {
    return page.evaluate(async ({ url, token }) => {
      try {
        const response = await fetch(url, { headers: token === null ? {} : { 'PRIVATE-TOKEN': token } });
        const headers: Record<string, string> = {};
        response.headers.forEach((value, name) => { headers[name] = value; });
        const text = await response.text();
        let items: number | undefined;
        try {
          const body: unknown = JSON.parse(text);
          if (Array.isArray(body)) items = body.length;
        } catch { /* not JSON */ }
        return { status: response.status, headers, items };
      } catch (error) {
        return { error: String(error) };
      }
    }, { url, token });
  }

  it('the page is on another origin than the double', () => {
    assert.notEqual(new URL(pageOrigin).origin, new URL(double.url).origin);
  });

  it('reads the events, X-Total and X-Next-Page after a preflight; the request carries the page origin', async () => {
    const seen = await fetchFromPage(`${double.apiUrl}/events?per_page=5`);
    assert.equal(seen.error, undefined);
    assert.equal(seen.status, 200);
    assert.equal(seen.items, 5);
    assert.ok(Number(seen.headers?.['x-total']) > 5, JSON.stringify(seen.headers));
    assert.equal(seen.headers?.['x-next-page'], '2');
    assert.ok(seen.headers?.link?.includes('rel="next"'));
    // Not exposed: the page cannot read them although they were sent.
    assert.equal(seen.headers?.['x-frame-options'], undefined);
    assert.equal(seen.headers?.vary, undefined);

    const preflight = await double.waitForPreflight((r) => r.path === '/api/v4/events');
    assert.equal(preflight.origin, pageOrigin);
    assert.equal(preflight.preflight?.method, 'GET');
    assert.match(preflight.preflight?.headers ?? '', /private-token/);
    const request = await double.waitForRequest((r) => r.path === '/api/v4/events');
    assert.equal(request.origin, pageOrigin);
    assert.equal(request.auth, 'private-token');
    assert.equal(request.userId, 1);
  });

  it('sees a 429 but cannot read its Retry-After (its preflight was not rate-limited)', async () => {
    // The preflight of this new URL comes before the fault: were it limited, the fetch would fail with a TypeError.
    double.inject({ fault: { kind: 'rateLimit', style: 'rackAttack', retryAfterSeconds: 30 }, path: '/events' });
    const seen = await fetchFromPage(`${double.apiUrl}/events?per_page=5&page=2`);
    assert.equal(seen.error, undefined);
    assert.equal(seen.status, 429);
    assert.equal(seen.headers?.['retry-after'], undefined);
    assert.equal(seen.headers?.['ratelimit-reset'], undefined);
    const sent = await double.waitForRequest((r) => r.status === 429);
    assert.equal(sent.origin, pageOrigin);
  });

  it('sees a 401 for a wrong token (the preflight needs none)', async () => {
    const seen = await fetchFromPage(`${double.apiUrl}/events?per_page=5&page=3`, 'not-a-token');
    assert.equal(seen.status, 401);
  });

  it('is refused what GitLab does not share across origins: a path outside /api', async () => {
    const seen = await fetchFromPage(`${double.url}/uploads/-/system/user/avatar/1/avatar.png`, null);
    assert.match(seen.error ?? '', /TypeError/);
  });
});
