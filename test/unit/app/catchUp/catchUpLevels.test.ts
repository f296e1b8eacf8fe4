import assert from 'node:assert/strict';
import { accountKey } from '../../../../src/app/accountKey';
import { CatchUpLevels, MAX_LEVEL_PROJECTS, quieterLevels, withOwnLevel } from '../../../../src/app/catchUp/catchUpLevels';
import { CatchUpService, catchUpSource } from '../../../../src/app/catchUp/catchUpService';
import { whyWords } from '../../../../src/app/catchUp/catchUpWords';
import { SeenThings } from '../../../../src/app/catchUp/seenThings';
import { formatMessage } from '../../../../src/app/localize';
import { resolveLevelInForce, type LevelInForce } from '../../../../src/app/settings/shared/levelChain';
import type { GitLabEvent } from '../../../../src/gitlab/types';
import { noteEvent } from '../activity/fixtures';

const A = 'https://a.example.com';
const B = 'https://b.example.com';
const ME = 1;
const JANE = { id: 7, username: 'jane', name: 'Jane Doe' };
const NOW = Date.parse('2026-11-04T12:00:00Z');

/** acme/web's level in force: its own, then group acme, then global. */
const inForce = (own: string, group = 'global', global = 'participating'): LevelInForce => resolveLevelInForce(
  { kind: 'project', name: 'acme/web', level: own }, [{ kind: 'group', name: 'acme', level: group }], { kind: 'global', name: '', level: global },
);

const comment = (id: number, iid: number): GitLabEvent => ({
  ...noteEvent({ id: 5000 + id, noteable_iid: iid }), id, author_id: JANE.id, author: JANE, author_username: JANE.username, created_at: '2026-11-04T10:00:00.000Z',
});

const settle = () => new Promise((resolve) => setImmediate(resolve));

function setup(levelOf: (id: number, instance: string) => Promise<LevelInForce> = async () => inForce('watch')) {
  const asked: number[] = [];
  /** The instances an account is signed in to, whose levels can be read. */
  let readable = new Set([A, B]);
  let changes = 0;
  const events: GitLabEvent[] = [];
  const store = new Map<string, unknown>();
  const seen = new SeenThings({ get: (key) => store.get(key), update: async (key, value) => void store.set(key, value) }, () => NOW);
  let service: CatchUpService | undefined;
  const levels = new CatchUpLevels({
    levelInForce: (instance, id) => {
      if (!readable.has(instance)) return undefined;
      asked.push(id);
      return levelOf(id, instance);
    },
    changed: () => { changes++; service?.inputsChanged(); },
  });
  service = new CatchUpService({
    accounts: () => [{ key: A, instanceUrl: A, accountKey: accountKey(A, ME), userId: ME }], pageSize: () => 20, seen, windowDays: () => 7, now: () => NOW,
    reading: {
      events: () => events, todos: () => [], subscriptions: () => [],
      projectPath: (_instance, id) => (id === 5 ? 'acme/web' : undefined), projectId: () => 5,
      level: (instance, id) => levels.level(instance, id),
    },
  });
  const rows = async () => {
    service!.inputsChanged();
    await service!.lists.load(catchUpSource(A));
    return service!.shown(A);
  };
  return { levels, asked, events, rows, service, changes: () => changes, setReadable: (...instances: string[]) => { readable = new Set(instances); } };
}

