import assert from 'node:assert/strict';
import { GitLabDouble, SPEC_KEYS } from '../../double';
import { allPages, call, FIXED_NOW } from './http';

/** The spec's Event fields (interface spec, "Event"), in the order of its table. */
const SPEC_EVENT_KEYS = [
  'title', 'project_id', 'action_name', 'target_id', 'target_iid', 'target_type', 'target_title', 'author_id', 'author',
  'author_username', 'created_at', 'data', 'note', 'push_data',
];
const PAGING_HEADERS = ['x-page', 'x-per-page', 'x-next-page', 'x-prev-page', 'x-total', 'x-total-pages', 'link'];

/** The double as a server of the interface spec only (`specOnly`): what the spec shows, nothing GitLab adds. */
describe('GitLab double: spec-only form', () => {
  let double: GitLabDouble;
  before(async () => {
    double = await GitLabDouble.start({ specOnly: true, now: () => FIXED_NOW });
  });
  after(() => double.close());

  it('has no /user, no group or project listing or lookup', async () => {
    for (const path of ['/user', '/projects?membership=true', '/groups', '/projects/1', '/users?username=alex']) {
      const reply = await call(double, path);
      assert.equal(reply.status, 404, path);
      assert.deepEqual(reply.body, { error: '404 Not Found' });
    }
  });

  it('sends no pagination headers, and still honours page and per_page', async () => {
    const first = await call(double, '/events?per_page=5');
    const second = await call(double, '/events?per_page=5&page=2');
    for (const reply of [first, second]) {
      assert.equal(reply.status, 200);
      for (const name of PAGING_HEADERS) assert.equal(reply.headers.get(name), null, name);
      assert.equal(reply.body.length, 5);
    }
    assert.notDeepEqual(first.body, second.body);
  });

  it('fills every page but the last: visibility is checked before paging', async () => {
    const pages = await allPages(double, '/events?per_page=20');
    assert.equal(pages.length, 1, 'without Link, the helper sees one page');
    const all: any[] = [];
    for (let page = 1; ; page++) {
      const reply = await call(double, `/events?per_page=20&page=${page}`);
      all.push(...reply.body);
      if (reply.body.length < 20) break;
      assert.ok(page < 100);
    }
    // The same world as GitLab pages it (short and empty pages included) holds the same events.
    const gitlab = await GitLabDouble.start({ now: () => FIXED_NOW });
    try {
      const gitlabPages = await allPages(gitlab, '/events?per_page=20');
      assert.ok(gitlabPages.slice(0, -1).some((p) => p.body.length < 20), 'GitLab\'s own pages are short in places');
      const expected = gitlabPages.flatMap((p) => p.body.map((e: any) => `${e.action_name} ${e.target_title} ${e.created_at}`));
      assert.deepEqual(all.map((e) => `${e.action_name} ${e.target_title} ${e.created_at}`).filter((line) => !line.endsWith('undefined')),
        expected.filter((_line, i) => 'created_at' in all[i]));
      assert.equal(all.length, expected.length);
    } finally {
      await gitlab.close();
    }
  });

  it('shapes events as the spec: its fields only, no id, title null, target_iid and data in project listings', async () => {
    const mine = (await call(double, '/events?per_page=100')).body;
    const project = (await call(double, '/projects/1/events?per_page=100')).body;
    for (const [listing, events] of [['events', mine], ['project', project]] as const) {
      assert.ok(events.length > 50);
      for (const event of events) {
        const keys = Object.keys(event);
        const order = keys.map((k) => SPEC_EVENT_KEYS.indexOf(k));
        assert.ok(order.every((n, i) => n >= 0 && (i === 0 || n > order[i - 1])), `${listing}: ${keys.join(',')}`);
        assert.equal(event.title, null);
        assert.equal('target_iid' in event, listing === 'project');
        assert.equal('data' in event, listing === 'project' && 'note' in event);
        assert.deepEqual(Object.keys(event.author), ['name', 'username', 'id', 'state', 'avatar_url', 'web_url']);
        if (event.note) {
          assert.equal('noteable_iid' in event.note, listing === 'project');
          assert.ok(!('commit_id' in event.note) && !('type' in event.note));
        }
        if (event.push_data) {
          assert.deepEqual(Object.keys(event.push_data),
            ['commit_count', 'action', 'ref_type', 'commit_from', 'commit_to', 'ref', 'commit_title']);
        }
      }
      assert.ok(events.some((e: any) => e.note) && events.some((e: any) => e.push_data), `${listing}: notes and pushes to check`);
      const timed = events.filter((e: any) => 'created_at' in e);
      assert.ok(timed.length < events.length && timed.length > events.length * 0.8, 'created_at on most items, not all');
    }
  });

  it('answers custom settings with the spec\'s 12 keys, all booleans', async () => {
    const reply = await call(double, '/projects/1/notification_settings?level=custom&new_note=true', { method: 'PUT' });
    assert.equal(reply.status, 200);
    assert.deepEqual(Object.keys(reply.body.events), [...SPEC_KEYS]);
    assert.ok(Object.values(reply.body.events).every((flag) => typeof flag === 'boolean'));
    assert.equal(reply.body.events.new_note, true);
    const global = await call(double, '/notification_settings');
    assert.deepEqual(Object.keys(global.body), ['level', 'notification_email']);
  });

  it('keeps each part switchable on its own', async () => {
    const plain = await GitLabDouble.start({ events: 40, withoutPagingHeaders: true });
    try {
      const reply = await call(plain, '/events?per_page=5');
      assert.equal(reply.headers.get('x-next-page'), null);
      assert.equal(typeof reply.body[0].id, 'number', 'GitLab-shaped events unless specEvents');
      assert.equal((await call(plain, '/user')).status, 200);
    } finally {
      await plain.close();
    }
  });
});
