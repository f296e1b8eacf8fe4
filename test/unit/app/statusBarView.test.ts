import assert from 'node:assert/strict';
import { formatMessage as t } from '../../../src/app/localize';
import { levelLabel, statusBarView } from '../../../src/app/notifications/statusBarView';

describe('status bar state', () => {
  it('shows a bell and the level', () => {
    const view = statusBarView('global settings', 'watch', t);
    assert.equal(view.text, '$(bell) Watch');
    assert.equal(view.muted, false);
    assert.equal(view.tooltip, 'GitLab notifications for global settings: Watch. Click to change.');
  });
  it('shows a crossed bell when disabled', () => {
    const view = statusBarView('project group/app', 'disabled', t);
    assert.equal(view.text, '$(bell-slash) Disabled');
    assert.equal(view.muted, true);
  });
  it('shows every level, and unknown ones as words without icon syntax', () => {
    for (const level of ['participating', 'global', 'mention', 'custom']) assert.match(statusBarView('x', level, t).text, /^\$\(bell\) \S/);
    assert.equal(levelLabel('super_loud', t), 'super loud');
    assert.equal(statusBarView('x', '$(zap)', t).text.includes('$(zap)'), false);
  });
});
