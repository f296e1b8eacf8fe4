import * as vscode from 'vscode';
import type { GitLabApi } from '../../gitlab/api';
import { COMMANDS } from '../../ids';
import type { NotificationSetting } from '../../gitlab/types';
import type { Localize } from '../../app/localize';
import { ScopeCatalog, type ProjectScopeSource } from '../../app/settings/scopeCatalog';
import type { PersistedState } from '../../app/settings/protocol';
import type { ScopeRef } from '../../app/settings/scopes';
import { SettingsRequestHandler, type SettingChange, type SettingsRequestHandlerDeps } from '../../app/settings/settingsRequestHandler';
import { ConfiguredGroups } from './configuredGroups';
import { settingsPanelHtml, settingsWebviewOptions } from './settingsPanelHtml';
import { NOTIFICATION_SETTINGS_VIEW_TYPE } from './viewType';

export interface NotificationSettingsEditorDeps {
  extensionUri: vscode.Uri;
  /** The client while signed in, else undefined. The token stays inside it. */
  api: () => GitLabApi | undefined;
  /** The activity tree's projects. */
  projects: () => readonly ProjectScopeSource[] | Promise<readonly ProjectScopeSource[]>;
  /** Keeps a project added in the editor (for example in `gitlabActivity.projects`); optional. */
  rememberProject?: (path: string) => Promise<void>;
  /** Levels the editor wrote or found, for the status bar. */
  onDidChangeSetting?: (change: SettingChange) => void;
  /** One line to the output channel. */
  log: (line: string) => void;
  /** What a group or project inherits at `global`, for the line beside the level. */
  inheritance?: SettingsRequestHandlerDeps['inheritance'];
}

const localize: Localize = (message, ...args) => vscode.l10n.t(message, ...args);

/**
 * The notification settings editor: at most one panel, revealed when open, restorable after a window reload
 * (through `NotificationSettingsSerializer`). The panel's logic lives in `SettingsRequestHandler`.
 */
export class NotificationSettingsEditor implements vscode.Disposable {
  private live: LivePanel | undefined;
  private readonly catalog: ScopeCatalog;

  constructor(private readonly deps: NotificationSettingsEditorDeps, private readonly groups = new ConfiguredGroups()) {
    this.catalog = new ScopeCatalog({
      api: deps.api,
      projects: deps.projects,
      addedGroups: () => this.groups.list(),
      rememberGroup: (ref) => this.groups.remember(ref),
      rememberProject: deps.rememberProject,
      localize,
      log: deps.log,
    });
  }

  /** Opens the editor (or brings it forward), optionally on one scope. */
  async open(scope?: ScopeRef): Promise<void> {
    let live = this.live;
    if (live) {
      live.panel.reveal();
    } else {
      live = this.adopt(vscode.window.createWebviewPanel(
        NOTIFICATION_SETTINGS_VIEW_TYPE,
        vscode.l10n.t('GitLab Notification Settings'),
        vscode.ViewColumn.Active,
        settingsWebviewOptions(this.deps.extensionUri),
      ));
    }
    if (scope) await live.handler.focus(scope);
  }

  /** Takes over a panel VS Code restored after a reload, with the page state it kept (already validated). */
  restore(panel: vscode.WebviewPanel, state?: PersistedState): void {
    if (this.live) {
      // Only one editor: a second restored panel (should not happen) is closed rather than duplicated.
      panel.dispose();
      return;
    }
    panel.webview.options = settingsWebviewOptions(this.deps.extensionUri);
    const live = this.adopt(panel);
    if (state) live.handler.restore(state);
  }

  /** Tells the open editor about a level changed elsewhere (status bar, commands). */
  notifyExternalChange(scope: ScopeRef, setting: NotificationSetting): void {
    this.live?.handler.notifyExternalChange(scope, setting);
  }

  /** A level changed somewhere: the open editor works out again what its groups and projects inherit. */
  refreshInherited(): void {
    void this.live?.handler.refreshInherited();
  }

  /** Groups or projects came or went (sign-in, tree changes): the list is fetched again next time it is shown. */
  async refreshScopes(): Promise<void> {
    await this.live?.handler.receive({ type: 'refreshScopes' });
  }

  dispose(): void {
    this.live?.panel.dispose();
  }

  private adopt(panel: vscode.WebviewPanel): LivePanel {
    panel.iconPath = vscode.Uri.joinPath(this.deps.extensionUri, 'media', 'activity.svg');
    const handler = new SettingsRequestHandler({
      api: this.deps.api,
      catalog: this.catalog,
      localize,
      post: (message) => {
        void panel.webview.postMessage(message);
      },
      onDidChangeSetting: this.deps.onDidChangeSetting,
      signIn: () => void vscode.commands.executeCommand(COMMANDS.signIn),
      log: this.deps.log,
      inheritance: this.deps.inheritance,
    });
    const created = new LivePanel(panel, handler, () => {
      if (this.live === created) this.live = undefined;
    });
    this.live = created;
    panel.webview.html = settingsPanelHtml(panel.webview, this.deps.extensionUri);
    return created;
  }
}

/** One live panel: routes its messages to the handler and ends everything with it. */
class LivePanel {
  private readonly subscriptions: vscode.Disposable[] = [];

  constructor(readonly panel: vscode.WebviewPanel, readonly handler: SettingsRequestHandler, onDisposed: () => void) {
    this.subscriptions.push(
      panel.webview.onDidReceiveMessage((message: unknown) => handler.receive(message)),
      panel.onDidChangeViewState(({ webviewPanel }) => {
        if (!webviewPanel.visible) handler.webviewGone();
      }),
      panel.onDidDispose(() => {
        handler.dispose();
        for (const subscription of this.subscriptions) subscription.dispose();
        onDisposed();
      }),
    );
  }
}
