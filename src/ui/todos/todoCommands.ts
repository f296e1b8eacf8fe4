import * as vscode from 'vscode';
import { localZone } from '../../app/calendar';
import { relativeTime } from '../../app/activity/relativeTime';
import { instanceHost } from '../../app/instance';
import { keepPlainMessages } from '../../app/localize';
import { personName, truncate } from '../../app/plainText';
import { todoActionFailure, type TodoActionKind } from '../../app/todos/todoActions';
import { restoreTodos, unsnoozeTodos, type TodoBulkResult } from '../../app/todos/todoBulk';
import { markAllDone as markAllTodos } from '../../app/todos/todoMarkAll';
import { groupTodoIds } from '../../app/todos/todoGroups';
import { reasonOf } from '../../app/todos/todoReasons';
import { todoWebUrl } from '../../app/todos/todoUrl';
import { TODO_LISTS, todoListLabel, type TodoListKind } from '../../app/todos/todoViewFilter';
import { GitLabError } from '../../gitlab/errors';
import type { Todo } from '../../gitlab/todoTypes';
import type { TodoApi } from '../../gitlab/todoApi';
import { COMMANDS } from '../../ids';
import * as plainWindow from '../plainWindow';
import { pickSnoozeEnd } from '../snoozeEndPick';
import { markDoneWithUndo, settleTodoAction, snoozeWithUndo } from './todoActionFlows';
import { TodoFilterPicks } from './todoFilterPicks';
import type { TodoNode, TodoView } from './todoView';

type TodoRow = TodoNode & { type: 'todo' };
const isRow = (node: unknown): node is TodoRow =>
  typeof node === 'object' && node !== null && (node as TodoNode).type === 'todo';

/** A row's name in messages: its reference, else its title. */
const rowName = (row: TodoRow): string => row.group.reference || row.group.title;

const LIST_DETAILS: Record<TodoListKind, () => string> = {
  pending: () => vscode.l10n.t('to-dos waiting for you (not snoozed)'),
  snoozed: () => vscode.l10n.t('to-dos snoozed until a later time'),
  done: () => vscode.l10n.t('to-dos marked as done'),
};

/**
 * The To-Do List's commands: open, the lists, Mark as Done (a row, one of its to-dos, all) with Undo, Snooze with
 * Undo and Unsnooze (GitLab's own, 17.4+), filters. Each action
 * moves its to-dos out of the list at once, and a failure puts them back and says why in words that say what to do.
 */
