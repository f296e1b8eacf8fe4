import assert from 'node:assert/strict';
import { GitLabDouble } from '../../double';
import { allPages, call, FIXED_NOW, TOKEN } from './http';

/** Behaviour note §3: listings, filters, vocabularies, the event entity, visibility. */

const ACTION_NAMES_BY_FILTER: Record<string, string[]> = {
  created: ['opened', 'created', 'imported', 'added'],
  updated: ['opened', 'updated'],
  closed: ['closed'],
  reopened: ['opened'],
  pushed: ['pushed to', 'pushed new', 'deleted'],
  commented: ['commented on'],
  merged: ['accepted'],
  joined: ['joined'],
  left: ['left'],
  destroyed: ['destroyed', 'removed'],
  expired: ['removed due to membership expiration from'],
  approved: ['approved'],
};

const TARGET_CLASSES: Record<string, string> = {
  issue: 'Issue', milestone: 'Milestone', merge_request: 'MergeRequest', note: 'Note', project: 'Project',
  snippet: 'Snippet', user: 'User', wiki: 'WikiPage::Meta', design: 'DesignManagement::Design',
};

const EVENT_KEY_ORDER = [
  'id', 'project_id', 'action_name', 'target_id', 'target_iid', 'target_type', 'author_id', 'target_title', 'created_at',
  'note', 'author', 'wiki_page', 'imported', 'imported_from', 'push_data', 'author_username',
];
const NOTE_TYPES = new Set(['Note', 'DiffNote', 'DiscussionNote']);

