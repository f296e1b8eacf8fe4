import { strict as assert } from 'node:assert';
import { parseHostMessage } from '../../../../src/app/settings/messageValidators';

const inherited = (chain: unknown) => ({ type: 'inherited', key: 'project:2', inherited: { level: 'watch', from: 'group', path: 'acme/platform', chain } });

describe('settings protocol: the chain above a scope in the "inherited" message', () => {
  it('accepts groups nearest first, then global, with any level name GitLab may send', () => {
    const chain = [{ kind: 'group', name: 'acme/platform', level: 'watch' }, { kind: 'group', name: 'acme', level: 'super_loud' }, { kind: 'global', name: '', level: 'participating' }];
    const parsed = parseHostMessage(inherited(chain));
    assert.ok(parsed.ok);
    assert.deepEqual(parsed.ok && parsed.value, inherited(chain));
  });

  it('still accepts the message without a chain', () => {
    assert.ok(parseHostMessage({ type: 'inherited', key: 'group:5', inherited: { level: 'mention', from: 'global' } }).ok);
  });

  it('refuses a link that is not a group path or global, or carries more than it should', () => {
    for (const link of [
      { kind: 'project', name: 'acme/website', level: 'watch' },
      { kind: 'group', name: '<img src=x onerror=alert(1)>', level: 'watch' },
      { kind: 'global', name: 'acme', level: 'watch' },
      { kind: 'group', name: 'acme', level: 'watch', extra: true },
      { kind: 'group', name: 'acme', level: 42 },
    ]) assert.equal(parseHostMessage(inherited([link])).ok, false, JSON.stringify(link));
    assert.equal(parseHostMessage(inherited(Array.from({ length: 22 }, () => ({ kind: 'group', name: 'a', level: 'global' })))).ok, false, 'too long');
    assert.equal(parseHostMessage(inherited('acme')).ok, false);
  });
});
