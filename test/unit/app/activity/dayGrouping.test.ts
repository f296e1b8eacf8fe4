import assert from 'node:assert/strict';
import fc from 'fast-check';
import { fixedOffsetZone, localZone, UTC_ZONE, type TimeZone } from '../../../../src/app/calendar';
import { groupByDay, UNKNOWN_DAY_KEY } from '../../../../src/app/activity/dayGrouping';
import type { Localize } from '../../../../src/app/localize';

const NOW = Date.parse('2026-11-05T15:00:00Z'); // Thursday 5 Nov 2026
const at = (created_at: string, id = 0): { id: number; created_at: string } => ({ id, created_at });

function summary(groups: Array<{ key: string; label: string; events: Array<{ id: number }> }>): string[] {
  return groups.map((group) => `${group.key} ${group.label}: ${group.events.map((event) => event.id).join(',')}`);
}

describe('groupByDay', () => {
  it('labels today, yesterday, then dates, newest first', () => {
    const events = [
      at('2026-11-05T14:00:00Z', 6), at('2026-11-05T00:00:00Z', 5), at('2026-11-04T23:59:59.999Z', 4),
      at('2026-11-04T00:00:00Z', 3), at('2026-11-03T12:00:00Z', 2), at('2025-12-31T23:00:00Z', 1),
    ];
    assert.deepEqual(summary(groupByDay(events, { now: NOW, zone: UTC_ZONE, order: 'desc' })), [
      '2026-11-05 Today: 6,5',
      '2026-11-04 Yesterday: 4,3',
      '2026-11-03 Tue 3 Nov 2026: 2',
      '2025-12-31 Wed 31 Dec 2025: 1',
    ]);
  });

  it('keeps oldest-first order too', () => {
    const events = [at('2026-11-03T12:00:00Z', 1), at('2026-11-04T01:00:00Z', 2), at('2026-11-05T01:00:00Z', 3),
      at('2026-11-05T02:00:00Z', 4)];
    assert.deepEqual(summary(groupByDay(events, { now: NOW, zone: UTC_ZONE, order: 'asc' })), [
      '2026-11-03 Tue 3 Nov 2026: 1', '2026-11-04 Yesterday: 2', '2026-11-05 Today: 3,4',
    ]);
  });

  it('splits days at midnight of the given zone', () => {
    const events = [at('2026-11-04T23:30:00Z', 2), at('2026-11-04T22:30:00Z', 1)];
    assert.deepEqual(summary(groupByDay(events, { now: NOW, zone: UTC_ZONE, order: 'desc' })), ['2026-11-04 Yesterday: 2,1']);
    // In UTC+01:00, 23:30Z is 00:30 on the 5th: today.
    assert.deepEqual(summary(groupByDay(events, { now: NOW, zone: fixedOffsetZone(60), order: 'desc' })),
      ['2026-11-05 Today: 2', '2026-11-04 Yesterday: 1']);
    // In UTC-10:00 (Hawaii) now is 05:00 on the 5th; both events are on the 4th, yesterday.
    assert.deepEqual(summary(groupByDay(events, { now: NOW, zone: fixedOffsetZone(-600), order: 'desc' })), ['2026-11-04 Yesterday: 2,1']);
    // And "now" itself moves: at 23:00Z on the 5th, in UTC+02:00 it is already the 6th.
    const late = Date.parse('2026-11-05T23:00:00Z');
    assert.deepEqual(summary(groupByDay([at('2026-11-05T21:00:00Z', 1)],
      { now: late, zone: fixedOffsetZone(120), order: 'desc' })), ['2026-11-05 Yesterday: 1']);
  });

  it('follows a zone whose offset changes (daylight saving time)', () => {
    // Offset +2h before 2026-10-25T01:00Z, +1h after (as in central Europe).
    const zone: TimeZone = { offsetMinutes: (ms) => (ms < Date.parse('2026-10-25T01:00:00Z') ? 120 : 60) };
    const events = [at('2026-10-25T22:30:00Z', 3), at('2026-10-24T22:30:00Z', 2), at('2026-10-24T21:30:00Z', 1)];
    // 22:30Z on the 25th is 23:30 local (+1h); 22:30Z on the 24th is 00:30 on the 25th (+2h); 21:30Z is 23:30 on the 24th.
    assert.deepEqual(summary(groupByDay(events, { now: Date.parse('2026-10-26T10:00:00Z'), zone, order: 'desc' })), [
      '2026-10-25 Yesterday: 3,2',
      '2026-10-24 Sat 24 Oct 2026: 1',
    ]);
  });

  it('puts an out-of-place event into its own day, and events without a time into one "Unknown date" group', () => {
    const events: Array<{ id: number; created_at?: string | null }> = [at('2026-11-05T10:00:00Z', 4), at('2026-11-04T10:00:00Z', 3),
      at('garbage', 9), { id: 8 }, at('2026-11-05T09:00:00Z', 2), { id: 7, created_at: null }];
    assert.deepEqual(summary(groupByDay(events, { now: NOW, zone: UTC_ZONE, order: 'desc' })), [
      '2026-11-05 Today: 4,2', '2026-11-04 Yesterday: 3', `${UNKNOWN_DAY_KEY} Unknown date: 9,8,7`,
    ]);
  });

  // GitLab lists by id (behaviour note §3.8); imported events carry new ids for old times. These are the days the
  // README's screenshot showed as "Mon 23 Nov, Thu 19 Nov, Sun 22 Nov, Sat 21 Nov".
  const LATE_NOW = Date.parse('2026-11-25T12:00:00Z'); // Wednesday 25 Nov 2026
  const IMPORTED = [
    at('2026-11-23T16:00:00Z', 10), at('2026-11-19T11:00:00Z', 9), at('2026-11-22T09:00:00Z', 8),
    at('2026-11-23T07:00:00Z', 7), at('2026-11-21T18:00:00Z', 6), at('2026-11-19T09:00:00Z', 5),
  ];

  it('reads the days in date order, each once, when imported events carry new ids for old times', () => {
    assert.deepEqual(summary(groupByDay(IMPORTED, { now: LATE_NOW, zone: UTC_ZONE, order: 'desc' })), [
      '2026-11-23 Mon 23 Nov 2026: 10,7',
      '2026-11-22 Sun 22 Nov 2026: 8',
      '2026-11-21 Sat 21 Nov 2026: 6',
      '2026-11-19 Thu 19 Nov 2026: 9,5',
    ]);
    // The same events as `sort=asc` lists them: oldest day first, each day's events still in the server's order.
    assert.deepEqual(summary(groupByDay([...IMPORTED].reverse(), { now: LATE_NOW, zone: UTC_ZONE, order: 'asc' })), [
      '2026-11-19 Thu 19 Nov 2026: 5,9',
      '2026-11-21 Sat 21 Nov 2026: 6',
      '2026-11-22 Sun 22 Nov 2026: 8',
      '2026-11-23 Mon 23 Nov 2026: 7,10',
    ]);
  });

  it('puts a later page\'s event of a day already shown into that day, not a new group at the end (Load more)', () => {
    const firstPage = IMPORTED.slice(0, 3);
    assert.deepEqual(summary(groupByDay(firstPage, { now: LATE_NOW, zone: UTC_ZONE, order: 'desc' })), [
      '2026-11-23 Mon 23 Nov 2026: 10', '2026-11-22 Sun 22 Nov 2026: 8', '2026-11-19 Thu 19 Nov 2026: 9',
    ]);
    assert.deepEqual(summary(groupByDay(IMPORTED, { now: LATE_NOW, zone: UTC_ZONE, order: 'desc' })).map((line) => line.slice(0, 10)),
      ['2026-11-23', '2026-11-22', '2026-11-21', '2026-11-19']);
  });

  it('keeps "Unknown date" last in either direction, however early its first event comes', () => {
    const events: Array<{ id: number; created_at?: string | null }> = [at('garbage', 4), at('2026-11-21T10:00:00Z', 3), { id: 2 },
      at('2026-11-23T10:00:00Z', 1)];
    assert.deepEqual(summary(groupByDay(events, { now: LATE_NOW, zone: UTC_ZONE, order: 'desc' })), [
      '2026-11-23 Mon 23 Nov 2026: 1', '2026-11-21 Sat 21 Nov 2026: 3', `${UNKNOWN_DAY_KEY} Unknown date: 4,2`,
    ]);
    assert.deepEqual(summary(groupByDay(events, { now: LATE_NOW, zone: UTC_ZONE, order: 'asc' })), [
      '2026-11-21 Sat 21 Nov 2026: 3', '2026-11-23 Mon 23 Nov 2026: 1', `${UNKNOWN_DAY_KEY} Unknown date: 4,2`,
    ]);
  });

  it('orders days strictly in the list\'s direction and keeps the server\'s order within each, for any ids (property)', () => {
    // Each event: a time in the last 60 days, or an unreadable one. The list is the server's order (its ids count
    // down for `desc`, up for `asc`), unrelated to the times.
    const time = fc.oneof({ weight: 9, arbitrary: fc.integer({ min: NOW - 60 * 86_400_000, max: NOW }) },
      { weight: 1, arbitrary: fc.constantFrom(undefined, null, 'garbage') });
    const offsets = fc.integer({ min: -12 * 60, max: 14 * 60 });
    fc.assert(fc.property(fc.array(time, { maxLength: 200 }), offsets, fc.constantFrom('asc' as const, 'desc' as const),
      (times, offset, order) => {
        const events = times.map((value, index) => ({
          id: order === 'desc' ? times.length - index : index + 1,
          created_at: typeof value === 'number' ? new Date(value).toISOString() : value,
        }));
        const groups = groupByDay(events, { now: NOW, zone: fixedOffsetZone(offset), order });
        const dayOf = (event: (typeof events)[number]) => (typeof event.created_at === 'string' && event.created_at !== 'garbage'
          ? new Date(Date.parse(event.created_at) + offset * 60_000).toISOString().slice(0, 10) : UNKNOWN_DAY_KEY);
        const days = groups.map((group) => group.key).filter((key) => key !== UNKNOWN_DAY_KEY);
        for (let i = 1; i < days.length; i++) {
          assert.ok(order === 'desc' ? days[i - 1] > days[i] : days[i - 1] < days[i], `${days[i - 1]} then ${days[i]} (${order})`);
        }
        const unknownAt = groups.findIndex((group) => group.key === UNKNOWN_DAY_KEY);
        assert.ok(unknownAt === -1 || unknownAt === groups.length - 1, '"Unknown date" is last');
        const position = new Map(events.map((event, index) => [event, index]));
        const listed = groups.flatMap((group) => group.events);
        assert.deepEqual([...listed].sort((a, b) => position.get(a)! - position.get(b)!), events, 'every event once');
        for (const group of groups) {
          const indices = group.events.map((event) => position.get(event)!);
          assert.deepEqual(indices, [...indices].sort((a, b) => a - b), `${group.key} keeps the server's order`);
          for (const event of group.events) assert.equal(dayOf(event), group.key);
        }
      }));
  });

  it('localises labels and is empty for no events', () => {
    const t: Localize = (message, ...args) => `«${message}»${args.join('/')}`;
    const labels = groupByDay([at('2026-11-05T10:00:00Z'), at('2026-11-04T10:00:00Z'), at('2026-11-02T10:00:00Z')],
      { now: NOW, zone: UTC_ZONE, order: 'desc', t }).map((group) => group.label);
    assert.deepEqual(labels, ['«Today»', '«Yesterday»', '«{0} {1} {2} {3}»«Mon»/2/«Nov»/2026']);
    assert.deepEqual(groupByDay([], { now: NOW, zone: UTC_ZONE, order: 'desc' }), []);
  });

  it('works in the local zone of this machine', () => {
    const groups = groupByDay([at(new Date(NOW).toISOString())], { now: NOW, zone: localZone(), order: 'desc' });
    assert.equal(groups[0].label, 'Today');
  });

  it('keeps every event once, in order, in a group of its own day (property)', () => {
    const times = fc.array(fc.integer({ min: NOW - 60 * 86_400_000, max: NOW }), { maxLength: 200 });
    const offsets = fc.integer({ min: -12 * 60, max: 14 * 60 });
    fc.assert(fc.property(times, offsets, fc.boolean(), (list, offset, ascending) => {
      const sorted = [...list].sort((a, b) => (ascending ? a - b : b - a));
      const events = sorted.map((time, index) => at(new Date(time).toISOString(), index));
      const groups = groupByDay(events, { now: NOW, zone: fixedOffsetZone(offset), order: ascending ? 'asc' : 'desc' });
      assert.deepEqual(groups.flatMap((group) => group.events), events);
      for (const group of groups) {
        for (const event of group.events) {
          const local = new Date(Date.parse(event.created_at) + offset * 60_000).toISOString().slice(0, 10);
          assert.equal(local, group.key);
        }
      }
      assert.equal(new Set(groups.map((group) => group.key)).size, groups.length);
    }));
  });

  it('groups 100,000 events in one pass: one zone lookup per event (timings are the benchmark\'s)', () => {
    let lookups = 0;
    const zone: TimeZone = { offsetMinutes: () => { lookups++; return 60; } };
    for (const count of [10_000, 100_000]) {
      const events = Array.from({ length: count }, (_, index) => at(new Date(NOW - index * 60_000).toISOString(), index));
      lookups = 0;
      const groups = groupByDay(events, { now: NOW, zone, order: 'desc' });
      assert.deepEqual(groups.flatMap((group) => group.events), events);
      assert.equal(new Set(groups.map((group) => group.key)).size, groups.length, 'one group per day');
      assert.equal(lookups, count + 1, 'one for "today", one per event');
    }
  });
});
