import assert from 'node:assert/strict';
import { ProjectDirectory } from '../../../../src/app/projectDirectory';
import { projectRefProblem, projectSources, userRefProblem, userSources } from '../../../../src/app/activity/sources';
import { GitLabError, type GitLabApi, type Project } from '../../../../src/gitlab';

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
