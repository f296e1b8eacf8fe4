import assert from 'node:assert/strict';
import fc from 'fast-check';
import { dayKey, dayNumberAt, dayNumberOfKey, fixedOffsetZone, UTC_ZONE } from '../../../../src/app/calendar';
import {
  customDateProblem, datePresets, DATE_PRESET_IDS, daysOfRange, includedDays, matchingPreset, presetRange, rangeOfDays, type DateRange,
  type FixedDatePresetId,
} from '../../../../src/app/activity/datePresets';
import { filterProblems } from '../../../../src/gitlab/filter';

const NOW = Date.parse('2026-11-05T15:00:00Z'); // Thursday 5 Nov 2026

/** GitLab's filter (behaviour note §3.7): created_at > end of day `after`, created_at < start of day `before`. */
function serverIncludes(range: DateRange, createdAt: number, offsetMinutes: number): boolean {
  const dayStart = (key: string): number => dayNumberOfKey(key) * 86_400_000 - offsetMinutes * 60_000;
  return createdAt > dayStart(range.after) + 86_400_000 - 1 && createdAt < dayStart(range.before);
}

describe('date presets', () => {
  it('gives exclusive whole-day bounds', () => {
    const range = (id: FixedDatePresetId): DateRange => presetRange(id, NOW, UTC_ZONE);
    assert.deepEqual(range('today'), { after: '2026-11-04', before: '2026-11-06' });
    assert.deepEqual(range('yesterday'), { after: '2026-11-03', before: '2026-11-05' });
    assert.deepEqual(range('last7Days'), { after: '2026-10-29', before: '2026-11-06' });
    assert.deepEqual(range('last30Days'), { after: '2026-10-06', before: '2026-11-06' });
    assert.deepEqual(range('thisMonth'), { after: '2026-10-31', before: '2026-12-01' });
  });

  it('handles month and year ends and leap days', () => {
    assert.deepEqual(presetRange('today', Date.parse('2026-12-31T12:00:00Z'), UTC_ZONE), { after: '2026-12-30', before: '2027-01-01' });
    assert.deepEqual(presetRange('thisMonth', Date.parse('2028-02-10T00:00:00Z'), UTC_ZONE), { after: '2028-01-31', before: '2028-03-01' });
    assert.deepEqual(presetRange('yesterday', Date.parse('2028-03-01T08:00:00Z'), UTC_ZONE), { after: '2028-02-28', before: '2028-03-01' });
    assert.deepEqual(presetRange('thisMonth', Date.parse('2026-12-15T00:00:00Z'), UTC_ZONE), { after: '2026-11-30', before: '2027-01-01' });
  });

  it('counts days in the given zone', () => {
    const lateUtc = Date.parse('2026-11-05T23:30:00Z'); // already the 6th in UTC+01:00
    assert.deepEqual(presetRange('today', lateUtc, fixedOffsetZone(60)), { after: '2026-11-05', before: '2026-11-07' });
    assert.deepEqual(presetRange('today', lateUtc, UTC_ZONE), { after: '2026-11-04', before: '2026-11-06' });
  });

  it('includes every moment of the chosen days and nothing next to them (property)', () => {
    const expectedDays: Record<FixedDatePresetId, (today: number, day: number) => boolean> = {
      today: (today, day) => day === today,
      yesterday: (today, day) => day === today - 1,
      last7Days: (today, day) => day > today - 7 && day <= today,
      last30Days: (today, day) => day > today - 30 && day <= today,
      thisMonth: (today, day) => dayKey(day).slice(0, 7) === dayKey(today).slice(0, 7),
    };
    const instant = fc.integer({ min: Date.parse('2000-01-01'), max: Date.parse('2090-01-01') });
    const offset = fc.integer({ min: -12 * 60, max: 14 * 60 });
    const preset = fc.constantFrom(...(Object.keys(expectedDays) as FixedDatePresetId[]));
    const around = fc.integer({ min: -40 * 86_400_000, max: 2 * 86_400_000 });
    fc.assert(fc.property(instant, offset, preset, around, (now, minutes, id, delta) => {
      const zone = fixedOffsetZone(minutes);
      const range = presetRange(id, now, zone);
      assert.deepEqual(filterProblems(range), [], 'the range is a valid filter');
      const created = now + delta;
      const wanted = expectedDays[id](dayNumberAt(now, zone), dayNumberAt(created, zone));
      assert.equal(serverIncludes(range, created, minutes), wanted, `${id} ${JSON.stringify(range)} ${new Date(created).toISOString()}`);
    }), { numRuns: 2000 });
  });

  it('lists the presets, custom last, and recognises the one in force', () => {
    assert.deepEqual(datePresets().map((preset) => preset.id), [...DATE_PRESET_IDS]);
    assert.equal(datePresets().at(-1)?.label, 'Custom range…');
    assert.equal(matchingPreset(presetRange('last7Days', NOW, UTC_ZONE), NOW, UTC_ZONE), 'last7Days');
    assert.equal(matchingPreset({ after: '2026-11-01' }, NOW, UTC_ZONE), undefined);
    assert.equal(matchingPreset({}, NOW, UTC_ZONE), undefined);
  });

  it('describes the days a range includes, as they were asked for', () => {
    assert.equal(includedDays({ after: '2026-11-01', before: '2026-11-10' }), '2026-11-02 to 2026-11-09');
    assert.equal(includedDays(presetRange('last7Days', NOW, UTC_ZONE)), '2026-10-30 to 2026-11-05');
    assert.equal(includedDays(presetRange('today', NOW, UTC_ZONE)), 'on 2026-11-05');
    assert.equal(includedDays({ after: '2026-11-01' }), 'from 2026-11-02');
    assert.equal(includedDays({ before: '2026-03-01' }), 'to 2026-02-28');
    assert.equal(includedDays({}), 'any day');
  });
});

