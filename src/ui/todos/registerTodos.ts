import type * as vscode from 'vscode';
import type { Shell } from '../shell';
import { TodoView } from './todoView';

/** The To-Do List view with its commands. */
export function registerTodos(context: vscode.ExtensionContext, { session, readConfig, log, clock }: Shell): void {
  context.subscriptions.push(new TodoView(session, () => readConfig().pageSize, log, context.workspaceState, clock));
}
