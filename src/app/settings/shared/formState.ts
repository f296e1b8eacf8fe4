import {
  isNotificationLevel, SPEC_EMAIL_EVENTS, type NotificationEvents, type NotificationSetting, type NotificationSettingUpdate,
} from '../../../gitlab/types';
import { KNOWN_EVENT_KEYS } from './labels';
import { MAX_EMAIL_LENGTH } from './protocol';
import type { ScopeRef } from './scopes';

/** What the user changed, and only that; everything else comes from the baseline. */
export interface SettingEdits {
  level?: string;
  notification_email?: string;
  events?: Record<string, boolean>;
}

/** One scope's form: the setting as loaded from GitLab plus the user's edits. Immutable. */
export interface SettingForm {
  scope: ScopeRef;
  baseline: NotificationSetting;
  edits: SettingEdits;
}

/** How an event switch reads: `default` is GitLab's `null` (never set). */
export type EventState = 'default' | 'on' | 'off';

/** A switch as a setting has it; undefined when GitLab does not show the key there. */
export function switchOf(setting: NotificationSetting, key: string): boolean | null | undefined {
  return setting.events && Object.hasOwn(setting.events, key) ? setting.events[key] : undefined;
}

export function createForm(scope: ScopeRef, setting: NotificationSetting): SettingForm {
  return { scope, baseline: setting, edits: {} };
}

export function currentLevel(form: SettingForm): string {
  return form.edits.level ?? form.baseline.level;
}

export function currentEmail(form: SettingForm): string {
  return form.edits.notification_email ?? form.baseline.notification_email ?? '';
}

/**
 * True while the level is being switched to custom on a scope GitLab has listed no events for (it lists them only
 * once the stored level is custom). The form then offers the interface's own 12 keys, so the events can be chosen
 * in the same save as the level. Every GitLab edition accepts them (CE's and EE's lists are supersets), so the rule
 * "send only keys the server returned for the scope" holds in spirit; the server's full list replaces them on save.
 */
export function offersSpecEvents(form: SettingForm): boolean {
  const { baseline } = form;
  return currentLevel(form) === 'custom' && baseline.level !== 'custom'
    && (!baseline.events || Object.keys(baseline.events).length === 0);
}

/** The switches the form works with: GitLab's for this scope, or the spec's (all "default") while offered. */
function offeredEvents(form: SettingForm): NotificationEvents | undefined {
  return offersSpecEvents(form) ? Object.fromEntries(SPEC_EMAIL_EVENTS.map((key) => [key, null])) : form.baseline.events;
}

/**
 * True while the level is changed to custom and not yet saved: GitLab keeps the switches a scope had before (it stores
 * them at every level) and shows them, and any events it adds, once the level is custom, whatever the form offers now.
 */
export function switchingToCustom(form: SettingForm): boolean {
  return currentLevel(form) === 'custom' && form.baseline.level !== 'custom';
}

const KNOWN_ORDER = new Map<string, number>(KNOWN_EVENT_KEYS.map((key, index) => [key, index]));

/**
 * The event keys GitLab returned for this scope (or the offered spec keys); the only ones shown or sent. Known keys
 * come in this extension's order, then unknown ones in GitLab's: the rows keep their order when GitLab's answer after a
 * save lists more keys, in an order of its own.
 */
export function eventKeys(form: SettingForm): string[] {
  const rank = (key: string): number => KNOWN_ORDER.get(key) ?? KNOWN_ORDER.size;
  return Object.keys(offeredEvents(form) ?? {}).sort((a, b) => rank(a) - rank(b));
}

export const switchState = (value: boolean | null | undefined): EventState => (value === null || value === undefined ? 'default' : value ? 'on' : 'off');

export function eventState(form: SettingForm, key: string): EventState {
  const offered = offeredEvents(form);
  return switchState(isEventChanged(form, key) ? form.edits.events?.[key] : offered && Object.hasOwn(offered, key) ? offered[key] : null);
}

export function isEventChanged(form: SettingForm, key: string): boolean {
  return form.edits.events !== undefined && Object.hasOwn(form.edits.events, key);
}

