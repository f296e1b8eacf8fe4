import assert from 'node:assert/strict';
import { TokenStore } from '../../../src/ui/auth/tokenStore';
import { FakeSecretStorage } from './fakeVscode';

const CORP = 'https://gitlab.corp.example';
const OTHER = 'https://gitlab.other.example';

describe('TokenStore: one token per instance, in SecretStorage', () => {
  let secrets: FakeSecretStorage;
  let lines: string[];
  const store = (env: { token?: string; instanceUrl?: string } = {}) => new TokenStore(secrets as never, env, (line) => lines.push(line));
  beforeEach(() => {
    secrets = new FakeSecretStorage();
    lines = [];
  });

  it('keys a token by the instance\'s identity: every spelling of the instance finds it, no other instance does', async () => {
    const tokens = store();
    await tokens.store('https://GitLab.Corp.Example:443/', 'glpat-corp');
    assert.deepEqual([...secrets.values.keys()], ['gitlabActivity.token:https://gitlab.corp.example']);
    for (const spelling of [CORP, `${CORP}/`, 'https://GITLAB.corp.example', `${CORP}:443`, `${CORP}#`]) {
      assert.equal(await tokens.get(spelling), 'glpat-corp', spelling);
    }
    assert.equal(await tokens.get(OTHER), undefined);
    assert.equal(await tokens.get('http://gitlab.corp.example'), undefined, 'another scheme is another instance');
    assert.equal(await tokens.get(`${CORP}:8443`), undefined, 'another port is another instance');
  });

  it('keeps each instance\'s token apart, and deletes one without touching the other', async () => {
    const tokens = store();
    await tokens.store(CORP, 'glpat-corp');
    await tokens.store(OTHER, 'glpat-other');
    assert.deepEqual([await tokens.get(CORP), await tokens.get(OTHER)], ['glpat-corp', 'glpat-other']);
    await tokens.delete(`${CORP}/`);
    assert.deepEqual([await tokens.get(CORP), await tokens.get(OTHER)], [undefined, 'glpat-other']);
    assert.equal(await tokens.hasStored(OTHER), true);
  });

  it('uses the environment token for its bound instance only, and says why elsewhere, once and without the token', async () => {
    const tokens = store({ token: 'glpat-env', instanceUrl: `${CORP}/` });
    assert.equal(await tokens.get(CORP), 'glpat-env');
    assert.equal(await tokens.hasStored(CORP), false, 'it is not stored');
    assert.equal(await tokens.get(OTHER), undefined);
    assert.equal(await tokens.get(OTHER), undefined);
    assert.equal(lines.length, 1, lines.join('\n'));
    assert.match(lines[0], /not to https:\/\/gitlab\.other\.example/);
    assert.ok(!lines[0].includes('glpat-env'));
  });

  it('does not use an environment token that names no instance', async () => {
    const tokens = store({ token: 'glpat-env' });
    assert.equal(await tokens.get(CORP), undefined);
    assert.match(lines.join('\n'), /GITLAB_ACTIVITY_INSTANCE_URL is not/);
  });

  it('a stored token wins over the environment\'s', async () => {
    const tokens = store({ token: 'glpat-env', instanceUrl: CORP });
    await tokens.store(CORP, 'glpat-stored');
    assert.equal(await tokens.get(CORP), 'glpat-stored');
  });

  it('hears another window change a token, and nothing else in SecretStorage', async () => {
    const tokens = store();
    let heard = 0;
    tokens.onDidChange(() => heard++);
    await secrets.store('gitlabActivity.token:https://gitlab.corp.example', 'glpat-elsewhere');
    await secrets.store('someOtherExtension.key', 'x');
    assert.equal(heard, 1);
    tokens.dispose();
    await secrets.delete('gitlabActivity.token:https://gitlab.corp.example');
    assert.equal(heard, 1, 'not after dispose');
  });
});
