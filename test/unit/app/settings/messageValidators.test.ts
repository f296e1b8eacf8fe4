import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { parseHostMessage, parsePersistedState, parseWebviewMessage } from '../../../../src/app/settings/messageValidators';
import type { HostMessage, PersistedState, WebviewMessage } from '../../../../src/app/settings/protocol';
import { webviewStrings } from '../../../../src/app/settings/strings';
import { levelInfos } from '../../../../src/app/settings/levels';
import { eventLabels } from '../../../../src/app/settings/eventLabels';
import { formatMessage } from '../../../../src/app/localize';

const customSetting = { level: 'custom', events: { new_note: true, new_issue: null, some_future_key: false } };

const webviewSamples: WebviewMessage[] = [
  { type: 'ready' },
  { type: 'refreshScopes' },
  { type: 'signIn' },
  { type: 'loadScope', requestId: 1, scope: { kind: 'global' } },
  { type: 'loadScope', requestId: 7, scope: { kind: 'project', id: 'group/sub/project' } },
  { type: 'save', requestId: 2, scope: { kind: 'group', id: 5 }, baseline: customSetting, update: { level: 'custom', events: { new_issue: true } } },
  { type: 'save', requestId: 3, scope: { kind: 'global' }, baseline: { level: 'participating', notification_email: 'me@x.org' }, update: { notification_email: '' } },
  { type: 'resolveConflict', requestId: 4, scope: { kind: 'project', id: 8 }, choice: 'overwrite', baseline: { level: 'watch' }, update: { level: 'disabled' } },
  { type: 'resolveConflict', requestId: 5, scope: { kind: 'project', id: 8 }, choice: 'theirs' },
  { type: 'addScope', requestId: 6, kind: 'group', ref: 'parent/child' },
  { type: 'addScope', requestId: 8, kind: 'project', ref: 42 },
  { type: 'bulkApply', requestId: 9, scopes: [{ kind: 'group', id: 5 }, { kind: 'project', id: 'a/b' }], level: 'disabled' },
  { type: 'cancelBulk', requestId: 9 },
];

const scopes = {
  entries: [
    { key: 'global', scope: { kind: 'global' as const }, label: 'Global', origin: 'global' as const },
    { key: 'group:5', scope: { kind: 'group' as const, id: 5 }, label: 'Parent / Child', detail: 'parent/child', origin: 'member' as const },
  ],
  groupsOffered: false,
};

