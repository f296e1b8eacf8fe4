import * as vscode from 'vscode';
import { accountGoneMessage, type AccountGone } from '../../app/actionAccount';
import { errorText } from '../../app/settings/errorInfo';
import type { NotificationSettingsService } from '../../app/settings/notificationSettingsService';
import type { LevelInForce } from '../../app/settings/shared/levelChain';
import type { ScopeRef } from '../../app/settings/shared/scopes';
import type { SubscriptionAccount, SubscriptionService } from '../../app/subscriptions/subscriptionService';
import { isThing, subscriptionTarget, thingFromCatchUp, thingFromEvent, thingFromSubscription, thingFromTodo, thingReference, type Thing } from '../../app/subscriptions/thing';
import type { SubscriptionRow } from './subscriptionView';
import { whyNotifiedAbout, type WhyFacts } from '../../app/subscriptions/whyNotified';
import { plainLine, truncate } from '../../app/plainText';
import type { ThingAddress } from '../../gitlab/thingSubscription';
import { COMMANDS } from '../../ids';
import type { ActivityNode } from '../activity/nodes';
import * as plainWindow from '../plainWindow';
import { rowLost } from '../lists/rowCommands';
import type { Shell } from '../shell';
import type { NotificationSettings } from '../settings/notificationSettings';
import type { TodoRow } from '../todos/todoView';
import type { CatchUpRow } from '../catchUp/catchUpView';
import { displayLocalize } from '../displayLanguage';

const t = displayLocalize();

/**
 * How a change made here is made: the Subscriptions list's own way (`SubscriptionService`), so the account it belongs
 * to, the row that leaves or comes back and the counts read again are the same as for the list's rows.
 */
export type ThingSubscriptions = Pick<SubscriptionService, 'accountAt' | 'accountNow' | 'setThing'>;

/**
 * "Why Am I Notified About This?" and "Unsubscribe" on any row that names a thing: an Activity event, a to-do, a
 * Catch Up row, or a `Thing` another view passes. Both go to the thing's own account, the one signed in there when the command started
 * (its Undo does nothing for another); the level in force is the active account's to read (the status bar's
 * service), so for another instance it is said as not read.
 */
export function registerThingCommands(context: vscode.ExtensionContext, shell: Shell, { levels }: NotificationSettings, subscriptions: ThingSubscriptions): void {
  const commands = new ThingCommands(shell, levels, subscriptions);
  context.subscriptions.push(
    vscode.commands.registerCommand(COMMANDS.whyNotifiedAboutThing, (arg?: unknown) => (arg === undefined ? rowLost(shell.log, COMMANDS.whyNotifiedAboutThing) : commands.whyNotified(arg))),
    vscode.commands.registerCommand(COMMANDS.unsubscribe, (arg?: unknown) => (arg === undefined ? rowLost(shell.log, COMMANDS.unsubscribe) : commands.unsubscribe(arg))),
  );
}

class ThingCommands {
  constructor(private readonly shell: Shell, private readonly levels: NotificationSettingsService, private readonly subscriptions: ThingSubscriptions) {}

  /** The thing a row (or another view) names; an event's project is looked up when not known yet. */
  private async thingOf(arg: unknown): Promise<Thing | undefined> {
    if (isThing(arg)) return arg;
    const node = arg as { type?: unknown } | undefined;
    if (isEventNode(node)) {
      const { instance } = node.source;
      const projectId = node.event.project_id;
      const directory = this.shell.directories.for(instance);
      if (typeof projectId === 'number' && !directory.get(projectId)) await directory.resolve([projectId]);
      const path = typeof projectId === 'number' ? directory.get(projectId)?.path_with_namespace : undefined;
      const thing = thingFromEvent(node.event, instance, path);
      // Which part was missing, for the log (no server text).
      if (!thing) this.shell.log.warn(`An Activity row named no thing: event ${node.event.id}, project ${projectId ?? 'none'} ${path ? 'known' : 'not known'} on ${instance}`);
      return thing;
    }
    if (isTodoRow(node)) return thingFromTodo(node.group.todos[0], node.instance);
    if (isSubscriptionRow(node) && node.item.kind !== 'label') return thingFromSubscription(node.item, node.instance);
    if (isCatchUpRow(node)) return thingFromCatchUp(node.thing, node.instance);
    this.shell.log.warn(`A row named no thing: ${typeof node?.type === 'string' ? node.type : typeof arg}`);
    return undefined;
  }

