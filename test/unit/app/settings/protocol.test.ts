import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { parsePageMessage, parsePersistedState, type PageMessage, type PersistedState } from '../../../../src/app/settings/shared/protocol';
import { RESERVED_REQUEST_PARAMETERS } from '../../../../src/gitlab/types';
import { conformsToWebviewProtocol } from '../../reliability/protocolOracle';

const customSetting = { level: 'custom', events: { new_note: true, new_issue: null, some_future_key: false } };

const webviewSamples: PageMessage[] = [
  { type: 'ready' },
  { type: 'refreshScopes' },
  { type: 'signIn' },
  { type: 'cancelBulk' },
  { type: 'request', id: 1, method: 'load', params: { scope: { kind: 'global' } } },
  { type: 'request', id: 7, method: 'load', params: { scope: { kind: 'project', id: 'group/sub/project' } } },
  { type: 'request', id: 2, method: 'save', params: { scope: { kind: 'group', id: 5 }, baseline: customSetting, update: { level: 'custom', events: { new_issue: true } } } },
  { type: 'request', id: 3, method: 'save', params: { scope: { kind: 'global' }, baseline: { level: 'participating', notification_email: 'me@x.org' }, update: { notification_email: '' } } },
  { type: 'request', id: 6, method: 'addScope', params: { kind: 'group', ref: 'parent/child' } },
  { type: 'request', id: 8, method: 'addScope', params: { kind: 'project', ref: 42 } },
  { type: 'request', id: 10, method: 'levelChain', params: { scope: { kind: 'project', id: 'group/sub/project' } } },
  { type: 'request', id: 9, method: 'bulkApply', params: { scopes: [{ kind: 'group', id: 5 }, { kind: 'project', id: 'a/b' }], level: 'disabled' } },
  { type: 'request', id: 11, method: 'endSnooze', params: { scope: { kind: 'project', id: 'group/sub/project' } } },
  { type: 'request', id: 12, method: 'endSnooze', params: { scope: { kind: 'global' } } },
];

const persistedSample: PersistedState = {
  version: 1,
  selectedKey: 'group:5',
  forms: [{ key: 'group:5', form: { scope: { kind: 'group', id: 5 }, baseline: customSetting, edits: { level: 'watch', events: { new_issue: true } } } }],
  conflicts: [{ key: 'group:5', server: { level: 'disabled' } }],
  bulkSelection: ['group:5', 'project:a/b'],
  bulkLevel: 'mention',
};

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Every path to a value inside a JSON value. */
function paths(value: Json, prefix: Array<string | number> = []): Array<Array<string | number>> {
  const own = prefix.length > 0 ? [prefix] : [];
  if (Array.isArray(value)) return [...own, ...value.flatMap((item, index) => paths(item, [...prefix, index]))];
  if (value !== null && typeof value === 'object') {
    return [...own, ...Object.entries(value).flatMap(([key, item]) => paths(item, [...prefix, key]))];
  }
  return own;
}

function setAt(value: Json, path: Array<string | number>, replacement: Json): Json {
  const copy = structuredClone(value);
  let cursor = copy as Record<string | number, Json>;
  for (const step of path.slice(0, -1)) cursor = cursor[step] as Record<string | number, Json>;
  cursor[path[path.length - 1]] = replacement;
  return copy;
}

function kindOf(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
}

/** Fields whose type is a union: only containers are certainly wrong there. */
function unionField(path: Array<string | number>): boolean {
  const last = path[path.length - 1];
  const events = path.indexOf('events');
  return last === 'id' || last === 'ref' || (events !== -1 && events < path.length - 1);
}

const wrongValue = (original: unknown, path: Array<string | number>): fc.Arbitrary<Json> =>
  (fc.jsonValue() as fc.Arbitrary<Json>).filter((candidate) => {
    const kind = kindOf(candidate);
    if (unionField(path)) return kind === 'object' || kind === 'array';
    return kind !== kindOf(original);
  });

type Parse = (value: unknown) => { ok: boolean; value?: unknown; reason?: string };

