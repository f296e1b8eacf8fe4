import assert from 'node:assert/strict';
import fc from 'fast-check';
import { FeedClient, NO_FILTER, validateFilter, EVENT_ACTIONS, EVENT_TARGET_TYPES, type EventSource } from '../../../src/gitlab';
import { GitLabDouble } from '../../double';
import { makeClient, rejectsWith, type TestClient } from './helpers';

/** The dashboard feeds' reads (notes/gitlab-feeds.md) against the GitLab double, over real HTTP. */

const NOW = new Date('2024-06-15T12:00:00.000Z');

describe('FeedClient against the GitLab double', () => {
  let double: GitLabDouble;
  let t: TestClient;
  let feeds: FeedClient;

  before(async () => { double = await GitLabDouble.start({ now: () => NOW, listingRateLimits: { user_followers: 1 } }); });
  after(() => double.close());
  beforeEach(() => {
    double.clearFaults();
    double.clearLog();
    t = makeClient(double.url);
    feeds = new FeedClient(t.transport);
  });
  afterEach(() => t.close());

  it('sends scope=all with GET /events for "your projects" only: never on a per-user or per-project route, whatever the filter', async () => {
    const filters = fc.record({
      action: fc.option(fc.constantFrom(...EVENT_ACTIONS), { nil: undefined }),
      target_type: fc.option(fc.constantFrom(...EVENT_TARGET_TYPES), { nil: undefined }),
      sort: fc.option(fc.constantFrom('asc' as const, 'desc' as const), { nil: undefined }),
    });
    const sources = fc.constantFrom<EventSource>(
      { kind: 'yourProjects' }, { kind: 'mine' }, { kind: 'user', id: 2 }, { kind: 'user', id: 'sam.taylor' },
      { kind: 'project', id: 1 }, { kind: 'project', id: 'acme/platform/billing' },
    );
    await fc.assert(fc.asyncProperty(sources, filters, fc.integer({ min: 1, max: 3 }), async (source, filter, page) => {
      double.clearLog();
      await feeds.listEvents(source, validateFilter(filter), { page, perPage: 5 });
      const [sent] = double.requests;
      assert.equal(sent.query.scope, source.kind === 'yourProjects' ? 'all' : undefined, `${sent.method} ${sent.rawPath}`);
    }), { numRuns: 40 });
  });

  it('reads GitLab 15\'s window for "your projects": at most 20 events, no next page', async () => {
    const page = await feeds.listEvents({ kind: 'yourProjects' }, NO_FILTER, { page: 1, perPage: 100 });
    assert.ok(page.items.length > 0 && page.items.length <= 20);
    assert.equal(page.nextPage, undefined);
    assert.ok(page.items.every((event) => [1, 2, 3, 5].includes(event.project_id!)));
  });

  it('reads the version; on a server of the plain interface it is unsupported, saying the feeds need GitLab', async () => {
    assert.deepEqual(await feeds.getVersion(), { version: '18.2.1', revision: '6d2a1ae2' });
    const plain = await GitLabDouble.start({ specOnly: true, now: () => NOW });
    const client = makeClient(plain.url);
    try {
      const error = await rejectsWith(new FeedClient(client.transport).getVersion(), 'unsupported');
      assert.match(error.message, /need GitLab/);
    } finally {
      await client.close();
      await plain.close();
    }
  });

  it('lists member and starred projects most recently active first, with last_activity_at, asking GitLab to order them', async () => {
    const member = await feeds.listMemberProjects({ page: 1, perPage: 100 });
    assert.deepEqual(member.items.map((p) => p.id).sort(), [1, 2, 3, 5]);
    const starred = await feeds.listStarredProjects({ kind: 'me' }, { perPage: 100 });
    assert.deepEqual(starred.items.map((p) => p.id).sort(), [1, 2, 4, 6]);
    for (const list of [member.items, starred.items]) {
      const times = list.map((p) => p.last_activity_at ?? '');
      assert.ok(times.every((time) => !Number.isNaN(Date.parse(time))));
      assert.deepEqual(times, [...times].sort().reverse());
    }
    for (const request of double.requests) {
      assert.equal(request.query.order_by, 'last_activity_at');
      assert.equal(request.query.simple, 'true');
    }
  });

  it('another user\'s stars by username; a private profile is an empty list, an unknown user notFound', async () => {
    assert.deepEqual((await feeds.listStarredProjects({ kind: 'user', id: 'sam.taylor' }, {})).items.map((p) => p.id).sort(), [1, 4]);
    assert.deepEqual((await feeds.listStarredProjects({ kind: 'user', id: 4 }, {})).items, []);
    const error = await rejectsWith(feeds.listStarredProjects({ kind: 'user', id: 999 }, {}), 'notFound');
    assert.equal(error.serverMessage, '404 User Not Found');
  });

  it('lists whom a user follows (a private profile among them) and pages them; a private profile\'s own list is notFound', async () => {
    const following = await feeds.listFollowing(1, { perPage: 3 });
    assert.deepEqual(following.items.map((u) => [u.id, u.state]), [[2, 'active'], [3, 'active'], [4, 'active']]);
    assert.equal(following.nextPage, 2);
    assert.deepEqual((await feeds.listFollowing(1, { page: 2, perPage: 3 })).items.map((u) => u.username), ['riley']);
    const error = await rejectsWith(feeds.listFollowing(4, {}), 'notFound');
    assert.equal(error.serverMessage, '404 User Not Found');
  });

  it('refuses a user ID that is not one before sending anything (GitLab routes /following by numeric ID only)', async () => {
    for (const id of [0, -1, 1.5, Number.NaN, 'alex' as unknown as number]) await rejectsWith(feeds.listFollowing(id, {}), 'validation');
    assert.deepEqual(double.requests, []);
  });

  it('signed out, /following is forbidden', async () => {
    const anonymous = makeClient(double.url, { token: () => undefined });
    try {
      const error = await rejectsWith(new FeedClient(anonymous.transport).listFollowing(1, {}), 'forbidden');
      assert.equal(error.serverMessage, '403 Forbidden - Not authorized!');
    } finally {
      await anonymous.close();
    }
  });

  it('keeps a state it does not know and fields it does not read; a wrong type of a used field is a bad response', async () => {
    const body = JSON.stringify([{ id: 9, username: 'ghost', name: 'Ghost', state: 'ldap_blocked', extra: { kept: true } }]);
    double.inject({ fault: { kind: 'malformed', body, contentType: 'application/json' }, path: '/users/1/following' });
    const [ghost] = (await feeds.listFollowing(1, {})).items;
    assert.equal(ghost.state, 'ldap_blocked');
    assert.deepEqual((ghost as unknown as { extra: unknown }).extra, { kept: true });
    double.inject({ fault: { kind: 'malformed', body: '[{"id":1,"username":"x","name":"X","state":7}]', contentType: 'application/json' }, path: '/users/1/following' });
    const error = await rejectsWith(feeds.listFollowing(1, {}), 'badResponse');
    assert.match(error.message, /users\[0\]\.state/);
    double.inject({ fault: { kind: 'malformed', body: '[{"id":1,"name":"P","path_with_namespace":"a/p","web_url":"u","last_activity_at":5}]', contentType: 'application/json' }, path: '/projects' });
    assert.match((await rejectsWith(feeds.listStarredProjects({ kind: 'me' }, {}), 'badResponse')).message, /last_activity_at/);
  });

  it('a listing\'s own rate limit is rateLimited after the retries, with GitLab\'s wait', async () => {
    await feeds.listFollowers(1, {});
    const error = await rejectsWith(feeds.listFollowers(1, {}), 'rateLimited');
    assert.equal(error.retryAfterMs, 60_000);
  });
});
