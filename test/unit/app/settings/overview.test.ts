import { strict as assert } from 'node:assert';
import { formatMessage as t } from '../../../../src/app/localize';
import { NotificationSettingsService } from '../../../../src/app/settings/notificationSettingsService';
import {
  filterRows, hasOwnLevel, OverridesOverview, rowDescription, type OverviewRow, type OverviewSettings,
} from '../../../../src/app/settings/overview';
import { ScopeCatalog, type ProjectScopeSource } from '../../../../src/app/settings/scopeCatalog';
import { GitLabDouble } from '../../../double';
import { makeClient, type TestClient } from '../../gitlab/helpers';
import { fixedAccount } from '../../../../src/app/activeAccount';
import { FakeMemento } from '../../ui/fakeVscode';
import { changeSettingElsewhere } from '../../../double/control-client';

const settingReads = (double: GitLabDouble) =>
  double.requests.filter((r) => r.method === 'GET' && r.path.endsWith('/notification_settings') && r.path !== '/api/v4/notification_settings');

/** The service, with the number of setting reads in flight at once recorded. */
function counting(service: NotificationSettingsService): OverviewSettings & { max: () => number; asked: string[] } {
  let inFlight = 0;
  let max = 0;
  const asked: string[] = [];
  return {
    asked,
    getSetting: async (scope, signal, options) => {
      asked.push(scope.kind);
      max = Math.max(max, ++inFlight);
      try { return await service.getSetting(scope, signal, options); } finally { inFlight--; }
    },
    applyToMany: (...args) => service.applyToMany(...args),
    onDidChange: (listener) => service.onDidChange(listener),
    max: () => max,
  };
}

const row = (name: string, level: string | undefined, extra: Partial<OverviewRow> = {}): OverviewRow =>
  ({ key: `project:${name}`, scope: { kind: 'project', id: name }, name, path: name, level, ...extra });

/** The one list of scopes, over the real client; the tree's projects as given. */
const catalogOf = (c: TestClient, settings: OverviewSettings, projects: ProjectScopeSource[] = [], remembered: string[] = []) =>
  new ScopeCatalog({
    account: { get api() { return c.client; } }, settings, projects: () => projects, addedGroups: () => [], localize: t,
    rememberGroup: async (ref) => { remembered.push(`group ${ref}`); },
  });

describe('overrides overview: filter and search', () => {
  const rows = [row('acme/website', 'global'), row('acme/platform/billing', 'watch'), row('alex/dotfiles', 'super_loud'),
    row('design-team/mockups', undefined, { error: 'Server error' }), row('community/forum', undefined)];

  it('an override: a level of its own, an unknown one included; not yet read is not', () => {
    assert.deepEqual(rows.map(hasOwnLevel), [false, true, true, false, false]);
  });

  it('says "differs" only of a level that differs from global; one equal to it is set on the group or project, same as global', () => {
    const group = (level: string): OverviewRow => ({ key: 'group:2', scope: { kind: 'group', id: 2 }, name: 'Acme / Platform', path: 'acme/platform', level });
    assert.equal(rowDescription(group('watch'), 'watch', t), 'Watch · set on this group (same as global)');
    assert.equal(rowDescription(row('acme/website', 'mention'), 'mention', t), 'On mention · set on this project (same as global)');
    assert.equal(rowDescription(group('watch'), 'participating', t), 'Watch · differs from global (Participate)');
    assert.equal(rowDescription(row('alex/dotfiles', 'super_loud'), 'participating', t), 'super loud · differs from global (Participate)');
    // Still an override, so still offered for "Reset to Global", and still listed under "Show Only Those With a Level of Their Own".
    assert.equal(hasOwnLevel(group('watch')), true);
    assert.deepEqual(filterRows([group('watch')], { ownOnly: true, query: '' }).map((r) => r.name), ['Acme / Platform']);
    // The global level not read (a row added before the first load): nothing is claimed about it.
    assert.equal(rowDescription(group('watch'), undefined, t), 'Watch · set on this group');
    assert.equal(rowDescription(row('acme/website', 'global'), 'watch', t), 'Global');
    assert.equal(rowDescription(row('acme/website', undefined), 'watch', t), 'reading…');
    assert.equal(rowDescription(row('acme/website', undefined, { error: 'Server error' }), 'watch', t), 'could not read: Server error');
  });

  it('filters to the exceptions, keeping the rows whose level could not be read', () => {
    assert.deepEqual(filterRows(rows, { ownOnly: true, query: '' }).map((r) => r.name),
      ['acme/platform/billing', 'alex/dotfiles', 'design-team/mockups']);
    assert.equal(filterRows(rows, { ownOnly: false, query: '' }).length, rows.length);
  });

  it('searches name and path by every word, ignoring case, combined with the filter', () => {
    const named = [row('Acme / Website', 'global', { path: 'acme/website' }), row('Billing', 'watch', { path: 'acme/platform/billing' })];
    const found = (query: string) => filterRows(named, { ownOnly: false, query }).map((r) => r.name);
    assert.deepEqual(found('WEBSITE'), ['Acme / Website']);
    assert.deepEqual(found('platform bill'), ['Billing']);
    assert.deepEqual(found('platform web'), []);
    assert.deepEqual(filterRows(rows, { ownOnly: true, query: 'acme' }).map((r) => r.name), ['acme/platform/billing']);
    assert.deepEqual(filterRows(rows, { ownOnly: false, query: 'acme' }).map((r) => r.name), ['acme/website', 'acme/platform/billing']);
  });
});

