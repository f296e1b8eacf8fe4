import assert from 'node:assert/strict';
import fc from 'fast-check';
import { ActivityFilter } from '../../../../src/app/activity/filterState';
import { actionLabel, sortLabel, targetTypeLabel } from '../../../../src/app/activity/filterLabels';
import { filterProblems } from '../../../../src/gitlab/filter';
import { GitLabError } from '../../../../src/gitlab/errors';
import { EVENT_ACTIONS, EVENT_TARGET_TYPES, type EventAction, type EventTargetType } from '../../../../src/gitlab/types';
import type { Localize } from '../../../../src/app/localize';

/** A filter's parts as it stores them, without the version and the tab. */
function partsOf(filter: ActivityFilter): Record<string, unknown> {
  const { version: _version, tab: _tab, ...parts } = filter.serialize();
  return parts;
}

function isValidationError(error: unknown): boolean {
  return error instanceof GitLabError && error.kind === 'validation';
}

describe('ActivityFilter', () => {
  it('starts empty, with newest first', () => {
    const filter = ActivityFilter.EMPTY;
    assert.equal(filter.isEmpty, true);
    assert.equal(filter.sort, 'desc');
    assert.deepEqual(partsOf(filter), {});
    assert.equal(filter.describe(), '');
  });

  it('sets and clears each part without changing the original', () => {
    const base = ActivityFilter.EMPTY;
    const filter = base.withAction('closed').withTargetType('issue').withDateRange('2026-11-01', undefined).withSort('asc');
    assert.equal(base.isEmpty, true);
    assert.deepEqual(partsOf(filter), { action: 'closed', target_type: 'issue', after: '2026-11-01', sort: 'asc' });
    assert.equal(filter.action, 'closed');
    assert.equal(filter.targetType, 'issue');
    assert.equal(filter.after, '2026-11-01');
    assert.equal(filter.before, undefined);
    assert.equal(filter.sort, 'asc');
    assert.deepEqual(partsOf(filter.withAction(undefined)), { target_type: 'issue', after: '2026-11-01', sort: 'asc' });
    assert.deepEqual(partsOf(filter.withTargetType(undefined).withoutDateRange().withSort(undefined)), { action: 'closed' });
    assert.equal(filter.cleared().isEmpty, true);
  });

  it('treats newest first as the default, not as a filter', () => {
    const filter = ActivityFilter.EMPTY.withSort('desc');
    assert.equal(filter.isEmpty, true);
    assert.ok(filter.equals(ActivityFilter.EMPTY));
    assert.deepEqual(partsOf(filter), {});
  });

  it('describes itself for the view, dates as the days included (not GitLab\'s exclusive bounds)', () => {
    const filter = ActivityFilter.of({ action: 'closed', target_type: 'issue', after: '2026-11-01', sort: 'asc' });
    assert.equal(filter.describe(), 'Closed · Issue · from 2026-11-02 · oldest first');
    assert.equal(ActivityFilter.of({ target_type: 'merge_request', after: '2026-11-19', before: '2026-11-27' }).describe(),
      'Merge request · 2026-11-20 to 2026-11-26');
    assert.equal(ActivityFilter.of({ action: 'destroyed', target_type: 'note' }).describe(), 'Deleted · Plain comment (not on diffs or threads)');
    const t: Localize = (message, ...args) => `[${message.replace('{0}', String(args[0] ?? ''))}]`;
    assert.equal(ActivityFilter.of({ action: 'pushed', before: '2026-01-02' }).describe(t), '[Pushed][ · ][to 2026-01-01]');
  });

  it('says a sort order is a sort, not a filter, in the view\'s message', () => {
    assert.equal(ActivityFilter.EMPTY.withSort('asc').message(), 'Sorted: oldest first');
    assert.equal(ActivityFilter.of({ action: 'closed', after: '2026-11-19', before: '2026-11-27', sort: 'asc' }).message(),
      'Filtered: Closed · 2026-11-20 to 2026-11-26 · Sorted: oldest first');
    assert.equal(ActivityFilter.of({ action: 'closed' }, 'issue').message(), 'Filtered: Issue events · Closed');
    assert.equal(ActivityFilter.EMPTY.message(), '');
  });

  it('reads a range stored by an earlier version (GitLab\'s exclusive bounds) and shows the days it includes', () => {
    const stored = ActivityFilter.deserialize({ version: 1, after: '2026-11-19', before: '2026-11-27' });
    assert.deepEqual(partsOf(stored), { after: '2026-11-19', before: '2026-11-27' });
    assert.equal(stored.describe(), '2026-11-20 to 2026-11-26');
    assert.deepEqual(stored.serialize(), { version: 1, after: '2026-11-19', before: '2026-11-27' });
  });

  it('labels every action and target type of the filter', () => {
    for (const action of EVENT_ACTIONS) assert.ok(actionLabel(action).length > 0, action);
    for (const type of EVENT_TARGET_TYPES) assert.ok(targetTypeLabel(type).length > 0, type);
    assert.equal(sortLabel('desc'), 'newest first');
    assert.equal(sortLabel('asc'), 'oldest first');
  });

  it('refuses invalid parts with a validation error, so they never reach the server', () => {
    assert.throws(() => ActivityFilter.EMPTY.withAction('bogus' as EventAction), isValidationError);
    assert.throws(() => ActivityFilter.EMPTY.withTargetType('Issue' as EventTargetType), isValidationError);
    assert.throws(() => ActivityFilter.EMPTY.withDateRange('2026-02-30', undefined), isValidationError);
    assert.throws(() => ActivityFilter.EMPTY.withDateRange('2026-11-05', '2026-11-01'), isValidationError);
    assert.throws(() => ActivityFilter.EMPTY.withSort('up' as 'asc'), isValidationError);
    assert.throws(() => ActivityFilter.of({ after: 'yesterday' }), isValidationError);
  });

  it('compares by value', () => {
    const a = ActivityFilter.of({ action: 'closed', after: '2026-11-01' });
    assert.ok(a.equals(ActivityFilter.EMPTY.withDateRange('2026-11-01', undefined).withAction('closed')));
    assert.ok(!a.equals(a.withSort('asc')));
  });

  describe('stored state', () => {
    it('round-trips through JSON', () => {
      const filter = ActivityFilter.of({ action: 'commented', target_type: 'note', after: '2026-10-01', before: '2026-11-01', sort: 'asc' });
      const stored = JSON.parse(JSON.stringify(filter.serialize())) as unknown;
      assert.deepEqual(stored, { version: 1, action: 'commented', target_type: 'note', after: '2026-10-01', before: '2026-11-01', sort: 'asc' });
      assert.ok(ActivityFilter.deserialize(stored).equals(filter));
    });

    it('round-trips any valid filter (property)', () => {
      const day = fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
        .map((date) => date.toISOString().slice(0, 10));
      const parts = fc.record({
        action: fc.option(fc.constantFrom(...EVENT_ACTIONS), { nil: undefined }),
        target_type: fc.option(fc.constantFrom(...EVENT_TARGET_TYPES), { nil: undefined }),
        after: fc.option(day, { nil: undefined }),
        before: fc.option(day, { nil: undefined }),
        sort: fc.option(fc.constantFrom('asc' as const, 'desc' as const), { nil: undefined }),
      }).filter((filter) => filterProblems(filter).length === 0);
      fc.assert(fc.property(parts, (filter) => {
        const state = ActivityFilter.of(filter);
        assert.ok(ActivityFilter.deserialize(JSON.parse(JSON.stringify(state.serialize()))).equals(state));
      }));
    });

    it('drops each invalid part of untrusted data and keeps the rest', () => {
      const filter = ActivityFilter.deserialize({
        version: 1, action: 'Closed', target_type: 'issue', after: '2026-13-01', before: '2026-11-10', sort: 'sideways',
      });
      assert.deepEqual(partsOf(filter), { target_type: 'issue', before: '2026-11-10' });
    });

    it('drops both dates when they do not form a range', () => {
      const filter = ActivityFilter.deserialize({ action: 'merged', after: '2026-11-10', before: '2026-11-01' });
      assert.deepEqual(partsOf(filter), { action: 'merged' });
    });

    it('survives anything stored (property: never throws, always valid)', () => {
      const value = fc.oneof(
        fc.anything(),
        fc.record({
          version: fc.oneof(fc.constant(1), fc.anything()),
          action: fc.oneof(fc.constantFrom(...EVENT_ACTIONS), fc.anything()),
          target_type: fc.oneof(fc.constantFrom(...EVENT_TARGET_TYPES), fc.anything()),
          after: fc.oneof(fc.constant('2026-01-01'), fc.string(), fc.anything()),
          before: fc.oneof(fc.constant('2026-02-01'), fc.string(), fc.anything()),
          sort: fc.oneof(fc.constantFrom('asc', 'desc'), fc.anything()),
        }, { requiredKeys: [] }),
      );
      fc.assert(fc.property(value, (stored) => {
        const filter = ActivityFilter.deserialize(stored);
        assert.deepEqual(filterProblems(partsOf(filter)), []);
      }), { numRuns: 500 });
    });

    it('ignores odd containers, other versions and inherited properties', () => {
      for (const value of [null, undefined, 42, 'closed', [], ['closed'], { version: 2, action: 'closed' }, { version: '1', action: 'closed' }]) {
        assert.ok(ActivityFilter.deserialize(value).isEmpty, JSON.stringify(value));
      }
      const inherited = Object.create({ action: 'closed' }) as object;
      assert.ok(ActivityFilter.deserialize(inherited).isEmpty);
      assert.ok(ActivityFilter.deserialize(JSON.parse('{"__proto__": {"action": "closed"}}')).isEmpty);
      assert.ok(ActivityFilter.deserialize({ action: 'closed'.padEnd(1000, ' ') }).isEmpty);
      assert.equal(ActivityFilter.deserialize({ action: 'closed' }).action, 'closed', 'a missing version is version 1');
    });
  });
});
