import * as vscode from 'vscode';
import { errorText } from '../../app/settings/errorInfo';
import { levelInForceLabel, snoozedView, statusBarView, type LevelInForce } from '../../app/settings/effectiveLevel';
import type { NotificationSettingsService } from '../../app/settings/notificationSettingsService';
import { LEVEL_ORDER, levelLabel, scopeName } from '../../app/settings/shared/labels';
import { GitLabError, isNotificationLevel, type NotificationSetting, type Scope } from '../../gitlab';
import { COMMANDS, STATUS_BAR_ITEMS } from '../../ids';
import { workspaceProjectPaths } from '../activity/workspaceProjects';
import type { ExtensionConfig } from '../config';
import type { Session } from '../session';
import type { Log } from '../log';

/**
 * `auto`: the workspace's GitLab project when a git remote points at the active instance, else global; or always
 * global. The active instance is the one the remotes name, when signed in there.
 */
export class StatusBarScope {
  constructor(private readonly config: () => ExtensionConfig, private readonly instanceUrl: () => string = () => config().instanceUrl) {}

  /** The scope in force and its name for people. */
  async resolve(): Promise<{ scope: Scope; name: string }> {
    const config = this.config();
    const [project] = config.statusBarScope === 'auto' ? await workspaceProjectPaths(this.instanceUrl()) : [];
    const scope: Scope = project ? { kind: 'project', id: project } : { kind: 'global' };
    return { scope, name: scopeName(scope, vscode.l10n.t) };
  }
}

/**
 * `$(bell) <Level>` for the scope in force; click for a quick pick of levels, Mute/Unmute and the editor.
 * Hidden while signed out; follows every level change the service announces, whoever made it.
 */
export class NotificationStatusBar implements vscode.Disposable {
  private readonly item: vscode.StatusBarItem;
  private readonly disposables: vscode.Disposable[] = [];
  /** `level` is the scope's own level; `inForce` what decides, with its chain. */
  private current?: { scope: Scope; name: string; level: string; inForce: LevelInForce };
  private refreshing?: Promise<void>;
  /** Counts resolutions, so only the newest one is shown when changes come quickly. */
  private generation = 0;

  constructor(
    private readonly session: Session,
    private readonly scopes: Pick<StatusBarScope, 'resolve'>,
    private readonly levels: NotificationSettingsService,
    private readonly log: Log,
    /** The end of a snooze that mutes the shown scope now (`14:00`), if any. */
    private readonly snoozedUntil?: (scope: Scope, inForce: LevelInForce) => string | undefined,
  ) {
    this.item = vscode.window.createStatusBarItem(STATUS_BAR_ITEMS.notificationLevel, vscode.StatusBarAlignment.Right, 100);
    this.item.name = vscode.l10n.t('GitLab Notification Level');
    this.item.command = COMMANDS.setNotificationLevel;
    // Any change can move the level in force: the scope's own, one of its groups', or the global one.
    this.disposables.push(this.item, session.onDidChange(() => void this.refresh()), this.levels.onDidChange(() => void this.load(true)));
  }

  /** Reads the level of the scope in force (after activation; never blocks it). */
  refresh(): Promise<void> {
    this.refreshing ??= this.load().finally(() => { this.refreshing = undefined; });
    return this.refreshing;
  }

  /** Reads the scope in force afresh (`refresh`), or resolves the shown scope again after a change (the owner's cache
   *  already follows it). Only the newest resolution is shown when changes come quickly. */
  private async load(follow = false): Promise<void> {
    if (!this.session.signedIn) {
      this.current = undefined;
      this.item.hide();
      return;
    }
    if (follow && !this.current) return;
    const generation = ++this.generation;
    try {
      const { scope, name } = follow && this.current ? this.current : await this.scopes.resolve();
      if (!follow) this.levels.refresh(); // an explicit refresh reads GitLab again
      // The whole chain, so the tooltip says why, as "Why am I notified?" does.
      const inForce = await this.levels.levelInForce(scope, { complete: true });
      if (generation !== this.generation) return;
      this.current = { scope, name, level: inForce.chain[0].level, inForce };
      this.render();
    } catch (error) {
      if (generation !== this.generation) return;
      this.handle(error);
      if (follow) return;
      this.item.text = '$(bell) ?';
      this.item.tooltip = vscode.l10n.t('GitLab notification level unavailable: {0}', errorText(error));
      this.item.show();
    }
  }

  /** Shows the last level again (also when a snooze starts or ends; its level change comes through the service). */
  render(): void {
    if (!this.current) return;
    const plain = statusBarView(this.current.name, this.current.inForce, vscode.l10n.t);
    const until = this.snoozedUntil?.(this.current.scope, this.current.inForce);
    const view = until ? snoozedView(plain, until, vscode.l10n.t) : plain;
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
    const inForce = levelInForceLabel(current.inForce, vscode.l10n.t);
    const items: Pick[] = levels.map((level) => ({
      label: `${level === current.level ? '$(check) ' : ''}${levelLabel(level, vscode.l10n.t)}`,
      description: level !== current.level ? undefined
        : level === 'global' ? vscode.l10n.t('current: {0}', inForce) : vscode.l10n.t('current'),
      level,
    }));
    items.push({ label: '', kind: vscode.QuickPickItemKind.Separator });
    items.push(current.level === 'disabled'
      ? { label: `$(bell) ${vscode.l10n.t('Unmute')}`, action: 'mute' }
      : { label: `$(bell-slash) ${vscode.l10n.t('Mute')}`, action: 'mute' });
    items.push({ label: `$(settings-gear) ${vscode.l10n.t('Open Notification Settings…')}`, action: 'editor' });
    const choice = await vscode.window.showQuickPick(items, {
      title: vscode.l10n.t('GitLab notification level for {0}', current.name),
      placeHolder: vscode.l10n.t('Current: {0}', inForce),
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
        errorText(error)));
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
