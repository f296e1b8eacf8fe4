import { html, render } from 'lit-html';
import {
  canApplyBulk, changedParameters, createForm, currentEmail, emailProblem, isDirty, rebase, withBulkSelection, type SettingForm,
} from '../../../src/app/settings/shared/formState';
import {
  parsePersistedState, type BulkSnapshot, type ErrorInfo, type HostMessage, type PageMessage, type PersistedState, type Requests,
  type SnoozeNote,
} from '../../../src/app/settings/shared/protocol';
import { Requester } from '../../../src/app/settings/shared/rpc';
import { parseScopeInput, parseScopeKey, scopeKey, type EntityScopeRef } from '../../../src/app/settings/shared/scopes';
import { formatMessage, type NotificationLevel, type NotificationSetting } from '../../../src/app/settings/shared/labels';
import { movedKey, tabStopKey, typedKey } from '../../../src/app/settings/shared/listNavigation';
import { addScopeForm } from './addScopeForm';
import {
  applyPersisted, findEntry, followSetting, initialState, isDirtyScope, listedEntries, scopeState, snoozeOf, toPersisted, visibleEntries,
  type Actions, type ScopeState, type UiState,
} from './model';
import { scopeOptionId, scopePanel } from './scopePanel';
import { settingsForm } from './settingsForm';

/** Letters typed within this time make one type-ahead prefix in the scope list. */
const TYPE_AHEAD_MS = 700;

/** The part of the webview API this page uses. */
export interface VsCodeApi {
  postMessage(message: PageMessage): void;
  getState(): unknown;
  setState(state: PersistedState): void;
}

/**
 * The settings page: holds the UI state, asks the host through `Requester` (one promise per request), keeps unsaved
 * edits in the webview state (so hiding the panel or reloading the window loses nothing) and renders the page after
 * each change (lit-html updates only what changed, so focus, caret and scroll stay). Messages from the host are not
 * validated (it is the trusted side); only the host's channel is listened to.
 */
export class SettingsApp implements Actions {
  private readonly state: UiState = initialState();
  private readonly host: Requester<Requests>;
  /** Whether `getState()` gave the page its state (else the host's copy from the serializer is used). */
  private hadState = false;
  private chainRequest?: Promise<unknown>;
  private typed = { text: '', at: 0 };

  constructor(private readonly root: HTMLElement, private readonly vscode: VsCodeApi, random: () => number = Math.random) {
    // A random first id keeps answers meant for an earlier page (before a reload) from matching this page's requests.
    this.host = new Requester((message) => vscode.postMessage(message), 1 + Math.floor(random() * 1_000_000_000));
  }

  start(): void {
    const saved = this.vscode.getState();
    if (saved !== undefined && saved !== null) {
      const persisted = parsePersistedState(saved);
      if (persisted.ok) this.restore(persisted.value);
      else console.warn(`GitLab settings: saved state ignored (${persisted.reason}).`);
    }
    // The host's messages come through VS Code's frame around the page; anything the page's own window posts is not heard.
    window.addEventListener('message', (event: MessageEvent<HostMessage>) => {
      if (event.source !== window) this.receive(event.data);
    });
    window.addEventListener('keydown', (event) => {
      if ((event.ctrlKey || event.metaKey) && !event.shiftKey && !event.altKey && event.key.toLowerCase() === 's') {
        event.preventDefault();
        this.save();
      }
    });
    this.vscode.postMessage({ type: 'ready' });
  }

  receive(message: HostMessage): void {
    const { state } = this;
    switch (message.type) {
      case 'reply':
        this.host.settle(message);
        return;
      case 'state': {
        // VS Code's l10n bundle for the display language (none in English).
        const bundle = message.l10n;
        state.texts = (text, ...args) => formatMessage(bundle?.[text] ?? text, ...args);
        state.scopes = message.scopes;
        state.snoozes = message.snoozes ?? [];
        if (message.bulk) this.bulkStep(message.bulk);
        if (message.restored && !this.hadState) this.restore(message.restored);
        const key = message.focusKey ?? state.selectedKey ?? 'global';
        return this.select(findEntry(state, key) ? key : 'global');
      }
      case 'scopes':
        state.scopes = message.scopes;
        break;
      case 'focusScope':
        return this.select(message.key);
      case 'snoozes': {
        const key = state.selectedKey;
        const before = key === undefined ? undefined : snoozeOf(state, key);
        state.snoozes = message.snoozes;
        // A snooze of the scope shown started or ended: its form reads GitLab's setting again, whichever way (ID or
        // path) the snooze's `settingChanged` named the scope.
        const scope = key === undefined ? undefined : state.byKey.get(key);
        if (key !== undefined && (before || snoozeOf(state, key)) && !isDirtyScope(scope) && !scope?.loading && !scope?.saving && !scope?.conflict) {
          this.load(key);
        }
        break;
      }
      case 'settingChanged': {
        const scope = state.byKey.get(message.key);
        // A form with edits keeps its baseline: saving it shows the change as a conflict instead of hiding it.
        if (scope?.form && !scope.conflict) followSetting(scope, scope.form.scope, message.setting);
        // Any change can move what the scope shown inherits: its own, a group's above it, or the global one.
        if (state.selectedKey) this.askChain(state.selectedKey);
        break;
      }
      case 'bulk':
        this.bulkStep(message.bulk);
        break;
    }
    this.changed();
  }

