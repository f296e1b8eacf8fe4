import { strict as assert } from 'node:assert';
import { conflictRows, pendingUpdate, sameSetting } from '../../../../src/app/settings/shared/formState';

describe('settings conflicts', () => {
  it('sees no change when only the key order differs', () => {
    assert.equal(sameSetting(
      { level: 'custom', events: { a_key: true, b_key: null } },
      { level: 'custom', events: { b_key: null, a_key: true } },
    ), true);
  });

  it('sees a change in level, e-mail, any switch, a key appearing, or events appearing', () => {
    const base = { level: 'custom', events: { a_key: true, b_key: null } };
    assert.equal(sameSetting(base, { ...base, level: 'watch' }), false);
    assert.equal(sameSetting({ level: 'watch', notification_email: 'a@x' }, { level: 'watch', notification_email: 'b@x' }), false);
    assert.equal(sameSetting(base, { level: 'custom', events: { a_key: true, b_key: false } }), false);
    assert.equal(sameSetting(base, { level: 'custom', events: { a_key: true, b_key: null, c_key: null } }), false);
    assert.equal(sameSetting(base, { level: 'custom', events: { a_key: true, c_key: null } }), false);
    assert.equal(sameSetting({ level: 'custom' }, base), false);
  });

  it('keeps only the part of an update the server does not have yet', () => {
    const server = { level: 'watch', events: { a_key: true, b_key: null }, notification_email: 'me@x' };
    assert.deepEqual(pendingUpdate({ level: 'watch', events: { a_key: true, b_key: false }, notification_email: 'me@x' }, server),
      { events: { b_key: false } });
    assert.deepEqual(pendingUpdate({ level: 'disabled' }, server), { level: 'disabled' });
    assert.deepEqual(pendingUpdate({ events: { a_key: true } }, { level: 'custom' }), { events: { a_key: true } },
      'a server without the switch does not have the value');
    assert.deepEqual(pendingUpdate({ notification_email: '' }, { level: 'participating' }), {});
  });

  it('lists every differing field, yours against theirs', () => {
    const rows = conflictRows(
      { level: 'custom', events: { a_key: true, b_key: null }, notification_email: 'mine@x' },
      { level: 'watch', notification_email: 'theirs@x' },
    );
    assert.deepEqual(rows, [
      { field: 'level', yours: 'custom', theirs: 'watch' },
      { field: 'notification_email', yours: 'mine@x', theirs: 'theirs@x' },
      { field: 'event:a_key', yours: true, theirs: undefined },
      { field: 'event:b_key', yours: null, theirs: undefined },
    ]);
    assert.deepEqual(conflictRows({ level: 'watch' }, { level: 'watch' }), []);
  });
});
