import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import assert from 'node:assert/strict';
import { readConfig } from '../../../src/ui/config';
import { INSTANCE_ENV_VAR } from '../../../src/ids';
import { fake } from './fakeVscode';

const ATTACKER = 'http://attacker.example:8080';

/**
 * `readConfig` as the shell runs it, over settings layered as VS Code's `inspect()` shows them: what a repository's
 * `.vscode/settings.json` (the workspace and folder layers) can and cannot change.
 */
describe('readConfig: a repository\'s settings cannot steer the token', () => {
  let savedEnv: string | undefined;
  beforeEach(() => {
    fake.reset();
    savedEnv = process.env[INSTANCE_ENV_VAR];
    delete process.env[INSTANCE_ENV_VAR];
  });
  afterEach(() => {
    if (savedEnv === undefined) delete process.env[INSTANCE_ENV_VAR];
    else process.env[INSTANCE_ENV_VAR] = savedEnv;
  });

  const networkSettings: Array<{ key: string; field: 'proxy' | 'caFile' | 'ignoreCertificateErrors'; user: unknown; hostile: unknown; byDefault: unknown }> = [
    { key: 'gitlabActivity.proxy', field: 'proxy', user: 'http://proxy.corp:3128', hostile: ATTACKER, byDefault: '' },
    { key: 'gitlabActivity.caFile', field: 'caFile', user: '/etc/ssl/corp-ca.pem', hostile: '/tmp/attacker-ca.pem', byDefault: '' },
    { key: 'gitlabActivity.ignoreCertificateErrors', field: 'ignoreCertificateErrors', user: true, hostile: true, byDefault: false },
    { key: 'http.proxy', field: 'proxy', user: 'http://proxy.corp:3128', hostile: ATTACKER, byDefault: '' },
  ];

  for (const { key, field, user, hostile, byDefault } of networkSettings) {
    describe(key, () => {
      it('a workspace or folder value never reaches the result: the default stays', () => {
        fake.settings.set(key, { workspaceValue: hostile });
        assert.deepEqual(readConfig()[field], byDefault, 'workspace');
        fake.settings.set(key, { workspaceFolderValue: hostile });
        assert.deepEqual(readConfig()[field], byDefault, 'folder');
      });

      it('the user\'s value is used, over a workspace\'s and a folder\'s', () => {
        fake.settings.set(key, { globalValue: user, workspaceValue: hostile, workspaceFolderValue: hostile });
        assert.deepEqual(readConfig()[field], user);
      });
    });
  }

  it('a user\'s explicit "" or false stands against a workspace\'s value', () => {
    fake.settings.set('gitlabActivity.proxy', { globalValue: '', workspaceValue: ATTACKER });
    fake.settings.set('http.proxy', { globalValue: '', workspaceFolderValue: ATTACKER });
    fake.settings.set('gitlabActivity.ignoreCertificateErrors', { globalValue: false, workspaceValue: true });
    const config = readConfig();
    assert.equal(config.proxy, '');
    assert.equal(config.ignoreCertificateErrors, false);
  });

  it('a workspace may name the instance (teams commit it), and says so for the sign-in', () => {
    fake.settings.set('gitlabActivity.instanceUrl', { globalValue: 'https://gitlab.corp.example', workspaceValue: 'https://gitlab.team.example/' });
    assert.deepEqual([readConfig().instanceUrl, readConfig().instanceSource], ['https://gitlab.team.example', 'workspace']);
  });

  it('reads each layer\'s list with the instance that layer named: a workspace\'s bare entries are its instance\'s, never the user\'s', () => {
    fake.settings.set('gitlabActivity.instanceUrl', { globalValue: 'https://gitlab.corp.example', workspaceValue: 'https://gitlab.team.example' });
    fake.settings.set('gitlabActivity.projects', { globalValue: ['corp/private'], workspaceValue: ['team/app'] });
    const config = readConfig();
    assert.deepEqual(config.entries.projects, [{ instance: 'https://gitlab.team.example', id: 'team/app' }]);
    assert.deepEqual(config.projects, ['team/app']);
    // Without a list of its own, the workspace shows the user's entries, each with the user's instance.
    fake.settings.set('gitlabActivity.projects', { globalValue: ['corp/private'] });
    assert.deepEqual(readConfig().entries.projects, [{ instance: 'https://gitlab.corp.example', id: 'corp/private' }]);
    assert.deepEqual(readConfig().projects, [], 'not the workspace instance\'s');
  });

  it('checks for news at most every 30 s, from the user\'s settings only: a workspace cannot make every window poll GitLab each second', () => {
    const poll = (value: Record<string, unknown>) => {
      fake.settings.set('gitlabActivity.pollInterval', { defaultValue: 120, ...value });
      return readConfig().pollIntervalSeconds;
    };
    assert.equal(poll({ workspaceValue: 1 }), 120, 'a workspace value is ignored');
    assert.equal(poll({ workspaceFolderValue: 0 }), 120, 'a folder cannot turn the checks off either');
    assert.equal(poll({ globalValue: 5 }), 30, 'the floor');
    assert.equal(poll({ globalValue: 0 }), 0, 'the user may turn them off');
    assert.equal(poll({ globalValue: 45, workspaceValue: 1 }), 45);
    assert.equal(poll({ globalValue: 10_000_000 }), 86_400);
    const manifest = JSON.parse(readFileSync(join(__dirname, '..', '..', '..', 'package.json'), 'utf8'));
    // Application scope: your user settings only, applied in remote windows too (machine scope would read a remote
    // machine's settings there and leave yours unused).
    assert.equal(manifest.contributes.configuration.properties['gitlabActivity.pollInterval'].scope, 'application');
  });

  it('a lower floor only where the test environment names one (1 to 30 s)', () => {
    fake.settings.set('gitlabActivity.pollInterval', { defaultValue: 120, globalValue: 1 });
    const previous = process.env.GITLAB_ACTIVITY_TEST_POLL_FLOOR;
    try {
      for (const [floor, expected] of [['1', 1], ['0', 30], ['60', 30], ['x', 30]] as const) {
        process.env.GITLAB_ACTIVITY_TEST_POLL_FLOOR = floor;
        assert.equal(readConfig((name) => process.env[name]).pollIntervalSeconds, expected, `floor ${floor}`);
      }
    } finally {
      if (previous === undefined) delete process.env.GITLAB_ACTIVITY_TEST_POLL_FLOOR;
      else process.env.GITLAB_ACTIVITY_TEST_POLL_FLOOR = previous;
    }
  });

  it('tolerates hand-edited wrong types, within bounds', () => {
    fake.settings.set('gitlabActivity.pageSize', { globalValue: 1000 });
    fake.settings.set('gitlabActivity.pollInterval', { workspaceValue: 'often' });
    fake.settings.set('gitlabActivity.proxy', { globalValue: 42 });
    const config = readConfig();
    assert.deepEqual([config.pageSize, config.pollIntervalSeconds, config.proxy], [100, 120, '']);
  });
});