describe('custom range: From and To included, GitLab\'s exclusive bounds inside', () => {
  it('turns From and To into after = From - 1 day and before = To + 1 day, and back', () => {
    assert.deepEqual(rangeOfDays('2026-11-20', '2026-11-26'), { after: '2026-11-19', before: '2026-11-27' });
    assert.deepEqual(rangeOfDays('2026-03-01', '2026-03-01'), { after: '2026-02-28', before: '2026-03-02' });
    assert.deepEqual(rangeOfDays('2025-01-01', undefined), { after: '2024-12-31' });
    assert.deepEqual(rangeOfDays(undefined, '2026-12-31'), { before: '2027-01-01' });
    assert.deepEqual(rangeOfDays(undefined, undefined), {});
    assert.deepEqual(daysOfRange({ after: '2026-11-19', before: '2026-11-27' }), { from: '2026-11-20', to: '2026-11-26' });
    assert.deepEqual(daysOfRange({}), {});
    fc.assert(fc.property(fc.integer({ min: 0, max: 40_000 }), fc.integer({ min: 0, max: 400 }), (first, length) => {
      const from = dayKey(first);
      const to = dayKey(first + length);
      const range = rangeOfDays(from, to);
      assert.equal(filterProblems(range).length, 0, JSON.stringify(range));
      assert.deepEqual(daysOfRange(range), { from, to });
      assert.equal(includedDays(range), length === 0 ? `on ${from}` : `${from} to ${to}`);
    }));
  });
});

describe('customDateProblem', () => {
  it('accepts an empty box (no bound) and real dates, one day included', () => {
    assert.equal(customDateProblem('', 'from', undefined), undefined);
    assert.equal(customDateProblem('  ', 'to', '2026-01-01'), undefined);
    assert.equal(customDateProblem('2026-11-01', 'from', undefined), undefined);
    assert.equal(customDateProblem('2026-11-10', 'to', ' 2026-11-01 '), undefined);
    assert.equal(customDateProblem('2026-11-01', 'to', '2026-11-01'), undefined, 'From and To the same day: that day');
  });

  it('says what is wrong with a date', () => {
    assert.equal(customDateProblem('yesterday', 'from', undefined), 'Enter a date as YYYY-MM-DD, for example 2026-11-03.');
    assert.equal(customDateProblem('2026-1-5', 'from', undefined), 'Enter a date as YYYY-MM-DD, for example 2026-11-03.');
    assert.equal(customDateProblem('2026-02-30', 'to', undefined), '2026-02-30 is not a day of the calendar.');
  });

  it('wants To no earlier than From', () => {
    assert.equal(customDateProblem('2026-10-31', 'to', '2026-11-01'), '"To" (2026-10-31) must not be earlier than "From" (2026-11-01).');
  });

  it('ignores an invalid From when checking To (its own box reports it)', () => {
    assert.equal(customDateProblem('2026-11-10', 'to', 'nonsense'), undefined);
  });

  it('localises its messages', () => {
    const t = (message: string, ...args: Array<string | number | boolean>): string => `${message}|${args.join('|')}`;
    assert.equal(customDateProblem('x', 'from', undefined, t), 'Enter a date as YYYY-MM-DD, for example 2026-11-03.|');
  });
});
