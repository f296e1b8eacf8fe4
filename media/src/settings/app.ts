import {
  changedParameters, createForm, currentEmail, emailProblem, isDirty, rebase, resetEvent, withEmail, withEvent, withLevel,
  type SettingForm,
} from '../../../src/app/settings/shared/formState';
import {
  parsePersistedState, type BulkSnapshot, type ErrorInfo, type HostMessage, type PageMessage, type PersistedState, type Requests,
} from '../../../src/app/settings/shared/protocol';
import { Requester } from '../../../src/app/settings/shared/rpc';
import { parseScopeInput, parseScopeKey, scopeKey, type EntityScopeRef } from '../../../src/app/settings/shared/scopes';
import type { NotificationLevel, NotificationSetting } from '../../../src/app/settings/shared/labels';
import { applyPersisted, findEntry, initialState, textsFrom, toPersisted, visibleEntries, type UiState } from './model';
import { PageView } from './settingsForm';

/** The part of the webview API this page uses. */
export interface VsCodeApi {
  postMessage(message: PageMessage): void;
  getState(): unknown;
  setState(state: PersistedState): void;
}

/**
 * The settings page: holds the UI state, asks the host through `Requester` (one promise per request), keeps unsaved
 * edits in the webview state (so hiding the panel or reloading the window loses nothing) and re-renders after each
 * change. Messages from the host are not validated (it is the trusted side); only the host's channel is listened to.
 */
export class SettingsApp {
  private readonly state: UiState = initialState();
  private readonly host: Requester<Requests>;
  private readonly view: PageView;
  /** Whether `getState()` gave the page its state (else the host's copy from the serializer is used). */
  private hadState = false;

