import { dateProblem, validateFilter, type ValidEventFilter } from '../../gitlab/filter';
import type { EventFilter, GitLabEvent } from '../../gitlab/types';
import { formatMessage, type Localize } from '../localize';
import { dayKey, dayNumberAt, dayNumberOfKey, parseTimestamp, UTC_ZONE, type TimeZone } from '../calendar';
import { includedDays } from './datePresets';

/**
 * The range "Copy Activity as Markdown" covers: whole days of the person's own calendar (the Markdown's headings
 * are local days), turned into GitLab's `after`/`before` query. GitLab reads those as EXCLUSIVE whole days in the
 * instance's zone (UTC by default; behaviour note §3.7), so the query asks for every UTC day the local range
 * touches and the events are then kept only when their time falls inside the range.
 */
export const MARKDOWN_RANGE_IDS = ['today', 'yesterday', 'thisWeek', 'last7Days'] as const;
export type MarkdownRangeId = (typeof MARKDOWN_RANGE_IDS)[number];

/** First and last included day, `YYYY-MM-DD`, in the person's zone. */
export interface DaySpan {
  first: string;
  last: string;
}

export type RangePlan =
  | { ok: true; filter: ValidEventFilter; from: number; to: number; span: DaySpan }
  | { ok: false; message: string };

const DAY_MS = 86_400_000;

export function markdownRanges(t: Localize = formatMessage): Array<{ id: MarkdownRangeId; label: string }> {
  return [
    { id: 'today', label: t('Today') },
    { id: 'yesterday', label: t('Yesterday') },
    { id: 'thisWeek', label: t('This week') },
    { id: 'last7Days', label: t('Last 7 days') },
  ];
}

/** The days of a preset; weeks start on Monday (ISO 8601). */
export function markdownRangeDays(id: MarkdownRangeId, now: number, zone: TimeZone): DaySpan {
  const today = dayNumberAt(now, zone);
  const span = (first: number, last: number): DaySpan => ({ first: dayKey(first), last: dayKey(last) });
  switch (id) {
    case 'today': return span(today, today);
    case 'yesterday': return span(today - 1, today - 1);
    case 'thisWeek': return span(today - ((new Date(today * DAY_MS).getUTCDay() + 6) % 7), today);
    case 'last7Days': return span(today - 6, today);
  }
}

/** The instant a day starts in `zone` (the offset is read at that instant, so days next to a DST change work). */
function startOfDay(day: number, zone: TimeZone): number {
  const guess = day * DAY_MS - zone.offsetMinutes(day * DAY_MS) * 60_000;
  return day * DAY_MS - zone.offsetMinutes(guess) * 60_000;
}

/**
 * The query and time window for `span` under the current filter: the filter's own action, target type and sort,
 * and the overlap of its dates with the span. When they do not overlap, says so instead.
 */
export function planRange(span: DaySpan, filter: EventFilter, zone: TimeZone, t: Localize = formatMessage): RangePlan {
  let from = startOfDay(dayNumberOfKey(span.first), zone);
  let to = startOfDay(dayNumberOfKey(span.last) + 1, zone);
  // The filter's bounds as instants: strictly after the whole UTC day `after`, strictly before the UTC day `before`.
  if (filter.after) from = Math.max(from, (dayNumberOfKey(filter.after) + 1) * DAY_MS);
  if (filter.before) to = Math.min(to, dayNumberOfKey(filter.before) * DAY_MS);
  if (from >= to) {
    return {
      ok: false,
      message: t('The filter\'s dates ({0}) and the chosen range ({1}) do not overlap: there is nothing to copy. Change or clear the filter\'s dates.',
        includedDays({ after: filter.after, before: filter.before }, t), spanText(span, t)),
    };
  }
  // The range enters here: its query is checked like any filter that enters (its days are calendar days, in order).
  const query = validateFilter({
    ...filter,
    after: dayKey(dayNumberAt(from, UTC_ZONE) - 1),
    before: dayKey(dayNumberAt(to - 1, UTC_ZONE) + 1),
  });
  return { ok: true, filter: query, from, to, span };
}

/**
 * Whether an event the query returned lies in the window. An event without a readable time is kept: GitLab put it
 * within the queried days, and unknown values are shown rather than dropped.
 */
export function inWindow(event: GitLabEvent, plan: { from: number; to: number }): boolean {
  const at = parseTimestamp(event.created_at);
  return at === undefined || (at >= plan.from && at < plan.to);
}

/** "2026-11-02 to 2026-11-08", or "on 2026-11-03". */
export function spanText(span: DaySpan, t: Localize = formatMessage): string {
  return span.first === span.last ? t('on {0}', span.first) : t('{0} to {1}', span.first, span.last);
}

/**
 * Validation for the custom range's input boxes (first day, then last day, both included): a message, or
 * undefined when the value may be used. Formats are checked as the date filter checks them.
 */
export function customDayProblem(value: string, role: 'first' | 'last', first: string | undefined,
  t: Localize = formatMessage): string | undefined {
  const date = value.trim();
  if (date === '') return t('Enter a date as YYYY-MM-DD, for example 2026-11-03.');
  if (dateProblem(date) !== undefined) {
    return /^\d{4}-\d{2}-\d{2}$/.test(date)
      ? t('{0} is not a day of the calendar.', date)
      : t('Enter a date as YYYY-MM-DD, for example 2026-11-03.');
  }
  if (role === 'last' && first && dateProblem(first) === undefined && date < first) {
    return t('The last day ({0}) must not be earlier than the first ({1}).', date, first);
  }
  return undefined;
}
