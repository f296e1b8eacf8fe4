import assert from 'node:assert/strict';
import { GitLabDouble } from '../../double';
import { call, FIXED_NOW } from './http';

/** The generated world: deterministic, the right cast, hostile names only on request, fast at scale. */
describe('GitLab double: generated world', () => {
  it('gives the same data for the same seed and clock, on any port', async () => {
    const a = await GitLabDouble.start({ seed: 7, events: 500, now: () => FIXED_NOW });
    const b = await GitLabDouble.start({ seed: 7, events: 500, now: () => FIXED_NOW });
    try {
      assert.notEqual(a.url, b.url);
      assert.deepEqual(a.data, b.data);
      // And the same answers, apart from the server's own URL.
      const [ra, rb] = await Promise.all([call(a, '/events?scope=all&per_page=100'), call(b, '/events?scope=all&per_page=100')]);
      assert.equal(ra.text.split(a.url).join('URL'), rb.text.split(b.url).join('URL'));
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  describe('the cast', () => {
    let double: GitLabDouble;
    before(async () => {
      double = await GitLabDouble.start({ now: () => FIXED_NOW });
    });
    after(() => double.close());

    it('has a private profile, a dotted username, a subgroup and a nested project path', () => {
      const { users, groups, projects } = double.data;
      assert.ok(users.length >= 5);
      assert.equal(users.filter((u) => u.privateProfile).length, 1);
      assert.ok(users.some((u) => u.username.includes('.')));
      assert.ok(groups.some((g) => g.fullPath === 'acme/platform' && g.parentId === 1));
      assert.ok(projects.some((p) => p.pathWithNamespace.split('/').length === 3));
      assert.ok(projects.every((p) => !/[<>]/.test(p.name)), 'no hostile names by default');
      assert.ok(users.every((u) => !/[<>]/.test(u.name)));
    });

    it('spreads events over ~60 days before now, ids ascending, times too except for imported events', () => {
      const { events } = double.data;
      assert.equal(events.length, 200);
      const first = Date.parse(events[0].createdAt);
      const last = Date.parse(events[events.length - 1].createdAt);
      assert.ok(FIXED_NOW.getTime() - first <= 61 * 86_400_000 && FIXED_NOW.getTime() - first > 58 * 86_400_000);
      assert.ok(last <= FIXED_NOW.getTime());
      let newestTime = '';
      const backdated: number[] = [];
      for (let i = 1; i < events.length; i++) {
        assert.equal(events[i].id, events[i - 1].id + 1);
        if (events[i].createdAt > newestTime) newestTime = events[i].createdAt;
        else backdated.push(events[i].id);
      }
      // Imported events keep their source's older times: order by id and order by time differ (§3.8).
      assert.ok(backdated.length >= 3, `backdated: ${backdated.join(',')}`);
      for (const id of backdated) assert.equal(events[id - 1].imported, true);
      assert.deepEqual(events.filter((e) => e.imported).map((e) => e.id), backdated);
      assert.ok(new Set(events.map((e) => e.projectId)).size >= 7);
      assert.ok(new Set(events.map((e) => e.authorId)).size >= 5);
    });
  });

  it('hostileNames adds markup to names and titles, served verbatim', async () => {
    const double = await GitLabDouble.start({ hostileNames: true, now: () => FIXED_NOW });
    try {
      const project = double.data.projects.find((p) => p.name === '<img src=x onerror=alert(1)>');
      assert.ok(project);
      const reply = await call(double, `/projects/${project.id}`);
      assert.equal(reply.body.name, '<img src=x onerror=alert(1)>');
      assert.ok(double.data.users.some((u) => u.name.includes('<script>')));
      assert.ok(double.data.events.some((e) => e.targetTitle?.includes('<') || e.note?.body.includes('<')));
      const listed = await call(double, '/projects?membership=true&simple=true');
      assert.ok(listed.body.some((p: any) => p.name === project.name));
    } finally {
      await double.close();
    }
  });

  it('generates 100 000 events and answers a deep page of them (how fast is the benchmark\'s to say)', async function () {
    this.timeout(30_000);
    const double = await GitLabDouble.start({ events: 100_000, now: () => FIXED_NOW });
    try {
      assert.equal(double.data.events.length, 100_000);
      const inProject = double.data.events.filter((e) => e.projectId === 1);
      const reply = await call(double, '/projects/1/events?per_page=100&page=50&sort=asc');
      assert.equal(reply.status, 200);
      assert.equal(reply.headers.get('x-page'), '50');
      assert.equal(reply.headers.get('x-total'), String(Math.min(inProject.length, 10_001)));
      const ids = reply.body.map((e: any) => e.id);
      assert.ok(ids.length > 0 && ids.length <= 100);
      // Page 50 ascending starts at the 4 901st event of the project; events the caller may not see are dropped.
      const slice = inProject.slice(4_900, 5_000).map((e) => e.id);
      assert.ok(ids.every((id: number) => slice.includes(id)), 'the page holds the project\'s 4 901st to 5 000th events');
    } finally {
      await double.close();
    }
  });
});
