import { strict as assert } from 'node:assert';
import { MAX_LISTING_BYTES, ScopeCatalog, type ScopeCatalogDeps } from '../../../../src/app/settings/scopeCatalog';
import { formatMessage } from '../../../../src/app/localize';
import { AmbiguousScope, describeError } from '../../../../src/app/settings/errorInfo';
import type { GitLabApi } from '../../../../src/gitlab/api';
import { GitLabError } from '../../../../src/gitlab/errors';
import { NotificationSettingsService } from '../../../../src/app/settings/notificationSettingsService';
import { GitLabDouble } from '../../../double';
import { makeClient, type TestClient, withDoubleAndClient } from '../../gitlab/helpers';
import { insufficientScope, withSettingsDouble } from './settingsDouble';

/** Reads go through the owner of notification settings, as in the extension. */
const settingsOwner = (api: () => GitLabApi | undefined) =>
  new NotificationSettingsService({ instanceUrl: 'test', accountKey: undefined, get api() { return api(); } }, { get: () => undefined, update: async () => undefined });

/** The catalog over `api`; the tree shows project 1 (acme/website). */
function catalog(api: GitLabApi | undefined, overrides: Partial<ScopeCatalogDeps> = {}): { catalog: ScopeCatalog; remembered: string[] } {
  const remembered: string[] = [];
  return {
    remembered,
    catalog: new ScopeCatalog({
      account: { get api() { return api; } },
      settings: settingsOwner(() => api),
      projects: () => [{ id: 1, label: 'Acme / Website', path: 'acme/website' }],
      addedGroups: () => [],
      rememberGroup: async (ref) => { remembered.push(`group ${ref}`); },
      rememberProject: async (ref) => { remembered.push(`project ${ref}`); },
      localize: formatMessage,
      ...overrides,
    }),
  };
}