export function registerTodoCommands(view: TodoView): vscode.Disposable[] {
  const t = keepPlainMessages(vscode.l10n.t);
  const zone = localZone();

  const settle = (instance: string, action: TodoActionKind, result: TodoBulkResult): boolean => settleTodoAction(view, instance, action, result);
  const markDone = (instance: string, api: TodoApi, ids: number[], name: string): Promise<void> =>
    markDoneWithUndo(view, instance, api, ids, name);

  async function markRowDone(node: unknown): Promise<void> {
    if (!isRow(node) || view.filter.list === 'done') return;
    const api = view.api(node.instance);
    if (api) await markDone(node.instance, api, rowIds(node), rowName(node));
  }

  /** One of a row's to-dos: a quick pick of them, each by its reason, author, time and text. */
  async function markOneDone(node: unknown): Promise<void> {
    if (!isRow(node) || view.filter.list === 'done') return;
    const api = view.api(node.instance);
    if (!api) return;
    const todos = node.group.todos.filter((todo) => view.shownTodos(node.instance).some((shown) => shown.id === todo.id));
    const now = view.clock.now();
    const items = todos.map((todo: Todo) => ({
      label: reasonOf(todo.action_name, personName(todo.author) || undefined, t),
      description: relativeTime(todo.created_at, { now, zone, t }),
      detail: truncate(todo.body ?? '', 200),
      todo,
    }));
    const pick = items.length === 1 ? items[0] : await plainWindow.showQuickPick(items, {
      title: vscode.l10n.t('Mark One To-Do of {0} as Done', rowName(node)), matchOnDetail: true,
    });
    if (pick) await markDone(node.instance, api, [pick.todo.id], vscode.l10n.t('{0} ({1})', rowName(node), pick.label));
  }

  /**
   * Every to-do the list and filter match, on every signed-in account, loaded or not (`markAllDone` says how): the rows
   * leave at once; the lists are read again once GitLab has answered, and after Undo.
   */
  async function markAllDone(): Promise<void> {
    const list = view.filter.list;
    if (list === 'done') return;
    const markAll = vscode.l10n.t('Mark All');
    const question = view.filter.narrowed || list !== 'pending'
      ? vscode.l10n.t('Mark every to-do listed as done?') : vscode.l10n.t('Mark every pending to-do as done?');
    if ((await plainWindow.showWarningMessage(question, markAll, vscode.l10n.t('Cancel'))) !== markAll) return;
    const done: Array<{ instance: string; api: TodoApi; ids: number[]; features: Awaited<ReturnType<TodoView['featuresOf']>> }> = [];
    let count = 0;
    let cut = false;
    for (const account of view.session.all) {
      const filter = view.filter.serverFilter(account.key);
      if (!filter) continue;
      const shown = view.shownTodos(account.key).map((todo) => todo.id);
      view.hide(account.key, shown);
      const features = await view.featuresOf(account.key);
      try {
        const result = await markAllTodos(account.todos, { list, filter, keep: view.filter.keep }, features);
        count += result.count;
        cut ||= result.cut;
        settle(account.key, 'done', { changed: result.changed, unchanged: [], failed: result.failed });
        if (result.changed.length > 0) done.push({ instance: account.key, api: account.todos, ids: result.changed, features });
      } catch (error) {
        const failure = error instanceof GitLabError ? error : new GitLabError('badResponse', String(error));
        settle(account.key, 'done', { changed: [], unchanged: [], failed: shown.map((id) => ({ id, error: failure })) });
        if (shown.length === 0) view.log.error('To-do action done', failure);
      }
    }
    view.refresh();
    if (count === 0) return;
    const message = cut
      ? vscode.l10n.t('Marked {0} to-dos as done; more may match: run Mark All again.', count)
      : vscode.l10n.t('Marked {0} to-dos as done.', count);
    const undo = vscode.l10n.t('Undo');
    const undoable = done.filter((entry) => entry.features.restore);
    if (undoable.length === 0) {
      void plainWindow.showInformationMessage(message);
      return;
    }
    if ((await plainWindow.showInformationMessage(message, undo)) !== undo) return;
    for (const entry of undoable) settle(entry.instance, 'undo', await restoreTodos(entry.api, entry.ids, { features: entry.features }));
    view.refresh();
  }

  /** The to-dos of a row still shown (one marked done alone is gone from it). */
  const rowIds = (row: TodoRow): number[] => {
    const shown = new Set(view.shownTodos(row.instance).map((todo) => todo.id));
    return groupTodoIds(row.group).filter((id) => shown.has(id));
  };

  /** False, and why said, when `instance`'s GitLab cannot snooze (the action is hidden there; a key binding may still run it). */
  async function canSnooze(instance: string, action: 'snooze' | 'unsnooze'): Promise<boolean> {
    if ((await view.featuresOf(instance)).snooze) return true;
    void plainWindow.showInformationMessage(todoActionFailure(action, new GitLabError('unsupported', 'No snooze.'), vscode.l10n.t));
    return false;
  }

  /**
   * GitLab's own snooze of a pending row (every to-do of it) until a preset or a typed date: out of Pending at once;
   * Undo (unsnooze) or a failure puts it back.
   */
  async function snooze(node: unknown): Promise<void> {
    if (!isRow(node) || view.filter.list !== 'pending') return;
    const api = view.api(node.instance);
    if (!api || !(await canSnooze(node.instance, 'snooze'))) return;
    const until = await pickSnoozeEnd({
      clock: view.clock, zone, title: vscode.l10n.t('Snooze {0}', rowName(node)), placeHolder: vscode.l10n.t('Out of the To-Do List until when'),
      presets: ['hour', 'tomorrow', 'nextMonday'],
    });
    if (until === undefined) return;
    await snoozeWithUndo(view, node.instance, api, rowIds(node), rowName(node), until);
  }

  /** A snoozed row pending again now: out of the Snoozed list at once; a failure puts it back. */
  async function unsnooze(node: unknown): Promise<void> {
    if (!isRow(node) || view.filter.list !== 'snoozed') return;
    const api = view.api(node.instance);
    if (!api || !(await canSnooze(node.instance, 'unsnooze'))) return;
    const ids = rowIds(node);
    view.hide(node.instance, ids);
    const result = await unsnoozeTodos(api, ids, { features: await view.featuresOf(node.instance) });
    view.pendingChanged();
    if (result.unchanged.length > 0) view.show(node.instance, result.unchanged);
    if (settle(node.instance, 'unsnooze', result) && result.changed.length > 0) {
      void plainWindow.showInformationMessage(vscode.l10n.t('{0} is pending again.', rowName(node)));
    }
  }

  async function open(node: unknown): Promise<void> {
    if (!isRow(node)) return;
    const instanceUrl = view.urlOfInstance(node.instance);
    const url = todoWebUrl(node.group.todos[0].target_url, instanceUrl);
    if (url) await vscode.env.openExternal(vscode.Uri.parse(url, true));
    else void plainWindow.showInformationMessage(vscode.l10n.t('This to-do has no page on {0} to open.', instanceHost(instanceUrl)));
  }

  /** Pending, Snoozed or Done, as the Activity view's tab pick. */
  async function chooseList(): Promise<void> {
    const current = view.filter.list;
    const items = TODO_LISTS.map((list) => ({
      label: todoListLabel(list, vscode.l10n.t), detail: LIST_DETAILS[list](), value: list,
      description: list === current ? vscode.l10n.t('current') : undefined,
    }));
    const pick = await plainWindow.showQuickPick(items, { title: vscode.l10n.t('To-Do List') });
    if (pick) await view.setFilter(view.filter.withList(pick.value));
  }

  const picks = new TodoFilterPicks(view, chooseList);

  return [
    vscode.commands.registerCommand(COMMANDS.todosFilter, () => picks.chooseKind()),
    vscode.commands.registerCommand(COMMANDS.todosClearFilters, () => picks.clear()),
    vscode.commands.registerCommand(COMMANDS.todosRefresh, () => view.refresh()),
    vscode.commands.registerCommand(COMMANDS.todosLoadMore, (node?: TodoNode) => {
      if (node) view.loadMore(node.instance);
    }),
    vscode.commands.registerCommand(COMMANDS.todosOpen, (node?: unknown) => open(node)),
    vscode.commands.registerCommand(COMMANDS.todosMarkDone, (node?: unknown) => markRowDone(node)),
    vscode.commands.registerCommand(COMMANDS.todosMarkOneDone, (node?: unknown) => markOneDone(node)),
    vscode.commands.registerCommand(COMMANDS.todosMarkAllDone, () => markAllDone()),
    vscode.commands.registerCommand(COMMANDS.todosChooseList, () => chooseList()),
    vscode.commands.registerCommand(COMMANDS.todosSnooze, (node?: unknown) => snooze(node)),
    vscode.commands.registerCommand(COMMANDS.todosUnsnooze, (node?: unknown) => unsnooze(node)),
  ];
}
