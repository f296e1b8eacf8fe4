import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { isValidScopeId, parseScopeInput, parseScopeKey, scopeKey } from '../../../../src/app/settings/shared/scopes';

describe('settings scopes', () => {
  it('keys scopes stably and reads the keys back', () => {
    assert.equal(scopeKey({ kind: 'global' }), 'global');
    assert.equal(scopeKey({ kind: 'group', id: 5 }), 'group:5');
    assert.equal(scopeKey({ kind: 'project', id: 'a/b' }), 'project:a/b');
    assert.deepEqual(parseScopeKey('project:42'), { kind: 'project', id: 42 });
    assert.deepEqual(parseScopeKey('group:parent/child'), { kind: 'group', id: 'parent/child' });
    assert.deepEqual(parseScopeKey('global'), { kind: 'global' });
    for (const bad of ['', 'user:1', 'project:', 'project:a b', 'group:0', 'global:1']) assert.equal(parseScopeKey(bad), undefined, bad);
  });

  it('round-trips every valid key', () => {
    fc.assert(fc.property(
      fc.oneof(fc.integer({ min: 1, max: 2 ** 40 }), fc.stringMatching(/^[a-z0-9_][a-z0-9_.-]{0,9}(\/[a-z0-9_][a-z0-9_.-]{0,9}){0,3}$/)),
      fc.constantFrom('group' as const, 'project' as const),
      (id, kind) => {
        fc.pre(typeof id === 'number' || !/^\d+$/.test(id));
        const key = scopeKey({ kind, id });
        assert.equal(scopeKey(parseScopeKey(key) ?? { kind: 'global' }), key);
      },
    ));
  });

  it('reads IDs, paths and GitLab URLs typed by a person', () => {
    assert.equal(parseScopeInput(' 42 '), 42);
    assert.equal(parseScopeInput('group/sub/project'), 'group/sub/project');
    assert.equal(parseScopeInput('/group/project/'), 'group/project');
    assert.equal(parseScopeInput('https://gitlab.example.com/group/project'), 'group/project');
    assert.equal(parseScopeInput('https://gitlab.example.com/group/project/-/issues/3'), 'group/project');
    assert.equal(parseScopeInput('https://gitlab.example.com/groups/parent/child'), 'parent/child');
    assert.equal(parseScopeInput('git/project.git'), 'git/project');
  });

  it('refuses what GitLab could not resolve', () => {
    for (const bad of ['', '   ', '0', '-1', 'a b', 'a//b', '../etc', 'group/<script>', 'x'.repeat(300), 'https://[bad']) {
      assert.equal(parseScopeInput(bad), undefined, bad);
    }
    assert.equal(isValidScopeId(1.5), false);
    assert.equal(isValidScopeId(Number.MAX_SAFE_INTEGER + 1), false);
  });
});
