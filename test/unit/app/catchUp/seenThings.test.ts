import assert from 'node:assert/strict';
import { accountKey } from '../../../../src/app/accountKey';
import { forgetAccountState } from '../../../../src/app/accountStateMigration';
import { MAX_SEEN_BYTES, MAX_SEEN_THINGS, SeenThings } from '../../../../src/app/catchUp/seenThings';
import { groupThings, thingKey, type ThingRef } from '../../../../src/app/catchUp/thingGroups';
import { STATE_KEYS } from '../../../../src/ids';
import { noteEvent } from '../activity/fixtures';

const ALICE = accountKey('https://gitlab.example.com', 1);
const BOB = accountKey('https://gitlab.example.com', 2);

function memory(initial: Record<string, unknown> = {}) {
  const values = new Map<string, unknown>(Object.entries(initial));
  return {
    values,
    get: (key: string) => values.get(key),
    keys: () => [...values.keys()],
    update: async (key: string, value: unknown) => {
      if (value === undefined) values.delete(key);
      else values.set(key, JSON.parse(JSON.stringify(value)));
    },
  };
}

const ISSUE: ThingRef = { kind: 'issue', projectId: 5, iid: 12 };
const comment = (id: number, minute: number) => ({ ...noteEvent({ id: 900 + id }), id, created_at: `2026-11-03T10:${String(minute).padStart(2, '0')}:00.000Z` });

describe('catch-up: seen marks', () => {
  it('Mark as Seen clears the thing; its next change brings it back; an update alone too', async () => {
    const seen = new SeenThings(memory());
    const first = groupThings({ events: [comment(2, 2), comment(1, 1)], seen: (key) => seen.mark(ALICE, key) });
    assert.equal(first.things.length, 1);
    await seen.markSeen(ALICE, first.things);
    assert.deepEqual(seen.mark(ALICE, thingKey(ISSUE)), { id: 2, createdAt: '2026-11-03T10:02:00.000Z' });
    assert.equal(groupThings({ events: [comment(2, 2), comment(1, 1)], seen: (key) => seen.mark(ALICE, key) }).things.length, 0);
    const next = groupThings({ events: [comment(3, 3), comment(2, 2)], seen: (key) => seen.mark(ALICE, key) });
    assert.deepEqual(next.things[0].events.map((event) => event.id), [3]);
    const updated = groupThings({ events: [], seen: (key) => seen.mark(ALICE, key), updates: [{ ref: ISSUE, updatedAt: '2026-11-03T10:30:00Z' }] });
    assert.equal(updated.things[0].summary.updated, true);
    await seen.markSeen(ALICE, updated.things);
    // GraphQL's whole second: seen up to its end (its event, read later, is behind it).
    assert.deepEqual(seen.mark(ALICE, thingKey(ISSUE)), { id: 2, createdAt: '2026-11-03T10:30:00.999Z' }, 'the time moves on, the event id stays');
  });

  it('a mark never goes back', async () => {
    const seen = new SeenThings(memory());
    await seen.markSeen(ALICE, [{ key: 'k', newest: { id: 9, createdAt: '2026-11-03T10:09:00.000Z' } }]);
    await seen.markSeen(ALICE, [{ key: 'k', newest: { id: 3, createdAt: '2026-11-03T10:01:00.000Z' } }]);
    assert.deepEqual(seen.mark(ALICE, 'k'), { id: 9, createdAt: '2026-11-03T10:09:00.000Z' });
  });

  it('seen in the browser at T (recentlyViewedItems): the events before T are seen, the later ones not', async () => {
    const seen = new SeenThings(memory());
    const { things } = groupThings({ events: [comment(3, 30), comment(2, 20), comment(1, 10)] });
    await seen.markSeenUpTo(ALICE, things[0], '2026-11-03T10:25:00Z');
    const after = groupThings({ events: [comment(3, 30), comment(2, 20), comment(1, 10)], seen: (key) => seen.mark(ALICE, key) });
    assert.deepEqual(after.things[0].events.map((event) => event.id), [3]);
  });

  it('keeps each account\'s marks apart; one signed out keeps none, at sign-out or when the accounts are taken again', async () => {
    const store = memory();
    const seen = new SeenThings(store);
    await seen.markSeen(ALICE, [{ key: 'k', newest: { id: 9 } }]);
    await seen.markSeen(BOB, [{ key: 'k', newest: { id: 4 } }]);
    assert.deepEqual([seen.mark(ALICE, 'k')?.id, seen.mark(BOB, 'k')?.id], [9, 4]);
    await forgetAccountState(store, ALICE);
    assert.deepEqual(Object.keys(store.get(STATE_KEYS.catchUpSeen) as object), [BOB], 'sign-out removes what the account marked seen');
    await seen.keepOnly(new Set([ALICE]));
    assert.equal(seen.mark(BOB, 'k'), undefined);
    assert.deepEqual(store.get(STATE_KEYS.catchUpSeen), {});
  });

  it('stores at most its bounds of things and bytes an account, the ones marked longest ago going first', async () => {
    const store = memory();
    const seen = new SeenThings(store);
    const long = 'x'.repeat(200);
    for (let batch = 0; batch < 5; batch++) {
      await seen.markSeen(ALICE, Array.from({ length: 1000 }, (_, i) => ({ key: `p${batch}/${long}/${i}`, newest: { id: batch * 1000 + i + 1, createdAt: '2026-11-03T10:00:00.000Z' } })));
    }
    const stored = (store.get(STATE_KEYS.catchUpSeen) as Record<string, Record<string, unknown>>)[ALICE];
    const bytes = new TextEncoder().encode(JSON.stringify(stored)).length;
    assert.ok(bytes <= MAX_SEEN_BYTES, `${bytes} bytes stored`);
    assert.ok(Object.keys(stored).length <= MAX_SEEN_THINGS);
    assert.equal(seen.mark(ALICE, `p4/${long}/999`)?.id, 5000, 'the newest mark is kept');
    assert.equal(seen.mark(ALICE, `p0/${long}/0`), undefined, 'the oldest went');
  });

  it('reads stored marks as untrusted: what is not a mark is dropped', () => {
    const seen = new SeenThings(memory({ [STATE_KEYS.catchUpSeen]: { [ALICE]: { good: { id: 3 }, bad: { id: -1 }, worse: 'x' }, nobody: { k: { id: 1 } } } }));
    assert.deepEqual(seen.mark(ALICE, 'good'), { id: 3 });
    assert.equal(seen.mark(ALICE, 'bad'), undefined);
    assert.equal(seen.mark(ALICE, 'worse'), undefined);
  });
});
