import { dayKey, dayNumberAt, dayNumberOfKey, formatDayAndTime, type TimeZone } from './calendar';
import type { Localize } from './localize';

/**
 * When a snooze ends, in pure code: the time comes from an injected clock, the zone from the caller (the local one in
 * the shell, whose offset changes with daylight saving time). Shared by the notification snooze and the To-Do List's.
 */

/** The time, and a timer on that same time (tests move both together). */
export interface Clock {
  now(): number;
  setTimer(callback: () => void, delayMs: number): { dispose(): void };
}

export type SnoozePreset = { kind: 'hour' } | { kind: 'tomorrow' } | { kind: 'nextMonday' } | { kind: 'until'; until: number };

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** "Until tomorrow", "until next Monday" and a date without a time mean that morning at this hour, local time. */
const MORNING_HOUR = 9;
const MONDAY = 1;

/** The epoch time of a wall-clock time (minutes after midnight) on a day number, in `zone`. */
function wallClockTime(dayNumber: number, minutes: number, zone: TimeZone): number {
  const wall = dayNumber * DAY_MS + minutes * 60_000;
  // The offset in force at the result, not at the guess: right on both sides of a daylight-saving change.
  return wall - zone.offsetMinutes(wall - zone.offsetMinutes(wall) * 60_000) * 60_000;
}

/** 0 for Sunday … 6 for Saturday; day 0 (1970-01-01) was a Thursday. */
const weekdayOf = (dayNumber: number): number => (((dayNumber + 4) % 7) + 7) % 7;

/**
 * When a snooze started at `now` with `preset` ends. "Next Monday" is the first Monday after today: tomorrow on a
 * Sunday, a week ahead on a Monday (whether before or after 09:00).
 */
export function snoozeEnd(preset: SnoozePreset, now: number, zone: TimeZone): number {
  if (preset.kind === 'hour') return now + HOUR_MS;
  if (preset.kind === 'until') return preset.until;
  const today = dayNumberAt(now, zone);
  const days = preset.kind === 'tomorrow' ? 1 : ((MONDAY - weekdayOf(today) + 7) % 7) || 7;
  return wallClockTime(today + days, MORNING_HOUR * 60, zone);
}

/**
 * Reads a chosen end, `YYYY-MM-DD` (at 09:00) or `YYYY-MM-DD HH:MM`, in `zone`. An error message (for the input
 * box) when it is not a real date or not in the future.
 */
export function parseSnoozeEnd(text: string, now: number, zone: TimeZone, t: Localize): { until: number } | { error: string } {
  const match = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}):(\d{2}))?$/.exec(text.trim());
  if (!match) return { error: t('Enter a date as YYYY-MM-DD, optionally with a time: YYYY-MM-DD HH:MM.') };
  const [, date, hours = String(MORNING_HOUR), minutes = '0'] = match;
  const dayNumber = dayNumberOfKey(date);
  if (dayKey(dayNumber) !== date) return { error: t('{0} is not a date.', text.trim()) };
  if (Number(hours) > 23 || Number(minutes) > 59) return { error: t('{0} is not a time of day.', `${hours}:${minutes}`) };
  const until = wallClockTime(dayNumber, Number(hours) * 60 + Number(minutes), zone);
  return until > now ? { until } : { error: t('Choose a time in the future.') };
}

/** `14:00` today, `Thu 26 Nov 09:00` on another day (in `zone`). */
export function formatSnoozeEnd(until: number, now: number, zone: TimeZone, t: Localize): string {
  const local = new Date(until + zone.offsetMinutes(until) * 60_000);
  const time = local.toISOString().slice(11, 16);
  if (dayNumberAt(until, zone) === dayNumberAt(now, zone)) return time;
  return formatDayAndTime(dayNumberAt(until, zone), time, t);
}
