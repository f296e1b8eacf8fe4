import { strict as assert } from 'node:assert';
import { MAX_LISTING_BYTES, ScopeCatalog, type ScopeCatalogDeps } from '../../../../src/app/settings/scopeCatalog';
import { formatMessage } from '../../../../src/app/localize';
import { AmbiguousScope, describeError } from '../../../../src/app/settings/errorInfo';
import type { GitLabApi } from '../../../../src/gitlab/api';
import { GitLabError } from '../../../../src/gitlab/errors';
import { NotificationSettingsService } from '../../../../src/app/settings/notificationSettingsService';
import { GitLabDouble } from '../../../double';
import { makeClient, type TestClient, withDoubleAndClient } from '../../gitlab/helpers';
import { FakeGitLabApi, group, project } from './fakeGitLabApi';

/** Reads go through the owner of notification settings, as in the extension. */
const settingsOwner = (api: () => GitLabApi | undefined) =>
  new NotificationSettingsService({ instanceUrl: 'test', get api() { return api(); } }, { get: () => undefined, update: async () => undefined });

function catalog(api: FakeGitLabApi | undefined, overrides: Partial<ScopeCatalogDeps> = {}): { catalog: ScopeCatalog; remembered: string[] } {
  const remembered: string[] = [];
  return {
    remembered,
    catalog: new ScopeCatalog({
      account: { get api() { return api; } },
      settings: settingsOwner(() => api),
      projects: () => [{ id: 10, label: 'Acme / Website', path: 'acme/website' }],
      addedGroups: () => [],
      rememberGroup: async (ref) => { remembered.push(`group ${ref}`); },
      rememberProject: async (ref) => { remembered.push(`project ${ref}`); },
      localize: formatMessage,
      ...overrides,
    }),
  };
}