describe('settings scope list', () => {
  const gitlab = withSettingsDouble();
  /** The requests GitLab answered, in order: `GET /groups 1` for page 1 of a listing. */
  const calls = () => gitlab.double.requests.map((r) => `${r.method} ${r.path.replace(/^\/api\/v4/, '')}${r.query.page ? ` ${r.query.page}` : ''}`);

  it('lists Global, every page of the user\'s groups, then the tree\'s projects', async () => {
    // 150 more groups of user 1's: with the world's acme and acme/platform, two pages of 100.
    const teams = Array.from({ length: 150 }, (_, index) => {
      const name = `Team ${String(index + 1).padStart(3, '0')}`;
      const path = name.toLowerCase().replace(' ', '-');
      return { ...gitlab.double.data.groups[0], id: 101 + index, name, path, fullPath: path, fullName: name, members: { 1: 30 as const } };
    });
    gitlab.double.data.groups.push(...teams);
    const { catalog: scopes } = catalog(gitlab.client);
    const state = await scopes.list();
    assert.deepEqual(state.entries.map((entry) => [entry.key, entry.label, entry.origin]), [
      ['global', 'Global', 'global'],
      ['group:1', 'Acme', 'member'],
      ['group:2', 'Acme / Platform', 'member'],
      ...teams.map((team) => [`group:${team.id}`, team.name, 'member']),
      ['project:1', 'Acme / Website', 'workspace'],
    ]);
    assert.equal(state.groupsOffered, true);
    // Pages past the end may have been asked for ahead (a window of them); what they hold is not listed.
    assert.equal(calls()[0], 'GET /groups 1', 'the first page alone first');
    assert.ok(calls().includes('GET /groups 2'));
    const firstPages = () => calls().filter((call) => call === 'GET /groups 1').length;
    await scopes.list();
    assert.equal(firstPages(), 1, 'groups are fetched once until a refresh');
    await scopes.list({ refresh: true });
    assert.equal(firstPages(), 2);
    assert.equal(calls().filter((call) => call === 'GET /groups 2').length, 2);
  });

  it('lists member projects only where asked for; the editor, the overview and the quick picks share one listing', async () => {
    const { catalog: scopes } = catalog(gitlab.client, { addedGroups: () => ['acme', 'design-team'] });
    const choices = await scopes.scopes();
    assert.deepEqual(calls(), [], 'the quick picks list nothing');
    assert.deepEqual(choices.scopes.map((known) => [known.scope, known.origin]), [
      [{ kind: 'group', id: 'acme' }, 'added'], [{ kind: 'group', id: 'design-team' }, 'added'], [{ kind: 'project', id: 1 }, 'workspace'],
    ]);
    const overview = await scopes.scopes({ members: ['group', 'project'] });
    assert.deepEqual(overview.scopes.map((known) => [known.scope, known.name, known.path, known.origin]), [
      [{ kind: 'group', id: 1 }, 'Acme', 'acme', 'member'],
      [{ kind: 'group', id: 2 }, 'Acme / Platform', 'acme/platform', 'member'],
      [{ kind: 'group', id: 'design-team' }, undefined, 'design-team', 'added'],
      // Member projects in GitLab's order of last activity (the double keeps it from its events, as GitLab does).
      ...gitlab.double.data.projects.filter((p) => [1, 2, 3, 5].includes(p.id))
        .sort((a, b) => b.lastActivityAt.localeCompare(a.lastActivityAt) || b.id - a.id)
        .map((p) => [{ kind: 'project', id: p.id }, p.nameWithNamespace, p.pathWithNamespace, 'member']),
    ], 'each once, by ID or full path: the configured group and the tree\'s project are the listed ones');
    for (const listing of [overview.listed.group, overview.listed.project]) assert.ok(listing && !listing.notOffered && listing.error === undefined);
    const count = calls().length;
    await scopes.list();
    assert.equal(calls().length, count, 'the editor uses the groups the overview listed');
    scopes.forget(); // another account or instance
    await scopes.list();
    assert.deepEqual(calls().slice(count), ['GET /groups 1']);
  });

  it('quietly lists only hand-added groups when the server has no GET /groups', async () => {
    // As a server of the interface spec alone answers: an unknown route.
    gitlab.double.inject({ fault: { kind: 'status', status: 404, body: '{"error":"404 Not Found"}' }, method: 'GET', path: '/groups' });
    const { catalog: scopes } = catalog(gitlab.client, { addedGroups: () => ['parent/child', '7', 'not a path'] });
    const state = await scopes.list();
    assert.equal(state.groupsOffered, false);
    assert.equal(state.groupsError, undefined);
    assert.deepEqual(state.entries.filter((entry) => entry.scope.kind === 'group').map((entry) => [entry.key, entry.label, entry.origin]), [
      ['group:parent/child', 'parent/child', 'added'],
      ['group:7', 'Group 7', 'added'],
    ]);
  });

  it('says why groups could not be listed for other failures, and still lists the rest', async () => {
    gitlab.double.inject({ fault: insufficientScope('api read_api'), method: 'GET', path: '/groups' });
    const lines: string[] = [];
    const { catalog: scopes } = catalog(gitlab.client, { log: (line) => lines.push(line) });
    const state = await scopes.list();
    assert.equal(state.groupsOffered, true);
    assert.match(state.groupsError?.message ?? '', /read_api/);
    assert.equal(state.entries.length, 2);
    assert.equal(lines.length, 1);
  });

  it('does not keep a listing that was under way when it was forgotten (another account signed in meanwhile)', async () => {
    const { catalog: scopes } = catalog(gitlab.client);
    const underWay = scopes.list();
    scopes.forget();
    assert.ok((await underWay).entries.some((entry) => entry.key === 'group:1'), 'the caller still gets what it asked for');
    await scopes.list();
    assert.deepEqual(calls(), ['GET /groups 1', 'GET /groups 1'], 'read again for the next account');
  });

  it('answers at once without groups when asked for cached entries only', async () => {
    const { catalog: scopes } = catalog(gitlab.client);
    const quick = await scopes.list({ cachedOnly: true });
    assert.equal(quick.groupsLoading, true);
    assert.deepEqual(calls(), []);
    const full = await scopes.list();
    assert.equal(full.groupsLoading, undefined);
    assert.ok(full.entries.some((entry) => entry.key === 'group:1'));
  });

  it('does not list a hand-added group twice when it is also a member group', async () => {
    const { catalog: scopes } = catalog(gitlab.client, { addedGroups: () => ['acme/platform', '2'] });
    const state = await scopes.list();
    assert.deepEqual(state.entries.filter((entry) => entry.scope.kind === 'group').map((entry) => entry.key), ['group:1', 'group:2']);
  });

  it('adds a project by path after checking it exists, keyed by its numeric ID', async () => {
    const { catalog: scopes, remembered } = catalog(gitlab.client);
    const entry = scopes.entry(await scopes.addScope('project', 'acme/platform/billing'));
    assert.deepEqual(entry, {
      key: 'project:2', scope: { kind: 'project', id: 2 }, label: 'Acme / Platform / Billing', detail: 'acme/platform/billing',
      path: 'acme/platform/billing', origin: 'added',
    });
    assert.deepEqual(remembered, ['project acme/platform/billing']);
    assert.ok((await scopes.list()).entries.some((listed) => listed.key === 'project:2'));
  });

  it('adds a group after reading its setting, and refuses what GitLab cannot find', async () => {
    const { catalog: scopes, remembered } = catalog(gitlab.client);
    const entry = scopes.entry(await scopes.addScope('group', 'acme/platform'));
    assert.equal(entry.key, 'group:acme/platform');
    assert.deepEqual(remembered, ['group acme/platform']);
    await assert.rejects(scopes.addScope('group', 'nope'), (error: unknown) => error instanceof GitLabError && error.kind === 'notFound');
    assert.deepEqual(remembered, ['group acme/platform'], 'nothing remembered for a failure');
    assert.deepEqual(calls(), ['GET /groups/acme/platform/notification_settings', 'GET /groups/nope/notification_settings']);
  });

  it('adds an entry for a scope opened from elsewhere that the list lacks', async () => {
    const { catalog: scopes } = catalog(gitlab.client);
    const found = await scopes.ensure({ kind: 'project', id: 'acme/website' });
    assert.equal(found.key, 'project:1', 'the listed project, recognised by its path');
    const added = await scopes.ensure({ kind: 'project', id: 99 });
    assert.equal(added.label, 'Project 99');
    assert.ok((await scopes.list()).entries.some((entry) => entry.key === 'project:99'));
  });

  it('offers the quick picks the same entries, with the workspace\'s project first among the projects when the list lacks it', async () => {
    const { catalog: scopes } = catalog(gitlab.client);
    const keys = async (also?: Parameters<ScopeCatalog['entries']>[0]) => (await scopes.entries(also)).map((entry) => `${entry.key} ${entry.label}`);
    const listed = ['global Global', 'group:1 Acme', 'group:2 Acme / Platform', 'project:1 Acme / Website'];
    assert.deepEqual(await keys(), listed);
    assert.deepEqual(await keys({ scope: { kind: 'project', id: 'acme/website' }, path: 'acme/website' }), listed, 'listed already, by its path');
    assert.deepEqual(await keys({ scope: { kind: 'project', id: 'community/handbook' }, path: 'community/handbook' }),
      ['global Global', 'group:1 Acme', 'group:2 Acme / Platform', 'project:community/handbook community/handbook', 'project:1 Acme / Website']);
    assert.deepEqual(await keys(), listed, 'nothing was added to the list');
    // Named as the list names it, or by its path when the list lacks it; nothing added either.
    assert.equal((await scopes.named({ kind: 'project', id: 'acme/website' })).label, 'Acme / Website');
    const acme = await scopes.named({ kind: 'group', id: 1 });
    assert.deepEqual([acme.label, acme.detail], ['Acme', 'acme'], 'GitLab\'s name for it, with its path');
    assert.deepEqual(await scopes.named({ kind: 'group', id: 'team/sub' }), { key: 'group:team/sub', scope: { kind: 'group', id: 'team/sub' }, label: 'team/sub', path: 'team/sub', origin: 'added' });
    assert.equal((await scopes.named({ kind: 'global' })).label, 'Global');
    assert.deepEqual(await keys(), listed);
  });

  it('lists without groups while signed out, and fetches them once there is a client', async () => {
    let api: GitLabApi | undefined;
    const scopes = new ScopeCatalog({ account: { get api() { return api; } }, settings: settingsOwner(() => api), projects: () => [], addedGroups: () => [], localize: formatMessage });
    assert.equal((await scopes.list()).entries.length, 1);
    api = gitlab.client;
    assert.deepEqual((await scopes.list()).entries.map((entry) => entry.key), ['global', 'group:1', 'group:2']);
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
