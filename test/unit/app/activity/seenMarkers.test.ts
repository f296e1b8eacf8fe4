import assert from 'node:assert/strict';
import { laterMarker, SeenMarkers, type MarkerStore } from '../../../../src/app/activity/seenMarkers';
import type { GitLabEvent } from '../../../../src/gitlab/types';
import { accountKey } from '../../../../src/app/accountKey';
import { makeEvent } from './fixtures';

const A = accountKey('https://gitlab.example.com', 1);
const B = accountKey('https://gitlab.other.org', 1);

function memory(initial?: unknown): MarkerStore & { value: unknown; writes: number } {
  const store = {
    value: initial, writes: 0,
    get: () => store.value,
    update: async (_key: string, value: unknown) => { store.value = JSON.parse(JSON.stringify(value)); store.writes++; },
  };
  return store;
}
const events = (...ids: number[]): GitLabEvent[] => ids.map((id) => makeEvent({ id, created_at: `2026-11-0${Math.min(id, 9)}T10:00:00.000Z` }));

describe('unread events (seen markers)', () => {
  it('a first look marks what is shown as seen: nothing is unread, newer events are', async () => {
    const seen = new SeenMarkers(memory(), 'seen');
    assert.equal(seen.unread(A, 'mine', events(3, 2, 1)).length, 0, 'no marker yet: nothing is unread');
    assert.equal(await seen.initialize(A, 'mine', events(3, 2, 1)), true);
    assert.equal(await seen.initialize(A, 'mine', events(9, 8)), false, 'a marker is set once');
    assert.equal(seen.unread(A, 'mine', events(5, 4, 3, 2)).length, 2);
    assert.equal(seen.isUnread(A, 'mine', events(4)[0]), true);
    assert.equal(seen.isUnread(A, 'mine', events(3)[0]), false);
  });

  it('is kept per instance and source, and survives a reload of the store', async () => {
    const store = memory();
    const seen = new SeenMarkers(store, 'seen');
    await seen.initialize(A, 'mine', events(3));
    await seen.initialize(A, 'project:acme/website', events(7));
    await seen.initialize(B, 'mine', events(1));
    const again = new SeenMarkers(store, 'seen');
    assert.equal(again.unread(A, 'mine', events(5, 4, 3)).length, 2);
    assert.equal(again.unread(A, 'project:acme/website', events(8, 7)).length, 1);
    assert.equal(again.unread(B, 'mine', events(5, 4, 3)).length, 3);
    assert.equal(again.unread(B, 'user:jordan', events(5)).length, 0);
  });

  it('"Mark All as Seen" moves each marker to the newest shown, or newer known, never back', async () => {
    const seen = new SeenMarkers(memory(), 'seen');
    await seen.initialize(A, 'mine', events(3));
    await seen.initialize(A, 'user:jordan', events(6));
    await seen.markSeen(A, [
      { source: 'mine', events: events(5, 4, 3), newest: { id: 8 } },
      { source: 'user:jordan', events: events(2) },
    ]);
    assert.deepEqual(seen.marker(A, 'mine'), { id: 8 });
    assert.equal(seen.unread(A, 'mine', events(9, 8, 7)).length, 1);
    assert.equal(seen.marker(A, 'user:jordan')?.id, 6, 'an older page does not move a marker back');
  });

  it('compares by time on servers that send no ids', async () => {
    const seen = new SeenMarkers(memory(), 'seen');
    const at = (time: string): GitLabEvent => makeEvent({ id: undefined, created_at: time });
    await seen.initialize(A, 'mine', [at('2026-11-03T10:00:00.000Z'), at('2026-11-02T10:00:00.000Z')]);
    assert.equal(seen.isUnread(A, 'mine', at('2026-11-04T08:00:00.000Z')), true);
    assert.equal(seen.isUnread(A, 'mine', at('2026-11-03T10:00:00.000Z')), false);
    assert.equal(seen.isUnread(A, 'mine', makeEvent({ id: undefined, created_at: undefined })), false, 'no id, no time: cannot be told new');
    assert.deepEqual(laterMarker({ createdAt: '2026-11-01' }, { createdAt: '2026-11-02' }), { createdAt: '2026-11-02' });
  });

  it('an empty source counts everything after its first look as unread', async () => {
    const seen = new SeenMarkers(memory(), 'seen', () => Date.parse('2026-11-05T00:00:00.000Z'));
    await seen.initialize(A, 'user:casey', []);
    assert.equal(seen.unread(A, 'user:casey', events(6, 4)).length, 1);
  });

  it('drops stored data that is not a marker, keeping the rest', () => {
    const store = memory({ [A]: { mine: { id: 4 }, bad: { id: 'x' }, worse: 'no', neg: { id: -3 } }, [B]: [1, 2], x: null });
    const seen = new SeenMarkers(store, 'seen');
    assert.deepEqual(seen.marker(A, 'mine'), { id: 4 });
    assert.equal(seen.marker(A, 'bad'), undefined);
    assert.equal(seen.marker(A, 'neg'), undefined);
    assert.equal(seen.marker(B, 'mine'), undefined);
    assert.equal(seen.marker(A, 'constructor'), undefined);
  });
});

describe('unread events belong to one account', () => {
  const alice = accountKey('https://gitlab.example.com', 1);
  const bob = accountKey('https://gitlab.example.com', 3);

  it('keeps each account\'s markers apart, and only signed-in accounts keep theirs (reading the store again first)', async () => {
    const store = memory();
    const seen = new SeenMarkers(store, 'seen');
    await seen.initialize(alice, 'mine', events(3));
    assert.equal(seen.marker(bob, 'mine'), undefined, 'bob has no marker of alice\'s');
    // What was written to the store since it was read counts.
    store.value = { ...(store.value as object), [B]: { mine: { id: 1 } }, 'https://gitlab.other.org': { mine: { id: 2 } } };
    // bob is signed in on A; B's instance is signed in, whose person is not known yet.
    await seen.keepOnly(new Set([bob]), new Set(['https://gitlab.other.org']));
    assert.equal(seen.marker(alice, 'mine'), undefined, 'alice signed out: her markers went');
    assert.deepEqual(seen.marker(B, 'mine'), { id: 1 }, 'the markers of an account on an instance not identified yet wait');
    assert.deepEqual(Object.keys(store.value as object), [B], 'an earlier version\'s, per instance, naming no one, went');
    await seen.keepOnly(new Set());
    assert.deepEqual(store.value, {});
  });
});