describe('settings scope list', () => {
  it('lists Global, every page of the user\'s groups, then the tree\'s projects', async () => {
    const api = new FakeGitLabApi();
    api.groupPageSize = 2;
    api.groups = [group(1, 'acme'), group(2, 'acme/platform'), group(3, 'design')];
    const { catalog: scopes } = catalog(api);
    const state = await scopes.list();
    assert.deepEqual(state.entries.map((entry) => [entry.key, entry.label, entry.origin]), [
      ['global', 'Global', 'global'],
      ['group:1', 'acme', 'member'],
      ['group:2', 'acme / platform', 'member'],
      ['group:3', 'design', 'member'],
      ['project:10', 'Acme / Website', 'workspace'],
    ]);
    assert.equal(state.groupsOffered, true);
    // Pages past the end may have been asked for ahead (a window of them); what they hold is not listed.
    assert.deepEqual(api.calls.slice(0, 2), ['listGroups 1', 'listGroups 2']);
    const calls = api.calls.length;
    await scopes.list();
    assert.equal(api.calls.length, calls, 'groups are fetched once until a refresh');
    await scopes.list({ refresh: true });
    assert.deepEqual(api.calls.slice(calls, calls + 2), ['listGroups 1', 'listGroups 2']);
  });

  it('lists member projects only where asked for; the editor, the overview and the quick picks share one listing', async () => {
    const api = new FakeGitLabApi();
    api.groups = [group(1, 'acme')];
    api.projects = [project(10, 'acme/website'), project(42, 'acme/api')];
    const { catalog: scopes } = catalog(api, { addedGroups: () => ['acme', 'design'] });
    const choices = await scopes.scopes();
    assert.deepEqual(api.calls, [], 'the quick picks list nothing');
    assert.deepEqual(choices.scopes.map((known) => [known.scope, known.origin]), [
      [{ kind: 'group', id: 'acme' }, 'added'], [{ kind: 'group', id: 'design' }, 'added'], [{ kind: 'project', id: 10 }, 'workspace'],
    ]);
    const overview = await scopes.scopes({ members: ['group', 'project'] });
    assert.deepEqual(overview.scopes.map((known) => [known.scope, known.name, known.path, known.origin]), [
      [{ kind: 'group', id: 1 }, 'acme', 'acme', 'member'],
      [{ kind: 'group', id: 'design' }, undefined, 'design', 'added'],
      [{ kind: 'project', id: 10 }, 'acme / website', 'acme/website', 'member'],
      [{ kind: 'project', id: 42 }, 'acme / api', 'acme/api', 'member'],
    ], 'each once, by ID or full path: the configured group and the tree\'s project are the listed ones');
    for (const listing of [overview.listed.group, overview.listed.project]) assert.ok(listing && !listing.notOffered && listing.error === undefined);
    const calls = api.calls.length;
    await scopes.list();
    assert.equal(api.calls.length, calls, 'the editor uses the groups the overview listed');
    scopes.forget(); // another account or instance
    await scopes.list();
    assert.deepEqual(api.calls.slice(calls), ['listGroups 1']);
  });

  it('quietly lists only hand-added groups when the server has no GET /groups', async () => {
    const api = new FakeGitLabApi();
    api.fail('listGroups', '1', new GitLabError('notFound', '404 Not Found', { status: 404 }));
    const { catalog: scopes } = catalog(api, { addedGroups: () => ['parent/child', '7', 'not a path'] });
    const state = await scopes.list();
    assert.equal(state.groupsOffered, false);
    assert.equal(state.groupsError, undefined);
    assert.deepEqual(state.entries.filter((entry) => entry.scope.kind === 'group').map((entry) => [entry.key, entry.label, entry.origin]), [
      ['group:parent/child', 'parent/child', 'added'],
      ['group:7', 'Group 7', 'added'],
    ]);
  });

  it('says why groups could not be listed for other failures, and still lists the rest', async () => {
    const api = new FakeGitLabApi();
    api.fail('listGroups', '1', new GitLabError('forbidden', 'insufficient_scope', { status: 403, insufficientScope: true }));
    const lines: string[] = [];
    const { catalog: scopes } = catalog(api, { log: (line) => lines.push(line) });
    const state = await scopes.list();
    assert.equal(state.groupsOffered, true);
    assert.match(state.groupsError?.message ?? '', /read_api/);
    assert.equal(state.entries.length, 2);
    assert.equal(lines.length, 1);
  });

  it('does not keep a listing that was under way when it was forgotten (another account signed in meanwhile)', async () => {
    const api = new FakeGitLabApi();
    api.groups = [group(1, 'acme')];
    const { catalog: scopes } = catalog(api);
    const underWay = scopes.list();
    scopes.forget();
    assert.ok((await underWay).entries.some((entry) => entry.key === 'group:1'), 'the caller still gets what it asked for');
    await scopes.list();
    assert.deepEqual(api.calls, ['listGroups 1', 'listGroups 1'], 'read again for the next account');
  });

  it('answers at once without groups when asked for cached entries only', async () => {
    const api = new FakeGitLabApi();
    api.groups = [group(1, 'acme')];
    const { catalog: scopes } = catalog(api);
    const quick = await scopes.list({ cachedOnly: true });
    assert.equal(quick.groupsLoading, true);
    assert.equal(api.calls.length, 0);
    const full = await scopes.list();
    assert.equal(full.groupsLoading, undefined);
    assert.ok(full.entries.some((entry) => entry.key === 'group:1'));
  });

  it('does not list a hand-added group twice when it is also a member group', async () => {
    const api = new FakeGitLabApi();
    api.groups = [group(5, 'parent/child')];
    const { catalog: scopes } = catalog(api, { addedGroups: () => ['parent/child', '5'] });
    const state = await scopes.list();
    assert.deepEqual(state.entries.filter((entry) => entry.scope.kind === 'group').map((entry) => entry.key), ['group:5']);
  });

  it('adds a project by path after checking it exists, keyed by its numeric ID', async () => {
    const api = new FakeGitLabApi();
    api.projects = [project(42, 'acme/api')];
    const { catalog: scopes, remembered } = catalog(api);
    const entry = scopes.entry(await scopes.addScope('project', 'acme/api'));
    assert.deepEqual(entry, { key: 'project:42', scope: { kind: 'project', id: 42 }, label: 'acme / api', detail: 'acme/api', path: 'acme/api', origin: 'added' });
    assert.deepEqual(remembered, ['project acme/api']);
    assert.ok((await scopes.list()).entries.some((listed) => listed.key === 'project:42'));
  });

  it('adds a group after reading its setting, and refuses what GitLab cannot find', async () => {
    const api = new FakeGitLabApi();
    const { catalog: scopes, remembered } = catalog(api);
    const entry = scopes.entry(await scopes.addScope('group', 'team/sub'));
    assert.equal(entry.key, 'group:team/sub');
    assert.deepEqual(remembered, ['group team/sub']);
    api.fail('get', 'group:nope', new GitLabError('notFound', '404 Group Not Found', { status: 404 }));
    await assert.rejects(scopes.addScope('group', 'nope'), (error: unknown) => error instanceof GitLabError && error.kind === 'notFound');
    assert.deepEqual(remembered, ['group team/sub'], 'nothing remembered for a failure');
  });

  it('adds an entry for a scope opened from elsewhere that the list lacks', async () => {
    const { catalog: scopes } = catalog(new FakeGitLabApi());
    const found = await scopes.ensure({ kind: 'project', id: 'acme/website' });
    assert.equal(found.key, 'project:10', 'the listed project, recognised by its path');
    const added = await scopes.ensure({ kind: 'project', id: 99 });
    assert.equal(added.label, 'Project 99');
    assert.ok((await scopes.list()).entries.some((entry) => entry.key === 'project:99'));
  });

  it('offers the quick picks the same entries, with the workspace\'s project first among the projects when the list lacks it', async () => {
    const api = new FakeGitLabApi();
    api.groups = [group(1, 'acme')];
    const { catalog: scopes } = catalog(api);
    const keys = async (also?: Parameters<ScopeCatalog['entries']>[0]) => (await scopes.entries(also)).map((entry) => `${entry.key} ${entry.label}`);
    const listed = ['global Global', 'group:1 acme', 'project:10 Acme / Website'];
    assert.deepEqual(await keys(), listed);
    assert.deepEqual(await keys({ scope: { kind: 'project', id: 'acme/website' }, path: 'acme/website' }), listed, 'listed already, by its path');
    assert.deepEqual(await keys({ scope: { kind: 'project', id: 'acme/api' }, path: 'acme/api' }),
      ['global Global', 'group:1 acme', 'project:acme/api acme/api', 'project:10 Acme / Website']);
    assert.deepEqual(await keys(), listed, 'nothing was added to the list');
    // Named as the list names it, or by its path when the list lacks it; nothing added either.
    assert.equal((await scopes.named({ kind: 'project', id: 'acme/website' })).label, 'Acme / Website');
    assert.equal((await scopes.named({ kind: 'group', id: 1 })).detail, undefined, 'acme is named by its path');
    assert.deepEqual(await scopes.named({ kind: 'group', id: 'team/sub' }), { key: 'group:team/sub', scope: { kind: 'group', id: 'team/sub' }, label: 'team/sub', path: 'team/sub', origin: 'added' });
    assert.equal((await scopes.named({ kind: 'global' })).label, 'Global');
    assert.deepEqual(await keys(), listed);
  });

  it('lists without groups while signed out, and fetches them once there is a client', async () => {
    let api: FakeGitLabApi | undefined;
    const scopes = new ScopeCatalog({ account: { get api() { return api; } }, settings: settingsOwner(() => api), projects: () => [], addedGroups: () => [], localize: formatMessage });
    assert.equal((await scopes.list()).entries.length, 1);
    api = new FakeGitLabApi();
    api.groups = [group(1, 'acme')];
    assert.equal((await scopes.list()).entries.length, 2);
  });
});

