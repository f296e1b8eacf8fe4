import * as vscode from 'vscode';
import { accountGoneMessage } from '../../app/actionAccount';
import { localZone } from '../../app/calendar';
import { relativeTime } from '../../app/activity/relativeTime';
import { keepPlainMessages } from '../../app/localize';
import { personName, truncate } from '../../app/plainText';
import type { Clock } from '../../app/snoozeTime';
import { todoActionFailure } from '../../app/todos/todoActions';
import { groupTodoIds } from '../../app/todos/todoGroups';
import { reasonOf } from '../../app/todos/todoReasons';
import type { TodoService } from '../../app/todos/todoService';
import { todoWebUrl } from '../../app/todos/todoUrl';
import { TODO_LISTS, todoListLabel, type TodoListKind, type TodoViewFilter } from '../../app/todos/todoViewFilter';
import { GitLabError } from '../../gitlab/errors';
import type { Todo } from '../../gitlab/todoTypes';
import { COMMANDS } from '../../ids';
import type { FilterChoice } from '../lists/listFilter';
import { openOnInstance, rowLost, rowOfType } from '../lists/rowCommands';
import type { Log } from '../log';
import * as plainWindow from '../plainWindow';
import type { Session } from '../session';
import { pickSnoozeEnd } from '../snoozeEndPick';
import { markDoneWithUndo, sayOutcome, snoozeWithUndo } from './todoActionFlows';
import { TodoFilterPicks } from './todoFilterPicks';
import type { TodoRow } from './todoView';
import { displayCount, displayLocalize } from '../displayLanguage';

/** A row of one thing and its to-dos, as a command gets it from a menu or a click. */
type ThingRow = TodoRow & { type: 'todo' };
const isRow = rowOfType<TodoRow, 'todo'>('todo');

/** A row's name in messages: its reference, else its title. */
const rowName = (row: ThingRow): string => row.group.reference || row.group.title;

const LIST_DETAILS: Record<TodoListKind, () => string> = {
  pending: () => vscode.l10n.t('to-dos waiting for you (not snoozed)'),
  snoozed: () => vscode.l10n.t('to-dos snoozed until a later time'),
  done: () => vscode.l10n.t('to-dos marked as done'),
};

export interface TodoCommandDeps {
  service: TodoService;
  filters: FilterChoice<TodoViewFilter>;
  session: Pick<Session, 'all' | 'urlOf'>;
  clock: Clock;
  log: Log;
}

/**
 * The To-Do List's commands: open, the lists, Mark as Done (a row, one of its to-dos, all) with Undo, Snooze with
 * Undo and Unsnooze (GitLab's own, 17.4+), filters. Each action goes one way, through the service, which moves its
 * to-dos out of the list at once and puts back what GitLab refused; the command says why in words that say what to do.
 * An action belongs to the account signed in when it started (a pick or a question may wait): it and its Undo do
 * nothing for an account signed in since, and say so.
 */
