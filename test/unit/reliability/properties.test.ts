import assert from 'node:assert/strict';
import fc from 'fast-check';
import { formatMessage } from '../../../src/app/localize';
import { NotificationSettingsService } from '../../../src/app/settings/notificationSettingsService';
import { parsePageMessage as parseWebviewMessage, parsePersistedState } from '../../../src/app/settings/shared/protocol';
import { ScopeCatalog } from '../../../src/app/settings/scopeCatalog';
import { SettingsRequestHandler } from '../../../src/app/settings/settingsRequestHandler';
import { GitLabError, validateFilter, type EventFilter } from '../../../src/gitlab';
import { apiBase, apiUrl } from '../../../src/gitlab/url';
import { readsOutside } from '../app/serverReads';
import { GitLabDouble } from '../../double';
import { type TestClient, withDoubleAndClient } from '../gitlab/helpers';
import { anyBody, anyCodeUnits, anyFilter, anyId, anyWebviewMessage, urlish } from './arbitraries';
import { filterVerdict, sendable } from './clientOracles';
import { ENDPOINTS, ID_ENDPOINTS } from './endpoints';
import { failOnUnhandledRejections, outcomeOf, settle } from './harness';
import { conformsToWebviewProtocol } from './protocolOracle';
import { reliabilityReport } from './report';
import { assertTypedResult } from './shapeInvariants';
import { fixedAccount } from '../../../src/app/activeAccount';

/** Fixed seeds keep docs/reliability.md stable; FC_SEED explores other inputs. */
const SEED = Number(process.env.FC_SEED ?? 20260302);

function tally(counts: Record<string, number>, key: string): void {
  counts[key] = (counts[key] ?? 0) + 1;
}

