import * as vscode from 'vscode';
import * as plainWindow from '../plainWindow';
import { errorText } from '../../app/settings/errorInfo';
import { levelInForceLabel, snoozedView, statusBarView } from '../../app/settings/effectiveLevel';
import type { LevelInForce } from '../../app/settings/shared/levelChain';
import type { NotificationSettingsService } from '../../app/settings/notificationSettingsService';
import { levelPickEntries } from '../../app/settings/levelPick';
import { isNotificationLevel, type Scope } from '../../gitlab';
import { snoozeInForce } from '../../app/settings/snooze';
import { COMMANDS, SETTINGS_SECTION, STATUS_BAR_ITEMS } from '../../ids';
import type { StatusBarScope } from '../workspace';
import type { ActiveAccount } from '../../app/activeAccount';
import { countLines, countUnavailableLine } from '../../app/subscriptions/countWording';
import type { SubscriptionCountCache } from '../../app/subscriptions/subscriptionCounts';
import { scopeKey } from '../../app/settings/shared/scopes';
import type { Failures } from '../failures';
import type { NotificationSettings } from '../settings/notificationSettings';
import type { Snoozes } from '../settings/snoozeCommands';
import type { Shell } from '../shell';
import { displayLocalize } from '../displayLanguage';

/**
 * `$(bell) <Level>` for the scope in force; click for a quick pick of levels, Mute/Unmute and the editor.
 * Hidden while signed out; follows every level change the service announces, whoever made it.
 */
