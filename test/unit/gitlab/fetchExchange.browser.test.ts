import assert from 'node:assert/strict';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import * as esbuild from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { withPageBesideDouble } from '../browser';
import { GitLabDouble } from '../../double';
import { FIXED_NOW, TOKEN } from '../double/http';

/** What one call of the client in the page came to: its result, or its error as a plain object. */
interface Outcome {
  result?: { username?: string; events?: number };
  error?: { kind: string; message: string };
  /** The waits the transport asked for (the page's `sleep` records them and returns at once). */
  sleeps: number[];
  /** The transport's request log (`TransportOptions.log`). */
  log: Array<{ url: string; status?: number; outcome: string }>;
}

interface Drive {
  instanceUrl: string;
  call: 'user' | 'allEvents';
  perPage?: number;
  maxBodyBytes?: number;
}

/** The extension's client for the page: `src/gitlab` as the browser build bundles it, under one global. */
const ENTRY = 'export { FetchExchange, GitLabClient, NO_FILTER, readPages, Transport } from \'./index\';';

/**
 * The page's driver, plain JavaScript (nothing of it passes through the test's compiler): builds a client over
 * `FetchExchange` and the page's own `fetch`, with a `sleep` that records the wait and returns at once and a fixed
 * jitter draw, runs one call and hands back its result or its error as `{ kind, message }`.
 */
const DRIVER = `
window.drive = async function (spec) {
  const { FetchExchange, GitLabClient, NO_FILTER, readPages, Transport } = window.GitLabInBrowser;
  const sleeps = [];
  const log = [];
  const transport = new Transport({
    instanceUrl: spec.instanceUrl,
    token: () => ${JSON.stringify(TOKEN)},
    exchange: new FetchExchange(),
    maxBodyBytes: spec.maxBodyBytes,
    sleep: async (ms) => { sleeps.push(ms); },
    random: () => 0.5,
    log: (entry) => log.push({ url: entry.url, status: entry.status, outcome: entry.outcome }),
  });
  const client = new GitLabClient(transport);
  try {
    let result;
    if (spec.call === 'user') result = { username: (await client.getCurrentUser()).username };
    else {
      const read = (page, signal) => client.listEvents({ kind: 'mine' }, NO_FILTER, { page, perPage: spec.perPage }, signal);
      result = { events: (await readPages(read, { window: 1 })).reduce((sum, page) => sum + page.items.length, 0) };
    }
    return { result, sleeps, log };
  } catch (error) {
    return { error: { kind: String(error && error.kind), message: String(error && error.message) }, sleeps, log };
  }
};
`;

function html(script: string): string {
  return `<!doctype html><title>the extension's client</title><script>${script}</script><script>${DRIVER}</script>`;
}

/** The client as a browser script: src/gitlab bundled with the entry above. */
async function clientBundle(): Promise<string> {
  const built = await esbuild.build({
    stdin: { contents: ENTRY, resolveDir: path.resolve(__dirname, '../../../src/gitlab'), sourcefile: 'entry.ts', loader: 'ts' },
    bundle: true, write: false, platform: 'browser', format: 'iife', globalName: 'GitLabInBrowser', target: 'es2022',
    logLevel: 'silent',
  });
  return built.outputFiles[0].text;
}

/**
 * The extension's browser transport (`FetchExchange` under `Transport` and `GitLabClient`), bundled as the browser
 * build bundles it and run in Chromium's headless shell from a page on another loopback origin than the double: the
 * browser's own CORS, redirect and header-exposure rules apply, as in a web worker extension host.
 */