describe('reliability: bad input, property-based', function () {
  this.timeout(30_000);
  failOnUnhandledRejections();
  let double: GitLabDouble;
  let t: TestClient;

  withDoubleAndClient({ edition: 'ee', events: 60, seed: 5 }, (started, made) => { double = started; t = made; });
  beforeEach(() => {
    double.clearFaults();
    double.clearLog();
  });

  it('URL building: any ID, path or username stays one segment under /api/v4 and adds no parameter', async () => {
    const outcomes: Record<string, number> = {};
    let runs = 0;
    await fc.assert(fc.asyncProperty(fc.constantFrom(...ID_ENDPOINTS), anyId, async (endpoint, id) => {
      runs++;
      double.clearLog();
      const outcome = outcomeOf(await settle(endpoint.call(t.client, id)));
      const text = String(id).trim();
      if (!sendable(id)) {
        assert.equal(outcome, 'validation', `${JSON.stringify(text)} must be refused`);
        assert.equal(double.requests.length, 0, 'a refused ID sends nothing');
        tally(outcomes, 'refused before sending (validation)');
        return;
      }
      assert.equal(double.requests.length, 1, `${JSON.stringify(text)} is a usable ID, sent once (${outcome})`);
      const [request] = double.requests;
      assert.equal(request.method, endpoint.method);
      const parts = request.rawPath.split('/');
      const expected = ['', 'api', 'v4', endpoint.before, '<id>', ...(endpoint.after ? [endpoint.after] : [])];
      assert.equal(parts.length, expected.length, `${request.rawPath} has ${parts.length - 1} segments`);
      parts.forEach((part, index) => {
        if (expected[index] !== '<id>') assert.equal(part, expected[index], request.rawPath);
      });
      const variable = parts[4];
      assert.match(variable, /^(?:[A-Za-z0-9\-_.!~*'()]|%[0-9A-F]{2})+$/, 'only unreserved characters and escapes');
      assert.ok(variable !== '.' && variable !== '..', 'no dot segment');
      assert.equal(decodeURIComponent(variable), text, 'the segment decodes to the ID');
      assert.deepEqual(Object.keys(request.query).sort(), endpoint.query, 'no parameter added');
      tally(outcomes, 'sent as one segment, no added parameter');
    }), { numRuns: 700, seed: SEED });
    reliabilityReport.properties.push({
      property: 'URL building through the client (7 calls with an ID: settings GET/PUT of groups and projects, user and project events, project)',
      inputs: 'IDs, full paths, usernames: any UTF-16 (lone surrogates, control characters), URL metacharacters (`/ ? # % & =`), dot segments, `//host`, numbers (negative, fractional, NaN)',
      runs, outcomes,
    });
  });

  it('URL building, last line of defence: apiUrl keeps any raw path under the API of the same origin, or refuses it', () => {
    const outcomes: Record<string, number> = {};
    let runs = 0;
    const base = apiBase('https://gitlab.example.com/gitlab/');
    const rawPath = fc.oneof(
      urlish.map((text) => `/${text}`), anyCodeUnits, urlish,
      fc.constantFrom('/..', '/../..', '/../../etc/passwd', '/users/../../x', '/%2e%2e/x', '/.%2e/x', '//evil.example/x', '/\\\\evil.example/x', '@evil.example/x', '..', '/.', '',
        '/..%2F..%2Fx', '/projects/a%2F..%2F..%2F..%2Fx', '/%252e%252e/x', '/x/..%5C..%5C..%5Cy'),
    );
    fc.assert(fc.property(rawPath, (path) => {
      runs++;
      let url: URL;
      try {
        url = apiUrl(base, path);
      } catch (error) {
        assert.ok(error instanceof GitLabError && error.kind === 'validation', String(error));
        tally(outcomes, 'refused (validation)');
        return;
      }
      assert.equal(url.origin, base.origin, `${JSON.stringify(path)} left the origin`);
      assert.ok(url.pathname.startsWith('/gitlab/api/v4/'), `${JSON.stringify(path)} left the API: ${url.pathname}`);
      assert.deepEqual(readsOutside(url, '/gitlab/api/v4'), [], `${JSON.stringify(path)} leaves the API once decoded: ${url.pathname}`);
      tally(outcomes, 'kept under /gitlab/api/v4/');
    }), { numRuns: 2000, seed: SEED });
    reliabilityReport.properties.push({
      property: '`apiUrl`, behind `segment()`: raw paths never leave the API base',
      inputs: 'raw paths with dot segments (plain and escaped) and escaped separators (`..%2F`, `%5C`, twice-escaped), `//host`, backslashes, `@host`, any UTF-16, no leading slash',
      runs, outcomes,
    });
  });

  it('filter validation: an arbitrary filter, checked where it enters, is sent with known values only, or refused with no request', async () => {
    const outcomes: Record<string, number> = {};
    let runs = 0;
    await fc.assert(fc.asyncProperty(anyFilter, async (filter) => {
      runs++;
      double.clearLog();
      const verdict = filterVerdict(filter);
      // The only way to `listEvents` is through the validator (its parameter is a `ValidEventFilter`).
      const sent = Promise.resolve().then(() => t.client.listEvents({ kind: 'mine' }, validateFilter(filter as EventFilter), {}));
      const outcome = outcomeOf(await settle(sent));
      if (outcome === 'validation') {
        assert.notEqual(verdict.valid, true, 'a valid filter was refused');
        assert.equal(double.requests.length, 0, 'a refused filter sends nothing');
        tally(outcomes, 'refused (validation), no request');
        return;
      }
      assert.equal(outcome, 'ok');
      assert.notEqual(verdict.valid, false, 'an invalid filter was sent');
      assert.equal(double.requests.length, 1);
      assert.deepEqual(double.requests[0].query, verdict.query, 'exactly the known, valid parameters');
      tally(outcomes, 'sent, known values only');
    }), { numRuns: 600, seed: SEED });
    reliabilityReport.properties.push({
      property: 'Event filter validation (`validateFilter`, the only maker of what `listEvents` takes)',
      inputs: 'objects with `action`, `target_type`, `before`, `after`, `sort` set to valid values, wrong case, impossible dates, any JSON, objects without a usable `toString`, symbols, bigints; plus unknown keys (`scope`, `private_token`, `page`…)',
      runs, outcomes,
    });
  });

  it('response parsing: any body served with status 200 gives a typed result or a badResponse, never retried', async () => {
    const outcomes: Record<string, number> = {};
    let runs = 0;
    const arbitrary = fc.constantFrom(...ENDPOINTS).chain((endpoint) => anyBody(endpoint.shape).map((body) => ({ endpoint, body })));
    await fc.assert(fc.asyncProperty(arbitrary, async ({ endpoint, body }) => {
      runs++;
      double.clearFaults();
      double.inject({ fault: { kind: 'malformed', body, contentType: 'application/json' }, method: endpoint.method, path: endpoint.path });
      const attemptsBefore = t.log.length;
      const result = await settle(endpoint.call(t.client));
      const outcome = outcomeOf(result);
      if (result.ok) assertTypedResult(endpoint.shape, result.value);
      else assert.equal(outcome, 'badResponse', (result.error as Error).message);
      assert.equal(t.log.length - attemptsBefore, 1, 'a 200 is not retried');
      assert.equal((Object.prototype as Record<string, unknown>).polluted, undefined, 'no prototype pollution');
      tally(outcomes, outcome === 'ok' ? 'typed result' : 'badResponse');
    }), { numRuns: 650, seed: SEED });
    assert.ok(outcomes.badResponse > 0 && outcomes['typed result'] > 0, `both outcomes, or the bodies were not served: ${JSON.stringify(outcomes)}`);
    reliabilityReport.properties.push({
      property: 'Response parsing, all 13 endpoints (body served by the double\'s `malformed` fault)',
      inputs: 'near-valid resources with fields of wrong types, any JSON, `__proto__`/`constructor` keys, 20,000-deep arrays, a BOM, cut JSON, HTML, any text',
      runs, outcomes,
    });
  });

  it('webview messages: the validator accepts exactly what the protocol allows, never throwing', () => {
    const outcomes: Record<string, number> = {};
    let runs = 0;
    fc.assert(fc.property(anyWebviewMessage, (message) => {
      runs++;
      const expected = conformsToWebviewProtocol(message);
      const result = parseWebviewMessage(message);
      assert.equal(result.ok, expected, `${JSON.stringify(message)}: ${result.ok ? 'accepted' : result.reason}`);
      // Compared as JSON: the validator builds plain copies, the generator may use null-prototype objects.
      if (result.ok) assert.deepEqual(JSON.parse(JSON.stringify(result.value)), JSON.parse(JSON.stringify(message)), 'accepted unchanged');
      tally(outcomes, result.ok ? 'accepted' : 'refused');
    }), { numRuns: 5000, seed: SEED });
    reliabilityReport.properties.push({
      property: 'Webview → host message validator against an independent reading of the protocol',
      inputs: 'every message type, mostly well-formed, with wrong or missing fields, extra fields, bad request IDs, scope IDs and paths, event keys (`__proto__`, `sudo`…), levels, over-long e-mails and lists',
      runs, outcomes,
    });
  });

  it('webview messages: any value at all, JSON or not, is judged without throwing, by both validators', () => {
    const outcomes: Record<string, number> = {};
    let runs = 0;
    const anything = fc.oneof(
      fc.anything({
        withBigInt: true, withBoxedValues: true, withDate: true, withMap: true, withSet: true, withNullPrototype: true,
        withObjectString: true, withSparseArray: true, withTypedArray: true,
      }),
      anyWebviewMessage,
    );
    fc.assert(fc.property(anything, (value) => {
      runs++;
      const result = parseWebviewMessage(value);
      assert.equal(result.ok, conformsToWebviewProtocol(value));
      assert.equal(typeof parsePersistedState(value).ok, 'boolean');
      tally(outcomes, result.ok ? 'accepted (a protocol message)' : 'refused');
    }), { numRuns: 3000, seed: SEED });
    reliabilityReport.properties.push({
      property: 'The validators of webview messages and of the saved webview state never throw',
      inputs: 'any JavaScript value: bigints, boxed values, dates, maps, sets, typed and sparse arrays, null-prototype objects, plus the generated messages',
      runs, outcomes,
    });
  });

  it('webview → host → GitLab → webview: refused messages send nothing; every reply answers the request, and a setting in it could be sent back', async () => {
    const outcomes: Record<string, number> = {};
    let runs = 0;
    await fc.assert(fc.asyncProperty(anyWebviewMessage, anyBody('setting'), async (message, body) => {
      runs++;
      double.clearFaults();
      double.clearLog();
      // The first settings read of the run gets an arbitrary body.
      double.inject({ fault: { kind: 'malformed', body, contentType: 'application/json' }, method: 'GET', path: /notification_settings$/ });
      const posts: unknown[] = [];
      const settings = new NotificationSettingsService(fixedAccount('x', t.client), { get: () => undefined, update: async () => undefined });
      const handler = new SettingsRequestHandler({
        settings,
        signedIn: () => true,
        catalog: new ScopeCatalog({ account: { get api() { return t.client; } }, settings, projects: () => [], addedGroups: () => [], localize: formatMessage }),
        localize: formatMessage,
        post: (posted) => posts.push(posted),
        log: () => undefined,
      });
      try {
        await handler.receive(message);
      } finally {
        handler.dispose();
      }
      if (!conformsToWebviewProtocol(message)) {
        assert.equal(double.requests.length, 0, 'a refused message reaches no server');
        assert.equal(posts.length, 0, 'a refused message gets no answer');
        tally(outcomes, 'refused, nothing sent');
        return;
      }
      for (const request of double.requests) {
        assert.match(request.rawPath, /^\/api\/v4\/(notification_settings|groups|(groups|projects)\/[^/?#]+(\/notification_settings)?)$/);
      }
      for (const posted of posts as Array<{ type: string; id?: number; result?: { level?: unknown; setting?: unknown } }>) {
        if (posted.type !== 'reply') continue;
        assert.equal(posted.id, (message as { id?: number }).id, 'the reply carries the request\'s id');
        const setting = typeof posted.result?.level === 'string' ? posted.result : posted.result?.setting;
        if (setting === undefined) continue;
        // What the host hands the page (cleaned server data) the page can send back as a baseline.
        const back = parseWebviewMessage({ type: 'request', id: 1, method: 'save', params: { scope: { kind: 'global' }, baseline: setting, update: {} } });
        assert.ok(back.ok, `the host would refuse its own answer back: ${JSON.stringify(posted)}: ${back.ok ? '' : back.reason}`);
      }
      tally(outcomes, `accepted, ${double.requests.length === 0 ? 'no request' : 'requests under /api/v4'}, answers valid`);
    }), { numRuns: 400, seed: SEED });
    reliabilityReport.properties.push({
      property: 'Settings editor end to end: `SettingsRequestHandler` with the real client and double',
      inputs: 'the generated webview messages above, with an arbitrary settings body (near-valid, any JSON, hostile) served for the first read',
      runs, outcomes,
    });
  });
});
