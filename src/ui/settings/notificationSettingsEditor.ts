import * as vscode from 'vscode';
import type { ActiveAccount } from '../../app/activeAccount';
import type { NotificationSettingsService } from '../../app/settings/notificationSettingsService';
import type { ScopeCatalog } from '../../app/settings/scopeCatalog';
import { isScopeRef, parsePersistedState } from '../../app/settings/shared/protocol';
import type { ScopeRef } from '../../app/settings/shared/scopes';
import { SettingsRequestHandler, type SettingsSnoozes } from '../../app/settings/settingsRequestHandler';
import { COMMANDS, WEBVIEWS } from '../../ids';
import type { ActivityNode } from '../activity/nodes';
import type { Shell } from '../shell';
import type { NotificationSettings } from './notificationSettings';
import { panelHtml } from './panelHtml';
import type { Snoozes } from './snoozeCommands';
import { displayLocalize } from '../displayLanguage';

export interface NotificationSettingsEditorDeps {
  extensionUri: vscode.Uri;
  /** The active account: requests go through its client; a "Sign in again" names its instance. */
  account: Pick<ActiveAccount, 'signedIn' | 'instanceUrl'>;
  settings: NotificationSettingsService;
  /** The groups and projects the editor lists (shared with the overview and the quick picks). */
  catalog: ScopeCatalog;
  log: (line: string) => void;
  /** The snoozes the page shows on their scopes, with End Snooze. */
  snoozes?: SettingsSnoozes;
}

/**
 * The notification settings editor: at most one panel, revealed when open, and brought back after a window reload by
 * the panel serializer registered here. The panel's logic lives in `SettingsRequestHandler`, its page in `panelHtml`.
 */
export class NotificationSettingsEditor implements vscode.Disposable {
  private live: { panel: vscode.WebviewPanel; handler: SettingsRequestHandler } | undefined;
  private readonly serializer: vscode.Disposable;

  constructor(private readonly deps: NotificationSettingsEditorDeps) {
    this.serializer = vscode.window.registerWebviewPanelSerializer(WEBVIEWS.notificationSettings, {
      // The page keeps its unsaved edits in the webview state and reads them back itself; the state is checked here
      // (an unusable one is logged and dropped) and handed to the page again in case it finds none.
      deserializeWebviewPanel: async (panel, state: unknown) => {
        const parsed = state === undefined || state === null ? undefined : parsePersistedState(state);
        if (parsed && !parsed.ok) deps.log(`Settings view: the saved state cannot be used (${parsed.reason}); starting afresh.`);
        if (this.live) return panel.dispose(); // only one editor: a second restored panel is closed, not duplicated
        const { handler } = this.adopt(panel);
        if (parsed?.ok) handler.restore(parsed.value);
      },
    });
  }

  /** Opens the editor (or brings it forward), optionally on one scope. */
  async open(scope?: ScopeRef): Promise<void> {
    this.live?.panel.reveal();
    const live = this.live
      ?? this.adopt(vscode.window.createWebviewPanel(WEBVIEWS.notificationSettings, vscode.l10n.t('GitLab Notification Settings'), vscode.ViewColumn.Active));
    if (scope) await live.handler.focus(scope);
  }

  /** Groups or projects came or went (sign-in, tree changes): the list is fetched again. */
  async refreshScopes(): Promise<void> {
    await this.live?.handler.receive({ type: 'refreshScopes' });
  }

  dispose(): void {
    this.serializer.dispose();
    this.live?.panel.dispose();
  }

  private adopt(panel: vscode.WebviewPanel): { panel: vscode.WebviewPanel; handler: SettingsRequestHandler } {
    const file = (...path: string[]) => vscode.Uri.joinPath(this.deps.extensionUri, ...path);
    // No retainContextWhenHidden: the page keeps its state with setState and rebuilds itself when shown again.
    panel.webview.options = { enableScripts: true, enableCommandUris: false, localResourceRoots: [file('dist', 'webview'), file('media')] };
    panel.iconPath = file('media', 'activity.svg');
    const handler = new SettingsRequestHandler({
      settings: this.deps.settings,
      signedIn: () => this.deps.account.signedIn,
      catalog: this.deps.catalog,
      localize: displayLocalize(),
      post: (message) => void panel.webview.postMessage(message),
      instanceUrl: () => (this.deps.account.signedIn ? this.deps.account.instanceUrl : undefined),
      signIn: (instanceUrl) => void vscode.commands.executeCommand(COMMANDS.signIn, instanceUrl),
      log: this.deps.log,
      l10n: vscode.l10n.bundle,
      snoozes: this.deps.snoozes,
    });
    const live = { panel, handler };
    this.live = live;
    const subscriptions = [
      panel.webview.onDidReceiveMessage((message: unknown) => handler.receive(message)),
      panel.onDidChangeViewState(({ webviewPanel }) => {
        if (!webviewPanel.visible) handler.webviewGone();
      }),
      panel.onDidDispose(() => {
        handler.dispose();
        for (const subscription of subscriptions) subscription.dispose();
        if (this.live === live) this.live = undefined;
      }),
    ];
    const uri = (...path: string[]) => panel.webview.asWebviewUri(file(...path)).toString();
    panel.webview.html = panelHtml({
      cspSource: panel.webview.cspSource,
      scriptUri: uri('dist', 'webview', 'settings.js'),
      styleUri: uri('media', 'settings.css'),
      title: vscode.l10n.t('GitLab Notification Settings'),
      loadingText: vscode.l10n.t('Loading…'),
      lang: vscode.env.language,
    });
    return live;
  }
}

/**
 * The settings editor, "Notification Settings…" and the Activity tree's "Notification Settings" of a project; its
 * list of scopes is fetched again when the session changes.
 */
export function registerNotificationSettingsEditor(
  context: vscode.ExtensionContext, { account, log }: Shell, { levels, sources }: NotificationSettings, snoozes: Snoozes,
): void {
  const editor = new NotificationSettingsEditor({
    extensionUri: context.extensionUri,
    account,
    settings: levels,
    catalog: sources.catalog,
    log: (line) => log.info(line),
    snoozes,
  });
  context.subscriptions.push(
    editor,
    account.onDidChange(() => void editor.refreshScopes()),
    vscode.commands.registerCommand(COMMANDS.openNotificationSettings, (scope?: ScopeRef) => editor.open(isScopeRef(scope) ? scope : undefined)),
    vscode.commands.registerCommand(COMMANDS.projectNotificationSettings, (node?: ActivityNode) => {
      if (node?.type === 'source' && node.source.source.kind === 'project') return editor.open({ kind: 'project', id: node.source.ref });
      return editor.open();
    }),
  );
}
