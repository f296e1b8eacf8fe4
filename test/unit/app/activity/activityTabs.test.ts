import assert from 'node:assert/strict';
import {
  ACTIVITY_TABS, combinableActions, combinableTargetTypes, feedPlan as tabPlan, tabConflict, type ActivityTab, type FeedPlan,
} from '../../../../src/app/activity/activityTabs';
import { EVENT_ACTIONS, EVENT_TARGET_TYPES } from '../../../../src/gitlab/types';
import { ActivityFilter } from '../../../../src/app/activity/filterState';
import { validateFilter } from '../../../../src/gitlab/filter';
import type { EventFilter, GitLabEvent } from '../../../../src/gitlab/types';
import { GitLabDouble } from '../../../double';
import { TOKEN } from '../../gitlab/helpers';

const NOW = new Date('2024-06-15T12:00:00.000Z');
/** A tab's plan under a raw filter, validated as it is where it enters. */
const feedPlan = (tab: ActivityTab, filter: EventFilter): FeedPlan => tabPlan(tab, validateFilter(filter));

describe('activity tabs: what a tab can be narrowed by', () => {
  it('offers exactly the actions and target types the tab can combine with (a choice is never refused afterwards)', () => {
    for (const tab of ACTIVITY_TABS) {
      const actions = combinableActions(tab, EVENT_ACTIONS);
      for (const action of EVENT_ACTIONS) {
        assert.equal(actions.includes(action), tabConflict(tab, { action }) === undefined, `${tab} + ${action}`);
      }
      const types = combinableTargetTypes(tab, EVENT_TARGET_TYPES);
      for (const type of EVENT_TARGET_TYPES) {
        assert.equal(types.includes(type), tabConflict(tab, { target_type: type }) === undefined, `${tab} + ${type}`);
      }
    }
    assert.deepEqual(combinableActions('wiki', EVENT_ACTIONS), ['created', 'updated', 'destroyed']);
    assert.ok(!combinableActions('wiki', EVENT_ACTIONS).includes('closed'));
    assert.deepEqual(combinableActions('all', EVENT_ACTIONS), [...EVENT_ACTIONS]);
  });
});

describe('activity tabs: requests and client filter', () => {
  it('asks the server for the one action a tab can name, and nothing it would get wrong', () => {
    const requests = Object.fromEntries(ACTIVITY_TABS.map((tab) => [tab, feedPlan(tab, {}).request]));
    assert.deepEqual(requests, {
      all: {}, push: { action: 'pushed' }, merge: { action: 'merged' }, issue: {}, comments: { action: 'commented' },
      wiki: {}, designs: {}, team: {},
    });
    assert.equal(feedPlan('all', {}).keep, undefined, 'All keeps what the server sends');
    for (const tab of ACTIVITY_TABS.filter((t) => t !== 'all')) assert.ok(feedPlan(tab, {}).keep, `${tab} filters on the client`);
  });

  it('combines with the raw filter: dates and sort pass through, an action narrows, a lossy target type is not sent', () => {
    const dates: EventFilter = { after: '2024-06-01', before: '2024-06-10', sort: 'asc' };
    assert.deepEqual(feedPlan('comments', dates).request, { ...dates, action: 'commented' });
    assert.deepEqual(feedPlan('team', { action: 'joined' }).request, { action: 'joined' });
    assert.deepEqual(feedPlan('issue', { action: 'closed', target_type: 'issue' }).request, { action: 'closed' });
    assert.deepEqual(feedPlan('comments', { target_type: 'note' }).request, { action: 'commented' });
    assert.deepEqual(feedPlan('merge', { target_type: 'merge_request' }).request, { action: 'merged', target_type: 'merge_request' });
    assert.deepEqual(feedPlan('all', { target_type: 'note' }).request, { target_type: 'note' });
  });

  it('says why a raw filter cannot narrow a tab, naming both', () => {
    assert.equal(tabConflict('all', { action: 'pushed', target_type: 'note' }), undefined);
    assert.equal(tabConflict('team', { action: 'left' }), undefined);
    assert.match(tabConflict('push', { action: 'closed' }) ?? '', /"Push events".*action "Closed" matches none of them/);
    assert.match(tabConflict('team', { target_type: 'issue' }) ?? '', /"Team".*target type "Issue" matches none/);
    assert.match(tabConflict('comments', { action: 'merged' }) ?? '', /Clear the action filter or choose the tab "All"/);
  });

  it('keeps a tab in the filter: changes that would empty it are refused, stored data that would is dropped', () => {
    const comments = ActivityFilter.EMPTY.withTab('comments').withDateRange('2024-06-01', undefined);
    assert.equal(comments.describe(), 'Comments · from 2024-06-02');
    assert.equal(comments.isEmpty, false);
    assert.throws(() => comments.withAction('pushed'), (error: Error) => /matches none of them/.test(error.message));
    assert.throws(() => ActivityFilter.EMPTY.withAction('pushed').withTab('wiki'), /matches none of them/);
    assert.deepEqual(comments.serialize(), { version: 1, after: '2024-06-01', tab: 'comments' });
    assert.ok(ActivityFilter.deserialize(comments.serialize()).equals(comments));
    assert.equal(ActivityFilter.deserialize({ version: 1, tab: 'push', action: 'closed' }).tab, 'all');
    assert.equal(ActivityFilter.deserialize({ version: 1, tab: 'bogus' }).tab, 'all');
    assert.ok(comments.cleared().isEmpty);
    assert.ok(!comments.equals(comments.withTab('all')));
  });
});

