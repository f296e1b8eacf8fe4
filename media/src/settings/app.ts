import {
  changedParameters, createForm, currentEmail, emailProblem, isDirty, rebase, resetEvent, withEmail, withEvent, withLevel,
  type SettingForm,
} from '../../../src/app/settings/formState';
import { parseHostMessage, parsePersistedState } from '../../../src/app/settings/messageValidators';
import type { WebviewMessage } from '../../../src/app/settings/protocol';
import { parseScopeInput, parseScopeKey, scopeKey, type EntityScopeRef, type ScopeRef } from '../../../src/app/settings/scopes';
import type { NotificationLevel } from '../../../src/gitlab/types';
import type { Actions } from './actions';
import { applyHostMessage } from './hostMessages';
import { applyPersisted, findEntry, initialState, toPersisted, visibleEntries, type Pending, type UiState } from './model';
import { PageView } from './pageView';
import type { VsCodeApi } from './vscodeApi';

/**
 * The settings page: holds the UI state, talks to the host through validated messages, keeps unsaved edits in the
 * webview state (so hiding the panel or reloading the window loses nothing) and re-renders after each change.
 */
export class SettingsApp implements Actions {
  private readonly state: UiState = initialState();
  private nextRequestId: number;
  private readonly view: PageView;
  /** Whether `getState()` gave the page its state (else the host's copy from the serializer is used). */
  private hadState = false;

  constructor(root: HTMLElement, private readonly vscode: VsCodeApi, random: () => number = Math.random) {
    // A random start keeps answers meant for an earlier page (before a reload) from matching this page's requests.
    this.nextRequestId = 1 + Math.floor(random() * 1_000_000_000);
    this.view = new PageView(root, this);
  }

  start(): void {
    const saved = this.vscode.getState();
    if (saved !== undefined && saved !== null) {
      const persisted = parsePersistedState(saved);
      if (persisted.ok) {
        applyPersisted(this.state, persisted.value);
        this.hadState = true;
      }
      else console.warn(`GitLab settings: saved state ignored (${persisted.reason}).`);
    }
    window.addEventListener('message', (event: MessageEvent<unknown>) => this.receive(event.data));
    window.addEventListener('keydown', (event) => {
      if ((event.ctrlKey || event.metaKey) && !event.shiftKey && !event.altKey && event.key.toLowerCase() === 's') {
        event.preventDefault();
        this.save();
      }
    });
    this.post({ type: 'ready' });
  }

  receive(data: unknown): void {
    const parsed = parseHostMessage(data);
    if (!parsed.ok) {
      console.warn(`GitLab settings: ignored a malformed message (${parsed.reason}).`);
      return;
    }
    applyHostMessage(this.state, parsed.value, {
      select: (key) => this.selectInternal(key),
      load: (key) => this.load(key),
      takePending: (requestId, kind) => this.takePending(requestId, kind),
      scopeFor: (key) => this.scopeFor(key),
      restore: (persisted) => {
        if (this.hadState) return;
        applyPersisted(this.state, persisted);
        this.hadState = true;
      },
    });
    this.changed();
  }

  // ---- actions from the views ------------------------------------------------------------------------------------

  selectScope(key: string): void {
    this.selectInternal(key);
    this.changed();
  }

  toggleBulk(key: string, selected: boolean): void {
    if (selected) this.state.bulkSelection.add(key);
    else this.state.bulkSelection.delete(key);
    this.changed();
  }

  refreshScopes(): void {
    this.post({ type: 'refreshScopes' });
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
    const { add, texts } = this.state;
    if (add.pendingId !== undefined || !texts) return;
    const ref = parseScopeInput(add.ref);
    if (ref === undefined) {
      this.state.add = { ...add, error: texts.strings.invalidRef };
      this.changed();
      document.getElementById('add-scope-ref')?.focus();
      return;
    }
    const requestId = this.request({ kind: 'add' });
    this.state.add = { ...add, pendingId: requestId, error: undefined };
    this.post({ type: 'addScope', requestId, kind: add.kind, ref });
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
    const key = this.state.selectedKey;
    const form = key ? this.state.forms.get(key) : undefined;
    if (!key || !form) return;
    this.state.forms.set(key, withEmail(form, value));
    this.state.notices.delete(key);
    this.persist();
    this.view.refreshChrome(this.state);
  }

  save(): void {
    const { state } = this;
    const key = state.selectedKey;
    const form = key ? state.forms.get(key) : undefined;
    if (!key || !form || !isDirty(form) || state.saving.has(key) || state.conflicts.has(key)) return;
    if (form.scope.kind === 'global' && emailProblem(currentEmail(form)) !== undefined) {
      state.emailChecked.add(key);
      this.changed();
      document.getElementById('notification-email')?.focus();
      return;
    }
    state.saveErrors.delete(key);
    state.notices.delete(key);
    const requestId = this.request({ kind: 'save', key });
    state.saving.set(key, requestId);
    this.post({ type: 'save', requestId, scope: form.scope, baseline: form.baseline, update: changedParameters(form) });
    this.changed();
  }

