import assert from 'node:assert/strict';
import {
  feedSupport, followedPlan, pollStarred, pollYourProjects, projectsToRefresh, readFeedSupport, starredPlan, yourProjectsPlan,
  type FeedOptions,
} from '../../../../src/app/feeds/feedPlans';
import type { FeedPlan } from '../../../../src/app/feeds/feedPlan';
import { MergedFeed } from '../../../../src/app/feeds/mergedFeed';
import { FeedClient, GitLabError, NO_FILTER, validateFilter, type GitLabEvent } from '../../../../src/gitlab';
import { GitLabDouble, type DoubleOptions } from '../../../double';
import { makeClient, type TestClient } from '../../gitlab/helpers';

/** The three feeds against the GitLab double, over real HTTP: every era of `scope=all`, stars, follows, errors, the poll. */

const NOW = new Date('2024-06-15T12:00:00.000Z');

interface Running { double: GitLabDouble; client: TestClient; api: FeedClient }

async function start(options: DoubleOptions = {}): Promise<Running> {
  const double = await GitLabDouble.start({ now: () => NOW, ...options });
  const client = makeClient(double.url);
  return { double, client, api: new FeedClient(client.transport) };
}

async function stop(running: Running): Promise<void> {
  await running.client.close();
  await running.double.close();
}

/** Every row of a feed, load after load. */
async function drain(feed: MergedFeed): Promise<number[]> {
  const rows: number[] = [];
  for (let loads = 0; loads < 500; loads++) {
    const load = await feed.load();
    rows.push(...load.rows.map((row) => row.id!));
    if (!load.more) return rows;
  }
  throw new Error('The feed does not end.');
}

/** The truth: each listing read to its end, one by one, merged by id (newest first), each event once. */
async function union(running: Running, paths: string[]): Promise<number[]> {
  const ids = new Set<number>();
  for (const path of paths) {
    for (let page: number | undefined = 1; page !== undefined;) {
      const response: Response = await fetch(`${running.double.apiUrl}${path}?per_page=100&page=${page}`, { headers: { 'PRIVATE-TOKEN': 'glpat-test-token' } });
      assert.equal(response.status, 200, path);
      for (const event of (await response.json()) as GitLabEvent[]) ids.add(event.id!);
      const next = response.headers.get('x-next-page');
      page = next ? Number(next) : undefined;
    }
  }
  return [...ids].sort((a, b) => b - a);
}

const options = (running: Running, pageSize = 20, extra: Partial<FeedOptions> = {}): FeedOptions => ({ api: running.api, pageSize, ...extra });
const ALEX_PROJECT_EVENTS = ['/projects/1/events', '/projects/2/events', '/projects/3/events', '/projects/5/events'];

