import fc from 'fast-check';
import { EVENT_ACTIONS, EVENT_TARGET_TYPES, NOTIFICATION_LEVELS } from '../../../src/gitlab';
import type { BodyShape } from './endpoints';

/** Generators of hostile and near-valid input for the property tests. */

/** Mostly a value of the right type, sometimes any JSON at all. */
export function loose<T>(valid: fc.Arbitrary<T>): fc.Arbitrary<T | fc.JsonValue> {
  return fc.oneof({ weight: 4, arbitrary: valid }, { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) });
}

/** Strings of any UTF-16 code units: lone surrogates and control characters included. */
export const anyCodeUnits = fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)), maxLength: 24 });

/** Strings made of the characters that mean something in a URL. */
export const urlish = fc.string({
  unit: fc.constantFrom('a', 'Z', '0', '.', '/', '?', '#', '%', '&', '=', '+', ' ', '-', '_', '~', ';', '@', ':', '\\', 'é', '😀', '\t'),
  maxLength: 24,
});

const TRICKY_IDS = [
  '..', '.', ' .. ', '../user', 'a/../../b', '%2e%2e', '%2F', '..%2f', '?private_token=x', '#x', 'x&per_page=1', 'a\u0000b',
  '\t', '  ', '\uD800', 'a\uDC00b', 'sam.taylor', 'acme/platform/billing', '.well-known', '/absolute', '//evil.example/x',
  'http://evil.example/', '1 OR 1=1', '%00', 'a%3Fb', 'ü/ö', '0', '-1', 'NaN',
];

/** IDs, full paths and usernames as settings, remotes or a person may give them. */
export const anyId: fc.Arbitrary<string | number> = fc.oneof(
  anyCodeUnits, urlish, fc.constantFrom(...TRICKY_IDS), fc.integer(), fc.double(),
  fc.stringMatching(/^[A-Za-z0-9_][A-Za-z0-9_.+-]{0,12}(\/[A-Za-z0-9_][A-Za-z0-9_.+-]{0,8}){0,3}$/),
);

const validDate = fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2035-12-31T00:00:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));

const dateValue = fc.oneof(
  { weight: 4, arbitrary: validDate },
  { weight: 2, arbitrary: fc.stringMatching(/^\d{4}-\d{2}-\d{2}$/) },
  { weight: 1, arbitrary: fc.constantFrom('2024-02-30', '2023-02-29', '2024-02-29', '24-01-01', '2024-1-01', '2024-01-01T00:00:00Z', ' 2024-01-01', '2024-13-01', '0000-01-01', '') },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 1 }) },
);

function choice(valid: readonly string[]): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...valid) },
    { weight: 1, arbitrary: fc.constantFrom(...valid).map((v) => v.toUpperCase()) },
    { weight: 1, arbitrary: fc.constantFrom('', ' ', 'all', 'Issue', 'MergeRequest', 'closed ', null, 0, true, [], {}) },
    { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
  );
}

/** Objects that are not JSON-shaped in ways `String()` trips over. */
const oddValues = fc.constantFrom<unknown>(
  { toString: 5 }, { toString: () => 'closed' }, Object.create(null) as object, ['closed'], Symbol('closed'), 10n, new Date(0),
);

/** Filters a person can set: every part valid on its own (the two dates may still be the wrong way round). */
const plausibleFilter = fc.record({
  action: fc.constantFrom(...EVENT_ACTIONS), target_type: fc.constantFrom(...EVENT_TARGET_TYPES), before: validDate,
  after: validDate, sort: fc.constantFrom('asc', 'desc'),
}, { requiredKeys: [] });

/** Filters as arbitrary objects: known keys with good and bad values, plus unknown keys that must never be sent. */
export const anyFilter: fc.Arbitrary<Record<string, unknown>> = fc.tuple(
  fc.oneof({ weight: 2, arbitrary: plausibleFilter }, { weight: 3, arbitrary: fc.record({
    action: fc.oneof({ weight: 6, arbitrary: choice(EVENT_ACTIONS) }, { weight: 1, arbitrary: oddValues }),
    target_type: fc.oneof({ weight: 6, arbitrary: choice(EVENT_TARGET_TYPES) }, { weight: 1, arbitrary: oddValues }),
    before: fc.oneof({ weight: 6, arbitrary: dateValue }, { weight: 1, arbitrary: oddValues }),
    after: fc.oneof({ weight: 6, arbitrary: dateValue }, { weight: 1, arbitrary: oddValues }),
    sort: fc.oneof({ weight: 6, arbitrary: choice(['asc', 'desc']) }, { weight: 1, arbitrary: oddValues }),
  }, { requiredKeys: [] }) }),
  fc.oneof(
    { weight: 3, arbitrary: fc.constant({}) },
    { weight: 1, arbitrary: fc.dictionary(fc.constantFrom('scope', 'private_token', 'page', 'per_page', 'target_id', 'author_id', 'x'), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }) },
  ),
).map(([known, extra]) => ({ ...extra, ...known }));

// ---- response bodies ----------------------------------------------------------------------------------------------