export function registerTodoCommands({ service, filters, session, clock, log }: TodoCommandDeps): vscode.Disposable[] {
  const t = keepPlainMessages(displayLocalize());
  const zone = localZone();
  const urlOfInstance = (instance: string): string => session.urlOf(instance) ?? instance;

  async function markRowDone(node: unknown): Promise<void> {
    if (!isRow(node) || filters.filter.list === 'done') return;
    const account = service.accountAt(node.instance);
    if (account) await markDoneWithUndo(service, account, rowIds(node), rowName(node));
  }

  /** One of a row's to-dos: a quick pick of them, each by its reason, author, time and text. */
  async function markOneDone(node: unknown): Promise<void> {
    const account = isRow(node) ? service.accountAt(node.instance) : undefined;
    if (!isRow(node) || filters.filter.list === 'done' || !account) return;
    // One look-up per to-do (a set of the ids shown): a row of 20,000 to-dos opens its pick at once.
    const shown = new Set(service.shownTodos(node.instance).map((todo) => todo.id));
    const todos = node.group.todos.filter((todo) => shown.has(todo.id));
    const now = clock.now();
    const items = todos.map((todo: Todo) => ({
      label: reasonOf(todo.action_name, personName(todo.author) || undefined, t),
      description: relativeTime(todo.created_at, { now, zone, t }),
      detail: truncate(todo.body ?? '', 200),
      todo,
    }));
    const pick = items.length === 1 ? items[0] : await plainWindow.showQuickPick(items, {
      title: vscode.l10n.t('Mark One To-Do of {0} as Done', rowName(node)), matchOnDetail: true,
    });
    if (pick) await markDoneWithUndo(service, account, [pick.todo.id], vscode.l10n.t('{0} ({1})', rowName(node), pick.label));
  }

  /**
   * Every to-do the list and filter match, on every signed-in account, loaded or not (`markAllDone` says how): the rows
   * leave at once; the lists are read again once GitLab has answered, and after Undo.
   */
  async function markAllDone(): Promise<void> {
    const list = filters.filter.list;
    if (list === 'done') return;
    const markAll = vscode.l10n.t('Mark All');
    const question = filters.filter.narrowed || list !== 'pending'
      ? vscode.l10n.t('Mark every to-do listed as done?') : vscode.l10n.t('Mark every pending to-do as done?');
    // The question is about the lists shown now: their accounts', not those of whoever is signed in at the answer.
    const accounts = service.accountsNow();
    if ((await plainWindow.showWarningMessage(question, markAll, vscode.l10n.t('Cancel'))) !== markAll) return;
    const { count, cut, failures, undoable, gone } = await service.markAll(accounts);
    for (const text of new Set(gone.map((entry) => accountGoneMessage(entry, t)))) void plainWindow.showInformationMessage(text);
    failures.forEach(sayOutcome);
    if (count === 0) return;
    const message = cut
      ? vscode.l10n.t('Marked {0} to-dos as done; more may match: run Mark All again.', displayCount(count))
      : vscode.l10n.t('Marked {0} to-dos as done.', displayCount(count));
    const undo = vscode.l10n.t('Undo');
    if (undoable.length === 0) {
      void plainWindow.showInformationMessage(message);
      return;
    }
    if ((await plainWindow.showInformationMessage(message, undo)) !== undo) return;
    (await service.undoMarkAll(undoable)).forEach(sayOutcome);
  }

  /** The to-dos of a row still shown (one marked done alone is gone from it). */
  const rowIds = (row: ThingRow): number[] => {
    const shown = new Set(service.shownTodos(row.instance).map((todo) => todo.id));
    return groupTodoIds(row.group).filter((id) => shown.has(id));
  };

  /** False, and why said, when `instance`'s GitLab cannot snooze (the action is hidden there; a key binding may still run it). */
  async function canSnooze(instance: string, action: 'snooze' | 'unsnooze'): Promise<boolean> {
    if ((await service.features.of(instance)).snooze) return true;
    void plainWindow.showInformationMessage(todoActionFailure(action, new GitLabError('unsupported', 'No snooze.'), displayLocalize()));
    return false;
  }

  /**
   * GitLab's own snooze of a pending row (every to-do of it) until a preset or a typed date: out of Pending at once;
   * Undo (unsnooze) or a failure puts it back.
   */
  async function snooze(node: unknown): Promise<void> {
    if (!isRow(node) || filters.filter.list !== 'pending') return;
    const account = service.accountAt(node.instance);
    if (!account || !(await canSnooze(node.instance, 'snooze'))) return;
    const until = await pickSnoozeEnd({
      clock, zone, title: vscode.l10n.t('Snooze {0}', rowName(node)), placeHolder: vscode.l10n.t('Out of the To-Do List until when'),
      presets: ['hour', 'tomorrow', 'nextMonday'],
    });
    if (until === undefined) return;
    await snoozeWithUndo(service, clock, account, rowIds(node), rowName(node), until);
  }

  /** A snoozed row pending again now: out of the Snoozed list at once; a failure puts it back. */
  async function unsnooze(node: unknown): Promise<void> {
    if (!isRow(node) || filters.filter.list !== 'snoozed') return;
    const account = service.accountAt(node.instance);
    if (!account || !(await canSnooze(node.instance, 'unsnooze'))) return;
    const outcome = await service.unsnooze(account, rowIds(node));
    if (sayOutcome(outcome) && outcome.changed.length > 0) {
      void plainWindow.showInformationMessage(vscode.l10n.t('{0} is pending again.', rowName(node)));
    }
  }

  async function open(node: unknown): Promise<void> {
    if (!isRow(node)) return;
    const instanceUrl = urlOfInstance(node.instance);
    await openOnInstance(todoWebUrl(node.group.todos[0].target_url, instanceUrl), instanceUrl,
      (host) => vscode.l10n.t('This to-do has no page on {0} to open.', host));
  }

  /** Pending, Snoozed or Done, as the Activity view's tab pick. */
  async function chooseList(): Promise<void> {
    const current = filters.filter.list;
    const items = TODO_LISTS.map((list) => ({
      label: todoListLabel(list, displayLocalize()), detail: LIST_DETAILS[list](), value: list,
      description: list === current ? vscode.l10n.t('current') : undefined,
    }));
    const pick = await plainWindow.showQuickPick(items, { title: vscode.l10n.t('To-Do List') });
    if (pick) await filters.set(filters.filter.withList(pick.value));
  }

  const picks = new TodoFilterPicks({ filters, service, session, log, urlOfInstance }, chooseList);

  return [
    vscode.commands.registerCommand(COMMANDS.todosFilter, () => picks.chooseKind()),
    vscode.commands.registerCommand(COMMANDS.todosClearFilters, () => picks.clear()),
    vscode.commands.registerCommand(COMMANDS.todosRefresh, () => service.refresh()),
    vscode.commands.registerCommand(COMMANDS.todosOpen, (node?: unknown) => open(node)),
    vscode.commands.registerCommand(COMMANDS.todosMarkDone, (node?: unknown) => (node === undefined ? rowLost(log, COMMANDS.todosMarkDone) : markRowDone(node))),
    vscode.commands.registerCommand(COMMANDS.todosMarkOneDone, (node?: unknown) => (node === undefined ? rowLost(log, COMMANDS.todosMarkOneDone) : markOneDone(node))),
    vscode.commands.registerCommand(COMMANDS.todosMarkAllDone, () => markAllDone()),
    vscode.commands.registerCommand(COMMANDS.todosChooseList, () => chooseList()),
    vscode.commands.registerCommand(COMMANDS.todosSnooze, (node?: unknown) => (node === undefined ? rowLost(log, COMMANDS.todosSnooze) : snooze(node))),
    vscode.commands.registerCommand(COMMANDS.todosUnsnooze, (node?: unknown) => (node === undefined ? rowLost(log, COMMANDS.todosUnsnooze) : unsnooze(node))),
  ];
}
