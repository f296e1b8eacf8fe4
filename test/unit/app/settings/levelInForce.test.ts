import { strict as assert } from 'node:assert';
import { decidingLink } from '../../../../src/app/settings/shared/levelChain';
import { NotificationSettingsService } from '../../../../src/app/settings/notificationSettingsService';
import { GitLabError } from '../../../../src/gitlab/errors';
import { GitLabDouble } from '../../../double';
import { makeClient, type TestClient } from '../../gitlab/helpers';
import { fixedAccount } from '../../../../src/app/activeAccount';
import { FakeMemento } from '../../ui/fakeVscode';
import { changeSettingElsewhere } from '../../../double/control-client';

function settingReads(double: GitLabDouble): string[] {
  return double.requests.filter((r) => r.method === 'GET' && r.path.endsWith('/notification_settings')).map((r) => r.path);
}

const BILLING = { kind: 'project', id: 2 } as const; // acme/platform/billing, in group acme/platform under acme

describe('level in force, resolved by the settings service against the GitLab double', () => {
  describe('with GitLab\'s project lookup', () => {
    let double: GitLabDouble;
    let t: TestClient;
    let service: NotificationSettingsService;

    before(async () => { double = await GitLabDouble.start({ edition: 'ee', events: 10, seed: 3 }); });
    after(async () => double.close());
    beforeEach(async () => {
      t = makeClient(double.url);
      service = new NotificationSettingsService(fixedAccount(double.url, t.client), new FakeMemento());
      await changeSettingElsewhere(double, { scope: 'global', level: 'participating' });
      for (const id of ['acme', 'acme/platform']) await changeSettingElsewhere(double, { scope: 'group', id, level: 'global' });
      await changeSettingElsewhere(double, { scope: 'project', id: '2', level: 'global' });
      double.clearLog();
    });
    afterEach(async () => t.close());

    it('a project at global inherits from its own group first, found through GET /projects/:id', async () => {
      await changeSettingElsewhere(double, { scope: 'group', id: 'acme/platform', level: 'watch' });
      await changeSettingElsewhere(double, { scope: 'group', id: 'acme', level: 'mention' });
      const result = await service.levelInForce(BILLING);
      assert.equal(result.level, 'watch');
      assert.deepEqual(decidingLink(result), { kind: 'group', name: 'acme/platform', level: 'watch' });
      assert.ok(double.requests.some((r) => r.path === '/api/v4/projects/2'), 'the project\'s namespace comes from GitLab');
      assert.equal(settingReads(double).some((path) => path === '/api/v4/groups/acme/notification_settings'), false,
        'no need to read farther than the group that decides');
    });

    it('skips parents at global up to the nearest group with a level, then falls back to global', async () => {
      await changeSettingElsewhere(double, { scope: 'group', id: 'acme', level: 'mention' });
      const viaParent = await service.levelInForce(BILLING);
      assert.equal(viaParent.level, 'mention');
      assert.deepEqual(viaParent.chain.map((link) => `${link.kind}:${link.level}`),
        ['project:global', 'group:global', 'group:mention', 'global:participating']);

      await service.save({ kind: 'group', id: 'acme' }, { level: 'global' });
      const viaGlobal = await service.levelInForce(BILLING);
      assert.equal(viaGlobal.level, 'participating');
      assert.equal(decidingLink(viaGlobal).kind, 'global');
    });

    it('reads through its cache until a change event, which empties it', async () => {
      await changeSettingElsewhere(double, { scope: 'group', id: 'acme/platform', level: 'watch' });
      assert.equal((await service.levelInForce(BILLING)).level, 'watch');
      const reads = settingReads(double).length;
      await changeSettingElsewhere(double, { scope: 'group', id: 'acme/platform', level: 'disabled' });
      assert.equal((await service.levelInForce(BILLING)).level, 'watch', 'cached: nobody announced a change');
      assert.equal(settingReads(double).length, reads);
      // A change through the owner (here a PUT of group 2, acme/platform, by ID) empties the cache.
      await service.save({ kind: 'group', id: 2 }, { level: 'disabled' });
      assert.equal((await service.levelInForce(BILLING)).level, 'disabled');
      service.refresh();
      await changeSettingElsewhere(double, { scope: 'group', id: 'acme/platform', level: 'watch' });
      assert.equal((await service.levelInForce(BILLING)).level, 'watch', 'refresh() reads GitLab again');
    });

    it('a refresh that finds a setting changed on GitLab tells the listeners', async () => {
      await service.levelInForce(BILLING);
      await changeSettingElsewhere(double, { scope: 'group', id: 'acme/platform', level: 'watch' });
      const changes: Array<{ scope: unknown; level: string; previous?: string }> = [];
      service.onDidChange(({ scope, setting, previous }) => changes.push({ scope, level: setting.level, previous: previous?.level }));
      service.refresh();
      assert.equal((await service.levelInForce(BILLING)).level, 'watch');
      assert.deepEqual(changes, [{ scope: { kind: 'group', id: 'acme/platform' }, level: 'watch', previous: 'global' }]);
    });

    it('a fresh read of a group by ID, given its path, is compared with what the chains read by path', async () => {
      await service.levelInForce(BILLING, { complete: true });
      await changeSettingElsewhere(double, { scope: 'group', id: 'acme', level: 'watch' });
      await changeSettingElsewhere(double, { scope: 'group', id: 'acme/platform', level: 'mention' });
      const changes: string[] = [];
      service.onDidChange(({ setting, previous }) => changes.push(`${previous?.level}->${setting.level}`));
      await service.getSetting({ kind: 'group', id: 1 }, undefined, { fresh: true });
      assert.deepEqual(changes, [], 'by ID alone it is a scope never read');
      await service.getSetting({ kind: 'group', id: 2 }, undefined, { fresh: true, path: 'acme/platform' });
      assert.deepEqual(changes, ['global->mention']);
      assert.equal((await service.levelInForce(BILLING)).level, 'mention');
    });

    it('a fresh read elsewhere (the editor) that finds what is known keeps the cache and tells nobody', async () => {
      await changeSettingElsewhere(double, { scope: 'group', id: 'acme/platform', level: 'watch' });
      await service.levelInForce(BILLING);
      const reads = settingReads(double).length;
      const changes: unknown[] = [];
      service.onDidChange((change) => changes.push(change));
      await service.getSetting({ kind: 'group', id: 'acme/platform' }, undefined, { fresh: true });
      assert.equal((await service.levelInForce(BILLING)).level, 'watch');
      assert.equal(settingReads(double).length, reads + 1, 'only the fresh read itself');
      assert.deepEqual(changes, []);
    });

    it("a project's own level decides and its groups are not read", async () => {
      await changeSettingElsewhere(double, { scope: 'project', id: '2', level: 'custom' });
      const result = await service.levelInForce(BILLING);
      assert.equal(result.level, 'custom');
      assert.equal(result.decidedBy, 0);
      assert.equal(settingReads(double).some((path) => path.includes('/groups/')), false);
    });

    it('assumeGlobal tells what a scope would inherit, whatever its own level', async () => {
      await changeSettingElsewhere(double, { scope: 'project', id: '2', level: 'disabled' });
      await changeSettingElsewhere(double, { scope: 'group', id: 'acme', level: 'watch' });
      const result = await service.levelInForce(BILLING, { assumeGlobal: true });
      assert.equal(result.level, 'watch');
      assert.equal(result.chain[0].level, 'global');
    });

    it('a group known by ID resolves through the parents of the path it is given', async () => {
      await changeSettingElsewhere(double, { scope: 'group', id: 'acme', level: 'mention' });
      const result = await service.levelInForce({ kind: 'group', id: 2 }, { path: 'acme/platform' });
      assert.equal(result.level, 'mention');
      assert.equal(result.chain[0].name, 'acme/platform');
    });

    it('uses the lookup it is given for the project, so the project is not fetched twice', async () => {
      await changeSettingElsewhere(double, { scope: 'group', id: 'acme/platform', level: 'watch' });
      const looked: Array<string | number> = [];
      const shared = new NotificationSettingsService(fixedAccount(double.url, t.client), new FakeMemento(), async (id) => {
        looked.push(id);
        return t.client.getProject(id);
      });
      assert.equal((await shared.levelInForce(BILLING)).level, 'watch');
      assert.equal((await shared.levelInForce(BILLING, { assumeGlobal: true })).level, 'watch');
      assert.deepEqual(looked, [2], 'looked up once, through the lookup');
      const failing = new NotificationSettingsService(fixedAccount(double.url, t.client), new FakeMemento(), async () => undefined);
      assert.equal((await failing.levelInForce({ kind: 'project', id: 'acme/platform/billing' })).level, 'watch',
        'a failed lookup leaves the prefixes of the path');
    });

    it('a project in a user namespace has no groups', async () => {
      const result = await service.levelInForce({ kind: 'project', id: 5 });
      assert.deepEqual(result.chain.map((link) => link.kind), ['project', 'global']);
      assert.equal(settingReads(double).some((path) => path.includes('/groups/')), false);
    });

    it('an unknown level on a group is shown, not dropped', async () => {
      await changeSettingElsewhere(double, { scope: 'group', id: 'acme/platform', level: 'super_loud' });
      assert.equal((await service.levelInForce(BILLING)).level, 'super_loud');
    });

    it('a group that cannot be read for another reason than 404 fails the resolution instead of guessing', async () => {
      double.inject({ fault: { kind: 'status', status: 500 }, path: '/groups/acme/platform/notification_settings', times: Infinity });
      try {
        await assert.rejects(service.levelInForce(BILLING), (error: unknown) => error instanceof GitLabError && error.kind === 'server');
      } finally {
        double.clearFaults();
      }
      assert.equal((await service.levelInForce(BILLING)).level, 'participating', 'the failure is not remembered');
    });
  });

  describe('on a server with only the spec\'s interface (no project lookup)', () => {
    let double: GitLabDouble;
    let t: TestClient;
    let service: NotificationSettingsService;

    before(async () => { double = await GitLabDouble.start({ edition: 'spec', events: 10, seed: 3, withoutDiscovery: true }); });
    after(async () => double.close());
    beforeEach(() => {
      t = makeClient(double.url);
      service = new NotificationSettingsService(fixedAccount(double.url, t.client), new FakeMemento());
      double.clearLog();
    });
    afterEach(async () => t.close());

    it('a project known by path inherits through the prefixes of its path', async () => {
      await changeSettingElsewhere(double, { scope: 'group', id: 'acme', level: 'watch' });
      const result = await service.levelInForce({ kind: 'project', id: 'acme/platform/billing' });
      assert.equal(result.level, 'watch');
      assert.deepEqual(result.chain.map((link) => link.name), ['acme/platform/billing', 'acme/platform', 'acme', '']);
    });

    it('a prefix that is a user namespace answers 404 and is skipped', async () => {
      await changeSettingElsewhere(double, { scope: 'global', level: 'mention' });
      const result = await service.levelInForce({ kind: 'project', id: 'alex/dotfiles' });
      assert.equal(result.level, 'mention');
      assert.deepEqual(result.chain.map((link) => link.kind), ['project', 'global']);
      assert.ok(double.requests.some((r) => r.path === '/api/v4/groups/alex/notification_settings' && r.status === 404));
    });

    it('a project known only by ID has no known groups: global decides', async () => {
      await changeSettingElsewhere(double, { scope: 'group', id: 'acme', level: 'watch' });
      await changeSettingElsewhere(double, { scope: 'global', level: 'participating' });
      const result = await service.levelInForce({ kind: 'project', id: 2 });
      assert.equal(result.level, 'participating');
    });
  });
});
