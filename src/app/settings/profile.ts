import * as v from 'valibot';
import { errorText, SettingConflict } from './errorInfo';
import { isEventKeyName, NOTIFICATION_LEVELS, type NotificationSetting, type NotificationSettingUpdate } from '../../gitlab/types';
import { formatCount, type Localize } from '../localize';
import type { NotificationSettingsService } from './notificationSettingsService';
import { isEmptyUpdate, pendingUpdate, switchOf, updateTo } from './shared/formState';
import { eventLabel, eventStateText, isKnownEventKey, levelLabel, scopeName } from './shared/labels';
import { MAX_EVENT_KEYS, pathOf, plain, switches, switchValue } from './shared/protocol';
import { isValidScopeId, scopeKey, type ScopeRef } from './shared/scopes';

/**
 * Profiles as code: the levels and switches of chosen scopes as a versioned JSON file, scopes named by full path,
 * and the parsing, preview and apply report of importing one. Pure; the shell reads and writes the file.
 */
export const PROFILE_FORMAT = 'gitlab-activity/notification-profile';
export const PROFILE_VERSION = 1;
const MAX_SCOPES = 1000;
/** A profile of every scope allowed, each with every switch, stays well under this; a larger file is not read. */
export const MAX_PROFILE_BYTES = 1024 * 1024;

/** One scope of a profile. `events` holds only what the file says; `null` means "leave as it is". */
export type ProfileEntry = v.InferOutput<ReturnType<typeof profileFile>>['scopes'][number];

/** A scope named for the file: by full path where known, by ID otherwise (a group known only by ID). */
export interface ExportedScope {
  scope: ScopeRef;
  path?: string;
  setting: NotificationSetting;
}

/** Where a problem is (`scopes[2].events.new_note`) and why; `scope` names the entry it is in, where the file says. */
export interface ProfileProblem {
  key: string;
  reason: string;
  /** "project acme/web", "global settings". */
  scope?: string;
}

/** A problem for people: "project acme/web (scopes[0]) level: …", the entry by the scope it names and the key after it. */
export function problemText(problem: ProfileProblem, t: Localize): string {
  const at = /^(scopes\[\d+\])(?:\.(.+))?$/.exec(problem.key);
  if (!at || problem.scope === undefined) return t('{0}: {1}', problem.key, problem.reason);
  return at[2] === undefined ? t('{0} ({1}): {2}', problem.scope, at[1], problem.reason)
    : t('{0} ({1}) {2}: {3}', problem.scope, at[1], at[2], problem.reason);
}

/** The scope an entry of the file names, as far as it names one well ("project acme/web"); the file is not trusted. */
function entryScopeName(data: unknown, index: number, t: Localize): string | undefined {
  const entries = typeof data === 'object' && data !== null && Object.hasOwn(data, 'scopes') ? (data as { scopes: unknown }).scopes : undefined;
  const entry = Array.isArray(entries) ? entries[index] : undefined;
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return undefined;
  const field = (key: string): unknown => (Object.hasOwn(entry, key) ? (entry as Record<string, unknown>)[key] : undefined);
  const [kind, path, id] = [field('scope'), field('path'), field('id')];
  if (kind === 'global') return t('global settings');
  if (kind !== 'group' && kind !== 'project') return undefined;
  const ref = typeof path === 'string' && isValidScopeId(path) && !/^\d+$/.test(path) ? path
    : typeof id === 'number' && isValidScopeId(id) ? id : undefined;
  return ref === undefined ? undefined : scopeName({ kind, id: ref }, t);
}

/** The file's text for the given scopes: level, and the switches GitLab returned (at level custom). */
export function profileText(scopes: readonly ExportedScope[], instance: string, exportedAt: string): string {
  const entries = scopes.map(({ scope, path, setting }) => {
    const name = scope.kind === 'global' ? {} : path !== undefined ? { path } : { id: scope.id };
    return { scope: scope.kind, ...name, level: setting.level, ...(setting.events ? { events: { ...setting.events } } : {}) };
  });
  return `${JSON.stringify({ format: PROFILE_FORMAT, version: PROFILE_VERSION, instance, exportedAt, scopes: entries }, null, 2)}\n`;
}

