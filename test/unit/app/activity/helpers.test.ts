import assert from 'node:assert/strict';
import {
  dayKey, dayNumberAt, dayNumberOfKey, fixedOffsetZone, formatDate, formatDateTime, formatDay, localZone, parseTimestamp,
  UTC_ZONE,
} from '../../../../src/app/calendar';
import { eventShape } from '../../../../src/app/activity/eventShape';
import { commitSha, plainLine, positiveInteger, shortSha, truncate } from '../../../../src/app/plainText';
import { plainWords, targetKindOf } from '../../../../src/app/activity/targetKind';
import { formatMessage } from '../../../../src/app/localize';
import { makeEvent, noteEvent, pushEvent } from './fixtures';

describe('plain text helpers', () => {
  it('makes one clean line', () => {
    assert.equal(plainLine('  a\r\n\tb\u2028c  '), 'a b c');
    assert.equal(plainLine('x\u202Ey\u2066z\u200Fw\u0000\u009B\uFEFF'), 'xyzw');
    assert.equal(plainLine(null), '');
    assert.equal(plainLine(42 as unknown as string), '');
  });

  it('truncates without splitting a surrogate pair', () => {
    assert.equal(truncate('abcdef', 10), 'abcdef');
    assert.equal(truncate('abcdef', 4), 'abc…');
    assert.equal(truncate('ab😀cd', 4), 'ab…');
  });

  it('checks numbers and SHAs', () => {
    assert.equal(positiveInteger(3), 3);
    for (const bad of [0, -1, 1.5, Number.NaN, Infinity, 2 ** 53, '3', null]) assert.equal(positiveInteger(bad), undefined);
    assert.equal(commitSha('ABCDEF1'), 'abcdef1');
    for (const bad of ['0000000000000000000000000000000000000000', 'abc', 'xyz1234', '../abcdef1', 12345678]) {
      assert.equal(commitSha(bad), undefined, String(bad));
    }
    assert.equal(shortSha('c5feabde2d8cd023215af4d2ceeb7a64839fc428'), 'c5feabde');
  });
});

describe('target kinds', () => {
  it('knows the class names of the behaviour note and the filter keys', () => {
    const cases: Array<[string, string]> = [
      ['Issue', 'issue'], ['MergeRequest', 'merge_request'], ['merge_request', 'merge_request'], ['Milestone', 'milestone'],
      ['Note', 'note'], ['DiffNote', 'note'], ['DiscussionNote', 'note'], ['WikiPage::Meta', 'wiki_page'],
      ['DesignManagement::Design', 'design'], ['WorkItem', 'work_item'], ['Epic', 'epic'], ['Vulnerability', 'vulnerability'],
      ['Project', 'project'], ['Snippet', 'snippet'], ['ProjectSnippet', 'snippet'], ['User', 'user'], ['Commit', 'commit'],
      ['FooBar::Baz', 'other'], ['constructor', 'other'], ['__proto__', 'other'],
    ];
    for (const [name, kind] of cases) assert.equal(targetKindOf(name), kind, name);
    assert.equal(targetKindOf(null), undefined);
    assert.equal(targetKindOf('  '), undefined);
  });

  it('turns names into plain words', () => {
    assert.equal(plainWords('FooBar::Baz'), 'foo bar baz');
    assert.equal(plainWords('HTTPServer'), 'http server');
    assert.equal(plainWords('merge_request'), 'merge request');
    assert.equal(plainWords('AlertManagement::Alert'), 'alert management alert');
    assert.equal(plainWords('pushed to'), 'pushed to');
    assert.equal(plainWords(undefined), '');
  });
});

