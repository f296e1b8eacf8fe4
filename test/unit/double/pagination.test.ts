import assert from 'node:assert/strict';
import { GitLabDouble } from '../../double';
import { allPages, call, FIXED_NOW, linkRels, links } from './http';

/** Behaviour note §1.7 and §3.8: page params, headers, Link, counts and their caps, short and empty pages. */
describe('GitLab double: pagination', () => {
  let double: GitLabDouble;
  before(async () => {
    double = await GitLabDouble.start({ now: () => FIXED_NOW });
  });
  after(() => double.close());

  it('defaults to page 1 of 20 with every header', async () => {
    const reply = await call(double, '/events');
    assert.equal(reply.headers.get('x-page'), '1');
    assert.equal(reply.headers.get('x-per-page'), '20');
    assert.equal(reply.headers.get('x-prev-page'), '');
    assert.equal(reply.headers.get('x-next-page'), '2');
    const total = Number(reply.headers.get('x-total'));
    assert.ok(total > 40);
    assert.equal(reply.headers.get('x-total-pages'), String(Math.ceil(total / 20)));
    assert.deepEqual(linkRels(reply), ['next', 'first', 'last']);
  });

  it('builds Link from the request URL: absolute, every param sorted, defaults and the route id included', async () => {
    const reply = await call(double, '/projects/acme%2Fwebsite/events?per_page=1&page=2&target_type=issue');
    assert.ok(Number(reply.headers.get('x-total')) >= 3);
    assert.deepEqual(linkRels(reply), ['prev', 'next', 'first', 'last']);
    const rel = links(reply);
    const base = `${double.apiUrl}/projects/acme%2Fwebsite/events`;
    assert.equal(rel.prev, `${base}?id=acme%2Fwebsite&page=1&per_page=1&sort=desc&target_type=issue`);
    assert.equal(rel.next, `${base}?id=acme%2Fwebsite&page=3&per_page=1&sort=desc&target_type=issue`);
    assert.equal(rel.first, `${base}?id=acme%2Fwebsite&page=1&per_page=1&sort=desc&target_type=issue`);
    const lastPage = reply.headers.get('x-total-pages');
    assert.equal(rel.last, `${base}?id=acme%2Fwebsite&page=${lastPage}&per_page=1&sort=desc&target_type=issue`);
  });

  it('marks the last page with an empty X-Next-Page and no rel="next"', async () => {
    const first = await call(double, '/events?per_page=7');
    const last = Number(first.headers.get('x-total-pages'));
    const reply = await call(double, `/events?per_page=7&page=${last}`);
    assert.equal(reply.headers.get('x-next-page'), '');
    assert.equal(reply.headers.get('x-prev-page'), String(last - 1));
    assert.deepEqual(linkRels(reply), ['prev', 'first', 'last']);
  });

  it('answers a page past the end with neither next nor prev', async () => {
    const reply = await call(double, '/events?page=999');
    assert.equal(reply.status, 200);
    assert.deepEqual(reply.body, []);
    assert.equal(reply.headers.get('x-next-page'), '');
    assert.equal(reply.headers.get('x-prev-page'), '');
    assert.equal(reply.headers.get('x-page'), '999');
  });

  it('answers an empty listing with X-Total 0 and X-Total-Pages 1', async () => {
    const reply = await call(double, '/events?before=2000-01-01');
    assert.deepEqual(reply.body, []);
    assert.equal(reply.headers.get('x-total'), '0');
    assert.equal(reply.headers.get('x-total-pages'), '1');
    assert.equal(reply.headers.get('x-next-page'), '');
    assert.match(links(reply).last, /page=1&/);
  });

  describe('short and empty pages (§3.8)', () => {
    it('pages /events to the end across short and empty pages, finding exactly the visible events', async () => {
      const pages = await allPages(double, '/events?per_page=5');
      const totalPages = Number(pages[0].headers.get('x-total-pages'));
      assert.equal(pages.length, totalPages);
      assert.equal(Number(pages[0].headers.get('x-total')), double.data.events.filter((e) => e.authorId === 1).length);
      const empty = pages.filter((p, i) => p.body.length === 0 && i < pages.length - 1);
      const short = pages.filter((p, i) => p.body.length > 0 && p.body.length < 5 && i < pages.length - 1);
      assert.ok(empty.length > 0, 'an empty page before the end');
      assert.ok(short.length > 0, 'a short page before the end');
      for (const page of empty) assert.notEqual(page.headers.get('x-next-page'), '');
      const ids = pages.flatMap((p) => p.body.map((e: any) => e.id));
      assert.equal(new Set(ids).size, ids.length, 'no duplicates');
      const hidden = double.data.events.filter((e) => e.authorId === 1 && e.projectId === 3 && e.pushData);
      assert.ok(hidden.length >= 10);
      assert.ok(hidden.every((e) => !ids.includes(e.id)), 'pushes in a project where the caller is a guest are hidden');
    });

    it('hides a guest\'s view of pushes in a private project, page after page', async () => {
      const pages = await allPages(double, '/projects/design-team%2Fmockups/events?per_page=10');
      assert.ok(pages.flatMap((p) => p.body).every((e: any) => e.push_data === undefined));
      assert.ok(pages.some((p, i) => p.body.length < 10 && i < pages.length - 1));
    });
  });

  describe('counts at scale', () => {
    it('caps event X-Total at 10001 and stops X-Next-Page there', async function () {
      this.timeout(20_000);
      const big = await GitLabDouble.start({ events: 30_000, scopeAll: 'complete', now: () => FIXED_NOW });
      try {
        const first = await call(big, '/events?scope=all&per_page=100');
        assert.equal(first.headers.get('x-total'), '10001');
        assert.equal(first.headers.get('x-total-pages'), '101');
        assert.match(links(first).last, /page=101&/);
        const last = await call(big, '/events?scope=all&per_page=100&page=101');
        assert.equal(last.headers.get('x-next-page'), '');
        assert.equal(last.headers.get('x-prev-page'), '100');
        const beyond = await call(big, '/events?scope=all&per_page=100&page=102');
        assert.equal(beyond.headers.get('x-prev-page'), '');
        assert.ok(beyond.body.length > 0, 'rows past the count still come back');
      } finally {
        await big.close();
      }
    });

    it('eventTotals "omitted": no X-Total, X-Total-Pages or rel="last" at 10000 and more', async () => {
      const big = await GitLabDouble.start({ events: 30_000, eventTotals: 'omitted', scopeAll: 'complete', now: () => FIXED_NOW });
      try {
        const first = await call(big, '/events?scope=all&per_page=100');
        assert.equal(first.headers.get('x-total'), null);
        assert.equal(first.headers.get('x-total-pages'), null);
        assert.deepEqual(linkRels(first), ['next', 'first']);
        assert.equal(first.headers.get('x-next-page'), '2');
        const small = await call(big, '/events?scope=all&per_page=100&before=2024-04-20');
        assert.ok(Number(small.headers.get('x-total')) < 10_000);
      } finally {
        await big.close();
      }
    });

    it('omits project counts above 10 000 and still says whether a next page exists (§1.7)', async () => {
      const template = double.data.projects[0];
      const added = Array.from({ length: 10_001 }, (_, i) => ({
        ...template, id: 100_000 + i, path: `filler-${i}`, pathWithNamespace: `acme/filler-${i}`,
      }));
      double.data.projects.push(...added);
      try {
        const first = await call(double, '/projects?per_page=100', { token: null });
        assert.equal(first.headers.get('x-total'), null);
        assert.equal(first.headers.get('x-total-pages'), null);
        assert.equal(first.headers.get('x-next-page'), '2');
        assert.deepEqual(linkRels(first), ['next', 'first']);
        const totalPublic = double.data.projects.filter((p) => p.visibility === 'public').length;
        const lastPage = Math.ceil(totalPublic / 100);
        const last = await call(double, `/projects?per_page=100&page=${lastPage}`, { token: null });
        assert.equal(last.headers.get('x-next-page'), '');
        assert.equal(last.headers.get('x-prev-page'), String(lastPage - 1));
        const past = await call(double, `/projects?per_page=100&page=${lastPage + 1}`, { token: null });
        assert.equal(past.headers.get('x-prev-page'), '');
      } finally {
        double.data.projects.splice(-added.length);
      }
    });

    it('serves 10 000 events as 100 pages of 100 (the benchmark times it)', async function () {
      this.timeout(30_000);
      const big = await GitLabDouble.start({ events: 25_000, now: () => FIXED_NOW });
      try {
        const pages = await allPages(big, '/events?per_page=100');
        const count = pages.reduce((n, p) => n + p.body.length, 0);
        assert.ok(count >= 10_000 * 0.9 && pages.length >= 100, `${count} events in ${pages.length} pages`);
        assert.equal(new Set(pages.flatMap((p) => p.body.map((e: any) => e.id))).size, count, 'no event twice');
      } finally {
        await big.close();
      }
    });
  });
});