describe('catch-up: the levels in force the rules read', () => {
  it('a comment in a watched project shows, "Watching acme/web", once its level is read; at GitLab\'s default it does not', async () => {
    const { levels, events, rows } = setup();
    events.push(comment(1, 12));
    assert.equal((await rows()).length, 0, 'Participate by default: nothing of this thing matters');
    levels.want(A, [{ id: 5, path: 'acme/web' }]);
    await settle();
    const [thing] = await rows();
    assert.equal(whyWords(thing.why, formatMessage), 'Watching acme/web');
  });

  it('a Watch set on a group says so', async () => {
    const { levels, events, rows } = setup(async () => inForce('global', 'watch'));
    events.push(comment(1, 12));
    levels.want(A, [{ id: 5, path: 'acme/web' }]);
    await settle();
    assert.equal(whyWords((await rows())[0].why, formatMessage), 'Watching acme');
  });

  it('each project is read once, at most MAX_LEVEL_PROJECTS per instance, for every account signed in, and none for an instance without one', async () => {
    const { levels, asked, setReadable } = setup();
    const many = Array.from({ length: MAX_LEVEL_PROJECTS + 10 }, (_, n) => ({ id: n + 1, path: `acme/p${n + 1}` }));
    levels.want(A, many);
    levels.want(A, many);
    await settle();
    assert.equal(asked.length, MAX_LEVEL_PROJECTS);
    // The other account's project 1 is another project: read for it, under its own bound.
    levels.want(B, [{ id: 1, path: 'acme/p1' }]);
    await settle();
    assert.equal(asked.length, MAX_LEVEL_PROJECTS + 1);
    assert.equal(levels.level(B, 1)?.level, 'watch');
    setReadable(A);
    levels.want(B, [{ id: 999, path: 'acme/other' }]);
    assert.equal(asked.length, MAX_LEVEL_PROJECTS + 1, 'no account there now: nothing read');
  });

  it('the accounts\' levels stay apart: a change for one reads again only its projects, even one with the same ID', async () => {
    const { levels, asked } = setup(async (_id, instance) => inForce(instance === A ? 'watch' : 'disabled'));
    levels.want(A, [{ id: 5, path: 'acme/web' }]);
    levels.want(B, [{ id: 5, path: 'acme/web' }]);
    await settle();
    assert.deepEqual([levels.level(A, 5)?.level, levels.level(B, 5)?.level], ['watch', 'disabled']);
    levels.scopeChanged(B, 'project', 5);
    assert.equal(levels.level(A, 5)?.level, 'watch', 'A\'s project 5 is not B\'s');
    assert.equal(levels.level(B, 5), undefined);
    levels.scopeChanged(B, 'global');
    assert.equal(levels.level(A, 5)?.level, 'watch', 'B\'s global level is not A\'s');
    levels.want(A, [{ id: 5, path: 'acme/web' }]);
    levels.want(B, [{ id: 5, path: 'acme/web' }]);
    await settle();
    assert.deepEqual(asked, [5, 5, 5], 'only B\'s read again');
  });

  it('a failed read is not kept: the project counts at the default and is asked again', async () => {
    let fail = true;
    const { levels, asked } = setup(async () => { if (fail) throw new Error('502'); return inForce('watch'); });
    levels.want(A, [{ id: 5, path: 'acme/web' }]);
    await settle();
    assert.equal(levels.level(A, 5), undefined);
    fail = false;
    levels.want(A, [{ id: 5, path: 'acme/web' }]);
    await settle();
    assert.equal(asked.length, 2);
    assert.equal(levels.level(A, 5)?.level, 'watch');
  });

  it('a project\'s level changed: that project is read again alone; a group\'s or the global one: all are', async () => {
    const { levels, asked } = setup();
    levels.want(A, [{ id: 5, path: 'acme/web' }, { id: 6, path: 'acme/api' }]);
    await settle();
    levels.scopeChanged(A, 'project', 'ACME/web');
    levels.want(A, [{ id: 5, path: 'acme/web' }, { id: 6, path: 'acme/api' }]);
    await settle();
    assert.deepEqual(asked, [5, 6, 5]);
    levels.scopeChanged(A, 'group', 'acme');
    levels.want(A, [{ id: 5, path: 'acme/web' }, { id: 6, path: 'acme/api' }]);
    await settle();
    assert.deepEqual(asked, [5, 6, 5, 5, 6]);
  });

  it('a level being written is read at once (the rows follow it); refused, the level read before is back', async () => {
    const { levels, events, rows } = setup();
    events.push(comment(1, 12));
    levels.want(A, [{ id: 5, path: 'acme/web' }]);
    await settle();
    assert.equal((await rows()).length, 1);
    levels.hold(A, 5, withOwnLevel(inForce('watch'), 'participating'));
    assert.equal((await rows()).length, 0, 'gone while the write is under way');
    levels.release(A, 5);
    assert.equal((await rows()).length, 1, 'back: GitLab refused');
    levels.hold(A, 5, withOwnLevel(inForce('watch'), 'disabled'));
    levels.release(A, 5, true);
    assert.equal(levels.level(A, 5)?.level, 'disabled', 'written: kept as GitLab now has it');
    assert.equal((await rows()).length, 0);
  });
});

describe('catch-up: Mute E-mail for This Project\'s choices', () => {
  it('Participate where the level in force is louder, and Disabled unless it is so already', () => {
    assert.deepEqual(quieterLevels(inForce('watch')), ['participating', 'disabled']);
    assert.deepEqual(quieterLevels(inForce('global', 'custom')), ['participating', 'disabled']);
    assert.deepEqual(quieterLevels(inForce('participating')), ['disabled']);
    assert.deepEqual(quieterLevels(inForce('mention')), ['disabled']);
    assert.deepEqual(quieterLevels(inForce('disabled')), []);
    assert.deepEqual(quieterLevels(inForce('some_new_level')), ['participating', 'disabled']);
  });

  it('the level in force with the project\'s own level changed: its groups and global as read', () => {
    const muted = withOwnLevel(inForce('global', 'watch'), 'disabled');
    assert.equal(muted.level, 'disabled');
    assert.equal(muted.decidedBy, 0);
    const back = withOwnLevel(muted, 'global');
    assert.equal(back.level, 'watch');
    assert.deepEqual(back.chain.map((link) => link.name), ['acme/web', 'acme', '']);
  });
});
