import assert from 'node:assert/strict';
import { FeedStore } from '../../../src/app/feeds';
import { ProjectDirectory } from '../../../src/app/projectDirectory';
import { redact } from '../../../src/gitlab/redact';
import { MY_ACTIVITY, myActivity, projectRefProblem, projectSources, userRefProblem, userSources } from '../../../src/app/sources';
import { GitLabError, type GitLabApi, type GitLabEvent, type Page, type Project } from '../../../src/gitlab';

const event = (id: number): GitLabEvent => ({ id, project_id: 1, action_name: 'opened', target_id: null, target_type: null,
  target_title: null, author_id: 1, created_at: '2026-01-01T00:00:00Z' });

function fakeApi(pages: Record<number, Page<GitLabEvent> | Error>, calls: number[] = []): GitLabApi {
  return {
    listEvents: async (_s, _f, page) => {
      calls.push(page.page ?? 1);
      const answer = pages[page.page ?? 1];
      if (answer instanceof Error) throw answer;
      return answer;
    },
  } as GitLabApi;
}

describe('feed store', () => {
  it('loads the first page once, then appends the next without duplicates', async () => {
    const calls: number[] = [];
    const api = fakeApi({ 1: { items: [event(3), event(2)], nextPage: 2, page: 1 }, 2: { items: [event(2), event(1)], page: 2 } }, calls);
    const store = new FeedStore(() => api, () => ({ pageSize: 2, plan: { request: {} } }));
    const changed: Array<string | undefined> = [];
    store.onDidChange((key) => changed.push(key));
    await Promise.all([store.load(MY_ACTIVITY), store.load(MY_ACTIVITY)]);
    await store.load(MY_ACTIVITY);
    assert.deepEqual(calls, [1]);
    assert.equal(store.get('mine').hasMore, true);
    await store.loadMore(MY_ACTIVITY);
    assert.deepEqual(store.get('mine').events.map((e) => e.id), [3, 2, 1]);
    assert.equal(store.get('mine').hasMore, false);
    assert.deepEqual(changed, ['mine', 'mine']);
  });

  it('keeps a short or empty page from ending the list while a next page is announced', async () => {
    const api = fakeApi({ 1: { items: [], nextPage: 2, page: 1 }, 2: { items: [event(1)], page: 2 } });
    const store = new FeedStore(() => api, () => ({ pageSize: 20, plan: { request: {} } }));
    await store.load(MY_ACTIVITY);
    assert.equal(store.get('mine').hasMore, true);
    await store.loadMore(MY_ACTIVITY);
    assert.equal(store.get('mine').events.length, 1);
  });

  it('records a typed error and retries the page on the next load', async () => {
    const pages: Record<number, Page<GitLabEvent> | Error> = { 1: new GitLabError('server', 'down', { status: 500 }) };
    const store = new FeedStore(() => fakeApi(pages), () => ({ pageSize: 20, plan: { request: {} } }));
    await store.load(MY_ACTIVITY);
    assert.equal(store.errorOf('mine')?.kind, 'server');
    pages[1] = { items: [event(1)], page: 1 };
    await store.load(MY_ACTIVITY);
    assert.equal(store.errorOf('mine'), undefined);
    assert.equal(store.get('mine').events.length, 1);
  });

  it('ignores answers that arrive after a reset', async () => {
    let release!: (page: Page<GitLabEvent>) => void;
    const api = { listEvents: () => new Promise<Page<GitLabEvent>>((resolve) => { release = resolve; }) } as unknown as GitLabApi;
    const store = new FeedStore(() => api, () => ({ pageSize: 20, plan: { request: {} } }));
    const pending = store.load(MY_ACTIVITY);
    store.reset();
    release({ items: [event(9)], page: 1 });
    await pending;
    assert.equal(store.get('mine').events.length, 0);
  });

  it('does nothing while signed out', async () => {
    const store = new FeedStore(() => undefined, () => ({ pageSize: 20, plan: { request: {} } }));
    await store.load(MY_ACTIVITY);
    assert.equal(store.get('mine').started, false);
  });
});

