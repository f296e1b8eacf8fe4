import { errorText } from './errorInfo';
import {
  isNotificationLevel, type NotificationEvents, type NotificationLevel, type NotificationSetting, type NotificationSettingUpdate,
} from '../../gitlab/types';
import type { Localize } from '../localize';
import { SettingConflict, type NotificationSettingsService } from './notificationSettingsService';
import { isEmptyUpdate, pendingUpdate, switchOf, updateTo } from './shared/formState';
import { isKnownEventKey, scopeName } from './shared/labels';
import { EVENT_KEY_PATTERN, MAX_EVENT_KEYS } from './shared/protocol';
import { isValidScopeId, scopeKey, type ScopeRef } from './shared/scopes';

/**
 * Profiles as code: the levels and switches of chosen scopes as a versioned JSON file, scopes named by full path,
 * and the parsing, preview and apply report of importing one. Pure; the shell reads and writes the file.
 */
export const PROFILE_FORMAT = 'gitlab-activity/notification-profile';
export const PROFILE_VERSION = 1;
const MAX_SCOPES = 1000;

/** One scope of a profile. `events` holds only what the file says; `null` means "leave as it is". */
export interface ProfileEntry {
  scope: ScopeRef;
  level: NotificationLevel;
  events?: NotificationEvents;
}

/** A scope named for the file: by full path where known, by ID otherwise (a group known only by ID). */
export interface ExportedScope {
  scope: ScopeRef;
  path?: string;
  setting: NotificationSetting;
}

/** Where a problem is (`scopes[2].events.new_note`) and why. */
export interface ProfileProblem {
  key: string;
  reason: string;
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
  if (!isRecord(data)) return { problems: [{ key: '(file)', reason: t('not a JSON object') }] };
  const problems: ProfileProblem[] = [];
  const problem = (key: string, reason: string): undefined => void problems.push({ key, reason });
  if (data.format !== PROFILE_FORMAT) problem('format', t('must be "{0}"', PROFILE_FORMAT));
  if (data.version !== PROFILE_VERSION) {
    problem('version', typeof data.version === 'number' && data.version > PROFILE_VERSION
      ? t('version {0} is newer than this extension reads ({1})', data.version, PROFILE_VERSION)
      : t('must be {0}', PROFILE_VERSION));
  }
  unknownFields(data, ['format', 'version', 'instance', 'exportedAt', 'scopes'], '', problem, t);
  if (data.instance !== undefined && typeof data.instance !== 'string') problem('instance', t('must be a string'));
  if (!Array.isArray(data.scopes) || data.scopes.length === 0) {
    problem('scopes', t('must be a non-empty list'));
    return { problems };
  }
  if (data.scopes.length > MAX_SCOPES) problem('scopes', t('more than {0} scopes', MAX_SCOPES));
  const entries: ProfileEntry[] = [];
  const seen = new Set<string>();
  data.scopes.slice(0, MAX_SCOPES).forEach((item: unknown, index: number) => {
    const before = problems.length;
    const entry = parseEntry(item, `scopes[${index}]`, problem, t);
    if (!entry || problems.length > before) return;
    if (seen.has(scopeKey(entry.scope))) problem(`scopes[${index}]`, t('{0} is listed twice', scopeName(entry.scope, t)));
    seen.add(scopeKey(entry.scope));
    entries.push(entry);
  });
  if (problems.length > 0) return { problems };
  return typeof data.instance === 'string' ? { entries, instance: data.instance } : { entries };
}

type Report = (key: string, reason: string) => undefined;

/** One scope of the file; undefined when it is not one (its problems are reported). */
function parseEntry(item: unknown, at: string, problem: Report, t: Localize): ProfileEntry | undefined {
  if (!isRecord(item)) return problem(at, t('must be an object'));
  unknownFields(item, ['scope', 'path', 'id', 'level', 'events'], `${at}.`, problem, t);
  const { scope: kind, path, id, level, events } = item;
  const show = (value: unknown): string => JSON.stringify(value);
  let scope: ScopeRef | undefined;
  if (kind === 'global') {
    if (path !== undefined || id !== undefined) problem(at, t('global settings have no path or ID'));
    scope = { kind };
  } else if (kind !== 'group' && kind !== 'project') problem(`${at}.scope`, t('{0} is not one of global, group, project', show(kind)));
  else if ((path === undefined) === (id === undefined)) problem(at, t('needs a path or an ID (one of them)'));
  else if (path !== undefined && (typeof path !== 'string' || !isValidScopeId(path) || /^\d+$/.test(path))) {
    problem(`${at}.path`, t('{0} is not a GitLab path', show(path)));
  } else if (id !== undefined && (typeof id !== 'number' || !isValidScopeId(id))) problem(`${at}.id`, t('{0} is not a GitLab ID', show(id)));
  else if (kind === 'project' && typeof path === 'string' && !path.includes('/')) problem(`${at}.path`, t('a project path has its namespace: group/project'));
  else scope = { kind, id: (path ?? id) as string | number };
  if (!isNotificationLevel(level)) problem(`${at}.level`, t('{0} is not a notification level', show(level)));
  else if (level === 'global' && scope?.kind === 'global') problem(`${at}.level`, t('global settings cannot defer to themselves'));
  if (events !== undefined && !isRecord(events)) problem(`${at}.events`, t('must be an object of true/false switches'));
  const switches = Object.entries(isRecord(events) ? events : {});
  if (switches.length > MAX_EVENT_KEYS) problem(`${at}.events`, t('more than {0} switches', MAX_EVENT_KEYS));
  for (const [key, value] of switches.slice(0, MAX_EVENT_KEYS)) {
    if (!EVENT_KEY_PATTERN.test(key)) problem(`${at}.events`, t('{0} is not an event name', show(key.slice(0, 64))));
    else if (value !== true && value !== false && value !== null) problem(`${at}.events.${key}`, t('must be true, false or null, not {0}', show(value)));
  }
  if (!scope || !isNotificationLevel(level)) return undefined;
  return isRecord(events) ? { scope, level, events: Object.fromEntries(switches) as NotificationEvents } : { scope, level };
}