describe('activity tabs against the GitLab double (what GitLab sends)', () => {
  let double: GitLabDouble;
  // `scope=all` lists every event of the user's projects in the era before GitLab 15's 20-event window.
  before(async () => { double = await GitLabDouble.start({ events: 600, scopeAll: 'complete', now: () => NOW }); });
  after(async () => { await double.close(); });

  /** Every event of the signed-in user's projects (`scope=all`) under `query`, read page by page as GitLab serves them. */
  async function all(query: Record<string, string>): Promise<GitLabEvent[]> {
    const events: GitLabEvent[] = [];
    for (let page = 1; ; page++) {
      const params = new URLSearchParams({ ...query, scope: 'all', page: String(page), per_page: '100' });
      const response = await fetch(`${double.apiUrl}/events?${params}`, { headers: { 'PRIVATE-TOKEN': TOKEN } });
      assert.equal(response.status, 200, await response.clone().text());
      events.push(...(await response.json()) as GitLabEvent[]);
      const next = response.headers.get('x-next-page');
      if (!next) return events;
    }
  }
  const query = (filter: EventFilter): Record<string, string> => Object.fromEntries(Object.entries(filter).map(([k, v]) => [k, String(v)]));
  const shown = async (tab: ActivityTab): Promise<GitLabEvent[]> => {
    const plan = feedPlan(tab, {});
    const events = await all(query(plan.request));
    return plan.keep ? events.filter(plan.keep) : events;
  };
  const types = (events: GitLabEvent[]): string[] => [...new Set(events.map((e) => String(e.target_type)))].sort();

  it('Comments holds every comment: notes, diff notes and discussion notes, where target_type=note has plain notes only', async () => {
    const comments = await shown('comments');
    assert.deepEqual(types(comments), ['DiffNote', 'DiscussionNote', 'Note']);
    const byServer = await all({ target_type: 'note' });
    assert.deepEqual(types(byServer), ['Note'], 'the double should answer target_type=note as GitLab does');
    assert.ok(comments.length > byServer.length);
  });

  it('Issue events include work items; Team holds joined, left and membership expired', async () => {
    assert.deepEqual(types(await shown('issue')), ['Issue', 'WorkItem']);
    const team = await shown('team');
    assert.deepEqual([...new Set(team.map((e) => e.action_name))].sort(), ['joined', 'left', 'removed due to membership expiration from']);
  });

  it('Push, Merge, Wiki and Designs hold exactly their kind (Wiki and Designs as target_type=wiki/design would)', async () => {
    const push = await shown('push');
    assert.ok(push.length > 0 && push.every((e) => e.push_data && e.target_type === null));
    const merge = await shown('merge');
    assert.ok(merge.length > 0 && merge.every((e) => e.target_type === 'MergeRequest' && e.action_name === 'accepted'));
    for (const [tab, serverType] of [['wiki', 'wiki'], ['designs', 'design']] as const) {
      const ids = (await shown(tab)).map((e) => e.id);
      assert.ok(ids.length > 0, `no ${tab} events`);
      assert.deepEqual(ids, (await all({ target_type: serverType })).map((e) => e.id));
    }
  });
});
