import assert from 'node:assert/strict';
import { createEventFeeds, eventListPlan } from '../../../src/app/activity/eventFeeds';
import { MY_ACTIVITY } from '../../../src/app/activity/sources';
import { GitLabError, NO_FILTER } from '../../../src/gitlab';
import { GitLabDouble } from '../../double';
import { makeClient, readAllEvents, type TestClient } from './helpers';

/**
 * The client against a server of the interface spec only: no /user, no listings beyond the spec, no pagination
 * headers, events without ids and some without created_at, the spec's 12 custom keys.
 */
describe('GitLabClient against a spec-only server', () => {
  let double: GitLabDouble;
  let t: TestClient;
  before(async () => {
    double = await GitLabDouble.start({ specOnly: true, now: () => new Date('2024-06-15T12:00:00.000Z') });
  });
  after(() => double.close());
  beforeEach(() => { t = makeClient(double.url); });
  afterEach(() => t.close());

  it('pages without headers: a full page may have a successor, a short one ends the listing', async () => {
    const first = await t.client.listEvents({ kind: 'mine' }, NO_FILTER, { page: 1, perPage: 20 });
    assert.equal(first.items.length, 20);
    assert.equal(first.nextPage, 2);
    const all = await readAllEvents(t.client, { kind: 'mine' }, NO_FILTER, 20);
    assert.ok(all.length > 40);
    assert.notEqual(all.length % 20, 0, 'the listing should end on a short page, the case checked here');
    const last = await t.client.listEvents({ kind: 'mine' }, NO_FILTER, { page: Math.ceil(all.length / 20), perPage: 20 });
    assert.deepEqual([last.items.length, last.nextPage], [all.length % 20, undefined], 'a short page ends the listing');
    // A listing that ends exactly on a full page costs one empty page, then ends.
    const whole = await t.client.listEvents({ kind: 'mine' }, NO_FILTER, { page: 1, perPage: all.length });
    assert.deepEqual([whole.items.length, whole.nextPage], [all.length, 2]);
    const empty = await t.client.listEvents({ kind: 'mine' }, NO_FILTER, { page: 2, perPage: all.length });
    assert.deepEqual([empty.items.length, empty.nextPage], [0, undefined]);
  });

  it('loads My Activity page by page into the feed: events without id or time are kept, in server order', async () => {
    const feeds = createEventFeeds(eventListPlan({ request: NO_FILTER }, { pageSize: 20, api: () => t.client }));
    await feeds.load(MY_ACTIVITY);
    const state = feeds.get(MY_ACTIVITY.key);
    assert.equal(state.items.length, 20);
    assert.ok(state.hasMore, 'a full page offers Load more');
    while (state.hasMore) await feeds.loadMore(MY_ACTIVITY);
    assert.equal(state.error, undefined);
    const all = await readAllEvents(t.client, { kind: 'mine' }, NO_FILTER, 100);
    assert.deepEqual(state.items, all, 'the same events in the same order, whatever the page size');
    assert.ok(state.items.every((e) => e.id === undefined));
    assert.ok(state.items.some((e) => e.created_at === undefined), 'some come without created_at, and are kept');
  });

  it('reads and writes settings with the spec\'s 12 boolean keys; /user is a notFound the sign-in can fall back from', async () => {
    const written = await t.client.updateNotificationSettings({ kind: 'project', id: 'acme/website' }, { level: 'custom', events: { new_issue: true } });
    assert.equal(written.level, 'custom');
    assert.equal(Object.keys(written.events ?? {}).length, 12);
    assert.equal(written.events?.new_issue, true);
    const global = await t.client.getNotificationSettings({ kind: 'global' });
    assert.equal(typeof global.level, 'string');
    await assert.rejects(t.client.getCurrentUser(), (error: unknown) => error instanceof GitLabError && error.kind === 'notFound');
  });
});
