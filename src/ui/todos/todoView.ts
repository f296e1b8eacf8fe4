import * as vscode from 'vscode';
import { localZone } from '../../app/calendar';
import { relativeTime } from '../../app/activity/relativeTime';
import { instanceHost } from '../../app/instance';
import type { ListRows } from '../../app/lists/listRows';
import { MAX_REQUESTS_PER_LOAD } from '../../app/lists/matchingLoader';
import { keepPlainMessages } from '../../app/localize';
import type { Clock } from '../../app/snoozeTime';
import { formatSnoozeEnd } from '../../app/snoozeTime';
import { missingFeaturesNote, todoRowContext } from '../../app/todos/todoActions';
import { groupReasons, groupTodos, type TodoGroup } from '../../app/todos/todoGroups';
import { todoListErrorText } from '../../app/todos/todoListErrors';
import { todoSource, type TodoSource } from '../../app/todos/todoLists';
import { thingFromTodo } from '../../app/subscriptions/thing';
import { thingIconId } from '../../app/thingIcons';
import type { TodoService } from '../../app/todos/todoService';
import { todoTooltipMarkdown } from '../../app/todos/todoTooltip';
import { TodoViewFilter } from '../../app/todos/todoViewFilter';
import { permissionLine } from '../../app/tokenPermissions';
import { inert } from '../../app/plainText';
import type { GitLabError } from '../../gitlab';
import type { Todo } from '../../gitlab/todoTypes';
import { COMMANDS, CONTEXT_KEYS, STATE_KEYS, VIEWS } from '../../ids';
import { InstanceListView, type InstanceListNode } from '../lists/instanceListView';
import type { StatusNode } from '../lists/listNodes';
import { errorRowCommand, type ListStatusLook } from '../lists/listStatusItems';
import type { Log } from '../log';
import * as plainWindow from '../plainWindow';
import type { Session } from '../session';
import { displayCount, displayLocalize } from '../displayLanguage';

/** The To-Do List's own rows: one per thing, or the calm line of a GitLab that cannot list. */
export type TodoRow =
  | { type: 'todo'; instance: string; group: TodoGroup }
  | { type: 'noTodoList' | 'noSnoozedList'; instance: string }
  /** The token lacks a fine-grained permission the To-Do List needs: `reason` says which. */
  | { type: 'noPermission'; instance: string; reason: string };

export type TodoNode = InstanceListNode<TodoSource, TodoRow>;

/** A server without GitLab's To-Do List answers 404 on `/todos` (the interface spec has none): not a failure. */
const hasNoTodoList = (error: GitLabError): boolean => error.kind === 'unsupported' || error.kind === 'notFound';

/**
 * The To-Do List view: each signed-in instance's Pending, Snoozed or Done list, one row per thing, in the list shell
 * (`InstanceListView`: roots, status rows, the filter); the service's lists hold the to-dos. This adds the rows, the
 * badge of GitLab's pending count, and what each GitLab lacks: its actions hidden (context keys) and said once.
 */
export class TodoView implements vscode.Disposable {
  readonly list: InstanceListView<TodoSource, Todo, undefined, TodoRow, TodoViewFilter>;
  private readonly disposables: vscode.Disposable[] = [];
  private readonly t = keepPlainMessages(displayLocalize());
  private readonly zone = localZone();
  /** Instances whose missing actions were already explained in this window. */
  private readonly noted = new Set<string>();

  constructor(
    private readonly session: Session,
    private readonly service: TodoService,
    state: vscode.Memento,
    private readonly clock: Clock,
    log: Log,
  ) {
    this.list = new InstanceListView<TodoSource, Todo, undefined, TodoRow, TodoViewFilter>({
      viewId: VIEWS.todos, session, log, service, lists: service.lists,
      top: (instance) => ({ list: todoSource(instance) }),
      rows: (source, list) => groupTodos(list.items).map((group) => ({ type: 'todo', instance: source.instance, group })),
      instead: (source, list, error) => this.calmLine(source.instance, list, error),
      idOf: (row) => (row.type === 'todo' ? `todo:${row.instance}:${row.group.key}` : `${row.type}/${row.instance}`),
      asked: (source) => void service.features.of(source.instance),
      rowItem: (row) => this.rowItem(row),
      resolveRow: (item, row) => this.resolveRow(item, row),
      look: this.statusLook(),
      filter: {
        state, key: STATE_KEYS.todoFilter, initial: service.filter, isEmpty: (filter) => filter.equals(TodoViewFilter.EMPTY),
        context: (filter) => ({ [CONTEXT_KEYS.todosList]: filter.list, [CONTEXT_KEYS.todosFiltered]: filter.narrowed }),
        pushDown: (filter) => service.setFilter(filter),
      },
    });
    this.disposables.push(
      this.list,
      // What a GitLab offers shows in its rows' menus: the rows that say something else are drawn again.
      service.features.onDidChange(() => {
        void this.publishFeatureContext();
        this.list.listsChanged();
      }),
      service.onDidCount(() => this.updateBadge()),
      service.lists.onDidChange(() => this.updateBadge()),
      session.onDidChange(() => {
        void this.publishNoTodoList();
        void this.publishFeatureContext();
      }),
    );
  }

  get filter(): TodoViewFilter {
    return this.list.filter;
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
    const note = missingFeaturesNote(await this.service.features.of(instance), instanceHost(this.list.instance(instance).url), displayLocalize());
    if (note) void plainWindow.showInformationMessage(note);
  }

