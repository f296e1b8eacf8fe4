import * as vscode from 'vscode';
import * as plainWindow from '../plainWindow';
import { AccountChanged, errorText } from '../../app/settings/errorInfo';
import { instanceHost } from '../../app/instance';
import { localZone, type TimeZone } from '../../app/calendar';
import type { ActiveAccount } from '../../app/activeAccount';
import type { AccountKey } from '../../app/accountKey';
import type { Disposable } from '../../app/emitter';
import { sentenceName } from '../../app/settings/scopeCatalog';
import { levelLabel } from '../../app/settings/shared/labels';
import type { ScopeEntry } from '../../app/settings/shared/protocol';
import { sameScopeNamed } from '../../app/settings/shared/scopes';
import {
  formatSnoozeEnd, snoozeScope, type Clock, type Snooze,
  SnoozeError, SnoozeScheduler,
} from '../../app/settings/snooze';
import type { SettingsSnoozes } from '../../app/settings/settingsRequestHandler';
import type { NotificationSetting } from '../../gitlab';
import { COMMANDS } from '../../ids';
import type { Failures } from '../failures';
import type { Shell } from '../shell';
import { pickSnoozeEnd } from '../snoozeEndPick';
import type { NotificationSettings } from './notificationSettings';
import { askForScope, knownScopes, scopeItems, type ScopeItem, type ScopeSources } from './scopeChoices';
import { displayLocalize } from '../displayLanguage';

/** "Snooze Notifications…" and "End Snooze", and what the person is told when a snooze ends. */
export class SnoozeCommands implements Disposable {
  private readonly endings: Disposable;

  constructor(
    private readonly scheduler: SnoozeScheduler,
    private readonly sources: ScopeSources,
    private readonly clock: Clock,
    private readonly zone: () => TimeZone,
    /** The active account: the one whose client the next request goes through. */
    private readonly account: Pick<ActiveAccount, 'instanceUrl' | 'accountKey'>,
    private readonly failures: Pick<Failures, 'report'>,
  ) {
    this.endings = scheduler.onDidEnd((ending) => {
      if (ending.kind === 'restored') this.restored(ending.snooze, ending.setting);
      else if (ending.kind === 'changedElsewhere') this.changedElsewhere(ending.snooze, ending.current);
      else this.unclaimed(ending.snooze, ending.account);
    });
  }

  dispose(): void {
    this.endings.dispose();
  }

  /** The end of a snooze as the status bar shows it (`14:00`, or with the day). */
  formatEnd(until: number): string {
    return formatSnoozeEnd(until, this.clock.now(), this.zone(), displayLocalize());
  }

  async snooze(): Promise<void> {
    const scheduler = this.scheduler;
    // The scopes offered are this account's: the snooze is its own, whoever is signed in when the end is chosen.
    const maker = this.account.accountKey;
    const entry = await this.pickScope(scheduler);
    if (!entry) return;
    const name = sentenceName(entry, vscode.l10n.t);
    const until = await this.pickEnd(name);
    if (until === undefined) return;
    const instanceUrl = this.account.instanceUrl;
    try {
      await scheduler.snooze(snoozeScope(entry), name, until, maker);
      void plainWindow.showInformationMessage(vscode.l10n.t('Notifications for {0} are muted until {1}.', name, this.formatEnd(until)));
    } catch (error) {
      if (error instanceof AccountChanged) return void plainWindow.showInformationMessage(
        vscode.l10n.t('Nothing was snoozed: {0} was chosen for an account on {1} that is not the one in use now.', name, instanceHost(instanceUrl)));
      if (error instanceof SnoozeError) {
        const text = error.message === 'already muted'
          ? vscode.l10n.t('Notifications for {0} are already muted; there is nothing to snooze.', name)
          : vscode.l10n.t('Cannot snooze {0}: {1}.', name, error.message);
        void plainWindow.showInformationMessage(text);
        return;
      }
      this.failures.report(error, instanceUrl, 'Snooze', vscode.l10n.t('Could not snooze {0}: {1}', name, errorText(error)));
    }
  }

  async endSnooze(): Promise<void> {
    const scheduler = this.scheduler;
    const snoozes = scheduler.list();
    if (snoozes.length === 0) {
      void plainWindow.showInformationMessage(vscode.l10n.t('Nothing is snoozed.'));
      return;
    }
    let snooze: Snooze | undefined = snoozes[0];
    if (snoozes.length > 1) {
      const pick = await plainWindow.showQuickPick(snoozes.map((s) => ({ label: s.name, description: vscode.l10n.t('until {0}', this.formatEnd(s.until)), snooze: s })), {
        title: vscode.l10n.t('End Snooze'),
        placeHolder: vscode.l10n.t('Which snooze to end now'),
      });
      snooze = pick?.snooze;
    }
    if (!snooze) return;
    const instanceUrl = this.account.instanceUrl;
    try {
      await scheduler.end(snooze.scope);
    } catch (error) {
      this.failures.report(error, instanceUrl, 'Snooze', vscode.l10n.t('Could not end the snooze of {0}: {1}', snooze.name, errorText(error)));
    }
  }

  private restored(snooze: Snooze, setting: NotificationSetting): void {
    void plainWindow.showInformationMessage(vscode.l10n.t('Snooze ended: notifications for {0} are back to {1}.',
      snooze.name, levelLabel(setting.level, vscode.l10n.t)));
  }