  // ---- actions from the views ------------------------------------------------------------------------------------

  select(key: string): void {
    this.state.selectedKey = this.state.activeKey = key;
    const scope = this.state.byKey.get(key);
    // A scope without edits is read again each time it is opened; one with edits keeps them (and its baseline).
    if (!scope?.conflict && !isDirtyScope(scope) && !scope?.loading && !scope?.saving) this.load(key);
    this.askChain(key);
    this.changed();
  }

  /** What the page tells the host without waiting for an answer. */
  signal(type: 'refreshScopes' | 'signIn' | 'cancelBulk'): void {
    this.vscode.postMessage({ type });
  }

  toggleBulk(key: string, selected: boolean): void {
    // Global cannot be changed in bulk, and the selection stays as it is while a run uses it.
    if (key === 'global' || (this.state.bulk && !this.state.bulk.done)) return;
    const { state } = this;
    // A finished run's results no longer describe the new selection: they go.
    const form = withBulkSelection({ selection: state.bulkSelection, level: state.bulkLevel, report: state.bulk }, key, selected);
    state.bulkSelection = new Set(form.selection);
    state.bulk = form.report;
    state.bulkError = undefined;
    this.changed();
  }

  /** A scope option got the focus (keyboard or mouse): it holds the list's tab stop from now on. */
  optionFocused(key: string): void {
    if (this.state.activeKey === key) return;
    this.state.activeKey = key;
    this.changed();
  }

  /** Keys in the scope list: arrows, Home, End and letters move; Enter opens the scope; Space checks it for bulk. */
  listKey(event: KeyboardEvent): void {
    const key = (event.target as HTMLElement).closest<HTMLElement>('[role="option"]')?.dataset.scopeKey;
    if (key === undefined || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      if (event.key === 'Enter') this.select(key);
      else this.toggleBulk(key, !this.state.bulkSelection.has(key));
      return;
    }
    const entries = listedEntries(this.state);
    let target = movedKey(entries.map((entry) => entry.key), key, event.key);
    if (target === undefined && event.key.length === 1) {
      const now = Date.now();
      this.typed = { text: (now - this.typed.at < TYPE_AHEAD_MS ? this.typed.text : '') + event.key, at: now };
      const t = this.state.texts;
      target = typedKey(entries.map((entry) => ({ key: entry.key, label: entry.key === 'global' && t ? t('Global') : entry.label })), key, this.typed.text);
    }
    if (target === undefined) return;
    event.preventDefault();
    this.focusOption(target);
  }

  toggleAdd(): void {
    this.state.add = { ...this.state.add, open: !this.state.add.open, error: undefined };
    this.changed();
    this.focus(this.state.add.open ? 'add-scope-ref' : 'add-scope-toggle');
  }

  /** Typing in the add form: kept, not re-rendered. */
  setAdd(change: Partial<Pick<UiState['add'], 'kind' | 'ref'>>): void {
    this.state.add = { ...this.state.add, ...change };
  }

  submitAdd(): void {
    const { add, texts: t } = this.state;
    if (add.adding || !t) return;
    const ref = parseScopeInput(add.ref);
    if (ref === undefined) {
      this.state.add = { ...add, error: t('Enter a numeric ID, a full path such as group/subgroup/project, or its GitLab URL.') };
      this.changed();
      this.focus('add-scope-ref');
      return;
    }
    this.state.add = { ...add, adding: true, error: undefined };
    this.ask(this.host.request('addScope', { kind: add.kind, ref }), (entry) => {
      this.state.add = { open: false, kind: this.state.add.kind, ref: '' };
      const scopes = this.state.scopes ?? { entries: [], groupsOffered: true };
      if (!scopes.entries.some((existing) => existing.key === entry.key)) this.state.scopes = { ...scopes, entries: [...scopes.entries, entry] };
      this.select(entry.key);
    }, (error) => {
      this.state.add = { ...this.state.add, adding: false, error: error.message };
    }).then(() => {
      // The form's fields were off while adding: the focus goes to the new scope, or back to the field with the error.
      if (!this.focusLost('add-scope-submit', 'add-scope-ref')) return;
      if (this.state.add.error) this.focus('add-scope-ref');
      else if (this.state.selectedKey) this.focusOption(this.state.selectedKey);
    });
    this.changed();
  }