/** Reads a profile; every problem is reported with its key and reason, and a file with any problem is refused whole. */
export function parseProfile(text: string, t: Localize): { entries: ProfileEntry[]; instance?: string } | { problems: ProfileProblem[] } {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return { problems: [{ key: '(file)', reason: t('not valid JSON: {0}', errorText(error)) }] };
  }
  const result = v.safeParse(profileFile(t), data);
  if (!result.success) {
    return {
      problems: result.issues.map((issue) => {
        const key = pathOf(issue) || '(file)';
        const index = /^scopes\[(\d+)\]/.exec(key)?.[1];
        const scope = index === undefined ? undefined : entryScopeName(data, Number(index), t);
        return scope === undefined ? { key, reason: issue.message } : { key, reason: issue.message, scope };
      }),
    };
  }
  const { scopes: entries, instance } = result.output;
  return instance === undefined ? { entries } : { entries, instance };
}

/** The file format, with the reasons a person reads in their language. */
function profileFile(t: Localize) {
  const show = (issue: v.BaseIssue<unknown>): string => String(JSON.stringify(issue.input));
  const unknownField = t('not part of the profile format');
  // objectWithRest passes over `__proto__`, `constructor` and `prototype` keys unsaid: they are refused first.
  const hiddenKeys = v.rawCheck<Record<string, unknown>>(({ dataset, addIssue }) => {
    const fields = dataset.typed ? dataset.value : {};
    for (const key of ['__proto__', 'constructor', 'prototype'].filter((name) => Object.hasOwn(fields, name))) {
      addIssue({ message: unknownField, path: [{ type: 'object', origin: 'value', input: fields, key, value: fields[key] }] });
    }
  });
  const format = <E extends v.ObjectEntries>(entries: E) => v.objectWithRest(entries, v.never(unknownField), t('missing'));
  const isPath = (path: unknown): path is string => typeof path === 'string' && isValidScopeId(path) && !/^\d+$/.test(path);
  const entry = v.pipe(
    plain(t('must be an object')),
    hiddenKeys,
    format({
      scope: v.picklist(['global', 'group', 'project'], (issue) => t('{0} is not one of global, group, project', show(issue))),
      path: v.optional(v.custom<string>(isPath, (issue) => t('{0} is not a GitLab path', show(issue)))),
      id: v.optional(v.custom<number>((id) => typeof id === 'number' && isValidScopeId(id), (issue) => t('{0} is not a GitLab ID', show(issue)))),
      level: v.picklist(NOTIFICATION_LEVELS, (issue) => t('{0} is not a notification level', show(issue))),
      events: v.optional(switches(switchValue((issue) => t('must be true, false or null, not {0}', show(issue))), {
        object: t('must be an object of true/false switches'),
        size: t('more than {0} switches', formatCount(MAX_EVENT_KEYS, t)),
        key: (issue) => t('{0} is not an event name', JSON.stringify(String(issue.input).slice(0, 64))),
        // A well-formed key is read, whatever it names: the import decides what is sent, and names what is not.
        shapeOnly: true,
      })),
    }),
    v.partialCheck([['scope'], ['path'], ['id']], ({ scope, path, id }) => scope !== 'global' || (path === undefined && id === undefined),
      t('global settings have no path or ID')),
    v.partialCheck([['scope'], ['path'], ['id']], ({ scope, path, id }) => scope === 'global' || (path === undefined) !== (id === undefined),
      t('needs a path or an ID (one of them)')),
    v.forward(v.partialCheck([['scope'], ['path']], ({ scope, path }) => scope !== 'project' || path === undefined || path.includes('/'),
      t('a project path has its namespace: group/project')), ['path']),
    v.forward(v.partialCheck([['scope'], ['level']], ({ scope, level }) => scope !== 'global' || level !== 'global',
      t('global settings cannot defer to themselves')), ['level']),
    v.transform(({ scope: kind, path, id, level, events }) => ({
      scope: kind === 'global' ? { kind } : { kind, id: (path ?? id) as string | number }, level, ...(events ? { events } : {}),
    })),
  );
  const nonEmptyList = t('must be a non-empty list');
  return v.pipe(plain(t('not a JSON object')), hiddenKeys, format({
    format: v.literal(PROFILE_FORMAT, t('must be "{0}"', PROFILE_FORMAT)),
    version: v.literal(PROFILE_VERSION, (issue) => (typeof issue.input === 'number' && issue.input > PROFILE_VERSION
      ? t('version {0} is newer than this extension reads ({1})', String(issue.input), String(PROFILE_VERSION)) : t('must be {0}', String(PROFILE_VERSION)))),
    instance: v.optional(v.string(t('must be a string'))),
    exportedAt: v.optional(v.unknown()),
    scopes: v.pipe(
      v.array(v.unknown(), nonEmptyList), v.nonEmpty(nonEmptyList), v.maxLength(MAX_SCOPES, t('more than {0} scopes', formatCount(MAX_SCOPES, t))),
      v.array(entry),
      v.checkItems((item, index, list) => list.findIndex((other) => scopeKey(other.scope) === scopeKey(item.scope)) === index,
        t('listed twice')),
    ),
  }));
}

