import assert from 'node:assert/strict';
import fc from 'fast-check';
import { parseErrorBody } from '../../../src/gitlab/errorBody';
import { dateProblem, filterProblems, filterQuery, validateFilter } from '../../../src/gitlab/filter';
import { readPageInfo } from '../../../src/gitlab/paging';
import { backoffDelay, DEFAULT_RETRY, serverDelay } from '../../../src/gitlab/retryPolicy';
import * as shapes from '../../../src/gitlab/shapes';
import { apiBase, apiUrl, segment } from '../../../src/gitlab/url';
import { errorForStatus, errorForNetwork } from '../../../src/gitlab/messages';
import { GitLabError } from '../../../src/gitlab';

describe('error bodies (behaviour note §1.5)', () => {
  const cases: Array<[string, string | undefined, ReturnType<typeof parseErrorBody>]> = [
    ['{"message":"404 Project Not Found"}', 'application/json', { text: '404 Project Not Found' }],
    ['{"message":{"notification_email":["must be an email you have verified"]}}', 'application/json',
      { text: 'notification_email must be an email you have verified', fieldErrors: { notification_email: ['must be an email you have verified'] } }],
    ['{"message":{"error":"This endpoint has been requested too many times. Try again later."}}', 'application/json',
      { text: 'This endpoint has been requested too many times. Try again later.' }],
    ['{"error":"insufficient_scope","error_description":"The request requires higher privileges than provided by the access token.","scope":"api"}',
      'application/json', { text: 'The request requires higher privileges than provided by the access token.', code: 'insufficient_scope', scopes: ['api'] }],
    ['{"errors":[{"message":"Invalid token"}]}', 'application/json', { text: 'Invalid token' }],
    ['{"error":"target_type does not have a valid value"}', 'application/json', { text: 'target_type does not have a valid value' }],
    ['Retry later\n', 'text/plain', { text: 'Retry later' }],
    ['<!DOCTYPE html><html>proxy</html>', 'text/html', {}],
    ['', 'application/json', {}],
    ['{not json', 'application/json', { text: '{not json' }],
    ['[1,2]', 'application/json', {}],
  ];
  for (const [body, type, expected] of cases) it(body.slice(0, 50) || '(empty)', () => assert.deepEqual(parseErrorBody(body, type), expected));

  it('never throws on arbitrary text', () => {
    fc.assert(fc.property(fc.string(), fc.option(fc.constantFrom('application/json', 'text/plain', 'text/html')), (text, type) => {
      parseErrorBody(text, type ?? undefined);
    }));
    fc.assert(fc.property(fc.json(), (json) => { parseErrorBody(json, 'application/json'); }));
  });
});

describe('status to error kind', () => {
  const kinds: Array<[number, string]> = [[400, 'validation'], [401, 'unauthorized'], [403, 'forbidden'], [404, 'notFound'],
    [405, 'validation'], [409, 'validation'], [429, 'rateLimited'], [500, 'server'], [502, 'server'], [503, 'server'], [504, 'server']];
  for (const [status, kind] of kinds) it(`${status} → ${kind}`, () => assert.equal(errorForStatus(status, {}, 'GET /x').kind, kind));
  it('expired and revoked tokens say so', () => {
    assert.match(errorForStatus(401, { text: 'Token is expired. You can either do re-authorization or token refresh.' }, 'GET /x').message, /expired/);
    assert.match(errorForStatus(401, { text: 'Token was revoked. You have to re-authorize from the user.' }, 'GET /x').message, /revoked/);
  });
  it('network errors name the cause, TLS ones the fix', () => {
    assert.match(errorForNetwork({ code: 'ECONNREFUSED' }, 'GET /x').message, /refused/);
    assert.match(errorForNetwork({ cause: { code: 'SELF_SIGNED_CERT_IN_CHAIN' } }, 'GET /x').message, /caFile/);
    assert.equal(errorForNetwork(new Error('x'), 'GET /x').kind, 'network');
  });
});

describe('retry policy', () => {
  it('reads Retry-After seconds and dates, RateLimit-Reset as an epoch, RateLimit-ResetTime', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    assert.equal(serverDelay({ 'retry-after': '30' }, now), 30_000);
    assert.equal(serverDelay({ 'retry-after': 'Thu, 01 Jan 2026 00:00:10 GMT' }, now), 10_000);
    assert.equal(serverDelay({ 'ratelimit-reset': String(now / 1000 + 42) }, now), 42_000);
    assert.equal(serverDelay({ 'ratelimit-reset': String(now / 1000 - 5) }, now), 0);
    assert.equal(serverDelay({ 'ratelimit-resettime': 'Thu, 01 Jan 2026 00:01:00 GMT' }, now), 60_000);
    assert.equal(serverDelay({}, now), undefined);
    assert.equal(serverDelay({ 'retry-after': 'soon' }, now), undefined);
  });
  it('backs off exponentially within bounds, with jitter', () => {
    fc.assert(fc.property(fc.nat(20), fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }), (retry, r) => {
      const delay = backoffDelay(retry, DEFAULT_RETRY, () => r);
      const ceiling = Math.min(DEFAULT_RETRY.maxDelayMs, DEFAULT_RETRY.baseDelayMs * 2 ** retry);
      return delay >= Math.floor(ceiling / 4) && delay <= ceiling;
    }));
    // Jitter: the wait follows the random draw, so clients that failed together do not retry together.
    const spread = [0, 0.5, 0.999].map((r) => backoffDelay(2, DEFAULT_RETRY, () => r));
    assert.deepEqual(spread, [500, 1250, 1999]);
  });
});

