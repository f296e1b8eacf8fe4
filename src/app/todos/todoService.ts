import { GitLabError } from '../../gitlab/errors';
import type { TodoApi } from '../../gitlab/todoApi';
import type { Todo } from '../../gitlab/todoTypes';
import { Emitter } from '../emitter';
import { ListService } from '../lists/listService';
import type { TodoActionKind } from './todoActions';
import { markTodosDone, restoreTodos, snoozeTodos, unsnoozeTodos, type TodoBulkResult } from './todoBulk';
import { PendingCounts, type TodoCount } from './todoCounts';
import { TodoFeatureMap } from './todoFeatures';
import { todoKey, todoListPlan, todoSource, type TodoSource } from './todoLists';
import { markAllDone } from './todoMarkAll';
import { TodoViewFilter } from './todoViewFilter';

/** A signed-in account as the To-Do List reads it: its instance's key and URL, and its own To-Do client. */
export interface TodoAccount {
  readonly key: string;
  readonly instanceUrl: string;
  readonly todos: TodoApi;
}

export interface TodoServiceDeps {
  accounts(): readonly TodoAccount[];
  pageSize(): number;
  log: { error(what: string, error: unknown): void; warn(message: string): void };
  /** The list and filter the lists start with (the one kept in the workspace). */
  filter: TodoViewFilter;
}

/** How an action on to-dos went: those GitLab changed; the first failure, when some failed (they are back in the list). */
export interface TodoActionOutcome {
  action: TodoActionKind;
  changed: number[];
  failure?: GitLabError;
}

/** Mark All's outcome: how many were marked, whether more may match, each account's failure, and what Undo restores. */
export interface MarkAllOutcome {
  count: number;
  cut: boolean;
  failures: TodoActionOutcome[];
  /** Per account, the to-dos marked, where its GitLab can restore them. */
  undoable: Array<{ instance: string; ids: number[] }>;
}

/**
 * The To-Do List below its view: the lists of every signed-in account (through the one list machinery), the list and
 * filter they follow, what each GitLab offers, the pending count, and the actions. An action moves its to-dos out of
 * the list at once (`ListStore.hide`), asks GitLab, and puts back what GitLab refused; the view redraws from the
 * lists' change, and the commands say how it went. Knows no editor: the view and the commands are above it.
 */
export class TodoService extends ListService<TodoSource, Todo, undefined, TodoViewFilter, TodoAccount> {
  readonly features: TodoFeatureMap;
  private readonly counts: PendingCounts;
  private readonly countChanges = new Emitter<void>();
  /** GitLab's pending count changed: the badge follows. */
  readonly onDidCount = this.countChanges.event;

  constructor(private readonly deps: TodoServiceDeps) {
    super(deps, todoKey);
    this.features = new TodoFeatureMap((instance) => this.api(instance), deps.log);
    this.counts = new PendingCounts({ accounts: () => deps.accounts(), hiddenPending: (instance) => this.hiddenPending(instance), log: deps.log });
  }

  /** The To-Do client of a signed-in instance: never another instance's token. */
  api(instance: string): TodoApi | undefined {
    return this.account(instance)?.todos;
  }

  protected plan() {
    return todoListPlan({ pageSize: this.base.pageSize(), filter: this.current, api: (source: { instance: string }) => this.api(source.instance) });
  }

  /** Every list is read again (and the count). */
  override refresh(): void {
    super.refresh();
    this.pendingChanged();
  }

  /** Signed in or out: every GitLab is asked again what it offers, and every list read again. */
  override sessionChanged(): void {
    this.features.clear();
    this.refresh();
  }

  /** A new list or filter: down into the lists (see `ListService.setFilter`), and the count read again. */
  override setFilter(filter: TodoViewFilter): void {
    super.setFilter(filter);
    this.pendingChanged();
  }

  /** The to-dos of `instance`'s list as loaded and not hidden. */
  shownTodos(instance: string): readonly Todo[] {
    return this.lists.rows(todoSource(instance).key).items;
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
    void this.counts.read().then((last) => {
      if (last) this.countChanges.fire();
    });
  }

  /**
   * Pending to-dos not snoozed, as GitLab counts them (`X-Total`), less those an action moved out since that count;
   * until a count comes, the Pending list's rows, "at least" while it has more pages.
   */
  pendingCount(): TodoCount {
    let count = 0;
    let more = false;
    const whole = this.current.list === 'pending' && !this.current.narrowed;
    for (const account of this.deps.accounts()) {
      const counted = this.counts.of(account.key);
      if (counted) {
        count += counted.count;
        more ||= counted.more;
      } else if (whole) {
        const rows = this.lists.rows(todoSource(account.key).key);
        count += rows.items.length;
        more ||= rows.after === 'loadMore';
      }
    }
    return { count, more };
  }

  /** Pending to-dos of `instance` an action has moved out of the Pending list. */
  private hiddenPending(instance: string): number {
    return this.current.list === 'pending' ? this.lists.hiddenItems(todoSource(instance).key).length : 0;
  }

  private hide(instance: string, ids: readonly number[]): void {
    this.lists.hide(todoSource(instance).key, ids);
  }

  private show(instance: string, ids: readonly number[]): void {
    this.lists.show(todoSource(instance).key, ids);
  }

