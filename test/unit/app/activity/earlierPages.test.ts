import assert from 'node:assert/strict';
import { feedPlan } from '../../../../src/app/activity/activityTabs';
import { createEventFeeds, earlierEventPages, eventListPlan } from '../../../../src/app/activity/eventFeeds';
import { MAX_EARLIER_ITEMS, MAX_EARLIER_LISTS, type EarlierPageStore } from '../../../../src/app/lists/earlierPages';
import { myActivity } from '../../../../src/app/activity/sources';
import { NO_FILTER, type GitLabApi } from '../../../../src/gitlab';
import { type TestClient, withDoubleAndClient } from '../../gitlab/helpers';
import { makeEvent } from './fixtures';

const NOW = new Date('2024-06-15T12:00:00.000Z');
const KEY = 'earlierPages';
const INSTANCE = 'https://gitlab.example.com';
const OTHER = 'https://other.example.com';

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
    await earlierEventPages(store, KEY).remember(INSTANCE, mine.key, earlier, 'desc');

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
    const page = earlierEventPages(store, KEY).page(INSTANCE, mine.key)!;
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

  it('keeps pages per instance and list, and forgets only the signed-out instance\'s', async () => {
    const store = memento();
    const pages = earlierEventPages(store, KEY);
    await pages.remember(INSTANCE, myActivity(INSTANCE).key, [makeEvent({ id: 1 })], 'desc');
    await pages.remember(OTHER, myActivity(OTHER).key, [makeEvent({ id: 2 })], 'desc');
    assert.equal(pages.page(INSTANCE, myActivity(OTHER).key), undefined, 'another instance\'s list is not this one\'s');
    await pages.forget(INSTANCE);
    assert.equal(pages.page(INSTANCE, myActivity(INSTANCE).key), undefined);
    assert.deepEqual(pages.page(OTHER, myActivity(OTHER).key)?.items.map((event) => event.id), [2]);
  });

  it('keeps at most its bound of lists, the most recent, each with at most its bound of items', async () => {
    const store = memento();
    const pages = earlierEventPages(store, KEY);
    const many = Array.from({ length: MAX_EARLIER_ITEMS + 10 }, (_, index) => makeEvent({ id: index + 1 }));
    for (let list = 0; list < MAX_EARLIER_LISTS + 5; list += 1) await pages.remember(INSTANCE, `list${list}`, many, 'desc');
    const stored = store.values.get(KEY) as unknown[];
    assert.equal(stored.length, MAX_EARLIER_LISTS);
    assert.equal(pages.page(INSTANCE, 'list0'), undefined, 'the oldest lists went first');
    assert.equal(pages.page(INSTANCE, `list${MAX_EARLIER_LISTS + 4}`)?.items.length, MAX_EARLIER_ITEMS);
  });

  it('drops a stored page that the client\'s event reader refuses, and a stored value of the wrong shape', async () => {
    const store = memento();
    const pages = earlierEventPages(store, KEY);
    const mine = myActivity(INSTANCE).key;
    await pages.remember(INSTANCE, mine, [makeEvent({ id: 1 })], 'desc');
    const stored = store.values.get(KEY) as Array<{ items: unknown[] }>;
    stored[0].items.push({ id: 2, action_name: 42, target_title: '<img src=x>' });
    assert.equal(pages.page(INSTANCE, mine), undefined, 'an event without a readable action drops the page');
    await pages.remember(INSTANCE, mine, [makeEvent({ id: 1 })], 'sideways' as never);
    assert.equal(pages.page(INSTANCE, mine), undefined, 'an unknown order drops the page');
    store.values.set(KEY, { [mine]: 'not a list' });
    assert.equal(pages.page(INSTANCE, mine), undefined);
    store.values.set(KEY, [{ instance: INSTANCE, list: mine, order: 'desc', items: 'x' }, null, 7]);
    assert.equal(pages.page(INSTANCE, mine), undefined);
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
