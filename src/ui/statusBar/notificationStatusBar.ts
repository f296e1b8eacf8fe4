import * as vscode from 'vscode';
import { levelLabel, statusBarView } from '../../app/notifications/statusBarView';
import type { NotificationSettingsService } from '../../app/settings/notificationSettingsService';
import { scopeKey } from '../../app/settings/scopes';
import { LEVEL_ORDER } from '../../app/settings/levels';
import { GitLabError, isNotificationLevel, type NotificationSetting, type Scope } from '../../gitlab';
import { COMMANDS } from '../../ids';
import type { Session } from '../session';
import type { Log } from '../log';

export interface StatusBarScopeSource {
  /** The scope in force and its name for people. */
  resolve(): Promise<{ scope: Scope; name: string }>;
}

/**
 * `$(bell) <Level>` for the scope in force; click for a quick pick of levels, Mute/Unmute and the editor.
 * Hidden while signed out; follows every level change the service announces, whoever made it.
 */
export class NotificationStatusBar implements vscode.Disposable {
  private readonly item: vscode.StatusBarItem;
  private readonly disposables: vscode.Disposable[] = [];
  private current?: { scope: Scope; name: string; level: string };
  private refreshing?: Promise<void>;

  constructor(
    private readonly session: Session,
    private readonly scopes: StatusBarScopeSource,
    private readonly levels: NotificationSettingsService,
    private readonly log: Log,
  ) {
    this.item = vscode.window.createStatusBarItem('gitlabActivity.notificationLevel', vscode.StatusBarAlignment.Right, 100);
    this.item.name = vscode.l10n.t('GitLab Notification Level');
    this.item.command = COMMANDS.setNotificationLevel;
    this.disposables.push(this.item, session.onDidChange(() => void this.refresh()), this.levels.onDidChange(({ scope, setting }) => {
      if (this.current && scopeKey(scope) === scopeKey(this.current.scope)) {
        this.current = { ...this.current, level: setting.level };
        this.render();
      }
    }));
  }

  /** Reads the level of the scope in force (after activation; never blocks it). */
  refresh(): Promise<void> {
    this.refreshing ??= this.load().finally(() => { this.refreshing = undefined; });
    return this.refreshing;
  }

  private async load(): Promise<void> {
    if (!this.session.signedIn) {
      this.current = undefined;
      this.item.hide();
      return;
    }
    try {
      const { scope, name } = await this.scopes.resolve();
      const setting = await this.levels.getSetting(scope);
      this.current = { scope, name, level: setting.level };
      this.render();
    } catch (error) {
      this.handle(error);
      this.item.text = '$(bell) ?';
      this.item.tooltip = vscode.l10n.t('GitLab notification level unavailable: {0}', error instanceof Error ? error.message : String(error));
      this.item.show();
    }
  }

  private render(): void {
    if (!this.current) return;
    const view = statusBarView(this.current.name, this.current.level, vscode.l10n.t);
    this.item.text = view.text;
    this.item.tooltip = view.tooltip;
    this.item.accessibilityInformation = { label: view.tooltip };
    this.item.show();
  }

  /** The quick pick behind the item and "GitLab: Set Notification Level…". */
  async pickLevel(): Promise<void> {
    if (!this.current) await this.refresh();
    const current = this.current;
    if (!current) return;
    type Pick = vscode.QuickPickItem & { level?: string; action?: 'mute' | 'editor' };
    const levels = LEVEL_ORDER.filter((level) => level !== 'global' || current.scope.kind !== 'global');
    const items: Pick[] = levels.map((level) => ({
      label: `${level === current.level ? '$(check) ' : ''}${levelLabel(level, vscode.l10n.t)}`,
      description: level === current.level ? vscode.l10n.t('current') : undefined,
      level,
    }));
    items.push({ label: '', kind: vscode.QuickPickItemKind.Separator });
    items.push(current.level === 'disabled'
      ? { label: `$(bell) ${vscode.l10n.t('Unmute')}`, action: 'mute' }
      : { label: `$(bell-slash) ${vscode.l10n.t('Mute')}`, action: 'mute' });
    items.push({ label: `$(settings-gear) ${vscode.l10n.t('Open Notification Settings…')}`, action: 'editor' });
    const choice = await vscode.window.showQuickPick(items, {
      title: vscode.l10n.t('GitLab notification level for {0}', current.name),
      placeHolder: vscode.l10n.t('Current: {0}', levelLabel(current.level, vscode.l10n.t)),
    });
    if (!choice) return;
    if (choice.action === 'mute') return this.toggleMute();
    if (choice.action === 'editor') {
      await vscode.commands.executeCommand(COMMANDS.openNotificationSettings, current.scope);
      return;
    }
    const level = choice.level;
    if (level && level !== current.level && isNotificationLevel(level)) await this.change((scope) => this.levels.setLevel(scope, level));
  }

  /** Muted: back to the level before the mute; else `disabled`, remembering the level it leaves. */
  async toggleMute(): Promise<void> {
    if (!this.current) await this.refresh();
    const current = this.current;
    if (!current) return;
    await this.change((scope) => (current.level === 'disabled' ? this.levels.unmute(scope) : this.levels.mute(scope)));
  }

  private async change(run: (scope: Scope) => Promise<NotificationSetting>): Promise<void> {
    const current = this.current;
    if (!current) return;
    try {
      await run(current.scope);
    } catch (error) {
      this.handle(error);
      void vscode.window.showErrorMessage(vscode.l10n.t('Could not change the notification level: {0}',
        error instanceof Error ? error.message : String(error)));
    }
  }

  private handle(error: unknown): void {
    if (error instanceof GitLabError && error.kind === 'unauthorized') this.session.reportUnauthorized(error);
    this.log.error('Notification level', error);
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }
}
