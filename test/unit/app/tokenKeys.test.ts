import assert from 'node:assert/strict';
import { legacyTokenKey, legacyTokenKeys, migrateTokenKeys, tokenKey, type SecretMap } from '../../../src/app/tokenKeys';

/** SecretStorage in memory; `failStore` / `failDelete` make those calls reject. */
function memorySecrets(entries: Record<string, string> = {}): SecretMap & { map: Map<string, string>; failStore: boolean; failDelete: boolean } {
  const map = new Map(Object.entries(entries));
  const secrets = {
    map, failStore: false, failDelete: false,
    get: async (key: string) => map.get(key),
    store: async (key: string, value: string) => {
      if (secrets.failStore) throw new Error('the keyring is locked');
      map.set(key, value);
    },
    delete: async (key: string) => {
      if (secrets.failDelete) throw new Error('the keyring is locked');
      map.delete(key);
    },
  };
  return secrets;
}

const COM = 'https://gitlab.com';
const PORT = 'https://gitlab.com:443';

describe('token keys', () => {
  it('one key per instance, however a workspace spells it', () => {
    for (const spelling of ['https://gitlab.com:443/', 'https://GitLab.com/#', 'HTTPS://GITLAB.COM', ' https://gitlab.com/ ', `${COM}?x=1`]) {
      assert.equal(tokenKey(spelling), tokenKey(COM), spelling);
    }
    assert.equal(tokenKey(COM), 'gitlabActivity.token:https://gitlab.com');
    assert.notEqual(tokenKey('https://gitlab.com.evil.example'), tokenKey(COM));
  });

  describe('moving tokens stored under an older spelling', () => {
    it('moves a token found under an old spelling\'s key to the instance\'s key', async () => {
      const secrets = memorySecrets({ [legacyTokenKey(PORT)]: 'glpat-old' });
      const log: string[] = [];
      await migrateTokenKeys(secrets, [PORT, COM], (line) => log.push(line));
      assert.deepEqual([...secrets.map], [[tokenKey(COM), 'glpat-old']]);
      assert.equal(log.length, 1);
      assert.ok(!log[0].includes('glpat'), 'the token is in the log');
    });

    it('keeps the token under the new key when both are there, and removes the old one', async () => {
      const secrets = memorySecrets({ [legacyTokenKey('https://GitLab.com/#')]: 'glpat-old', [tokenKey(COM)]: 'glpat-new' });
      await migrateTokenKeys(secrets, ['https://GitLab.com/#'], () => undefined);
      assert.deepEqual([...secrets.map], [[tokenKey(COM), 'glpat-new']]);
    });

    it('prefers the spelling given first when several old keys hold a token', async () => {
      const secrets = memorySecrets({ [legacyTokenKey(PORT)]: 'glpat-settings', [legacyTokenKey('https://gitlab.com/#')]: 'glpat-latest' });
      await migrateTokenKeys(secrets, ['https://gitlab.com/#', PORT], () => undefined);
      assert.deepEqual([...secrets.map], [[tokenKey(COM), 'glpat-latest']]);
    });

    it('loses nothing when storing fails: the old key stays, and moves at the next try', async () => {
      const secrets = memorySecrets({ [legacyTokenKey(PORT)]: 'glpat-old' });
      secrets.failStore = true;
      const log: string[] = [];
      await migrateTokenKeys(secrets, [PORT], (line) => log.push(line));
      assert.deepEqual([...secrets.map], [[legacyTokenKey(PORT), 'glpat-old']]);
      assert.match(log.join('\n'), /Could not move a token/);
      secrets.failStore = false;
      await migrateTokenKeys(secrets, [PORT], () => undefined);
      assert.deepEqual([...secrets.map], [[tokenKey(COM), 'glpat-old']]);
    });

    it('when deleting the old key fails, the new one is stored and wins the next time', async () => {
      const secrets = memorySecrets({ [legacyTokenKey(PORT)]: 'glpat-old' });
      secrets.failDelete = true;
      await migrateTokenKeys(secrets, [PORT], () => undefined);
      assert.equal(secrets.map.get(tokenKey(COM)), 'glpat-old');
      secrets.failDelete = false;
      await migrateTokenKeys(secrets, [PORT], () => undefined);
      assert.deepEqual([...secrets.map], [[tokenKey(COM), 'glpat-old']]);
    });

    it('leaves a token alone whose old key is already the new one, and every other instance\'s', async () => {
      const entries = { [tokenKey(COM)]: 'glpat-com', [tokenKey('https://gitlab.corp.example')]: 'glpat-corp' };
      const secrets = memorySecrets(entries);
      await migrateTokenKeys(secrets, [COM, 'https://gitlab.com/', 'not a url', ''], () => undefined);
      assert.deepEqual(Object.fromEntries(secrets.map), entries);
    });
  });

  it('names the old keys a sign-out must delete too: the known spellings of that instance only', () => {
    assert.deepEqual(legacyTokenKeys(COM, [PORT, 'https://GitLab.com/#', COM, 'https://gitlab.corp.example:443']),
      [legacyTokenKey(PORT), legacyTokenKey('https://GitLab.com/#')]);
  });
});
