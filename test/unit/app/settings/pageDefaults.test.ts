import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { canApplyBulk, withBulkSelection } from '../../../../src/app/settings/shared/formState';
import { initialState } from '../../../../media/src/settings/model';
import { parsePageMessage } from '../../../../src/app/settings/shared/protocol';
import { CODICON_PATHS } from '../../../../media/src/settings/icons';

describe('the settings page\'s Add form', () => {
  it('does not default to a kind: GitLab is asked which it is (a project\'s path never meets "no such group")', () => {
    assert.equal(initialState().add.kind, 'either');
    const request = parsePageMessage({ type: 'request', id: 1, method: 'addScope', params: { kind: 'either', ref: 'acme/web' } });
    assert.ok(request.ok, 'the host takes "either"');
  });
});

describe('the settings page\'s bulk change', () => {
  it('starts with no level chosen, and Apply waits for one', () => {
    const state = initialState();
    assert.equal(state.bulkLevel, undefined);
    const selection = new Set(['project:acme/web']);
    assert.equal(canApplyBulk({ selection, level: state.bulkLevel }), false);
    assert.equal(canApplyBulk({ selection, level: 'watch' }), true);
    assert.equal(canApplyBulk({ selection: new Set(), level: 'watch' }), false, 'nothing checked');
    assert.equal(canApplyBulk({ selection, level: 'sometimes' }), false, 'a level GitLab would refuse');
    assert.equal(canApplyBulk({ selection, level: 'watch', report: { done: false } }), false, 'a run is going');
    assert.equal(canApplyBulk({ selection, level: 'watch', report: { done: true } }), true);
  });

  it('a finished run\'s results go when the selection changes (they were about the old one); a running one\'s stay', () => {
    const done = { done: true, items: ['x'] };
    const after = withBulkSelection({ selection: new Set(['a']), level: 'watch', report: done }, 'b', true);
    assert.deepEqual([...after.selection], ['a', 'b']);
    assert.equal(after.report, undefined);
    assert.equal(after.level, 'watch');
    assert.equal(withBulkSelection({ selection: new Set(['a', 'b']), report: done }, 'b', false).report, undefined);
    const running = { done: false };
    assert.equal(withBulkSelection({ selection: new Set(['a']), report: running }, 'a', false).report, running);
  });

  it('draws results with codicons as @vscode/codicons has them', () => {
    for (const [name, paths] of Object.entries(CODICON_PATHS)) {
      const source = readFileSync(require.resolve(`@vscode/codicons/src/icons/${name}.svg`), 'utf8');
      const expected = [...source.matchAll(/<path([^>]*)\/>/g)].map(([, attributes]) => ({
        d: /d="([^"]*)"/.exec(attributes)?.[1], evenodd: attributes.includes('fill-rule="evenodd"'),
      }));
      assert.deepEqual(paths.map((path) => ({ d: path.d, evenodd: path.evenodd === true })), expected, name);
    }
  });
});
