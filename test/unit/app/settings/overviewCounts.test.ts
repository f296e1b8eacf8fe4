import { strict as assert } from 'node:assert';
import { formatMessage as t } from '../../../../src/app/localize';
import { NotificationSettingsService } from '../../../../src/app/settings/notificationSettingsService';
import { hasOwnLevel, OverridesOverview, rowDescription, type OverviewRow } from '../../../../src/app/settings/overview';
import { countedScope, MAX_COUNTED_ROWS } from '../../../../src/app/settings/overviewCounts';
import { ScopeCatalog } from '../../../../src/app/settings/scopeCatalog';
import { SubscriptionCountCache } from '../../../../src/app/subscriptions/subscriptionCounts';
import { fixedAccount } from '../../../../src/app/activeAccount';
import { SubscriptionClient } from '../../../../src/gitlab';
import type { GraphqlSchemaVersion } from '../../../double/types';
import { GitLabDouble } from '../../../double';
import { settingKey } from '../../../double/world/types';
import { makeClient, type TestClient } from '../../gitlab/helpers';
import { FakeMemento } from '../../ui/fakeVscode';

/** The overview over the real clients of one double, the account's counts through a real cache. */
function overviewOf(double: GitLabDouble, c: TestClient) {
  const settings = new NotificationSettingsService(fixedAccount(double.url, c.client), new FakeMemento());
  const catalog = new ScopeCatalog({
    account: { get api() { return c.client; } }, settings, projects: () => [], addedGroups: () => [], localize: t, rememberGroup: async () => undefined,
  });
  const counts = new SubscriptionCountCache(new SubscriptionClient(c.transport));
  return { overview: new OverridesOverview({ catalog, settings, t, concurrency: 4, counts }), counts };
}

describe('overrides overview: counts of explicit subscriptions', () => {
  let double: GitLabDouble;
  let c: TestClient;
  afterEach(async () => { await c.close(); await double.close(); });
  const start = async (graphql?: GraphqlSchemaVersion) => {
    double = await GitLabDouble.start({ edition: 'ee', events: 10, seed: 3, ...(graphql ? { graphql } : {}) });
    c = makeClient(double.url);
    return overviewOf(double, c);
  };

  /** User 1's own level on a group or project of the double: an override. */
  const own = (kind: 'group' | 'project', id: number, level = 'watch') => {
    double.data.settings[settingKey(1, { kind, id })] = { level, events: {} };
  };
  const countRequests = () => double.requests.filter((r) => r.path === '/api/graphql' && /subscriptionCounts/.test(r.body ?? ''));
  const labelRequests = () => double.requests.filter((r) => r.path.endsWith('/labels'));

  it('the overrides with their counts beside the level, labels left out; the other rows none; the global ones for the first line', async () => {
    const { overview } = await start();
    own('project', 1);
    own('group', 1);
    const state = await overview.load();
    const website = state.rows.find((r) => r.path === 'acme/website')!;
    assert.ok((website.subscriptions?.counts.issue ?? 0) > 0);
    assert.equal(website.subscriptions?.counts.label, undefined, 'labels are not read');
    assert.match(rowDescription(website, state.globalLevel, t), /^\S.* · subscribed: \d+ issues?[^·]*$/);
    assert.doesNotMatch(rowDescription(website, state.globalLevel, t), /label/);
    const acme = state.rows.find((r) => r.path === 'acme')!;
    assert.ok((acme.subscriptions?.counts.epic ?? 0) > 0, 'a group counts its epics');
    const others = state.rows.filter((r) => r !== website && r !== acme);
    assert.ok(others.length > 0 && others.every((r) => r.subscriptions === undefined), 'no count of a row without a level of its own');
    assert.deepEqual(state.subscriptions?.global?.notCounted, ['mergeRequest', 'epic', 'label']);
    assert.equal(countRequests().length, 3, 'global and the two overrides');
    assert.deepEqual(labelRequests(), []);
    assert.ok(state.complete);
    overview.dispose();
  });

  it('300 groups, 60 with a level of their own: one opening counts the first 50 of those in one request each, a refresh none again', async () => {
    const { overview } = await start();
    const teams = Array.from({ length: 300 }, (_, index) => {
      const name = `Team ${String(index + 1).padStart(3, '0')}`;
      const path = name.toLowerCase().replace(' ', '-');
      return { ...double.data.groups[0], id: 101 + index, name, path, fullPath: path, fullName: name, members: { 1: 30 as const } };
    });
    double.data.groups.push(...teams);
    for (const team of teams.slice(-60)) own('group', team.id);
    double.clearLog();
    const state = await overview.load();
    assert.equal(state.rows.filter((r) => r.scope.kind === 'group').length, 302);
    const counted = state.rows.filter((r) => r.subscriptions !== undefined);
    assert.equal(counted.length, MAX_COUNTED_ROWS);
    assert.ok(counted.every(hasOwnLevel), `counted without a level of their own: ${counted.filter((r) => !hasOwnLevel(r)).map((r) => r.path).join(', ')}`);
    assert.equal(countRequests().length, 1 + MAX_COUNTED_ROWS, 'global and the counted overrides, once each');
    assert.deepEqual(labelRequests(), []);
    assert.ok(double.requests.length < 400, `${double.requests.length} requests in all: the levels, the listings, the counts`);
    double.clearLog();
    await overview.load({ refresh: true });
    assert.deepEqual(countRequests(), [], 'the counts of a minute ago are kept');
    overview.dispose();
  });

  it('a subscription changed (invalidate): the next load counts again, the levels stay read', async () => {
    const { overview, counts } = await start();
    own('project', 1);
    await overview.load();
    const levelsRead = double.requests.filter((r) => r.path.endsWith('/notification_settings')).length;
    counts.invalidate();
    assert.equal(overview.current?.complete, false);
    const graphqlBefore = double.requests.filter((r) => r.path === '/api/graphql').length;
    const state = await overview.load();
    assert.ok(state.complete && state.rows.some((r) => r.subscriptions !== undefined));
    assert.ok(double.requests.filter((r) => r.path === '/api/graphql').length > graphqlBefore);
    assert.equal(double.requests.filter((r) => r.path.endsWith('/notification_settings')).length, levelsRead);
    overview.dispose();
  });

  for (const version of ['17.5', '17.4', 'none'] as const) {
    it(`${version}: no number anywhere, one calm note, no row asked`, async () => {
      const { overview } = await start(version);
      const state = await overview.load();
      assert.ok(state.rows.every((r) => r.subscriptions === undefined));
      assert.match(state.subscriptions?.note ?? '', /Explicit subscriptions are not counted/);
      assert.ok(state.rows.every((r) => !rowDescription(r, state.globalLevel, t).includes('subscribed')));
      overview.dispose();
    });
  }
});

describe('overrides overview: which rows are counted', () => {
  it('a row known only by a numeric ID is not counted', () => {
    const row: OverviewRow = { key: 'project:9', scope: { kind: 'project', id: 9 }, name: '9' };
    assert.equal(countedScope(row), undefined);
    assert.deepEqual(countedScope({ ...row, path: 'a/b' }), { kind: 'project', id: 'a/b' });
  });
});
