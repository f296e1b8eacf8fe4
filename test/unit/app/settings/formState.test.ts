import { strict as assert } from 'node:assert';
import {
  applyUpdate, changedParameters, createForm, currentEmail, currentLevel, desiredSetting, emailProblem, eventKeys,
  eventState, isDirty, isEventChanged, offersSpecEvents, rebase, resetEvent, switchingToCustom, withEmail, withEvent, withLevel,
} from '../../../../src/app/settings/shared/formState';
import { SPEC_EMAIL_EVENTS, type NotificationSetting } from '../../../../src/gitlab/types';

const project = { kind: 'project', id: 8 } as const;
const global = { kind: 'global' } as const;

/** The 19 keys a CE server returns for a custom scope (behaviour note §2.3). */
const CE_KEYS = [
  'new_release', 'new_note', 'new_issue', 'reopen_issue', 'close_issue', 'reassign_issue', 'issue_due',
  'new_merge_request', 'push_to_merge_request', 'reopen_merge_request', 'close_merge_request',
  'reassign_merge_request', 'change_reviewer_merge_request', 'merge_merge_request',
  'failed_pipeline', 'fixed_pipeline', 'success_pipeline', 'moved_project', 'merge_when_pipeline_succeeds',
];

const customSetting: NotificationSetting = {
  level: 'custom',
  events: { new_note: true, new_issue: null, failed_pipeline: false, future_event_key: null },
};