describe('event shapes', () => {
  it('recognises pushes, notes, targets and project events', () => {
    assert.equal(eventShape(pushEvent()).kind, 'push');
    assert.equal(eventShape(noteEvent()).kind, 'note');
    assert.equal(eventShape(makeEvent({ action_name: 'commented on', target_type: 'Issue' })).kind, 'note');
    assert.equal(eventShape(makeEvent()).kind, 'target');
    assert.equal(eventShape(makeEvent({ target_type: null, action_name: 'joined' })).kind, 'project');
    assert.equal(eventShape(makeEvent({ push_data: [] as never, target_type: null, action_name: 'joined' })).kind, 'project');
  });

  it('reads the push kind from the payload first, then from action_name', () => {
    const kind = (event: ReturnType<typeof pushEvent>): string | undefined => {
      const shape = eventShape(event);
      return shape.kind === 'push' ? shape.pushKind : undefined;
    };
    assert.equal(kind(pushEvent({ action: 'removed' }, 'pushed to')), 'removed');
    assert.equal(kind(pushEvent({ action: 'mystery' }, 'pushed new')), 'new');
    assert.equal(kind(pushEvent({ action: 'mystery' }, 'deleted')), 'removed');
    assert.equal(kind(pushEvent({ action: 'mystery' }, 'pushed to')), 'pushed');
  });
});

describe('calendar', () => {
  it('converts between instants, day numbers and keys', () => {
    const day = dayNumberAt(Date.parse('2026-11-03T23:30:00Z'), UTC_ZONE);
    assert.equal(dayKey(day), '2026-11-03');
    assert.equal(dayNumberOfKey('2026-11-03'), day);
    assert.equal(dayKey(dayNumberAt(Date.parse('2026-11-03T23:30:00Z'), fixedOffsetZone(60))), '2026-11-04');
    assert.equal(dayKey(dayNumberAt(Date.parse('2026-11-03T00:30:00Z'), fixedOffsetZone(-60))), '2026-11-02');
    assert.equal(dayKey(dayNumberAt(Date.UTC(1969, 11, 31, 12), UTC_ZONE)), '1969-12-31');
  });

  it('formats days and times', () => {
    const day = dayNumberOfKey('2026-11-03');
    assert.equal(formatDay(day, formatMessage), 'Tue 3 Nov 2026');
    assert.equal(formatDate(day, formatMessage), '3 Nov 2026');
    const time = Date.parse('2026-11-03T23:05:00Z');
    assert.equal(formatDateTime(time, UTC_ZONE), '2026-11-03 23:05 UTC');
    assert.equal(formatDateTime(time, fixedOffsetZone(90)), '2026-11-04 00:35 UTC+01:30');
    assert.equal(formatDateTime(time, fixedOffsetZone(-300)), '2026-11-03 18:05 UTC-05:00');
  });

  it('parses timestamps and reads the local zone', () => {
    assert.equal(parseTimestamp('2017-02-09T10:43:19.667Z'), Date.UTC(2017, 1, 9, 10, 43, 19, 667));
    assert.equal(parseTimestamp('nope'), undefined);
    assert.equal(parseTimestamp(12), undefined);
    const instant = Date.parse('2026-07-01T12:00:00Z');
    assert.equal(localZone().offsetMinutes(instant), -new Date(instant).getTimezoneOffset());
  });

  // The local zone keeps offsets per UTC day; on the days a zone changes its offset, every instant must still be right.
  for (const tz of ['Europe/Berlin', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kolkata', 'Pacific/Chatham']) {
    it(`reads the offset of every instant around daylight saving changes (${tz})`, () => {
      const saved = process.env.TZ;
      process.env.TZ = tz;
      try {
        const zone = localZone();
        const start = Date.UTC(2025, 0, 1);
        // Every 7 minutes through 2025 and 2026, so each change of offset falls between two samples a few minutes apart.
        for (let at = start; at < Date.UTC(2027, 0, 1); at += 7 * 60_000) {
          const expected = -new Date(at).getTimezoneOffset();
          if (zone.offsetMinutes(at) !== expected) assert.fail(`${tz} at ${new Date(at).toISOString()}: ${zone.offsetMinutes(at)} ≠ ${expected}`);
        }
      } finally {
        if (saved === undefined) delete process.env.TZ;
        else process.env.TZ = saved;
      }
    });
  }
});
