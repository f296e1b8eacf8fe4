import assert from 'node:assert/strict';
import { ActivityService, type ActivityAccount } from '../../../../src/app/activity/activityService';
import { ActivityFilter } from '../../../../src/app/activity/filterState';
import { DASHBOARD_FEEDS, dashboardFeed, eventSourceOf, type ActivitySource, type DashboardFeed } from '../../../../src/app/activity/sources';
import { accountKey } from '../../../../src/app/accountKey';
import { normalizeInstanceUrl } from '../../../../src/app/instance';
import { ProjectDirectories } from '../../../../src/app/projectDirectory';
import { ListStore } from '../../../../src/app/lists/listStore';
import { FeedClient, type GitLabEvent } from '../../../../src/gitlab';
import { ActivityRows } from '../../../../src/ui/activity/activityRows';
import { GitLabDouble, type DoubleOptions } from '../../../double';
import type { LoggedRequest } from '../../../double/types';
import { makeClient, type TestClient } from '../../gitlab/helpers';

/** The three dashboard feeds as lists of the Activity: its service over real HTTP against the double, its rows. */

const NOW = new Date('2024-06-15T12:00:00.000Z');
const PAGE_SIZE = 5;
const JORDAN = 'glpat-jordan';

function memento() {
  const store = new Map<string, unknown>();
  return { get: (key: string) => store.get(key), update: async (key: string, value: unknown) => { store.set(key, value); } };
}

interface Running { double: GitLabDouble; clients: TestClient[]; key: string }

async function start(options: DoubleOptions = {}): Promise<Running> {
  const double = await GitLabDouble.start({
    now: () => NOW, events: 200, ...options,
    tokens: options.tokens ?? [{ token: 'glpat-test-token', scopes: ['api'], userId: 1 }, { token: JORDAN, scopes: ['api'], userId: 3 }],
  });
  return { double, clients: [], key: normalizeInstanceUrl(double.url) };
}

async function stop(running: Running): Promise<void> {
  for (const client of running.clients) await client.close();
  await running.double.close();
}

/** A person signed in to the double: alex (the default token) unless told. */
function account(running: Running, who: { token?: string; userId?: number } = {}): ActivityAccount {
  const t = makeClient(running.double.url, who.token ? { token: () => who.token! } : {});
  running.clients.push(t);
  const userId = who.userId ?? 1;
  return { key: running.key, instanceUrl: running.double.url, api: t.client, feeds: new FeedClient(t.transport), accountKey: accountKey(running.key, userId), userId };
}

function service(running: Running, accounts: () => ActivityAccount[], store = memento()): ActivityService {
  const t = makeClient(running.double.url);
  running.clients.push(t);
  return new ActivityService({
    accounts, activeInstanceUrl: () => running.double.url, settings: () => ({ pageSize: PAGE_SIZE, entries: { projects: [], users: [] } }),
    workspaceProjects: async () => [], directories: new ProjectDirectories(() => t.client), store, filter: ActivityFilter.EMPTY,
    log: { error: () => undefined }, now: () => NOW.getTime(),
  });
}

const feedOf = (activity: ActivityService, key: string, feed: DashboardFeed): ActivitySource =>
  activity.sources(key).feeds.find((source) => source.ref === feed)!;

/** The whole list, Load more after Load more, as the person would read it. */
async function readAll(activity: ActivityService, source: ActivitySource): Promise<{ ids: number[]; loads: number }> {
  await activity.feeds.load(source);
  let loads = 1;
  while (activity.feeds.get(source.key).hasMore && loads < 200) {
    await activity.feeds.loadMore(source);
    loads += 1;
  }
  const state = activity.feeds.get(source.key);
  assert.equal(state.error, undefined, `${source.key} failed`);
  return { ids: state.items.map((event) => event.id!), loads };
}

/** The truth: each listing read to its end, merged by id, newest first, each event once. */
async function union(running: Running, paths: string[], token = 'glpat-test-token'): Promise<number[]> {
  const ids = new Set<number>();
  for (const path of paths) {
    for (let page: number | undefined = 1; page !== undefined;) {
      const response: Response = await fetch(`${running.double.apiUrl}${path}?per_page=100&page=${page}`, { headers: { 'PRIVATE-TOKEN': token } });
      for (const event of (await response.json()) as GitLabEvent[]) ids.add(event.id!);
      const next = response.headers.get('x-next-page');
      page = next ? Number(next) : undefined;
    }
  }
  return [...ids].sort((a, b) => b - a);
}

