import assert from 'node:assert/strict';
import { fake, FakeMemento, Uri } from './fakeVscode';
import { formatMessage } from '../../../src/app/localize';
import { projectInfo } from '../../../src/app/activity/projectInfo';
import { ProjectDirectory } from '../../../src/app/projectDirectory';
import { NotificationSettingsService } from '../../../src/app/settings/notificationSettingsService';
import { ScopeCatalog } from '../../../src/app/settings/scopeCatalog';
import { SnoozeScheduler } from '../../../src/app/settings/snooze';
import { ProfileCommands } from '../../../src/ui/settings/profileCommands';
import type { ScopeSources } from '../../../src/ui/settings/scopeChoices';
import { SnoozeCommands } from '../../../src/ui/settings/snoozeCommands';
import type { Log } from '../../../src/ui/log';
import { GitLabDouble } from '../../double';
import { makeClient, type TestClient } from '../gitlab/helpers';
import { fixedAccount } from '../../../src/app/activeAccount';
import { accountKey } from '../../../src/app/accountKey';
import { Failures } from '../../../src/ui/failures';
import { changeSettingElsewhere } from '../../double/control-client';

const log = { info: () => undefined, warn: () => undefined, error: () => undefined } as unknown as Log;
const SEPARATOR = -1;

/** A quick pick's items as "label | description", separators as "--- label", our icons left out. */
function shownPick(index = 0): string[] {
  const pick = fake.shown.filter((entry) => entry.kind === 'quickPick')[index];
  assert.ok(pick && pick.kind === 'quickPick', `no quick pick #${index} was shown`);
  return pick.items.map((item) => ((item as { kind?: number }).kind === SEPARATOR ? `--- ${item.label}`
    : `${item.label.replace(/^\$\([a-z-]+\) /, '')} | ${item.description ?? ''}`));
}

/**
 * The settings editor, snooze, export and the import name scopes one way, from one list: Global, the user's groups,
 * the configured ones, the tree's projects, each by GitLab's name with its path beside it. Against the GitLab double,
 * the catalog built as the extension builds it (the tree's projects named through the project directory).
 */