  /** The account signed in at the thing's instance now: what follows (a modal's choice, an Undo) belongs to it. */
  private accountOf(thing: Thing): SubscriptionAccount | undefined {
    const account = this.subscriptions.accountAt(thing.instance);
    if (!account) void plainWindow.showErrorMessage(t('Not signed in to {0}.', thing.instance));
    return account;
  }

  /** Nothing was done: the account that read the thing signed out, or another signed in there. */
  private sayGone(gone: AccountGone): void {
    void plainWindow.showInformationMessage(accountGoneMessage(gone, t));
  }

  async whyNotified(arg: unknown): Promise<void> {
    const thing = await this.thingOf(arg);
    if (!thing) return void plainWindow.showInformationMessage(t('This row names nothing GitLab can say more about.'));
    const account = this.accountOf(thing);
    if (!account) return;
    const facts = await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: t('Asking GitLab why…') }, () => this.facts(thing, account));
    const view = whyNotifiedAbout(facts, t);
    const where = facts.answer.ok ? facts.answer.value.containerPath : thing.projectPath ?? thing.groupPath;
    const unsubscribe = t('Unsubscribe');
    const level = where ? t('Notification Level of {0}…', where) : undefined;
    const actions = view.action === 'unsubscribe' ? [unsubscribe] : view.action === 'level' && level ? [level] : [];
    const choice = await plainWindow.showModalInformation(view.message, view.detail, ...actions);
    const { gone } = choice === unsubscribe ? this.subscriptions.accountNow(account) : {};
    if (gone) {
      this.sayGone(gone);
    } else if (choice === unsubscribe && isSubscriptionRow(arg as { type?: unknown })) {
      // The Subscriptions list's own Unsubscribe: its row leaves at once and comes back on Undo.
      await vscode.commands.executeCommand(COMMANDS.subscriptionsUnsubscribe, arg);
    } else if (choice === unsubscribe) {
      await this.unsubscribeThing(facts.answer.ok ? { ...thing, id: facts.answer.value.id, title: facts.answer.value.title } : thing, account);
    } else if (choice !== undefined && choice === level && where) {
      const scope: ScopeRef = { kind: thing.kind === 'epic' ? 'group' : 'project', id: where };
      await vscode.commands.executeCommand(COMMANDS.openNotificationSettings, scope);
    }
  }

  /** GitLab's answer and the level in force, side by side when the container is known, each failure kept as text. */
  private async facts(thing: Thing, account: SubscriptionAccount): Promise<WhyFacts> {
    const asked = account.subscriptions.getThingSubscription(addressOf(thing)).then(
      (value): WhyFacts['answer'] => ({ ok: true, value }),
      (error: unknown): WhyFacts['answer'] => {
        this.shell.failures.report(error, account.instanceUrl, 'Why am I notified about this');
        return { ok: false, error: errorText(error) };
      },
    );
    const known = thing.projectPath ?? thing.groupPath;
    const level = known ? this.level(thing, account, known) : asked.then((answer) => this.level(thing, account, answer.ok ? answer.value.containerPath : undefined));
    return { thing, answer: await asked, level: await level };
  }

  private async level(thing: Thing, account: SubscriptionAccount, path: string | undefined): Promise<WhyFacts['level']> {
    if (!path) return { ok: false, error: t('GitLab did not say where it lives.') };
    if (account.key !== this.shell.account.key) {
      return { ok: false, error: t('notification levels are read for the active account ({0}) only.', this.shell.account.instanceUrl) };
    }
    try {
      this.levels.refresh(); // an explicit question reads GitLab again, as "Why Am I Notified About This Project?" does
      const scope: ScopeRef = { kind: thing.kind === 'epic' ? 'group' : 'project', id: path };
      const value: LevelInForce = await this.levels.levelInForce(scope, { complete: true, path });
      return { ok: true, value };
    } catch (error) {
      this.shell.log.error('Why am I notified about this: the level in force', error);
      return { ok: false, error: errorText(error) };
    }
  }

  async unsubscribe(arg: unknown): Promise<void> {
    const thing = await this.thingOf(arg);
    if (!thing) return void plainWindow.showInformationMessage(t('This row names nothing GitLab can say more about.'));
    const account = this.accountOf(thing);
    if (account) await this.unsubscribeThing(thing, account);
  }

  /**
   * Unsubscribe the list's way, for `account` (the one that read the thing), then a message with Undo (subscribe
   * again, for that account only); a refusal in the client's words.
   */
  private async unsubscribeThing(thing: Thing, account: SubscriptionAccount): Promise<void> {
    const name = nameOf(thing);
    let target = subscriptionTarget(thing);
    try {
      // An epic known by its group and iid is changed by its work item's ID: asked first.
      if (!target) target = subscriptionTarget({ ...thing, id: (await account.subscriptions.getThingSubscription(addressOf(thing))).id });
      if (!target) throw new Error(t('GitLab did not say how to address it.'));
    } catch (error) {
      this.shell.failures.report(error, account.instanceUrl, 'Unsubscribe', t('Could not unsubscribe from {0}: {1}', name, errorText(error)));
      return;
    }
    const change = { kind: thing.kind, iid: thing.iid, path: thing.projectPath ?? thing.groupPath, target };
    const done = await this.subscriptions.setThing(account, change, false);
    if (done.gone) return this.sayGone(done.gone);
    if (done.failure) {
      this.shell.failures.report(done.failure, account.instanceUrl, 'Unsubscribe', t('Could not unsubscribe from {0}: {1}', name, errorText(done.failure)));
      return;
    }
    const undo = t('Undo');
    if ((await plainWindow.showInformationMessage(t('Unsubscribed from {0}.', name), undo)) !== undo) return;
    const again = await this.subscriptions.setThing(account, change, true);
    if (again.gone) return this.sayGone(again.gone);
    if (again.failure) {
      this.shell.failures.report(again.failure, account.instanceUrl, 'Subscribe again', t('Could not subscribe to {0} again: {1}', name, errorText(again.failure)));
      return;
    }
    void plainWindow.showInformationMessage(t('Subscribed to {0} again.', name));
  }
}