describe('FetchExchange in a real browser, against the double from another origin', function () {
  this.timeout(60_000);
  let bundle: string;
  let double: GitLabDouble;
  let pageOrigin: string;
  let browser: Browser;
  let page: Page;
  withPageBesideDouble({ double: { now: () => FIXED_NOW }, html: async () => html(bundle = await clientBundle()) },
    (setup) => ({ double, pageOrigin, browser, page } = setup));

  function drive(on: Page, spec: Drive): Promise<Outcome> {
    return on.evaluate((spec) => (window as unknown as { drive(spec: Drive): Promise<Outcome> }).drive(spec), spec);
  }

  it('the page is on another origin than the double, and the client is the bundled one', async () => {
    assert.notEqual(new URL(pageOrigin).origin, new URL(double.url).origin);
    assert.equal(await page.evaluate(() => typeof (window as unknown as { drive?: unknown }).drive), 'function');
  });

  it('lists every page of events by X-Next-Page (exposed by CORS) after a preflight; the token only in PRIVATE-TOKEN', async () => {
    // What the double serves, read in Node: its pages of 5 (GitLab drops events the caller may not see after paging,
    // so some pages are short and one is empty, which would end a listing read by page size alone).
    const perPage = 5;
    const sizes: number[] = [];
    for (let next: string | null = '1'; next;) {
      const answer: Response = await fetch(`${double.apiUrl}/events?per_page=${perPage}&page=${next}`, { headers: { 'PRIVATE-TOKEN': TOKEN } });
      sizes.push(((await answer.json()) as unknown[]).length);
      next = answer.headers.get('x-next-page');
    }
    assert.ok(sizes.slice(0, -1).includes(0), `no empty page before the last: ${sizes.join(', ')}`);
    double.clearLog();

    const outcome = await drive(page, { instanceUrl: double.url, call: 'allEvents', perPage });
    assert.equal(outcome.error, undefined, JSON.stringify(outcome.error));
    assert.equal(outcome.result?.events, sizes.reduce((a, b) => a + b, 0));

    const pages = double.requests.filter((r) => r.path === '/api/v4/events');
    assert.equal(pages.length, sizes.length);
    assert.deepEqual(pages.map((r) => r.query.page), pages.map((_r, i) => String(i + 1)));
    for (const request of pages) {
      assert.equal(request.origin, pageOrigin);
      assert.equal(request.auth, 'private-token');
      assert.equal(request.userId, 1);
      assert.equal(request.query.private_token, undefined);
      assert.ok(!request.rawPath.includes(TOKEN) && !JSON.stringify(request.query).includes(TOKEN), 'the token is in the URL');
    }
    const preflight = await double.waitForPreflight((r) => r.path === '/api/v4/events');
    assert.equal(preflight.origin, pageOrigin);
    assert.equal(preflight.preflight?.method, 'GET');
    assert.match(preflight.preflight?.headers ?? '', /private-token/);
    assert.equal(preflight.auth, 'none', 'the preflight carries no token');
  });

  it('backs off by its own delay after a 429 whose Retry-After the browser hides, then succeeds', async () => {
    double.inject({ fault: { kind: 'rateLimit', style: 'rackAttack', retryAfterSeconds: 30 }, path: '/user' });
    const outcome = await drive(page, { instanceUrl: double.url, call: 'user' });
    assert.equal(outcome.error, undefined, JSON.stringify(outcome.error));
    assert.equal(outcome.result?.username, 'alex');
    // backoffDelay(0) with the page's random() = 0.5: 500 ms · (0.25 + 0.75 · 0.5); Retry-After asked for 30 s.
    assert.deepEqual(outcome.sleeps, [313]);
    assert.deepEqual(outcome.log.map((e) => [e.status, e.outcome]), [[429, 'retry in 313 ms'], [200, 'done']]);
    assert.deepEqual(double.requests.filter((r) => r.path === '/api/v4/user').map((r) => r.status), [429, 200]);
  });

  it('a redirect is an error that says to check the instance URL, and is not followed', async () => {
    double.inject({ fault: { kind: 'redirect', location: `${double.url}/users/sign_in`, status: 302 }, path: '/user' });
    const outcome = await drive(page, { instanceUrl: double.url, call: 'user' });
    assert.equal(outcome.error?.kind, 'badResponse', JSON.stringify(outcome));
    assert.match(outcome.error.message, /redirect.*not followed.*Check the instance URL/);
    assert.deepEqual(double.requests.map((r) => [r.path, r.status]), [['/api/v4/user', 302]], 'sent once, never followed');
  });

  it('a server that does not allow other origins (no CORS headers) is a network error naming the host and CORS', async () => {
    const seen: Array<{ method: string; headers: IncomingHttpHeaders }> = [];
    let preflighted: () => void = () => undefined;
    const preflight = new Promise<void>((resolve) => { preflighted = resolve; });
    const plain = createServer((req, res) => {
      seen.push({ method: req.method ?? '', headers: req.headers });
      if (req.method === 'OPTIONS') preflighted();
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ id: 1, username: 'alex', name: 'Alex' }));
    });
    await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
    try {
      const host = `127.0.0.1:${(plain.address() as AddressInfo).port}`;
      const outcome = await drive(page, { instanceUrl: `http://${host}`, call: 'user' });
      await preflight;
      assert.equal(outcome.error?.kind, 'network', JSON.stringify(outcome));
      assert.ok(outcome.error.message.includes(host), outcome.error.message);
      assert.match(outcome.error.message, /cannot be reached/);
      assert.match(outcome.error.message, /CORS/);
      assert.ok(!outcome.error.message.includes(TOKEN));
      assert.ok(seen.length > 0 && seen.every((r) => r.method === 'OPTIONS'), 'the refused request itself was never sent');
      assert.ok(seen.every((r) => r.headers['private-token'] === undefined), 'the token never reached the server');
    } finally {
      plain.closeAllConnections();
      await new Promise<void>((resolve) => plain.close(() => resolve()));
    }
  });

  it('stops reading a body past maxBodyBytes as it streams', async () => {
    double.inject({ fault: { kind: 'huge', bytes: 8 * 1024 * 1024 }, path: '/user' });
    const outcome = await drive(page, { instanceUrl: double.url, call: 'user', maxBodyBytes: 1024 * 1024 });
    assert.equal(outcome.error?.kind, 'badResponse', JSON.stringify(outcome));
    assert.match(outcome.error.message, /larger than 1 MB; it was not read/);
    assert.deepEqual(outcome.sleeps, [], 'not retried');
  });

  it('sends no cookie of the page, even from the instance\'s own origin where the browser would', async () => {
    // A page on the double's own origin (the instance's: its CORS rule allows credentials there), with a session
    // cookie for it. A plain same-origin fetch carries the cookie; the client's requests must not.
    const context = await browser.newContext();
    try {
      await context.addCookies([{ name: '_gitlab_session', value: 'a-browser-session', url: double.url }]);
      const own = await context.newPage();
      await own.route(`${double.url}/-/client-page`, (route) => route.fulfill({ contentType: 'text/html', body: html(bundle) }));
      await own.goto(`${double.url}/-/client-page`);
      const plainRequest = own.waitForRequest((r) => r.url() === `${double.apiUrl}/version`);
      const clientRequest = own.waitForRequest((r) => r.url() === `${double.apiUrl}/user`);

      await own.evaluate(() => fetch('/api/v4/version').then((r) => r.status));
      const outcome = await drive(own, { instanceUrl: double.url, call: 'user' });
      assert.equal(outcome.error, undefined, JSON.stringify(outcome.error));
      assert.equal(outcome.result?.username, 'alex');

      const plainFetch = await (await plainRequest).allHeaders();
      assert.match(plainFetch.cookie ?? '', /_gitlab_session=a-browser-session/, 'the browser sends the cookie to its own origin');
      const client = await (await clientRequest).allHeaders();
      assert.equal(client['private-token'], TOKEN);
      assert.equal(client.cookie, undefined, 'the client sent the page\'s cookie');
    } finally {
      await context.close();
    }
  });
});
