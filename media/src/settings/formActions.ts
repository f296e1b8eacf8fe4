import { changedParameters, createForm, currentEmail, emailProblem, isDirty, rebase, type SettingForm } from '../../../src/app/settings/shared/formState';
import type { SnoozeNote } from '../../../src/app/settings/shared/protocol';
import { parseScopeKey, scopeKey } from '../../../src/app/settings/shared/scopes';
import type { NotificationSetting } from '../../../src/app/settings/shared/labels';
import { findEntry, followSetting, scopeState, type FormActions, type ScopeState } from './model';
import type { Page } from './page';

/**
 * The form of the scope shown: reading GitLab's setting, edits, Save (checked against the setting the form was
 * loaded with: a change on GitLab since is a conflict, never overwritten), Discard, a failure's Retry, a conflict's
 * choice, End Snooze, and what the scope inherits. The focus follows what the person is asked next.
 */
export class SettingsFormActions implements FormActions {
  private chainRequest?: Promise<unknown>;

  constructor(private readonly page: Page) {}

  /** An edit of the selected form. */
  edit(change: (form: SettingForm) => SettingForm): void {
    const scope = this.selected();
    if (!scope?.form) return;
    scope.form = change(scope.form);
    scope.notice = undefined;
    this.page.changed();
  }

  save(): void {
    const scope = this.selected();
    const form = scope?.form;
    if (!scope || !form || !isDirty(form) || scope.saving || scope.conflict) return;
    if (form.scope.kind === 'global' && emailProblem(currentEmail(form)) !== undefined) {
      scope.emailChecked = true;
      this.page.changed();
      this.page.focus('notification-email');
      return;
    }
    this.send(scope, form, form.baseline);
  }

  revert(): void {
    const scope = this.selected();
    if (!scope?.form) return;
    scope.form = createForm(scope.form.scope, scope.form.baseline);
    scope.saveError = undefined;
    scope.emailChecked = false;
    this.page.changed();
    this.page.focus('form-status'); // Discard is off now: the focus stays in the form, on what happened
  }

  retry(): void {
    const scope = this.selected();
    if (!scope) return;
    if (scope.saveError) {
      scope.saveError = undefined;
      this.save();
    } else this.load(this.page.state.selectedKey as string);
    this.page.changed();
    this.page.focus('form-status');
  }

  /** Keep mine: the edits move onto GitLab's current setting and are sent (checked against it once more). */
  keepMine(): void {
    const scope = this.selected();
    const server = scope?.conflict;
    if (!scope?.form || !server) return;
    scope.form = rebase(scope.form, server);
    scope.conflict = undefined;
    if (isDirty(scope.form)) this.send(scope, scope.form, server);
    else scope.notice = 'alreadySaved';
    this.page.changed();
    this.page.focus('form-status'); // the choice's buttons are gone with the conflict
  }

  /** Take theirs: drop the edits, show GitLab's setting (read once more, in case it moved again). */
  takeTheirs(): void {
    const scope = this.selected();
    if (!scope?.form || !scope.conflict) return;
    scope.form = createForm(scope.form.scope, scope.conflict);
    scope.conflict = scope.saveError = undefined;
    this.load(this.page.state.selectedKey as string);
    this.page.changed();
    this.page.focus('form-status');
  }

  /** End Snooze: the host gives the setting from before back, and says so with a `settingChanged` and `snoozes`. */
  endSnooze(snooze: SnoozeNote): void {
    const { state } = this.page;
    const key = scopeKey(snooze.scope);
    if (state.endingSnooze === key) return;
    state.endingSnooze = key;
    state.snoozeError = undefined;
    const done = () => {
      if (state.endingSnooze === key) state.endingSnooze = undefined;
    };
    void this.page.ask(this.page.host.request('endSnooze', { scope: snooze.scope }), done, (error) => {
      done();
      state.snoozeError = { key, message: error.message };
    });
    this.page.changed();
  }

  /** Reads GitLab's setting of a scope; a form with edits keeps its baseline (a difference shows as a conflict on save). */
  load(key: string): void {
    const { state } = this.page;
    const ref = findEntry(state, key)?.scope ?? state.byKey.get(key)?.form?.scope ?? parseScopeKey(key);
    if (!ref) return;
    const scope = scopeState(state, key);
    const request = this.page.host.request('load', { scope: ref });
    scope.loading = request;
    scope.loadError = undefined;
    const current = (): boolean => scope.loading === request && delete scope.loading;
    void this.page.ask(request, (setting) => {
      if (current()) followSetting(scope, ref, setting);
    }, (error) => {
      if (current()) scope.loadError = error;
    });
  }

  /** What a group or project inherits at Global, and why; only the newest answer counts. */
  askChain(key: string): void {
    const { state } = this.page;
    const ref = findEntry(state, key)?.scope ?? parseScopeKey(key);
    if (!ref || ref.kind === 'global') return;
    const request = this.chainRequest = this.page.host.request('levelChain', { scope: ref });
    // Without an answer (the host logs why) the form shows no lines.
    void this.page.ask(request, (above) => { if (this.chainRequest === request) scopeState(state, key).above = above; }, () => undefined);
  }

  private selected(): ScopeState | undefined {
    const { state } = this.page;
    return state.selectedKey === undefined ? undefined : state.byKey.get(state.selectedKey);
  }

  /** Sends a form's changes against `baseline`; the answer is saved, a conflict, or an error (maybe with what stuck). */
  private send(scope: ScopeState, form: SettingForm, baseline: NotificationSetting): void {
    const { page } = this;
    scope.saving = true;
    scope.saveError = scope.notice = undefined;
    const key = page.state.selectedKey;
    void page.ask(page.host.request('save', { scope: form.scope, baseline, update: changedParameters(form) }), (result) => {
      scope.form = rebase(scope.form ?? form, result.setting);
      scope.notice = result.alreadyApplied ? 'alreadySaved' : 'saved';
      scope.saving = scope.emailChecked = false;
    }, (error) => {
      scope.saving = false;
      if (error.kind === 'conflict' && error.server) return void (scope.conflict = error.server);
      scope.saveError = error;
      if (error.server) scope.form = rebase(scope.form ?? form, error.server);
    }).then(() => {
      // Saved: the focus stays on the status, which says so. Otherwise it moves to what asks for a choice or a fix,
      // unless the person has moved on meanwhile.
      if (key !== page.state.selectedKey || !page.focusLost('form-status')) return;
      if (scope.conflict) page.focus('conflict');
      else if (scope.saveError?.field === 'notification_email' && form.scope.kind === 'global') page.focus('notification-email');
      else if (scope.saveError) page.focus('form-error');
    });
    const fromButton = page.focusLost('save-button');
    page.changed();
    // Save is off while saving (and after): the focus goes to the status line instead of falling to the page's body.
    // Ctrl+S leaves it where it is.
    if (fromButton) page.focus('form-status');
  }
}
