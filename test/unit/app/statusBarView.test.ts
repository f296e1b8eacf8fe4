import assert from 'node:assert/strict';
import { formatMessage as t } from '../../../src/app/localize';
import { levelLabel } from '../../../src/app/settings/shared/labels';
import { levelInForceLabel, statusBarView } from '../../../src/app/settings/effectiveLevel';
import { resolveLevelInForce, type LevelInForce, type LevelLink } from '../../../src/app/settings/shared/levelChain';

const global = (level: string): LevelLink => ({ kind: 'global', name: '', level });
const group = (name: string, level: string): LevelLink => ({ kind: 'group', name, level });
const project = (level: string): LevelLink => ({ kind: 'project', name: 'acme/platform/api', level });
const own = (level: string): LevelInForce => resolveLevelInForce(global(level), [], global(level));

describe('status bar state', () => {
  it('shows a bell and the level', () => {
    const view = statusBarView('global settings', own('watch'), t);
    assert.equal(view.text, '$(bell) Watch');
    assert.equal(view.tooltip, 'GitLab notifications for global settings: Watch. Click to change.');
  });
  it('shows a crossed bell when disabled', () => {
    const view = statusBarView('project group/app', own('disabled'), t);
    assert.equal(view.text, '$(bell-slash) Disabled');
  });
  it('shows every level, and unknown ones as words without icon syntax', () => {
    for (const level of ['participating', 'global', 'mention', 'custom']) assert.match(statusBarView('x', own(level), t).text, /^\$\(bell\) \S/);
    assert.equal(levelLabel('super_loud', t), 'super loud');
    assert.equal(statusBarView('x', own('$(zap)'), t).text.includes('$(zap)'), false);
  });

  it('a project at global shows the inherited global level, with the chain in the tooltip', () => {
    const result = resolveLevelInForce(project('global'), [group('acme/platform', 'global'), group('acme', 'global')], global('participating'));
    const view = statusBarView('project acme/platform/api', result, t);
    assert.equal(view.text, '$(bell) Participate (global)');
    assert.deepEqual(view.tooltip.split('\n'), [
      'GitLab notifications for project acme/platform/api: Participate (global). Click to change.',
      '',
      'project acme/platform/api: Global',
      'group acme/platform: Global',
      'group acme: Global',
      'global settings: Participate (decides)',
    ]);
  });

  it('a project at global under a group with its own level shows that group, by its short name', () => {
    const result = resolveLevelInForce(project('global'), [group('acme/platform', 'watch')], global('participating'));
    assert.equal(statusBarView('p', result, t).text, '$(bell) Watch (platform)');
    assert.ok(statusBarView('p', result, t).tooltip.includes('group acme/platform: Watch (decides)'));
    assert.equal(levelInForceLabel(result, t), 'Watch (platform)');
  });

  it('a crossed bell when the level in force is disabled, even inherited', () => {
    const result = resolveLevelInForce(project('global'), [], global('disabled'));
    const view = statusBarView('p', result, t);
    assert.equal(view.text, '$(bell-slash) Disabled (global)');
  });

  it('an unknown inherited level is shown as it came, and a group name cannot draw an icon', () => {
    const result = resolveLevelInForce(project('global'), [group('$(zap)', 'super_loud')], global('watch'));
    const view = statusBarView('p', result, t);
    assert.equal(view.text.startsWith('$(bell) super loud ('), true);
    assert.equal(view.text.includes('$(zap)'), false);
  });
});