  /** Marks `ids` done, out of the list at once. `undoable`: GitLab can restore them. */
  async markDone(instance: string, ids: number[]): Promise<TodoActionOutcome & { undoable: boolean }> {
    this.hide(instance, ids);
    const features = await this.features.of(instance);
    const result = await this.run(instance, (api) => markTodosDone(api, ids, { features }), ids);
    this.pendingChanged();
    return { ...this.settle(instance, 'done', result), undoable: features.restore };
  }

  /** Undo of Mark as Done (GitLab's restore): back in the list once all are restored. */
  async restore(instance: string, ids: number[]): Promise<TodoActionOutcome> {
    const features = await this.features.of(instance);
    const result = await this.run(instance, (api) => restoreTodos(api, ids, { features }), ids);
    this.pendingChanged();
    const outcome = this.settle(instance, 'undo', result);
    if (!outcome.failure) this.show(instance, outcome.changed);
    return outcome;
  }

  /** GitLab's own snooze of `ids` until `until` (epoch ms): out of Pending at once. */
  async snooze(instance: string, ids: number[], until: number): Promise<TodoActionOutcome> {
    this.hide(instance, ids);
    const features = await this.features.of(instance);
    const result = await this.run(instance, (api) => snoozeTodos(api, ids, new Date(until), { features }), ids);
    this.pendingChanged();
    // GitLab skipped these silently (no longer pending, or not the caller's): they are not snoozed.
    if (result.unchanged.length > 0) this.show(instance, result.unchanged);
    return this.settle(instance, 'snooze', result);
  }

  /** Snoozed to-dos pending again now: out of the Snoozed list at once. */
  async unsnooze(instance: string, ids: number[]): Promise<TodoActionOutcome> {
    this.hide(instance, ids);
    const features = await this.features.of(instance);
    const result = await this.run(instance, (api) => unsnoozeTodos(api, ids, { features }), ids);
    this.pendingChanged();
    if (result.unchanged.length > 0) this.show(instance, result.unchanged);
    return this.settle(instance, 'unsnooze', result);
  }

  /** Undo of Snooze: pending again, and back in the list once all are. */
  async undoSnooze(instance: string, ids: number[]): Promise<TodoActionOutcome> {
    const features = await this.features.of(instance);
    const result = await this.run(instance, (api) => unsnoozeTodos(api, ids, { features }), ids);
    this.pendingChanged();
    const outcome = this.settle(instance, 'unsnooze', result);
    if (!outcome.failure) this.show(instance, outcome.changed);
    return outcome;
  }

  /**
   * Every to-do the list and filter match, on every signed-in account, loaded or not (`markAllDone` says how): the rows
   * leave at once; the lists are read again once GitLab has answered.
   */
  async markAll(): Promise<MarkAllOutcome> {
    const { list } = this.current;
    const outcome: MarkAllOutcome = { count: 0, cut: false, failures: [], undoable: [] };
    if (list === 'done') return outcome;
    for (const account of this.deps.accounts()) {
      const filter = this.current.serverFilter(account.key);
      if (!filter) continue;
      const shown = this.shownTodos(account.key).map((todo) => todo.id);
      this.hide(account.key, shown);
      const features = await this.features.of(account.key);
      let settled: TodoActionOutcome;
      try {
        const result = await markAllDone(account.todos, { list, filter, keep: this.current.keep }, features);
        outcome.count += result.count;
        outcome.cut ||= result.cut;
        settled = this.settle(account.key, 'done', { changed: result.changed, unchanged: [], failed: result.failed });
        if (result.changed.length > 0 && features.restore) outcome.undoable.push({ instance: account.key, ids: result.changed });
      } catch (error) {
        const failure = error instanceof GitLabError ? error : new GitLabError('badResponse', String(error));
        settled = this.settle(account.key, 'done', { changed: [], unchanged: [], failed: shown.map((id) => ({ id, error: failure })) });
        if (shown.length === 0) this.deps.log.error('To-do action done', failure);
      }
      if (settled.failure) outcome.failures.push(settled);
    }
    this.refresh();
    return outcome;
  }

  /** Undo of Mark All: each account's to-dos restored; the lists read again. */
  async undoMarkAll(undoable: MarkAllOutcome['undoable']): Promise<TodoActionOutcome[]> {
    const failures: TodoActionOutcome[] = [];
    for (const { instance, ids } of undoable) {
      const features = await this.features.of(instance);
      const settled = this.settle(instance, 'undo', await this.run(instance, (api) => restoreTodos(api, ids, { features }), ids));
      if (settled.failure) failures.push(settled);
    }
    this.refresh();
    return failures;
  }

  /** `bulk` with `instance`'s own client; signed out meanwhile, every to-do failed as cancelled. */
  private run(instance: string, bulk: (api: TodoApi) => Promise<TodoBulkResult>, ids: readonly number[]): Promise<TodoBulkResult> {
    const api = this.api(instance);
    if (api) return bulk(api);
    const error = new GitLabError('cancelled', 'Signed out.');
    return Promise.resolve({ changed: [], unchanged: [], failed: ids.map((id) => ({ id, error })) });
  }

  /** `result`'s failed to-dos back in the list, the failure logged. */
  private settle(instance: string, action: TodoActionKind, result: TodoBulkResult): TodoActionOutcome {
    if (result.failed.length === 0) return { action, changed: result.changed };
    this.show(instance, result.failed.map((failure) => failure.id));
    const { error } = result.failed[0];
    this.deps.log.error(`To-do action ${action}`, error);
    return { action, changed: result.changed, failure: error };
  }
}