  /** An edit of the selected form. */
  edit(change: (form: SettingForm) => SettingForm): void {
    const scope = this.selected();
    if (!scope?.form) return;
    scope.form = change(scope.form);
    scope.notice = undefined;
    this.changed();
  }

  save(): void {
    const scope = this.selected();
    const form = scope?.form;
    if (!scope || !form || !isDirty(form) || scope.saving || scope.conflict) return;
    if (form.scope.kind === 'global' && emailProblem(currentEmail(form)) !== undefined) {
      scope.emailChecked = true;
      this.changed();
      this.focus('notification-email');
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
    this.changed();
    this.focus('form-status'); // Discard is off now: the focus stays in the form, on what happened
  }

  retry(): void {
    const scope = this.selected();
    if (!scope) return;
    if (scope.saveError) {
      scope.saveError = undefined;
      this.save();
    } else this.load(this.state.selectedKey as string);
    this.changed();
    this.focus('form-status');
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
    this.changed();
    this.focus('form-status'); // the choice's buttons are gone with the conflict
  }

  /** Take theirs: drop the edits, show GitLab's setting (read once more, in case it moved again). */
  takeTheirs(): void {
    const scope = this.selected();
    if (!scope?.form || !scope.conflict) return;
    scope.form = createForm(scope.form.scope, scope.conflict);
    scope.conflict = scope.saveError = undefined;
    this.load(this.state.selectedKey as string);
    this.changed();
    this.focus('form-status');
  }

  /** End Snooze: the host gives the setting from before back, and says so with a `settingChanged` and `snoozes`. */
  endSnooze(snooze: SnoozeNote): void {
    const { state } = this;
    const key = scopeKey(snooze.scope);
    if (state.endingSnooze === key) return;
    state.endingSnooze = key;
    state.snoozeError = undefined;
    const done = () => {
      if (state.endingSnooze === key) state.endingSnooze = undefined;
    };
    this.ask(this.host.request('endSnooze', { scope: snooze.scope }), done, (error) => {
      done();
      state.snoozeError = { key, message: error.message };
    });
    this.changed();
  }

  setBulkLevel(level: NotificationLevel): void {
    this.state.bulkLevel = level;
    // Apply follows the choice.
    this.changed();
  }

  applyBulk(): void {
    const { state } = this;
    const level = state.bulkLevel;
    if (!level || !canApplyBulk({ selection: state.bulkSelection, level, report: state.bulk })) return;
    const scopes = visibleEntries(state).filter((entry) => state.bulkSelection.has(entry.key))
      .map((entry) => entry.scope).filter((scope): scope is EntityScopeRef => scope.kind !== 'global');
    if (scopes.length === 0) return;
    state.bulkError = undefined;
    state.bulk = { level, done: false, items: scopes.map((scope) => ({ key: scopeKey(scope), scope, status: 'queued' })) };
    this.ask(this.host.request('bulkApply', { scopes, level }), () => undefined, (error) => {
      if (!state.bulk?.done) state.bulk = undefined;
      state.bulkError = error.message;
    }).then(() => {
      if (state.bulkError && this.focusLost('bulk-summary')) this.focus('bulk-apply'); // the alert says why
    });
    this.changed();
    this.focus('bulk-summary'); // Apply is off while the run lasts: the focus follows its progress
  }

  clearBulk(): void {
    this.state.bulkSelection.clear();
    if (this.state.bulk?.done) this.state.bulk = undefined;
    this.state.bulkError = undefined;
    this.changed();
    // The bulk panel is gone with its buttons: back to the list.
    const tabStop = tabStopKey(listedEntries(this.state).map((entry) => entry.key), this.state.activeKey, this.state.selectedKey);
    if (tabStop !== undefined) this.focusOption(tabStop);
  }

  // ---- internals ---------------------------------------------------------------------------------------------------

  private selected(): ScopeState | undefined {
    return this.state.selectedKey === undefined ? undefined : this.state.byKey.get(this.state.selectedKey);
  }

  private load(key: string): void {
    const ref = findEntry(this.state, key)?.scope ?? this.state.byKey.get(key)?.form?.scope ?? parseScopeKey(key);
    if (!ref) return;
    const scope = scopeState(this.state, key);
    const request = this.host.request('load', { scope: ref });
    scope.loading = request;
    scope.loadError = undefined;
    const current = (): boolean => scope.loading === request && delete scope.loading;
    this.ask(request, (setting) => {
      // Edits made while loading keep their baseline, so a difference on GitLab shows as a conflict on save.
      if (current()) followSetting(scope, ref, setting);
    }, (error) => {
      if (current()) scope.loadError = error;
    });
  }

  /** What a group or project inherits at Global, and why; only the newest answer counts. */
  private askChain(key: string): void {
    const ref = findEntry(this.state, key)?.scope ?? parseScopeKey(key);
    if (!ref || ref.kind === 'global') return;
    const request = this.chainRequest = this.host.request('levelChain', { scope: ref });
    // Without an answer (the host logs why) the form shows no lines.
    this.ask(request, (above) => { if (this.chainRequest === request) scopeState(this.state, key).above = above; }, () => undefined);
  }

  /** Sends a form's changes against `baseline`; the answer is saved, a conflict, or an error (maybe with what stuck). */
  private send(scope: ScopeState, form: SettingForm, baseline: NotificationSetting): void {
    scope.saving = true;
    scope.saveError = scope.notice = undefined;
    const key = this.state.selectedKey;
    this.ask(this.host.request('save', { scope: form.scope, baseline, update: changedParameters(form) }), (result) => {
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
      if (key !== this.state.selectedKey || !this.focusLost('form-status')) return;
      if (scope.conflict) this.focus('conflict');
      else if (scope.saveError?.field === 'notification_email' && form.scope.kind === 'global') this.focus('notification-email');
      else if (scope.saveError) this.focus('form-error');
    });
    const fromButton = this.focusLost('save-button');
    this.changed();
    // Save is off while saving (and after): the focus goes to the status line instead of falling to the page's body.
    // Ctrl+S leaves it where it is.
    if (fromButton) this.focus('form-status');
  }

  /** A run's step: once it is done, forms of the scopes it set (without edits) are read again. */
  private bulkStep(bulk: BulkSnapshot): void {
    const { state } = this;
    const finished = bulk.done && !state.bulk?.done;
    state.bulk = bulk;
    if (!finished) return;
    // Stop gives way to Clear selection once the run ends: a focus left on it goes to the outcome.
    if (this.focusLost('bulk-cancel')) queueMicrotask(() => this.focus('bulk-summary'));
    for (const item of bulk.items) {
      const scope = state.byKey.get(item.key);
      if ((item.status !== 'changed' && item.status !== 'unchanged') || isDirtyScope(scope)) continue;
      if (scope) scope.form = undefined;
      if (item.key === state.selectedKey) this.load(item.key);
    }
  }

  /** Waits for a reply, applies it, and shows the result; settles once the result is shown. */
  private ask<T>(request: Promise<T>, then: (value: T) => void, fail: (error: ErrorInfo) => void): Promise<void> {
    return request.then(then, fail).finally(() => this.changed());
  }

  /** Moves the keyboard focus to the element `id` (of the page as last rendered). */
  private focus(id: string): void {
    document.getElementById(id)?.focus();
  }

  /** Moves the focus to a scope option, which takes the list's tab stop. */
  private focusOption(key: string): void {
    this.state.activeKey = key;
    this.changed();
    this.focus(scopeOptionId(key));
  }

  /** Whether the focus is nowhere in particular (the page's body) or still on one of `ids`: then it may be moved. */
  private focusLost(...ids: string[]): boolean {
    const active = document.activeElement;
    return !active || active === document.body || ids.includes(active.id);
  }

  private restore(persisted: PersistedState): void {
    applyPersisted(this.state, persisted);
    this.hadState = true;
  }

  private changed(): void {
    this.vscode.setState(toPersisted(this.state));
    const t = this.state.texts;
    if (!t) return; // the host's texts have not come yet: the page keeps its loading line
    if (this.root.dataset.state !== 'ready') this.root.replaceChildren(); // the loading line goes
    this.root.dataset.state = 'ready';
    render(html`${scopePanel(this.state, t, this)}${settingsForm(this.state, t, this)}${addScopeForm(this.state, t, this)}`, this.root);
  }
}

declare function acquireVsCodeApi(): VsCodeApi;
const root = document.getElementById('app');
if (root) new SettingsApp(root, acquireVsCodeApi()).start();
