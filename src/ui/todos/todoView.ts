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
import { createTodoLists, todoListPlan, todoSource, type TodoLists } from '../../app/todos/todoLists';
import { todoTooltipMarkdown } from '../../app/todos/todoTooltip';
import { TodoViewFilter } from '../../app/todos/todoViewFilter';
import type { GitLabError } from '../../gitlab';
import type { TodoApi } from '../../gitlab/todoApi';
import type { Todo, TodoFeatures } from '../../gitlab/todoTypes';
import { COMMANDS, CONTEXT_KEYS, STATE_KEYS, VIEWS } from '../../ids';
import type { Log } from '../log';
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

const NO_FEATURES: TodoFeatures = {
  graphql: false, snooze: false, listSnoozed: false, restore: false, resolveMany: false, restoreMany: false, snoozeMany: false,
};

/**
 * The To-Do List view: each signed-in instance's Pending, Snoozed or Done list (a root per instance while several
 * are), one row per thing, read through the one list machinery; the list and its filter switch as the Activity view's
 * tabs do (the plan travels down with a reset). An action hides its to-dos at once and shows them again if GitLab
 * refuses (`hide`/`show`); what an instance's GitLab cannot do is hidden and said once.
 */
export class TodoView implements vscode.TreeDataProvider<TodoNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<TodoNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly lists: TodoLists;
  private readonly view: vscode.TreeView<TodoNode>;
  /**
   * To-dos an action moved out of the list shown, hidden until GitLab answers (and after, until the list is read again),
   * each by its account and id: two instances' to-dos may share ids.
   */
  private readonly hidden = new Set<string>();
  private readonly disposables: vscode.Disposable[] = [];
  private readonly t = keepPlainMessages(vscode.l10n.t);
  private readonly zone = localZone();
  private current: TodoViewFilter;
  private filterTurn = 0;
  /** Per instance: what its GitLab offers, asked once per sign-in. */
  private readonly features = new Map<string, { promise: Promise<TodoFeatures>; value?: TodoFeatures }>();
  /** Signed-in instances that answered they have no To-Do List: when all have, the title bar's actions go. */
  private readonly withoutTodoList = new Set<string>();
  /** Instances whose missing actions were already explained in this window. */
  private readonly noted = new Set<string>();
  /** Per instance: pending to-dos not snoozed, as GitLab counts them (`X-Total`), read apart from the list shown. */
  private readonly pendingCounts = new Map<string, { count: number; more: boolean }>();
  /** Per instance: how many of its pending rows were hidden when GitLab last counted (its count leaves them out already). */
  private readonly hiddenAtCount = new Map<string, number>();
  private countTurn = 0;

  constructor(
    readonly session: Session,
    private readonly pageSize: () => number,
    readonly log: Log,
    private readonly state: vscode.Memento,
    readonly clock: Clock,
  ) {
    // Stored data is untrusted: invalid parts are dropped, never sent.
    this.current = TodoViewFilter.deserialize(state.get(STATE_KEYS.todoFilter));
    this.lists = createTodoLists(this.planOptions());
    this.view = vscode.window.createTreeView(VIEWS.todos, { treeDataProvider: this, showCollapseAll: false });
    this.describeFilter();
    void this.publishFilterContext();
    this.disposables.push(
      this.view,
      this.lists.onDidChange(() => this.changed.fire(undefined)),
      this.changed.event(() => this.updateBadge()),
      session.onDidChange(() => {
        this.features.clear();
        this.withoutTodoList.clear();
        void this.publishNoTodoList();
        void this.publishFeatureContext();
        this.refresh();
      }),
      // A username learnt later names an instance's root; the lists stay.
      session.onDidLearnUsername(() => this.changed.fire(undefined)),
    );
  }

  get filter(): TodoViewFilter {
    return this.current;
  }

  private planOptions() {
    return { pageSize: this.pageSize(), filter: this.current, api: (source: { instance: string }) => this.session.todosFor(source.instance) };
  }

  refresh(): void {
    this.hidden.clear();
    this.lists.reset({ plan: todoListPlan(this.planOptions()) });
    void this.readPendingCounts();
  }

  loadMore(instance: string): void {
    void this.lists.loadMore(todoSource(instance));
  }

  /**
   * A new list or filter (valid: made where it was chosen) travels down into the lists with the reset it causes; the
   * rows shown stay, under the view's progress bar, until the new first pages arrive, then the description follows.
   */
  async setFilter(filter: TodoViewFilter): Promise<void> {
    if (filter.equals(this.current)) return;
    const turn = ++this.filterTurn;
    this.current = filter;
    await this.state.update(STATE_KEYS.todoFilter, filter.equals(TodoViewFilter.EMPTY) ? undefined : filter.serialize());
    void this.publishFilterContext();
    this.hidden.clear();
    this.lists.reset({ keepShown: true, plan: todoListPlan(this.planOptions()) });
    // The new first pages start now, not when VS Code next asks for the rows, so the progress bar waits for them.
    if (this.view.visible) for (const account of this.session.all) void this.lists.load(todoSource(account.key));
    this.changed.fire(undefined);
    void this.readPendingCounts();
    await vscode.window.withProgress({ location: { viewId: VIEWS.todos } }, async () => {
      await this.lists.whenIdle();
      this.lists.dropStale();
    });
    if (turn === this.filterTurn) this.describeFilter();
  }

  /** The list and filter in the view's description and, as VS Code hides it while the view is alone, its message. */
  private describeFilter(): void {
    // A project's or group's path is the server's text.
    const text = inert(this.current.describe(vscode.l10n.t));
    this.view.description = text || undefined;
    this.view.message = text && this.session.signedIn ? inert(this.current.message(vscode.l10n.t)) : undefined;
  }

  private publishFilterContext(): Thenable<unknown> {
    return Promise.all([
      vscode.commands.executeCommand('setContext', CONTEXT_KEYS.todosList, this.current.list),
      vscode.commands.executeCommand('setContext', CONTEXT_KEYS.todosFiltered, this.current.narrowed),
    ]);
  }

  /** The To-Do client of a signed-in instance. */
  api(instance: string): TodoApi | undefined {
    return this.session.todosFor(instance);
  }

  /** What `instance`'s GitLab offers beyond REST; none while unknown or when it cannot be asked. */
  featuresOf(instance: string): Promise<TodoFeatures> {
    let entry = this.features.get(instance);
    if (!entry) {
      const api = this.api(instance);
      const promise = api ? api.getTodoFeatures().catch((error: unknown) => {
        this.log.error('Reading what the To-Do List of this GitLab offers', error);
        // Tried again at the next sign-in or refresh of the session.
        return NO_FEATURES;
      }) : Promise.resolve(NO_FEATURES);
      const made: { promise: Promise<TodoFeatures>; value?: TodoFeatures } = { promise };
      entry = made;
      this.features.set(instance, made);
      void promise.then((value) => {
        made.value = value;
        void this.publishFeatureContext();
        this.changed.fire(undefined);
      });
    }
    return entry.promise;
  }

  /**
   * The context key of the menus' `when` clauses: whether any signed-in instance can snooze (each row's context value
   * says whether its own can). Undo, offered in messages, is left out of them where the GitLab cannot restore.
   */
  private publishFeatureContext(): Thenable<unknown> {
    const known = [...this.features.values()].map((entry) => entry.value).filter((value) => value !== undefined);
    return vscode.commands.executeCommand('setContext', CONTEXT_KEYS.todosCanSnooze, known.some((f) => f.snooze));
  }

  /** What a list's answer says of `instance`: whether it has a To-Do List at all (the title bar's actions follow). */
  private learnTodoList(instance: string, has: boolean): void {
    if (has === !this.withoutTodoList.has(instance)) return;
    if (has) this.withoutTodoList.delete(instance);
    else this.withoutTodoList.add(instance);
    void this.publishNoTodoList();
  }

  private publishNoTodoList(): Thenable<unknown> {
    const accounts = this.session.all;
    const none = accounts.length > 0 && accounts.every((account) => this.withoutTodoList.has(account.key));
    return vscode.commands.executeCommand('setContext', CONTEXT_KEYS.todosNoList, none);
  }

  /** Once per instance and window, after its list has come: why some actions are not offered there. */
  private async noteMissingFeatures(instance: string): Promise<void> {
    if (this.noted.has(instance)) return;
    this.noted.add(instance);
    const note = missingFeaturesNote(await this.featuresOf(instance), instanceHost(this.urlOfInstance(instance)), vscode.l10n.t);
    if (note) void plainWindow.showInformationMessage(note);
  }

  /** Moves `instance`'s to-dos out of the list shown, at once (an action was asked for). */
  hide(instance: string, ids: readonly number[]): void {
    for (const id of ids) this.hidden.add(hiddenKey(instance, id));
    this.changed.fire(undefined);
  }

  /** Puts `instance`'s to-dos back (the action failed, or was undone). */
  show(instance: string, ids: readonly number[]): void {
    for (const id of ids) this.hidden.delete(hiddenKey(instance, id));
    this.changed.fire(undefined);
  }

  /** The to-dos of `instance`'s list as loaded and not hidden. */
  shownTodos(instance: string): Todo[] {
    return this.lists.rows(todoSource(instance).key).items.filter((todo) => !this.hidden.has(hiddenKey(instance, todo.id)));
  }

  /**
   * Pending to-dos a check found that the list has not read: they join the Pending list at once (where it is shown
   * unnarrowed: a narrowed one would need its filter applied here), and the count is read again.
   */
  arrived(instance: string, todos: readonly Todo[]): void {
    if (this.current.list === 'pending' && !this.current.narrowed) this.lists.prepend(todoSource(instance).key, todos);
    this.pendingChanged();
  }

  /** The pending count may have changed without the list shown saying so (another list is shown). */
  pendingChanged(): void {
    void this.readPendingCounts();
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
    const state = this.lists.get(source.key);
    if (!state.started && !state.loading && !state.hasError) void this.lists.load(source);
    void this.featuresOf(instance);
    const list = this.lists.rows(source.key);
    if (list.waiting) return [{ type: 'loading', instance }];
    const error = list.after === 'error' ? this.lists.errorOf(source.key) : undefined;
    if (error && list.items.length === 0) {
      if (this.current.list === 'snoozed' && error.kind === 'unsupported') {
        // Its version is to blame only where the features say it cannot list snoozed to-dos; else GitLab's answer is said.
        const features = this.features.get(instance)?.value;
        if (!features) return [{ type: 'loading', instance }];
        if (!features.listSnoozed) return [{ type: 'noSnoozedList', instance }];
      } else if (hasNoTodoList(error)) {
        this.learnTodoList(instance, false);
        return [{ type: 'noTodoList', instance }];
      }
    }
    if (!error) this.learnTodoList(instance, true);
    if (!error && !state.stale) void this.noteMissingFeatures(instance);
    const groups = groupTodos(this.shownTodos(instance));
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
        const message = todoListErrorText(this.current.list, node.error, vscode.l10n.t);
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
    if (this.current.narrowed) return vscode.l10n.t('No to-dos match the filter.');
    switch (this.current.list) {
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
    const when = this.current.list === 'snoozed' ? this.snoozedUntil(group, now)
      : relativeTime(group.latest, { now, zone: this.zone, t: this.t });
    item.description = [groupReasons(group, this.t), group.place, when].filter(Boolean).join(' · ');
    item.iconPath = new vscode.ThemeIcon(iconOf(group.targetType));
    item.contextValue = todoRowContext(this.current.list, this.features.get(node.instance)?.value, group.todos.length);
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

  /**
   * Per instance, pending to-dos not snoozed, as GitLab counts them: one request of one item (`X-Total` of its pending
   * listing, which leaves snoozed ones out), never the rows loaded. Without a total (GitLab omits it past 10,000) the
   * count is "at least" what that page says.
   */
  private async readPendingCounts(): Promise<void> {
    const turn = ++this.countTurn;
    await Promise.all(this.session.all.map(async (account) => {
      try {
        const page = await account.todos.listTodos({}, { page: 1, perPage: 1 });
        if (turn !== this.countTurn) return;
        this.hiddenAtCount.set(account.key, this.hiddenPending(account.key));
        this.pendingCounts.set(account.key, {
          count: page.total ?? page.items.length, more: page.total === undefined && page.nextPage !== undefined,
        });
      } catch (error) {
        this.log.warn(`Counting pending to-dos failed: ${(error as Error).message}`);
      }
    }));
    if (turn === this.countTurn) this.updateBadge();
  }

  /** Pending to-dos of `instance` an action has moved out of the Pending list and GitLab has not yet counted. */
  private hiddenPending(instance: string): number {
    if (this.current.list !== 'pending') return 0;
    return this.lists.rows(todoSource(instance).key).items.filter((todo) => this.hidden.has(hiddenKey(instance, todo.id))).length;
  }

  /**
   * Pending to-dos not snoozed, as GitLab counts them (`X-Total`), less those an action moved out since that count;
   * until a count comes, the Pending list's rows, "at least" while it has more pages.
   */
  private updateBadge(): void {
    let count = 0;
    let more = false;
    const whole = this.current.list === 'pending' && !this.current.narrowed;
    for (const account of this.session.all) {
      const counted = this.pendingCounts.get(account.key);
      if (counted) {
        const hiddenSince = Math.max(0, this.hiddenPending(account.key) - (this.hiddenAtCount.get(account.key) ?? 0));
        count += Math.max(0, counted.count - hiddenSince);
        more ||= counted.more;
      } else if (whole) {
        count += this.shownTodos(account.key).length;
        more ||= this.lists.rows(todoSource(account.key).key).after === 'loadMore';
      }
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

/** A hidden to-do: its account (the instance's key) and its id, as ids are only unique within one GitLab. */
const hiddenKey = (instance: string, id: number): string => `${instance}#${id}`;

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
