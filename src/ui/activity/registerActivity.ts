import * as vscode from 'vscode';
import { SETTINGS_SECTION } from '../../ids';
import type { Shell } from '../shell';
import { registerActivityCommands } from './activityCommands';
import { ActivityView } from './activityView';

/** The Activity view with its commands; it follows the session (through the list shell) and the settings. */
export function registerActivity(context: vscode.ExtensionContext, { session, readConfig, directories, log, repositories, lists }: Shell): ActivityView {
  const activity = new ActivityView(session, readConfig, directories, context.workspaceState, context.globalState, log, repositories, lists);
  context.subscriptions.push(
    activity,
    ...registerActivityCommands(activity.commands),
    session.onDidIdentify(() => activity.service.accountsIdentified()),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (!e.affectsConfiguration(SETTINGS_SECTION) && !e.affectsConfiguration('http.proxy')) return;
      activity.configChanged((key: string) => e.affectsConfiguration(`${SETTINGS_SECTION}.${key}`));
    }),
  );
  return activity;
}
