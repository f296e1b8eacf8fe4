import { formatCount, formatMessage, type Localize } from '../localize';
import { dayNumberAt, formatDate, parseTimestamp, type TimeZone } from '../calendar';

export interface RelativeTimeOptions {
  /** The current time, epoch milliseconds. */
  now: number;
  zone: TimeZone;
  t?: Localize;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const CLOCK_SKEW = MINUTE;

/**
 * "just now", "5 minutes ago", "3 hours ago", then calendar days in `zone` ("yesterday", "4 days ago"), then
 * a date. Calendar days past the first 24 hours keep the text in step with the day groups of the tree.
 */
export function relativeTime(createdAt: string | number | null | undefined, options: RelativeTimeOptions): string {
  const t = options.t ?? formatMessage;
  const time = typeof createdAt === 'number' ? createdAt : parseTimestamp(createdAt); // absent on some events (spec)
  if (time === undefined || !Number.isFinite(time)) return t('unknown time');
  const elapsed = options.now - time;
  if (elapsed < -CLOCK_SKEW) return formatDate(dayNumberAt(time, options.zone), t); // in the future: say when
  if (elapsed < 45_000) return t('just now');
  if (elapsed < HOUR) {
    const minutes = Math.max(1, Math.floor(elapsed / MINUTE));
    return minutes === 1 ? t('1 minute ago') : t('{0} minutes ago', formatCount(minutes, t));
  }
  if (elapsed < 24 * HOUR) {
    const hours = Math.floor(elapsed / HOUR);
    return hours === 1 ? t('1 hour ago') : t('{0} hours ago', formatCount(hours, t));
  }
  const days = dayNumberAt(options.now, options.zone) - dayNumberAt(time, options.zone);
  if (days <= 1) return t('yesterday');
  if (days < 7) return t('{0} days ago', formatCount(days, t));
  return formatDate(dayNumberAt(time, options.zone), t);
}