describe('settings form state', () => {
  it('starts clean and sends nothing', () => {
    const form = createForm(project, { level: 'watch' });
    assert.equal(isDirty(form), false);
    assert.deepEqual(changedParameters(form), {});
  });

  it('tracks a level change and forgets it when set back', () => {
    const form = withLevel(createForm(project, { level: 'watch' }), 'disabled');
    assert.equal(isDirty(form), true);
    assert.deepEqual(changedParameters(form), { level: 'disabled' });
    const back = withLevel(form, 'watch');
    assert.equal(isDirty(back), false);
    assert.deepEqual(back.edits, {});
  });

  it('keeps an unknown level from the server and never sends it', () => {
    const form = createForm(project, { level: 'nightly_digest' });
    assert.equal(currentLevel(form), 'nightly_digest');
    assert.deepEqual(changedParameters(form), {});
    const changed = withLevel(form, 'mention');
    assert.deepEqual(changedParameters(changed), { level: 'mention' });
  });

  it('sends only the event switches the user changed, with their values', () => {
    let form = createForm(project, customSetting);
    form = withEvent(form, 'new_issue', true);
    form = withEvent(form, 'failed_pipeline', true);
    assert.deepEqual(changedParameters(form), { events: { new_issue: true, failed_pipeline: true } });
    assert.equal(eventState(form, 'new_issue'), 'on');
    assert.equal(eventState(form, 'future_event_key'), 'default');
  });

  it('shows null as default and treats default → on → back as unchanged', () => {
    let form = createForm(project, customSetting);
    assert.equal(eventState(form, 'new_issue'), 'default');
    form = withEvent(form, 'new_issue', true);
    assert.equal(isEventChanged(form, 'new_issue'), true);
    form = resetEvent(form, 'new_issue');
    assert.equal(eventState(form, 'new_issue'), 'default');
    assert.equal(isDirty(form), false);
  });

  it('counts false over a null as a change (off is not default)', () => {
    const form = withEvent(createForm(project, customSetting), 'new_issue', false);
    assert.deepEqual(changedParameters(form), { events: { new_issue: false } });
    assert.equal(eventState(form, 'new_issue'), 'off');
  });

  it('drops an edit that sets a switch back to its loaded boolean', () => {
    let form = withEvent(createForm(project, customSetting), 'new_note', false);
    assert.equal(isDirty(form), true);
    form = withEvent(form, 'new_note', true);
    assert.equal(isDirty(form), false);
  });

  it('preserves unknown keys in order and lets them be changed', () => {
    let form = createForm(project, customSetting);
    assert.deepEqual(eventKeys(form), ['new_note', 'new_issue', 'failed_pipeline', 'future_event_key']);
    form = withEvent(form, 'future_event_key', true);
    assert.deepEqual(changedParameters(form), { events: { future_event_key: true } });
  });

  it('ignores switches for keys the server did not return for the scope', () => {
    const form = withEvent(createForm(project, customSetting), 'approver', true);
    assert.deepEqual(form.edits, {});
    assert.deepEqual(changedParameters(form), {});
  });

  it('does not send event switches when the level being saved is not custom', () => {
    let form = withEvent(createForm(project, customSetting), 'new_issue', true);
    form = withLevel(form, 'watch');
    assert.deepEqual(changedParameters(form), { level: 'watch' });
    // back at custom, the switch edit is still there
    form = withLevel(form, 'custom');
    assert.deepEqual(changedParameters(form), { events: { new_issue: true } });
  });

  describe('switching to custom on a scope GitLab has listed no events for', () => {
    it('offers the 12 event keys of the spec, all at default', () => {
      const form = withLevel(createForm(project, { level: 'watch' }), 'custom');
      assert.equal(offersSpecEvents(form), true);
      assert.deepEqual(eventKeys(form), [...SPEC_EMAIL_EVENTS]);
      for (const key of SPEC_EMAIL_EVENTS) assert.equal(eventState(form, key), 'default', key);
      assert.deepEqual(changedParameters(form), { level: 'custom' }, 'untouched switches are not sent');
    });

    it('sends the level and only the switches the person changed, in one update', () => {
      let form = withLevel(createForm(project, { level: 'global' }), 'custom');
      form = withEvent(form, 'new_note', true);
      form = withEvent(form, 'close_issue', true);
      form = withEvent(form, 'failed_pipeline', false);
      form = resetEvent(form, 'failed_pipeline');
      assert.deepEqual(changedParameters(form), { level: 'custom', events: { new_note: true, close_issue: true } });
      assert.equal(isEventChanged(form, 'new_note'), true);
      assert.equal(eventState(form, 'new_note'), 'on');
      assert.equal(eventState(form, 'new_issue'), 'default');
      assert.deepEqual(desiredSetting(form), { level: 'custom', events: { new_note: true, close_issue: true } });
    });

    it('ignores keys outside the spec, and offers nothing once the level leaves custom', () => {
      let form = withLevel(createForm(project, { level: 'watch' }), 'custom');
      form = withEvent(form, 'approver', true);
      assert.deepEqual(form.edits, { level: 'custom' });
      form = withEvent(form, 'new_issue', true);
      form = withLevel(form, 'disabled');
      assert.equal(offersSpecEvents(form), false);
      assert.deepEqual(eventKeys(form), []);
      assert.deepEqual(changedParameters(form), { level: 'disabled' });
      assert.equal(withEvent(form, 'new_note', true), form, 'no switch to set away from custom');
      form = withLevel(form, 'custom');
      assert.deepEqual(changedParameters(form), { level: 'custom', events: { new_issue: true } }, 'the edit comes back');
    });

    it('takes the server’s full key set from the save’s response', () => {
      let form = withLevel(createForm(project, { level: 'global' }), 'custom');
      form = withEvent(form, 'new_note', true);
      form = withEvent(form, 'close_issue', true);
      const saved = applyUpdate({ level: 'custom', events: Object.fromEntries(CE_KEYS.map((key) => [key, null])) },
        { events: { new_note: true, close_issue: true } });
      const after = rebase(form, saved);
      assert.equal(offersSpecEvents(after), false);
      assert.deepEqual(eventKeys(after), CE_KEYS);
      assert.equal(isDirty(after), false);
      assert.deepEqual(after.edits, {});
      assert.equal(eventState(after, 'new_note'), 'on');
      assert.equal(eventState(after, 'moved_project'), 'default');
    });

    it('keeps the rows in one order across the save: known keys in this extension\'s order, then unknown ones in GitLab\'s', () => {
      let form = withLevel(createForm(project, { level: 'watch' }), 'custom');
      form = withEvent(form, 'close_issue', true);
      const before = eventKeys(form);
      // GitLab's answer: more keys than offered, the offered ones among them, in an order of its own (EE's project
      // list puts approver before the service-account keys; a newer GitLab adds keys this version does not know).
      const answer = ['zeta_event', 'approver', 'service_account_failed_pipeline', ...[...SPEC_EMAIL_EVENTS].reverse(), 'new_release',
        'alpha_event', 'issue_due'];
      const saved = applyUpdate({ level: 'custom', events: Object.fromEntries(answer.map((key) => [key, key === 'close_issue' ? true : null])) },
        { events: { close_issue: true } });
      const after = eventKeys(rebase(form, saved));
      assert.deepEqual(after.filter((key) => before.includes(key)), before, 'the rows shown before keep their order');
      assert.deepEqual(after, ['new_release', ...SPEC_EMAIL_EVENTS.slice(0, 5), 'issue_due', ...SPEC_EMAIL_EVENTS.slice(5),
        'service_account_failed_pipeline', 'approver', 'zeta_event', 'alpha_event']);
    });

    it('says it is switching to custom while the level is changed to custom and not saved, whatever switches it shows', () => {
      assert.equal(switchingToCustom(withLevel(createForm(project, { level: 'watch' }), 'custom')), true);
      assert.equal(switchingToCustom(withLevel(createForm(project, { level: 'watch', events: { close_issue: true } }), 'custom')), true);
      assert.equal(switchingToCustom(createForm(project, customSetting)), false);
      assert.equal(switchingToCustom(withLevel(createForm(project, { level: 'watch' }), 'mention')), false);
      assert.equal(switchingToCustom(withLevel(withLevel(createForm(project, { level: 'watch' }), 'custom'), 'watch')), false);
    });

    it('keeps the edits over a server still without events (keep mine), and sends them again', () => {
      let form = withLevel(createForm(project, { level: 'global' }), 'custom');
      form = withEvent(form, 'new_note', true);
      const rebased = rebase(form, { level: 'mention' });
      assert.deepEqual(changedParameters(rebased), { level: 'custom', events: { new_note: true } });
    });

    it('changes nothing when GitLab did list the scope’s events', () => {
      let form = createForm(project, customSetting);
      assert.equal(offersSpecEvents(form), false);
      assert.deepEqual(eventKeys(form), ['new_note', 'new_issue', 'failed_pipeline', 'future_event_key']);
      form = withEvent(form, 'close_issue', true);
      assert.deepEqual(form.edits, {}, 'a spec key the server did not return stays out');

      // Events stored from an earlier custom level and returned with another level are still GitLab's own list.
      let returned = withLevel(createForm(project, { level: 'watch', events: { new_note: false, approver: null } }), 'custom');
      assert.equal(offersSpecEvents(returned), false);
      assert.deepEqual(eventKeys(returned), ['new_note', 'approver']);
      returned = withEvent(returned, 'approver', true);
      returned = withEvent(returned, 'close_issue', true);
      assert.deepEqual(changedParameters(returned), { level: 'custom', events: { approver: true } });
    });

    it('offers nothing for a scope already custom whose events GitLab did not return', () => {
      const form = createForm(project, { level: 'custom' });
      assert.equal(offersSpecEvents(form), false);
      assert.deepEqual(eventKeys(form), []);
      assert.deepEqual(withEvent(form, 'new_note', true).edits, {});
    });
  });

  it('sends the e-mail at global scope only, trimmed, and an empty one to clear it', () => {
    let form = createForm(global, { level: 'participating', notification_email: 'me@example.com' });
    form = withEmail(form, '  other@example.com ');
    assert.deepEqual(changedParameters(form), { notification_email: 'other@example.com' });
    assert.equal(currentEmail(form), '  other@example.com ');
    form = withEmail(form, 'me@example.com ');
    assert.equal(isDirty(form), false);
    form = withEmail(form, '');
    assert.deepEqual(changedParameters(form), { notification_email: '' });

    const projectForm = withEmail(createForm(project, { level: 'watch' }), 'x@example.com');
    assert.deepEqual(changedParameters(projectForm), {});
  });

  it('checks the e-mail lightly before sending', () => {
    assert.equal(emailProblem(''), undefined);
    assert.equal(emailProblem(' a@b '), undefined);
    assert.equal(emailProblem('not an email'), 'invalidEmail');
    assert.equal(emailProblem('a@b@c'), 'invalidEmail');
    assert.equal(emailProblem(`${'a'.repeat(400)}@example.com`), 'invalidEmail');
  });

  it('computes the setting a save would produce', () => {
    let form = createForm(project, customSetting);
    form = withEvent(form, 'new_issue', true);
    assert.deepEqual(desiredSetting(form), {
      level: 'custom',
      events: { new_note: true, new_issue: true, failed_pipeline: false, future_event_key: null },
    });
  });

  it('applies an update like a partial PUT, ignoring keys the setting does not have', () => {
    const next = applyUpdate(customSetting, { events: { new_note: false, approver: true } });
    assert.deepEqual(next.events, { ...customSetting.events, new_note: false });
    assert.deepEqual(customSetting.events?.new_note, true, 'the input is not mutated');
  });

  it('rebases edits onto a newer server state, dropping those it already has', () => {
    let form = createForm(project, customSetting);
    form = withLevel(form, 'custom');
    form = withEvent(form, 'new_issue', true);
    form = withEvent(form, 'failed_pipeline', true);
    const server: NotificationSetting = {
      level: 'custom',
      events: { new_note: false, new_issue: true, failed_pipeline: false, future_event_key: null },
    };
    const rebased = rebase(form, server);
    assert.equal(rebased.baseline, server);
    assert.deepEqual(changedParameters(rebased), { events: { failed_pipeline: true } });
    assert.equal(eventState(rebased, 'new_note'), 'off', 'untouched fields follow the server');
  });

  it('rebasing drops event edits for keys the server no longer returns', () => {
    const form = withEvent(createForm(project, customSetting), 'future_event_key', true);
    const rebased = rebase(form, { level: 'custom', events: { new_note: true } });
    assert.deepEqual(rebased.edits, {});
  });
});
