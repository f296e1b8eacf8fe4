import { strict as assert } from 'node:assert';
import { formatMessage as t } from '../../../../src/app/localize';
import { whyNotifiedView } from '../../../../src/app/settings/effectiveLevel';
import { chainLines } from '../../../../src/app/settings/shared/levelChain';
import { NotificationSettingsService, type LevelMemory } from '../../../../src/app/settings/notificationSettingsService';
import type { ScopeRef } from '../../../../src/app/settings/shared/scopes';
import { GitLabDouble } from '../../../double';
import { makeClient, type TestClient } from '../../gitlab/helpers';

class MapMemory implements LevelMemory {
  private readonly values = new Map<string, unknown>();
  get(key: string): unknown { return this.values.get(key); }
  async update(key: string, value: unknown): Promise<void> { this.values.set(key, value); }
}

async function putSetting(double: GitLabDouble, body: Record<string, unknown>): Promise<void> {
  const response = await fetch(`${double.url}/__double/settings`, {
    method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
  });
  assert.equal(response.status, 200, await response.text());
}

/** Each item as "label | description", the way the command lists them. */
const rows = (view: ReturnType<typeof whyNotifiedView>) => view.items.map((item) => `${item.label} | ${item.description}`);

describe('why am I notified: the complete chain, resolved against the GitLab double', () => {
  let double: GitLabDouble;
  let c: TestClient;
  let service: NotificationSettingsService;
  const why = async (scope: ScopeRef, name: string) => {
    const result = await service.levelInForce(scope, { complete: true });
    return { result, view: whyNotifiedView(name, scope, result, t) };
  };

  before(async () => { double = await GitLabDouble.start({ edition: 'ee', events: 10, seed: 3 }); });
  after(async () => double.close());
  beforeEach(async () => {
    c = makeClient(double.url);
    service = new NotificationSettingsService(() => c.client, new MapMemory(), double.url);
    await putSetting(double, { scope: 'global', level: 'participating' });
    for (const id of ['acme', 'acme/platform']) await putSetting(double, { scope: 'group', id, level: 'global' });
    for (const id of ['1', '2', '5']) await putSetting(double, { scope: 'project', id, level: 'global' });
  });
  afterEach(async () => c.close());

  it('project → nearest group with a level → its parents → global: the nearest group decides, those above are listed but not consulted', async () => {
    await putSetting(double, { scope: 'group', id: 'acme/platform', level: 'watch' });
    await putSetting(double, { scope: 'group', id: 'acme', level: 'mention' });
    const { result, view } = await why({ kind: 'project', id: 'acme/platform/billing' }, 'project acme/platform/billing');
    assert.deepEqual(rows(view), [
      'project acme/platform/billing | Global: passes the question up',
      'group acme/platform | Watch: decides',
      'group acme | On mention: not consulted (a nearer link decides)',
      'global settings | Participate: not consulted (a nearer link decides)',
    ]);
    assert.equal(view.summary, 'Level in force: Watch (platform), set by group acme/platform.');
    assert.deepEqual(view.decidingScope, { kind: 'group', id: 'acme/platform' });
    assert.equal(view.title, 'Why am I notified about project acme/platform/billing?');
    // The status bar's tooltip and the editor list the same chain.
    assert.deepEqual(chainLines(result, t), [
      'project acme/platform/billing: Global', 'group acme/platform: Watch (decides)', 'group acme: On mention', 'global settings: Participate',
    ]);
  });

  it('every link at Global: the user\'s global level decides', async () => {
    const { view } = await why({ kind: 'project', id: 2 }, 'project 2');
    assert.deepEqual(view.items.map((item) => [item.link.kind, item.link.name, item.role]), [
      ['project', '2', 'passes'], ['group', 'acme/platform', 'passes'], ['group', 'acme', 'passes'], ['global', '', 'decides'],
    ]);
    assert.deepEqual(view.decidingScope, { kind: 'global' });
    assert.equal(view.decidingName, 'global settings');
  });

  it('a project with a level of its own decides, and its groups are still shown with their levels', async () => {
    await putSetting(double, { scope: 'project', id: '2', level: 'disabled' });
    await putSetting(double, { scope: 'group', id: 'acme', level: 'watch' });
    const scope: ScopeRef = { kind: 'project', id: 2 };
    const { view } = await why(scope, 'project 2');
    assert.deepEqual(view.items.map((item) => `${item.link.name}=${item.link.level}:${item.role}`),
      ['2=disabled:decides', 'acme/platform=global:unused', 'acme=watch:unused', '=participating:unused']);
    assert.equal(view.decidingScope, scope, 'the scope opens as it was asked about');
  });

  it('a group: its parent groups, then global', async () => {
    await putSetting(double, { scope: 'group', id: 'acme', level: 'custom' });
    const { view } = await why({ kind: 'group', id: 'acme/platform' }, 'group acme/platform');
    assert.deepEqual(rows(view), [
      'group acme/platform | Global: passes the question up',
      'group acme | Custom: decides',
      'global settings | Participate: not consulted (a nearer link decides)',
    ]);
  });

  it('a project in a user\'s namespace has no groups; global alone is its own chain', async () => {
    const { view } = await why({ kind: 'project', id: 'alex/dotfiles' }, 'project alex/dotfiles');
    assert.deepEqual(view.items.map((item) => item.link.kind), ['project', 'global']);
    const global = await why({ kind: 'global' }, 'global settings');
    assert.deepEqual(rows(global.view), ['global settings | Participate: decides']);
  });

  it('a level the extension does not know is shown as it came, and decides like any other', async () => {
    await putSetting(double, { scope: 'group', id: 'acme/platform', level: 'super_loud' });
    const { view } = await why({ kind: 'project', id: 'acme/platform/billing' }, 'p');
    assert.equal(view.items[1].description, 'super loud: decides');
  });
});