  revert(): void {
    const key = this.state.selectedKey;
    const form = key ? this.state.forms.get(key) : undefined;
    if (!key || !form) return;
    this.state.forms.set(key, createForm(form.scope, form.baseline));
    this.state.saveErrors.delete(key);
    this.state.emailChecked.delete(key);
    this.changed();
  }

  retry(): void {
    const key = this.state.selectedKey;
    if (!key) return;
    if (this.state.saveErrors.has(key)) {
      this.state.saveErrors.delete(key);
      this.save();
    } else {
      this.load(key);
    }
    this.changed();
  }

  signIn(): void {
    this.post({ type: 'signIn' });
  }

  /** Keep mine: the edits move onto GitLab's current setting and are sent (after another check for changes). */
  keepMine(): void {
    const { state } = this;
    const key = state.selectedKey;
    const form = key ? state.forms.get(key) : undefined;
    const server = key ? state.conflicts.get(key) : undefined;
    if (!key || !form || !server) return;
    const rebased = rebase(form, server);
    state.conflicts.delete(key);
    state.forms.set(key, rebased);
    if (!isDirty(rebased)) {
      state.notices.set(key, 'alreadySaved');
    } else {
      const requestId = this.request({ kind: 'save', key });
      state.saving.set(key, requestId);
      this.post({
        type: 'resolveConflict', requestId, scope: rebased.scope, choice: 'overwrite', baseline: server, update: changedParameters(rebased),
      });
    }
    this.changed();
  }

  /** Take theirs: drop the edits, show GitLab's setting (read once more, in case it moved again). */
  takeTheirs(): void {
    const { state } = this;
    const key = state.selectedKey;
    const form = key ? state.forms.get(key) : undefined;
    const server = key ? state.conflicts.get(key) : undefined;
    if (!key || !form || !server) return;
    state.conflicts.delete(key);
    state.saveErrors.delete(key);
    state.forms.set(key, createForm(form.scope, server));
    const requestId = this.request({ kind: 'load', key });
    state.loading.set(key, requestId);
    this.post({ type: 'resolveConflict', requestId, scope: form.scope, choice: 'theirs' });
    this.changed();
  }

  setBulkLevel(level: NotificationLevel): void {
    this.state.bulkLevel = level;
    this.persist();
  }

  applyBulk(): void {
    const { state } = this;
    if (state.bulk && !state.bulk.done) return;
    const scopes = visibleEntries(state)
      .filter((entry) => state.bulkSelection.has(entry.key))
      .map((entry) => entry.scope)
      .filter((scope): scope is EntityScopeRef => scope.kind !== 'global');
    if (scopes.length === 0) return;
    const requestId = this.request({ kind: 'bulk' });
    state.bulkError = undefined;
    state.bulk = {
      requestId, level: state.bulkLevel, done: false,
      items: scopes.map((scope) => ({ key: scopeKey(scope), scope, status: 'queued' })),
    };
    this.post({ type: 'bulkApply', requestId, scopes, level: state.bulkLevel });
    this.changed();
  }

  cancelBulk(): void {
    if (this.state.bulk && !this.state.bulk.done) this.post({ type: 'cancelBulk', requestId: this.state.bulk.requestId });
  }

  clearBulk(): void {
    this.state.bulkSelection.clear();
    if (this.state.bulk?.done) this.state.bulk = undefined;
    this.state.bulkError = undefined;
    this.changed();
  }

  // ---- internals ---------------------------------------------------------------------------------------------------

  private selectInternal(key: string): void {
    const { state } = this;
    state.selectedKey = key;
    const form = state.forms.get(key);
    // A scope without edits is read again each time it is opened; one with edits keeps them (and its baseline).
    if (!state.conflicts.has(key) && (!form || !isDirty(form)) && !state.loading.has(key) && !state.saving.has(key)) this.load(key);
  }

  private load(key: string): void {
    const scope = this.scopeFor(key);
    if (!scope) return;
    const requestId = this.request({ kind: 'load', key });
    this.state.loading.set(key, requestId);
    this.state.loadErrors.delete(key);
    this.post({ type: 'loadScope', requestId, scope });
  }

  private editSelected(edit: (form: SettingForm) => SettingForm): void {
    const key = this.state.selectedKey;
    const form = key ? this.state.forms.get(key) : undefined;
    if (!key || !form) return;
    this.state.forms.set(key, edit(form));
    this.state.notices.delete(key);
    this.changed();
  }

  private scopeFor(key: string): ScopeRef | undefined {
    return findEntry(this.state, key)?.scope ?? this.state.forms.get(key)?.scope ?? parseScopeKey(key);
  }

  private request(pending: Pending): number {
    const requestId = this.nextRequestId++;
    this.state.pending.set(requestId, pending);
    return requestId;
  }

  private takePending(requestId: number, kind: Pending['kind']): boolean {
    const pending = this.state.pending.get(requestId);
    if (pending?.kind !== kind) return false;
    this.state.pending.delete(requestId);
    return true;
  }

  private post(message: WebviewMessage): void {
    this.vscode.postMessage(message);
  }

  private persist(): void {
    this.vscode.setState(toPersisted(this.state));
  }

  private changed(): void {
    this.persist();
    this.view.render(this.state);
  }
}