describe('dashboard feeds against the GitLab double', () => {
  for (const era of ['window', 'perProject', 'complete'] as const) {
    it(`Your projects, scope=all in its ${era} era: every event of alex's projects once, in order, scope never sent to a project`, async () => {
      const running = await start({ scopeAll: era, events: 400 });
      try {
        const support = await readFeedSupport(running.api);
        assert.equal(support.scopeAllHead, era === 'window');
        const feed = new MergedFeed(yourProjectsPlan(options(running, 30), support));
        assert.deepEqual(await drain(feed), await union(running, ALEX_PROJECT_EVENTS));
        const scoped = running.double.requests.filter((r) => r.query.scope !== undefined);
        assert.ok(scoped.every((r) => r.path === '/api/v4/events'), 'scope went to a per-project route');
        assert.equal(scoped.length, era === 'window' ? 1 : 0);
      } finally {
        await stop(running);
      }
    });
  }

  it('Your projects on GitLab 15+: the first rows one request after the version, no project read', async () => {
    const running = await start();
    try {
      const support = await readFeedSupport(running.api);
      running.double.clearLog();
      const feed = new MergedFeed(yourProjectsPlan(options(running, 5), support));
      const first = await feed.load();
      assert.equal(first.rows.length, 5);
      const paths = running.double.requests.map((r) => r.path).sort();
      assert.deepEqual(paths.filter((path) => path.includes('/projects/')), []);
      assert.ok(paths.includes('/api/v4/events'));
    } finally {
      await stop(running);
    }
  });

  it('a GitLab without scope (before the parameter) never shows only alex\'s own events as his projects\' feed', async () => {
    const running = await start({ ignoresScope: true, gitlabVersion: '11.11.8' });
    try {
      const feed = new MergedFeed(yourProjectsPlan(options(running, 50), await readFeedSupport(running.api)));
      const rows = (await feed.load()).rows;
      assert.ok(rows.some((row) => row.author_id !== 1), 'other people\'s events of his projects');
      assert.ok(!running.double.requests.some((r) => r.query.scope !== undefined), 'no head below 15.0');
      assert.deepEqual([...rows.map((row) => row.id!), ...await drain(feed)], await union(running, ALEX_PROJECT_EVENTS));
    } finally {
      await stop(running);
    }
  });

  it('with the version still on its way, scope=all goes out beside it and is used on GitLab 15+ only (before it, dropped)', async () => {
    for (const version of ['18.2.1', '14.10.5', '11.11.8']) {
      const running = await start({ ignoresScope: version === '11.11.8', gitlabVersion: version, events: 300 });
      try {
        const feed = new MergedFeed(yourProjectsPlan(options(running, 30), readFeedSupport(running.api)));
        const rows = await drain(feed);
        assert.equal(running.double.requests.filter((r) => r.query.scope === 'all').length, 1, `${version}: the head sent beside the version`);
        // A head used below 15.0 would put the 20 newest of the scope=all answer first (11.11.8: alex's own events, a
        // project he is no member of among them). An import's id (newer than its time) may come late, apart from the rows.
        const late = feed.takeLate().map((event) => event.id!);
        assert.deepEqual([...rows, ...late].sort((a, b) => b - a), await union(running, ALEX_PROJECT_EVENTS), version);
        assert.equal(feed.status().headError, undefined);
      } finally {
        await stop(running);
      }
    }
  });

  it('a server of the plain interface is no GitLab: the feeds say in one line that they need it', async () => {
    const running = await start({ specOnly: true });
    try {
      await assert.rejects(readFeedSupport(running.api), (error: GitLabError) => error.kind === 'unsupported' && /need GitLab/.test(error.message));
    } finally {
      await stop(running);
    }
  });

  it('reads GitLab\'s version numbers', () => {
    assert.deepEqual(['18.2.1', '15.0.0-ee', '14.10.5', '17.10.0-pre', 'weird'].map((version) => feedSupport({ version }).scopeAllHead), [true, true, false, true, false]);
  });

  it('Starred projects over 50 projects: the first rows before every source has answered, all of it in order', async () => {
    const running = await start({ feeds: { projects: 100, followees: 0, events: 600 } });
    try {
      running.double.inject({ fault: { kind: 'latency', ms: 5 }, path: /^\/projects\/\d+\/events$/, times: Infinity });
      const feed = new MergedFeed(starredPlan(options(running, 20)));
      const first = await feed.load();
      assert.equal(first.rows.length, 20);
      const starred = feed.status().sources!.length;
      assert.ok(starred > 50, `${starred} starred`);
      const asked = running.double.requests.filter((r) => /^\/api\/v4\/projects\/\d+\/events$/.test(r.path)).length;
      assert.ok(asked < starred / 2, `${asked} of ${starred} sources read for the first page`);
      const paths = feed.status().sources!.map((source) => `/${source.key.replace(':', 's/')}/events`);
      const rest = await drain(feed);
      assert.deepEqual([...first.rows.map((row) => row.id!), ...rest], await union(running, paths));
      assert.ok(running.double.peakInFlight <= 4 + 1);
    } finally {
      await stop(running);
    }
  });

  it('Followed users: each followee\'s events (morgan\'s private profile: done with nothing), and a project\'s 404 or a source\'s own', async () => {
    const running = await start({ events: 300 });
    try {
      const feed = new MergedFeed(followedPlan(options(running, 25), 1));
      const rows = await drain(feed);
      assert.deepEqual(rows, await union(running, ['/users/2/events', '/users/3/events', '/users/4/events', '/users/6/events']));
      assert.deepEqual(feed.status().sources!.map((s) => [s.key, s.progress, s.error?.kind]), [
        ['user:2', 'done', undefined], ['user:3', 'done', undefined], ['user:4', 'done', undefined], ['user:6', 'done', undefined],
      ]);
      assert.equal(feed.status().sources!.find((s) => s.key === 'user:4')!.eventsRead, 0);
      assert.ok(!running.double.requests.some((r) => r.query.scope !== undefined));
    } finally {
      await stop(running);
    }
  });

  it('a starred project deleted while read fails alone (404); the list\'s own rate limit fails the load', async () => {
    const running = await start({ events: 300, listingRateLimits: { user_following: 0 } });
    try {
      const feed = new MergedFeed(starredPlan(options(running, 5)));
      await feed.load();
      running.double.removeProject(4);
      await drain(feed);
      const gone = feed.status().sources!.find((s) => s.key === 'project:4');
      assert.ok(gone?.progress === 'done' || gone?.error?.kind === 'notFound', `handbook: ${gone?.progress} ${gone?.error?.kind}`);
      assert.ok(feed.status().sources!.filter((s) => s.key !== 'project:4').every((s) => s.progress === 'done'));
      const limited = new MergedFeed(followedPlan(options(running, 5), 1));
      await assert.rejects(limited.load(), (error: GitLabError) => error.kind === 'rateLimited');
    } finally {
      await stop(running);
    }
  });

  it('reads at most four pages of whom a user follows (GitLab allows 300): an endless listing is cut there, its rest unknown', async () => {
    const running = await start();
    try {
      running.double.inject({ fault: { kind: 'endlessPages' }, path: '/users/1/following', times: Infinity });
      const feed = new MergedFeed(followedPlan(options(running, 5), 1));
      await feed.load();
      assert.equal(running.double.requests.filter((r) => r.path === '/api/v4/users/1/following').length, 4);
      assert.deepEqual(feed.status().leftOut, { limit: 'unknown', duplicate: 0 });
    } finally {
      await stop(running);
    }
  });

  it('a filter goes to every source, never to scope=all (GitLab would filter within its 20 only)', async () => {
    const running = await start({ events: 400 });
    try {
      const filter = validateFilter({ action: 'pushed' });
      const feed = new MergedFeed(yourProjectsPlan(options(running, 30, { filter }), await readFeedSupport(running.api)));
      const rows = await drain(feed);
      assert.ok(running.double.requests.every((r) => r.query.scope === undefined));
      assert.ok(running.double.requests.filter((r) => r.path.endsWith('/events')).every((r) => r.query.action === 'pushed'));
      const every = await union(running, ALEX_PROJECT_EVENTS);
      assert.ok(rows.length > 0 && rows.length < every.length);
    } finally {
      await stop(running);
    }
  });

  describe('the poll', () => {
    it('Your projects: one request a cycle puts the new events on top', async () => {
      const running = await start();
      try {
        const feed = new MergedFeed(yourProjectsPlan(options(running, 10), await readFeedSupport(running.api)));
        await feed.load();
        const added = [running.double.addEvent({ projectId: 2, authorId: 5 }), running.double.addEvent({ projectId: 1, authorId: 3 })];
        running.double.clearLog();
        const polled = await pollYourProjects(running.api, feed);
        assert.deepEqual(polled.added.map((e) => e.id), added.map((e) => e.id).reverse());
        assert.equal(polled.gap, false);
        assert.equal(running.double.requests.length, 1);
      } finally {
        await stop(running);
      }
    });

    it('Starred projects: one request for the stars, then page 1 of the projects that moved or are within their hour only', async () => {
      let clock = NOW.getTime();
      const running = await start({ now: () => new Date(clock) });
      try {
        const feed = new MergedFeed(starredPlan(options(running, 10)));
        await feed.load();
        const before = new Map(feed.status().sources!.map((s) => [s.key, s.lastActivityAt!] as const));
        clock += 3 * 3_600_000;
        const fresh = running.double.addEvent({ projectId: 6, authorId: 3 });
        running.double.clearLog();
        const { newer, activity } = await pollStarred(running.api, feed, before, clock);
        assert.deepEqual(newer.added.map((e) => e.id), [fresh.id]);
        assert.deepEqual(running.double.requests.map((r) => r.path), ['/api/v4/projects', '/api/v4/projects/6/events']);
        assert.equal(activity.get('project:6'), fresh.createdAt);
      } finally {
        await stop(running);
      }
    });

    it('chooses at most four projects a cycle: moved ones first, then those active within the hour', () => {
      const at = (id: number, iso: string) => ({ id, name: 'p', path_with_namespace: `g/p${id}`, web_url: 'u', last_activity_at: iso });
      const nowMs = Date.parse('2024-06-15T12:00:00Z');
      const before = new Map([['project:1', '2024-06-15T11:30:00.000Z'], ['project:2', '2024-06-14T00:00:00.000Z']]);
      const now = [at(1, '2024-06-15T11:30:00.000Z'), at(2, '2024-06-15T11:59:00.000Z'), at(3, '2024-06-10T00:00:00.000Z'),
        ...[4, 5, 6, 7].map((id) => at(id, '2024-06-15T11:00:00.000Z'))];
      assert.deepEqual(projectsToRefresh(before, now, nowMs), ['project:2', 'project:3', 'project:4', 'project:5']);
      assert.deepEqual(projectsToRefresh(new Map(now.map((p) => [`project:${p.id}`, p.last_activity_at])), now, nowMs), ['project:1', 'project:2']);
    });
  });

  it('plans carry the filter\'s order: oldest first asks every source sort=asc and takes no head', async () => {
    const running = await start({ events: 200 });
    try {
      const plan: FeedPlan = yourProjectsPlan(options(running, 40, { filter: validateFilter({ sort: 'asc' }) }), { version: '18.2.1', scopeAllHead: true });
      assert.equal(plan.order, 'asc');
      assert.equal(plan.head, undefined);
      const rows = await drain(new MergedFeed(plan));
      assert.deepEqual(rows, (await union(running, ALEX_PROJECT_EVENTS)).reverse());
      assert.equal(NO_FILTER.sort, undefined);
    } finally {
      await stop(running);
    }
  });
});