describe('GitLab double: events', () => {
  let double: GitLabDouble;
  /** Everything users 1, 4 and 6 can see together (every project, reporters or up). */
  let everything: any[];

  before(async () => {
    // Every event of the callers' projects through `scope=all`: the era that lists them all (not GitLab 15's window).
    double = await GitLabDouble.start({
      now: () => FIXED_NOW, scopeAll: 'complete',
      tokens: [
        { token: TOKEN, scopes: ['api'], userId: 1 },
        { token: 'morgan', scopes: ['api'], userId: 4 },
        { token: 'riley', scopes: ['api'], userId: 6 },
      ],
    });
    const seen = new Map<number, any>();
    for (const token of [TOKEN, 'morgan', 'riley']) {
      for (const page of await allPages(double, '/events?scope=all&per_page=100', { token })) {
        for (const event of page.body) seen.set(event.id, event);
      }
    }
    everything = [...seen.values()];
  });
  after(() => double.close());

  describe('the event entity (§3.6)', () => {
    it('exposes keys in GitLab\'s order, no title, note only on note targets, push_data only on pushes', () => {
      assert.ok(everything.length > 150);
      for (const event of everything) {
        const keys = Object.keys(event);
        const order = keys.map((k) => EVENT_KEY_ORDER.indexOf(k));
        assert.ok(order.every((n, i) => n >= 0 && (i === 0 || n > order[i - 1])), `key order ${keys.join(',')}`);
        assert.ok(!('title' in event) && !('data' in event));
        assert.equal('note' in event, NOTE_TYPES.has(event.target_type), `note on ${event.target_type}`);
        assert.equal('push_data' in event, ['pushed to', 'pushed new', 'deleted'].includes(event.action_name));
        assert.equal('wiki_page' in event, event.target_type === 'WikiPage::Meta');
        assert.equal(event.author_username, event.author.username);
        assert.deepEqual(Object.keys(event.author), ['id', 'username', 'name', 'state', 'locked', 'avatar_url', 'web_url']);
        assert.match(event.created_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
        assert.equal(event.imported_from, event.imported ? 'github' : 'none');
        if (event.target_type === null) {
          assert.equal(event.target_id, null);
          assert.equal(event.target_iid, null);
          assert.equal(event.target_title, null);
        }
        if (NOTE_TYPES.has(event.target_type)) {
          assert.equal(event.target_iid, event.target_id);
          assert.equal(event.target_title, null);
          assert.equal(event.note.id, event.target_id);
          assert.equal(event.note.type, event.target_type === 'Note' ? null : event.target_type);
          assert.ok(['Issue', 'MergeRequest', 'Commit'].includes(event.note.noteable_type));
        }
      }
    });

    it('covers every action_name and target type of the note (§3.4, §3.5)', () => {
      const names = new Set(everything.map((e) => e.action_name));
      for (const name of [
        'pushed new', 'pushed to', 'deleted', 'opened', 'closed', 'accepted', 'joined', 'left', 'commented on', 'destroyed',
        'removed', 'updated', 'created', 'imported', 'approved', 'removed due to membership expiration from', 'added',
      ]) assert.ok(names.has(name), name);
      const types = new Set(everything.map((e) => e.target_type));
      for (const type of [
        'Issue', 'MergeRequest', 'Milestone', 'Note', 'DiffNote', 'DiscussionNote', 'WorkItem', 'WikiPage::Meta',
        'DesignManagement::Design', null,
      ]) assert.ok(types.has(type), String(type));
    });

    it('includes a bulk push with null ref, commits and title', () => {
      const bulk = everything.find((e) => e.push_data?.ref_count !== null && e.push_data !== undefined);
      assert.ok(bulk, 'a bulk push');
      assert.deepEqual(Object.keys(bulk.push_data), [
        'commit_count', 'action', 'ref_type', 'commit_from', 'commit_to', 'ref', 'commit_title', 'ref_count',
      ]);
      assert.equal(bulk.push_data.commit_count, 0);
      assert.equal(bulk.push_data.commit_from, null);
      assert.equal(bulk.push_data.commit_to, null);
      assert.equal(bulk.push_data.ref, null);
      assert.equal(bulk.push_data.commit_title, null);
      for (const e of everything.filter((x) => x.push_data)) assert.ok((e.push_data.commit_title ?? '').length <= 70);
    });

    it('names pushes by their payload: new ref, deleted ref, otherwise pushed to', () => {
      for (const e of everything.filter((x) => x.push_data)) {
        const expected = e.push_data.action === 'created' ? 'pushed new' : e.push_data.action === 'removed' ? 'deleted' : 'pushed to';
        assert.equal(e.action_name, expected);
      }
    });

    it('has notes on commits without commit_id or noteable id; commit_id only on merge-request diff notes', () => {
      const commitNotes = everything.filter((e) => e.note?.noteable_type === 'Commit');
      assert.ok(commitNotes.length > 0);
      for (const commitNote of commitNotes) {
        assert.ok(!('commit_id' in commitNote.note), 'GitLab exposes no SHA on a comment on a commit (§3.6)');
        assert.equal(commitNote.note.noteable_id, null);
        assert.equal(commitNote.note.noteable_iid, null);
      }
      for (const e of everything.filter((x) => x.note && 'commit_id' in x.note)) {
        assert.equal(e.note.type, 'DiffNote');
        assert.equal(e.note.noteable_type, 'MergeRequest');
        assert.match(e.note.commit_id, /^[0-9a-f]{40}$/);
      }
      const diffNote = everything.find((e) => e.target_type === 'DiffNote');
      assert.match(diffNote.note.commit_id, /^[0-9a-f]{40}$/);
      assert.ok('position' in diffNote.note && diffNote.note.resolvable === true && 'resolved' in diffNote.note);
      const issueNote = everything.find((e) => e.note?.noteable_type === 'Issue');
      assert.equal(typeof issueNote.note.noteable_iid, 'number');
    });

    it('names imported-project creation "imported" and wiki/design events by their own words', () => {
      const imported = everything.find((e) => e.action_name === 'imported');
      assert.equal(imported.project_id, 4);
      assert.equal(imported.target_type, null);
      for (const e of everything.filter((x) => x.target_type === 'DesignManagement::Design')) {
        assert.ok(['added', 'updated', 'removed'].includes(e.action_name));
      }
      const wiki = everything.find((e) => e.target_type === 'WikiPage::Meta');
      assert.deepEqual(Object.keys(wiki.wiki_page), ['format', 'slug', 'title']);
      assert.equal(wiki.target_iid, wiki.target_id);
    });
  });

  describe('filters', () => {
    for (const [action, names] of Object.entries(ACTION_NAMES_BY_FILTER)) {
      it(`action=${action} → only ${names.join(' | ')}`, async () => {
        const pages = await allPages(double, `/events?scope=all&per_page=100&action=${action}`);
        const events = pages.flatMap((p) => p.body);
        for (const e of events) assert.ok(names.includes(e.action_name), `${action} gave ${e.action_name}`);
      });
    }

    const listed = async (query: string) => (await allPages(double, `/events?scope=all&per_page=100${query}`)).flatMap((p) => p.body);

    for (const [key, className] of Object.entries(TARGET_CLASSES)) {
      it(`target_type=${key} → exactly the "${className}" events`, async () => {
        // GitLab may emit no Project, Snippet or User events (§3.5): one is added so the filter has something to find.
        const added = everything.some((e) => e.target_type === className)
          ? undefined : double.addEvent({ targetType: className, authorId: 1, projectId: 1 });
        try {
          const all = await listed('');
          const filtered = await listed(`&target_type=${key}`);
          assert.ok(filtered.length > 0, `nothing listed for ${key}`);
          assert.deepEqual(filtered.map((e) => e.id), all.filter((e) => e.target_type === className).map((e) => e.id));
        } finally {
          if (added) double.data.events = double.data.events.filter((e) => e !== added);
        }
      });
    }

    it('target_type=note leaves out DiffNote and DiscussionNote; issue leaves out WorkItem', async () => {
      const all = await listed('');
      for (const type of ['DiffNote', 'DiscussionNote', 'WorkItem']) assert.ok(all.some((e) => e.target_type === type), `no ${type} to leave out`);
      const notes = await listed('&target_type=note');
      assert.ok(notes.length > 0 && notes.every((e) => e.target_type === 'Note'), [...new Set(notes.map((e) => e.target_type))].join(', '));
      const issues = await listed('&target_type=issue');
      assert.ok(issues.length > 0 && issues.every((e) => e.target_type === 'Issue'), [...new Set(issues.map((e) => e.target_type))].join(', '));
    });

    it('before and after are exclusive whole UTC days (§3.7)', async () => {
      const day = '2024-06-10';
      const onDay = double.addEvent({ createdAt: '2024-06-10T00:00:00.000Z', authorId: 1, projectId: 1 });
      const endOfDay = double.addEvent({ createdAt: '2024-06-10T23:59:59.999Z', authorId: 1, projectId: 1 });
      const dayBefore = double.addEvent({ createdAt: '2024-06-09T23:59:59.999Z', authorId: 1, projectId: 1 });
      const dayAfter = double.addEvent({ createdAt: '2024-06-11T00:00:00.000Z', authorId: 1, projectId: 1 });
      try {
        const ids = async (query: string) =>
          (await allPages(double, `/events?per_page=100&${query}`)).flatMap((p) => p.body).map((e: any) => e.id as number);
        const between = await ids('after=2024-06-09&before=2024-06-11');
        assert.ok(between.includes(onDay.id) && between.includes(endOfDay.id));
        assert.ok(!between.includes(dayBefore.id) && !between.includes(dayAfter.id));
        const before = await ids(`before=${day}`);
        assert.ok(before.includes(dayBefore.id) && !before.includes(onDay.id));
        const after = await ids(`after=${day}`);
        assert.ok(after.includes(dayAfter.id) && !after.includes(endOfDay.id));
        // The same as filtering the whole listing by UTC day.
        const all = (await allPages(double, '/events?per_page=100')).flatMap((p) => p.body);
        const expected = all.filter((e: any) => e.created_at >= '2024-06-02' && e.created_at < '2024-06-05').map((e: any) => e.id);
        assert.ok(expected.length > 0);
        assert.deepEqual(await ids('after=2024-06-01&before=2024-06-05'), expected);
      } finally {
        double.data.events = double.data.events.filter((e) => ![onDay, endOfDay, dayBefore, dayAfter].includes(e));
      }
    });

    it('sorts by id, desc by default; asc on request', async () => {
      const desc = await call(double, '/events?per_page=30');
      const ids = desc.body.map((e: any) => e.id);
      assert.deepEqual(ids, [...ids].sort((a: number, b: number) => b - a));
      const asc = await call(double, '/events?per_page=30&sort=asc');
      const ascIds = asc.body.map((e: any) => e.id);
      assert.deepEqual(ascIds, [...ascIds].sort((a: number, b: number) => a - b));
      assert.ok(ascIds[0] < ids[ids.length - 1]);
    });

    it('orders by id even where created_at says otherwise: imported events keep their older time (§3.8)', async () => {
      for (const sort of ['desc', 'asc']) {
        const listed = (await allPages(double, `/events?per_page=100&sort=${sort}`)).flatMap((page) => page.body);
        const ids = listed.map((e: any) => e.id);
        assert.deepEqual(ids, [...ids].sort((a: number, b: number) => (sort === 'asc' ? a - b : b - a)));
        const outOfTime = listed.filter((e: any, i: number) => i > 0
          && (sort === 'asc' ? e.created_at < listed[i - 1].created_at : e.created_at > listed[i - 1].created_at));
        assert.ok(outOfTime.length > 0, `${sort}: some neighbours by id are out of order by time`);
        assert.ok(outOfTime.some((e: any) => e.imported) || outOfTime.some((e: any) => listed[listed.indexOf(e) - 1].imported));
      }
    });

    it('combines filters', async () => {
      const reply = await call(double, '/projects/1/events?action=commented&target_type=note&per_page=100');
      for (const e of reply.body) {
        assert.equal(e.project_id, 1);
        assert.equal(e.action_name, 'commented on');
        assert.equal(e.target_type, 'Note');
      }
    });
  });

  describe('sources and visibility (§3.1, §3.9)', () => {
    it('/events lists the caller\'s own events; scope=all adds others in their projects', async () => {
      const own = (await allPages(double, '/events?per_page=100')).flatMap((p) => p.body);
      assert.ok(own.length > 0 && own.every((e) => e.author_id === 1));
      const all = (await allPages(double, '/events?per_page=100&scope=all')).flatMap((p) => p.body);
      assert.ok(all.some((e) => e.author_id !== 1));
      assert.ok(all.every((e) => [1, 2, 3, 5].includes(e.project_id)), 'member projects only');
    });

    it('/users/:id/events lists that author\'s events the caller may see', async () => {
      const events = (await allPages(double, '/users/jordan/events?per_page=100')).flatMap((p) => p.body);
      assert.ok(events.length > 0 && events.every((e) => e.author_id === 3));
      assert.ok(events.every((e) => e.project_id !== 7), 'no events from a project the caller cannot read');
    });

    it('anonymous callers see public projects only', async () => {
      const events = (await allPages(double, '/users/1/events?per_page=100', { token: null })).flatMap((p) => p.body);
      assert.ok(events.length > 0);
      assert.ok(events.every((e) => [1, 4].includes(e.project_id)));
    });

    it('a private profile gives others 200 [] with headers, and its owner the events', async () => {
      for (const token of [TOKEN, null]) {
        const reply = await call(double, '/users/morgan/events', { token });
        assert.equal(reply.status, 200);
        assert.deepEqual(reply.body, []);
        assert.equal(reply.headers.get('x-total'), '0');
        assert.equal(reply.headers.get('x-total-pages'), '1');
        assert.equal(reply.headers.get('x-next-page'), '');
      }
      const self = await call(double, '/users/4/events', { token: 'morgan' });
      assert.ok(self.body.length > 0);
    });

    it('/projects/:id/events lists the project\'s events by any author', async () => {
      const events = (await allPages(double, '/projects/acme%2Fwebsite/events?per_page=100')).flatMap((p) => p.body);
      assert.ok(events.every((e) => e.project_id === 1));
      assert.ok(new Set(events.map((e) => e.author_id)).size > 1);
    });

    it('hides confidential events from outsiders of a public project, not from its reporters', async () => {
      const confidential = double.data.events.find((e) => [1, 4].includes(e.projectId) && e.restriction?.kind === 'confidential');
      assert.ok(confidential, 'generated data has a confidential event in a public project');
      const path = `/projects/${confidential.projectId}/events?per_page=100`;
      const asOutsider = (await allPages(double, path, { token: null })).flatMap((p) => p.body);
      assert.ok(!asOutsider.some((e) => e.id === confidential.id));
      const member = confidential.projectId === 1 ? TOKEN : 'riley';
      const asMember = (await allPages(double, path, { token: member })).flatMap((p) => p.body);
      assert.ok(asMember.some((e) => e.id === confidential.id));
    });
  });

  describe('addEvent', () => {
    it('appends the newest event, shown first on the next fetch', async () => {
      const event = double.addEvent({ targetTitle: 'Brand new issue' });
      try {
        const reply = await call(double, '/events?per_page=1');
        assert.equal(reply.body[0].id, event.id);
        assert.equal(reply.body[0].action_name, 'opened');
        assert.equal(reply.body[0].target_type, 'Issue');
        assert.equal(reply.body[0].target_title, 'Brand new issue');
        assert.equal(reply.body[0].created_at, FIXED_NOW.toISOString());
      } finally {
        double.data.events.pop();
      }
    });
  });
});
