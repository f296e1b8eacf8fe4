import assert from 'node:assert/strict';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { fake, Uri, workspace } from './fakeVscode';
import { ProfileCommands, type ProfileDeps } from '../../../src/ui/settings/profileCommands';
import type { ScopeCatalog } from '../../../src/app/settings/scopeCatalog';

describe('Export Notification Profile', () => {
  beforeEach(() => fake.reset());
  afterEach(() => { workspace.workspaceFolders = undefined; });

  it('proposes the home folder the host has, not the repository open in the window (a profile is personal)', async () => {
    workspace.workspaceFolders = [{ uri: Uri.file('/work/repo'), name: 'repo', index: 0 }];
    const commands = new ProfileCommands({
      sources: { workspace: async () => ({ scope: { kind: 'global' }, name: 'global' }), catalog: { entries: async () => [{ key: 'global', scope: { kind: 'global' }, label: 'Global', origin: 'global' }] } as unknown as ScopeCatalog },
      settings: { getSetting: async () => ({ level: 'watch' }), save: async () => { throw new Error('not in this test'); } },
      pathOf: async () => undefined, account: { instanceUrl: 'https://gitlab.example.com' },
      log: { info: () => undefined, warn: () => undefined, error: () => undefined } as unknown as ProfileDeps['log'],
      failures: { report: () => undefined },
      homeFolder: homedir(),
    });
    fake.answers.quickPick = (items) => items; // every scope, as offered
    await commands.export();
    assert.equal(fake.saveDialogs.length, 1);
    const proposed = fake.saveDialogs[0].defaultUri as Uri | undefined;
    assert.equal(proposed?.fsPath, join(homedir(), 'gitlab-notifications.json'));
  });
});