const eventRequests = (requests: readonly LoggedRequest[]): LoggedRequest[] => requests.filter((r) => /\/events$/.test(r.path));
const rowsOf = (activity: ActivityService, directories = new ProjectDirectories(() => undefined as never)) => new ActivityRows(activity, directories, () => NOW.getTime());

describe('dashboard feeds in the Activity', () => {
  it('are lists of their own, per account: three per instance, none read as one listing, each apart from My Activity', () => {
    const a = dashboardFeed('starred', 'https://a.example');
    const b = dashboardFeed('starred', 'https://b.example');
    assert.notEqual(a.key, b.key);
    assert.deepEqual(a.source, { kind: 'feed', feed: 'starred' });
    assert.equal(a.from, 'dashboard');
    assert.equal(eventSourceOf(a), undefined, 'a feed is never sent as one listing');
    assert.deepEqual(DASHBOARD_FEEDS.map((feed) => dashboardFeed(feed, '').key), ['feed:yourProjects', 'feed:starred', 'feed:followed']);
  });

  it('a list that keeps itself (a merged feed) is read one page a load, never ahead, even under a tab\'s predicate', async () => {
    let inFlight = 0;
    let most = 0;
    const asked: number[] = [];
    // Short pages with a next one: a list applying the predicate itself would read on, pages ahead.
    const store = new ListStore<{ key: string }, { id: number }>((item) => item.id, {
      pageSize: 5, keep: () => true,
      request: () => ({
        keepsItself: true,
        fetchPage: async (page) => {
          asked.push(page);
          most = Math.max(most, ++inFlight);
          await new Promise((resolve) => setImmediate(resolve));
          inFlight -= 1;
          return { items: [{ id: 100 - page }], page, nextPage: page + 1 };
        },
      }),
    });
    await store.load({ key: 'feed' });
    await store.loadMore({ key: 'feed' });
    assert.deepEqual(asked, [1, 2]);
    assert.equal(most, 1);
  });

  describe('against the double', () => {
    let running: Running;
    before(async () => { running = await start(); });
    after(async () => stop(running));

    it('Your projects through the list machinery, past its first page: every event of alex\'s projects once, in order, scope on /events alone', async () => {
      const alex = account(running);
      const activity = service(running, () => [alex]);
      activity.sessionChanged();
      running.double.clearLog();
      const { ids, loads } = await readAll(activity, feedOf(activity, running.key, 'yourProjects'));
      assert.ok(loads > 2, 'read past its first page');
      assert.deepEqual(ids, await union(running, ['/projects/1/events', '/projects/2/events', '/projects/3/events', '/projects/5/events']));
      const scoped = running.double.requests.filter((r) => r.query.scope !== undefined);
      assert.ok(scoped.length > 0 && scoped.every((r) => r.path === '/api/v4/events' && r.query.scope === 'all'));
      // The first page is the list's: a page a person saw once is kept, as My Activity's.
      assert.ok(activity.allSources().some((source) => source.key === feedOf(activity, running.key, 'yourProjects').key));
    });

    it('Starred projects and People you follow past their first pages; a deleted project and a private profile have their own rows', async () => {
      const alex = account(running);
      const activity = service(running, () => [alex]);
      activity.sessionChanged();
      // billing (2), starred by alex, is gone by the time its events are read.
      running.double.inject({ fault: { kind: 'status', status: 404, body: '{"message":"404 Project Not Found"}' }, method: 'GET', path: '/projects/2/events' });
      try {
        const starred = feedOf(activity, running.key, 'starred');
        const stars = await readAll(activity, starred);
        assert.ok(stars.loads > 2);
        assert.deepEqual(stars.ids, await union(running, ['/projects/1/events', '/projects/4/events', '/projects/6/events']), 'the others go on');
        const followed = feedOf(activity, running.key, 'followed');
        const follows = await readAll(activity, followed);
        assert.ok(follows.loads > 2);
        assert.deepEqual(follows.ids, await union(running, ['/users/2/events', '/users/3/events', '/users/6/events']));
        const rows = rowsOf(activity);
        assert.deepEqual(rows.feedRows(starred).map((row) => row.type === 'feedSource' && [row.key, row.label, row.error?.kind]),
          [['project:2', 'acme/platform/billing', 'notFound']]);
        // morgan's private profile answers `200 []`: nothing, no error.
        assert.deepEqual(rows.feedRows(followed).map((row) => row.type === 'feedSource' && [row.key, row.label, row.error?.kind]),
          [['user:4', 'morgan', undefined]]);
        assert.equal(rows.feedRows(feedOf(activity, running.key, 'yourProjects')).length, 0);
      } finally {
        running.double.clearFaults();
      }
    });

    it('under a tab, a feed reads on page after page: each page is already a page of the tab (nothing asked ahead of its load)', async () => {
      const alex = account(running);
      const activity = service(running, () => [alex]);
      activity.setFilter(ActivityFilter.of({}, 'comments'));
      activity.sessionChanged();
      const { ids, loads } = await readAll(activity, feedOf(activity, running.key, 'starred'));
      assert.ok(loads > 2 && ids.length > PAGE_SIZE);
      const comments = activity.feeds.get(feedOf(activity, running.key, 'starred').key).items;
      assert.ok(comments.every((event) => /^commented/.test(event.action_name ?? '')), 'the tab kept');
    });

    it('two people on one instance, one after the other: each reads his own feeds, nothing of the other\'s kept or shown', async () => {
      let who = account(running);
      const store = memento();
      const activity = service(running, () => [who], store);
      activity.sessionChanged();
      const alexFollows = await readAll(activity, feedOf(activity, running.key, 'followed'));
      assert.ok(alexFollows.ids.length > 0);
      who = account(running, { token: JORDAN, userId: 3 });
      running.double.clearLog();
      activity.sessionChanged();
      const followed = feedOf(activity, running.key, 'followed');
      assert.deepEqual(activity.feeds.get(followed.key).items, [], 'alex\'s rows shown to jordan');
      const jordanFollows = await readAll(activity, followed);
      // jordan follows alex alone.
      assert.deepEqual(jordanFollows.ids, await union(running, ['/users/1/events'], JORDAN));
      assert.ok(running.double.requests.length > 0 && running.double.requests.every((r) => r.userId === 3), 'read with jordan\'s token');
      assert.ok(running.double.requests.some((r) => r.path === '/api/v4/users/3/following'));
    });
  });

  it('Your projects\' first rows one round trip after the token is read: scope=all goes out beside GET /version, before its answer', async () => {
    const running = await start();
    try {
      const alex = account(running);
      const activity = service(running, () => [alex]);
      activity.sessionChanged();
      const source = feedOf(activity, running.key, 'yourProjects');
      // The version held for 2 s: the head must not wait for its answer.
      running.double.inject({ fault: { kind: 'latency', ms: 2_000 }, method: 'GET', path: '/version' });
      running.double.clearLog();
      const loading = activity.feeds.load(source);
      const head = await running.double.waitForArrival((r) => r.path === '/api/v4/events' && r.query.scope === 'all', 1_500);
      assert.ok(head.at > 0);
      assert.ok(!running.double.requests.some((r) => r.path === '/api/v4/version'), 'scope=all waited for the version\'s answer');
      await loading;
      const rows = activity.feeds.get(source.key).items;
      assert.equal(rows.length, PAGE_SIZE);
      // The head's 20, newest first: its first 5 are the rows, no project's events read.
      const scopeAll = await (await fetch(`${running.double.apiUrl}/events?scope=all&per_page=20`, { headers: { 'PRIVATE-TOKEN': 'glpat-test-token' } })).json() as GitLabEvent[];
      assert.deepEqual(rows.map((row) => row.id), scopeAll.slice(0, PAGE_SIZE).map((event) => event.id));
      assert.ok(!running.double.requests.some((r) => /^\/api\/v4\/projects\/\d+\/events$/.test(r.path)));
    } finally {
      await stop(running);
    }
  });

  it('Retry on a failed source\'s row reads that source alone, from where it failed: the rows stay, its newer events go on top, the others are counted late', async () => {
    const running = await start();
    try {
      const alex = account(running);
      const activity = service(running, () => [alex]);
      activity.sessionChanged();
      const starred = feedOf(activity, running.key, 'starred');
      // billing (2), starred by alex, is gone while the feed is read…
      running.double.inject({ fault: { kind: 'status', status: 404, body: '{"message":"404 Project Not Found"}' }, method: 'GET', path: '/projects/2/events' });
      const shown = await readAll(activity, starred);
      assert.equal(activity.feeds.get(starred.key).hasMore, false, 'read to its end');
      // …and back, with a comment newer than every row.
      running.double.clearFaults();
      const added = running.double.addEvent({ projectId: 2, authorId: 2, actionName: 'commented on', targetType: 'Note' } as never);
      running.double.clearLog();
      await activity.retryFeedSource(starred.key, 'project:2');
      const listings = running.double.requests.filter((r) => /\/events$/.test(r.path) || r.path === '/api/v4/projects');
      assert.ok(listings.length > 0, 'nothing read');
      assert.deepEqual([...new Set(listings.map((r) => r.path))], ['/api/v4/projects/2/events'], 'only the retried source\'s listing');
      assert.equal(listings[0].query.page ?? '1', '1', 'from the page it failed at');
      const now = activity.feeds.get(starred.key).items.map((event) => event.id!);
      const onTop = now.slice(0, now.indexOf(shown.ids[0]));
      assert.equal(onTop[0], added.id, 'the new comment on top');
      assert.deepEqual(now.slice(onTop.length, onTop.length + shown.ids.length), shown.ids, 'the rows shown stay, in place');
      const appended = now.slice(onTop.length + shown.ids.length);
      const status = activity.feedStatus(starred.key)!;
      const billing = await union(running, ['/projects/2/events']);
      assert.equal(onTop.length + appended.length + status.late + status.lateDropped, billing.length, 'each of billing\'s events shown or counted');
      assert.ok(status.late > 0, 'billing\'s events among the rows come late');
      const rows = rowsOf(activity).feedRows(starred);
      assert.deepEqual(rows, [{ type: 'feedLate', source: starred, count: status.late + status.lateDropped }], 'its error row gone, the late ones counted');
    } finally {
      await stop(running);
    }
  });

  it('a server of the plain interface: one calm line per feed, no error row, and no request again at a refresh', async () => {
    const running = await start({ specOnly: true, tokens: undefined });
    try {
      const alex = account(running);
      const activity = service(running, () => [alex]);
      activity.sessionChanged();
      const rows = rowsOf(activity);
      for (const source of activity.sources(running.key).feeds) {
        await activity.feeds.load(source);
        const error = activity.feeds.errorOf(source.key);
        assert.equal(error?.kind, 'unsupported');
        assert.deepEqual(rows.instead(source, activity.feeds.rows(source.key), error), [{ type: 'needsGitLab', source }]);
      }
      assert.equal(running.double.requests.filter((r) => r.path === '/api/v4/version').length, 1, 'asked once for the account');
      // Your projects' head goes out beside the version, once at most (the feed stops it when the version fails); a plain
      // server's answer (alex's own events) is dropped.
      const events = eventRequests(running.double.requests).map((r) => `${r.path}?scope=${r.query.scope}`);
      assert.ok(events.length <= 1 && events.every((request) => request === '/api/v4/events?scope=all'), events.join(', '));
      assert.equal(activity.feeds.get(feedOf(activity, running.key, 'yourProjects').key).items.length, 0, 'a plain server\'s /events?scope=all shown');
      running.double.clearLog();
      activity.refresh();
      for (const source of activity.sources(running.key).feeds) await activity.feeds.load(source);
      await activity.pollFeeds();
      assert.deepEqual(running.double.requests.map((r) => r.path), [], 'a refresh and a poll asked again');
      // My Activity reads on.
      await activity.feeds.load(activity.sources(running.key).mine);
      assert.ok(activity.feeds.get(activity.sources(running.key).mine.key).items.length > 0);
    } finally {
      await stop(running);
    }
  });

  it('People you follow past its 100 sources: a row says how many were left out, beside the private profiles\' own rows', async () => {
    const running = await start({ feeds: { projects: 2, followees: 150, events: 1 } });
    try {
      const alex = account(running);
      const activity = service(running, () => [alex]);
      activity.sessionChanged();
      const followed = feedOf(activity, running.key, 'followed');
      await activity.feeds.load(followed);
      const rows = rowsOf(activity).feedRows(followed);
      // alex follows his four of the fixed world and 150 more, 6 of them blocked (GitLab lists active users only): 148,
      // 48 past the 100 a feed reads.
      assert.deepEqual(rows.filter((row) => row.type === 'feedLeftOut'), [{ type: 'feedLeftOut', source: followed, count: 48 }]);
      assert.equal(activity.feedStatus(followed.key)!.sources!.length, 100);
    } finally {
      await stop(running);
    }
  });

  it('a server that ignores scope (a GitLab before it): the poll of Your projects never puts the user\'s own events of other projects on top', async () => {
    const running = await start({ ignoresScope: true, gitlabVersion: '11.0.0' } as DoubleOptions);
    try {
      const alex = account(running);
      const activity = service(running, () => [alex]);
      activity.sessionChanged();
      const source = feedOf(activity, running.key, 'yourProjects');
      await activity.feeds.load(source);
      const before = activity.feeds.get(source.key).items.length;
      assert.ok(before > 0);
      // alex comments on handbook (4): public, he is no member, so not one of his projects.
      running.double.addEvent({ projectId: 4, authorId: 1, actionName: 'commented on', targetType: 'Note' } as never);
      running.double.clearLog();
      await activity.pollFeeds();
      assert.equal(running.double.requests.filter((r) => r.query.scope !== undefined).length, 0, 'scope=all asked of a server that ignores it');
      assert.ok(activity.feeds.get(source.key).items.every((event) => event.project_id !== 4));
    } finally {
      await stop(running);
    }
  });

  it('the poll: Your projects one request, Starred projects its stars and at most four projects, People you follow at most four; new rows on top', async () => {
    const running = await start({ feeds: { projects: 40, followees: 30, events: 4 } });
    try {
      const alex = account(running);
      const activity = service(running, () => [alex]);
      activity.sessionChanged();
      const sources = activity.sources(running.key).feeds;
      for (const source of sources) await activity.feeds.load(source);
      const followed = activity.feedStatus(sources[2].key)!.sources!.length;
      assert.ok(followed > 8, `alex follows ${followed}: a request per source would show`);
      const asked = new Set<string>();
      for (let cycle = 0; cycle < 3; cycle++) {
        // A comment by sam.taylor on website (alex owns it, and has starred it).
        const added = running.double.addEvent({ projectId: 1, authorId: 2, actionName: 'commented on', targetType: 'Note' } as never);
        running.double.clearLog();
        await activity.pollFeeds();
        const sent = running.double.requests;
        const scopeAll = sent.filter((r) => r.path === '/api/v4/events');
        assert.deepEqual(scopeAll.map((r) => [r.query.scope, r.query.per_page]), [['all', '20']], 'Your projects: one request');
        assert.equal(sent.filter((r) => r.path === '/api/v4/projects' && r.query.starred === 'true').length, 1);
        assert.ok(sent.filter((r) => /^\/api\/v4\/projects\/\d+\/events$/.test(r.path)).length <= 4, 'Starred: at most four projects');
        const people = sent.filter((r) => /^\/api\/v4\/users\/\d+\/events$/.test(r.path));
        assert.equal(people.length, 4, 'People you follow: four a cycle');
        for (const r of people) asked.add(r.path);
        assert.ok(sent.length <= 1 + 1 + 4 + 4, `${sent.length} requests in a cycle`);
        for (const feed of ['yourProjects', 'starred'] as const) {
          const top = activity.feeds.get(feedOf(activity, running.key, feed).key).items[0];
          assert.equal(top.id, added.id, `${feed}: the new event on top`);
        }
      }
      // The round robin moves on: three cycles, twelve different followees.
      assert.equal(asked.size, 12);
    } finally {
      await stop(running);
    }
  });
  it('the badge counts an event once however many lists hold it: yours, in My Activity and on top of Your projects', async () => {
    const running = await start();
    try {
      const alex = account(running);
      const activity = service(running, () => [alex]);
      activity.sessionChanged();
      const { mine } = activity.sources(running.key);
      const yours = feedOf(activity, running.key, 'yourProjects');
      await activity.feeds.load(mine);
      await activity.feeds.load(yours);
      await new Promise((resolve) => setImmediate(resolve)); // the first look marks what each shows as seen
      assert.equal(activity.unreadCount(), 0);
      // alex opens two issues in website, his project: his own events, in both lists.
      const added = [1, 2].map(() => running.double.addEvent({ projectId: 1, authorId: 1, action: 'created', targetType: 'Issue' }));
      await activity.newActivity.check();
      await activity.pollFeeds();
      assert.deepEqual(activity.feeds.get(yours.key).items.slice(0, 2).map((event) => event.id), added.map((event) => event.id).reverse());
      assert.equal(activity.unreadCount(), 2, 'found by the check, and on top of Your projects');
      activity.newActivity.show();
      assert.deepEqual(activity.feeds.get(mine.key).items.slice(0, 2).map((event) => event.id), added.map((event) => event.id).reverse());
      assert.equal(activity.unreadCount(), 2, 'shown in both lists');
      await activity.markAllSeen();
      assert.equal(activity.unreadCount(), 0);
    } finally {
      await stop(running);
    }
  });
});
