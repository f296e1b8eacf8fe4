import * as vscode from 'vscode';
import { localZone } from '../../app/calendar';
import { keepPlainMessages } from '../../app/localize';
import { formatSnoozeEnd } from '../../app/snoozeTime';
import { todoActionFailure, type TodoActionKind } from '../../app/todos/todoActions';
import { markTodosDone, restoreTodos, snoozeTodos, unsnoozeTodos, type TodoBulkResult } from '../../app/todos/todoBulk';
import type { TodoApi } from '../../gitlab/todoApi';
import * as plainWindow from '../plainWindow';
import type { TodoView } from './todoView';

/** What an action on to-dos needs of the view: moving them out at once and back, what their GitLab offers, the count. */
export type TodoActionView = Pick<TodoView, 'hide' | 'show' | 'featuresOf' | 'pendingChanged' | 'arrived' | 'log' | 'clock'>;

/**
 * Done and Snooze on given to-dos, each with Undo, as the view's rows and the new to-do notification both offer them:
 * the to-dos leave the list at once; a failure puts them back and says why in words that say what to do.
 */

/** `result`'s failure, said; its to-dos back in the list. True when every to-do changed. */
export function settleTodoAction(view: TodoActionView, instance: string, action: TodoActionKind, result: TodoBulkResult): boolean {
  if (result.failed.length === 0) return true;
  view.show(instance, result.failed.map((failure) => failure.id));
  const { error } = result.failed[0];
  view.log.error(`To-do action ${action}`, error);
  void plainWindow.showErrorMessage(todoActionFailure(action, error, vscode.l10n.t));
  return false;
}

/** Marks `ids` done, at once in the view; offers Undo (GitLab's restore) where this GitLab has it. */
export async function markDoneWithUndo(view: TodoActionView, instance: string, api: TodoApi, ids: number[], name: string): Promise<void> {
  view.hide(instance, ids);
  const features = await view.featuresOf(instance);
  const result = await markTodosDone(api, ids, { features });
  view.pendingChanged();
  if (!settleTodoAction(view, instance, 'done', result) || result.changed.length === 0) return;
  const message = vscode.l10n.t('Marked {0} as done.', name);
  if (!features.restore) {
    void plainWindow.showInformationMessage(message);
    return;
  }
  const undo = vscode.l10n.t('Undo');
  if ((await plainWindow.showInformationMessage(message, undo)) !== undo) return;
  const restored = await restoreTodos(api, result.changed, { features });
  view.pendingChanged();
  if (settleTodoAction(view, instance, 'undo', restored)) view.show(instance, restored.changed);
}

/** GitLab's own snooze of `ids` until `until` (epoch ms): out of Pending at once; Undo (unsnooze) or a failure puts them back. */
export async function snoozeWithUndo(view: TodoActionView, instance: string, api: TodoApi, ids: number[], name: string, until: number): Promise<void> {
  view.hide(instance, ids);
  const features = await view.featuresOf(instance);
  const result = await snoozeTodos(api, ids, new Date(until), { features });
  view.pendingChanged();
  // GitLab skipped these silently (no longer pending, or not the caller's): they are not snoozed.
  if (result.unchanged.length > 0) view.show(instance, result.unchanged);
  if (!settleTodoAction(view, instance, 'snooze', result) || result.changed.length === 0) return;
  const undo = vscode.l10n.t('Undo');
  const end = formatSnoozeEnd(until, view.clock.now(), localZone(), keepPlainMessages(vscode.l10n.t));
  if ((await plainWindow.showInformationMessage(vscode.l10n.t('Snoozed {0} until {1}.', name, end), undo)) !== undo) return;
  const unsnoozed = await unsnoozeTodos(api, result.changed, { features });
  view.pendingChanged();
  if (settleTodoAction(view, instance, 'unsnooze', unsnoozed)) view.show(instance, unsnoozed.changed);
}
