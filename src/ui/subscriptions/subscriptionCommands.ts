import * as vscode from 'vscode';
import { accountGoneMessage, type AccountGone } from '../../app/actionAccount';
import { instanceHost } from '../../app/instance';
import { keepPlainMessages } from '../../app/localize';
import { inert } from '../../app/plainText';
import { kindPlural, validPlace, type SubscriptionFilter, type SubscriptionStateFilter } from '../../app/subscriptions/subscriptionFilter';
import { subscriptionPage, type SubscriptionItem } from '../../app/subscriptions/subscriptionItems';
import type { SubscriptionAccount, SubscriptionOutcome, SubscriptionService } from '../../app/subscriptions/subscriptionService';
import { subscriptionActionFailure, thingCount } from '../../app/subscriptions/subscriptionWords';
import { SUBSCRIPTION_KINDS, type SubscriptionKind } from '../../gitlab/subscriptionTypes';
import { COMMANDS } from '../../ids';
import type { FilterChoice } from '../lists/listFilter';
import { openOnInstance, rowLost, rowOfType } from '../lists/rowCommands';
import type { Log } from '../log';
import * as plainWindow from '../plainWindow';
import type { Session } from '../session';
import type { SubscriptionRow } from './subscriptionView';
import { displayCount, displayLocalize } from '../displayLanguage';

type ThingRow = SubscriptionRow & { type: 'subscription' };
const isRow = rowOfType<SubscriptionRow, 'subscription'>('subscription');

/** A row's name in messages: its reference (a label's name), else its title. */
const itemName = (item: SubscriptionItem): string => (item.kind === 'label' ? item.name : item.reference || item.title);

export interface SubscriptionCommandDeps {
  service: SubscriptionService;
  filters: FilterChoice<SubscriptionFilter>;
  session: Pick<Session, 'urlOf'>;
  /** The rows selected in the view, for a command run from the palette or a key. */
  selection(): ThingRow[];
  log: Pick<Log, 'info'>;
}

/**
 * The Subscriptions list's commands: open, Unsubscribe (a row or a selection) and Unsubscribe from All Closed, each
 * with Undo, the filter. Each action goes one way, through the service, which moves the rows out at once and puts
 * back what GitLab refused; the command says why in words that say what to do. A confirmation and an Undo act for
 * the account that read their rows, never for one signed in since: then they do nothing, and say so.
 */
