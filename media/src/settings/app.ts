import { html } from 'lit-html';
import { parsePersistedState, type HostMessage } from '../../../src/app/settings/shared/protocol';
import { formatMessage, inLanguage } from '../../../src/app/settings/shared/labels';
import { addScopeForm } from './addScopeForm';
import { BulkChangeActions } from './bulkActions';
import { SettingsFormActions } from './formActions';
import { findEntry, followSetting, isDirtyScope, snoozeOf, type Actions } from './model';
import { hearHost, Page, type VsCodeApi } from './page';
import { scopePanel } from './scopePanel';
import { ScopeListActions } from './scopeListActions';
import { settingsForm } from './settingsForm';

/**
 * The settings page: its parts (the scope list with the Add form, the form of the scope shown, the bulk change) over
 * one `Page` (state, host, drawing, focus), and what the host says: the scopes, settings changed anywhere, snoozes,
 * a bulk run's steps, replies.
 */
export class SettingsApp implements Actions {
  private readonly page: Page;
  readonly form: SettingsFormActions;
  readonly bulk: BulkChangeActions;
  readonly list: ScopeListActions;

  constructor(root: HTMLElement, private readonly vscode: VsCodeApi, random: () => number = Math.random) {
    this.page = new Page(root, vscode, random);
    this.form = new SettingsFormActions(this.page);
    this.bulk = new BulkChangeActions(this.page, this.form);
    this.list = new ScopeListActions(this.page, this.form, this.bulk);
    this.page.view = (t) => html`${scopePanel(this.page.state, t, this)}${settingsForm(this.page.state, t, this)}${addScopeForm(this.page.state, t, this)}`;
  }

  start(): void {
    const saved = this.vscode.getState();
    if (saved !== undefined && saved !== null) {
      const persisted = parsePersistedState(saved);
      if (persisted.ok) this.page.restore(persisted.value);
      else console.warn(`GitLab settings: saved state ignored (${persisted.reason}).`);
    }
    hearHost(window, (message) => this.receive(message));
    window.addEventListener('keydown', (event) => {
      if ((event.ctrlKey || event.metaKey) && !event.shiftKey && !event.altKey && event.key.toLowerCase() === 's') {
        event.preventDefault();
        this.form.save();
      }
    });
    this.vscode.postMessage({ type: 'ready' });
  }

  /** What the page tells the host without waiting for an answer. */
  signal(type: 'refreshScopes' | 'signIn' | 'cancelBulk'): void {
    this.vscode.postMessage({ type });
  }

  receive(message: HostMessage): void {
    const { state } = this.page;
    switch (message.type) {
      case 'reply':
        this.page.host.settle(message);
        return;
      case 'state': {
        // VS Code's l10n bundle for the display language (none in English), and that language, which the host wrote
        // into the page's `lang`: counts follow it (`formatCount`).
        const bundle = message.l10n;
        state.texts = inLanguage((text, ...args) => formatMessage(bundle?.[text] ?? text, ...args), document.documentElement.lang);
        state.scopes = message.scopes;
        state.snoozes = message.snoozes ?? [];
        if (message.bulk) this.bulk.step(message.bulk);
        if (message.restored && !this.page.hadState) this.page.restore(message.restored);
        const key = message.focusKey ?? state.selectedKey ?? 'global';
        return this.list.select(findEntry(state, key) ? key : 'global');
      }
      case 'scopes':
        state.scopes = message.scopes;
        break;
      case 'focusScope':
        return this.list.select(message.key);
      case 'snoozes': {
        const key = state.selectedKey;
        const before = key === undefined ? undefined : snoozeOf(state, key);
        state.snoozes = message.snoozes;
        // A snooze of the scope shown started or ended: its form reads GitLab's setting again, whichever way (ID or
        // path) the snooze's `settingChanged` named the scope.
        const scope = key === undefined ? undefined : state.byKey.get(key);
        if (key !== undefined && (before || snoozeOf(state, key)) && !isDirtyScope(scope) && !scope?.loading && !scope?.saving && !scope?.conflict) {
          this.form.load(key);
        }
        break;
      }
      case 'settingChanged': {
        const scope = state.byKey.get(message.key);
        // A form with edits keeps its baseline: saving it shows the change as a conflict instead of hiding it.
        if (scope?.form && !scope.conflict) followSetting(scope, scope.form.scope, message.setting);
        // Any change can move what the scope shown inherits: its own, a group's above it, or the global one.
        if (state.selectedKey) this.form.askChain(state.selectedKey);
        break;
      }
      case 'bulk':
        this.bulk.step(message.bulk);
        break;
    }
    this.page.changed();
  }
}

declare function acquireVsCodeApi(): VsCodeApi;
const root = document.getElementById('app');
if (root) new SettingsApp(root, acquireVsCodeApi()).start();
