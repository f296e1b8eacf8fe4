import assert from 'node:assert/strict';
import { GitLabDouble } from '../../double';
import { canSeeEvent, projectAccess } from '../../double/world/access';
import { allPages, call, FIXED_NOW, TOKEN } from './http';

/** The dashboard feeds (notes/gitlab-feeds.md): `scope=all` in its eras, stars, follows, `/version`, the listings' limits. */

const ids = (body: Array<{ id: number }>): number[] => body.map((item) => item.id);
const TOKENS = [
  { token: TOKEN, scopes: ['api' as const], userId: 1 },
  { token: 'sam', scopes: ['api' as const], userId: 2 },
  { token: 'morgan', scopes: ['api' as const], userId: 4 },
];
/** Alex's authorized projects: website and billing through acme (billing only through the group), mockups as a Guest, his own dotfiles. */
const ALEX_PROJECTS = [1, 2, 3, 5];

/** The ids of the events alex may see among `eventIds`, newest first, as a listing would show them. */
function visibleToAlex(double: GitLabDouble, eventIds: Iterable<number>): number[] {
  const wanted = new Set(eventIds);
  return double.data.events.filter((event) => wanted.has(event.id)).filter((event) => {
    const project = double.data.projects.find((p) => p.id === event.projectId)!;
    return canSeeEvent(event, project, 1, projectAccess(double.data, project, 1));
  }).map((event) => event.id).reverse();
}

/** The 20 newest events of alex's projects, visible or not: GitLab 15's window. */
function newestTwenty(double: GitLabDouble): number[] {
  return double.data.events.filter((e) => ALEX_PROJECTS.includes(e.projectId)).slice(-20).map((e) => e.id);
}