describe('overrides overview against the GitLab double', () => {
  let double: GitLabDouble;
  let c: TestClient;
  let service: NotificationSettingsService;
  let settings: ReturnType<typeof counting>;
  let overview: OverridesOverview;

  before(async () => { double = await GitLabDouble.start({ edition: 'ee', events: 10, seed: 3 }); });
  after(async () => double.close());
  beforeEach(async () => {
    c = makeClient(double.url);
    service = new NotificationSettingsService(fixedAccount(double.url, c.client), new FakeMemento());
    settings = counting(service);
    overview = new OverridesOverview({ catalog: catalogOf(c, settings), settings, t, concurrency: 4 });
    await changeSettingElsewhere(double, { scope: 'global', level: 'participating' });
    await changeSettingElsewhere(double, { scope: 'group', id: 'acme', level: 'global' });
    await changeSettingElsewhere(double, { scope: 'group', id: 'acme/platform', level: 'watch' });
    await changeSettingElsewhere(double, { scope: 'project', id: '1', level: 'global' });
    await changeSettingElsewhere(double, { scope: 'project', id: '2', level: 'disabled' });
    double.clearLog();
  });
  afterEach(async () => { overview.dispose(); await c.close(); });

  it('lists every group and project of the user (all pages) with its own level, reading at most 4 at once', async () => {
    const progress: string[] = [];
    const state = await overview.load({ onProgress: (p) => progress.push(`${p.done}/${p.total}`) });
    const level = (path: string) => state.rows.find((r) => r.path === path)?.level;
    assert.equal(level('acme'), 'global');
    assert.equal(level('acme/platform'), 'watch');
    assert.equal(level('acme/website'), 'global');
    assert.equal(level('acme/platform/billing'), 'disabled');
    assert.equal(state.globalLevel, 'participating');
    assert.ok(state.groupsListed && state.projectsListed && state.complete);
    assert.ok(double.requests.some((r) => r.path === '/api/v4/groups'));
    assert.ok(double.requests.some((r) => r.path === '/api/v4/projects' && r.query.membership === 'true'));
    assert.equal(settingReads(double).length, state.rows.length, 'each scope read once');
    assert.ok(state.rows.length > 4, `enough rows to need the bound: ${state.rows.length}`);
    assert.equal(settings.max(), 4, 'never more than 4 reads in flight, and the bound is used');
    assert.equal(progress[0], `0/${state.rows.length}`);
    assert.equal(progress.at(-1), `${state.rows.length}/${state.rows.length}`);
    assert.deepEqual(filterRows(state.rows, { ownOnly: true, query: '' }).map((r) => r.path).sort(),
      ['acme/platform', 'acme/platform/billing']);
  });

  it('keeps what it read until Refresh, which lists and reads again', async () => {
    await overview.load();
    const reads = double.requests.length;
    await overview.load();
    assert.equal(double.requests.length, reads, 'cached: no request');
    await changeSettingElsewhere(double, { scope: 'project', id: '1', level: 'mention' });
    const state = await overview.load({ refresh: true });
    assert.equal(state.rows.find((r) => r.path === 'acme/website')?.level, 'mention');
    assert.ok(double.requests.length > reads);
  });

  it('can be cancelled: keeps what it read, and the next load reads only the rest', async () => {
    const controller = new AbortController();
    let seen = 0;
    const first = await overview.load({ signal: controller.signal, onProgress: (p) => { if (p.done >= 1 && ++seen === 1) controller.abort(); } });
    assert.equal(first.complete, false);
    const unread = first.rows.filter((r) => r.level === undefined).length;
    assert.ok(unread > 0, 'some rows left unread');
    assert.ok(first.rows.every((r) => r.error === undefined), 'a cancelled read is no error');
    const asked = settings.asked.length;
    const second = await overview.load();
    assert.ok(second.complete);
    assert.equal(settings.asked.length - asked, unread, 'only the unread rows are read again');
    assert.ok(second.rows.every((r) => r.level !== undefined));
  });

  it('resets chosen rows to Global through the settings owner: PUTs reach GitLab, rows and listeners follow', async () => {
    const state = await overview.load();
    const changes: string[] = [];
    const listening = service.onDidChange((change) => changes.push(`${change.scope.kind}:${String(change.scope.kind === 'global' ? '' : change.scope.id)}=${change.setting.level}`));
    const chosen = filterRows(state.rows, { ownOnly: true, query: '' });
    const result = await overview.resetToGlobal(chosen);
    listening.dispose();
    assert.deepEqual(result, { changed: 2, failed: 0, cancelled: 0 });
    const puts = double.requests.filter((r) => r.method === 'PUT');
    assert.deepEqual(puts.map((r) => r.query), [{ level: 'global' }, { level: 'global' }]);
    assert.ok(chosen.every((r) => r.level === 'global'));
    assert.deepEqual(filterRows(state.rows, { ownOnly: true, query: '' }), []);
    assert.equal(changes.length, 2);
    const stored = await (await fetch(`${double.apiUrl}/projects/2/notification_settings`, { headers: { 'PRIVATE-TOKEN': 'glpat-test-token' } })).json() as { level: string };
    assert.equal(stored.level, 'global');
  });

  it('follows a change made elsewhere through the owner (the status bar, the editor)', async () => {
    const state = await overview.load();
    await service.setLevel({ kind: 'project', id: 'acme/website' }, 'watch');
    assert.equal(state.rows.find((r) => r.path === 'acme/website')?.level, 'watch');
  });

  it('reports a failed reset on its row and carries on with the others', async () => {
    const state = await overview.load();
    double.inject({ fault: { kind: 'status', status: 403 }, method: 'PUT', path: '/groups/2/notification_settings' });
    const result = await overview.resetToGlobal(filterRows(state.rows, { ownOnly: true, query: '' }));
    assert.deepEqual(result, { changed: 1, failed: 1, cancelled: 0 });
    const group = state.rows.find((r) => r.path === 'acme/platform')!;
    assert.equal(group.level, 'watch');
    assert.ok(group.error && group.error.length > 0);
  });
});

