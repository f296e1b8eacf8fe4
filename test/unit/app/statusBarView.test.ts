import assert from 'node:assert/strict';
import { formatMessage as t } from '../../../src/app/localize';
import { levelLabel, scopeKey, statusBarView, toggleMuteTarget } from '../../../src/app/notifications/statusBarView';

describe('status bar state', () => {
  it('shows a bell and the level', () => {
    const view = statusBarView('global', 'watch', t);
    assert.equal(view.text, '$(bell) Watch');
    assert.equal(view.muted, false);
    assert.equal(view.tooltip, 'GitLab notifications for global: Watch. Click to change.');
  });
  it('shows a crossed bell when disabled', () => {
    assert.equal(statusBarView('project group/app', 'disabled', t).text, '$(bell-slash) Disabled');
  });
  it('shows every level, and unknown ones as words', () => {
    for (const level of ['participating', 'global', 'mention', 'custom']) assert.match(statusBarView('x', level, t).text, /^\$\(bell\) \S/);
    assert.equal(levelLabel('super_loud', t), 'super loud');
    assert.equal(statusBarView('x', '$(zap)', t).text.includes('$(zap)'), false);
  });
  it('toggles mute to disabled and back to the previous level or the scope default', () => {
    assert.equal(toggleMuteTarget('watch', undefined, { kind: 'global' }), 'disabled');
    assert.equal(toggleMuteTarget('disabled', 'watch', { kind: 'global' }), 'watch');
    assert.equal(toggleMuteTarget('disabled', undefined, { kind: 'global' }), 'participating');
    assert.equal(toggleMuteTarget('disabled', 'disabled', { kind: 'project', id: 3 }), 'global');
  });
  it('keys scopes case-insensitively', () => {
    assert.equal(scopeKey({ kind: 'project', id: 'Group/App' }), 'project:group/app');
    assert.equal(scopeKey({ kind: 'global' }), 'global');
  });
});
