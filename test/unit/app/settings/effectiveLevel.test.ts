import { strict as assert } from 'node:assert';
import { decidingLink, resolveLevelInForce, selfAndParentPaths, type LevelLink } from '../../../../src/app/settings/shared/levelChain';

const global = (level: string): LevelLink => ({ kind: 'global', name: '', level });
const group = (name: string, level: string): LevelLink => ({ kind: 'group', name, level });
const project = (level: string): LevelLink => ({ kind: 'project', name: 'acme/platform/api', level });

describe('level in force (behaviour note §2.7)', () => {
  it("a project's own level decides unless it is global", () => {
    const result = resolveLevelInForce(project('mention'), [group('acme', 'watch')], global('participating'));
    assert.equal(result.level, 'mention');
    assert.equal(result.decidedBy, 0);
    assert.equal(result.decidedBy, 0);
  });

  it('a project at global takes the nearest group with a level of its own, not a farther one', () => {
    const result = resolveLevelInForce(
      project('global'), [group('acme/platform', 'global'), group('acme', 'watch')], global('disabled'));
    assert.equal(result.level, 'watch');
    assert.equal(decidingLink(result).name, 'acme');
    assert.deepEqual(result.chain.map((link) => link.kind), ['project', 'group', 'group', 'global']);
    const nearer = resolveLevelInForce(
      project('global'), [group('acme/platform', 'mention'), group('acme', 'watch')], global('disabled'));
    assert.equal(nearer.level, 'mention');
    assert.equal(decidingLink(nearer).name, 'acme/platform');
  });

  it('every group at global (or none known) leaves the global level', () => {
    const result = resolveLevelInForce(project('global'), [group('acme', 'global')], global('participating'));
    assert.equal(result.level, 'participating');
    assert.equal(decidingLink(result).kind, 'global');
    assert.ok(result.decidedBy > 0);
    assert.equal(resolveLevelInForce(project('global'), [], global('watch')).level, 'watch');
  });

  it('a group at global resolves the same way through its parents', () => {
    const result = resolveLevelInForce(group('acme/platform', 'global'), [group('acme', 'custom')], global('watch'));
    assert.equal(result.level, 'custom');
    assert.equal(result.decidedBy, 1);
  });

  it('the global scope is its own chain, whatever its level', () => {
    const result = resolveLevelInForce(global('global'), [], global('global'));
    assert.deepEqual(result, { level: 'global', chain: [global('global')], decidedBy: 0 });
  });

  it('an unknown level from the server decides and is kept as it came', () => {
    const result = resolveLevelInForce(project('global'), [group('acme', 'super_loud')], global('watch'));
    assert.equal(result.level, 'super_loud');
    assert.equal(resolveLevelInForce(project('brand_new'), [], global('watch')).level, 'brand_new');
  });

  it('parent paths are the prefixes of a full path, nearest first', () => {
    assert.deepEqual(selfAndParentPaths('a/b/c').slice(1), ['a/b', 'a']);
    assert.deepEqual(selfAndParentPaths('solo').slice(1), []);
    assert.deepEqual(selfAndParentPaths('a/b'), ['a/b', 'a']);
    assert.deepEqual(selfAndParentPaths('/a//b/'), ['a/b', 'a']);
    assert.deepEqual(selfAndParentPaths(''), []);
  });
});
