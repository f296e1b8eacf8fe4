import { strict as assert } from 'node:assert';
import { formatMessage as t } from '../../../../src/app/localize';
import { whyNotifiedView } from '../../../../src/app/settings/effectiveLevel';
import { chainLines, resolveLevelInForce, whyLevelText, type LevelLink } from '../../../../src/app/settings/shared/levelChain';
import { NotificationSettingsService } from '../../../../src/app/settings/notificationSettingsService';
import type { ScopeEntry } from '../../../../src/app/settings/shared/protocol';
import { scopeKey, type ScopeRef } from '../../../../src/app/settings/shared/scopes';
import { GitLabDouble } from '../../../double';
import { makeClient, type TestClient } from '../../gitlab/helpers';
import { fixedAccount } from '../../../../src/app/activeAccount';
import { FakeMemento } from '../../ui/fakeVscode';
import { changeSettingElsewhere } from '../../../double/control-client';

/** An entry of the settings editor's list: GitLab's name, the path beside it. */
const entry = (scope: ScopeRef, label: string, path?: string): ScopeEntry =>
  ({ key: scopeKey(scope), scope, label, origin: 'member', ...(path !== undefined ? { path, detail: path } : {}) });
/** The list the command names the chain's links from: user 1's groups as GitLab names them (acme is not listed here). */
const LISTED = [entry({ kind: 'global' }, 'Global'), entry({ kind: 'group', id: 2 }, 'Acme / Platform', 'acme/platform')];

/** Each item as "label | description", the way the command lists them. */
const rows = (view: ReturnType<typeof whyNotifiedView>) => view.items.map((item) => `${item.label} | ${item.description}`);

describe('why am I notified: the complete chain, resolved against the GitLab double', () => {
  let double: GitLabDouble;
  let c: TestClient;
  let service: NotificationSettingsService;
  const why = async (scope: ScopeRef, name: string, path?: string) => {
    const result = await service.levelInForce(scope, { complete: true });
    return { result, view: whyNotifiedView(entry(scope, name, path), result, t, LISTED) };
  };

  before(async () => { double = await GitLabDouble.start({ edition: 'ee', events: 10, seed: 3 }); });
  after(async () => double.close());
  beforeEach(async () => {
    c = makeClient(double.url);
    service = new NotificationSettingsService(fixedAccount(double.url, c.client), new FakeMemento());
    await changeSettingElsewhere(double, { scope: 'global', level: 'participating' });
    for (const id of ['acme', 'acme/platform']) await changeSettingElsewhere(double, { scope: 'group', id, level: 'global' });
    for (const id of ['1', '2', '5']) await changeSettingElsewhere(double, { scope: 'project', id, level: 'global' });
  });
  afterEach(async () => c.close());

  it('project → nearest group with a level → its parents → global: the nearest group decides, those above are listed but not consulted', async () => {
    await changeSettingElsewhere(double, { scope: 'group', id: 'acme/platform', level: 'watch' });
    await changeSettingElsewhere(double, { scope: 'group', id: 'acme', level: 'mention' });
    const { result, view } = await why({ kind: 'project', id: 'acme/platform/billing' }, 'Acme / Platform / Billing', 'acme/platform/billing');
    // Named as the settings editor's list names them, the path beside; a group it does not list, by its path.
    assert.deepEqual(rows(view), [
      'Acme / Platform / Billing | Global: passes the question up',
      'Acme / Platform | Watch: decides',
      'acme | On mention: not consulted (a nearer link decides)',
      'Global | Participate: not consulted (a nearer link decides)',
    ]);
    assert.deepEqual(view.items.map((item) => item.detail), ['acme/platform/billing', 'acme/platform', undefined, undefined]);
    assert.equal(view.summary, 'Level in force: Watch (platform), set by Acme / Platform.');
    assert.deepEqual(view.decidingScope, { kind: 'group', id: 'acme/platform' });
    assert.equal(view.title, 'Why am I notified about Acme / Platform / Billing?');
    // The editor says it plainly above the chain.
    assert.equal(whyLevelText(result, t), 'Why Watch: acme/platform sets it; the project follows its group.');
    // The status bar's tooltip and the editor list the same chain.
    assert.deepEqual(chainLines(result, t), [
      'project acme/platform/billing: Global', 'group acme/platform: Watch (decides)', 'group acme: On mention', 'global settings: Participate',
    ]);
  });

  it('every link at Global: the user\'s global level decides', async () => {
    const { view } = await why({ kind: 'project', id: 2 }, 'Project 2');
    assert.deepEqual(view.items.map((item) => [item.link.kind, item.link.name, item.role]), [
      ['project', '2', 'passes'], ['group', 'acme/platform', 'passes'], ['group', 'acme', 'passes'], ['global', '', 'decides'],
    ]);
    assert.deepEqual(view.decidingScope, { kind: 'global' });
    assert.equal(view.decidingName, 'global settings');
  });

  it('a project with a level of its own decides, and its groups are still shown with their levels', async () => {
    await changeSettingElsewhere(double, { scope: 'project', id: '2', level: 'disabled' });
    await changeSettingElsewhere(double, { scope: 'group', id: 'acme', level: 'watch' });
    const scope: ScopeRef = { kind: 'project', id: 2 };
    const { view } = await why(scope, 'Project 2');
    assert.deepEqual(view.items.map((item) => `${item.link.name}=${item.link.level}:${item.role}`),
      ['2=disabled:decides', 'acme/platform=global:unused', 'acme=watch:unused', '=participating:unused']);
    assert.equal(view.decidingScope, scope, 'the scope opens as it was asked about');
  });

  it('a group: its parent groups, then global', async () => {
    await changeSettingElsewhere(double, { scope: 'group', id: 'acme', level: 'custom' });
    const { view } = await why({ kind: 'group', id: 'acme/platform' }, 'Acme / Platform', 'acme/platform');
    assert.deepEqual(rows(view), [
      'Acme / Platform | Global: passes the question up',
      'acme | Custom: decides',
      'Global | Participate: not consulted (a nearer link decides)',
    ]);
    assert.equal(view.summary, 'Level in force: Custom (acme), set by acme.');
  });

  it('a project in a user\'s namespace has no groups; global alone is its own chain', async () => {
    const { view } = await why({ kind: 'project', id: 'alex/dotfiles' }, 'Alex / dotfiles', 'alex/dotfiles');
    assert.deepEqual(view.items.map((item) => item.link.kind), ['project', 'global']);
    const global = await why({ kind: 'global' }, 'Global');
    assert.deepEqual(rows(global.view), ['Global | Participate: decides']);
    assert.equal(global.view.title, 'Why am I notified about global settings?');
  });

  it('a level the extension does not know is shown as it came, and decides like any other', async () => {
    await changeSettingElsewhere(double, { scope: 'group', id: 'acme/platform', level: 'super_loud' });
    const { view } = await why({ kind: 'project', id: 'acme/platform/billing' }, 'p');
    assert.equal(view.items[1].description, 'super loud: decides');
  });
});