describe('one scope list, named one way, for the settings editor, snooze, export and import', () => {
  let double: GitLabDouble;
  let c: TestClient;
  let settings: NotificationSettingsService;
  let sources: ScopeSources;

  /** What every surface should show: the editor's list as "label | detail". */
  const EDITOR_LIST = [
    'Global | Your default for every group and project',
    '--- Groups',
    'Acme | acme',
    'Acme / Platform | acme/platform',
    'community | ',
    '--- Projects',
    'Acme / Website | acme/website',
    'Acme / Platform / Billing | acme/platform/billing',
  ];

  before(async () => { double = await GitLabDouble.start({ edition: 'ee', events: 10, seed: 3 }); });
  after(async () => double.close());
  beforeEach(async () => {
    fake.reset();
    c = makeClient(double.url);
    settings = new NotificationSettingsService(fixedAccount(double.url, c.client, undefined, 1), new FakeMemento());
    const directory = new ProjectDirectory(() => c.client);
    // The tree's projects, one configured by path and one by ID, not shown (so not named) yet; a configured group.
    const tree = ['acme/website', 2];
    const catalog = new ScopeCatalog({
      account: { get api() { return c.client; } }, settings,
      projects: () => tree.map((id) => ({ id, label: projectInfo(directory.get(id))?.name, path: projectInfo(directory.get(id))?.pathWithNamespace })),
      nameProjects: (ids) => directory.resolve(ids),
      addedGroups: () => ['community'], localize: formatMessage,
    });
    sources = { workspace: async () => ({ scope: { kind: 'global' }, name: 'global settings' }), catalog };
    await changeSettingElsewhere(double, { scope: 'global', level: 'participating' });
    await changeSettingElsewhere(double, { scope: 'group', id: 'acme/platform', level: 'global' });
    await changeSettingElsewhere(double, { scope: 'project', id: 'acme/website', level: 'watch' });
  });
  afterEach(async () => c.close());

  it('the settings editor lists Global, the groups and the projects by GitLab\'s names, the path beside each', async () => {
    const { entries } = await sources.catalog.list();
    assert.deepEqual(entries.map((entry) => `${entry.label} | ${entry.detail ?? ''}`), EDITOR_LIST.filter((line) => !line.startsWith('---')));
    assert.deepEqual(entries.map((entry) => entry.path), [undefined, 'acme', 'acme/platform', 'community', 'acme/website', 'acme/platform/billing']);
  });

  it('Snooze offers the editor\'s list, groups included, and names the scope in its messages the same way', async () => {
    const clock = { now: () => Date.UTC(2026, 0, 5, 8), setTimer: () => ({ dispose: () => undefined }) };
    const scheduler = new SnoozeScheduler(settings, new FakeMemento(), clock, { key: double.url, accountKey: accountKey(double.url, 1), signedIn: true }, () => undefined);
    const commands = new SnoozeCommands(scheduler, sources, clock, () => ({ offsetMinutes: () => 0 }), { instanceUrl: double.url, accountKey: undefined }, new Failures({ reportUnauthorized: () => undefined }, log));
    const answers = [/Acme \/ Platform$/, /For 1 Hour/];
    fake.answers.quickPick = (items) => {
      const wanted = answers.shift();
      return items.find((item) => wanted?.test(item.label));
    };
    await commands.snooze();

    assert.deepEqual(shownPick(0), [...EDITOR_LIST, '--- ', 'Other Group… | ', 'Other Project… | ']);
    assert.equal(fake.shown.filter((entry) => entry.kind === 'quickPick')[1]?.options.title, 'Snooze Acme / Platform');
    assert.deepEqual(scheduler.list().map((snooze) => [snooze.scope, snooze.name]), [[{ kind: 'group', id: 'acme/platform' }, 'Acme / Platform']],
      'kept by its path, as the status bar\'s chain names groups');
    assert.deepEqual(fake.shown.filter((entry) => entry.kind === 'information').map((entry) => 'message' in entry && entry.message),
      ['Notifications for Acme / Platform are muted until 09:00.']);
  });

  it('Export offers the editor\'s list, groups included: an overridden group can be exported, by its path', async () => {
    await changeSettingElsewhere(double, { scope: 'group', id: 'acme/platform', level: 'watch' });
    const commands = new ProfileCommands({ sources, settings, pathOf: async () => undefined, account: { instanceUrl: double.url }, failures: new Failures({ reportUnauthorized: () => undefined }, log), log });
    fake.answers.quickPick = (items) => items.filter((item) => /Acme \/ Platform$|Acme \/ Website$/.test(item.label));
    await commands.export('/profile.json');

    assert.deepEqual(shownPick(), EDITOR_LIST);
    const written = JSON.parse(new TextDecoder().decode(fake.files.get('/profile.json'))) as { scopes: unknown[] };
    assert.deepEqual(written.scopes, [
      { scope: 'group', path: 'acme/platform', level: 'watch' },
      { scope: 'project', path: 'acme/website', level: 'watch' },
    ]);
    assert.deepEqual(fake.shown.filter((entry) => entry.kind === 'information').map((entry) => 'message' in entry && entry.message),
      ['Exported the notification profile of 2 scopes to /profile.json.']);
  });

  it('the import\'s preview and report name each scope as the editor does, in its words, one change or several', async () => {
    const profile = {
      format: 'gitlab-activity/notification-profile', version: 1, scopes: [
        { scope: 'group', path: 'acme/platform', level: 'watch' },
        { scope: 'project', path: 'acme/website', level: 'custom', events: { new_note: true, new_issue: false } },
      ],
    };
    fake.files.set('/in.json', new TextEncoder().encode(JSON.stringify(profile)));
    const commands = new ProfileCommands({ sources, settings, pathOf: async () => undefined, account: { instanceUrl: double.url }, failures: new Failures({ reportUnauthorized: () => undefined }, log), log });
    fake.answers.quickPick = (items) => items;
    await commands.import(Uri.file('/in.json'));

    const preview = fake.shown.find((entry) => entry.kind === 'quickPick');
    assert.ok(preview && preview.kind === 'quickPick');
    assert.deepEqual(preview.items.map((item) => [item.label, item.description, item.detail]), [
      ['Acme / Platform', 'acme/platform · 1 change', 'Level: Global → Watch'],
      ['Acme / Website', 'acme/website · 3 changes', 'Level: Watch → Custom; Comment is added: (not shown) → on; Issue is created: (not shown) → off'],
    ]);
    assert.deepEqual(fake.shown.filter((entry) => entry.kind === 'information').map((entry) => 'message' in entry && entry.message),
      ['Notification profile imported. Acme / Platform: applied; Acme / Website: applied']);
  });
});
