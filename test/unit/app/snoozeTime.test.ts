import assert from 'node:assert/strict';
import fc from 'fast-check';
import { fixedOffsetZone, UTC_ZONE, type TimeZone } from '../../../src/app/calendar';
import { snoozeEnd } from '../../../src/app/snoozeTime';

/** A zone with a daylight-saving change: +01:00 until 2026-03-29T01:00Z, +02:00 after (as Central Europe). */
const SUMMER_TIME: TimeZone = { offsetMinutes: (ms) => (ms >= Date.parse('2026-03-29T01:00:00Z') ? 120 : 60) };
const iso = (ms: number) => new Date(ms).toISOString();

/** "Until next Monday 09:00" on a virtual clock. */
describe('snooze until next Monday 09:00', () => {
  it('on a Sunday is tomorrow; on a Monday, before or after 09:00, a week ahead; mid-week the coming Monday', () => {
    assert.equal(iso(snoozeEnd({ kind: 'nextMonday' }, Date.parse('2026-11-29T22:00:00Z'), UTC_ZONE)), '2026-11-30T09:00:00.000Z'); // Sunday
    assert.equal(iso(snoozeEnd({ kind: 'nextMonday' }, Date.parse('2026-11-30T08:00:00Z'), UTC_ZONE)), '2026-12-07T09:00:00.000Z'); // Monday, before 09:00
    assert.equal(iso(snoozeEnd({ kind: 'nextMonday' }, Date.parse('2026-11-30T10:00:00Z'), UTC_ZONE)), '2026-12-07T09:00:00.000Z'); // Monday, after
    assert.equal(iso(snoozeEnd({ kind: 'nextMonday' }, Date.parse('2026-11-26T09:30:00Z'), UTC_ZONE)), '2026-11-30T09:00:00.000Z'); // Thursday
    assert.equal(iso(snoozeEnd({ kind: 'nextMonday' }, Date.parse('2026-11-28T23:59:00Z'), UTC_ZONE)), '2026-11-30T09:00:00.000Z'); // Saturday
  });

  it('counts days in the local zone: Sunday 23:30 at +02:00 is already Monday there', () => {
    // 2026-11-29T22:30Z is Monday 00:30 at +02:00, so the next Monday is a week on.
    assert.equal(iso(snoozeEnd({ kind: 'nextMonday' }, Date.parse('2026-11-29T22:30:00Z'), fixedOffsetZone(120))), '2026-12-07T07:00:00.000Z');
    // At -05:00 the same instant is Sunday 17:30: tomorrow.
    assert.equal(iso(snoozeEnd({ kind: 'nextMonday' }, Date.parse('2026-11-29T22:30:00Z'), fixedOffsetZone(-300))), '2026-11-30T14:00:00.000Z');
  });

  it('is 09:00 local across a daylight-saving change (the offset in force on Monday, not today\'s)', () => {
    // Thursday 2026-03-26 at +01:00; Monday 2026-03-30 is at +02:00.
    assert.equal(iso(snoozeEnd({ kind: 'nextMonday' }, Date.parse('2026-03-26T12:00:00Z'), SUMMER_TIME)), '2026-03-30T07:00:00.000Z');
    // "Until tomorrow" from Saturday evening lands on the change's Sunday, at 09:00 summer time.
    assert.equal(iso(snoozeEnd({ kind: 'tomorrow' }, Date.parse('2026-03-28T20:00:00Z'), SUMMER_TIME)), '2026-03-29T07:00:00.000Z');
  });

  it('is always a Monday 09:00 local, 1 to 7 days ahead (property)', () => {
    fc.assert(fc.property(
      fc.integer({ min: Date.parse('2000-01-01T00:00:00Z'), max: Date.parse('2100-01-01T00:00:00Z') }),
      fc.integer({ min: -12 * 60, max: 14 * 60 }),
      (now, offset) => {
        const end = snoozeEnd({ kind: 'nextMonday' }, now, fixedOffsetZone(offset));
        const local = new Date(end + offset * 60_000);
        const days = end - now;
        return local.getUTCDay() === 1 && local.getUTCHours() === 9 && local.getUTCMinutes() === 0 && days > 0 && days <= 8 * 86_400_000;
      },
    ));
  });
});