describe('settings scope list against the GitLab double: a listing is bounded in bytes, all its pages together', () => {
  let double: GitLabDouble;
  let client: TestClient;
  before(async () => {
    double = await GitLabDouble.start({ events: 10, seed: 4 });
    // User 1's two groups, each answered with a 1 MB description: every page is 2 MB, well under the transport's
    // limit of one answer (20 MB), and a listing that never ends would be 50 such pages.
    for (const group of double.data.groups) group.description = 'd'.repeat(1_000_000);
    client = makeClient(double.url);
  });
  after(async () => {
    await client.close();
    await double.close();
  });
  afterEach(() => double.clearFaults());

  const groupsAsked = () => double.requests.filter((r) => r.path === '/api/v4/groups').length;

  it(`stops a listing whose pages come to more than ${MAX_LISTING_BYTES / 1048576} MB with a typed error that says so; the other scopes stay`, async () => {
    double.inject({ fault: { kind: 'endlessPages' }, path: '/groups', times: Infinity });
    double.clearLog();
    const lines: string[] = [];
    const scopes = new ScopeCatalog({
      account: { get api() { return client.client; } }, settings: settingsOwner(() => client.client),
      projects: () => [{ id: 10, label: 'Acme / Website', path: 'acme/website' }], addedGroups: () => ['design'],
      localize: formatMessage, log: (line) => lines.push(line),
    });
    const known = await scopes.scopes({ members: ['group'] });
    const error = known.listed.group?.error;
    assert.ok(error instanceof GitLabError, `expected a GitLabError, got ${String(error)}`);
    assert.equal(error.kind, 'badResponse');
    assert.equal(error.limitBytes, MAX_LISTING_BYTES);
    assert.equal(error.message, `GitLab's answers to this listing come to more than ${MAX_LISTING_BYTES / 1048576} MB in all; the rest was not read.`);
    // 16 MB are 8 pages of 2 MB; with pages read ahead, a few more were asked for, never the 50 a listing may have.
    assert.ok(groupsAsked() <= 8 + 1 + 4, `${groupsAsked()} pages asked for`);
    assert.deepEqual(known.scopes.map((scope) => scope.scope), [{ kind: 'group', id: 'design' }, { kind: 'project', id: 10 }]);
    assert.equal(lines.length, 1);
    assert.match(lines[0], /^Listing groups failed: GitLab's answers to this listing come to more than 16 MB/);

    const state = await scopes.list();
    assert.equal(state.groupsError?.message,
      'GitLab\'s list of your groups is larger than 16 MB, more than this extension reads; it was not read. Add groups by ID or path instead.');
  });

  it('reads a listing within the bound as before', async () => {
    const scopes = new ScopeCatalog({
      account: { get api() { return client.client; } }, settings: settingsOwner(() => client.client),
      projects: () => [], addedGroups: () => [], localize: formatMessage,
    });
    const known = await scopes.scopes({ members: ['group'] });
    assert.equal(known.listed.group?.error, undefined);
    assert.deepEqual(known.scopes.map((scope) => scope.path), ['acme', 'acme/platform']);
  });
});

describe('adding a group or project without saying which (the settings editor\'s Add form)', () => {
  let double: GitLabDouble;
  let client: TestClient;
  withDoubleAndClient({ edition: 'ee', events: 5, seed: 3 }, (started, made) => { double = started; client = made; });
  const owner = () => catalog(undefined, { account: { get api() { return client.client; } }, settings: settingsOwner(() => client.client) });

  it('finds a project by its path, a subgroup and a group by theirs, and refuses what is neither', async () => {
    const website = double.data.projects.find((candidate) => candidate.pathWithNamespace === 'acme/website')!;
    const { catalog: scopes, remembered } = owner();
    assert.equal(scopes.entry(await scopes.addScope('either', 'acme/website')).key, `project:${website.id}`);
    assert.equal(scopes.entry(await scopes.addScope('either', 'acme/platform')).key, 'group:acme/platform');
    assert.equal(scopes.entry(await scopes.addScope('either', 'acme')).key, 'group:acme');
    assert.deepEqual(remembered, ['project acme/website', 'group acme/platform', 'group acme']);
    await assert.rejects(scopes.addScope('either', 'acme/no-such-thing'), (error: unknown) => error instanceof GitLabError && error.kind === 'notFound');
    assert.equal(remembered.length, 3);
  });

  it('a numeric ID: the one kind that has it, or the person chooses when both do', async () => {
    const groupIds = new Set(double.data.groups.map((candidate) => candidate.id));
    const both = double.data.projects.find((candidate) => groupIds.has(candidate.id));
    const projectOnly = double.data.projects.find((candidate) => !groupIds.has(candidate.id));
    assert.ok(both && projectOnly, 'the world has IDs of both kinds');
    const { catalog: scopes, remembered } = owner();
    assert.equal(scopes.entry(await scopes.addScope('either', projectOnly.id)).key, `project:${projectOnly.id}`);
    await assert.rejects(scopes.addScope('either', both.id), (error: unknown) => error instanceof AmbiguousScope
      && error.message === `Both a group and a project have the ID ${both.id}: choose which under Kind.`);
    assert.deepEqual(describeError(new AmbiguousScope(both.id, formatMessage), 'add', formatMessage).field, 'ref');
    assert.deepEqual(remembered, [`project ${projectOnly.pathWithNamespace}`]);
  });
});