describe('the settings editor\'s "why" sentence: who sets the level, and who follows', () => {
  const link = (kind: LevelLink['kind'], name: string, level: string): LevelLink => ({ kind, name, level });
  const why = (own: LevelLink, ...above: LevelLink[]) => whyLevelText(resolveLevelInForce(own, above.slice(0, -1), above[above.length - 1]), t);
  const global = (level: string) => link('global', '', level);

  it('names the group that sets it and says the scope follows, through the groups at Global between', () => {
    assert.equal(why(link('project', 'acme/web', 'global'), link('group', 'acme/platform', 'watch'), global('participating')),
      'Why Watch: acme/platform sets it; the project follows its group.');
    assert.equal(why(link('project', 'acme/platform/web', 'global'), link('group', 'acme/platform', 'global'), link('group', 'acme', 'mention'), global('watch')),
      'Why On mention: acme sets it; the project and acme/platform follow it.');
    assert.equal(why(link('group', 'acme/platform', 'global'), link('group', 'acme', 'custom'), global('watch')),
      'Why Custom: acme sets it; the group follows its parent group.');
    assert.equal(why(link('group', 'a/b/c', 'global'), link('group', 'a/b', 'global'), link('group', 'a', 'disabled'), global('watch')),
      'Why Disabled: a sets it; the group and a/b follow it.');
  });

  it('says when the scope sets it itself, and when the global settings do', () => {
    assert.equal(why(link('project', 'acme/web', 'disabled'), link('group', 'acme', 'watch'), global('watch')), 'Why Disabled: the project sets it itself.');
    assert.equal(why(link('group', 'acme', 'watch'), global('mention')), 'Why Watch: the group sets it itself.');
    assert.equal(why(link('project', 'alex/dotfiles', 'global'), global('participating')),
      'Why Participate: your global settings set it; the project follows them.');
    assert.equal(why(link('project', 'acme/web', 'global'), link('group', 'acme', 'global'), global('participating')),
      'Why Participate: your global settings set it; the project and its groups follow them.');
    assert.equal(why(link('group', 'acme', 'global'), global('watch')), 'Why Watch: your global settings set it; the group follows them.');
    assert.equal(why(link('group', 'acme/platform', 'global'), link('group', 'acme', 'global'), global('watch')),
      'Why Watch: your global settings set it; the group and its parent groups follow them.');
  });
});