/** The form with one field of its edits set, or cleared (`undefined`: back to the baseline). */
function edited<K extends keyof SettingEdits>(form: SettingForm, field: K, value: SettingEdits[K] | undefined): SettingForm {
  const edits = { ...form.edits, [field]: value };
  if (value === undefined) delete edits[field];
  return { ...form, edits };
}

export function withLevel(form: SettingForm, level: string): SettingForm {
  return edited(form, 'level', level === form.baseline.level ? undefined : level);
}

export function withEmail(form: SettingForm, email: string): SettingForm {
  return edited(form, 'notification_email', email.trim() === (form.baseline.notification_email ?? '') ? undefined : email);
}

/** The form with its switch edits changed by `change` (an empty set is no edit). */
function withSwitches(form: SettingForm, change: (events: Record<string, boolean>) => void): SettingForm {
  const events = { ...form.edits.events };
  change(events);
  return edited(form, 'events', Object.keys(events).length > 0 ? events : undefined);
}

/** Sets a switch the form offers (see `eventKeys`); a value equal to the loaded one clears the edit. */
export function withEvent(form: SettingForm, key: string, value: boolean): SettingForm {
  const offered = offeredEvents(form);
  if (!offered || !Object.hasOwn(offered, key)) return form;
  return withSwitches(form, (events) => {
    if (offered[key] === value) delete events[key];
    else events[key] = value;
  });
}

/** Back to the value loaded from GitLab (which may be "default"). */
export function resetEvent(form: SettingForm, key: string): SettingForm {
  return withSwitches(form, (events) => delete events[key]);
}

/**
 * The parameters a save sends: only what differs from the baseline. Event switches go only at level `custom`
 * (elsewhere GitLab stores but ignores them) and only for keys the form offers (the server's for this scope, or the
 * spec's while switching to custom); the e-mail only at global scope; an unknown level is never sent (it can only be
 * the loaded one).
 */
export function changedParameters(form: SettingForm): NotificationSettingUpdate {
  const update: NotificationSettingUpdate = {};
  const { baseline, edits } = form;
  if (edits.level !== undefined && edits.level !== baseline.level && isNotificationLevel(edits.level)) update.level = edits.level;
  const email = edits.notification_email?.trim();
  if (form.scope.kind === 'global' && email !== undefined && email !== (baseline.notification_email ?? '')) update.notification_email = email;
  const offered = offeredEvents(form) ?? {};
  const events = Object.entries(edits.events ?? {}).filter(([key, value]) => Object.hasOwn(offered, key) && offered[key] !== value);
  if (currentLevel(form) === 'custom' && events.length > 0) update.events = Object.fromEntries(events);
  return update;
}

export function isEmptyUpdate(update: NotificationSettingUpdate): boolean {
  return update.level === undefined && update.notification_email === undefined
    && (update.events === undefined || Object.keys(update.events).length === 0);
}

export function isDirty(form: SettingForm): boolean {
  return !isEmptyUpdate(changedParameters(form));
}

/** The setting as it would be after a successful save: the baseline with the sendable edits applied. */
export function desiredSetting(form: SettingForm): NotificationSetting {
  const update = changedParameters(form);
  const desired = applyUpdate(form.baseline, update);
  // Before GitLab has listed the scope's events, the switches being sent are all that is known of them.
  if (offersSpecEvents(form) && update.events) desired.events = { ...update.events };
  return desired;
}

/** A setting with an update applied the way GitLab applies a partial PUT. */
export function applyUpdate(setting: NotificationSetting, update: NotificationSettingUpdate): NotificationSetting {
  const next: NotificationSetting = { ...setting };
  if (update.level !== undefined) next.level = update.level;
  if (update.notification_email !== undefined) next.notification_email = update.notification_email;
  const known = Object.entries(update.events ?? {}).filter(([key]) => switchOf(setting, key) !== undefined);
  if (next.events) next.events = { ...next.events, ...Object.fromEntries(known) };
  return next;
}

/**
 * Moves the form onto a newer server state, keeping the user's edits ("keep mine"): edits that now equal the
 * server's values disappear, event edits for keys the server no longer returns are dropped.
 */
export function rebase(form: SettingForm, server: NotificationSetting): SettingForm {
  let next = createForm(form.scope, server);
  if (form.edits.level !== undefined) next = withLevel(next, form.edits.level);
  if (form.edits.notification_email !== undefined) next = withEmail(next, form.edits.notification_email);
  for (const [key, value] of Object.entries(form.edits.events ?? {})) next = withEvent(next, key, value);
  return next;
}