export function registerSubscriptionCommands({ service, filters, session, selection, log }: SubscriptionCommandDeps): vscode.Disposable[] {
  const t = keepPlainMessages(displayLocalize());
  const urlOfInstance = (instance: string): string => session.urlOf(instance) ?? instance;

  /** `outcome`'s failure said; true when every item changed. */
  function say(outcome: SubscriptionOutcome, subscribe: boolean): boolean {
    if (outcome.gone) sayGone([outcome.gone]);
    if (!outcome.failure) return !outcome.gone;
    void plainWindow.showErrorMessage(subscriptionActionFailure(subscribe, outcome.failure, t));
    return false;
  }

  /** Accounts gone since they read what an action was for: calmly, once each. */
  function sayGone(gone: readonly AccountGone[]): void {
    for (const text of new Set(gone.map((entry) => accountGoneMessage(entry, t)))) void plainWindow.showInformationMessage(text);
  }

  /** The clicked row, or with a selection that holds it, every selected row. */
  function rowsOf(node: unknown, selected: unknown): ThingRow[] {
    const many = Array.isArray(selected) ? selected.filter(isRow) : [];
    if (isRow(node)) return many.some((row) => row.item === node.item) ? many : [node];
    return many.length > 0 ? many : selection();
  }

  async function unsubscribe(node: unknown, selected: unknown): Promise<void> {
    const rows = rowsOf(node, selected);
    if (rows.length === 0 && node === undefined) return rowLost(log, COMMANDS.subscriptionsUnsubscribe);
    const byInstance = new Map<string, SubscriptionItem[]>();
    for (const row of rows) byInstance.set(row.instance, [...(byInstance.get(row.instance) ?? []), row.item]);
    const done: Array<{ account: SubscriptionAccount; items: SubscriptionItem[] }> = [];
    await Promise.all([...byInstance].map(async ([instance, items]) => {
      const outcome = await service.unsubscribe(instance, items);
      say(outcome, false);
      if (outcome.account && outcome.changed.length > 0) done.push({ account: outcome.account, items: outcome.changed });
    }));
    const changed = done.flatMap((entry) => entry.items);
    if (changed.length === 0) return;
    const name = changed.length === 1 ? itemName(changed[0]) : thingCount(changed.length, t);
    const undo = vscode.l10n.t('Undo');
    if ((await plainWindow.showInformationMessage(vscode.l10n.t('Unsubscribed from {0}.', name), undo)) !== undo) return;
    for (const { account, items } of done) say(await service.resubscribe(account, items), true);
  }

  /** Every closed or merged thing of every account, loaded or not: read, confirmed with its count, then out at once. */
  async function unsubscribeAllClosed(): Promise<void> {
    // Cancel ends the action: nothing is asked, nothing changes.
    const controller = new AbortController();
    const found = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Looking for closed things you are subscribed to…'), cancellable: true },
      (_progress, token) => {
        token.onCancellationRequested(() => controller.abort());
        return service.findClosed(controller.signal);
      },
    ).then((value) => value, (error: unknown) => {
      if (!controller.signal.aborted) {
        void plainWindow.showErrorMessage(vscode.l10n.t('Could not read your closed subscriptions: {0}', error instanceof Error ? error.message : String(error)));
      }
      return undefined;
    });
    if (!found || controller.signal.aborted) return;
    const skipped = [...new Set(found.accounts.flatMap((account) => account.skipped.map((entry) => entry.reason)))];
    // Some listing was not read to its end (a bound, a server that would not end one): more may remain.
    const cut = found.accounts.some((account) => account.cut);
    const signedOut = found.signedOut.length > 0
      ? [vscode.l10n.t('Signed out of {0} while reading: nothing changes there.', found.signedOut.map((key) => instanceHost(urlOfInstance(key))).join(', '))] : [];
    if (found.count === 0) {
      const none = cut ? vscode.l10n.t('Nothing closed or merged was found in what was read, but more may remain: run it again to read on.')
        : vscode.l10n.t('You are not subscribed to anything closed or merged.');
      // Every account signed out while it was read: only that is said.
      const read = found.accounts.length > 0 || signedOut.length === 0 ? [none] : [];
      void plainWindow.showInformationMessage([...read, ...skipped, ...signedOut].join(' '));
      return;
    }
    const confirm = vscode.l10n.t('Unsubscribe');
    const more = cut ? ` ${vscode.l10n.t('More may remain: run it again afterwards.')}` : '';
    const left = skipped.length > 0 ? ` ${vscode.l10n.t('Not included: {0}', skipped.join(' '))}` : '';
    const question = vscode.l10n.t('Unsubscribe from {0} closed or merged issues, merge requests and epics? They stop e-mailing you; Undo subscribes again.', displayCount(found.count))
      + more + left + signedOut.map((line) => ` ${line}`).join('');
    if ((await plainWindow.showWarningMessage(question, confirm)) !== confirm) return;
    const outcome = await service.unsubscribeClosed(found);
    sayGone(outcome.gone);
    if (outcome.failures.length > 0) void plainWindow.showErrorMessage(subscriptionActionFailure(false, outcome.failures[0], t));
    if (outcome.count === 0) return;
    const undo = vscode.l10n.t('Undo');
    const done = vscode.l10n.t('Unsubscribed from {0}.', thingCount(outcome.count, t))
      + (cut ? ` ${vscode.l10n.t('More may remain: run Unsubscribe from All Closed again.')}` : '');
    if ((await plainWindow.showInformationMessage(done, undo)) !== undo) return;
    const { failures, gone } = await service.undoClosed(outcome.undoable);
    sayGone(gone);
    if (failures.length > 0) void plainWindow.showErrorMessage(subscriptionActionFailure(true, failures[0], t));
  }

  async function open(node: unknown): Promise<void> {
    if (!isRow(node)) return;
    const { item } = node;
    const instanceUrl = urlOfInstance(node.instance);
    // Only a page of the account's own instance is opened.
    await openOnInstance(subscriptionPage(item, instanceUrl), instanceUrl, (host) => vscode.l10n.t('This subscription has no page on {0} to open.', host));
  }

  async function filter(): Promise<void> {
    const current = filters.filter;
    const choice = await plainWindow.showQuickPick([
      { label: vscode.l10n.t('Kind'), description: current.kind ? kindPlural(current.kind, t) : vscode.l10n.t('all'), value: 'kind' as const },
      { label: vscode.l10n.t('State'), description: stateLabel(current.state), value: 'state' as const },
      { label: vscode.l10n.t('Project or group'), description: current.place ? inert(current.place) : vscode.l10n.t('all'), value: 'place' as const },
    ], { title: vscode.l10n.t('Filter Subscriptions') });
    if (!choice) return;
    if (choice.value === 'kind') {
      const kinds: Array<SubscriptionKind | undefined> = [undefined, ...SUBSCRIPTION_KINDS];
      const pick = await plainWindow.showQuickPick(kinds.map((value) => ({ label: value ? kindPlural(value, t) : vscode.l10n.t('All kinds'), value })),
        { title: vscode.l10n.t('Subscriptions of which kind') });
      if (pick) await filters.set(current.with({ kind: pick.value ?? null }));
    } else if (choice.value === 'state') {
      const states: SubscriptionStateFilter[] = ['all', 'open', 'closed'];
      const pick = await plainWindow.showQuickPick(states.map((state) => ({ label: stateLabel(state), state })), { title: vscode.l10n.t('Subscriptions in which state') });
      if (pick) await filters.set(current.with({ state: pick.state }));
    } else {
      const place = await plainWindow.showInputBox({
        title: vscode.l10n.t('Subscriptions in which project or group'), value: current.place ?? '',
        prompt: vscode.l10n.t('A full path, as group/subgroup/project; empty for all.'),
        validateInput: (value) => (value.trim() === '' || validPlace(value) ? undefined : vscode.l10n.t('Not a project or group path.')),
      });
      if (place !== undefined) await filters.set(current.with({ place: place.trim() || null }));
    }
  }

  function stateLabel(state: SubscriptionStateFilter): string {
    switch (state) {
      case 'all': return vscode.l10n.t('Open and closed');
      case 'open': return vscode.l10n.t('Open');
      case 'closed': return vscode.l10n.t('Closed or merged');
    }
  }

  return [
    vscode.commands.registerCommand(COMMANDS.subscriptionsRefresh, () => service.refresh()),
    vscode.commands.registerCommand(COMMANDS.subscriptionsOpen, (node?: unknown) => open(node)),
    vscode.commands.registerCommand(COMMANDS.subscriptionsUnsubscribe, (node?: unknown, selected?: unknown) => unsubscribe(node, selected)),
    vscode.commands.registerCommand(COMMANDS.subscriptionsUnsubscribeAllClosed, () => unsubscribeAllClosed()),
    vscode.commands.registerCommand(COMMANDS.subscriptionsFilter, () => filter()),
    vscode.commands.registerCommand(COMMANDS.subscriptionsClearFilters, () => filters.set(filters.filter.with({ kind: null, state: 'all', place: null }))),
  ];
}
