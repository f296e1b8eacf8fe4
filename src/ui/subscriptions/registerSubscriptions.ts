import * as vscode from 'vscode';
import type { Clock } from '../../app/snoozeTime';
import { SubscriptionFilter } from '../../app/subscriptions/subscriptionFilter';
import { SubscriptionService } from '../../app/subscriptions/subscriptionService';
import { SETTINGS, SETTINGS_SECTION, STATE_KEYS } from '../../ids';
import type { Log } from '../log';
import type { Session } from '../session';
import type { Shell } from '../shell';
import { registerSubscriptionCommands } from './subscriptionCommands';
import { SubscriptionView } from './subscriptionView';

export interface SubscriptionListDeps {
  session: Session;
  pageSize(): number;
  log: Log;
  /** Where the filter is kept (the workspace's state). */
  state: vscode.Memento;
  clock: Clock;
  /** The workspace's projects on an instance, from its git remotes. */
  workspaceProjects?(instanceUrl: string): Promise<string[]>;
}

/** The Subscriptions list's parts: its lists and actions (the service), the view drawing them, and the commands on both. */
export function createSubscriptionList({ session, pageSize, log, state, clock, workspaceProjects }: SubscriptionListDeps) {
  const service = new SubscriptionService({
    accounts: () => session.all, pageSize, log, workspaceProjects,
    // Stored data is untrusted: invalid parts are dropped, never sent.
    filter: SubscriptionFilter.deserialize(state.get(STATE_KEYS.subscriptionFilter)),
  });
  const view = new SubscriptionView(session, service, state, clock, log);
  const commands = registerSubscriptionCommands({ service, filters: view.list, session, selection: () => view.selectedRows(), log });
  // A subscription changed at GitLab: that account's counts (the status bar's, the overview's) are read again.
  const counts = service.onDidChangeSubscriptions((instance) => session.accountFor(instance)?.subscriptionCounts.invalidate());
  return { service, view, dispose: () => { counts.dispose(); vscode.Disposable.from(view, ...commands).dispose(); } };
}

/** The Subscriptions list with its commands. */
export function registerSubscriptions(context: vscode.ExtensionContext, { session, readConfig, log, clock, repositories }: Shell): SubscriptionService {
  const list = createSubscriptionList({
    session, pageSize: () => readConfig().pageSize, log, state: context.workspaceState, clock,
    workspaceProjects: (instanceUrl) => repositories.projectPaths(instanceUrl),
  });
  context.subscriptions.push(
    list,
    // A new page size applies at once, as in the Activity view: the lists are read again in pages of the new size.
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration(`${SETTINGS_SECTION}.${SETTINGS.pageSize}`)) list.service.pageSizeChanged();
    }),
  );
  return list.service;
}