/** One line of the preview: a field, before → after; `before` undefined when GitLab does not show it now. */
export interface DiffRow {
  field: 'level' | { event: string };
  before: string | boolean | null | undefined;
  after: string | boolean;
}

export interface ScopeDiff {
  entry: ProfileEntry;
  rows: DiffRow[];
  /** Switches of the file that are not sent (see `importUpdate`): named in the preview and the report. */
  notSent: string[];
}

/**
 * What an import asks of a scope whose setting is `current`, and the switches it leaves out. A profile is someone
 * else's file, and its keys become query parameters of the PUT: only a key this version knows, or one GitLab returned
 * for this very scope, is sent, and never one of GitLab's request parameters (`sudo`, `private_token`, `level`…).
 */
function importUpdate(entry: ProfileEntry, current: NotificationSetting): { update: NotificationSettingUpdate; notSent: string[] } {
  const sendable = (key: string) => isEventKeyName(key) && (isKnownEventKey(key) || switchOf(current, key) !== undefined);
  const switches = Object.entries(entry.events ?? {});
  const notSent = switches.map(([key]) => key).filter((key) => !sendable(key));
  return { update: updateTo({ level: entry.level, events: Object.fromEntries(switches.filter(([key]) => sendable(key))) }), notSent };
}

/** What importing `entry` would change on a scope whose setting is `current`. */
export function diffEntry(entry: ProfileEntry, current: NotificationSetting): ScopeDiff {
  const { update, notSent } = importUpdate(entry, current);
  const pending = pendingUpdate(update, current);
  const rows: DiffRow[] = Object.entries(pending.events ?? {}).map(([key, after]) => ({ field: { event: key }, before: switchOf(current, key), after }));
  if (pending.level !== undefined) rows.unshift({ field: 'level', before: current.level, after: pending.level });
  return { entry, rows, notSent };
}

/** The preview's and the report's words for the switches an import leaves out. */
export function notSentText(keys: readonly string[], t: Localize): string {
  return t('not sent: unknown to GitLab here and to this extension: {0}', keys.join(', '));
}

/** One row in the settings editor's words: `Level: Watch → Disabled`, `Comment is added: off → on` (unknown keys by name). */
export function describeRow(row: DiffRow, t: Localize): string {
  if (row.field === 'level') return t('{0}: {1} → {2}', t('Level'), levelLabel(String(row.before), t), levelLabel(String(row.after), t));
  const key = row.field.event;
  const show = (value: string | boolean | null | undefined): string => (value === undefined ? t('(not shown)')
    : eventStateText(key, value === null ? 'default' : value === true ? 'on' : 'off', t));
  return t('{0}: {1} → {2}', eventLabel(key, t), show(row.before), show(row.after));
}

