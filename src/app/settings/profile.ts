import { errorText } from './errorInfo';
import {
  isNotificationLevel, type NotificationEvents, type NotificationLevel, type NotificationSetting, type NotificationSettingUpdate,
} from '../../gitlab/types';
import type { Localize } from '../localize';
import { SettingConflict, type NotificationSettingsService } from './notificationSettingsService';
import { hasOwn, pendingUpdate, updateTo } from './shared/formState';
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
  const problems: ProfileProblem[] = [];
  const problem = (key: string, reason: string) => problems.push({ key, reason });
  if (!isRecord(data)) return { problems: [{ key: '(file)', reason: t('not a JSON object') }] };
  if (data.format !== PROFILE_FORMAT) problem('format', t('must be "{0}"', PROFILE_FORMAT));
  if (data.version !== PROFILE_VERSION) {
    problem('version', typeof data.version === 'number' && data.version > PROFILE_VERSION
      ? t('version {0} is newer than this extension reads ({1})', data.version, PROFILE_VERSION)
      : t('must be {0}', PROFILE_VERSION));
  }
  for (const key of Object.keys(data)) {
    if (!['format', 'version', 'instance', 'exportedAt', 'scopes'].includes(key)) problem(key, t('not part of the profile format'));
  }
  if (data.instance !== undefined && typeof data.instance !== 'string') problem('instance', t('must be a string'));
  if (!Array.isArray(data.scopes) || data.scopes.length === 0) {
    problem('scopes', t('must be a non-empty list'));
    return { problems };
  }
  if (data.scopes.length > MAX_SCOPES) problem('scopes', t('more than {0} scopes', MAX_SCOPES));
  const entries: ProfileEntry[] = [];
  const seen = new Set<string>();
  data.scopes.slice(0, MAX_SCOPES).forEach((item: unknown, index: number) => {
    const entry = parseEntry(item, `scopes[${index}]`, problem, t);
    if (!entry) return;
    const key = scopeKey(entry.scope);
    if (seen.has(key)) problem(`scopes[${index}]`, t('{0} is listed twice', scopeName(entry.scope, t)));
    seen.add(key);
    entries.push(entry);
  });
  if (problems.length > 0) return { problems };
  return typeof data.instance === 'string' ? { entries, instance: data.instance } : { entries };
}

function parseEntry(item: unknown, at: string, report: (key: string, reason: string) => void, t: Localize): ProfileEntry | undefined {
  if (!isRecord(item)) {
    report(at, t('must be an object'));
    return undefined;
  }
  let problems = 0;
  const problem = (key: string, reason: string) => {
    problems++;
    report(key, reason);
  };
  for (const key of Object.keys(item)) {
    if (!['scope', 'path', 'id', 'level', 'events'].includes(key)) problem(`${at}.${key}`, t('not part of the profile format'));
  }
  let scope: ScopeRef | undefined;
  if (item.scope === 'global') {
    if (item.path !== undefined || item.id !== undefined) problem(at, t('global settings have no path or ID'));
    scope = { kind: 'global' };
  } else if (item.scope === 'group' || item.scope === 'project') {
    if ((item.path === undefined) === (item.id === undefined)) problem(at, t('needs a path or an ID (one of them)'));
    else if (item.path !== undefined && (typeof item.path !== 'string' || !isValidScopeId(item.path) || /^\d+$/.test(item.path))) {
      problem(`${at}.path`, t('{0} is not a GitLab path', JSON.stringify(item.path)));
    } else if (item.id !== undefined && (typeof item.id !== 'number' || !isValidScopeId(item.id))) {
      problem(`${at}.id`, t('{0} is not a GitLab ID', JSON.stringify(item.id)));
    } else if (item.scope === 'project' && typeof item.path === 'string' && !item.path.includes('/')) {
      problem(`${at}.path`, t('a project path has its namespace: group/project'));
    } else {
      scope = { kind: item.scope, id: (item.path ?? item.id) as string | number };
    }
  } else {
    problem(`${at}.scope`, t('{0} is not one of global, group, project', JSON.stringify(item.scope)));
  }
  const level = item.level;
  if (!isNotificationLevel(level)) problem(`${at}.level`, t('{0} is not a notification level', JSON.stringify(level)));
  else if (level === 'global' && scope?.kind === 'global') problem(`${at}.level`, t('global settings cannot defer to themselves'));
  let events: NotificationEvents | undefined;
  if (item.events !== undefined) {
    if (!isRecord(item.events)) problem(`${at}.events`, t('must be an object of true/false switches'));
    else {
      const entries = Object.entries(item.events);
      if (entries.length > MAX_EVENT_KEYS) problem(`${at}.events`, t('more than {0} switches', MAX_EVENT_KEYS));
      events = {};
      for (const [key, value] of entries.slice(0, MAX_EVENT_KEYS)) {
        if (!EVENT_KEY_PATTERN.test(key)) problem(`${at}.events`, t('{0} is not an event name', JSON.stringify(key.slice(0, 64))));
        else if (value !== true && value !== false && value !== null) problem(`${at}.events.${key}`, t('must be true, false or null, not {0}', JSON.stringify(value)));
        else events[key] = value;
      }
    }
  }
  if (problems > 0 || !scope || !isNotificationLevel(level)) return undefined;
  return events ? { scope, level, events } : { scope, level };
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
  const rows: DiffRow[] = [];
  const pending = pendingUpdate(updateTo(entry), current);
  if (pending.level !== undefined) rows.push({ field: 'level', before: current.level, after: pending.level });
  for (const [key, after] of Object.entries(pending.events ?? {})) {
    const before = current.events && hasOwn(current.events, key) ? current.events[key] : undefined;
    rows.push({ field: { event: key }, before, after });
  }
  const unknownKeys = Object.keys(entry.events ?? {})
    .filter((key) => !isKnownEventKey(key) && !(current.events && hasOwn(current.events, key)));
  return { entry, rows, unknownKeys };
}

