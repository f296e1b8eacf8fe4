import * as vscode from 'vscode';
import { SubscriptionFilter } from '../../app/subscriptions/subscriptionFilter';
import { SubscriptionService } from '../../app/subscriptions/subscriptionService';
import { STATE_KEYS } from '../../ids';
import type { Shell } from '../shell';
import { registerSubscriptionCommands } from './subscriptionCommands';
import { SubscriptionView } from './subscriptionView';

/** The Subscriptions list: its lists and actions (the service), the view drawing them, and the commands on both. */
export function registerSubscriptions(context: vscode.ExtensionContext, { session, readConfig, log, clock }: Shell): SubscriptionService {
  const service = new SubscriptionService({
    accounts: () => session.all, pageSize: () => readConfig().pageSize, log,
    // Stored data is untrusted: invalid parts are dropped, never sent.
    filter: SubscriptionFilter.deserialize(context.workspaceState.get(STATE_KEYS.subscriptionFilter)),
  });
  const view = new SubscriptionView(session, service, context.workspaceState, clock, log);
  const filters = { get filter() { return view.filter; }, set: (filter: SubscriptionFilter) => view.setFilter(filter) };
  context.subscriptions.push(view, ...registerSubscriptionCommands({ service, filters, session, selection: () => view.selectedRows() }));
  return service;
}
