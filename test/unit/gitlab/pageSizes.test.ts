import assert from 'node:assert/strict';
import { feedPlan } from '../../../src/app/activity/activityTabs';
import { createEventFeeds, eventListPlan } from '../../../src/app/activity/eventFeeds';
import { MY_ACTIVITY } from '../../../src/app/activity/sources';
import { SubscriptionFilter } from '../../../src/app/subscriptions/subscriptionFilter';
import { subscriptionSource } from '../../../src/app/subscriptions/subscriptionLists';
import { SubscriptionService } from '../../../src/app/subscriptions/subscriptionService';
import { createTodoLists, todoSource } from '../../../src/app/todos/todoLists';
import { TodoViewFilter } from '../../../src/app/todos/todoViewFilter';
import { NO_FILTER, SubscriptionClient, TodoClient } from '../../../src/gitlab';
import { GitLabDouble } from '../../double';
import { makeClient, type TestClient } from './helpers';

const NOW = new Date('2024-06-15T12:00:00.000Z');
/** What the hostile server sends for any page: 10,000 items (to-dos that many stay under the 20 MB a body may take), whatever was asked. */
const HUGE = 10_000;

/**
 * Every page reader keeps at most the page it asked for (GitLab never sends more): against a server that answers
 * 20,000 items to a request for 20, over REST and GraphQL, through the clients and through each view's lists.
 */
describe('pages cut to the size asked, whatever the server sends', function () {
  this.timeout(30_000);
  let double: GitLabDouble;
  let t: TestClient;
  let todos: TodoClient;
  let subscriptions: SubscriptionClient;
  before(async () => {
    double = await GitLabDouble.start({ edition: 'ee', events: 60, todos: 30, now: () => NOW });
    t = makeClient(double.url);
    todos = new TodoClient(t.transport);
    subscriptions = new SubscriptionClient(t.transport);
    await subscriptions.probeSubscriptionFilter();
  });
  afterEach(() => double.clearFaults());
  after(async () => {
    await t.close();
    await double.close();
  });
  const oversized = (path: string) => double.inject({ fault: { kind: 'oversizedPage', items: HUGE }, path, times: Infinity });

  it('REST: events, to-dos, groups, projects and labels keep the 20 asked for', async () => {
    double.inject({ fault: { kind: 'oversizedPage', items: HUGE }, path: /^\/(events|todos|groups|projects|projects\/1\/labels)$/, times: Infinity });
    double.clearLog();
    const pages = {
      events: await t.client.listEvents({ kind: 'mine' }, NO_FILTER, { page: 1, perPage: 20 }),
      todos: await todos.listTodos({}, { page: 1, perPage: 20 }),
      groups: await subscriptions.listMemberGroups({ page: 1, perPage: 20 }),
      projects: await t.client.listMyProjects({ page: 1, perPage: 20 }),
      labels: await subscriptions.listLabels({ project: 1 }, { page: 1, perPage: 20 }),
    };
    for (const [name, page] of Object.entries(pages)) assert.equal(page.items.length, 20, name);
    const sent = double.requests.filter((r) => r.status === 200).length;
    assert.equal(sent, 5, 'each answered once, with 10,000');
  });

  it('GraphQL: subscribed issues, merge requests, epics, a project\'s things and snoozed to-dos keep what was asked', async () => {
    oversized('/api/graphql');
    assert.equal((await subscriptions.listSubscribedIssues({ first: 20 })).items.length, 20);
    assert.equal((await subscriptions.listSubscribedMergeRequests({ group: 'acme' }, { first: 20 })).items.length, 20);
    assert.equal((await subscriptions.listSubscribedEpics('acme', { first: 20 })).items.length, 20);
    assert.equal((await todos.listSnoozedTodos({ first: 20 })).items.length, 20);
    assert.ok((await subscriptions.listProjectThings('acme/website')).length <= 200, 'at most 100 issues and 100 merge requests');
  });

  it('the To-Do List, the Subscriptions list and the Activity view show at most a page of 20 after one load', async () => {
    oversized('/todos');
    oversized('/events');
    oversized('/api/graphql');
    const todoLists = createTodoLists({ pageSize: 20, api: () => todos, filter: TodoViewFilter.EMPTY });
    await todoLists.load(todoSource('a'));
    assert.equal(todoLists.errorOf(todoSource('a').key), undefined);
    assert.equal(todoLists.rows(todoSource('a').key).items.length, 20);
    const account = { key: 'a', instanceUrl: double.url, subscriptions, api: t.client };
    const service = new SubscriptionService({ accounts: () => [account], pageSize: () => 20, log: { error: () => undefined }, filter: SubscriptionFilter.EMPTY });
    await service.lists.load(subscriptionSource('a', 'issue'));
    assert.equal(service.lists.rows(subscriptionSource('a', 'issue').key).items.length, 20);
    const feeds = createEventFeeds(eventListPlan(feedPlan('all', NO_FILTER), { pageSize: 20, api: () => t.client }));
    await feeds.load(MY_ACTIVITY);
    assert.equal(feeds.rows(MY_ACTIVITY.key).items.length, 20);
  });
});