/** `level: Watch → Disabled`, `new_note: on → off`, for the preview. */
export function describeRow(row: DiffRow, t: Localize): string {
  const show = (value: string | boolean | null | undefined): string =>
    value === undefined ? t('(not shown)') : value === null ? t('default') : value === true ? t('on') : value === false ? t('off') : value;
  const field = row.field === 'level' ? t('level') : row.field.event;
  return t('{0}: {1} → {2}', field, show(row.before), show(row.after));
}

export type ApplyStatus = 'applied' | 'unchanged' | 'failed' | 'skipped';

export interface ApplyReport {
  scope: ScopeRef;
  status: ApplyStatus;
  /** Why it failed; or, when applied, what GitLab left out (unknown switches it ignored). */
  reason?: string;
}

/** The part of the notification settings service an import needs: `fresh` reads, writes with `expected`. */
export type ProfileSettings = Pick<NotificationSettingsService, 'getSetting' | 'update'>;

/**
 * Applies the confirmed scopes one after another; each failure is reported with its reason and the others still go
 * on, so the report says exactly which scopes changed. A scope whose setting changed at GitLab since the preview is
 * not written (the person saw another "before").
 */
export async function applyProfile(
  previews: readonly ScopeDiff[], confirmed: ReadonlySet<string>, settings: ProfileSettings, t: Localize,
): Promise<ApplyReport[]> {
  const reports: ApplyReport[] = [];
  for (const preview of previews) {
    const { scope } = preview.entry;
    if (!confirmed.has(scopeKey(scope))) {
      reports.push({ scope, status: preview.rows.length === 0 ? 'unchanged' : 'skipped' });
      continue;
    }
    try {
      const current = await settings.getSetting(scope, undefined, { fresh: true });
      const now = diffEntry(preview.entry, current);
      if (JSON.stringify(now.rows) !== JSON.stringify(preview.rows)) {
        reports.push({ scope, status: 'failed', reason: changedSincePreview(t) });
        continue;
      }
      const pending = pendingUpdate(updateTo(preview.entry), current);
      if (pending.level === undefined && pending.events === undefined) {
        reports.push({ scope, status: 'unchanged' });
        continue;
      }
      const result = await settings.update(scope, pending, { expected: current });
      reports.push(checkResult(scope, preview.entry, pending, result, t));
    } catch (error) {
      if (error instanceof SettingConflict) reports.push({ scope, status: 'failed', reason: changedSincePreview(t) });
      else reports.push({ scope, status: 'failed', reason: errorText(error) });
    }
  }
  return reports;
}

function changedSincePreview(t: Localize): string {
  return t('changed at GitLab since the preview; import again to see the difference');
}

function checkResult(
  scope: ScopeRef, entry: ProfileEntry, sent: NotificationSettingUpdate, result: NotificationSetting, t: Localize,
): ApplyReport {
  if (result.level !== entry.level) return { scope, status: 'failed', reason: t('GitLab answered with level {0} instead of {1}', result.level, entry.level) };
  // GitLab shows switches only at level custom; there, a key it answers without was ignored (undeclared parameter).
  if (!result.events) return { scope, status: 'applied' };
  const ignored: string[] = [];
  const refused: string[] = [];
  for (const [key, value] of Object.entries(sent.events ?? {})) {
    if (!hasOwn(result.events, key)) ignored.push(key);
    else if (result.events[key] !== value) refused.push(key);
  }
  if (refused.length > 0) return { scope, status: 'failed', reason: t('GitLab kept its value for {0}', refused.join(', ')) };
  if (ignored.length > 0) return { scope, status: 'applied', reason: t('GitLab does not know {0} and ignored it', ignored.join(', ')) };
  return { scope, status: 'applied' };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
