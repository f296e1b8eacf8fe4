import assert from 'node:assert/strict';
import { fixedOffsetZone, UTC_ZONE } from '../../../../src/app/calendar';
import { relativeTime } from '../../../../src/app/activity/relativeTime';
import type { Localize } from '../../../../src/app/localize';

const NOW = Date.parse('2026-11-05T15:00:00Z'); // a Thursday
const ago = (ms: number): number => NOW - ms;
const MIN = 60_000;
const HOUR = 60 * MIN;

describe('relativeTime', () => {
  const cases: Array<[string, number | string, string]> = [
    ['now', NOW, 'just now'],
    ['seconds ago', ago(44_000), 'just now'],
    ['slightly in the future (clock skew)', NOW + 30_000, 'just now'],
    ['one minute', ago(50_000), '1 minute ago'],
    ['minutes', ago(5 * MIN + 10_000), '5 minutes ago'],
    ['59 minutes', ago(59 * MIN + 59_000), '59 minutes ago'],
    ['one hour', ago(HOUR), '1 hour ago'],
    ['hours', ago(3 * HOUR + 5 * MIN), '3 hours ago'],
    ['23 hours, across midnight', ago(23 * HOUR), '23 hours ago'],
    ['the previous calendar day', '2026-11-04T02:00:00Z', 'yesterday'],
    ['two calendar days even within 48 hours', '2026-11-03T23:00:00Z', '2 days ago'],
    ['days', '2026-11-01T12:00:00Z', '4 days ago'],
    ['six days', '2026-10-30T12:00:00Z', '6 days ago'],
    ['a week: a date', '2026-10-29T12:00:00Z', '29 Oct 2026'],
    ['long ago', '2024-02-29T12:00:00Z', '29 Feb 2024'],
    ['far in the future', '2026-12-25T12:00:00Z', '25 Dec 2026'],
    ['unreadable', 'not a time', 'unknown time'],
  ];
  for (const [name, created, expected] of cases) {
    it(name, () => assert.equal(relativeTime(created, { now: NOW, zone: UTC_ZONE }), expected));
  }

  it('counts calendar days in the given zone', () => {
    const created = '2026-11-04T20:00:00Z'; // 15:00 on the 4th in UTC-05:00
    const now = Date.parse('2026-11-06T03:00:00Z'); // 31 hours later: the 6th in UTC, 22:00 on the 5th in UTC-05:00
    assert.equal(relativeTime(created, { now, zone: UTC_ZONE }), '2 days ago');
    assert.equal(relativeTime(created, { now, zone: fixedOffsetZone(-5 * 60) }), 'yesterday');
  });

  it('localises every text', () => {
    const t: Localize = (message, ...args) => `<${message}|${args.join(',')}>`;
    assert.equal(relativeTime(ago(5 * MIN), { now: NOW, zone: UTC_ZONE, t }), '<{0} minutes ago|5>');
    assert.equal(relativeTime(ago(2 * HOUR), { now: NOW, zone: UTC_ZONE, t }), '<{0} hours ago|2>');
    assert.equal(relativeTime(ago(30 * HOUR), { now: NOW, zone: UTC_ZONE, t }), '<yesterday|>');
    assert.equal(relativeTime('2026-11-01T12:00:00Z', { now: NOW, zone: UTC_ZONE, t }), '<{0} days ago|4>');
    assert.equal(relativeTime('2026-10-01T12:00:00Z', { now: NOW, zone: UTC_ZONE, t }), '<{0} {1} {2}|1,<Oct|>,2026>');
  });

  it('accepts epoch milliseconds', () => {
    assert.equal(relativeTime(ago(2 * MIN), { now: NOW, zone: UTC_ZONE }), '2 minutes ago');
    assert.equal(relativeTime(Number.NaN, { now: NOW, zone: UTC_ZONE }), 'unknown time');
  });
});