/** Every well-formed sample with any one field (at any depth) given a value of a wrong type is refused. */
function refusesAnyWrongField(parse: Parse, samples: readonly object[], numRuns: number): void {
  const cases = samples.flatMap((sample) => paths(sample as Json).map((path) => ({ sample, path })))
    .filter(({ path }) => path[0] !== 'type');
  fc.assert(fc.property(fc.constantFrom(...cases).chain(({ sample, path }) => {
    let original: unknown = sample;
    for (const step of path) original = (original as Record<string | number, unknown>)[step];
    return wrongValue(original, path).map((replacement) => ({ message: setAt(sample as Json, path, replacement), path }));
  }), ({ message, path }) => {
    const result = parse(message);
    assert.equal(result.ok, false, `accepted a wrong ${path.join('.')}: ${JSON.stringify(message)}`);
  }), { numRuns });
}

function checkValidator(
  name: string, parse: Parse, samples: readonly object[], knownTypes: readonly string[],
  /** An independent reading of what the validator must accept. */
  conforms: (value: unknown) => boolean,
): void {
  describe(name, () => {
    it('accepts every well-formed message and returns an equal copy', () => {
      for (const sample of samples) {
        const result = parse(structuredClone(sample));
        assert.ok(result.ok, `${JSON.stringify(sample)}: ${result.reason}`);
        assert.deepEqual(result.value, sample);
      }
    });

    it('never throws, and of arbitrary JSON accepts exactly what the protocol allows, unchanged and with a known type (property)', () => {
      let accepted = 0;
      fc.assert(fc.property(fc.oneof(fc.jsonValue(), ...samples.map((sample) => fc.constant(structuredClone(sample)))), (value) => {
        const result = parse(value);
        assert.equal(result.ok, conforms(value), `${JSON.stringify(value)}: ${result.ok ? 'accepted' : result.reason}`);
        if (!result.ok) return;
        accepted += 1;
        assert.deepEqual(result.value, value, 'nothing coerced or dropped');
        assert.ok(knownTypes.includes((result.value as { type: string }).type));
      }), { numRuns: 2000 });
      assert.ok(accepted > 0, 'no accepted value was checked');
    });

    it('never throws on any value at all, JSON or not (property)', () => {
      fc.assert(fc.property(fc.anything({ withBigInt: true, withDate: true, withMap: true, withSet: true, withTypedArray: true, withNullPrototype: true }), (value) => {
        const result = parse(value);
        assert.equal(typeof result.ok, 'boolean');
      }), { numRuns: 1000 });
    });

    it('refuses a well-formed message with any one field of the wrong type (property)', () => {
      refusesAnyWrongField(parse, samples, 1500);
    });

    it('refuses unknown types, unknown fields and missing required fields', () => {
      assert.equal(parse({ type: 'deleteEverything' }).ok, false);
      assert.equal(parse({}).ok, false);
      assert.equal(parse(null).ok, false);
      assert.equal(parse('ready').ok, false);
      assert.equal(parse([samples[0]]).ok, false);
      for (const sample of samples) {
        assert.equal(parse({ ...sample, extra: 1 }).ok, false, `extra field on ${JSON.stringify(sample)}`);
        for (const key of Object.keys(sample)) {
          if (key === 'focusKey' || key === 'bulk' || key === 'restored') continue; // optional
          const copy: Record<string, unknown> = { ...sample };
          delete copy[key];
          assert.equal(parse(copy).ok, false, `missing ${key} in ${JSON.stringify(sample)}`);
        }
      }
    });

    it('refuses hostile shapes without being fooled or crashing', () => {
      const hostile: unknown[] = [
        JSON.parse('{"__proto__": {"type": "ready"}}'),
        Object.assign(Object.create({ type: 'ready' }) as object, {}),
        new Proxy({}, { get() { throw new Error('trap'); }, ownKeys() { throw new Error('trap'); } }),
        { type: 'ready', get boom() { throw new Error('getter'); } },
        { type: { toString: () => 'ready' } },
        { type: 'ready', toString: 'x' },
        new Date(),
        Object.assign(() => undefined, { type: 'ready' }),
        Symbol('ready'),
        10n,
      ];
      for (const value of hostile) assert.equal(parse(value).ok, false, String(typeof value));
    });
  });
}

