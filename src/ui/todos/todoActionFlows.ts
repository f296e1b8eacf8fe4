import * as vscode from 'vscode';
import { accountGoneMessage } from '../../app/actionAccount';
import { localZone } from '../../app/calendar';
import { keepPlainMessages } from '../../app/localize';
import type { Clock } from '../../app/snoozeTime';
import { formatSnoozeEnd } from '../../app/snoozeTime';
import { todoActionFailure } from '../../app/todos/todoActions';
import type { TodoAccount, TodoActionOutcome, TodoService } from '../../app/todos/todoService';
import * as plainWindow from '../plainWindow';
import { displayLocalize } from '../displayLanguage';

/**
 * Done and Snooze on given to-dos, each with Undo, as the view's rows and the new to-do notification both offer them:
 * the service moves the to-dos out of the list at once and puts back what GitLab refused; these say how it went, why
 * in words that say what to do. Each belongs to the account that read the to-dos, and so does its Undo.
 */

/** `outcome`'s failure, or that its account is gone (calmly), said. True when every to-do changed. */
export function sayOutcome(outcome: TodoActionOutcome): boolean {
  if (outcome.gone) {
    void plainWindow.showInformationMessage(accountGoneMessage(outcome.gone, keepPlainMessages(displayLocalize())));
    return false;
  }
  if (!outcome.failure) return true;
  void plainWindow.showErrorMessage(todoActionFailure(outcome.action, outcome.failure, displayLocalize()));
  return false;
}

/** Marks `ids` done for `account`, at once in the view; offers Undo (GitLab's restore) where this GitLab has it. */
export async function markDoneWithUndo(service: TodoService, account: TodoAccount, ids: number[], name: string): Promise<void> {
  const outcome = await service.markDone(account, ids);
  if (!sayOutcome(outcome) || outcome.changed.length === 0) return;
  const message = vscode.l10n.t('Marked {0} as done.', name);
  if (!outcome.undoable) {
    void plainWindow.showInformationMessage(message);
    return;
  }
  const undo = vscode.l10n.t('Undo');
  if ((await plainWindow.showInformationMessage(message, undo)) !== undo) return;
  sayOutcome(await service.restore(account, outcome.changed));
}

/**
 * GitLab's own snooze of `ids` until `until` (epoch ms), for `account`: out of Pending at once; Undo (unsnooze) or a
 * failure puts them back.
 */
export async function snoozeWithUndo(service: TodoService, clock: Clock, account: TodoAccount, ids: number[], name: string, until: number): Promise<void> {
  const outcome = await service.snooze(account, ids, until);
  if (!sayOutcome(outcome) || outcome.changed.length === 0) return;
  const undo = vscode.l10n.t('Undo');
  const end = formatSnoozeEnd(until, clock.now(), localZone(), keepPlainMessages(displayLocalize()));
  if ((await plainWindow.showInformationMessage(vscode.l10n.t('Snoozed {0} until {1}.', name, end), undo)) !== undo) return;
  sayOutcome(await service.undoSnooze(account, outcome.changed));
}
