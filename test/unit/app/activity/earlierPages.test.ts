import assert from 'node:assert/strict';
import { feedPlan } from '../../../../src/app/activity/activityTabs';
import { createEventFeeds, earlierEventPages, eventListPlan } from '../../../../src/app/activity/eventFeeds';
import { MAX_EARLIER_BYTES, MAX_EARLIER_ITEMS, MAX_EARLIER_LISTS, type EarlierPageStore } from '../../../../src/app/lists/earlierPages';
import { myActivity } from '../../../../src/app/activity/sources';
import { accountKey } from '../../../../src/app/accountKey';
import { NO_FILTER, type GitLabApi } from '../../../../src/gitlab';
import { normalizeInstanceUrl } from '../../../../src/app/instance';
import { type TestClient, withDoubleAndClient } from '../../gitlab/helpers';
import { makeEvent } from './fixtures';

const NOW = new Date('2024-06-15T12:00:00.000Z');
const KEY = 'earlierPages';
const INSTANCE = 'https://gitlab.example.com';
const OTHER = 'https://other.example.com';
/** alice (user 1) and bob (user 3) on INSTANCE, and alice's account on OTHER. */
const ALICE = accountKey(INSTANCE, 1);
const BOB = accountKey(INSTANCE, 3);
const ALICE_OTHER = accountKey(OTHER, 1);

/** Global state as VS Code keeps it: values go through JSON. */
function memento(): EarlierPageStore & { values: Map<string, unknown> } {
  const values = new Map<string, unknown>();
  return {
    values,
    get: (key) => values.get(key),
    update: async (key, value) => void values.set(key, JSON.parse(JSON.stringify(value))),
  };
}