describe('overrides overview on a server of the interface spec only', () => {
  let double: GitLabDouble;
  let c: TestClient;

  before(async () => { double = await GitLabDouble.start({ specOnly: true, events: 10, seed: 3 }); });
  after(async () => double.close());
  beforeEach(() => { c = makeClient(double.url); });
  afterEach(async () => c.close());

  it('says it cannot list groups or projects, shows the known ones and adds more by ID or path', async () => {
    const service = new NotificationSettingsService(fixedAccount(double.url, c.client), new FakeMemento());
    await changeSettingElsewhere(double, { scope: 'project', id: 'acme/website', level: 'watch' });
    const remembered: string[] = [];
    const catalog = catalogOf(c, service, [{ id: 'acme/website' }], remembered);
    const overview = new OverridesOverview({ catalog, settings: service, t });
    const state = await overview.load();
    assert.equal(state.groupsListed, false);
    assert.equal(state.projectsListed, false);
    assert.deepEqual(state.problems, []);
    assert.deepEqual(state.rows.map((r) => [r.name, r.level]), [['acme/website', 'watch']]);

    const before = double.requests.length;
    const added = await overview.add('group', 'acme');
    assert.equal(added.level, 'global');
    assert.deepEqual(double.requests.slice(before).map((r) => `${r.method} ${r.path}`), ['GET /api/v4/groups/acme/notification_settings'],
      'the group is checked and its level read by one request');
    assert.deepEqual(overview.current!.rows.map((r) => r.key), ['project:acme/website', 'group:acme']);
    assert.deepEqual(remembered, ['group acme'], 'kept for next time, as the editor keeps what is added there');
    const editor = await catalog.list();
    assert.equal(editor.groupsOffered, false, 'the editor says so too, from the same listing');
    assert.deepEqual(editor.entries.map((entry) => entry.key), ['global', 'project:acme/website', 'group:acme']);
    // Added by hand survives a Refresh (there is no listing to bring it back).
    const refreshed = await overview.load({ refresh: true });
    assert.deepEqual(refreshed.rows.map((r) => [r.key, r.level]), [['project:acme/website', 'watch'], ['group:acme', 'global']]);
    await assert.rejects(overview.add('group', 'no-such-group'), (error: Error & { kind?: string }) => error.kind === 'notFound');
    overview.dispose();
  });
});
