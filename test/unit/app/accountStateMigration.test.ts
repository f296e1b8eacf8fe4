import assert from 'node:assert/strict';
import { accountKey, asAccountKey, readAccountKey, tokenAccountKey } from '../../../src/app/accountKey';
import { settleLegacyState } from '../../../src/app/accountStateMigration';
import { SeenMarkers } from '../../../src/app/activity/seenMarkers';
import { STATE_KEYS } from '../../../src/ids';
import { FakeMemento } from '../ui/fakeVscode';

const INSTANCE = 'https://gitlab.example.com';
const OTHER = 'https://other.example.com';

describe('account keys', () => {
  it('a token\'s account: one per token and instance, the same for the same token however the URL is spelled, never the token', async () => {
    const token = 'glpat-abcdefghijklmnopqrst';
    const key = await tokenAccountKey(INSTANCE, token);
    assert.equal(await tokenAccountKey('https://GitLab.example.com:443/', token), key);
    assert.notEqual(await tokenAccountKey(INSTANCE, 'glpat-abcdefghijklmnopqrsu'), key, 'two tokens, one account');
    assert.notEqual(await tokenAccountKey(OTHER, token), key, 'one token text on two instances, one account');
    assert.match(key, /^https:\/\/gitlab\.example\.com#token-[0-9a-f]{32}$/);
    assert.ok(!key.includes(token) && !key.includes(token.slice('glpat-'.length, 12)));
    assert.deepEqual(readAccountKey(key), { account: key, instance: INSTANCE });
  });

  it('reads both kinds back, and nothing else', () => {
    assert.deepEqual(readAccountKey(accountKey(INSTANCE, 42)), { account: `${INSTANCE}#42`, instance: INSTANCE, userId: 42 });
    for (const bad of [INSTANCE, `${INSTANCE}#0`, `${INSTANCE}#-1`, `${INSTANCE}#token-abc`, `${INSTANCE}#token-${'A'.repeat(32)}`, '#1', `${INSTANCE}#1.5`]) {
      assert.equal(readAccountKey(bad), undefined, bad);
    }
    assert.equal(asAccountKey(42), undefined);
    assert.equal(asAccountKey(`${INSTANCE}#7`), `${INSTANCE}#7`);
  });

  it('an instance key is not taken where an account key is wanted (the brand, short of a cast)', () => {
    const seen = new SeenMarkers(new FakeMemento(), STATE_KEYS.seen);
    // @ts-expect-error an instance key is not an account key: what is kept for a person is never keyed by the instance
    assert.equal(seen.marker(INSTANCE, 'mine'), undefined);
    // @ts-expect-error nor is any other text
    assert.equal(seen.marker(`${INSTANCE}#1`, 'mine'), undefined);
    assert.equal(seen.marker(accountKey(INSTANCE, 1), 'mine'), undefined);
  });
});

describe('state an earlier version kept per instance goes to no one it cannot be proven to be', () => {
  const snooze = (extra: Record<string, unknown> = {}) => ({
    instance: INSTANCE, scope: { kind: 'project', id: 'acme/website' }, name: 'project acme/website', until: 1, previous: { level: 'watch' }, ...extra,
  });

  async function earlierVersion(): Promise<FakeMemento> {
    const memory = new FakeMemento();
    // As the version that kept state per instance stored it.
    await memory.update(`${STATE_KEYS.snoozes}:${INSTANCE}`, { version: 1, snoozes: [
      snooze(), snooze({ userId: 3, scope: { kind: 'global' }, name: 'global settings' }), snooze({ userId: 1, scope: { kind: 'group', id: 'acme' } }),
    ] });
    await memory.update(`${STATE_KEYS.levelBeforeMute}:https://GitLab.example.com/:project:acme/website`, 'custom');
    await memory.update(`${STATE_KEYS.earlierPages}`, [{ instance: INSTANCE, list: `${INSTANCE}|mine`, order: 'desc', items: [] }]);
    await memory.update(STATE_KEYS.seen, { [INSTANCE]: { [`${INSTANCE}|mine`]: { id: 5 } } });
    return memory;
  }

  it('a snooze that recorded its maker moves to that person\'s account; one that did not stays unassigned; the rest goes', async () => {
    const memory = await earlierVersion();
    const bob = accountKey(INSTANCE, 3);
    // This version's state, bob's own, stays as it is.
    const ownSnooze = { ...snooze({ userId: 3, scope: { kind: 'group', id: 'acme' } }), account: bob };
    await memory.update(`${STATE_KEYS.snoozes}:${bob}`, { version: 1, snoozes: [ownSnooze] });
    await memory.update(`${STATE_KEYS.levelBeforeMute}:${bob}:global`, 'watch');
    await memory.update(STATE_KEYS.seen, { ...memory.get(STATE_KEYS.seen) as object, [bob]: { mine: { id: 9 } } });
    const log: string[] = [];
    await settleLegacyState(memory, (line) => log.push(line));

    assert.deepEqual(memory.get(`${STATE_KEYS.snoozes}:${INSTANCE}`), { version: 1, snoozes: [snooze()] }, 'the one naming no one waits, unassigned');
    assert.deepEqual(memory.get(`${STATE_KEYS.snoozes}:${bob}`), { version: 1, snoozes: [
      ownSnooze, { ...snooze({ userId: 3, scope: { kind: 'global' }, name: 'global settings' }), account: bob },
    ] });
    const alice = accountKey(INSTANCE, 1);
    assert.deepEqual(memory.get(`${STATE_KEYS.snoozes}:${alice}`), { version: 1, snoozes: [{ ...snooze({ userId: 1, scope: { kind: 'group', id: 'acme' } }), account: alice }] });
    assert.equal(memory.get(`${STATE_KEYS.levelBeforeMute}:https://GitLab.example.com/:project:acme/website`), undefined);
    assert.equal(memory.get(`${STATE_KEYS.levelBeforeMute}:${bob}:global`), 'watch');
    assert.deepEqual(memory.get(STATE_KEYS.earlierPages), []);
    assert.deepEqual(memory.get(STATE_KEYS.seen), { [bob]: { mine: { id: 9 } } });
    assert.equal(log.length, 4, log.join('\n'));

    // Once: nothing more moves or goes at the next start.
    const settled = JSON.stringify([...memory.values]);
    await settleLegacyState(memory, () => undefined);
    assert.equal(JSON.stringify([...memory.values]), settled);
  });

  it('leaves a token\'s account alone: its state is this version\'s', async () => {
    const memory = new FakeMemento();
    const account = await tokenAccountKey(INSTANCE, 'glpat-zyxwvutsrqponmlkjihg');
    await memory.update(`${STATE_KEYS.snoozes}:${account}`, { version: 1, snoozes: [{ ...snooze(), account }] });
    await memory.update(`${STATE_KEYS.levelBeforeMute}:${account}:project:acme/website`, 'watch');
    await memory.update(STATE_KEYS.seen, { [account]: { mine: { createdAt: '2026-11-03T10:00:00.000Z' } } });
    await memory.update(STATE_KEYS.earlierPages, [{ account, list: 'mine', order: 'desc', items: [] }]);
    const before = JSON.stringify([...memory.values]);
    await settleLegacyState(memory, () => undefined);
    assert.equal(JSON.stringify([...memory.values]), before);
  });
});
