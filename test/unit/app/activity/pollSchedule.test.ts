import assert from 'node:assert/strict';
import { countNewEvents, newestMarker, PollSchedule } from '../../../../src/app/activity/pollSchedule';
import { GitLabError, type GitLabEvent } from '../../../../src/gitlab';

const event = (id: number | undefined, created_at: string) => ({ id, created_at, action_name: 'opened' }) as GitLabEvent;

describe('poll schedule', () => {
  it('polls at the interval and backs off on failures up to 16 times it', () => {
    const s = new PollSchedule(1000);
    assert.equal(s.succeeded(), 1000);
    assert.deepEqual([1, 2, 3, 4, 5].map(() => s.failed(new Error('x'))), [2000, 4000, 8000, 16000, 16000]);
    assert.equal(s.succeeded(), 1000);
  });
  it('waits at least what a 429 asked for', () => {
    const s = new PollSchedule(1000);
    assert.equal(s.failed(new GitLabError('rateLimited', 'slow down', { retryAfterMs: 60_000 })), 60_000);
  });
  it('is off at 0', () => assert.equal(new PollSchedule(0).enabled, false));
});

describe('new events', () => {
  it('counts events newer than the known newest, by id or by time', () => {
    const known = newestMarker([event(5, '2026-01-01T00:00:00Z'), event(7, '2026-01-02T00:00:00Z')]);
    assert.deepEqual(known, { id: 7, createdAt: '2026-01-02T00:00:00Z' });
    assert.equal(countNewEvents([event(9, 'x'), event(8, 'x'), event(7, 'x')], known), 2);
    assert.equal(countNewEvents([event(undefined, '2026-01-03T00:00:00Z')], { createdAt: '2026-01-02T00:00:00Z' }), 1);
    assert.equal(countNewEvents([event(9, 'x')], undefined), 0);
  });
});
