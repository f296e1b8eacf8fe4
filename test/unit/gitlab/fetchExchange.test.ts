import assert from 'node:assert/strict';
import { FetchExchange, GitLabClient, GitLabError, Transport } from '../../../src/gitlab';

const TOKEN = 'glpat-browser-token';

/** A client over a `fetch` that answers as a browser would, recording what it was asked. */
function clientOver(answer: (url: string, init: RequestInit) => Promise<Response>) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  const exchange = new FetchExchange(async (input, init) => {
    calls.push({ url: String(input), init: init ?? {} });
    return answer(String(input), init ?? {});
  });
  const transport = new Transport({ instanceUrl: 'https://gitlab.example.com', token: () => TOKEN, exchange, sleep: async () => undefined, random: () => 0.5 });
  return { client: new GitLabClient(transport), calls };
}

/** What a browser hands the page for a redirect under `redirect: 'manual'`: no status, no headers, no body. */
function opaqueRedirect(): Response {
  return { type: 'opaqueredirect', status: 0, headers: new Headers(), body: null } as unknown as Response;
}

async function failure(promise: Promise<unknown>): Promise<GitLabError> {
  const error = await promise.then(() => undefined, (caught: unknown) => caught);
  assert.ok(error instanceof GitLabError, `expected a GitLabError, got ${String(error)}`);
  return error;
}

describe('FetchExchange: the browser\'s way to GitLab', () => {
  it('sends the token in its header only, with no credentials of the page, and follows no redirect', async () => {
    const { client, calls } = clientOver(async () => new Response(JSON.stringify({ id: 1, username: 'ada', name: 'Ada' }), { headers: { 'content-type': 'application/json' } }));
    await client.getCurrentUser();
    const [{ url, init }] = calls;
    assert.equal(url, 'https://gitlab.example.com/api/v4/user');
    assert.equal(init.credentials, 'omit');
    assert.equal(init.redirect, 'manual');
    assert.equal((init.headers as Record<string, string>)['private-token'], TOKEN);
    assert.ok(!url.includes(TOKEN));
  });

  it('a redirect the browser hides is an error that says to check the instance URL, never followed', async () => {
    const { client, calls } = clientOver(async () => opaqueRedirect());
    const error = await failure(client.getCurrentUser());
    assert.equal(error.kind, 'badResponse');
    assert.match(error.message, /redirect.*not followed.*instance URL/);
    assert.equal(calls.length, 1, 'not sent again');
  });

  it('a request the browser refuses (CORS, no route, a bad certificate: one TypeError) names the instance and both likely causes', async () => {
    const { client } = clientOver(async () => { throw new TypeError('Failed to fetch'); });
    const error = await failure(client.getCurrentUser());
    assert.equal(error.kind, 'network');
    assert.match(error.message, /gitlab\.example\.com/);
    assert.match(error.message, /cannot be reached/);
    assert.match(error.message, /CORS/);
    assert.ok(!error.message.includes(TOKEN));
  });

  it('a 429 whose Retry-After the browser does not expose waits by the client\'s own backoff, then succeeds', async () => {
    let calls = 0;
    const sleeps: number[] = [];
    const exchange = new FetchExchange(async () => (++calls === 1
      ? new Response('{"message":"429 Too Many Requests"}', { status: 429, headers: { 'content-type': 'application/json' } })
      : new Response(JSON.stringify({ id: 1, username: 'ada', name: 'Ada' }), { headers: { 'content-type': 'application/json' } })));
    const transport = new Transport({ instanceUrl: 'https://gitlab.example.com', token: () => TOKEN, exchange, sleep: async (ms) => { sleeps.push(ms); }, random: () => 0.5 });
    assert.equal((await new GitLabClient(transport).getCurrentUser()).username, 'ada');
    assert.equal(calls, 2);
    assert.equal(sleeps.length, 1);
    assert.ok(sleeps[0] > 0, 'a wait of its own');
  });

  it('stops reading a body past the bound as it streams, and cancels the stream', async () => {
    let cancelled = false;
    const stream = new ReadableStream<Uint8Array>({
      pull: (controller) => controller.enqueue(new Uint8Array(64 * 1024).fill(32)),
      cancel: () => { cancelled = true; },
    });
    const exchange = new FetchExchange(async () => new Response(stream, { headers: { 'content-type': 'application/json' } }));
    const transport = new Transport({ instanceUrl: 'https://gitlab.example.com', token: () => TOKEN, exchange, maxBodyBytes: 1024 * 1024 });
    const error = await failure(new GitLabClient(transport).getCurrentUser());
    assert.equal(error.kind, 'badResponse');
    assert.match(error.message, /larger than 1 MB/);
    assert.ok(cancelled, 'the stream was cancelled');
  });
});
