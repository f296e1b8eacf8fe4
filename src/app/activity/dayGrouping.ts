import type { SortOrder } from '../../gitlab/types';
import { formatMessage, type Localize } from '../localize';
import { dayKey, dayNumberAt, formatDay, parseTimestamp, type TimeZone } from '../calendar';

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
  /** The list's direction (the `sort` it was asked for): days newest first (`desc`) or oldest first (`asc`). */
  order: SortOrder;
  t?: Localize;
}

export const UNKNOWN_DAY_KEY = 'unknown';

/**
 * Groups events by the calendar day of `created_at` in `zone`, in one pass. The days read in date order in the list's
 * direction, each once, whatever the order of the events: GitLab lists by id, and an import gives new ids to old
 * times (behaviour note §3.8). Within a day the events keep the order they came in; "Unknown date" comes last.
 */
export function groupByDay<E extends { created_at?: string | null }>(events: readonly E[], options: DayGroupingOptions):
  Array<DayGroup<E>> {
  const t = options.t ?? formatMessage;
  const today = dayNumberAt(options.now, options.zone);
  const byDay = new Map<number, DayGroup<E>>();
  let unknown: DayGroup<E> | undefined;
  let last: { day: number; group: DayGroup<E> } | undefined;
  for (const event of events) {
    const time = parseTimestamp(event.created_at);
    if (time === undefined) {
      unknown ??= { key: UNKNOWN_DAY_KEY, label: t('Unknown date'), events: [] };
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
    }
    group.events.push(event);
    last = { day, group };
  }
  const days = [...byDay.keys()].sort(options.order === 'asc' ? (a, b) => a - b : (a, b) => b - a);
  const groups = days.map((day) => byDay.get(day)!);
  if (unknown) groups.push(unknown);
  return groups;
}
