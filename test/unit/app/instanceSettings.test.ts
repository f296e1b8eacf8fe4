import assert from 'node:assert/strict';
import { normalizeInstanceUrl } from '../../../src/app/instance';
import {
  effectiveInstanceList, idsFor, legacyInstanceOf, listBoundNote, MAX_LIST_ENTRIES, parseInstanceList, planListEdit, serializeInstanceList,
  withEntry, withoutEntry, type ListLayers,
} from '../../../src/app/instanceSettings';

const COM = 'https://gitlab.com';
const CORP = 'https://gitlab.corp.example';

describe('per-instance list settings', () => {
  describe('migration of bare entries', () => {
    it('gives each bare string the instance of its layer, and says the stored value changes', () => {
      const parsed = parseInstanceList(['group/app', '42'], CORP);
      assert.deepEqual(parsed.entries, [{ instance: CORP, id: 'group/app' }, { instance: CORP, id: '42' }]);
      assert.equal(parsed.changed, true);
      assert.deepEqual(serializeInstanceList(parsed), [{ instance: CORP, id: 'group/app' }, { instance: CORP, id: '42' }]);
    });

    it('spells the instance once: a trailing slash, upper-case host and the default port do not make another instance', () => {
      const parsed = parseInstanceList(['a/b'], 'HTTPS://GitLab.Corp.Example:443/');
      assert.deepEqual(parsed.entries, [{ instance: CORP, id: 'a/b' }]);
      const objects = parseInstanceList([{ instance: 'https://GITLAB.corp.example//', id: 'a/b' }, { instance: CORP, id: 'A/B' }], COM);
      assert.deepEqual(objects.entries, [{ instance: CORP, id: 'a/b' }], 'the same project twice, in other spellings');
      assert.equal(objects.changed, true);
    });

    it('keeps an instance path prefix (GitLab under a sub-path)', () => {
      assert.deepEqual(parseInstanceList(['g/p'], 'https://example.org/gitlab/').entries, [{ instance: 'https://example.org/gitlab', id: 'g/p' }]);
    });

    it('trims entries and drops only blank strings', () => {
      const parsed = parseInstanceList(['  g/p  ', '', '   '], COM);
      assert.deepEqual(parsed.entries, [{ instance: COM, id: 'g/p' }]);
      assert.deepEqual(parsed.unusable, []);
    });

    it('reads whole numbers as IDs, and keeps everything else it cannot use verbatim, with a problem each', () => {
      const odd = [7, -1, 1.5, null, true, ['x'], { id: 'g/p' }, { instance: 'ftp://host', id: 'g/p' }, { instance: CORP, id: '' },
        { instance: 'https://user:pw@host', id: 'g/p' }];
      const parsed = parseInstanceList(odd, COM);
      assert.deepEqual(parsed.entries, [{ instance: COM, id: '7' }]);
      assert.deepEqual(parsed.unusable, odd.slice(1));
      assert.equal(parsed.problems.length, odd.length - 1);
      assert.deepEqual(serializeInstanceList(parsed), [{ instance: COM, id: '7' }, ...odd.slice(1)], 'nothing lost on rewrite');
    });

    it('reads a single string where a list belongs as a list of one', () => {
      const parsed = parseInstanceList('g/p', COM);
      assert.deepEqual(parsed.entries, [{ instance: COM, id: 'g/p' }]);
      assert.equal(parsed.changed, true);
    });

    it('leaves an already migrated list as it is', () => {
      const stored = [{ instance: COM, id: 'g/p' }, { instance: CORP, id: '12' }];
      const parsed = parseInstanceList(stored, COM);
      assert.equal(parsed.changed, false);
      assert.deepEqual(serializeInstanceList(parsed), stored);
    });

    it('is idempotent: migrating the migrated value changes nothing', () => {
      const once = serializeInstanceList(parseInstanceList(['g/p', 3, { instance: `${CORP}/`, id: 'x/y' }, false], COM));
      const twice = parseInstanceList(once, 'https://elsewhere.example');
      assert.equal(twice.changed, false);
      assert.deepEqual(serializeInstanceList(twice), once);
    });

    it('keeps numeric IDs in objects as text', () => {
      assert.deepEqual(parseInstanceList([{ instance: CORP, id: 12 }], COM).entries, [{ instance: CORP, id: '12' }]);
    });

    it('reads nothing from no value', () => {
      assert.deepEqual(parseInstanceList(undefined, COM), { entries: [], unusable: [], changed: false, problems: [] });
    });
  });

  describe('the instance of a layer\'s bare entries', () => {
    const instance = { defaultValue: COM, globalValue: `${CORP}/`, workspaceValue: 'https://ws.example' };

    it('user entries belong to the user\'s instance, workspace entries to the workspace\'s', () => {
      assert.equal(legacyInstanceOf('user', instance, undefined), CORP);
      assert.equal(legacyInstanceOf('workspace', instance, undefined), 'https://ws.example');
      assert.equal(legacyInstanceOf('default', instance, undefined), COM);
    });

    it('a workspace that names no instance leaves its entries on the user\'s', () => {
      assert.equal(legacyInstanceOf('workspace', { defaultValue: COM, globalValue: CORP }, undefined), CORP);
    });

    it('without a user instance, the environment\'s instance counts, then the default', () => {
      assert.equal(legacyInstanceOf('user', { defaultValue: COM }, 'https://env.example'), 'https://env.example');
      assert.equal(legacyInstanceOf('user', { defaultValue: COM }, undefined), COM);
    });

    it('the list in effect is the most specific layer\'s, read with that layer\'s instance', () => {
      const list = { defaultValue: [], globalValue: ['user/p'], workspaceValue: ['ws/p'] };
      assert.deepEqual(effectiveInstanceList(list, instance, undefined).entries, [{ instance: 'https://ws.example', id: 'ws/p' }]);
      assert.deepEqual(effectiveInstanceList({ defaultValue: [], globalValue: ['user/p'] }, instance, undefined).entries,
        [{ instance: CORP, id: 'user/p' }]);
    });
  });

  describe('a bound of entries read', () => {
    const instance = { defaultValue: COM };
    /** A workspace's list of `length` projects whose items record being read. */
    function watchedList(length: number): { list: unknown[]; read: Set<number> } {
      const read = new Set<number>();
      const list: unknown[] = [];
      for (let index = 0; index < length; index++) {
        Object.defineProperty(list, index, { enumerable: true, get: () => { read.add(index); return { instance: CORP, id: `team/project-${index}` }; } });
      }
      return { list, read };
    }

    it(`reads the first ${MAX_LIST_ENTRIES} entries of a workspace's list of 1,500, not one past them, and says so once for the log`, () => {
      const { list, read } = watchedList(1_500);
      const effective = effectiveInstanceList({ defaultValue: [], workspaceValue: list }, instance, undefined);
      assert.equal(effective.entries.length, MAX_LIST_ENTRIES);
      assert.deepEqual(effective.entries.at(-1), { instance: CORP, id: `team/project-${MAX_LIST_ENTRIES - 1}` });
      assert.equal(Math.max(...read), MAX_LIST_ENTRIES - 1, 'an entry past the bound was read');
      assert.equal(effective.layer, 'workspace');
      assert.equal(effective.notRead, 1_500 - MAX_LIST_ENTRIES);
      assert.equal(listBoundNote('projects', effective),
        `gitlabActivity.projects (workspace settings): only the first ${MAX_LIST_ENTRIES} entries are read; the 1300 after them are not.`);
    });

    it('reads a list within the bound whole, with nothing to say; the user\'s own list is bounded the same way', () => {
      const within = effectiveInstanceList({ defaultValue: [], workspaceValue: watchedList(MAX_LIST_ENTRIES).list }, instance, undefined);
      assert.equal(within.entries.length, MAX_LIST_ENTRIES);
      assert.equal(within.notRead, 0);
      assert.equal(listBoundNote('projects', within), undefined);
      const user = effectiveInstanceList({ defaultValue: [], globalValue: watchedList(MAX_LIST_ENTRIES + 1).list }, instance, undefined);
      assert.equal(user.entries.length, MAX_LIST_ENTRIES);
      assert.equal(user.layer, 'user');
      assert.equal(user.notRead, 1);
    });

    it('editing a list still reads and writes it whole: nothing past the bound is lost', () => {
      const { list } = watchedList(300);
      const all = parseInstanceList(list, CORP);
      assert.equal(serializeInstanceList({ ...all, entries: withEntry(all.entries, CORP, 'team/new') }).length, 301);
    });
  });

  describe('editing', () => {
    const entries = [{ instance: COM, id: 'g/p' }, { instance: CORP, id: 'g/p' }];

    it('lists the IDs of one instance, whatever its spelling', () => {
      assert.deepEqual(idsFor(entries, 'HTTPS://gitlab.corp.example/'), ['g/p']);
    });

    it('adds once per instance, and removes from that instance only', () => {
      assert.deepEqual(withEntry(entries, COM, 'G/P'), entries);
      assert.deepEqual(withEntry(entries, `${COM}/`, 'x/y'), [...entries, { instance: COM, id: 'x/y' }]);
      assert.deepEqual(withoutEntry(entries, CORP, 'G/P'), [{ instance: COM, id: 'g/p' }]);
    });

    it('keys an instance as the token store and state do', () => {
      assert.equal(normalizeInstanceUrl('https://GitLab.com/'), COM);
    });
  });

  describe('where an edit from the UI is written (a repository\'s settings file is committed)', () => {
    const PRIVATE = 'https://git.private.example';
    const userList = [{ instance: PRIVATE, id: 'secret/plans' }, { instance: COM, id: 'me/dotfiles' }];
    const layers = (list: ListLayers['list'], instance: ListLayers['instance'] = { defaultValue: COM, globalValue: PRIVATE }, inWorkspace = true): ListLayers =>
      ({ list, instance, envInstance: undefined, inWorkspace });

    it('adds to the user\'s settings when the workspace has no list of its own, copying nothing into the workspace', () => {
      const write = planListEdit(layers({ defaultValue: [], globalValue: userList }), COM, { add: 'acme/website' });
      assert.deepEqual(write, { layer: 'user', value: [...userList, { instance: COM, id: 'acme/website' }] });
    });

    it('adds to the user\'s settings when no folder is open', () => {
      assert.deepEqual(planListEdit(layers({ defaultValue: [] }, undefined, false), COM, { add: 'acme/website' }),
        { layer: 'user', value: [{ instance: COM, id: 'acme/website' }] });
    });

    it('adds to the workspace\'s own list, which is the one in effect there, without the user\'s entries', () => {
      const workspace = [{ instance: COM, id: 'team/app' }];
      const write = planListEdit(layers({ defaultValue: [], globalValue: userList, workspaceValue: workspace }, { defaultValue: COM, workspaceValue: COM }),
        COM, { add: 'team/docs' });
      assert.deepEqual(write, { layer: 'workspace', value: [...workspace, { instance: COM, id: 'team/docs' }] });
    });

    it('never writes the user\'s instance URL into a workspace that names none: its bare entries and the new one stay bare', () => {
      const write = planListEdit(layers({ defaultValue: [], globalValue: userList, workspaceValue: ['team/app', 12, { instance: COM, id: 'x/y' }] }),
        PRIVATE, { add: 'team/docs' });
      assert.deepEqual(write, { layer: 'workspace', value: ['team/app', '12', { instance: COM, id: 'x/y' }, 'team/docs'] });
      assert.ok(!JSON.stringify(write).includes('private'), JSON.stringify(write));
    });

    it('adds nothing already in the list in effect, in any letter case', () => {
      assert.equal(planListEdit(layers({ defaultValue: [], globalValue: userList }), PRIVATE, { add: 'SECRET/plans' }), undefined);
    });

    it('removes from the layer that holds the entry: the workspace\'s own list, else the user\'s', () => {
      const list = { defaultValue: [], globalValue: userList, workspaceValue: [{ instance: COM, id: 'team/app' }] };
      const instance = { defaultValue: COM, workspaceValue: COM };
      assert.deepEqual(planListEdit(layers(list, instance), COM, { remove: 'TEAM/app' }), { layer: 'workspace', value: [] });
      assert.deepEqual(planListEdit(layers(list, instance), COM, { remove: 'me/dotfiles' }), { layer: 'user', value: [userList[0]] });
      assert.deepEqual(planListEdit(layers({ defaultValue: [], globalValue: userList }), PRIVATE, { remove: 'secret/plans' }),
        { layer: 'user', value: [userList[1]] });
      assert.equal(planListEdit(layers(list, instance), COM, { remove: 'nobody/here' }), undefined);
    });
  });
});