function unknownFields(record: object, known: string[], at: string, problem: Report, t: Localize): void {
  for (const key of Object.keys(record)) if (!known.includes(key)) problem(`${at}${key}`, t('not part of the profile format'));
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
  /** Switches of the file that neither this version nor the server's answer knows: sent, and reported. */
  unknownKeys: string[];
}

/** What importing `entry` would change on a scope whose setting is `current`. */
export function diffEntry(entry: ProfileEntry, current: NotificationSetting): ScopeDiff {
  const pending = pendingUpdate(updateTo(entry), current);
  const rows: DiffRow[] = Object.entries(pending.events ?? {}).map(([key, after]) => ({ field: { event: key }, before: switchOf(current, key), after }));
  if (pending.level !== undefined) rows.unshift({ field: 'level', before: current.level, after: pending.level });
  const unknownKeys = Object.keys(entry.events ?? {}).filter((key) => !isKnownEventKey(key) && switchOf(current, key) === undefined);
  return { entry, rows, unknownKeys };
}

/** `level: Watch → Disabled`, `new_note: on → off`, for the preview. */
export function describeRow(row: DiffRow, t: Localize): string {
  const show = (value: string | boolean | null | undefined): string =>
    value === undefined ? t('(not shown)') : value === null ? t('default') : value === true ? t('on') : value === false ? t('off') : value;
  const field = row.field === 'level' ? t('level') : row.field.event;
  return t('{0}: {1} → {2}', field, show(row.before), show(row.after));
}

export interface ApplyReport {
  scope: ScopeRef;
  status: 'applied' | 'unchanged' | 'failed' | 'skipped';
  /** Why it failed; or, when applied, what GitLab left out (unknown switches it ignored). */
  reason?: string;
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
  for (const { entry, rows } of previews) {
    const { scope } = entry;
    if (!confirmed.has(scopeKey(scope))) {
      reports.push({ scope, status: rows.length === 0 ? 'unchanged' : 'skipped' });
      continue;
    }
    try {
      const current = await settings.getSetting(scope, undefined, { fresh: true });
      const pending = pendingUpdate(updateTo(entry), current);
      if (JSON.stringify(diffEntry(entry, current).rows) !== JSON.stringify(rows)) reports.push({ scope, status: 'failed', reason: changed });
      else if (isEmptyUpdate(pending)) reports.push({ scope, status: 'unchanged' });
      else reports.push(checkResult(scope, entry, pending, (await settings.save(scope, pending, { expected: current })).setting, t));
    } catch (error) {
      reports.push({ scope, status: 'failed', reason: error instanceof SettingConflict ? changed : errorText(error) });
    }
  }
  return reports;
}

function checkResult(
  scope: ScopeRef, entry: ProfileEntry, sent: NotificationSettingUpdate, result: NotificationSetting, t: Localize,
): ApplyReport {
  if (result.level !== entry.level) return { scope, status: 'failed', reason: t('GitLab answered with level {0} instead of {1}', result.level, entry.level) };
  // GitLab shows switches only at level custom; there, a key it answers without was ignored (undeclared parameter).
  if (!result.events) return { scope, status: 'applied' };
  const sentKeys = Object.keys(sent.events ?? {});
  const ignored = sentKeys.filter((key) => switchOf(result, key) === undefined);
  const refused = sentKeys.filter((key) => !ignored.includes(key) && switchOf(result, key) !== sent.events?.[key]);
  if (refused.length > 0) return { scope, status: 'failed', reason: t('GitLab kept its value for {0}', refused.join(', ')) };
  if (ignored.length > 0) return { scope, status: 'applied', reason: t('GitLab does not know {0} and ignored it', ignored.join(', ')) };
  return { scope, status: 'applied' };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