const maybeNull = <T>(arb: fc.Arbitrary<T>): fc.Arbitrary<T | null> => fc.option(arb, { nil: null });

const userLike = fc.record({
  id: loose(fc.nat()), username: loose(fc.string({ maxLength: 10 })), name: loose(fc.string({ maxLength: 10 })),
  web_url: loose(fc.webUrl()), avatar_url: loose(maybeNull(fc.webUrl())), state: loose(fc.constantFrom('active', 'blocked')),
}, { requiredKeys: [] });

const noteLike = fc.record({
  id: loose(fc.nat()), body: loose(fc.string({ maxLength: 20 })), author: loose(userLike),
  noteable_type: loose(maybeNull(fc.constantFrom('Issue', 'MergeRequest', 'Commit'))), noteable_iid: loose(maybeNull(fc.nat())),
  commit_id: loose(maybeNull(fc.stringMatching(/^[0-9a-f]{0,8}$/))), type: loose(maybeNull(fc.constantFrom('DiffNote', 'DiscussionNote'))),
}, { requiredKeys: [] });

const pushLike = fc.record({
  commit_count: loose(fc.nat()), action: loose(fc.constantFrom('pushed', 'created', 'removed')), ref_type: loose(fc.constantFrom('branch', 'tag')),
  commit_from: loose(maybeNull(fc.stringMatching(/^[0-9a-f]{0,40}$/))), commit_to: loose(maybeNull(fc.stringMatching(/^[0-9a-f]{0,40}$/))), ref: loose(maybeNull(fc.string({ maxLength: 8 }))),
  commit_title: loose(maybeNull(fc.string({ maxLength: 8 }))),
}, { requiredKeys: [] });

const eventLike = fc.record({
  id: loose(fc.nat()), project_id: loose(maybeNull(fc.nat())),
  action_name: loose(fc.constantFrom('opened', 'closed', 'pushed to', 'commented on', 'teleported')),
  target_id: loose(maybeNull(fc.nat())), target_iid: loose(maybeNull(fc.nat())),
  target_type: loose(maybeNull(fc.constantFrom('Issue', 'MergeRequest', 'Note', 'DiffNote', 'Hologram'))),
  target_title: loose(maybeNull(fc.string({ maxLength: 12 }))), author_id: loose(fc.nat()), author: loose(userLike),
  author_username: loose(maybeNull(fc.string({ maxLength: 8 }))), created_at: loose(fc.constant('2026-01-01T00:00:00.000Z')),
  note: loose(noteLike), push_data: loose(pushLike),
}, { requiredKeys: ['action_name'] });

const settingLike = fc.record({
  level: loose(fc.constantFrom(...NOTIFICATION_LEVELS, 'digest', 'Loud!', '')),
  events: loose(fc.dictionary(
    fc.oneof(fc.stringMatching(/^[a-z][a-z0-9_]{0,12}$/), fc.constantFrom('__proto__', 'constructor', 'New-Note', '')),
    loose(maybeNull(fc.boolean())), { maxKeys: 6 })),
  notification_email: loose(fc.oneof(fc.emailAddress(), fc.string({ maxLength: 400 }))),
}, { requiredKeys: ['level'] });

const projectLike = fc.record({
  id: loose(fc.nat()), name: loose(fc.string({ maxLength: 10 })), path_with_namespace: loose(fc.string({ maxLength: 20 })),
  web_url: loose(fc.webUrl()), name_with_namespace: loose(fc.string({ maxLength: 20 })),
}, { requiredKeys: [] });

const groupLike = fc.record({
  id: loose(fc.nat()), name: loose(fc.string({ maxLength: 10 })), full_path: loose(fc.string({ maxLength: 20 })),
  web_url: loose(fc.webUrl()), full_name: loose(fc.string({ maxLength: 20 })),
}, { requiredKeys: [] });

const NEAR_VALID: Record<BodyShape, fc.Arbitrary<unknown>> = {
  setting: settingLike,
  events: fc.array(eventLike, { maxLength: 4 }),
  user: userLike,
  project: projectLike,
  projects: fc.array(projectLike, { maxLength: 3 }),
  groups: fc.array(groupLike, { maxLength: 3 }),
};

const HOSTILE_BODIES = [
  '', ' ', 'null', '[]', '{}', '"text"', '0', '\uFEFF[]', '[', '{"level":', '[[[[]]]]', `${'['.repeat(20_000)}${']'.repeat(20_000)}`,
  '{"__proto__":{"polluted":true},"level":"watch"}', '[{"__proto__":{"polluted":true},"action_name":"x","created_at":"y"}]',
  '{"constructor":{"prototype":{"polluted":true}},"level":"watch"}', '<html><body>Sign in</body></html>',
];

/** A response body text for an endpoint answering `shape`: near-valid JSON, any JSON, hostile text. */
export function anyBody(shape: BodyShape): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: NEAR_VALID[shape].map((value) => JSON.stringify(value)) },
    { weight: 2, arbitrary: fc.jsonValue().map((value) => JSON.stringify(value)) },
    { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_BODIES) },
    { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
  );
}

// ---- webview messages ---------------------------------------------------------------------------------------------

