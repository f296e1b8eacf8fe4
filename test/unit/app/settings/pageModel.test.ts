import { strict as assert } from 'node:assert';
import { createForm, withLevel } from '../../../../src/app/settings/shared/formState';
import type { ScopeEntry, SnoozeNote } from '../../../../src/app/settings/shared/protocol';
import { followSetting, initialState, snoozeOf, type ScopeState } from '../../../../media/src/settings/model';

describe('settings page model', () => {
  const scope = { kind: 'project', id: 42 } as const;

  describe('a form follows GitLab\'s setting', () => {
    it('drops a "Saved." said of another setting once the setting changed elsewhere (a snooze, the status bar)', () => {
      const shown: ScopeState = { form: createForm(scope, { level: 'mention' }), notice: 'saved' };
      followSetting(shown, scope, { level: 'disabled' });
      assert.equal(shown.form?.baseline.level, 'disabled');
      assert.equal(shown.notice, undefined);
    });

    it('keeps it for an echo of the same setting (switches in another order included), and after a load of the same', () => {
      const shown: ScopeState = { form: createForm(scope, { level: 'custom', events: { new_note: true, new_issue: null } }), notice: 'saved' };
      followSetting(shown, scope, { level: 'custom', events: { new_issue: null, new_note: true } });
      assert.equal(shown.notice, 'saved');
    });

    it('leaves a form with edits as it is: its baseline shows the change as a conflict on save', () => {
      const form = withLevel(createForm(scope, { level: 'mention' }), 'watch');
      const edited: ScopeState = { form, notice: undefined };
      followSetting(edited, scope, { level: 'disabled' });
      assert.equal(edited.form, form);
    });

    it('creates the form of a scope first read', () => {
      const fresh: ScopeState = {};
      followSetting(fresh, scope, { level: 'watch' });
      assert.deepEqual(fresh.form, createForm(scope, { level: 'watch' }));
    });
  });

  describe('the snooze of the scope shown', () => {
    const entries: ScopeEntry[] = [
      { key: 'global', scope: { kind: 'global' }, label: 'Global', origin: 'global' },
      { key: 'project:42', scope, label: 'Billing', detail: 'acme/platform/billing', origin: 'member' },
      { key: 'project:acme/web', scope: { kind: 'project', id: 'acme/web' }, label: 'acme/web', origin: 'workspace' },
      { key: 'group:7', scope: { kind: 'group', id: 7 }, label: 'Acme', detail: 'acme', origin: 'member' },
    ];
    const note = (snoozed: SnoozeNote['scope']): SnoozeNote => ({ scope: snoozed, until: '14:00', previousLevel: 'mention' });
    const project = (id: string | number) => note({ kind: 'project', id });
    const state = (snoozes: SnoozeNote[]) => ({ ...initialState(), scopes: { entries, groupsOffered: true }, snoozes });

    it('finds it whether the snooze and the list name the scope by ID or by path', () => {
      assert.equal(snoozeOf(state([project('acme/platform/billing')]), 'project:42')?.scope.kind, 'project');
      assert.equal(snoozeOf(state([project(42)]), 'project:42')?.until, '14:00');
      assert.ok(snoozeOf(state([project('acme/web')]), 'project:acme/web'));
      assert.ok(snoozeOf(state([note({ kind: 'group', id: 'acme' })]), 'group:7'));
      assert.ok(snoozeOf(state([note({ kind: 'global' })]), 'global'));
    });

    it('finds none for another scope, of the same name in another kind, or of a scope the list does not have', () => {
      assert.equal(snoozeOf(state([project('acme/web')]), 'project:42'), undefined);
      assert.equal(snoozeOf(state([project(7)]), 'group:7'), undefined);
      assert.equal(snoozeOf(state([note({ kind: 'global' })]), 'project:42'), undefined);
      assert.equal(snoozeOf(state([project(42)]), 'project:99'), undefined);
    });
  });
});
