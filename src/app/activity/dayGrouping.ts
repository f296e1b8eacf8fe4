import { formatMessage, type Localize } from '../localize';
import { dayKey, dayNumberAt, formatDay, parseTimestamp, type TimeZone } from './calendar';

export interface DayGroup<E> {
  /** `YYYY-MM-DD` in the grouping zone, or `unknown` for events without a readable time. */
  key: string;
  /** "Today", "Yesterday", "Mon 3 Nov 2026", "Unknown date". */
  label: string;
  events: E[];
}

export interface DayGroupingOptions {
  /** The current time, epoch milliseconds. */
  now: number;
  zone: TimeZone;
  t?: Localize;
}

export const UNKNOWN_DAY_KEY = 'unknown';

/**
 * Groups events by the calendar day of `created_at` in `zone`, in one pass. Groups appear in the order of
 * their first event and keep the events' order, so newest-first and oldest-first listings both come out
 * right; an event out of place (GitLab orders by id, not time) joins its own day's group.
 */
export function groupByDay<E extends { created_at?: string | null }>(events: readonly E[], options: DayGroupingOptions):
  Array<DayGroup<E>> {
  const t = options.t ?? formatMessage;
  const today = dayNumberAt(options.now, options.zone);
  const byDay = new Map<number, DayGroup<E>>();
  const groups: Array<DayGroup<E>> = [];
  let unknown: DayGroup<E> | undefined;
  let last: { day: number; group: DayGroup<E> } | undefined;
  for (const event of events) {
    const time = parseTimestamp(event.created_at);
    if (time === undefined) {
      if (!unknown) {
        unknown = { key: UNKNOWN_DAY_KEY, label: t('Unknown date'), events: [] };
        groups.push(unknown);
      }
      unknown.events.push(event);
      continue;
    }
    const day = dayNumberAt(time, options.zone);
    if (last?.day === day) {
      last.group.events.push(event); // the common case: the same day as the previous event
      continue;
    }
    let group = byDay.get(day);
    if (!group) {
      const label = day === today ? t('Today') : day === today - 1 ? t('Yesterday') : formatDay(day, t);
      group = { key: dayKey(day), label, events: [] };
      byDay.set(day, group);
      groups.push(group);
    }
    group.events.push(event);
    last = { day, group };
  }
  return groups;
}
