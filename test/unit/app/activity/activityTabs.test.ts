import assert from 'node:assert/strict';
import {
  ACTIVITY_TABS, combinableActions, combinableTargetTypes, feedPlan, tabConflict, type ActivityTab,
} from '../../../../src/app/activity/activityTabs';
import { EVENT_ACTIONS, EVENT_TARGET_TYPES } from '../../../../src/gitlab/types';
import { ActivityFilter } from '../../../../src/app/activity/filterState';
import { loadMatching } from '../../../../src/app/activity/matchingLoader';
import { PagingState } from '../../../../src/app/activity/pagingState';
import type { EventFilter, GitLabEvent, Page } from '../../../../src/gitlab/types';
import { GitLabDouble } from '../../../double';
import { TOKEN } from '../../gitlab/helpers';
import { makeEvent } from './fixtures';

const NOW = new Date('2024-06-15T12:00:00.000Z');

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
    assert.match(tabConflict('push', { action: 'closed' }) ?? '', /"Push events".*action "closed" matches none of them/);
    assert.match(tabConflict('team', { target_type: 'issue' }) ?? '', /"Team".*target type "issue" matches none/);
    assert.match(tabConflict('comments', { action: 'merged' }) ?? '', /Clear the action filter or choose the tab "All"/);
  });

  it('keeps a tab in the filter: changes that would empty it are refused, stored data that would is dropped', () => {
    const comments = ActivityFilter.EMPTY.withTab('comments').withDateRange('2024-06-01', undefined);
    assert.equal(comments.describe(), 'Comments · after 2024-06-01');
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
  before(async () => { double = await GitLabDouble.start({ events: 600, now: () => NOW }); });
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

describe('loading matching events with a bound', () => {
  const event = (id: number, kind: 'issue' | 'push'): GitLabEvent => kind === 'issue'
    ? makeEvent({ id })
    : makeEvent({ id, action_name: 'pushed to', target_type: null, target_id: null, target_title: null });
  /** Pages of 4 events, newest first; page n's kinds given by `kinds[n - 1]`. */
  function server(kinds: Array<Array<'issue' | 'push'>>): { calls: number[]; fetchPage(page: number): Promise<Page<GitLabEvent>> } {
    const calls: number[] = [];
    return {
      calls,
      fetchPage: async (page) => {
        calls.push(page);
        const items = (kinds[page - 1] ?? []).map((kind, i) => event(1000 - page * 10 - i, kind));
        return { page, items, nextPage: page < kinds.length ? page + 1 : undefined };
      },
    };
  }
  const keep = feedPlan('issue', {}).keep!;
  const pushes = (): Array<'issue' | 'push'> => ['push', 'push', 'push', 'push'];

  it('reads past pages without a match until it has a page\'s worth', async () => {
    const api = server([pushes(), ['issue', 'push', 'push', 'push'], pushes(), ['issue', 'issue', 'issue', 'push'], ['issue', 'issue', 'issue', 'issue']]);
    const state = new PagingState();
    const reported: number[] = [];
    const end = await loadMatching(state, { want: 4, maxRequests: 10, keep, fetchPage: api.fetchPage, onPage: () => reported.push(state.events.length) });
    assert.equal(end, 'full');
    assert.deepEqual(api.calls, [1, 2, 3, 4]);
    assert.equal(state.events.length, 4);
    assert.ok(state.events.every(keep));
    assert.deepEqual(reported, [0, 1, 1, 4]);
    assert.equal(state.nextPage, 5);
    assert.equal(state.progress, undefined);
    assert.equal(state.stoppedAtBound, undefined);
  });

  it('stops at its bound and says how far it got; the next load goes on from there', async () => {
    const api = server([pushes(), ['issue', 'push', 'push', 'push'], pushes(), pushes(), ['issue', 'issue', 'issue', 'issue']]);
    const state = new PagingState();
    assert.equal(await loadMatching(state, { want: 4, maxRequests: 3, keep, fetchPage: api.fetchPage }), 'bound');
    assert.deepEqual(api.calls, [1, 2, 3], 'no page asked for past the bound, read-ahead included');
    assert.deepEqual(state.stoppedAtBound, { requests: 3, found: 1 });
    assert.equal(state.hasMore, true);
    assert.equal(state.loading, false);
    assert.equal(await loadMatching(state, { want: 4, maxRequests: 3, keep, fetchPage: api.fetchPage }), 'full');
    // Page 6 was read ahead with 4 and 5; page 5 is the end, so its answer is not used.
    assert.deepEqual(api.calls, [1, 2, 3, 4, 5, 6]);
    assert.equal(state.stoppedAtBound, undefined);
    assert.equal(state.events.length, 5);
  });

  it('under a tab, reads ahead with at most its window of pages in flight, applying them in order', async () => {
    const kinds: Array<Array<'issue' | 'push'>> = [pushes(), pushes(), ['issue', 'push', 'push', 'push'], pushes(), pushes(), ['issue', 'issue', 'issue', 'push'], pushes(), pushes()];
    let inFlight = 0;
    let peak = 0;
    const calls: number[] = [];
    const fetchPage = async (page: number): Promise<Page<GitLabEvent>> => {
      calls.push(page);
      peak = Math.max(peak, ++inFlight);
      await new Promise((resolve) => setTimeout(resolve, 5 + ((page * 7) % 5))); // answers out of order
      inFlight -= 1;
      const items = (kinds[page - 1] ?? []).map((kind, i) => event(1000 - page * 10 - i, kind));
      return { page, items, nextPage: page < kinds.length ? page + 1 : undefined };
    };
    const state = new PagingState();
    assert.equal(await loadMatching(state, { want: 4, maxRequests: 10, window: 3, keep, fetchPage }), 'full');
    assert.equal(peak, 3);
    assert.deepEqual(state.events.map((e) => e.id), [970, 940, 939, 938], 'the matching events, newest first');
    assert.equal(state.nextPage, 7, 'pages read ahead past the one that filled the page are not applied');
    assert.ok(calls.length <= 9 && calls.slice(0, 6).every((page, i) => page === i + 1));
    // A plain load (no tab) asks for one page.
    const plain = new PagingState();
    calls.length = 0;
    assert.equal(await loadMatching(plain, { want: 4, maxRequests: 10, window: 3, fetchPage }), 'full');
    assert.deepEqual(calls, [1]);
  });

  it('ends at the server\'s end, and records a failed page for a retry', async () => {
    const api = server([pushes(), ['issue', 'push', 'push', 'push']]);
    const state = new PagingState();
    assert.equal(await loadMatching(state, { want: 4, maxRequests: 10, keep, fetchPage: api.fetchPage }), 'end');
    assert.equal(state.hasMore, false);
    const failing = new PagingState();
    const fetchPage = async (): Promise<Page<GitLabEvent>> => { throw new Error('down'); };
    assert.equal(await loadMatching(failing, { want: 4, maxRequests: 10, keep, fetchPage }), 'failed');
    assert.equal(failing.hasError, true);
    assert.equal(failing.nextPage, 1);
  });

  it('without a client filter reads one page, short or not', async () => {
    const api = server([pushes(), pushes()]);
    const state = new PagingState();
    assert.equal(await loadMatching(state, { want: 10, maxRequests: 10, fetchPage: api.fetchPage }), 'full');
    assert.deepEqual(api.calls, [1]);
  });

  it('a reset while a page is in flight makes the rest of the load stale', async () => {
    const state = new PagingState();
    const end = loadMatching(state, {
      want: 4, maxRequests: 10, keep,
      fetchPage: async (page) => { state.reset(); return { page, items: [event(1, 'issue')], nextPage: 2 }; },
    });
    assert.equal(await end, 'stale');
    assert.deepEqual(state.events, []);
  });
});
