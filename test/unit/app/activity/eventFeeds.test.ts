import assert from 'node:assert/strict';
import { feedPlan } from '../../../../src/app/activity/activityTabs';
import { createEventFeeds, eventListPlan } from '../../../../src/app/activity/eventFeeds';
import { MY_ACTIVITY, myActivity, projectSources, userSources } from '../../../../src/app/activity/sources';
import { NO_FILTER, validateFilter, type GitLabApi, type GitLabEvent } from '../../../../src/gitlab';
import { GitLabDouble } from '../../../double';
import { makeClient, type TestClient } from '../../gitlab/helpers';
import { makeEvent } from './fixtures';

const NOW = new Date('2024-06-15T12:00:00.000Z');

describe('activity feeds on the list machinery', () => {
  let double: GitLabDouble;
  let t: TestClient;
  before(async () => {
    double = await GitLabDouble.start({ events: 300, now: () => NOW });
    t = makeClient(double.url);
  });
  beforeEach(() => double.clearLog());
  after(async () => {
    await t.close();
    await double.close();
  });

  it('asks each source\'s events listing for what the tab asks the server, a page at a time, and keeps what the tab keeps', async () => {
    const plan = feedPlan('comments', NO_FILTER);
    const feeds = createEventFeeds(eventListPlan(plan, { pageSize: 5, api: () => t.client }));
    await feeds.load(MY_ACTIVITY);
    const asked = double.requests.map((r) => [r.path, r.query.action, r.query.per_page]);
    assert.ok(asked.length >= 1);
    for (const request of asked) assert.deepEqual(request, ['/api/v4/events', 'commented', '5']);
    const events = feeds.get(MY_ACTIVITY.key).items;
    assert.ok(events.length >= 5 && events.every(plan.keep!), 'a page\'s worth of comments');
  });

  it('follows the plan a reset brings: the rows shown stay until the new filter\'s first page replaces them', async () => {
    const feeds = createEventFeeds(eventListPlan(feedPlan('all', NO_FILTER), { pageSize: 5, api: () => t.client }));
    await feeds.load(MY_ACTIVITY);
    const before = feeds.get(MY_ACTIVITY.key).items;
    assert.ok(before.some((e) => e.target_type !== 'MergeRequest'));
    feeds.reset({ keepShown: true, plan: eventListPlan(feedPlan('all', validateFilter({ target_type: 'merge_request' })), { pageSize: 5, api: () => t.client, filtered: true }) });
    const loading = feeds.load(MY_ACTIVITY);
    assert.deepEqual(feeds.get(MY_ACTIVITY.key).items, before, 'the old rows stay while loading');
    await loading;
    assert.equal(double.requests.at(-1)?.query.target_type, 'merge_request');
    const after = feeds.get(MY_ACTIVITY.key).items;
    assert.ok(after.length > 0 && after.every((e) => e.target_type === 'MergeRequest'));
    assert.equal(feeds.rows(MY_ACTIVITY.key).filtered, true);
  });
});

describe('activity feeds: the direction of each list', () => {
  it('records the sort each source\'s pages are asked with, from its first load and again at each reset', async () => {
    const asked: Array<string | undefined> = [];
    const api = {
      listEvents: async (_source: unknown, filter: { sort?: string }) => {
        asked.push(filter.sort);
        return { page: 1, items: [makeEvent({ id: 1 })] };
      },
    } as unknown as GitLabApi;
    const plan = (sort?: 'asc' | 'desc') => eventListPlan(feedPlan('all', validateFilter({ sort })), { pageSize: 20, api: () => api });
    const feeds = createEventFeeds(plan('asc'));
    await feeds.load(MY_ACTIVITY);
    assert.deepEqual([asked.at(-1), feeds.rows(MY_ACTIVITY.key).order], ['asc', 'asc']);
    feeds.reset({ keepShown: true, plan: plan() });
    assert.equal(feeds.rows(MY_ACTIVITY.key).order, 'asc', 'the old rows keep their direction until the new first page');
    await feeds.load(MY_ACTIVITY);
    assert.deepEqual([asked.at(-1), feeds.rows(MY_ACTIVITY.key).order], [undefined, 'desc'], 'GitLab\'s default, newest first');
    feeds.reset({ keepShown: true, plan: plan('asc') });
    feeds.resetOne(MY_ACTIVITY.key);
    await feeds.load(MY_ACTIVITY);
    assert.deepEqual([asked.at(-1), feeds.rows(MY_ACTIVITY.key).order], ['asc', 'asc']);
  });
});

describe('feeds of several instances', () => {
  const COM = 'https://gitlab.com';
  const CORP = 'https://gitlab.corp.example';

  it('keys the same project, user and My Activity apart per instance', () => {
    const keys = [
      myActivity(COM).key, myActivity(CORP).key,
      ...projectSources(['g/p'], [], COM).map((s) => s.key), ...projectSources(['G/P'], [], CORP).map((s) => s.key),
      ...userSources(['jane'], COM).map((s) => s.key), ...userSources(['jane'], CORP).map((s) => s.key),
    ];
    assert.equal(new Set(keys).size, keys.length, keys.join(', '));
    assert.equal(projectSources(['g/p'], ['G/P'], CORP).length, 1, 'a remote project already in the settings is listed once');
    assert.equal(myActivity(CORP).instance, CORP);
  });

  it('reads each source with its own instance\'s client, and none where that instance is signed out', async () => {
    const asked: string[] = [];
    const clientOf = (instance: string): GitLabApi => ({
      listEvents: async () => {
        asked.push(instance);
        return { items: [makeEvent({ id: 1 })], page: 1 };
      },
    } as unknown as GitLabApi);
    const clients = new Map([[COM, clientOf(COM)], [CORP, clientOf(CORP)]]);
    const store = createEventFeeds(eventListPlan(feedPlan('all', NO_FILTER), { pageSize: 20, api: (source) => clients.get(source.instance) }));
    await store.load(myActivity(CORP));
    await store.load(projectSources(['g/p'], [], COM)[0]);
    await store.load(myActivity('https://signed-out.example'));
    assert.deepEqual(asked, [CORP, COM]);
    assert.equal(store.get(myActivity('https://signed-out.example').key).started, false);
  });

  it('tells events apart by id, and keeps those GitLab sent without one', async () => {
    const anonymous: GitLabEvent = { ...makeEvent(), id: undefined };
    const api = { listEvents: async () => ({ items: [makeEvent({ id: 4 }), makeEvent({ id: 4 }), anonymous, anonymous], page: 1 }) } as unknown as GitLabApi;
    const store = createEventFeeds(eventListPlan(feedPlan('all', NO_FILTER), { pageSize: 20, api: () => api }));
    await store.load(MY_ACTIVITY);
    assert.deepEqual(store.get(MY_ACTIVITY.key).items.map((e) => e.id), [4, undefined, undefined]);
  });
});