describe('pagination headers', () => {
  it('follows X-Next-Page, empty on the last page', () => {
    assert.equal(readPageInfo({ 'x-next-page': '3', 'x-page': '2' }).nextPage, 3);
    assert.equal(readPageInfo({ 'x-next-page': '', 'x-page': '3' }).nextPage, undefined);
  });
  it('falls back to Link rel="next"', () => {
    const link = '<https://g.example/api/v4/events?page=1&per_page=2>; rel="prev", <https://g.example/api/v4/events?page=3&per_page=2>; rel="next"';
    assert.equal(readPageInfo({ link }).nextPage, 3);
  });
  it('knows when a server sends no pagination at all', () => {
    assert.equal(readPageInfo({}).unpaged, true);
    assert.equal(readPageInfo({ 'x-page': '1', 'x-next-page': '' }).unpaged, false);
    assert.equal(readPageInfo({ 'x-total': '0' }).total, 0);
  });
});

describe('URLs', () => {
  it('encodes full paths as one segment and refuses dot segments', () => {
    assert.equal(segment('group/sub/project'), 'group%2Fsub%2Fproject');
    assert.equal(segment(42), '42');
    for (const bad of ['', '.', '..', ' ', 'a\nb']) assert.throws(() => segment(bad), GitLabError);
  });
  it('builds the API base from instance URLs', () => {
    assert.equal(apiBase('https://gitlab.example.com/').href, 'https://gitlab.example.com/api/v4');
    assert.equal(apiBase('https://example.com/gitlab/api/v4').href, 'https://example.com/gitlab/api/v4');
    for (const bad of ['ftp://x', 'not a url', 'https://user:pw@host']) assert.throws(() => apiBase(bad), GitLabError);
  });
  it('keeps every request under /api/v4 of the instance, whatever the ID (property)', () => {
    const base = apiBase('https://gitlab.example.com/prefix');
    fc.assert(fc.property(fc.string(), fc.string(), (id, value) => {
      let url: URL;
      try {
        url = apiUrl(base, `/users/${segment(id)}/events`, { action: value });
      } catch (error) {
        return error instanceof GitLabError;
      }
      return url.origin === base.origin && url.pathname.startsWith('/prefix/api/v4/users/') && url.pathname.endsWith('/events')
        && [...url.searchParams.keys()].join() === 'action' && url.searchParams.get('action') === value;
    }), { numRuns: 2000 });
  });
});

describe('filter validation', () => {
  it('accepts real calendar dates only', () => {
    assert.equal(dateProblem('2024-02-29'), undefined);
    for (const bad of ['2023-02-29', '2024-13-01', '2024-1-1', '20240101', '2024-04-31', '']) assert.ok(dateProblem(bad), bad);
  });
  it('checks every part and names each problem', () => {
    assert.deepEqual(filterProblems({}), []);
    assert.equal(filterProblems({ action: 'x' as never, target_type: 'y' as never, sort: 'z' as never }).length, 3);
    assert.equal(filterProblems({ after: '2024-01-02', before: '2024-01-02' }).length, 1);
    assert.throws(() => validateFilter({ after: 'yesterday' }), /YYYY-MM-DD/);
  });
  it('sends only the parts set', () => {
    assert.deepEqual(filterQuery(validateFilter({ action: 'pushed', sort: 'asc' })), { action: 'pushed', sort: 'asc' });
  });
});

describe('response shapes', () => {
  it('normalises the spec\'s minimal event and keeps unknown values', () => {
    const [event] = shapes.events([{ action_name: 'frobbed', created_at: '2026-01-01T00:00:00Z', author_id: 1 }]);
    assert.equal(event.target_type, null);
    assert.equal(event.project_id, null);
  });
  it('accepts an event without created_at ("present on most items"), and refuses one of the wrong type', () => {
    const [absent, nulled] = shapes.events([{ action_name: 'opened', author_id: 1 }, { action_name: 'opened', created_at: null }]);
    assert.equal(absent.created_at, undefined);
    assert.equal(nulled.created_at, null);
    assert.throws(() => shapes.events([{ action_name: 'opened', created_at: 1_700_000_000 }]), /events\[0\]\.created_at/);
  });
  it('accepts events maps with nulls and unknown keys', () => {
    const setting = shapes.notificationSetting({ level: 'custom', events: { new_note: true, approver: null, brand_new: false } });
    assert.deepEqual(setting.events, { new_note: true, approver: null, brand_new: false });
  });
  it('refuses wrong types of used fields (property: never throws anything but ShapeError)', () => {
    fc.assert(fc.property(fc.anything(), (value) => {
      for (const parse of [shapes.events, shapes.notificationSetting, shapes.currentUser, shapes.projects, shapes.groups]) {
        try { parse(value); } catch (error) { if (!(error instanceof shapes.ShapeError)) return false; }
      }
      return true;
    }));
    assert.throws(() => shapes.notificationSetting({ level: 'custom', events: { new_note: 'yes' } }), /new_note/);
  });
});
