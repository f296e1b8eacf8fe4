/**
 * The one description of the messages between the settings page and the host. What crosses a trust boundary is
 * described once, by the valibot schemas at the end of this file, and its types come from them: messages from the page
 * (`PageMessage`, `parsePageMessage`) and the page state VS Code keeps over a reload (`PersistedState`,
 * `parsePersistedState`). What the host sends is only typed: the page trusts its host. The token travels in none.
 */
import * as v from 'valibot';
import type { GitLabErrorKind } from '../../../gitlab/errors';
import {
  EVENT_KEY_PATTERN, isEventKeyName, NOTIFICATION_LEVELS, type NotificationLevel, type NotificationSetting,
} from '../../../gitlab/types';
import type { LevelLink } from './levelChain';
import type { ReplyMessage, RequestMessage } from './rpc';
import { isValidScopeId, scopeKey, type EntityScopeRef, type ScopeRef } from './scopes';

/**
 * A scope as every surface names it (the settings editor, snooze, export, the import's preview and report, "Why am I
 * notified?"): `label` is the name GitLab gives ("Acme / Website", a group's full name), or its path or ID where that is
 * all that is known; `detail` is shown beside it.
 */
export interface ScopeEntry {
  key: string;
  scope: ScopeRef;
  label: string;
  /** Shown beside the label: the full path when known and different from the label (for Global, what it is). */
  detail?: string;
  /** Full path, when known (whether or not it is shown). */
  path?: string;
  origin: 'global' | 'member' | 'workspace' | 'added';
}

export interface ScopeListState {
  entries: ScopeEntry[];
  /** False when the server does not offer `GET /groups` (it answered 404): only groups added by hand are listed. */
  groupsOffered: boolean;
  groupsError?: ErrorInfo;
  /** The user's groups are still being fetched; a `scopes` message follows. */
  groupsLoading?: boolean;
}

/** A failure as the user reads it; every rejected request carries one. `message` is always inserted as text. */
export interface ErrorInfo {
  kind: GitLabErrorKind | 'signedOut' | 'invalidInput' | 'unexpected' | 'conflict';
  message: string;
  field?: 'notification_email' | 'level' | 'ref';
  action?: 'signIn' | 'retry';
  /** The setting as GitLab has it now: the other side of a `conflict`, or what a refused save still applied. */
  server?: NotificationSetting;
}

export interface BulkItemReport {
  key: string;
  scope: EntityScopeRef;
  status: 'queued' | 'running' | 'changed' | 'unchanged' | 'failed' | 'cancelled';
  previousLevel?: string;
  /** Level after the change, as GitLab answered. */
  level?: string;
  error?: ErrorInfo;
}

/** A bulk run as the host has it; sent on every step, and again to a page that comes back. */
export interface BulkSnapshot {
  level: NotificationLevel;
  items: BulkItemReport[];
  done: boolean;
}

/**
 * A snooze of the instance in use, as the page shows it on its scope: "Snoozed until Fri 27 Nov 14:00 (was On
 * mention)", with End Snooze. `scope` is the snooze's own (by ID or path: the page matches it to its list's entry).
 */
export interface SnoozeNote {
  scope: ScopeRef;
  /** The end as the status bar shows it: `14:00` today, `Fri 27 Nov 14:00` on another day. */
  until: string;
  /** The level the end gives back. */
  previousLevel: string;
}

export type HostMessage =
  | {
    /** VS Code's translations for the display language (none in English): the page localizes its own text. */
    type: 'state'; l10n?: Record<string, string>; scopes: ScopeListState; focusKey?: string; bulk?: BulkSnapshot;
    /** The page state the panel serializer got after a window reload, for a page that lost it. */
    restored?: PersistedState;
    snoozes?: SnoozeNote[];
  }
  | { type: 'scopes'; scopes: ScopeListState }
  /** Every snooze now, whenever one starts or ends. */
  | { type: 'snoozes'; snoozes: SnoozeNote[] }
  | { type: 'focusScope'; key: string }
  /** A scope's setting changed or was found changed (by anyone): forms without edits follow it. */
  | { type: 'settingChanged'; key: string; setting: NotificationSetting }
  | { type: 'bulk'; bulk: BulkSnapshot }
  | ReplyMessage;

// ---- what comes in: one valibot description per message; it builds fresh values, and the types come from it ------