describe('GitLab double: dashboard feeds', () => {
  describe('GET /events?scope=all on GitLab 15.0 and later: the 20 newest events over the authorized projects (§1.4)', () => {
    let double: GitLabDouble;
    before(async () => { double = await GitLabDouble.start({ now: () => FIXED_NOW, tokens: TOKENS }); });
    after(() => double.close());

    it('answers the 20 newest events of alex\'s projects he may see, and nothing on page 2, whatever per_page', async () => {
      const reply = await call(double, '/events?scope=all&per_page=100');
      assert.deepEqual(ids(reply.body), visibleToAlex(double, newestTwenty(double)));
      assert.ok(Number(reply.headers.get('x-total')) <= 20);
      assert.equal(reply.headers.get('x-next-page'), '');
      assert.deepEqual((await call(double, '/events?scope=all&per_page=100&page=2')).body, []);
      const small = (await allPages(double, '/events?scope=all&per_page=5')).flatMap((page) => ids(page.body));
      assert.deepEqual(small, ids(reply.body));
    });

    it('covers a project reached only through a group, and no public project alex is not a member of', async () => {
      const billing = double.data.projects.find((p) => p.id === 2)!;
      assert.equal(billing.members[1], undefined, 'alex is no member of billing itself');
      double.addEvent({ projectId: 2, authorId: 5 });
      double.addEvent({ projectId: 4, authorId: 6 });
      const listed = (await call(double, '/events?scope=all&per_page=100')).body as Array<{ project_id: number }>;
      assert.equal(listed[0].project_id, 2, 'the newest event of alex\'s projects is billing\'s');
      assert.ok(listed.every((event) => ALEX_PROJECTS.includes(event.project_id)), 'never handbook (public) or forum (internal)');
    });

    it('filters, sorts and dates within the window: merges among the 20 newest only, the same 20 ascending, an old range empty', async () => {
      const window = new Set(visibleToAlex(double, newestTwenty(double)));
      const pushes = (await call(double, '/events?scope=all&per_page=100&action=pushed')).body;
      assert.ok(ids(pushes).every((id) => window.has(id)));
      const ascending = ids((await call(double, '/events?scope=all&per_page=100&sort=asc')).body);
      assert.deepEqual(ascending, [...window].sort((a, b) => a - b));
      assert.deepEqual((await call(double, '/events?scope=all&per_page=100&before=2024-06-01')).body, [],
        'older events of alex\'s projects exist, but not in the window');
      assert.ok(double.data.events.some((e) => ALEX_PROJECTS.includes(e.projectId) && e.createdAt < '2024-06-01'));
    });

    it('drops what alex may not see after taking the window: a short page whose X-Total counts the 20', async () => {
      for (let n = 0; n < 5; n++) double.addEvent({ projectId: 3, authorId: 4, action: 'pushed', targetType: null }); // alex is a Guest there
      const reply = await call(double, '/events?scope=all&per_page=20');
      assert.equal(reply.headers.get('x-total'), '20');
      assert.equal(reply.body.length, visibleToAlex(double, newestTwenty(double)).length);
      assert.ok(reply.body.length <= 15);
    });

    it('answers the caller\'s dashboard on /users/:id/events and /projects/:id/events too, signed in (§1.7)', async () => {
      const dashboard = ids((await call(double, '/events?scope=all&per_page=100')).body);
      assert.deepEqual(ids((await call(double, '/users/2/events?scope=all&per_page=100')).body), dashboard);
      assert.deepEqual(ids((await call(double, '/projects/4/events?scope=all&per_page=100')).body), dashboard);
      // The path's own checks come first: a private profile answers nothing, an unknown project 404.
      assert.deepEqual((await call(double, '/users/morgan/events?scope=all')).body, []);
      assert.equal((await call(double, '/projects/7/events?scope=all')).status, 404);
      // Signed out, `scope` does nothing: the user's own public events.
      const anonymous = (await call(double, '/users/2/events?scope=all&per_page=100', { token: null })).body as Array<{ author_id: number }>;
      assert.ok(anonymous.length > 0 && anonymous.every((event) => event.author_id === 2));
      // Only the exact word `all` switches.
      const own = (await call(double, '/events?scope=ALL&per_page=100')).body as Array<{ author_id: number }>;
      assert.ok(own.every((event) => event.author_id === 1));
    });
  });

  describe('the older eras and a server that knows no scope', () => {
    it('perProject (JOIN LATERAL): the newest 20 of each project, so deep pages miss a busy project\'s older events', async () => {
      const options = { now: () => FIXED_NOW, seed: 3, events: 600 };
      const lateral = await GitLabDouble.start({ ...options, scopeAll: 'perProject' });
      const complete = await GitLabDouble.start({ ...options, scopeAll: 'complete' });
      try {
        const read = async (double: GitLabDouble) => (await allPages(double, '/events?scope=all&per_page=100')).flatMap((page) => ids(page.body));
        const expected = new Set<number>();
        for (const project of ALEX_PROJECTS) {
          for (const event of lateral.data.events.filter((e) => e.projectId === project).slice(-20)) expected.add(event.id);
        }
        const listed = await read(lateral);
        assert.deepEqual(listed, visibleToAlex(lateral, expected));
        const all = await read(complete);
        assert.ok(all.length > listed.length + 100, 'the complete era lists every event');
        assert.ok(listed.every((id) => all.includes(id)));
        assert.equal((await call(lateral, '/version')).body.version, '13.12.15');
        assert.equal((await call(complete, '/version')).body.version, '14.10.5');
      } finally {
        await lateral.close();
        await complete.close();
      }
    });

    it('ignoresScope and the spec-only server: /events?scope=all is the caller\'s own events, and scope changes nothing anywhere', async () => {
      for (const options of [{ ignoresScope: true }, { specOnly: true }]) {
        const double = await GitLabDouble.start({ now: () => FIXED_NOW, ...options });
        try {
          const own = await call(double, '/events?per_page=100');
          const scoped = await call(double, '/events?scope=all&per_page=100');
          assert.equal(scoped.text, own.text);
          assert.equal((await call(double, '/projects/4/events?scope=all&per_page=100')).text, (await call(double, '/projects/4/events?per_page=100')).text);
          assert.equal((await call(double, '/users/2/events?scope=all&per_page=100')).text, (await call(double, '/users/2/events?per_page=100')).text);
        } finally {
          await double.close();
        }
      }
    });

    it('a spec-only server has no /version, stars or follows: only the spec\'s three listings', async () => {
      const double = await GitLabDouble.start({ specOnly: true, now: () => FIXED_NOW });
      try {
        for (const path of ['/version', '/users/1/following', '/users/1/starred_projects', '/projects?starred=true']) {
          assert.equal((await call(double, path)).status, 404, path);
        }
      } finally {
        await double.close();
      }
    });
  });

  describe('stars, follows and last activity', () => {
    let double: GitLabDouble;
    let clock = FIXED_NOW.getTime();
    before(async () => { double = await GitLabDouble.start({ now: () => new Date(clock), tokens: TOKENS }); });
    after(() => double.close());

    it('GET /projects?starred=true: the caller\'s stars he can see, with last_activity_at; signed out, starred is ignored (§2.1)', async () => {
      const starred = await call(double, '/projects?starred=true&simple=true&order_by=last_activity_at');
      assert.deepEqual(ids(starred.body).sort(), [1, 2, 4, 6], 'brand (private, no access) drops out');
      const times = starred.body.map((p: { last_activity_at: string }) => p.last_activity_at);
      assert.deepEqual(times, [...times].sort().reverse());
      const anonymous = await call(double, '/projects?starred=true&simple=true', { token: null });
      assert.deepEqual(ids(anonymous.body).sort(), [1, 4], 'every public project');
    });

    it('GET /users/:user_id/starred_projects by id or username; a private profile answers 200 [], an unknown user 404 (§2.2)', async () => {
      assert.deepEqual(ids((await call(double, '/users/2/starred_projects')).body).sort(), [1, 4]);
      assert.deepEqual(ids((await call(double, '/users/sam.taylor/starred_projects')).body).sort(), [1, 4]);
      const hidden = await call(double, '/users/morgan/starred_projects');
      assert.deepEqual([hidden.status, hidden.body, hidden.headers.get('x-total')], [200, [], '0']);
      assert.deepEqual(ids((await call(double, '/users/4/starred_projects', { token: 'morgan' })).body).sort(), [3, 4], 'his own');
      const unknown = await call(double, '/users/999/starred_projects');
      assert.deepEqual([unknown.status, unknown.body], [404, { message: '404 User Not Found' }]);
      assert.deepEqual(ids((await call(double, '/users/1/starred_projects')).body), ids((await call(double, '/projects?starred=true')).body));
    });

    it('moves last_activity_at to a new event\'s time only when it is an hour old or more (§2.3)', async () => {
      const website = () => double.data.projects.find((p) => p.id === 1)!;
      clock += 2 * 3_600_000;
      const first = double.addEvent({ projectId: 1 });
      assert.equal(website().lastActivityAt, first.createdAt);
      clock += 20 * 60_000;
      double.addEvent({ projectId: 1 });
      assert.equal(website().lastActivityAt, first.createdAt, 'twenty minutes later it stays');
      const listed = (await call(double, '/projects/1')).body;
      assert.equal(listed.last_activity_at, first.createdAt);
      clock += 61 * 60_000;
      const third = double.addEvent({ projectId: 1 });
      assert.equal(website().lastActivityAt, third.createdAt);
    });

    it('GET /users/:id/following lists the active followees in the rows\' order, a private profile among them (§3.1)', async () => {
      const reply = await call(double, '/users/1/following');
      assert.deepEqual(ids(reply.body), [2, 3, 4, 6]);
      assert.deepEqual(Object.keys(reply.body[0]), ['id', 'username', 'name', 'state', 'locked', 'avatar_url', 'web_url']);
      assert.equal(reply.headers.get('x-total'), '4');
      assert.deepEqual(ids((await call(double, '/users/1/followers')).body), [2, 3, 4]);
      assert.deepEqual(ids((await call(double, '/users/4/following', { token: 'morgan' })).body), [1, 6], 'his own, though private');
      double.data.users.find((u) => u.id === 3)!.state = 'blocked';
      try {
        assert.deepEqual(ids((await call(double, '/users/1/following')).body), [2, 4, 6], 'a blocked user drops out, the row stays');
      } finally {
        double.data.users.find((u) => u.id === 3)!.state = 'active';
      }
    });

    it('following: 403 signed out, 404 for a private profile or an unknown user, the catch-all 404 for a username', async () => {
      assert.deepEqual(await answer('/users/1/following', null), [403, { message: '403 Forbidden - Not authorized!' }]);
      assert.deepEqual(await answer('/users/4/following'), [404, { message: '404 User Not Found' }]);
      assert.deepEqual(await answer('/users/4/followers'), [404, { message: '404 User Not Found' }]);
      assert.deepEqual(await answer('/users/999/following'), [404, { message: '404 User Not Found' }]);
      assert.deepEqual(await answer('/users/alex/following'), [404, { error: '404 Not Found' }]);
    });

    it('a private profile gives three answers: events 200 [], following 404, starred projects 200 []', async () => {
      assert.deepEqual(await answer('/users/4/events'), [200, []]);
      assert.deepEqual(await answer('/users/4/following'), [404, { message: '404 User Not Found' }]);
      assert.deepEqual(await answer('/users/4/starred_projects'), [200, []]);
    });

    it('a deleted project answers 404 on its events and leaves every starred list', async () => {
      const removable = await GitLabDouble.start({ now: () => FIXED_NOW });
      try {
        assert.equal((await call(removable, '/projects/4/events')).status, 200);
        removable.removeProject(4);
        assert.deepEqual(await answerOf(removable, '/projects/4/events'), [404, { message: '404 Project Not Found' }]);
        assert.deepEqual(ids((await call(removable, '/projects?starred=true')).body).sort(), [1, 2, 6]);
        assert.ok(!removable.data.events.some((event) => event.projectId === 4));
      } finally {
        await removable.close();
      }
    });

    it('GET /version answers GitLab\'s version and revision, signed in only', async () => {
      assert.deepEqual(Object.keys((await call(double, '/version')).body), ['version', 'revision']);
      assert.equal((await call(double, '/version')).body.version, '18.2.1');
      assert.equal((await call(double, '/version', { token: null })).status, 401);
    });

    async function answer(path: string, token: string | null = TOKEN): Promise<[number, unknown]> {
      const reply = await call(double, path, { token });
      return [reply.status, reply.body];
    }
  });

  it('listingRateLimits: past the threshold, the listing answers 429 as the application limiter does, per user (§2, §3)', async () => {
    const double = await GitLabDouble.start({ now: () => FIXED_NOW, tokens: TOKENS, listingRateLimits: { user_following: 2, user_starred_projects_api: 1 } });
    try {
      for (let n = 0; n < 2; n++) assert.equal((await call(double, '/users/1/following')).status, 200);
      const refused = await call(double, '/users/1/following');
      assert.equal(refused.status, 429);
      assert.deepEqual(refused.body, { message: { error: 'This endpoint has been requested too many times. Try again later.' } });
      assert.equal(refused.headers.get('retry-after'), '60');
      assert.equal((await call(double, '/users/1/following', { token: 'sam' })).status, 200, 'another user counts apart');
      assert.equal((await call(double, '/users/2/starred_projects')).status, 200);
      assert.equal((await call(double, '/users/2/starred_projects')).status, 429);
      assert.equal((await call(double, '/projects?starred=true')).status, 200, 'no limit was set for /projects');
    } finally {
      await double.close();
    }
    const defaults = await GitLabDouble.start({ now: () => FIXED_NOW, listingRateLimits: true });
    try {
      for (let n = 0; n < 100; n++) assert.equal((await call(defaults, '/users/1/followers')).status, 200);
      assert.equal((await call(defaults, '/users/1/followers')).status, 429, 'GitLab\'s 100 a minute');
    } finally {
      await defaults.close();
    }
  });

  it('the feeds world: enough projects, stars and followees to page past a first page of 100, events woven in order', async () => {
    const double = await GitLabDouble.start({ now: () => FIXED_NOW, feeds: { projects: 130, followees: 120 } });
    try {
      const member = await call(double, '/projects?membership=true&simple=true&per_page=100');
      assert.equal(member.headers.get('x-total'), String(4 + 65));
      const starred = await call(double, '/projects?starred=true&simple=true&per_page=100');
      assert.ok(Number(starred.headers.get('x-total')) > 70);
      const following = await allPages(double, '/users/1/following?per_page=100');
      const followees = following.flatMap((page) => ids(page.body));
      assert.equal(following.length, 2);
      assert.equal(followees.length, 4 + 120 - 4, 'every 25th generated user is blocked');
      const privateOnes = double.data.users.filter((u) => u.id > 100 && u.privateProfile).map((u) => u.id);
      assert.ok(privateOnes.length === 12 && privateOnes.every((id) => followees.includes(id) || id % 25 === 0));
      const events = double.data.events;
      assert.ok(events.length > 200 + 130 * 19);
      assert.ok(events.every((event, n) => event.id === n + 1), 'ids in the order events were written');
      let clock = '';
      for (const event of events) {
        if (!event.imported) assert.ok(event.createdAt >= clock, `event ${event.id} is older than one before it`);
        if (!event.imported) clock = event.createdAt;
      }
      const generated = (await call(double, '/projects/102/events?per_page=100')).body as Array<{ author_id: number }>;
      assert.ok(generated.length > 0 && generated.some((event) => event.author_id > 100));
    } finally {
      await double.close();
    }
  });
});

async function answerOf(double: GitLabDouble, path: string): Promise<[number, unknown]> {
  const reply = await call(double, path);
  return [reply.status, reply.body];
}