describe('activity sources', () => {
  it('lists setting projects first, then remote ones not already listed', () => {
    const sources = projectSources(['Group/App', '42'], ['group/app', 'other/lib']);
    assert.deepEqual(sources.map((s) => [s.ref, s.from]), [['Group/App', 'setting'], ['42', 'setting'], ['other/lib', 'remote']]);
    assert.deepEqual(userSources(['jane', 'Jane', '7']).map((s) => s.ref), ['jane', '7']);
  });
  it('validates typed projects and users', () => {
    for (const ok of ['42', 'group/project', 'a/b/c', '/group/project/']) assert.equal(projectRefProblem(ok), undefined, ok);
    for (const bad of ['project', 'a b/c', 'a/../b', '', 'a//b']) assert.ok(projectRefProblem(bad), bad);
    for (const ok of ['jane', '@jane.doe', '12', 'j_d-1']) assert.equal(userRefProblem(ok), undefined, ok);
    for (const bad of ['', 'a/b', 'jane doe', '../x']) assert.ok(userRefProblem(bad), bad);
  });
});

describe('project directory', () => {
  it('fetches each unknown project once, remembers failures, and notifies', async () => {
    const asked: Array<string | number> = [];
    const project: Project = { id: 5, name: 'App', path_with_namespace: 'group/app', web_url: 'https://g.example/group/app' };
    const api = { getProject: async (id: string | number) => { asked.push(id); if (id === 'no/such') throw new GitLabError('notFound', 'x'); return project; } } as unknown as GitLabApi;
    const directory = new ProjectDirectory(() => api);
    let notified = 0;
    directory.onDidChange(() => notified++);
    await Promise.all([directory.resolve([5, 'no/such']), directory.resolve([5])]);
    await directory.resolve([5, 'group/app', 'no/such']);
    assert.deepEqual(asked.sort(), [5, 'no/such'].sort());
    assert.equal(directory.get('GROUP/APP')?.id, 5);
    assert.equal(directory.get(5)?.name, 'App');
    assert.ok(notified >= 1);
  });
});

describe('redact', () => {
  it('masks every occurrence of each secret', () => {
    assert.equal(redact('a glpat-123 b glpat-123', ['glpat-123', undefined]), 'a ••• b •••');
    assert.equal(redact('abc', ['ab']), 'abc');
  });
});

describe('project directory race', () => {
  it('does not fetch by id a project whose lookup by path is still running', async () => {
    const asked: Array<string | number> = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => { release = resolve; });
    const project: Project = { id: 7, name: 'Web', path_with_namespace: 'acme/website', web_url: 'https://g.example/acme/website' };
    const api = { getProject: async (id: string | number) => { asked.push(id); await gate; return project; } } as unknown as GitLabApi;
    const directory = new ProjectDirectory(() => api);
    const byPath = directory.resolve(['acme/website']);
    const byId = directory.resolve([7]);
    release();
    await Promise.all([byPath, byId]);
    assert.deepEqual(asked, ['acme/website']);
    assert.equal(directory.get(7)?.name, 'Web');
  });
});