const hostSamples: HostMessage[] = [
  {
    type: 'state', strings: webviewStrings(formatMessage), levels: levelInfos(formatMessage), eventLabels: eventLabels(formatMessage),
    scopes, focusKey: 'group:5',
    bulk: { requestId: 3, level: 'watch', done: false, items: [{ key: 'group:5', scope: { kind: 'group', id: 5 }, status: 'running' }] },
    restored: { version: 1, forms: [], conflicts: [], bulkSelection: [] },
  },
  { type: 'scopes', scopes: { ...scopes, groupsError: { kind: 'forbidden', message: 'no', action: 'signIn' }, groupsLoading: true } },
  { type: 'focusScope', key: 'project:a/b' },
  { type: 'scopeLoaded', requestId: 1, key: 'group:5', setting: customSetting },
  { type: 'settingChanged', key: 'global', setting: { level: 'disabled', notification_email: 'a@b' } },
  { type: 'inherited', key: 'project:42', inherited: { level: 'watch', from: 'group', path: 'acme/platform' } },
  { type: 'inherited', key: 'group:5', inherited: { level: 'super_loud', from: 'global' } },
  { type: 'saveResult', requestId: 2, key: 'global', result: { outcome: 'saved', setting: { level: 'watch' }, alreadyApplied: false } },
  { type: 'saveResult', requestId: 2, key: 'global', result: { outcome: 'conflict', server: { level: 'watch' } } },
  { type: 'saveResult', requestId: 2, key: 'global', result: { outcome: 'failed', error: { kind: 'validation', message: 'must be verified', field: 'notification_email' }, server: { level: 'watch' } } },
  { type: 'scopeAdded', requestId: 4, entry: { key: 'project:9', scope: { kind: 'project', id: 9 }, label: 'P', origin: 'added' } },
  { type: 'error', requestId: 5, error: { kind: 'network', message: 'Could not reach GitLab', action: 'retry' } },
  { type: 'bulkProgress', requestId: 6, item: { key: 'project:9', scope: { kind: 'project', id: 9 }, status: 'changed', previousLevel: 'global', level: 'disabled' } },
  { type: 'bulkDone', requestId: 6, items: [{ key: 'project:9', scope: { kind: 'project', id: 9 }, status: 'failed', error: { kind: 'forbidden', message: 'x' } }] },
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

function checkValidator(
  name: string, parse: (value: unknown) => { ok: boolean; value?: unknown; reason?: string }, samples: readonly object[],
  knownTypes: readonly string[],
): void {
  describe(name, () => {
    it('accepts every well-formed message and returns an equal copy', () => {
      for (const sample of samples) {
        const result = parse(structuredClone(sample));
        assert.ok(result.ok, `${JSON.stringify(sample)}: ${result.reason}`);
        assert.deepEqual(result.value, sample);
      }
    });

    it('never throws, and arbitrary JSON passes only unchanged and with a known type (property)', () => {
      fc.assert(fc.property(fc.jsonValue(), (value) => {
        const result = parse(value);
        if (result.ok) {
          assert.deepEqual(result.value, value, 'nothing coerced or dropped');
          assert.ok(knownTypes.includes((result.value as { type: string }).type));
        }
      }), { numRuns: 2000 });
    });

    it('never throws on any value at all, JSON or not (property)', () => {
      fc.assert(fc.property(fc.anything({ withBigInt: true, withDate: true, withMap: true, withSet: true, withTypedArray: true, withNullPrototype: true }), (value) => {
        const result = parse(value);
        assert.equal(typeof result.ok, 'boolean');
      }), { numRuns: 1000 });
    });

    it('refuses a well-formed message with any one field of the wrong type (property)', () => {
      const cases = samples.flatMap((sample) => paths(sample as Json).map((path) => ({ sample, path })))
        .filter(({ path }) => path[0] !== 'type');
      fc.assert(fc.property(fc.constantFrom(...cases).chain(({ sample, path }) => {
        let original: unknown = sample;
        for (const step of path) original = (original as Record<string | number, unknown>)[step];
        return wrongValue(original, path).map((replacement) => ({ message: setAt(sample as Json, path, replacement), path }));
      }), ({ message, path }) => {
        const result = parse(message);
        assert.equal(result.ok, false, `accepted a wrong ${path.join('.')}: ${JSON.stringify(message)}`);
      }), { numRuns: 1500 });
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

checkValidator('settings protocol: webview → host validator', parseWebviewMessage, webviewSamples,
  ['ready', 'loadScope', 'save', 'resolveConflict', 'addScope', 'refreshScopes', 'bulkApply', 'cancelBulk', 'signIn']);
checkValidator('settings protocol: host → webview validator', parseHostMessage, hostSamples,
  ['state', 'scopes', 'focusScope', 'scopeLoaded', 'settingChanged', 'inherited', 'saveResult', 'scopeAdded', 'error', 'bulkProgress', 'bulkDone']);

describe('settings protocol: specific refusals', () => {
  const save = webviewSamples[5] as Extract<WebviewMessage, { type: 'save' }>;

  it('refuses event keys that are not snake_case names, prototype keys included', () => {
    for (const key of ['__proto__', 'Constructor', 'new-note', 'a b', '', '1abc', 'x'.repeat(65)]) {
      const baseline = JSON.parse(`{"level":"custom","events":{${JSON.stringify(key)}:true}}`) as unknown;
      assert.equal(parseWebviewMessage({ ...save, baseline }).ok, false, key);
    }
    // "constructor" is a valid-looking key: it is accepted as a plain own field, never as the prototype's
    const parsed = parseWebviewMessage({ ...save, update: { events: JSON.parse('{"constructor":true}') as unknown } });
    assert.ok(parsed.ok);
    assert.equal(Object.getPrototypeOf((parsed.value as typeof save).update.events), Object.prototype);
  });

  it('refuses a level to send that GitLab does not know, but reads unknown levels in settings', () => {
    assert.equal(parseWebviewMessage({ ...save, update: { level: 'everything' } }).ok, false);
    assert.ok(parseWebviewMessage({ ...save, baseline: { level: 'digest' } }).ok);
    assert.equal(parseWebviewMessage({ ...save, baseline: { level: 'Digest!' } }).ok, false);
  });

  it('refuses event values other than true, false and null, and sending null', () => {
    assert.equal(parseWebviewMessage({ ...save, baseline: { level: 'custom', events: { new_note: 'yes' } } }).ok, false);
    assert.equal(parseWebviewMessage({ ...save, update: { events: { new_note: null } } }).ok, false);
  });

  it('refuses bad request ids and scope ids', () => {
    for (const requestId of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 31, '1']) {
      assert.equal(parseWebviewMessage({ type: 'loadScope', requestId, scope: { kind: 'global' } }).ok, false, String(requestId));
    }
    for (const scope of [{ kind: 'global', id: 1 }, { kind: 'group' }, { kind: 'group', id: 0 }, { kind: 'group', id: 'a b' },
      { kind: 'group', id: '../x' }, { kind: 'user', id: 1 }, { kind: 'project', id: 'x'.repeat(256) }]) {
      assert.equal(parseWebviewMessage({ type: 'loadScope', requestId: 1, scope }).ok, false, JSON.stringify(scope));
    }
  });

  it('refuses oversized input', () => {
    const events: Record<string, boolean> = {};
    for (let index = 0; index < 200; index++) events[`key_${index}`] = true;
    assert.equal(parseWebviewMessage({ ...save, update: { events } }).ok, false);
    const many = Array.from({ length: 501 }, (_, index) => ({ kind: 'project', id: index + 1 }));
    assert.equal(parseWebviewMessage({ type: 'bulkApply', requestId: 1, scopes: many, level: 'watch' }).ok, false);
    assert.equal(parseWebviewMessage({ type: 'bulkApply', requestId: 1, scopes: [], level: 'watch' }).ok, false);
    assert.equal(parseWebviewMessage({ ...save, update: { notification_email: 'x'.repeat(400) } }).ok, false);
  });

  it('refuses global scope in a bulk change', () => {
    assert.equal(parseWebviewMessage({ type: 'bulkApply', requestId: 1, scopes: [{ kind: 'global' }], level: 'watch' }).ok, false);
  });

  it('refuses entries whose key does not name their scope', () => {
    const entry = { key: 'group:6', scope: { kind: 'group', id: 5 }, label: 'x', origin: 'member' };
    assert.equal(parseHostMessage({ type: 'scopeAdded', requestId: 1, entry }).ok, false);
  });

  it('refuses an inheritance line whose group is not a path, or a global one with a path', () => {
    const message = (inherited: unknown) => ({ type: 'inherited', key: 'project:42', inherited });
    for (const path of ['<img src=x onerror=alert(1)>', '', '../x', 'a//b', 'x'.repeat(300), 5]) {
      assert.equal(parseHostMessage(message({ level: 'watch', from: 'group', path })).ok, false, String(path));
    }
    assert.equal(parseHostMessage(message({ level: 'watch', from: 'group' })).ok, false);
    assert.equal(parseHostMessage(message({ level: 'watch', from: 'global', path: 'acme' })).ok, false);
    assert.equal(parseHostMessage(message({ level: 'watch', from: 'project', path: 'acme/x' })).ok, false);
    assert.equal(parseHostMessage(message({ level: '<b>', from: 'global' })).ok, false);
  });

  it('refuses a save result with the fields of another outcome', () => {
    assert.equal(parseHostMessage({ type: 'saveResult', requestId: 1, key: 'global', result: { outcome: 'saved', server: { level: 'watch' } } }).ok, false);
    assert.equal(parseHostMessage({ type: 'saveResult', requestId: 1, key: 'global', result: { outcome: 'conflict', server: { level: 'watch' }, setting: { level: 'x' } } }).ok, false);
  });

  it('requires every string of the state message', () => {
    const state = structuredClone(hostSamples[0]) as Extract<HostMessage, { type: 'state' }>;
    delete (state.strings as Partial<typeof state.strings>).saveButton;
    assert.equal(parseHostMessage(state).ok, false);
  });

  it('accepts arbitrary well-formed settings with nulls and unknown keys (property)', () => {
    const setting = fc.record({
      level: fc.constantFrom('global', 'watch', 'custom', 'disabled', 'some_new_level'),
      events: fc.dictionary(fc.stringMatching(/^[a-z][a-z0-9_]{0,20}$/), fc.constantFrom(true, false, null), { maxKeys: 30 }),
    });
    fc.assert(fc.property(setting, fc.integer({ min: 1, max: 2 ** 31 - 1 }), (baseline, requestId) => {
      // as postMessage delivers it: plain JSON objects
      const message = JSON.parse(JSON.stringify({ type: 'save', requestId, scope: { kind: 'group', id: 3 }, baseline, update: {} })) as unknown;
      const result = parseWebviewMessage(message);
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
    fc.assert(fc.property(fc.jsonValue(), (value) => {
      const result = parsePersistedState(value);
      if (result.ok) assert.deepEqual(result.value, value);
    }), { numRuns: 1000 });
  });
});
