import * as vscode from 'vscode';
import { localZone } from '../../app/activity/calendar';
import { relativeTime } from '../../app/activity/relativeTime';
import { instanceHost } from '../../app/instance';
import { keepPlainMessages } from '../../app/localize';
import { markTodosDone, restoreTodos } from '../../app/todos/todoBulk';
import { groupReasons, groupTodoIds, groupTodos, type TodoGroup } from '../../app/todos/todoGroups';
import { createTodoLists, todoListPlan, todoSource, type TodoLists } from '../../app/todos/todoLists';
import { todoTooltipMarkdown } from '../../app/todos/todoTooltip';
import { todoWebUrl } from '../../app/todos/todoUrl';
import type { GitLabError } from '../../gitlab';
import { COMMANDS, VIEWS } from '../../ids';
import type { Log } from '../log';
import * as plainWindow from '../plainWindow';
import type { Session } from '../session';
import { errorItem, loadingItem, loadMoreItem, showLogItem } from '../lists/listStatusItems';

type TodoNode =
  | { type: 'instance'; instance: string; url: string; user?: string }
  | { type: 'todo'; instance: string; group: TodoGroup }
  | { type: 'loading' | 'empty' | 'loadMore' | 'noTodoList' | 'showLog'; instance: string }
  | { type: 'error'; instance: string; error: GitLabError };

/** A server without GitLab's To-Do List answers 404 on `/todos` (the interface spec has none): not a failure. */
const hasNoTodoList = (error: GitLabError): boolean => error.kind === 'unsupported' || error.kind === 'notFound';

/**
 * The To-Do List view: the pending to-dos of each signed-in instance (a root per instance while several are), one row
 * per thing, read through the one list machinery. Mark as Done hides the row at once and puts it back if GitLab
 * refuses.
 */