describe('first pages from an earlier session', () => {
  let t: TestClient;
  withDoubleAndClient({ events: 50, now: () => NOW }, (_started, made) => { t = made; });

  it('shows the last session\'s first page before any request answers, marked as from earlier, then the fresh page replaces it', async () => {
    const store = memento();
    const mine = myActivity(INSTANCE);
    const earlier = [makeEvent({ id: 900001, action_name: 'opened' }), makeEvent({ id: 900002, action_name: 'closed' })];
    await earlierEventPages(store, KEY).remember(ALICE, mine.key, earlier, 'desc');

    // The first events request is held until the seeded rows were looked at.
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    let asked = 0;
    const api = {
      listEvents: async (...args: Parameters<GitLabApi['listEvents']>) => {
        asked += 1;
        await held;
        return t.client.listEvents(...args);
      },
    } as unknown as GitLabApi;
    const feeds = createEventFeeds(eventListPlan(feedPlan('all', NO_FILTER), { pageSize: 5, api: () => api }));
    const page = earlierEventPages(store, KEY).page(ALICE, mine.key)!;
    feeds.seed(mine.key, page.items, page.order);
    const loading = feeds.load(mine);
    assert.equal(asked, 1, 'the first page is asked for');
    const before = feeds.rows(mine.key);
    assert.equal(before.waiting, false, 'rows, not a Loading… row');
    assert.equal(before.earlier, true);
    assert.deepEqual(before.items.map((event) => event.id), [900001, 900002]);

    answer();
    await loading;
    const after = feeds.rows(mine.key);
    assert.equal(after.earlier, false);
    assert.equal(after.items.length, 5);
    assert.ok(after.items.every((event) => event.id !== 900001 && event.id !== 900002), 'the fresh page replaced the earlier rows');
  });

  it('keeps pages per account and list: never shown under another account of the same instance; only signed-in accounts keep theirs', async () => {
    const store = memento();
    const pages = earlierEventPages(store, KEY);
    const project = 'https://gitlab.example.com|project:5';
    await pages.remember(ALICE, project, [makeEvent({ id: 1 })], 'desc');
    await pages.remember(ALICE_OTHER, myActivity(OTHER).key, [makeEvent({ id: 2 })], 'desc');
    assert.equal(pages.page(BOB, project), undefined, 'bob never sees alice\'s page of the same list');
    assert.equal(pages.page(ALICE, myActivity(OTHER).key), undefined, 'another instance\'s list is not this one\'s');
    await pages.remember(BOB, project, [makeEvent({ id: 3 })], 'desc');
    assert.deepEqual(pages.page(ALICE, project)?.items.map((event) => event.id), [1], 'bob\'s page does not replace alice\'s');
    // alice signs out of INSTANCE (bob signed in there instead); her other instance stays.
    await pages.keepOnly(new Set([BOB, ALICE_OTHER]));
    assert.equal(pages.page(ALICE, project), undefined);
    assert.deepEqual(pages.page(BOB, project)?.items.map((event) => event.id), [3]);
    assert.deepEqual(pages.page(ALICE_OTHER, myActivity(OTHER).key)?.items.map((event) => event.id), [2]);
    // Found gone at start: nothing signed in keeps nothing.
    await pages.keepOnly(new Set());
    assert.deepEqual(store.values.get(KEY), []);
  });

  it('an instance whose person is not known yet keeps what waits for it; an earlier version\'s pages, naming no one, go', async () => {
    const store = memento();
    const pages = earlierEventPages(store, KEY);
    await pages.remember(ALICE, 'a', [makeEvent({ id: 1 })], 'desc');
    await pages.remember(ALICE_OTHER, 'b', [makeEvent({ id: 2 })], 'desc');
    const stored = store.values.get(KEY) as unknown[];
    // The version before kept whole server objects: a 1 MB comment stays a tooltip's length.
    const whole = { ...makeEvent({ id: 3, action_name: 'commented on' }), note: { id: 3, body: 'y'.repeat(1024 * 1024) }, extra: 'z'.repeat(1024 * 1024) };
    store.values.set(KEY, [...stored, { account: BOB, list: 'c', order: 'desc', items: [whole] }, { instance: INSTANCE, list: 'd', order: 'desc', items: [] }]);
    await pages.keepOnly(new Set(), new Set([normalizeInstanceUrl(INSTANCE)]));
    const kept = store.values.get(KEY) as Array<{ list: string; items: Array<{ note?: { body: string }; extra?: string }> }>;
    assert.deepEqual(kept.map((page) => page.list), ['a', 'c']);
    assert.equal(kept[1].items[0].note?.body.length, 1500);
    assert.equal(kept[1].items[0].extra, undefined);
    assert.ok(Buffer.byteLength(JSON.stringify(kept), 'utf8') <= MAX_EARLIER_BYTES);
  });

  it('stores only what a row and its tooltip use, cut as they cut it, and at most its byte bound over all lists', async () => {
    const store = memento();
    const pages = earlierEventPages(store, KEY);
    const megabyte = 'x'.repeat(1024 * 1024);
    const note = (id: number) => makeEvent({
      id, action_name: 'commented on', target_type: 'Note', target_title: `Issue ${megabyte}`,
      note: { id, body: megabyte, noteable_type: 'Issue', noteable_iid: 7, extra: megabyte } as never,
      author: { id: 1, username: 'alex', name: 'Alex', extra: megabyte } as never,
      ...{ unknown_field: megabyte, target: { description: megabyte } },
    });
    const page = Array.from({ length: 19 }, (_, index) => note(index + 1));
    for (let list = 0; list < MAX_EARLIER_LISTS; list += 1) await pages.remember(ALICE, `list${list}`, page, 'desc');
    const bytes = Buffer.byteLength(JSON.stringify(store.values.get(KEY)), 'utf8');
    assert.ok(bytes <= MAX_EARLIER_BYTES, `${bytes} bytes stored`);
    const newest = pages.page(ALICE, `list${MAX_EARLIER_LISTS - 1}`)!;
    assert.equal(newest.items.length, 19, 'the newest list is kept whole');
    const kept = newest.items[0] as unknown as Record<string, unknown> & { note: Record<string, unknown>; author: Record<string, unknown> };
    assert.equal(kept.unknown_field, undefined);
    assert.equal(kept.target, undefined);
    assert.equal(kept.note.extra, undefined);
    assert.equal(kept.author.extra, undefined);
    assert.equal((kept.note.body as string).length, 1500, 'cut as a tooltip cuts it');
    assert.equal((kept.target_title as string).length, 200, 'cut as a sentence cuts it');
    assert.equal(pages.page(ALICE, 'list0'), undefined, 'the oldest lists went first');
    // One list alone over the bound keeps the first items that fit.
    const huge = Array.from({ length: MAX_EARLIER_ITEMS }, (_, index) => note(index + 1));
    await pages.remember(BOB, 'huge', huge, 'desc');
    assert.ok(Buffer.byteLength(JSON.stringify(store.values.get(KEY)), 'utf8') <= MAX_EARLIER_BYTES);
    assert.ok((pages.page(BOB, 'huge')?.items.length ?? 0) > 0);
  });

  it('keeps at most its bound of lists, the most recent, each with at most its bound of items', async () => {
    const store = memento();
    const pages = earlierEventPages(store, KEY);
    const many = Array.from({ length: MAX_EARLIER_ITEMS + 10 }, (_, index) => makeEvent({ id: index + 1 }));
    for (let list = 0; list < MAX_EARLIER_LISTS + 5; list += 1) await pages.remember(ALICE, `list${list}`, list === MAX_EARLIER_LISTS + 4 ? many : many.slice(0, 5), 'desc');
    const stored = store.values.get(KEY) as unknown[];
    assert.equal(stored.length, MAX_EARLIER_LISTS);
    assert.equal(pages.page(ALICE, 'list0'), undefined, 'the oldest lists went first');
    assert.equal(pages.page(ALICE, `list${MAX_EARLIER_LISTS + 4}`)?.items.length, MAX_EARLIER_ITEMS);
  });

  it('drops a stored page that the client\'s event reader refuses, and a stored value of the wrong shape', async () => {
    const store = memento();
    const pages = earlierEventPages(store, KEY);
    const mine = myActivity(INSTANCE).key;
    await pages.remember(ALICE, mine, [makeEvent({ id: 1 })], 'desc');
    const stored = store.values.get(KEY) as Array<{ items: unknown[] }>;
    stored[0].items.push({ id: 2, action_name: 42, target_title: '<img src=x>' });
    assert.equal(pages.page(ALICE, mine), undefined, 'an event without a readable action drops the page');
    await pages.remember(ALICE, mine, [makeEvent({ id: 1 })], 'sideways' as never);
    assert.equal(pages.page(ALICE, mine), undefined, 'an unknown order drops the page');
    store.values.set(KEY, { [mine]: 'not a list' });
    assert.equal(pages.page(ALICE, mine), undefined);
    store.values.set(KEY, [{ account: ALICE, list: mine, order: 'desc', items: 'x' }, null, 7]);
    assert.equal(pages.page(ALICE, mine), undefined);
  });

  it('seeds only a list with nothing of its own, and a failed first page takes the earlier rows away', async () => {
    const mine = myActivity(INSTANCE);
    let fail = false;
    const api = {
      listEvents: async (...args: Parameters<GitLabApi['listEvents']>) => {
        if (fail) throw new Error('down');
        return t.client.listEvents(...args);
      },
    } as unknown as GitLabApi;
    const feeds = createEventFeeds(eventListPlan(feedPlan('all', NO_FILTER), { pageSize: 5, api: () => api }));
    await feeds.load(mine);
    feeds.seed(mine.key, [makeEvent({ id: 900001 })], 'desc');
    assert.equal(feeds.rows(mine.key).earlier, false, 'a loaded list keeps its own rows');
    feeds.reset();
    feeds.seed(mine.key, [makeEvent({ id: 900001 })], 'desc');
    fail = true;
    await feeds.load(mine);
    assert.equal(feeds.rows(mine.key).earlier, false);
    assert.deepEqual(feeds.rows(mine.key).items, []);
    assert.equal(feeds.rows(mine.key).after, 'error');
  });
});