/** Limits shared with the host's cleaning of server data (what it sends, the page may send back). */
export const LEVEL_PATTERN = /^[a-z][a-z0-9_]{0,31}$/;
export const MAX_EVENT_KEYS = 128;
export const MAX_EMAIL_LENGTH = 320;
const MAX_SCOPES = 500;
const KEY_PATTERN = /^(global|(group|project):[A-Za-z0-9_][A-Za-z0-9_.+\-/]{0,254})$/;

export type Validated<T> = { ok: true; value: T } | { ok: false; reason: string };
type Message = (issue: v.BaseIssue<unknown>) => string;

/** An object as JSON makes it. Valibot's objects read inherited fields too, so a prototype must not count. */
export const plain = (message = 'expected an object') => v.custom<Record<string, unknown>>((value) => {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}, message);

/** An object with exactly these fields (optional ones may be left out). */
export const fields = <E extends v.ObjectEntries>(entries: E) => v.pipe(plain(), v.strictObject(entries));

/**
 * Event switches by key: keys like GitLab's, at most `MAX_EVENT_KEYS`. Read through a Map, not `v.record`, which
 * skips `__proto__`, `constructor` and `prototype` keys unsaid: here every key is checked, and kept. A key must be
 * one an event can have (`isEventKeyName`: none of GitLab's request parameters, which the host would send in the
 * PUT); `shapeOnly` asks only for the shape, for a profile, whose reserved keys are named and left out by the import.
 */
export const switches = <S extends v.GenericSchema>(
  value: S, options: { object?: string; size?: string; key?: Message; shapeOnly?: boolean } = {},
) => v.pipe(
  plain(options.object),
  v.transform((input) => new Map(Object.entries(input))),
  v.maxSize(MAX_EVENT_KEYS, options.size ?? 'too many entries'),
  v.map(v.pipe(v.string(), options.shapeOnly ? v.regex(EVENT_KEY_PATTERN, options.key ?? 'a key is not in the expected form')
    : v.check(isEventKeyName, options.key ?? 'a key is not in the expected form')), value),
  v.transform((map) => Object.fromEntries(map) as Record<string, v.InferOutput<S>>),
);

/** A switch as GitLab sends it: true, false or null (default). */
export const switchValue = (message: string | Message = 'expected true, false or null') => v.nullable(v.boolean(message));
const scopeId = v.custom<string | number>(isValidScopeId, 'expected a positive integer or a path');
const entity = { kind: v.picklist(['group', 'project']), id: scopeId };
const entityScope = fields(entity);
/** Global has no id: `{ kind: 'global', id }` is refused for its extra field. */
export const scope = v.pipe(plain(), v.variant('kind', [v.strictObject({ kind: v.literal('global') }), v.strictObject(entity)]));
/** A scope from outside (a command's argument): only a well-formed one is accepted. */
export const isScopeRef = (value: unknown): value is ScopeRef => v.is(scope, value);

const text = (max: number, pattern = /^/) => v.pipe(v.string(), v.maxLength(max), v.regex(pattern));
const key = text(300, KEY_PATTERN);
const level = text(32, LEVEL_PATTERN);
const knownLevel = v.picklist(NOTIFICATION_LEVELS);
const email = text(MAX_EMAIL_LENGTH);
/** At most `MAX_SCOPES` items, counted before any is read. */
const list = <S extends v.GenericSchema>(item: S, min = 0) => v.pipe(v.array(v.unknown()), v.maxLength(MAX_SCOPES), v.minLength(min), v.array(item));

/** A setting as GitLab sent it: an unknown level is kept (the form shows it), switches are true, false or null. */
const setting = fields({ level, events: v.optional(switches(switchValue())), notification_email: v.optional(email) });
/** Edits to send or keep: a level GitLab knows (or any level name), switches only true or false. */
const edits = <L extends v.GenericSchema<unknown, string>>(levels: L) => fields({
  level: v.optional(levels), notification_email: v.optional(email), events: v.optional(switches(v.boolean('expected true or false'))),
});

