import type * as vscode from 'vscode';
import { registerCatchUp } from './ui/catchUp/registerCatchUp';
import { registerActivity } from './ui/activity/registerActivity';
import { registerAccounts } from './ui/auth/registerAccounts';
import { registerInsight } from './ui/settings/insightCommands';
import { createNotificationSettings } from './ui/settings/notificationSettings';
import { registerNotificationSettingsEditor } from './ui/settings/notificationSettingsEditor';
import { registerProfiles } from './ui/settings/profileCommands';
import { registerSnooze } from './ui/settings/snoozeCommands';
import { createShell, startSession } from './ui/shell';
import { registerThingCommands } from './ui/subscriptions/thingCommands';
import { registerStatusBar } from './ui/statusBar/notificationStatusBar';
import { registerSubscriptions } from './ui/subscriptions/registerSubscriptions';
import { registerTodos } from './ui/todos/registerTodos';
import type { Platform } from './ui/platform';

/**
 * Composition root, the same for both entries (`extension.ts` in Node, `extension.web.ts` in a browser), which give
 * it their platform: one line per feature, each registering its views, commands and listeners. Nothing here waits on
 * the network: the stored tokens are read and the first requests start after `activate` has returned.
 */
export function activateWith(context: vscode.ExtensionContext, platform: Platform): void {
  const started = performance.now();
  const shell = createShell(context, platform); // log, session, settings, project directories; Show Log
  registerAccounts(context, shell);
  const activity = registerActivity(context, shell).service;
  const todos = registerTodos(context, shell);
  const subscriptions = registerSubscriptions(context, shell);
  const notifications = createNotificationSettings(context, shell, activity); // levels and the list of scopes, shared
  registerCatchUp(context, shell, activity, todos, subscriptions, notifications);
  const snoozes = registerSnooze(context, shell, notifications);
  registerStatusBar(context, shell, notifications, snoozes);
  registerNotificationSettingsEditor(context, shell, notifications, snoozes);
  registerProfiles(context, shell, notifications);
  registerInsight(context, shell, notifications);
  registerThingCommands(context, shell, notifications, subscriptions);
  startSession(shell);
  // The epoch time is taken here, in the extension host, as activate() returns: the log's own line time is stamped
  // where the line is written, a moment later, so it cannot order the line against a request.
  shell.log.info(`Activated in ${(performance.now() - started).toFixed(1)} ms in the ${platform.host === 'web' ? 'web worker' : 'Node'} extension host (returned at ${Date.now()})`);
}
