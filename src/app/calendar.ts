import type { Localize } from './localize';

/**
 * Calendar arithmetic on whole days in a time zone given as an offset function, so tests can pin the zone
 * and the shell can pass the local one (whose offset changes with daylight saving time).
 */
export interface TimeZone {
  /** Minutes east of UTC in force at the instant `epochMs`. */
  offsetMinutes(epochMs: number): number;
}

export function fixedOffsetZone(minutes: number): TimeZone {
  return { offsetMinutes: () => minutes };
}

export const UTC_ZONE: TimeZone = fixedOffsetZone(0);

const DAY_MS = 86_400_000;
/** Days of offsets kept by a local zone before it starts again (a history of years is a few hundred). */
const KEPT_DAYS = 4096;

/**
 * The system's zone. `getTimezoneOffset` costs microseconds per call and a tree of 10,000 events asks for about three
 * offsets per event, so the offset is kept per UTC day when it is the same at the day's first and last millisecond
 * (no zone changes its offset twice within a day and back); on a day with a change every instant is asked for.
 */
export function localZone(): TimeZone {
  const offsetAt = (epochMs: number) => -new Date(epochMs).getTimezoneOffset();
  const byDay = new Map<number, number | null>();
  return {
    offsetMinutes(epochMs) {
      const day = Math.floor(epochMs / DAY_MS);
      let offset = byDay.get(day);
      if (offset === undefined) {
        const first = offsetAt(day * DAY_MS);
        offset = first === offsetAt(day * DAY_MS + DAY_MS - 1) ? first : null;
        if (byDay.size >= KEPT_DAYS) byDay.clear();
        byDay.set(day, offset);
      }
      return offset ?? offsetAt(epochMs);
    },
  };
}

/** Milliseconds since the epoch of an ISO timestamp, or undefined when it does not parse. */
export function parseTimestamp(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const ms = Date.parse(value);
  return Number.isFinite(ms) ? ms : undefined;
}

/** Days since 1970-01-01 of the calendar day that contains `epochMs` in `zone`. */
export function dayNumberAt(epochMs: number, zone: TimeZone): number {
  return Math.floor((epochMs + zone.offsetMinutes(epochMs) * 60_000) / DAY_MS);
}

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

/** `YYYY-MM-DD` of a day number. */
export function dayKey(dayNumber: number): string {
  const date = new Date(dayNumber * DAY_MS);
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/** Day number of a `YYYY-MM-DD` key (the key must be a valid date). */
export function dayNumberOfKey(key: string): number {
  const [year, month, day] = key.split('-').map(Number);
  return Math.round(Date.UTC(year, month - 1, day) / DAY_MS);
}

// Functions of `t`, so each message is a literal in a `t('…')` call (what `npm run l10n` collects).
const WEEKDAYS: Array<(t: Localize) => string> = [
  (t) => t('Sun'), (t) => t('Mon'), (t) => t('Tue'), (t) => t('Wed'), (t) => t('Thu'), (t) => t('Fri'), (t) => t('Sat'),
];
const MONTHS: Array<(t: Localize) => string> = [
  (t) => t('Jan'), (t) => t('Feb'), (t) => t('Mar'), (t) => t('Apr'), (t) => t('May'), (t) => t('Jun'),
  (t) => t('Jul'), (t) => t('Aug'), (t) => t('Sep'), (t) => t('Oct'), (t) => t('Nov'), (t) => t('Dec'),
];

/** "Mon", in the display language. */
export function weekdayName(weekday: number, t: Localize): string {
  return WEEKDAYS[weekday](t);
}

/** "Nov", in the display language. */
export function monthName(month: number, t: Localize): string {
  return MONTHS[month](t);
}

/** How each kind of date reads in a display language other than English, as `Intl` words it. */
const INTL_DATES = {
  /** "Di., 3. Nov. 2026", "2026年11月3日周二". */
  day: { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' },
  /** "3. Nov. 2026", "2026年11月3日". */
  date: { day: 'numeric', month: 'short', year: 'numeric' },
  /** "Fr., 27. Nov.", "11月27日周五": a day of the coming days, before its time. */
  weekdayOfMonth: { weekday: 'short', day: 'numeric', month: 'short' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

/** One formatter per language and kind: making one costs far more than using it, and a tree formats thousands of dates. */
const intlFormats = new Map<string, Intl.DateTimeFormat | null>();

/**
 * The `Intl` format of `kind` in `t`'s display language; undefined in English (its words and order are the messages',
 * which tests pin) and where the runtime knows no such language.
 */
function intlFormat(t: Localize, kind: keyof typeof INTL_DATES): Intl.DateTimeFormat | undefined {
  const language = t.language?.toLowerCase();
  if (!language || language === 'en' || language.startsWith('en-')) return undefined;
  const key = `${language} ${kind}`;
  let format = intlFormats.get(key);
  if (format === undefined) {
    try {
      format = new Intl.DateTimeFormat(language, { ...INTL_DATES[kind], timeZone: 'UTC' });
    } catch {
      format = null; // not a language tag Intl takes
    }
    intlFormats.set(key, format);
  }
  return format ?? undefined;
}

/** "Mon 3 Nov 2026"; in the display language, "Di., 3. Nov. 2026". */
export function formatDay(dayNumber: number, t: Localize): string {
  const date = new Date(dayNumber * DAY_MS);
  const intl = intlFormat(t, 'day');
  if (intl) return intl.format(date);
  return t('{0} {1} {2} {3}', weekdayName(date.getUTCDay(), t), String(date.getUTCDate()), monthName(date.getUTCMonth(), t),
    String(date.getUTCFullYear()));
}

/** "3 Nov 2026"; in the display language, "3. Nov. 2026". */
export function formatDate(dayNumber: number, t: Localize): string {
  const date = new Date(dayNumber * DAY_MS);
  const intl = intlFormat(t, 'date');
  if (intl) return intl.format(date);
  return t('{0} {1} {2}', String(date.getUTCDate()), monthName(date.getUTCMonth(), t), String(date.getUTCFullYear()));
}

/**
 * "Thu 26 Nov 09:00": a day of the coming days with a time of day (`HH:MM`), for `dayNumber` and `time` in one zone;
 * in the display language, "Do., 26. Nov. 09:00".
 */
export function formatDayAndTime(dayNumber: number, time: string, t: Localize): string {
  const date = new Date(dayNumber * DAY_MS);
  const intl = intlFormat(t, 'weekdayOfMonth');
  if (intl) return `${intl.format(date)} ${time}`;
  return t('{0} {1} {2} {3}', weekdayName(date.getUTCDay(), t), String(date.getUTCDate()), monthName(date.getUTCMonth(), t), time);
}

/** "2026-11-03 14:05 UTC+01:00": an absolute time that says which zone it is in. */
export function formatDateTime(epochMs: number, zone: TimeZone): string {
  const offset = zone.offsetMinutes(epochMs);
  const shifted = new Date(epochMs + offset * 60_000);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  const zoneText = offset === 0 ? 'UTC' : `UTC${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
  return `${dayKey(Math.floor(shifted.getTime() / DAY_MS))} ${pad(shifted.getUTCHours())}:${pad(shifted.getUTCMinutes())} ${zoneText}`;
}