/** `acme/website#12 "Crash on save"`: the title is server text, one plain line, cut. */
function nameOf(thing: Thing): string {
  const reference = thingReference(thing);
  return thing.title ? t('{0} "{1}"', reference, truncate(plainLine(thing.title), 80)) : reference;
}

const isEventNode = (node: { type?: unknown } | undefined): node is ActivityNode & { type: 'event' } =>
  node?.type === 'event' && typeof (node as { source?: unknown }).source === 'object' && typeof (node as { event?: unknown }).event === 'object';
const isSubscriptionRow = (node: { type?: unknown } | undefined): node is SubscriptionRow & { type: 'subscription' } =>
  node?.type === 'subscription' && typeof (node as { instance?: unknown }).instance === 'string';
const isCatchUpRow = (node: { type?: unknown } | undefined): node is CatchUpRow =>
  node?.type === 'catchUpThing' && typeof (node as { instance?: unknown }).instance === 'string' && typeof (node as { thing?: unknown }).thing === 'object';
const isTodoRow = (node: { type?: unknown } | undefined): node is TodoRow & { type: 'todo' } =>
  node?.type === 'todo' && typeof (node as { instance?: unknown }).instance === 'string' && Array.isArray((node as { group?: { todos?: unknown } }).group?.todos);

function addressOf(thing: Thing): ThingAddress {
  if (thing.kind !== 'epic') return { kind: thing.kind, projectPath: thing.projectPath ?? '', iid: thing.iid };
  return thing.groupPath ? { kind: 'epic', groupPath: thing.groupPath, iid: thing.iid } : { kind: 'epic', id: thing.id ?? '' };
}
