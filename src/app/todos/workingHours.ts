import type { WorkingHours } from '../../gitlab/todoTypes';
import type { InstanceTodo } from './newTodos';

/**
 * New-to-do notifications follow the working hours a person set in GitLab for its phone notifications (GitLab 19.3,
 * `GET /user/preferences`): outside them nothing is shown and the to-dos are held; when the hours begin, one summary.
 * GitLab's own schedule (`Gitlab::MobilePush::WorkingHours`): a daily window in minutes after local midnight in an IANA
 * zone, on the weekdays named; the end is exclusive; an end before the start crosses midnight (the night belongs to
 * the day it began); a schedule it cannot evaluate (unknown zone, no time, start equal to end, no day) delivers.
 */

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const DAY_MINUTES = 24 * 60;

/** The weekday (0 = Sunday) and the minutes after midnight at `time` in `zone` (a RangeError for a zone the runtime does not know). */
function localTime(time: number, zone: string): { day: number; minutes: number } {
  const format = new Intl.DateTimeFormat('en-US', { timeZone: zone, weekday: 'long', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const parts = format.formatToParts(new Date(time));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { day: WEEKDAYS.indexOf(part('weekday').toLowerCase()), minutes: Number(part('hour')) * 60 + Number(part('minute')) };
}

/** Whether a notification may show at `time`: always, unless GitLab's working hours are on, can be evaluated, and closed. */
export function withinWorkingHours(hours: WorkingHours | undefined, time: number): boolean {
  if (!hours?.enabled) return true;
  const { start, end, timeZone } = hours;
  const days = new Set(hours.days.map((day) => WEEKDAYS.indexOf(day.toLowerCase())).filter((day) => day >= 0));
  const valid = (m: number | null): m is number => m !== null && m >= 0 && m < DAY_MINUTES;
  if (!valid(start) || !valid(end) || start === end || days.size === 0 || !timeZone) return true;
  let now: { day: number; minutes: number };
  try {
    now = localTime(time, timeZone);
  } catch {
    return true;
  }
  if (now.day < 0 || !Number.isFinite(now.minutes)) return true;
  if (start < end) return days.has(now.day) && now.minutes >= start && now.minutes < end;
  // Across midnight: the evening of a working day, or the small hours after one.
  return (days.has(now.day) && now.minutes >= start) || (days.has((now.day + 6) % 7) && now.minutes < end);
}

/** How long what GitLab said of an instance's working hours is used before it is read again. */
export const WORKING_HOURS_FRESH_MS = 5 * 60_000;

/**
 * Each instance's working hours, read when a notification waits on them and kept `WORKING_HOURS_FRESH_MS` (by the
 * notifier's clock). A failed read delivers (as GitLab's schedule does when it cannot decide) and is said once per
 * instance until `keepOnly` forgets it (sign-out or another sign-in).
 */
export class WorkingHoursReader {
  private readonly known = new Map<string, { hours: WorkingHours | undefined; at: number }>();
  private readonly told = new Set<string>();

  constructor(
    private readonly read: (instance: string) => Promise<WorkingHours | undefined>,
    private readonly log: (line: string) => void,
  ) {}

  async open(instance: string, now: number): Promise<boolean> {
    let entry = this.known.get(instance);
    if (!entry || now - entry.at >= WORKING_HOURS_FRESH_MS || now < entry.at) {
      try {
        entry = { hours: await this.read(instance), at: now };
      } catch (error) {
        if (!this.told.has(instance)) {
          this.told.add(instance);
          this.log(`${instance}: the working hours could not be read, so new to-dos are told at any hour: ${error instanceof Error ? error.message : String(error)}`);
        }
        entry = { hours: undefined, at: now };
      }
      this.known.set(instance, entry);
    }
    return withinWorkingHours(entry.hours, now);
  }

  keepOnly(instances: ReadonlySet<string>): void {
    for (const instance of [...this.known.keys()]) if (!instances.has(instance)) this.known.delete(instance);
    this.told.clear();
  }
}

/** The most held to-dos remembered per instance; beyond, they are counted only. */
export const MAX_HELD_PER_INSTANCE = 500;

/**
 * New to-dos found outside an instance's working hours, held for its summary: their ids (bounded), per instance, in
 * memory only, gone when the instance is signed out of.
 */
export class HeldTodos {
  private readonly held = new Map<string, { ids: Set<number>; beyond: number }>();

  hold(instance: string, ids: readonly number[]): void {
    const entry = this.held.get(instance) ?? { ids: new Set<number>(), beyond: 0 };
    for (const id of ids) {
      if (entry.ids.has(id)) continue;
      if (entry.ids.size < MAX_HELD_PER_INSTANCE) entry.ids.add(id);
      else entry.beyond += 1;
    }
    if (entry.ids.size > 0) this.held.set(instance, entry);
  }

  /** How many of `instance`'s held to-dos are remembered by id (at most `MAX_HELD_PER_INSTANCE`). */
  remembered(instance: string): number {
    return this.held.get(instance)?.ids.size ?? 0;
  }

  /** Whether any instance holds to-dos. */
  get any(): boolean {
    return this.held.size > 0;
  }

  instances(): string[] {
    return [...this.held.keys()];
  }

  /** The held to-dos of `instance`, counted, and forgotten: its summary is shown once. */
  release(instance: string): number {
    const entry = this.held.get(instance);
    this.held.delete(instance);
    return entry ? entry.ids.size + entry.beyond : 0;
  }

  keepOnly(instances: ReadonlySet<string>): void {
    for (const instance of [...this.held.keys()]) if (!instances.has(instance)) this.held.delete(instance);
  }
}

/**
 * What a check of new to-dos tells now, and what waits: the to-dos whose reason notifies, of an instance outside its
 * working hours, are held; once the hours of an instance holding some have begun, they are counted for one summary.
 * With `ignore` (the setting), every hour is a working one.
 */
export class WorkingHoursGate {
  private readonly held = new HeldTodos();
  private readonly hours: WorkingHoursReader;

  constructor(read: (instance: string) => Promise<WorkingHours | undefined>, log: (line: string) => void) {
    this.hours = new WorkingHoursReader(read, log);
  }

  async sort(found: readonly InstanceTodo[], reasons: ReadonlySet<string>, now: number, ignore: boolean): Promise<{ tell: InstanceTodo[]; held: number; summary: number }> {
    const decided = new Map<string, boolean>();
    const open = async (instance: string) => {
      if (ignore) return true;
      if (!decided.has(instance)) decided.set(instance, await this.hours.open(instance, now));
      return decided.get(instance)!;
    };
    let summary = 0;
    for (const instance of this.held.instances()) if (await open(instance)) summary += this.held.release(instance);
    const tell: InstanceTodo[] = [];
    let held = 0;
    for (const entry of found) {
      // Only what would notify waits on the hours (and only then are they read); the rest is never told anyway.
      if (!reasons.has(entry.todo.action_name) || await open(entry.instance)) {
        tell.push(entry);
      } else {
        this.held.hold(entry.instance, [entry.todo.id]);
        held += 1;
      }
    }
    return { tell, held, summary };
  }

  /** Forgets the instances signed out of (held to-dos and hours alike). */
  keepOnly(instances: ReadonlySet<string>): void {
    this.held.keepOnly(instances);
    this.hours.keepOnly(instances);
  }
}