  private changedElsewhere(snooze: Snooze, current: NotificationSetting): void {
    const restore = vscode.l10n.t('Restore {0}', levelLabel(snooze.previous.level, vscode.l10n.t));
    void plainWindow.showWarningMessage(
      vscode.l10n.t('The snooze of {0} has ended, but its level was changed to {1} meanwhile, so it was left as it is.',
        snooze.name, levelLabel(current.level, vscode.l10n.t)),
      restore,
    ).then(async (answer) => {
      if (answer !== restore) return;
      const instanceUrl = this.account.instanceUrl;
      try {
        await this.scheduler.restoreAnyway(snooze);
      } catch (error) {
        // The snooze is its maker's: another account in use now (signed in over it, or another instance active).
        if (error instanceof AccountChanged) {
          void plainWindow.showInformationMessage(vscode.l10n.t('Nothing was restored: the snooze of {0} was made by an account on {1} that is not the one in use now.',
            snooze.name, instanceHost(snooze.instance)));
          return;
        }
        this.failures.report(error, instanceUrl, 'Snooze', vscode.l10n.t('Could not restore {0}: {1}', snooze.name, errorText(error)));
      }
    });
  }

  /**
   * A snooze an earlier version made, naming no one, has ended: the person signed in now is asked, never assumed, to
   * be the one who made it. Their answer is theirs only: another account in use by then gets nothing (`claim`).
   */
  private unclaimed(snooze: Snooze, account: AccountKey): void {
    const restore = vscode.l10n.t('Restore {0}', levelLabel(snooze.previous.level, vscode.l10n.t));
    const forget = vscode.l10n.t('Forget It');
    const instanceUrl = this.account.instanceUrl;
    void plainWindow.showWarningMessage(
      vscode.l10n.t('The snooze of {0} has ended. An earlier version of this extension made it without recording whose it was, so nothing was given back. Restore its level in your settings on {1}?',
        snooze.name, instanceHost(instanceUrl)),
      restore, forget,
    ).then(async (answer) => {
      try {
        if (answer === restore) {
          const setting = await this.scheduler.claim(snooze, account);
          this.restored(snooze, setting);
        } else if (answer === forget) await this.scheduler.discard(snooze);
      } catch (error) {
        this.failures.report(error, instanceUrl, 'Snooze', vscode.l10n.t('Could not restore {0}: {1}', snooze.name, errorText(error)));
      }
    });
  }

  /** The settings editor's list, named as it names them; a snoozed scope says until when. */
  private async pickScope(scheduler: SnoozeScheduler): Promise<ScopeEntry | undefined> {
    type Item = ScopeItem & { other?: 'group' | 'project' };
    const snoozes = scheduler.list();
    const snoozedUntil = (entry: ScopeEntry): string | undefined => {
      const snooze = snoozes.find((s) => sameScopeNamed({ scope: s.scope }, entry));
      return snooze ? vscode.l10n.t('snoozed until {0}', this.formatEnd(snooze.until)) : undefined;
    };
    // Shown at once, busy while the user's groups are listed (the first time).
    const items = knownScopes(this.sources).then((entries): Item[] => [
      ...scopeItems(entries).map((item) => (item.entry ? { ...item, detail: snoozedUntil(item.entry) } : item)),
      { label: '', kind: vscode.QuickPickItemKind.Separator },
      { label: vscode.l10n.t('Other Group…'), other: 'group' }, { label: vscode.l10n.t('Other Project…'), other: 'project' },
    ]);
    const pick = await plainWindow.showQuickPick(items, {
      title: vscode.l10n.t('Snooze Notifications'),
      placeHolder: vscode.l10n.t('What to mute for a while'),
      matchOnDescription: true,
      // A step of several (as in VS Code's multi-step input): opened from the palette over the settings editor, the
      // focus the workbench hands back to the webview arrives after the pick has opened, and would close it.
      ignoreFocusOut: true,
    });
    if (!pick?.other) return pick?.entry;
    const typed = await askForScope(pick.other, pick.label);
    return typed && this.sources.catalog.named(typed.scope, typed.path);
  }

  private pickEnd(name: string): Promise<number | undefined> {
    return pickSnoozeEnd({
      clock: this.clock, zone: this.zone(), title: vscode.l10n.t('Snooze {0}', name), placeHolder: vscode.l10n.t('Muted until when'),
      presets: ['hour', 'tomorrow'],
    });
  }
}


/** Snoozes as the status bar and the settings editor use them: listed, ended, announced and their end worded. */
export type Snoozes = SettingsSnoozes;

/** "Snooze Notifications…" and "End Snooze", and the scheduler that ends snoozes on time. */
export function registerSnooze(
  context: vscode.ExtensionContext, { account, failures, log, clock }: Shell, { levels, sources }: NotificationSettings,
): Snoozes {
  const scheduler = new SnoozeScheduler(levels, context.globalState, clock, account, (line) => log.info(line));
  // The commands tell the person how each snooze ended (the scheduler's onDidEnd).
  const commands = new SnoozeCommands(scheduler, sources, clock, localZone, account, failures);
  context.subscriptions.push(
    scheduler, commands,
    // Ends that passed while VS Code was closed or signed out.
    account.onDidChange(() => void scheduler.check()),
    vscode.commands.registerCommand(COMMANDS.snoozeNotifications, () => commands.snooze()),
    vscode.commands.registerCommand(COMMANDS.endSnooze, () => commands.endSnooze()),
  );
  return {
    list: () => scheduler.list(), end: (scope) => scheduler.end(scope), onDidChange: scheduler.onDidChange,
    formatEnd: (until) => commands.formatEnd(until),
  };
}
