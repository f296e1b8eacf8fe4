import assert from 'node:assert/strict';
import { envTokenFor, namedByWorkspace, resolveInstance, userOrDefault } from '../../../src/app/settingTrust';
import { normalizeInstanceUrl, sameInstance } from '../../../src/app/instance';

const ATTACKER = 'http://attacker.example:8080';

describe('settings that decide where the token goes are read from the user only', () => {
  // One case per setting readConfig reads through userOrDefault, with the default the manifest declares.
  const settings: Array<{ key: string; defaultValue: unknown; user: unknown; workspace: unknown }> = [
    { key: 'gitlabActivity.proxy', defaultValue: '', user: 'http://proxy.corp:3128', workspace: ATTACKER },
    { key: 'gitlabActivity.caFile', defaultValue: '', user: '/etc/ssl/corp-ca.pem', workspace: '/tmp/attacker-ca.pem' },
    { key: 'gitlabActivity.ignoreCertificateErrors', defaultValue: false, user: false, workspace: true },
    { key: 'http.proxy', defaultValue: '', user: 'http://proxy.corp:3128', workspace: ATTACKER },
  ];

  for (const { key, defaultValue, user, workspace } of settings) {
    describe(key, () => {
      it('ignores a workspace value: the default stays', () => {
        assert.deepEqual(userOrDefault({ defaultValue, workspaceValue: workspace }), defaultValue);
      });

      it('ignores a folder value: the default stays', () => {
        assert.deepEqual(userOrDefault({ defaultValue, workspaceFolderValue: workspace }), defaultValue);
      });

      it('uses the user value over workspace and folder values', () => {
        assert.deepEqual(userOrDefault({ defaultValue, globalValue: user, workspaceValue: workspace, workspaceFolderValue: workspace }), user);
      });

      it('uses the user value alone', () => {
        assert.deepEqual(userOrDefault({ defaultValue, globalValue: user }), user);
      });
    });
  }

  it('keeps a user value that is falsy (an explicit "" or false is the user\'s choice)', () => {
    assert.equal(userOrDefault({ defaultValue: 'x', globalValue: '', workspaceValue: ATTACKER }), '');
    assert.equal(userOrDefault({ defaultValue: true, globalValue: false, workspaceValue: true }), false);
  });

  it('has nothing when nothing was inspected', () => {
    assert.equal(userOrDefault(undefined), undefined);
  });
});

describe('the instance in use', () => {
  it('a workspace may name it (teams commit it), over the user and the environment', () => {
    const resolved = resolveInstance({ defaultValue: 'https://gitlab.com', globalValue: 'https://gitlab.corp', workspaceValue: 'https://gitlab.team/' }, 'https://env.example');
    assert.deepEqual(resolved, { url: 'https://gitlab.team', source: 'workspace' });
    assert.ok(namedByWorkspace({ workspaceValue: 'https://gitlab.team' }));
  });

  it('a folder value wins over the workspace file, and is named by the workspace too', () => {
    assert.deepEqual(resolveInstance({ workspaceValue: 'https://a.example', workspaceFolderValue: 'https://b.example' }, undefined),
      { url: 'https://b.example', source: 'folder' });
    assert.ok(namedByWorkspace({ workspaceFolderValue: 'https://b.example' }));
  });

  it('the user\'s value when no workspace names one', () => {
    assert.deepEqual(resolveInstance({ defaultValue: 'https://gitlab.com', globalValue: 'https://gitlab.corp' }, 'https://env.example'),
      { url: 'https://gitlab.corp', source: 'user' });
    assert.ok(!namedByWorkspace({ defaultValue: 'https://gitlab.com', globalValue: 'https://gitlab.corp' }));
  });

  it('the environment\'s instance when neither the user nor a workspace set one', () => {
    assert.deepEqual(resolveInstance({ defaultValue: 'https://gitlab.com' }, 'https://env.example/'), { url: 'https://env.example', source: 'environment' });
  });

  it('the default otherwise; blank values count as unset', () => {
    assert.deepEqual(resolveInstance({ defaultValue: 'https://gitlab.com', globalValue: '  ', workspaceValue: '' }, ''), { url: 'https://gitlab.com', source: 'default' });
    assert.deepEqual(resolveInstance(undefined, undefined), { url: 'https://gitlab.com', source: 'default' });
  });

  it('a wrongly typed value is skipped, not trusted', () => {
    assert.deepEqual(resolveInstance({ defaultValue: 'https://gitlab.com', workspaceValue: 42, globalValue: 'https://gitlab.corp' }, undefined),
      { url: 'https://gitlab.corp', source: 'user' });
  });
});

describe('instance URLs compare by their normal form', () => {
  it('ignores case, a trailing slash and a default port', () => {
    assert.equal(normalizeInstanceUrl(' HTTPS://GitLab.Example.com:443/ '), 'https://gitlab.example.com');
    assert.ok(sameInstance('https://gitlab.example.com/gitlab/', 'https://GITLAB.example.com/gitlab'));
  });

  it('gives gitlab.com one identity whatever the spelling: default port, trailing slash, empty fragment, upper case', () => {
    for (const spelling of ['https://gitlab.com:443/', 'https://GitLab.com/#', 'https://gitlab.com:443', 'HTTPS://GITLAB.COM/', 'https://gitlab.com/#top']) {
      assert.equal(normalizeInstanceUrl(spelling), 'https://gitlab.com', spelling);
    }
  });

  it('tells apart other hosts, ports, schemes and paths', () => {
    assert.ok(!sameInstance('https://gitlab.example.com', 'https://gitlab.example.com.attacker.example'));
    assert.ok(!sameInstance('http://127.0.0.1:3000', 'http://127.0.0.1:3001'));
    assert.ok(!sameInstance('http://gitlab.example.com', 'https://gitlab.example.com'));
    assert.ok(!sameInstance('https://example.com/a', 'https://example.com/b'));
  });
});

describe('the environment token is bound to the instance named beside it', () => {
  it('is used for that instance, however spelled', () => {
    assert.deepEqual(envTokenFor({ token: ' glpat-env ', instanceUrl: 'https://gitlab.corp/' }, 'https://GITLAB.corp'), { use: true, token: 'glpat-env' });
  });

  it('is not used for another instance (one a workspace names)', () => {
    assert.deepEqual(envTokenFor({ token: 'glpat-env', instanceUrl: 'https://gitlab.corp' }, ATTACKER), { use: false, reason: 'otherInstance' });
  });

  it('is not used at all without the instance variable', () => {
    assert.deepEqual(envTokenFor({ token: 'glpat-env' }, 'https://gitlab.com'), { use: false, reason: 'unbound' });
    assert.deepEqual(envTokenFor({ token: 'glpat-env', instanceUrl: '  ' }, 'https://gitlab.com'), { use: false, reason: 'unbound' });
  });

  it('says there is none when the variable is empty', () => {
    assert.deepEqual(envTokenFor({ token: ' ', instanceUrl: 'https://gitlab.com' }, 'https://gitlab.com'), { use: false, reason: 'none' });
    assert.deepEqual(envTokenFor({}, 'https://gitlab.com'), { use: false, reason: 'none' });
  });
});