checkValidator('settings protocol: the one inbound validator (page → host)', parsePageMessage, webviewSamples,
  ['ready', 'refreshScopes', 'cancelBulk', 'signIn', 'request'], conformsToWebviewProtocol);

describe('settings protocol: specific refusals', () => {
  const save = webviewSamples[6] as Extract<PageMessage, { type: 'request' }>;
  const params = save.params as { scope: unknown; baseline: unknown; update: unknown };
  const withParams = (changes: Record<string, unknown>) => ({ ...save, params: { ...params, ...changes } });
  const request = (method: string, requestParams: unknown, id: unknown = 1) => ({ type: 'request', id, method, params: requestParams });

  it('says what it refused and where, clearly', () => {
    assert.deepEqual(parsePageMessage({ type: 'deleteEverything' }), { ok: false, reason: 'type: not an allowed value' });
    assert.deepEqual(parsePageMessage(request('load', { scope: { kind: 'group', id: '../x' } })),
      { ok: false, reason: 'params.scope.id: expected a positive integer or a path' });
    assert.deepEqual(parsePageMessage(request('dropTables', {})), { ok: false, reason: 'method: not an allowed value' });
    assert.deepEqual(parsePageMessage({ ...webviewSamples[0], token: 'x' }), { ok: false, reason: 'message: unexpected field "token"' });
    assert.deepEqual(parsePageMessage(withParams({ update: { level: 'everything' } })), { ok: false, reason: 'params.update.level: not an allowed value' });
  });

  it('refuses event keys that are not snake_case names, prototype keys included', () => {
    for (const key of ['__proto__', 'Constructor', 'new-note', 'a b', '', '1abc', 'x'.repeat(65)]) {
      const baseline = JSON.parse(`{"level":"custom","events":{${JSON.stringify(key)}:true}}`) as unknown;
      assert.equal(parsePageMessage(withParams({ baseline })).ok, false, key);
    }
    // "constructor" is a valid-looking key: it is accepted as a plain own field, never as the prototype's
    const parsed = parsePageMessage(withParams({ update: { events: JSON.parse('{"constructor":true}') as unknown } }));
    assert.ok(parsed.ok);
    const update = ((parsed.value as typeof save).params as { update: { events: object } }).update;
    assert.equal(Object.getPrototypeOf(update.events), Object.prototype);
    assert.ok(Object.hasOwn(update.events, 'constructor'), 'kept, not dropped');
  });

  it('refuses GitLab request parameters as event keys, in what the page asks to send and in what it sends back', () => {
    for (const key of ['sudo', 'private_token', 'access_token', 'job_token', 'level', 'notification_email', 'id', 'page', 'per_page', 'format', 'callback']) {
      assert.deepEqual(parsePageMessage(withParams({ update: { level: 'custom', events: { new_note: true, [key]: true } } })),
        { ok: false, reason: 'params.update.events: a key is not in the expected form' }, key);
      assert.equal(parsePageMessage(withParams({ baseline: { level: 'custom', events: { [key]: null } } })).ok, false, key);
      const forms = [{ key: 'group:5', form: { scope: { kind: 'group', id: 5 }, baseline: { level: 'custom' }, edits: { events: { [key]: true } } } }];
      assert.equal(parsePersistedState({ ...persistedSample, forms }).ok, false, key);
    }
  });

  it('refuses a level to send that GitLab does not know, but reads unknown levels in settings', () => {
    assert.equal(parsePageMessage(withParams({ update: { level: 'everything' } })).ok, false);
    assert.ok(parsePageMessage(withParams({ baseline: { level: 'digest' } })).ok);
    assert.equal(parsePageMessage(withParams({ baseline: { level: 'Digest!' } })).ok, false);
  });

  it('refuses event values other than true, false and null, and sending null', () => {
    assert.equal(parsePageMessage(withParams({ baseline: { level: 'custom', events: { new_note: 'yes' } } })).ok, false);
    assert.equal(parsePageMessage(withParams({ update: { events: { new_note: null } } })).ok, false);
  });

  it('refuses bad request ids and scope ids', () => {
    for (const id of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 31, '1']) {
      assert.equal(parsePageMessage(request('load', { scope: { kind: 'global' } }, id)).ok, false, String(id));
    }
    for (const scope of [{ kind: 'global', id: 1 }, { kind: 'group' }, { kind: 'group', id: 0 }, { kind: 'group', id: 'a b' },
      { kind: 'group', id: '../x' }, { kind: 'user', id: 1 }, { kind: 'project', id: 'x'.repeat(256) }]) {
      assert.equal(parsePageMessage(request('load', { scope })).ok, false, JSON.stringify(scope));
    }
    // Global has nothing above it to ask about.
    assert.equal(parsePageMessage(request('levelChain', { scope: { kind: 'global' } })).ok, false);
  });

  it('refuses oversized input', () => {
    const events: Record<string, boolean> = {};
    for (let index = 0; index < 200; index++) events[`key_${index}`] = true;
    assert.equal(parsePageMessage(withParams({ update: { events } })).ok, false);
    const many = Array.from({ length: 501 }, (_, index) => ({ kind: 'project', id: index + 1 }));
    assert.equal(parsePageMessage(request('bulkApply', { scopes: many, level: 'watch' })).ok, false);
    assert.equal(parsePageMessage(request('bulkApply', { scopes: [], level: 'watch' })).ok, false);
    assert.equal(parsePageMessage(withParams({ update: { notification_email: 'x'.repeat(400) } })).ok, false);
  });

  it('ends a snooze only of a well-formed scope, and asks nothing else of it', () => {
    assert.deepEqual(parsePageMessage(request('endSnooze', { scope: { kind: 'group', id: '../x' } })),
      { ok: false, reason: 'params.scope.id: expected a positive integer or a path' });
    assert.equal(parsePageMessage(request('endSnooze', {})).ok, false);
    assert.equal(parsePageMessage(request('endSnooze', { scope: { kind: 'global' }, until: 0 })).ok, false);
    assert.equal(parsePageMessage(request('endSnooze', { scope: { kind: 'global', id: 1 } })).ok, false);
  });

  it('refuses global scope in a bulk change', () => {
    assert.equal(parsePageMessage(request('bulkApply', { scopes: [{ kind: 'global' }], level: 'watch' })).ok, false);
  });

  it('accepts arbitrary well-formed settings with nulls and unknown keys (property)', () => {
    const setting = fc.record({
      level: fc.constantFrom('global', 'watch', 'custom', 'disabled', 'some_new_level'),
      events: fc.dictionary(fc.stringMatching(/^[a-z][a-z0-9_]{0,20}$/).filter((key) => !RESERVED_REQUEST_PARAMETERS.has(key)),
        fc.constantFrom(true, false, null), { maxKeys: 30 }),
    });
    fc.assert(fc.property(setting, fc.integer({ min: 1, max: 2 ** 31 - 1 }), (baseline, id) => {
      // as postMessage delivers it: plain JSON objects
      const message = JSON.parse(JSON.stringify(request('save', { scope: { kind: 'group', id: 3 }, baseline, update: {} }, id))) as unknown;
      const result = parsePageMessage(message);
      assert.ok(result.ok, result.ok ? '' : result.reason);
      assert.deepEqual(result.value, message);
    }));
  });
});

describe('settings persisted state validator', () => {
  it('reads back what the webview saved', () => {
    const result = parsePersistedState(structuredClone(persistedSample));
    assert.ok(result.ok);
    assert.deepEqual(result.value, persistedSample);
  });

  it('refuses other versions, mismatched keys and garbage, never throwing (property)', () => {
    assert.equal(parsePersistedState({ ...persistedSample, version: 2 }).ok, false);
    assert.equal(parsePersistedState({ ...persistedSample, forms: [{ ...persistedSample.forms[0], key: 'global' }] }).ok, false);
    // Arbitrary JSON is never a saved state (one would need version 1 and every list in its place).
    fc.assert(fc.property(fc.jsonValue(), (value) => {
      assert.equal(parsePersistedState(value).ok, false, JSON.stringify(value));
    }), { numRuns: 1000 });
  });

  it('refuses a saved state with any one field of the wrong type, however deep (property)', () => {
    refusesAnyWrongField(parsePersistedState, [persistedSample], 1000);
  });
});