/** What the page asks of the host, each answered by one reply (`rpc.ts`); each method's params as the host reads them. */
const PARAMS = {
  load: fields({ scope }),
  /** Saves only if GitLab still has `baseline`; rejects with a `conflict` otherwise. */
  save: fields({ scope, baseline: setting, update: edits(knownLevel) }),
  /** `either`: the person did not say which; the host finds out (`ScopeCatalog.addScope`). */
  addScope: fields({ kind: v.picklist(['either', 'group', 'project']), ref: scopeId }),
  /** The links above a group or project (its groups nearest first, then global): what it inherits at Global, and why. */
  levelChain: fields({ scope: entityScope }),
  /** Resolves when the run ends; its steps come as `bulk` messages. */
  bulkApply: fields({ scopes: list(entityScope, 1), level: knownLevel }),
  /** Ends the snooze of this scope now, as the "End Snooze" command does; a `snoozes` message follows. */
  endSnooze: fields({ scope }),
};
interface Results {
  load: NotificationSetting;
  save: { setting: NotificationSetting; alreadyApplied: boolean };
  addScope: ScopeEntry;
  levelChain: LevelLink[];
  bulkApply: null;
  endSnooze: null;
}
export type Requests = { [M in keyof typeof PARAMS]: { params: v.InferOutput<(typeof PARAMS)[M]>; result: Results[M] } };

const SIGNALS = ['ready', 'refreshScopes', 'cancelBulk', 'signIn'] as const;
export type PageMessage = { type: (typeof SIGNALS)[number] } | RequestMessage<Requests>;

const request = <M extends keyof typeof PARAMS>(method: M) => v.strictObject({
  type: v.literal('request'),
  id: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(2 ** 31 - 1)),
  method: v.literal(method),
  params: PARAMS[method],
});
/** Built in a pure call, so the page's bundle (which reads no page messages) leaves it out. */
const pageMessage = /* @__PURE__ */ (() => v.pipe(plain(), v.variant('type', [
  v.strictObject({ type: v.picklist(SIGNALS) }),
  v.variant('method', [
    request('load'), request('save'), request('addScope'), request('levelChain'), request('bulkApply'), request('endSnooze'),
  ]),
])))();

/** What survives hiding the panel and reloading the window (`vscode.setState`): forms with unsaved edits (and the
 *  selected one), unresolved conflicts with the server's setting to compare with, the bulk selection. */
const persistedState = fields({
  version: v.literal(1),
  forms: list(v.pipe(
    fields({ key, form: fields({ scope, baseline: setting, edits: edits(level) }) }),
    v.forward(v.check((entry) => entry.key === scopeKey(entry.form.scope), 'does not match the scope'), ['key']),
  )),
  conflicts: list(fields({ key, server: setting })),
  bulkSelection: list(key),
  selectedKey: v.optional(key),
  bulkLevel: v.optional(knownLevel),
});
export type PersistedState = v.InferOutput<typeof persistedState>;

/** Where a problem is: `forms[0].form.scope.id`. A refused key (not its value) is reported at its object. */
export function pathOf(issue: v.BaseIssue<unknown>): string {
  let path = '';
  for (const item of issue.path ?? []) {
    if (item.origin === 'key' && issue.input !== undefined) break;
    path += typeof item.key === 'number' ? `[${item.key}]` : `${path && '.'}${String(item.key)}`;
  }
  return path;
}

/** Problems as the log shows them, without the value (it may be long, or hostile). */
const PROBLEMS: Record<string, string> = {
  string: 'expected a string', number: 'expected a number', array: 'expected an array', max_length: 'too long', min_length: 'empty',
  regex: 'not in the expected form', integer: 'expected a positive integer', min_value: 'expected a positive integer', max_value: 'too large',
};
const problem: Message = (issue) => (issue.expected === 'never' ? `unexpected field "${String(issue.input).slice(0, 40)}"`
  : issue.input === undefined && issue.path?.[0]?.origin === 'key' ? 'missing' : PROBLEMS[issue.type] ?? 'not an allowed value');

/** The first problem, as `where: what`. Never throws (a hostile object may throw from a getter or proxy trap). */
export function validate<S extends v.GenericSchema>(schema: S, value: unknown, root = ''): Validated<v.InferOutput<S>> {
  try {
    const result = v.safeParse(schema, value, { abortEarly: true, message: problem });
    if (result.success) return { ok: true, value: result.output };
    const [first] = result.issues;
    return { ok: false, reason: `${[root, pathOf(first)].filter(Boolean).join('.') || 'message'}: ${first.message}` };
  } catch {
    return { ok: false, reason: 'unreadable value' };
  }
}

/** For the host: a message from the page, or why it was refused. Never throws. */
export function parsePageMessage(value: unknown): Validated<PageMessage> {
  return validate(pageMessage, value);
}

/** For the serializer and the page: a kept page state, or why it cannot be used. Never throws. */
export function parsePersistedState(value: unknown): Validated<PersistedState> {
  return validate(persistedState, value, 'state');
}
