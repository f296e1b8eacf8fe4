import * as vscode from 'vscode';
import { localZone } from '../../app/calendar';
import { relativeTime } from '../../app/activity/relativeTime';
import { instanceHost } from '../../app/instance';
import { keepPlainMessages } from '../../app/localize';
import { inert, personName } from '../../app/plainText';
import type { Clock } from '../../app/snoozeTime';
import { formatSnoozeEnd } from '../../app/snoozeTime';
import { missingFeaturesNote, todoRowContext } from '../../app/todos/todoActions';
import { groupReasons, groupTodos, type TodoGroup } from '../../app/todos/todoGroups';
import { todoListErrorText } from '../../app/todos/todoListErrors';
import { todoSource } from '../../app/todos/todoLists';
import type { TodoService } from '../../app/todos/todoService';
import { todoTooltipMarkdown } from '../../app/todos/todoTooltip';
import { TodoViewFilter } from '../../app/todos/todoViewFilter';
import type { GitLabError } from '../../gitlab';
import { COMMANDS, CONTEXT_KEYS, STATE_KEYS, VIEWS } from '../../ids';
import * as plainWindow from '../plainWindow';
import type { Session } from '../session';
import { errorItem, loadingItem, loadMoreItem, showLogItem } from '../lists/listStatusItems';

export type TodoNode =
  | { type: 'instance'; instance: string; url: string; user?: string }
  | { type: 'todo'; instance: string; group: TodoGroup }
  | { type: 'loading' | 'empty' | 'loadMore' | 'noTodoList' | 'noSnoozedList' | 'showLog'; instance: string }
  | { type: 'error'; instance: string; error: GitLabError };

/** A server without GitLab's To-Do List answers 404 on `/todos` (the interface spec has none): not a failure. */
const hasNoTodoList = (error: GitLabError): boolean => error.kind === 'unsupported' || error.kind === 'notFound';

/**
 * The To-Do List view: each signed-in instance's Pending, Snoozed or Done list (a root per instance while several
 * are), one row per thing, as the service's lists hold them; the list and its filter switch as the Activity view's
 * tabs do (the plan travels down with a reset). What an instance's GitLab cannot do is hidden and said once.
 */
