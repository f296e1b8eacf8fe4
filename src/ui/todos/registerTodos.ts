import * as vscode from 'vscode';
import type { Clock } from '../../app/snoozeTime';
import { TodoService } from '../../app/todos/todoService';
import { TodoViewFilter } from '../../app/todos/todoViewFilter';
import { SETTINGS, SETTINGS_SECTION, STATE_KEYS } from '../../ids';
import type { Log } from '../log';
import type { Session } from '../session';
import type { Shell } from '../shell';
import { NewTodoNotifier } from './newTodoNotifier';
import { registerTodoCommands } from './todoCommands';
import { TodoView } from './todoView';

export interface TodoListDeps {
  session: Session;
  pageSize(): number;
  log: Log;
  /** Where the list and filter are kept (the workspace's state). */
  state: vscode.Memento;
  clock: Clock;
}

/** The To-Do List's parts: its lists and actions (the service), the view drawing them, and the commands on both. */
export function createTodoList({ session, pageSize, log, state, clock }: TodoListDeps) {
  const service = new TodoService({
    accounts: () => session.all, pageSize, log,
    // Stored data is untrusted: invalid parts are dropped, never sent.
    filter: TodoViewFilter.deserialize(state.get(STATE_KEYS.todoFilter)),
  });
  const view = new TodoView(session, service, state, clock, log);
  const commands = registerTodoCommands({ service, filters: view.list, session, clock, log });
  return { service, view, dispose: () => vscode.Disposable.from(view, ...commands).dispose() };
}

/** The To-Do List with its commands, and the notification of new to-dos. */
export function registerTodos(context: vscode.ExtensionContext, { session, readConfig, log, clock }: Shell): TodoService {
  const todos = createTodoList({ session, pageSize: () => readConfig().pageSize, log, state: context.workspaceState, clock });
  const notifier = new NewTodoNotifier(session, todos.service, clock, {
    intervalSeconds: () => readConfig().pollIntervalSeconds, reasons: () => readConfig().todoNotifyFor,
    ignoreWorkingHours: () => readConfig().todoIgnoreWorkingHours,
  }, log);
  context.subscriptions.push(
    todos, notifier,
    vscode.workspace.onDidChangeConfiguration((e) => {
      const affects = (key: string) => e.affectsConfiguration(`${SETTINGS_SECTION}.${key}`);
      if (affects(SETTINGS.pollInterval) || affects(SETTINGS.todosNotifyFor)) notifier.restart();
    }),
  );
  return todos.service;
}