describe('feed store across a filter change', () => {
  it('keeps rows until the new first page, waits for loads with whenIdle, and drops rows nobody reloaded', async () => {
    let filter = {};
    const asked: Array<Record<string, unknown>> = [];
    let release!: () => void;
    let gate: Promise<void> = Promise.resolve();
    const api = {
      listEvents: async (source: { kind: string }, f: Record<string, unknown>) => {
        asked.push(f);
        await gate;
        const base = source.kind === 'mine' ? 10 : 20;
        return { page: 1, items: [event(base + ('action' in f ? 1 : 0))] };
      },
    } as unknown as GitLabApi;
    const store = new FeedStore(() => api, () => ({ pageSize: 20, plan: { request: filter } }));
    const project = projectSources(['acme/website'], [])[0];
    await store.load(MY_ACTIVITY);
    await store.load(project);
    filter = { action: 'closed' };
    gate = new Promise((resolve) => { release = resolve; });
    store.reset({ keepShown: true });
    void store.load(MY_ACTIVITY); // the open feed asks again; the project's stays closed
    assert.deepEqual(store.get('mine').events.map((e) => e.id), [10], 'the old rows stay while loading');
    let idle = false;
    const waiting = store.whenIdle().then(() => { idle = true; });
    await Promise.resolve();
    assert.equal(idle, false);
    release();
    await waiting;
    assert.deepEqual(store.get('mine').events.map((e) => e.id), [11]);
    assert.equal(store.get(project.key).stale, true);
    store.dropStale();
    assert.deepEqual(store.get(project.key).events, []);
    assert.deepEqual(asked.at(-1), { action: 'closed' });
  });
});

describe('feed store: the direction of each list', () => {
  it('tells each source the sort its pages are asked with, from its first load and again at each reset', async () => {
    let request: { sort?: 'asc' | 'desc' } = { sort: 'asc' };
    const asked: Array<string | undefined> = [];
    const api = {
      listEvents: async (_source: unknown, f: { sort?: string }) => {
        asked.push(f.sort);
        return { page: 1, items: [event(1)] };
      },
    } as unknown as GitLabApi;
    const store = new FeedStore(() => api, () => ({ pageSize: 20, plan: { request } }));
    await store.load(MY_ACTIVITY);
    assert.deepEqual([asked.at(-1), store.get('mine').order], ['asc', 'asc']);
    request = {};
    store.reset({ keepShown: true });
    assert.equal(store.get('mine').order, 'asc', 'the old rows keep their direction until the new first page');
    await store.load(MY_ACTIVITY);
    assert.deepEqual([asked.at(-1), store.get('mine').order], [undefined, 'desc']);
    request = { sort: 'asc' };
    store.resetOne('mine');
    await store.load(MY_ACTIVITY);
    assert.deepEqual([asked.at(-1), store.get('mine').order], ['asc', 'asc']);
  });
});

describe('feeds of several instances', () => {
  const COM = 'https://gitlab.com';
  const CORP = 'https://gitlab.corp.example';

  it('keys the same project, user and My Activity apart per instance', () => {
    const keys = [
      myActivity(COM).key, myActivity(CORP).key,
      ...projectSources(['g/p'], [], COM).map((s) => s.key), ...projectSources(['G/P'], [], CORP).map((s) => s.key),
      ...userSources(['jane'], COM).map((s) => s.key), ...userSources(['jane'], CORP).map((s) => s.key),
    ];
    assert.equal(new Set(keys).size, keys.length, keys.join(', '));
    assert.equal(projectSources(['g/p'], ['G/P'], CORP).length, 1, 'a remote project already in the settings is listed once');
    assert.equal(myActivity(CORP).instance, CORP);
  });

  it('reads each source with its own instance\'s client, and none where that instance is signed out', async () => {
    const asked: string[] = [];
    const clientOf = (instance: string): GitLabApi => ({
      listEvents: async () => {
        asked.push(instance);
        return { items: [event(1)], page: 1 };
      },
    } as unknown as GitLabApi);
    const clients = new Map([[COM, clientOf(COM)], [CORP, clientOf(CORP)]]);
    const store = new FeedStore((source) => clients.get(source.instance), () => ({ pageSize: 20, plan: { request: {} } }));
    await store.load(myActivity(CORP));
    await store.load(projectSources(['g/p'], [], COM)[0]);
    await store.load(myActivity('https://signed-out.example'));
    assert.deepEqual(asked, [CORP, COM]);
    assert.equal(store.get(myActivity('https://signed-out.example').key).started, false);
  });
});