export class NotificationStatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem(STATUS_BAR_ITEMS.notificationLevel, vscode.StatusBarAlignment.Right, 100);
  private readonly disposables: vscode.Disposable[];
  /** The shown scope and its level in force; the first link of the chain is the scope's own level. */
  private current?: { scope: Scope; name: string; inForce: LevelInForce; counts?: string[] };
  /** The active account's counts of explicit subscriptions, followed for their changes. */
  private countSource?: { cache: SubscriptionCountCache; listener: vscode.Disposable };
  /** Counts loads, so only the newest one is shown when changes come quickly. */
  private generation = 0;

  constructor(
    private readonly account: Pick<ActiveAccount, 'signedIn' | 'instanceUrl' | 'onDidChange' | 'subscriptionCounts'>,
    private readonly scopes: Pick<StatusBarScope, 'resolve'>,
    private readonly levels: NotificationSettingsService,
    private readonly failures: Pick<Failures, 'report'>,
    /** The end of a snooze that mutes the shown scope now (`14:00`), if any. */
    private readonly snoozedUntil?: (scope: Scope, inForce: LevelInForce) => string | undefined,
  ) {
    this.item.name = vscode.l10n.t('GitLab Notification Level');
    this.item.command = COMMANDS.setNotificationLevel;
    // Any change can move the level in force: the scope's own, one of its groups', or the global one.
    this.disposables = [this.item, account.onDidChange(() => void this.refresh()), levels.onDidChange(() => void this.load(true))];
  }

  /**
   * Reads the level of the scope in force afresh (after activation; never blocks it). Every call starts its own load,
   * and the newest one is shown: a refresh asked for while another is under way (the account changed mid-read) must
   * not be answered with the older one's scope.
   */
  refresh(): Promise<void> {
    return this.load(false);
  }

  /**
   * `follow`: after a change, through the owner's cache (which already follows it), keeping what is shown on a failure.
   * The scope is resolved each time (a few file reads), so a change during a refresh cannot bring back the old scope.
   */
  private async load(follow: boolean): Promise<void> {
    if (!this.account.signedIn) {
      this.current = undefined;
      this.countSource?.listener.dispose();
      this.countSource = undefined;
      return this.item.hide();
    }
    if (follow && !this.current) return;
    const generation = ++this.generation;
    const instanceUrl = this.account.instanceUrl;
    try {
      const { scope, name } = await this.scopes.resolve();
      if (!follow) this.levels.refresh();
      // The whole chain, so the tooltip says why, as "Why am I notified?" does.
      const inForce = await this.levels.levelInForce(scope, { complete: true });
      if (generation !== this.generation) return;
      // The same scope keeps its counts while they are read again (no flicker); another scope starts without.
      const counts = this.current && scopeKey(this.current.scope) === scopeKey(scope) ? this.current.counts : undefined;
      this.current = { scope, name, inForce, counts };
      this.render();
      void this.loadCounts();
    } catch (error) {
      if (generation !== this.generation) return;
      // `instanceUrl`: the active instance when the request started, whose client was refused.
      this.failures.report(error, instanceUrl, 'Notification level');
      if (follow) return;
      this.item.text = '$(bell) ?';
      this.item.tooltip = vscode.l10n.t('GitLab notification level unavailable: {0}', errorText(error));
      this.item.show();
    }
  }

  /** Shows the last level again (also when a snooze starts or ends; its level change comes through the service). */
  render(): void {
    if (!this.current) return;
    const plain = statusBarView(this.current.name, this.current.inForce, displayLocalize(), this.current.counts);
    const until = this.snoozedUntil?.(this.current.scope, this.current.inForce);
    const view = until ? snoozedView(plain, until, displayLocalize()) : plain;
    this.item.text = view.text;
    this.item.tooltip = view.tooltip;
    this.item.accessibilityInformation = { label: view.tooltip };
    this.item.show();
  }

  /**
   * The explicit subscriptions of the shown scope, which e-mail whatever the level, under the tooltip's chain: their
   * count, or a calm note where GitLab cannot count them, never a number GitLab cannot vouch for. Read again when the
   * account's counts change (a subscription changed).
   */
  private async loadCounts(): Promise<void> {
    const current = this.current;
    const cache = this.account.subscriptionCounts;
    if (this.countSource?.cache !== cache) {
      this.countSource?.listener.dispose();
      this.countSource = cache && { cache, listener: cache.onDidChange(() => void this.loadCounts()) };
    }
    if (!current || !cache) return;
    let lines: string[];
    try {
      lines = countLines(current.scope, await cache.count(current.scope), displayLocalize());
    } catch (error) {
      const note = countUnavailableLine(error, displayLocalize());
      lines = note ? [note] : [];
    }
    if (this.current !== current) return;
    current.counts = lines;
    this.render();
  }

  /** The quick pick behind the item and "GitLab: Set Notification Level…". */
  async pickLevel(): Promise<void> {
    if (!this.current) await this.refresh();
    const current = this.current;
    if (!current) return;
    const own = current.inForce.chain[0].level;
    const inForce = levelInForceLabel(current.inForce, displayLocalize());
    type Pick = plainWindow.PlainItem & { level?: string; action?: 'mute' | 'editor' };
    const levelBeforeMute = this.levels.levelAfterUnmute(current.scope);
    const items: Pick[] = levelPickEntries({ own, scopeKind: current.scope.kind, inForce, levelBeforeMute }, displayLocalize())
      .map(({ separator, ...entry }) => (separator ? { label: '', kind: vscode.QuickPickItemKind.Separator } : entry));
    const choice = await plainWindow.showQuickPick(items, {
      title: vscode.l10n.t('GitLab notification level for {0}', current.name),
      placeHolder: vscode.l10n.t('Current: {0}', inForce),
    });
    const level = choice?.level;
    if (choice?.action === 'mute') await this.toggleMute();
    else if (choice?.action === 'editor') await vscode.commands.executeCommand(COMMANDS.openNotificationSettings, current.scope);
    else if (level !== own && isNotificationLevel(level)) await this.change(() => this.levels.setLevel(current.scope, level));
  }

  /** Muted: back to the level before the mute; else `disabled`, remembering the level it leaves. */
  async toggleMute(): Promise<void> {
    if (!this.current) await this.refresh();
    const current = this.current;
    if (!current) return;
    const muted = current.inForce.chain[0].level === 'disabled';
    await this.change(() => (muted ? this.levels.unmute(current.scope) : this.levels.setLevel(current.scope, 'disabled')));
  }

  private async change(run: () => Promise<unknown>): Promise<void> {
    const instanceUrl = this.account.instanceUrl;
    try {
      await run();
    } catch (error) {
      this.failures.report(error, instanceUrl, 'Notification level', vscode.l10n.t('Could not change the notification level: {0}', errorText(error)));
    }
  }

  dispose(): void {
    this.countSource?.listener.dispose();
    for (const d of this.disposables) d.dispose();
  }
}

/** The notification level's status bar item, Set Notification Level… and Mute/Unmute; a snooze shows its end. */
export function registerStatusBar(
  context: vscode.ExtensionContext, { account, failures }: Shell, { levels, statusBarScope }: NotificationSettings, snoozes: Snoozes,
): void {
  const statusBar = new NotificationStatusBar(account, statusBarScope, levels, failures, (scope, inForce) => {
    const snooze = snoozeInForce(scope, inForce, snoozes.list());
    return snooze && snoozes.formatEnd(snooze.until);
  });
  context.subscriptions.push(
    statusBar,
    snoozes.onDidChange(() => statusBar.render()),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration(`${SETTINGS_SECTION}.statusBar.scope`)) void statusBar.refresh();
    }),
    vscode.commands.registerCommand(COMMANDS.setNotificationLevel, () => statusBar.pickLevel()),
    vscode.commands.registerCommand(COMMANDS.toggleMute, () => statusBar.toggleMute()),
  );
}