export class TodoView implements vscode.TreeDataProvider<TodoNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<TodoNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly lists: TodoLists;
  private readonly view: vscode.TreeView<TodoNode>;
  /** To-dos marked done here, hidden until GitLab answers (and after, until the list is read again). */
  private readonly hidden = new Set<number>();
  private readonly disposables: vscode.Disposable[] = [];
  private readonly t = keepPlainMessages(vscode.l10n.t);
  private readonly zone = localZone();

  constructor(private readonly session: Session, private readonly pageSize: () => number, private readonly log: Log) {
    this.lists = createTodoLists({ pageSize: pageSize(), api: (source) => session.todosFor(source.instance) });
    this.view = vscode.window.createTreeView(VIEWS.todos, { treeDataProvider: this, showCollapseAll: false });
    this.disposables.push(
      this.view,
      this.lists.onDidChange(() => this.changed.fire(undefined)),
      this.changed.event(() => this.updateBadge()),
      session.onDidChange(() => this.refresh()),
      vscode.commands.registerCommand(COMMANDS.todosRefresh, () => this.refresh()),
      vscode.commands.registerCommand(COMMANDS.todosLoadMore, (node?: TodoNode) => {
        if (node) void this.lists.loadMore(todoSource(node.instance));
      }),
      vscode.commands.registerCommand(COMMANDS.todosOpen, (node?: TodoNode) => this.open(node)),
      vscode.commands.registerCommand(COMMANDS.todosMarkDone, (node?: TodoNode) => this.markDone(node)),
      vscode.commands.registerCommand(COMMANDS.todosMarkAllDone, () => this.markAllDone()),
    );
  }

  refresh(): void {
    this.hidden.clear();
    this.lists.reset({ plan: todoListPlan({ pageSize: this.pageSize(), api: (source) => this.session.todosFor(source.instance) }) });
  }

  getChildren(node?: TodoNode): TodoNode[] {
    if (!this.session.signedIn) return [];
    const accounts = this.session.all;
    if (!node) {
      if (accounts.length > 1) return accounts.map((a) => ({ type: 'instance', instance: a.key, url: a.instanceUrl, user: a.username }));
      return accounts.length === 1 ? this.listChildren(accounts[0].key) : [];
    }
    return node.type === 'instance' ? this.listChildren(node.instance) : [];
  }

  private listChildren(instance: string): TodoNode[] {
    const source = todoSource(instance);
    const state = this.lists.get(source.key);
    if (!state.started && !state.loading && !state.hasError) void this.lists.load(source);
    const list = this.lists.rows(source.key);
    if (list.waiting) return [{ type: 'loading', instance }];
    const error = list.after === 'error' ? this.lists.errorOf(source.key) : undefined;
    if (error && hasNoTodoList(error) && list.items.length === 0) return [{ type: 'noTodoList', instance }];
    const groups = groupTodos(list.items.filter((todo) => !this.hidden.has(todo.id)));
    const rows: TodoNode[] = groups.map((group) => ({ type: 'todo', instance, group }));
    if (groups.length === 0 && !list.after) rows.push({ type: 'empty', instance });
    if (error) rows.push({ type: 'error', instance, error }, { type: 'showLog', instance });
    else if (list.after === 'loading') rows.push({ type: 'loading', instance });
    else if (list.after === 'loadMore') rows.push({ type: 'loadMore', instance });
    return rows;
  }

  getTreeItem(node: TodoNode): vscode.TreeItem {
    switch (node.type) {
      case 'instance': {
        const item = new vscode.TreeItem(instanceHost(node.url), vscode.TreeItemCollapsibleState.Expanded);
        item.description = node.user;
        item.iconPath = new vscode.ThemeIcon('server');
        return item;
      }
      case 'todo': return this.todoItem(node);
      case 'loading': return loadingItem(undefined);
      case 'loadMore': return loadMoreItem(undefined, { command: COMMANDS.todosLoadMore, arguments: [node] }, vscode.l10n.t('Reads more to-dos'));
      case 'showLog': return showLogItem();
      case 'empty': {
        const item = new vscode.TreeItem(vscode.l10n.t('Nothing to do.'));
        item.iconPath = new vscode.ThemeIcon('check-all');
        return item;
      }
      case 'noTodoList': {
        const item = new vscode.TreeItem(vscode.l10n.t('This GitLab server has no To-Do List.'));
        item.iconPath = new vscode.ThemeIcon('info');
        return item;
      }
      case 'error': {
        const message = node.error.insufficientScope || node.error.kind === 'forbidden'
          ? vscode.l10n.t('The token lacks the read_api scope needed to read the To-Do List.')
          : undefined;
        const signIn = node.error.kind === 'unauthorized';
        const item = errorItem(node.error, signIn
          ? { command: COMMANDS.signIn, arguments: [this.urlOfInstance(node.instance)], signIn }
          : { command: COMMANDS.todosRefresh, signIn });
        // The fix stays first; what it fixes after it.
        if (message) item.description = item.tooltip = message;
        return item;
      }
    }
  }

  private todoItem(node: TodoNode & { type: 'todo' }): vscode.TreeItem {
    const { group } = node;
    const label = [group.reference, group.title].filter(Boolean).join(' ') || group.targetType;
    const item = new vscode.TreeItem(label);
    item.id = `todo:${node.instance}:${group.key}`;
    const when = relativeTime(group.latest, { now: Date.now(), zone: this.zone, t: this.t });
    item.description = [groupReasons(group, this.t), group.place, when].filter(Boolean).join(' · ');
    item.iconPath = new vscode.ThemeIcon(iconOf(group.targetType));
    item.contextValue = 'todo';
    item.command = { command: COMMANDS.todosOpen, title: vscode.l10n.t('Open'), arguments: [node] };
    return item;
  }

  resolveTreeItem(item: vscode.TreeItem, node: TodoNode): vscode.TreeItem {
    if (node.type === 'todo') {
      const tooltip = new vscode.MarkdownString(todoTooltipMarkdown(node.group, this.t));
      tooltip.isTrusted = false;
      tooltip.supportHtml = false;
      tooltip.supportThemeIcons = false;
      item.tooltip = tooltip;
    }
    return item;
  }

  private urlOfInstance(instance: string): string {
    return this.session.all.find((account) => account.key === instance)?.instanceUrl ?? instance;
  }

  private async open(node?: TodoNode): Promise<void> {
    if (node?.type !== 'todo') return;
    const url = todoWebUrl(node.group.todos[0].target_url, this.urlOfInstance(node.instance));
    if (url) await vscode.env.openExternal(vscode.Uri.parse(url, true));
    else void plainWindow.showInformationMessage(vscode.l10n.t('This to-do has no page on {0} to open.', instanceHost(this.urlOfInstance(node.instance))));
  }

  private async markDone(node?: TodoNode): Promise<void> {
    if (node?.type !== 'todo') return;
    const api = this.session.todosFor(node.instance);
    if (!api) return;
    const ids = groupTodoIds(node.group);
    for (const id of ids) this.hidden.add(id);
    this.changed.fire(undefined);
    const result = await markTodosDone(api, ids);
    if (result.failed.length > 0) {
      for (const { id } of result.failed) this.hidden.delete(id);
      this.changed.fire(undefined);
      this.log.error('Marking a to-do as done', result.failed[0].error);
      void plainWindow.showErrorMessage(vscode.l10n.t('Could not mark as done: {0}', result.failed[0].error.message));
      return;
    }
    const undo = vscode.l10n.t('Undo');
    const label = node.group.reference || node.group.title;
    const choice = await plainWindow.showInformationMessage(vscode.l10n.t('Marked {0} as done.', label), undo);
    if (choice !== undo) return;
    const restored = await restoreTodos(api, result.changed);
    if (restored.failed.length > 0) {
      void plainWindow.showErrorMessage(vscode.l10n.t('Could not undo: {0}', restored.failed[0].error.message));
      return;
    }
    for (const id of restored.changed) this.hidden.delete(id);
    this.changed.fire(undefined);
  }

  private async markAllDone(): Promise<void> {
    const accounts = this.session.all;
    const markAll = vscode.l10n.t('Mark All');
    const choice = await plainWindow.showWarningMessage(vscode.l10n.t('Mark every pending to-do as done?'), markAll, vscode.l10n.t('Cancel'));
    if (choice !== markAll) return;
    const done: Array<{ instance: string; ids: number[] }> = [];
    for (const account of accounts) {
      const ids = this.lists.rows(todoSource(account.key).key).items.map((todo) => todo.id);
      if (ids.length === 0) continue;
      for (const id of ids) this.hidden.add(id);
      this.changed.fire(undefined);
      const result = await markTodosDone(account.todos, ids);
      for (const { id } of result.failed) this.hidden.delete(id);
      if (result.failed.length > 0) {
        this.changed.fire(undefined);
        void plainWindow.showErrorMessage(vscode.l10n.t('Could not mark as done: {0}', result.failed[0].error.message));
      }
      done.push({ instance: account.key, ids: result.changed });
    }
    const count = done.reduce((sum, entry) => sum + entry.ids.length, 0);
    if (count === 0) return;
    const undo = vscode.l10n.t('Undo');
    if ((await plainWindow.showInformationMessage(vscode.l10n.t('Marked {0} to-dos as done.', count), undo)) !== undo) return;
    for (const entry of done) {
      const api = this.session.todosFor(entry.instance);
      if (!api) continue;
      const restored = await restoreTodos(api, entry.ids);
      for (const id of restored.changed) this.hidden.delete(id);
    }
    this.changed.fire(undefined);
  }

  /**
   * Pending to-dos not snoozed (GitLab's pending listing leaves snoozed ones out), as far as they are loaded: "at least"
   * while a list has more pages.
   */
  private updateBadge(): void {
    let count = 0;
    let more = false;
    for (const account of this.session.all) {
      const list = this.lists.rows(todoSource(account.key).key);
      count += list.items.filter((todo) => !this.hidden.has(todo.id)).length;
      more ||= list.after === 'loadMore';
    }
    this.view.badge = count === 0 ? undefined : {
      value: count,
      tooltip: more ? vscode.l10n.t('At least {0} pending to-dos', count) : vscode.l10n.t('{0} pending to-dos', count),
    };
  }

  dispose(): void {
    for (const disposable of this.disposables) disposable.dispose();
    this.changed.dispose();
  }
}

function iconOf(targetType: string): string {
  switch (targetType) {
    case 'MergeRequest': return 'git-pull-request';
    case 'Issue': case 'WorkItem': return 'issues';
    case 'Commit': return 'git-commit';
    case 'Epic': return 'milestone';
    case 'Key': return 'key';
    default: return 'circle-outline';
  }
}