const requestId = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 1, max: 2 ** 31 - 1 }) },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(0, -1, 1.5, 2 ** 31, Number.NaN, Number.POSITIVE_INFINITY, '1', null) },
);

const scopeId = fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }) },
  { weight: 3, arbitrary: fc.stringMatching(/^[A-Za-z0-9_][A-Za-z0-9_.+-]{0,10}(\/[A-Za-z0-9_][A-Za-z0-9_.+-]{0,6}){0,3}$/) },
  { weight: 2, arbitrary: fc.constantFrom<unknown>(0, -3, 1.5, 2 ** 53, '', '../x', 'a b', 'x'.repeat(256), 'x'.repeat(255), '/a', 'a/', 'a//b', '-1', '.x', 'a/.b', 'a\u0000', 'ü') },
  { weight: 1, arbitrary: urlish },
);

const scope = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: loose(fc.constantFrom('global', 'group', 'project')), id: loose(scopeId) }, { requiredKeys: [] }) },
  { weight: 2, arbitrary: fc.constant({ kind: 'global' }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constantFrom('group', 'project', 'user'), id: scopeId, extra: fc.jsonValue({ maxDepth: 1 }) }) },
);

const eventKey = fc.oneof(
  { weight: 6, arbitrary: fc.stringMatching(/^[a-z][a-z0-9_]{0,12}$/) },
  { weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor', 'toString', 'New_note', 'a-b', '', '1abc', 'x'.repeat(64), 'x'.repeat(65)) },
  { weight: 1, arbitrary: fc.constantFrom('sudo', 'private_token', 'level', 'notification_email', 'id', 'page', 'format') },
);

const levelName = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...NOTIFICATION_LEVELS) },
  { weight: 1, arbitrary: fc.constantFrom('digest', 'some_new_level', 'Loud!', '', 'x'.repeat(32), 'x'.repeat(33), '_x') },
);

const email = fc.oneof(fc.emailAddress(), fc.constantFrom('', 'x'.repeat(320), 'x'.repeat(321)));

const baseline = fc.record({
  level: loose(levelName),
  events: loose(fc.dictionary(eventKey, loose(maybeNull(fc.boolean())), { maxKeys: 5 })),
  notification_email: loose(email),
}, { requiredKeys: ['level'] });

const update = fc.record({
  level: loose(levelName),
  events: loose(fc.dictionary(eventKey, loose(fc.boolean()), { maxKeys: 5 })),
  notification_email: loose(email),
}, { requiredKeys: [] });

const extraField = fc.oneof(
  { weight: 8, arbitrary: fc.constant({}) },
  { weight: 1, arbitrary: fc.dictionary(fc.constantFrom('extra', 'token', 'constructor', 'scopes'), fc.jsonValue({ maxDepth: 1 }), { minKeys: 1, maxKeys: 1 }) },
);

function message(type: string, fields: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<Record<string, unknown>> {
  return fc.tuple(
    fc.oneof({ weight: 6, arbitrary: fc.record(fields) }, { weight: 1, arbitrary: fc.record(fields, { requiredKeys: [] }) }),
    extraField,
    fc.oneof({ weight: 12, arbitrary: fc.constant(type) }, { weight: 1, arbitrary: fc.constantFrom<unknown>('Save', 'deleteEverything', '', 1, null) }),
  ).map(([body, extra, actualType]) => ({ ...extra, ...body, type: actualType }));
}

/** Messages a webview might post: every type of the protocol, mostly well-formed, with one thing or another wrong. */
/** A request of the page: a known method, mostly well-formed params, sometimes a wrong method or shape. */
function request(method: string, params: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<Record<string, unknown>> {
  const body = fc.tuple(
    fc.oneof({ weight: 6, arbitrary: fc.record(params) }, { weight: 1, arbitrary: fc.record(params, { requiredKeys: [] }) }),
    extraField,
  ).map(([fields, extra]) => ({ ...extra, ...fields }));
  return message('request', {
    id: requestId,
    method: fc.oneof({ weight: 12, arbitrary: fc.constant(method) }, { weight: 1, arbitrary: fc.constantFrom<unknown>('loadScope', 'constructor', '', 1, null) }),
    params: fc.oneof({ weight: 12, arbitrary: body }, { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 1 }) }),
  });
}

export const anyWebviewMessage: fc.Arbitrary<unknown> = fc.oneof(
  message('ready', {}),
  message('refreshScopes', {}),
  message('signIn', {}),
  message('cancelBulk', {}),
  request('load', { scope }),
  request('save', { scope, baseline, update }),
  request('addScope', { kind: loose(fc.constantFrom('group', 'project', 'global')), ref: scopeId }),
  request('levelChain', { scope }),
  request('bulkApply', {
    scopes: fc.oneof(
      { weight: 6, arbitrary: fc.array(scope, { maxLength: 3 }) },
      { weight: 1, arbitrary: fc.constant(Array.from({ length: 501 }, (_, index) => ({ kind: 'project', id: index + 1 }))) },
      { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 1 }) },
    ),
    level: loose(levelName),
  }),
  request('endSnooze', { scope }),
);
