import { dateProblem } from '../../gitlab/filter';
import { formatMessage, type Localize } from '../localize';
import { dayKey, dayNumberAt, dayNumberOfKey, type TimeZone } from '../calendar';

/**
 * Date-range presets as GitLab's `after`/`before` pair. Both bounds are EXCLUSIVE whole days (behaviour note
 * §3.7: `after=D` is strictly after day D, `before=D` strictly before day D), so a range that includes days
 * F..L is `after = F - 1`, `before = L + 1`. Days are counted in `zone`, which should be the zone the
 * instance reads dates in (UTC on a default installation).
 */
export const DATE_PRESET_IDS = ['today', 'yesterday', 'last7Days', 'last30Days', 'thisMonth', 'custom'] as const;
export type DatePresetId = (typeof DATE_PRESET_IDS)[number];
export type FixedDatePresetId = Exclude<DatePresetId, 'custom'>;

export interface DateRange {
  after: string;
  before: string;
}

export interface DatePreset {
  id: DatePresetId;
  label: string;
}

/** The exclusive bounds of the range whose first and last included days are given. */
function including(firstDay: number, lastDay: number): DateRange {
  return { after: dayKey(firstDay - 1), before: dayKey(lastDay + 1) };
}

function firstOfMonth(day: number, monthsLater: number): number {
  const date = new Date(day * 86_400_000);
  return Math.round(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + monthsLater, 1) / 86_400_000);
}

export function presetRange(id: FixedDatePresetId, now: number, zone: TimeZone): DateRange {
  const today = dayNumberAt(now, zone);
  switch (id) {
    case 'today': return including(today, today);
    case 'yesterday': return including(today - 1, today - 1);
    case 'last7Days': return including(today - 6, today);
    case 'last30Days': return including(today - 29, today);
    case 'thisMonth': return including(firstOfMonth(today, 0), firstOfMonth(today, 1) - 1);
  }
}

export function datePresets(t: Localize = formatMessage): DatePreset[] {
  return [
    { id: 'today', label: t('Today') },
    { id: 'yesterday', label: t('Yesterday') },
    { id: 'last7Days', label: t('Last 7 days') },
    { id: 'last30Days', label: t('Last 30 days') },
    { id: 'thisMonth', label: t('This month') },
    { id: 'custom', label: t('Custom range…') },
  ];
}

/** The preset that gives exactly this range today, if any (to mark it as picked). */
export function matchingPreset(range: Partial<DateRange>, now: number, zone: TimeZone): FixedDatePresetId | undefined {
  return DATE_PRESET_IDS.filter((id): id is FixedDatePresetId => id !== 'custom').find((id) => {
    const preset = presetRange(id, now, zone);
    return preset.after === range.after && preset.before === range.before;
  });
}

/** The first and last included days of a range (`YYYY-MM-DD`), where it has those bounds. */
export function daysOfRange(range: Partial<DateRange>): { from?: string; to?: string } {
  return {
    ...(range.after ? { from: dayKey(dayNumberOfKey(range.after) + 1) } : {}),
    ...(range.before ? { to: dayKey(dayNumberOfKey(range.before) - 1) } : {}),
  };
}

/** GitLab's exclusive `after`/`before` for the included days From and To (either may be absent: no bound). */
export function rangeOfDays(from: string | undefined, to: string | undefined): Partial<DateRange> {
  return {
    ...(from ? { after: dayKey(dayNumberOfKey(from) - 1) } : {}),
    ...(to ? { before: dayKey(dayNumberOfKey(to) + 1) } : {}),
  };
}

/**
 * Validation for the custom range's input boxes, From and To, both included: a message, or undefined when the value
 * may be used. An empty value means "no bound". `from` is the From already chosen, when checking To.
 */
export function customDateProblem(value: string, role: 'from' | 'to', from: string | undefined,
  t: Localize = formatMessage): string | undefined {
  const date = value.trim();
  if (date === '') return undefined;
  if (dateProblem(date) !== undefined) {
    return /^\d{4}-\d{2}-\d{2}$/.test(date)
      ? t('{0} is not a day of the calendar.', date)
      : t('Enter a date as YYYY-MM-DD, for example 2026-11-03.');
  }
  const first = from?.trim();
  if (role === 'to' && first && dateProblem(first) === undefined && date < first) {
    return t('"To" ({0}) must not be earlier than "From" ({1}).', date, first);
  }
  return undefined;
}

/** "2026-11-20 to 2026-11-26", "on 2026-11-20", "from 2026-11-20", "to 2026-11-26": the days a range includes, as asked for. */
export function includedDays(range: Partial<DateRange>, t: Localize = formatMessage): string {
  const { from, to } = daysOfRange(range);
  if (from && to) return from === to ? t('on {0}', from) : t('{0} to {1}', from, to);
  if (from) return t('from {0}', from);
  if (to) return t('to {0}', to);
  return t('any day');
}