  constructor(root: HTMLElement, private readonly vscode: VsCodeApi, random: () => number = Math.random) {
    // A random first id keeps answers meant for an earlier page (before a reload) from matching this page's requests.
    this.host = new Requester((message) => vscode.postMessage(message), 1 + Math.floor(random() * 1_000_000_000));
    this.view = new PageView(root, this);
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
        state.texts = textsFrom(message.l10n);
        state.scopes = message.scopes;
        if (message.bulk) this.bulkStep(message.bulk);
        if (message.restored && !this.hadState) this.restore(message.restored);
        const key = message.focusKey ?? state.selectedKey ?? 'global';
        this.select(findEntry(state, key) ? key : 'global');
        break;
      }
      case 'scopes':
        state.scopes = message.scopes;
        break;
      case 'focusScope':
        this.select(message.key);
        break;
      case 'settingChanged': {
        const form = state.forms.get(message.key);
        // A form with edits keeps its baseline: saving it shows the change as a conflict instead of hiding it.
        if (form && !isDirty(form) && !state.conflicts.has(message.key)) state.forms.set(message.key, createForm(form.scope, message.setting));
        break;
      }
      case 'inherited':
        state.inherited.set(message.key, message.inherited);
        break;
      case 'bulk':
        this.bulkStep(message.bulk);
        break;
    }
    this.changed();
  }

  // ---- actions from the views ------------------------------------------------------------------------------------

  selectScope(key: string): void {
    this.select(key);
    this.changed();
  }

  toggleBulk(key: string, selected: boolean): void {
    if (selected) this.state.bulkSelection.add(key);
    else this.state.bulkSelection.delete(key);
    this.changed();
  }

  refreshScopes(): void {
    this.vscode.postMessage({ type: 'refreshScopes' });
  }

  toggleAdd(): void {
    this.state.add = { ...this.state.add, open: !this.state.add.open, error: undefined };
    this.changed();
    if (this.state.add.open) document.getElementById('add-scope-ref')?.focus();
  }

  setAddKind(kind: 'group' | 'project'): void {
    this.state.add = { ...this.state.add, kind };
  }

  setAddRef(ref: string): void {
    this.state.add = { ...this.state.add, ref };
  }

  submitAdd(): void {
    const { add, texts: t } = this.state;
    if (add.adding || !t) return;
    const ref = parseScopeInput(add.ref);
    if (ref === undefined) {
      this.state.add = { ...add, error: t('Enter a numeric ID, a full path such as group/subgroup/project, or its GitLab URL.') };
      this.changed();
      document.getElementById('add-scope-ref')?.focus();
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
    });
    this.changed();
  }

  setLevel(level: string): void {
    this.editSelected((form) => withLevel(form, level));
  }

  setEvent(key: string, value: boolean): void {
    this.editSelected((form) => withEvent(form, key, value));
  }

  resetEvent(key: string): void {
    this.editSelected((form) => resetEvent(form, key));
  }

  /** Typing in the e-mail field: no re-render of the form (it would disturb typing), only its status parts. */
  setEmail(value: string): void {
    const { key, form } = this.selected();
    if (!key || !form) return;
    this.state.forms.set(key, withEmail(form, value));
    this.state.notices.delete(key);
    this.persist();
    this.view.refreshChrome(this.state);
  }

  save(): void {
    const { state } = this;
    const { key, form } = this.selected();
    if (!key || !form || !isDirty(form) || state.saving.has(key) || state.conflicts.has(key)) return;
    if (form.scope.kind === 'global' && emailProblem(currentEmail(form)) !== undefined) {
      state.emailChecked.add(key);
      this.changed();
      document.getElementById('notification-email')?.focus();
      return;
    }
    this.send(key, form, form.baseline);
  }

  revert(): void {
    const { key, form } = this.selected();
    if (!key || !form) return;
    this.state.forms.set(key, createForm(form.scope, form.baseline));
    this.state.saveErrors.delete(key);
    this.state.emailChecked.delete(key);
    this.changed();
  }

  retry(): void {
    const key = this.state.selectedKey;
    if (!key) return;
    if (this.state.saveErrors.delete(key)) this.save();
    else this.load(key);
    this.changed();
  }

  signIn(): void {
    this.vscode.postMessage({ type: 'signIn' });
  }

  /** Keep mine: the edits move onto GitLab's current setting and are sent (checked against it once more). */
  keepMine(): void {
    const { state } = this;
    const { key, form, server } = this.selected();
    if (!key || !form || !server) return;
    const rebased = rebase(form, server);
    state.conflicts.delete(key);
    state.forms.set(key, rebased);
    if (isDirty(rebased)) return this.send(key, rebased, server);
    state.notices.set(key, 'alreadySaved');
    this.changed();
  }

  /** Take theirs: drop the edits, show GitLab's setting (read once more, in case it moved again). */
  takeTheirs(): void {
    const { state } = this;
    const { key, form, server } = this.selected();
    if (!key || !form || !server) return;
    state.conflicts.delete(key);
    state.saveErrors.delete(key);
    state.forms.set(key, createForm(form.scope, server));
    this.load(key);
    this.changed();
  }

  setBulkLevel(level: NotificationLevel): void {
    this.state.bulkLevel = level;
    this.persist();
  }

  applyBulk(): void {
    const { state } = this;
    if (state.bulk && !state.bulk.done) return;
    const scopes = visibleEntries(state).filter((entry) => state.bulkSelection.has(entry.key))
      .map((entry) => entry.scope).filter((scope): scope is EntityScopeRef => scope.kind !== 'global');
    if (scopes.length === 0) return;
    state.bulkError = undefined;
    state.bulk = { level: state.bulkLevel, done: false, items: scopes.map((scope) => ({ key: scopeKey(scope), scope, status: 'queued' })) };
    this.ask(this.host.request('bulkApply', { scopes, level: state.bulkLevel }), () => undefined, (error) => {
      if (!state.bulk?.done) state.bulk = undefined;
      state.bulkError = error.message;
    });
    this.changed();
  }

  cancelBulk(): void {
    if (this.state.bulk && !this.state.bulk.done) this.vscode.postMessage({ type: 'cancelBulk' });
  }

  clearBulk(): void {
    this.state.bulkSelection.clear();
    if (this.state.bulk?.done) this.state.bulk = undefined;
    this.state.bulkError = undefined;
    this.changed();
  }

  // ---- internals ---------------------------------------------------------------------------------------------------

  private select(key: string): void {
    const { state } = this;
    state.selectedKey = key;
    const form = state.forms.get(key);
    // A scope without edits is read again each time it is opened; one with edits keeps them (and its baseline).
    if (!state.conflicts.has(key) && (!form || !isDirty(form)) && !state.loading.has(key) && !state.saving.has(key)) this.load(key);
  }

  private load(key: string): void {
    const scope = findEntry(this.state, key)?.scope ?? this.state.forms.get(key)?.scope ?? parseScopeKey(key);
    if (!scope) return;
    const { loading, loadErrors, forms } = this.state;
    const request = this.host.request('load', { scope });
    loading.set(key, request);
    loadErrors.delete(key);
    const current = (): boolean => loading.get(key) === request && loading.delete(key);
    this.ask(request, (setting) => {
      if (!current()) return;
      // Edits made while loading keep their baseline, so a difference on GitLab shows as a conflict on save.
      const form = forms.get(key);
      if (!form || !isDirty(form)) forms.set(key, createForm(form?.scope ?? scope, setting));
    }, (error) => {
      if (current()) loadErrors.set(key, error);
    });
  }

  /** Sends a form's changes against `baseline`; the answer is saved, a conflict, or an error (maybe with what stuck). */
  private send(key: string, form: SettingForm, baseline: NotificationSetting): void {
    const { state } = this;
    state.saveErrors.delete(key);
    state.notices.delete(key);
    state.saving.add(key);
    this.ask(this.host.request('save', { scope: form.scope, baseline, update: changedParameters(form) }), (result) => {
      state.saving.delete(key);
      state.forms.set(key, rebase(state.forms.get(key) ?? form, result.setting));
      state.notices.set(key, result.alreadyApplied ? 'alreadySaved' : 'saved');
      state.emailChecked.delete(key);
    }, (error) => {
      state.saving.delete(key);
      if (error.kind === 'conflict' && error.server) return void state.conflicts.set(key, error.server);
      state.saveErrors.set(key, error);
      if (error.server) state.forms.set(key, rebase(state.forms.get(key) ?? form, error.server));
    });
    this.changed();
  }

  /** A run's step: once it is done, forms of the scopes it set (without edits) are read again. */
  private bulkStep(bulk: BulkSnapshot): void {
    const { state } = this;
    const finished = bulk.done && !state.bulk?.done;
    state.bulk = bulk;
    if (!finished) return;
    for (const item of bulk.items) {
      const form = state.forms.get(item.key);
      if ((item.status !== 'changed' && item.status !== 'unchanged') || (form && isDirty(form))) continue;
      state.forms.delete(item.key);
      if (item.key === state.selectedKey) this.load(item.key);
    }
  }

  /** Waits for a reply, applies it, and shows the result. */
  private ask<T>(request: Promise<T>, then: (value: T) => void, fail: (error: ErrorInfo) => void): void {
    request.then(then, fail).finally(() => this.changed());
  }

  /** The selected scope's key, form and unresolved conflict. */
  private selected(): { key?: string; form?: SettingForm; server?: NotificationSetting } {
    const key = this.state.selectedKey;
    return key ? { key, form: this.state.forms.get(key), server: this.state.conflicts.get(key) } : {};
  }

  private editSelected(edit: (form: SettingForm) => SettingForm): void {
    const { key, form } = this.selected();
    if (!key || !form) return;
    this.state.forms.set(key, edit(form));
    this.state.notices.delete(key);
    this.changed();
  }

  private restore(persisted: PersistedState): void {
    applyPersisted(this.state, persisted);
    this.hadState = true;
  }

  private persist(): void {
    this.vscode.setState(toPersisted(this.state));
  }

  private changed(): void {
    this.persist();
    this.view.render(this.state);
  }
}

declare function acquireVsCodeApi(): VsCodeApi;
const root = document.getElementById('app');
if (root) new SettingsApp(root, acquireVsCodeApi()).start();
