import * as vscode from 'vscode';
import { SETTINGS, SETTINGS_SECTION } from '../../ids';
import type { Shell } from '../shell';
import { NewTodoNotifier } from './newTodoNotifier';
import { registerTodoCommands } from './todoCommands';
import { TodoView } from './todoView';

/** The To-Do List view with its commands, and the notification of new to-dos. */
export function registerTodos(context: vscode.ExtensionContext, { session, readConfig, log, clock }: Shell): void {
  const view = new TodoView(session, () => readConfig().pageSize, log, context.workspaceState, clock);
  const notifier = new NewTodoNotifier(session, view, {
    intervalSeconds: () => readConfig().pollIntervalSeconds, reasons: () => readConfig().todoNotifyFor,
  }, log);
  context.subscriptions.push(
    view, notifier, ...registerTodoCommands(view),
    vscode.workspace.onDidChangeConfiguration((e) => {
      const affects = (key: string) => e.affectsConfiguration(`${SETTINGS_SECTION}.${key}`);
      if (affects(SETTINGS.pollInterval) || affects(SETTINGS.todosNotifyFor)) notifier.restart();
    }),
  );
}