/** A light check before sending; GitLab decides the rest (it accepts only the user's verified addresses). */
export function emailProblem(value: string): 'invalidEmail' | undefined {
  const email = value.trim();
  if (email === '') return undefined; // clears it: GitLab falls back to the primary address
  return email.length <= MAX_EMAIL_LENGTH && /^[^\s@]+@[^\s@]+$/.test(email) ? undefined : 'invalidEmail';
}

/** Same level, e-mail and event switches (key order ignored). */
export function sameSetting(a: NotificationSetting, b: NotificationSetting): boolean {
  return (a.events === undefined) === (b.events === undefined) && conflictRows(a, b).length === 0;
}

/** The part of an update that would still change something on a server in state `server`. */
export function pendingUpdate(update: NotificationSettingUpdate, server: NotificationSetting): NotificationSettingUpdate {
  const pending: NotificationSettingUpdate = {};
  if (update.level !== undefined && update.level !== server.level) pending.level = update.level;
  if (update.notification_email !== undefined && update.notification_email !== (server.notification_email ?? '')) {
    pending.notification_email = update.notification_email;
  }
  const events = Object.entries(update.events ?? {}).filter(([key, value]) => switchOf(server, key) !== value);
  if (events.length > 0) pending.events = Object.fromEntries(events);
  return pending;
}

/**
 * The update that sets a level and every switch that is set (a `null` switch was never set, so it is left alone):
 * what a snooze gives back and what a profile asks for.
 */
export function updateTo({ level, events }: { level: string; events?: NotificationEvents }): NotificationSettingUpdate {
  if (!isNotificationLevel(level)) throw new Error(`Cannot set the unknown level "${level}".`);
  const switches = Object.entries(events ?? {}).filter((entry): entry is [string, boolean] => typeof entry[1] === 'boolean');
  return switches.length > 0 ? { level, events: Object.fromEntries(switches) } : { level };
}

/** One line of the "yours vs server's" comparison; `undefined` means the side does not have the field. */
export interface ConflictRow {
  field: 'level' | 'notification_email' | `event:${string}`;
  yours: string | boolean | null | undefined;
  theirs: string | boolean | null | undefined;
}

/** Every field where the user's intended setting and the server's current one differ. */
export function conflictRows(yours: NotificationSetting, theirs: NotificationSetting): ConflictRow[] {
  const rows: ConflictRow[] = [];
  if (yours.level !== theirs.level) rows.push({ field: 'level', yours: yours.level, theirs: theirs.level });
  if (yours.notification_email !== theirs.notification_email) {
    rows.push({ field: 'notification_email', yours: yours.notification_email, theirs: theirs.notification_email });
  }
  for (const key of new Set([...Object.keys(yours.events ?? {}), ...Object.keys(theirs.events ?? {})])) {
    if (switchOf(yours, key) !== switchOf(theirs, key)) rows.push({ field: `event:${key}`, yours: switchOf(yours, key), theirs: switchOf(theirs, key) });
  }
  return rows;
}

/**
 * The bulk change's form: the scopes checked, the level chosen for them (none at first: a default would be applied by
 * a hasty Enter, and no level is the safe one for every scope) and the last run's report.
 */
export interface BulkForm<R extends { done: boolean } = { done: boolean }> {
  selection: ReadonlySet<string>;
  level?: string;
  report?: R;
}

/** Whether "Apply to selected" can run: something checked, a level chosen, no run going. */
export function canApplyBulk(form: BulkForm): boolean {
  return form.selection.size > 0 && form.level !== undefined && isNotificationLevel(form.level) && form.report?.done !== false;
}

/**
 * The form after a scope is checked or unchecked: a finished run's report goes with the selection it was about (it
 * would read as the new selection's); a running one stays until it ends.
 */
export function withBulkSelection<R extends { done: boolean }>(form: BulkForm<R>, key: string, selected: boolean): BulkForm<R> {
  const selection = new Set(form.selection);
  if (selected) selection.add(key);
  else selection.delete(key);
  return { ...form, selection, report: form.report?.done ? undefined : form.report };
}