export class TodoView implements vscode.TreeDataProvider<TodoNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<TodoNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly view: vscode.TreeView<TodoNode>;
  private readonly disposables: vscode.Disposable[] = [];
  private readonly t = keepPlainMessages(vscode.l10n.t);
  private readonly zone = localZone();
  private filterTurn = 0;
  /** Instances whose missing actions were already explained in this window. */
  private readonly noted = new Set<string>();

  constructor(
    private readonly session: Session,
    private readonly service: TodoService,
    private readonly state: vscode.Memento,
    private readonly clock: Clock,
  ) {
    this.view = vscode.window.createTreeView(VIEWS.todos, { treeDataProvider: this, showCollapseAll: false });
    this.describeFilter();
    void this.publishFilterContext();
    this.disposables.push(
      this.view,
      service.lists.onDidChange(() => this.changed.fire(undefined)),
      service.features.onDidChange(() => {
        void this.publishFeatureContext();
        this.changed.fire(undefined);
      }),
      service.onDidCount(() => this.updateBadge()),
      this.changed.event(() => this.updateBadge()),
      session.onDidChange(() => {
        service.sessionChanged();
        void this.publishNoTodoList();
        void this.publishFeatureContext();
      }),
      // A username learnt later names an instance's root; the lists stay.
      session.onDidLearnUsername(() => this.changed.fire(undefined)),
    );
  }

  get filter(): TodoViewFilter {
    return this.service.filter;
  }

  /**
   * A new list or filter (valid: made where it was chosen) travels down into the lists with the reset it causes; the
   * rows shown stay, under the view's progress bar, until the new first pages arrive, then the description follows.
   */
  async setFilter(filter: TodoViewFilter): Promise<void> {
    if (filter.equals(this.service.filter)) return;
    const turn = ++this.filterTurn;
    this.service.setFilter(filter);
    await this.state.update(STATE_KEYS.todoFilter, filter.equals(TodoViewFilter.EMPTY) ? undefined : filter.serialize());
    void this.publishFilterContext();
    // The new first pages start now, not when VS Code next asks for the rows, so the progress bar waits for them.
    if (this.view.visible) for (const account of this.session.all) void this.service.lists.load(todoSource(account.key));
    this.changed.fire(undefined);
    await vscode.window.withProgress({ location: { viewId: VIEWS.todos } }, async () => {
      await this.service.lists.whenIdle();
      this.service.lists.dropStale();
    });
    if (turn === this.filterTurn) this.describeFilter();
  }

  /** The list and filter in the view's description and, as VS Code hides it while the view is alone, its message. */
  private describeFilter(): void {
    // A project's or group's path is the server's text.
    const text = inert(this.filter.describe(vscode.l10n.t));
    this.view.description = text || undefined;
    this.view.message = text && this.session.signedIn ? inert(this.filter.message(vscode.l10n.t)) : undefined;
  }

  private publishFilterContext(): Thenable<unknown> {
    return Promise.all([
      vscode.commands.executeCommand('setContext', CONTEXT_KEYS.todosList, this.filter.list),
      vscode.commands.executeCommand('setContext', CONTEXT_KEYS.todosFiltered, this.filter.narrowed),
    ]);
  }

  /**
   * The context key of the menus' `when` clauses: whether any signed-in instance can snooze (each row's context value
   * says whether its own can). Undo, offered in messages, is left out of them where the GitLab cannot restore.
   */
  private publishFeatureContext(): Thenable<unknown> {
    return vscode.commands.executeCommand('setContext', CONTEXT_KEYS.todosCanSnooze, this.service.features.anyCanSnooze);
  }

  /** What a list's answer says of `instance`: whether it has a To-Do List at all (the title bar's actions follow). */
  private learnTodoList(instance: string, has: boolean): void {
    if (this.service.features.learnList(instance, has)) void this.publishNoTodoList();
  }

  private publishNoTodoList(): Thenable<unknown> {
    const none = this.service.features.noneHasList(this.session.all.map((account) => account.key));
    return vscode.commands.executeCommand('setContext', CONTEXT_KEYS.todosNoList, none);
  }

  /** Once per instance and window, after its list has come: why some actions are not offered there. */
  private async noteMissingFeatures(instance: string): Promise<void> {
    if (this.noted.has(instance)) return;
    this.noted.add(instance);
    const note = missingFeaturesNote(await this.service.features.of(instance), instanceHost(this.urlOfInstance(instance)), vscode.l10n.t);
    if (note) void plainWindow.showInformationMessage(note);
  }

  getChildren(node?: TodoNode): TodoNode[] {
    if (!this.session.signedIn) return [];
    const accounts = this.session.all;
    if (!node) {
      if (accounts.length > 1) return accounts.map((a) => ({ type: 'instance', instance: a.key, url: a.instanceUrl, user: personName({ username: a.username }) || undefined }));
      return accounts.length === 1 ? this.listChildren(accounts[0].key) : [];
    }
    return node.type === 'instance' ? this.listChildren(node.instance) : [];
  }

  private listChildren(instance: string): TodoNode[] {
    const source = todoSource(instance);
    const lists = this.service.lists;
    const state = lists.get(source.key);
    if (!state.started && !state.loading && !state.hasError) void lists.load(source);
    void this.service.features.of(instance);
    const list = lists.rows(source.key);
    if (list.waiting) return [{ type: 'loading', instance }];
    const error = list.after === 'error' ? lists.errorOf(source.key) : undefined;
    if (error && list.items.length === 0) {
      if (this.filter.list === 'snoozed' && error.kind === 'unsupported') {
        // Its version is to blame only where the features say it cannot list snoozed to-dos; else GitLab's answer is said.
        const features = this.service.features.known(instance);
        if (!features) return [{ type: 'loading', instance }];
        if (!features.listSnoozed) return [{ type: 'noSnoozedList', instance }];
      } else if (hasNoTodoList(error)) {
        this.learnTodoList(instance, false);
        return [{ type: 'noTodoList', instance }];
      }
    }
    if (!error) this.learnTodoList(instance, true);
    if (!error && !state.stale) void this.noteMissingFeatures(instance);
    const groups = groupTodos(list.items);
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
      case 'empty': return infoItem(this.emptyText(), 'check-all');
      case 'noTodoList': return infoItem(vscode.l10n.t('This GitLab server has no To-Do List.'), 'info');
      case 'noSnoozedList': return infoItem(vscode.l10n.t('This GitLab cannot list snoozed to-dos (it needs GitLab 17.8 or later).'), 'info');
      case 'error': {
        const message = todoListErrorText(this.filter.list, node.error, vscode.l10n.t);
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

  private emptyText(): string {
    if (this.filter.narrowed) return vscode.l10n.t('No to-dos match the filter.');
    switch (this.filter.list) {
      case 'pending': return vscode.l10n.t('Nothing to do.');
      case 'snoozed': return vscode.l10n.t('Nothing is snoozed.');
      case 'done': return vscode.l10n.t('Nothing done yet.');
    }
  }

  private todoItem(node: TodoNode & { type: 'todo' }): vscode.TreeItem {
    const { group } = node;
    const label = [group.reference, group.title].filter(Boolean).join(' ') || group.targetType;
    const item = new vscode.TreeItem(label);
    item.id = `todo:${node.instance}:${group.key}`;
    const now = this.clock.now();
    const when = this.filter.list === 'snoozed' ? this.snoozedUntil(group, now)
      : relativeTime(group.latest, { now, zone: this.zone, t: this.t });
    item.description = [groupReasons(group, this.t), group.place, when].filter(Boolean).join(' · ');
    item.iconPath = new vscode.ThemeIcon(iconOf(group.targetType));
    item.contextValue = todoRowContext(this.filter.list, this.service.features.known(node.instance), group.todos.length);
    item.command = { command: COMMANDS.todosOpen, title: vscode.l10n.t('Open'), arguments: [node] };
    return item;
  }

  /** "until Mon 30 Nov 09:00": the earliest end among the row's snoozed to-dos. */
  private snoozedUntil(group: TodoGroup, now: number): string | undefined {
    const ends = group.todos.map((todo) => Date.parse(todo.snoozed_until ?? '')).filter(Number.isFinite);
    if (ends.length === 0) return undefined;
    return vscode.l10n.t('until {0}', formatSnoozeEnd(Math.min(...ends), now, this.zone, this.t));
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

  urlOfInstance(instance: string): string {
    return this.session.all.find((account) => account.key === instance)?.instanceUrl ?? instance;
  }

  /** GitLab's count of pending to-dos not snoozed (see `TodoService.pendingCount`). */
  private updateBadge(): void {
    const { count, more } = this.service.pendingCount();
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

function infoItem(label: string, icon: string): vscode.TreeItem {
  const item = new vscode.TreeItem(label);
  item.iconPath = new vscode.ThemeIcon(icon);
  return item;
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