/** The preview's count: "1 change", "3 changes". */
export function changeCount(count: number, t: Localize): string {
  return count === 1 ? t('1 change') : t('{0} changes', formatCount(count, t));
}

/** The export's report: "… of 1 scope to …", "… of 3 scopes to …". */
export function exportedText(count: number, file: string, t: Localize): string {
  return count === 1 ? t('Exported the notification profile of 1 scope to {0}.', file)
    : t('Exported the notification profile of {0} scopes to {1}.', formatCount(count, t), file);
}

export interface ApplyReport {
  scope: ScopeRef;
  status: 'applied' | 'unchanged' | 'failed' | 'skipped';
  /** Why it failed; or, when applied or unchanged, what was left out (switches not sent, or sent and ignored by GitLab). */
  reason?: string;
}

/** A report's status in words: the English ones are the status names. */
export function statusText(status: ApplyReport['status'], t: Localize): string {
  switch (status) {
    case 'applied': return t('applied');
    case 'unchanged': return t('unchanged');
    case 'failed': return t('failed');
    case 'skipped': return t('skipped');
  }
}

/** The part of the notification settings service an import needs: `fresh` reads, writes with `expected`. */
export type ProfileSettings = Pick<NotificationSettingsService, 'getSetting' | 'save'>;

/**
 * Applies the confirmed scopes one after another; each failure is reported with its reason and the others still go
 * on, so the report says exactly which scopes changed. A scope whose setting changed at GitLab since the preview is
 * not written (the person saw another "before").
 */
export async function applyProfile(
  previews: readonly ScopeDiff[], confirmed: ReadonlySet<string>, settings: ProfileSettings, t: Localize,
): Promise<ApplyReport[]> {
  const reports: ApplyReport[] = [];
  const changed = t('changed at GitLab since the preview; import again to see the difference');
  for (const { entry, rows, notSent } of previews) {
    const { scope } = entry;
    const left = notSent.length > 0 ? { reason: notSentText(notSent, t) } : {};
    if (!confirmed.has(scopeKey(scope))) {
      reports.push(rows.length === 0 ? { scope, status: 'unchanged', ...left } : { scope, status: 'skipped' });
      continue;
    }
    try {
      const current = await settings.getSetting(scope, undefined, { fresh: true });
      const pending = pendingUpdate(importUpdate(entry, current).update, current);
      if (JSON.stringify(diffEntry(entry, current).rows) !== JSON.stringify(rows)) reports.push({ scope, status: 'failed', reason: changed });
      else if (isEmptyUpdate(pending)) reports.push({ scope, status: 'unchanged', ...left });
      else reports.push(checkResult(scope, entry, pending, (await settings.save(scope, pending, { expected: current })).setting, notSent, t));
    } catch (error) {
      reports.push({ scope, status: 'failed', reason: error instanceof SettingConflict ? changed : errorText(error) });
    }
  }
  return reports;
}

function checkResult(
  scope: ScopeRef, entry: ProfileEntry, sent: NotificationSettingUpdate, result: NotificationSetting, notSent: readonly string[], t: Localize,
): ApplyReport {
  if (result.level !== entry.level) return { scope, status: 'failed', reason: t('GitLab answered with level {0} instead of {1}', result.level, entry.level) };
  // GitLab shows switches only at level custom; there, a key it answers without was ignored (undeclared parameter).
  const sentKeys = Object.keys(sent.events ?? {});
  const ignored = result.events ? sentKeys.filter((key) => switchOf(result, key) === undefined) : [];
  const refused = result.events ? sentKeys.filter((key) => !ignored.includes(key) && switchOf(result, key) !== sent.events?.[key]) : [];
  if (refused.length > 0) return { scope, status: 'failed', reason: t('GitLab kept its value for {0}', refused.join(', ')) };
  const notes = [
    ...(ignored.length > 0 ? [t('GitLab does not know {0} and ignored it', ignored.join(', '))] : []),
    ...(notSent.length > 0 ? [notSentText(notSent, t)] : []),
  ];
  return notes.length > 0 ? { scope, status: 'applied', reason: notes.join('; ') } : { scope, status: 'applied' };
}