  /** What replaces a list that failed for want of it: one calm line; meanwhile, what its answers say of its GitLab. */
  private calmLine(instance: string, list: ListRows<Todo>, error: GitLabError | undefined): Array<TodoRow | StatusNode<TodoSource>> | undefined {
    if (error && list.items.length === 0) {
      const refused = permissionLine('todos', error, this.t);
      if (refused) return [{ type: 'noPermission', instance, reason: refused }];
      if (this.filter.list === 'snoozed' && error.kind === 'unsupported') {
        // Its version is to blame only where the features say it cannot list snoozed to-dos; else GitLab's answer is said.
        const features = this.service.features.known(instance);
        if (!features) return [{ type: 'loading', source: todoSource(instance) }];
        if (!features.listSnoozed) return [{ type: 'noSnoozedList', instance }];
      } else if (hasNoTodoList(error)) {
        this.learnTodoList(instance, false);
        return [{ type: 'noTodoList', instance }];
      }
    }
    if (!error) this.learnTodoList(instance, true);
    if (!error && !this.service.lists.get(todoSource(instance).key).stale) void this.noteMissingFeatures(instance);
    return undefined;
  }

  /** The status rows in the To-Do List's words, and what they run. */
  private statusLook(): ListStatusLook<TodoSource> {
    return {
      loadMoreCommand: COMMANDS.todosLoadMore,
      continueTooltip: vscode.l10n.t('Few to-dos of this filter on the pages read so far: read up to {0} more pages', displayCount(MAX_REQUESTS_PER_LOAD)),
      emptyText: (filtered) => this.emptyText(filtered),
      emptyIcon: 'check-all',
      clearFilters: COMMANDS.todosClearFilters,
      end: { label: vscode.l10n.t('End of the To-Do List'), tooltip: vscode.l10n.t('GitLab has no further pages for this list and filter.') },
      errorRow: (node) => ({
        action: errorRowCommand(node.error, this.list.instance(node.source.instance).url, { command: COMMANDS.todosRefresh }),
        message: todoListErrorText(this.filter.list, node.error, displayLocalize()),
      }),
    };
  }

  private emptyText(filtered: boolean): string {
    if (filtered) return vscode.l10n.t('No to-dos match the filter.');
    switch (this.filter.list) {
      case 'pending': return vscode.l10n.t('Nothing to do.');
      case 'snoozed': return vscode.l10n.t('Nothing is snoozed.');
      case 'done': return vscode.l10n.t('Nothing done yet.');
    }
  }

  private rowItem(row: TodoRow): vscode.TreeItem {
    switch (row.type) {
      case 'todo': return this.todoItem(row);
      case 'noTodoList': return infoItem(vscode.l10n.t('This GitLab server has no To-Do List.'), 'info');
      case 'noSnoozedList': return infoItem(vscode.l10n.t('This GitLab cannot list snoozed to-dos (it needs GitLab 17.8 or later).'), 'info');
      case 'noPermission': {
        // GitLab's words are in the reason: plain text. A click signs in again to this instance, with another token.
        const item = infoItem(inert(row.reason), 'shield');
        item.tooltip = inert(row.reason);
        item.command = { command: COMMANDS.signIn, title: vscode.l10n.t('Sign In'), arguments: [this.list.instance(row.instance).url] };
        return item;
      }
    }
  }

  private todoItem(row: TodoRow & { type: 'todo' }): vscode.TreeItem {
    const { group } = row;
    const label = [group.reference, group.title].filter(Boolean).join(' ') || group.targetType;
    const item = new vscode.TreeItem(label);
    item.id = `todo:${row.instance}:${group.key}`;
    const now = this.clock.now();
    const when = this.filter.list === 'snoozed' ? this.snoozedUntil(group, now)
      : relativeTime(group.latest, { now, zone: this.zone, t: this.t });
    item.description = [groupReasons(group, this.t), group.place, when].filter(Boolean).join(' · ');
    item.iconPath = new vscode.ThemeIcon(thingIconId(group.targetType));
    // `thing`: about an issue, merge request or epic, which "Why Am I Notified About This?" and Unsubscribe take.
    const thing = thingFromTodo(group.todos[0], row.instance) ? ' thing' : '';
    item.contextValue = `${todoRowContext(this.filter.list, this.service.features.known(row.instance), group.todos.length)}${thing}`;
    item.command = { command: COMMANDS.todosOpen, title: vscode.l10n.t('Open'), arguments: [row] };
    return item;
  }

  /** "until Mon 30 Nov 09:00": the earliest end among the row's snoozed to-dos. */
  private snoozedUntil(group: TodoGroup, now: number): string | undefined {
    const ends = group.todos.map((todo) => Date.parse(todo.snoozed_until ?? '')).filter(Number.isFinite);
    if (ends.length === 0) return undefined;
    return vscode.l10n.t('until {0}', formatSnoozeEnd(Math.min(...ends), now, this.zone, this.t));
  }

  private resolveRow(item: vscode.TreeItem, row: TodoRow): vscode.TreeItem {
    if (row.type === 'todo') {
      const tooltip = new vscode.MarkdownString(todoTooltipMarkdown(row.group, this.t));
      tooltip.isTrusted = false;
      tooltip.supportHtml = false;
      tooltip.supportThemeIcons = false;
      item.tooltip = tooltip;
    }
    return item;
  }

  /** GitLab's count of pending to-dos not snoozed (see `TodoService.pendingCount`). */
  private updateBadge(): void {
    const { count, more } = this.service.pendingCount();
    this.list.view.badge = count === 0 ? undefined : {
      value: count,
      tooltip: more ? vscode.l10n.t('At least {0} pending to-dos', displayCount(count)) : vscode.l10n.t('{0} pending to-dos', displayCount(count)),
    };
  }

  dispose(): void {
    for (const disposable of this.disposables) disposable.dispose();
  }
}

function infoItem(label: string, icon: string): vscode.TreeItem {
  const item = new vscode.TreeItem(label);
  item.iconPath = new vscode.ThemeIcon(icon);
  return item;
}
