import { GitLabError } from '../../gitlab/errors';
import type { TodoApi } from '../../gitlab/todoApi';
import type { Todo, TodoFeatures } from '../../gitlab/todoTypes';
import { accountNow, type AccountGone, type AccountNow, type ActionAccount } from '../actionAccount';
import { Emitter } from '../emitter';
import type { TodoActionKind } from './todoActions';
import { markTodosDone, restoreTodos, snoozeTodos, unsnoozeTodos, type TodoBulkResult } from './todoBulk';
import { PendingCounts, type TodoCount } from './todoCounts';
import { TodoFeatureMap } from './todoFeatures';
import { createTodoLists, todoListPlan, todoSource, type TodoLists } from './todoLists';
import { markAllDone } from './todoMarkAll';
import { TodoViewFilter } from './todoViewFilter';

/**
 * A signed-in account as the To-Do List reads it: its instance's key and URL, and its own To-Do client. An action
 * keeps the one it started with (`ActionAccount`): its Undo does nothing once another is signed in there.
 */
export interface TodoAccount extends ActionAccount {
  readonly todos: TodoApi;
}

export interface TodoServiceDeps {
  accounts(): readonly TodoAccount[];
  pageSize(): number;
  log: { error(what: string, error: unknown): void; warn(message: string): void };
  /** The list and filter the lists start with (the one kept in the workspace). */
  filter: TodoViewFilter;
}

/**
 * How an action on to-dos went: those GitLab changed; the first failure, when some failed (they are back in the
 * list); or why nothing was done (`gone`: the account it was for signed out, or another signed in there).
 */
export interface TodoActionOutcome {
  action: TodoActionKind;
  changed: number[];
  failure?: GitLabError;
  gone?: AccountGone;
}

/**
 * Mark All's outcome: how many were marked, whether more may match, each account's failure, what Undo restores, and
 * the accounts gone since the question was asked (nothing marked there).
 */
export interface MarkAllOutcome {
  count: number;
  cut: boolean;
  failures: TodoActionOutcome[];
  /** Per account, the to-dos marked, where its GitLab can restore them. */
  undoable: Array<{ account: TodoAccount; ids: number[] }>;
  gone: AccountGone[];
}

/**
 * The To-Do List below its view: the lists of every signed-in account (through the one list machinery), the list and
 * filter they follow, what each GitLab offers, the pending count, and the actions. An action moves its to-dos out of
 * the list at once (`ListStore.hide`), asks GitLab, and puts back what GitLab refused; the view redraws from the
 * lists' change, and the commands say how it went. Knows no editor: the view and the commands are above it.
 */
export class TodoService {
  readonly lists: TodoLists;
  readonly features: TodoFeatureMap;
  private readonly counts: PendingCounts;
  private readonly countChanges = new Emitter<void>();
  /** GitLab's pending count changed: the badge follows. */
  readonly onDidCount = this.countChanges.event;
  private current: TodoViewFilter;

  constructor(private readonly deps: TodoServiceDeps) {
    this.current = deps.filter;
    this.features = new TodoFeatureMap((instance) => this.api(instance), deps.log);
    this.counts = new PendingCounts({ accounts: () => deps.accounts(), hiddenPending: (instance) => this.hiddenPending(instance), log: deps.log });
    this.lists = createTodoLists(this.planOptions());
  }

  get filter(): TodoViewFilter {
    return this.current;
  }

  /** The To-Do client of a signed-in instance: never another instance's token. */
  api(instance: string): TodoApi | undefined {
    return this.accountAt(instance)?.todos;
  }

  /** The account signed in at `instance` now: an action started now belongs to it. */
  accountAt(instance: string): TodoAccount | undefined {
    return this.deps.accounts().find((account) => account.key === instance);
  }

  /** Every account signed in now, as they are now (a copy): Mark All's question is asked for these. */
  accountsNow(): readonly TodoAccount[] {
    return [...this.deps.accounts()];
  }

  /** `account` as signed in now (its client of now), or why an action of it does nothing. */
  accountNow(account: TodoAccount): AccountNow<TodoAccount> {
    return accountNow(account, this.deps.accounts(), (a) => a.todos);
  }

  private planOptions() {
    return { pageSize: this.deps.pageSize(), filter: this.current, api: (source: { instance: string }) => this.api(source.instance) };
  }

  /** Every list is read again (and the count). */
  refresh(): void {
    this.lists.reset({ plan: todoListPlan(this.planOptions()) });
    this.pendingChanged();
  }

  /** Signed in or out: every GitLab is asked again what it offers, and every list read again. */
  sessionChanged(): void {
    this.features.clear();
    this.refresh();
  }

  /**
   * A new list or filter (valid: made where it was chosen) travels down into the lists with the reset it causes; the
   * rows shown stay, marked stale, until the new first pages arrive.
   */
  setFilter(filter: TodoViewFilter): void {
    this.current = filter;
    this.lists.reset({ keepShown: true, plan: todoListPlan(this.planOptions()) });
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

  /**
   * Marks `ids` done for `account` (the one whose list shows them), out of the list at once. `undoable`: GitLab can
   * restore them (`restore`, for the same account).
   */
  async markDone(account: TodoAccount, ids: number[]): Promise<TodoActionOutcome & { undoable: boolean }> {
    let undoable = false;
    const outcome = await this.act(account, 'done', ids, { hide: true }, (api, features) => {
      undoable = features.restore;
      return markTodosDone(api, ids, { features });
    });
    return { ...outcome, undoable };
  }

  /** Undo of Mark as Done (GitLab's restore), for the account that marked them: back in the list once all are restored. */
  restore(account: TodoAccount, ids: number[]): Promise<TodoActionOutcome> {
    return this.act(account, 'undo', ids, { showChanged: true }, (api, features) => restoreTodos(api, ids, { features }));
  }

  /** GitLab's own snooze of `ids` until `until` (epoch ms), for `account`: out of Pending at once. */
  snooze(account: TodoAccount, ids: number[], until: number): Promise<TodoActionOutcome> {
    // GitLab skips some silently (no longer pending, or not the caller's): they are not snoozed, and come back.
    return this.act(account, 'snooze', ids, { hide: true, showUnchanged: true }, (api, features) => snoozeTodos(api, ids, new Date(until), { features }));
  }

  /** Snoozed to-dos pending again now, for `account`: out of the Snoozed list at once. */
  unsnooze(account: TodoAccount, ids: number[]): Promise<TodoActionOutcome> {
    return this.act(account, 'unsnooze', ids, { hide: true, showUnchanged: true }, (api, features) => unsnoozeTodos(api, ids, { features }));
  }

  /** Undo of Snooze, for the account that snoozed them: pending again, and back in the list once all are. */
  undoSnooze(account: TodoAccount, ids: number[]): Promise<TodoActionOutcome> {
    return this.act(account, 'unsnooze', ids, { showChanged: true }, (api, features) => unsnoozeTodos(api, ids, { features }));
  }

  /**
   * One action on `ids` with `account`'s own client, as signed in now; nothing sent (and the to-dos back) when it is
   * no longer the one signed in at its instance, checked again after each wait before a request goes.
   */
  private async act(
    account: TodoAccount, action: TodoActionKind, ids: number[],
    rows: { hide?: boolean; showUnchanged?: boolean; showChanged?: boolean; recount?: boolean },
    bulk: (api: TodoApi, features: TodoFeatures) => Promise<TodoBulkResult>,
  ): Promise<TodoActionOutcome> {
    const instance = account.key;
    const before = this.accountNow(account);
    if (before.gone) return { action, changed: [], gone: before.gone };
    if (rows.hide) this.hide(instance, ids);
    const features = await this.features.of(instance);
    const now = this.accountNow(account);
    if (now.gone) {
      if (rows.hide) this.show(instance, ids);
      return { action, changed: [], gone: now.gone };
    }
    const result = await bulk(now.account.todos, features);
    if (rows.recount !== false) this.pendingChanged();
    if (rows.showUnchanged && result.unchanged.length > 0) this.show(instance, result.unchanged);
    const outcome = this.settle(instance, action, result);
    if (rows.showChanged && !outcome.failure) this.show(instance, outcome.changed);
    return outcome;
  }

  /**
   * Every to-do the list and filter match, on each of `accounts` (those signed in when the question was asked) still
   * signed in, loaded or not (`markAllDone` says how): the rows leave at once; the lists are read again once GitLab
   * has answered. An account gone since is left alone, and said in `gone`.
   */
  async markAll(accounts: readonly TodoAccount[] = this.accountsNow()): Promise<MarkAllOutcome> {
    const { list } = this.current;
    const outcome: MarkAllOutcome = { count: 0, cut: false, failures: [], undoable: [], gone: [] };
    if (list === 'done') return outcome;
    for (const asked of accounts) {
      const filter = this.current.serverFilter(asked.key);
      if (!filter) continue;
      const before = this.accountNow(asked);
      if (before.gone) {
        outcome.gone.push(before.gone);
        continue;
      }
      const shown = this.shownTodos(asked.key).map((todo) => todo.id);
      this.hide(asked.key, shown);
      const features = await this.features.of(asked.key);
      const { account, gone } = this.accountNow(asked);
      if (gone) {
        this.show(asked.key, shown);
        outcome.gone.push(gone);
        continue;
      }
      let settled: TodoActionOutcome;
      try {
        const result = await markAllDone(account.todos, { list, filter, keep: this.current.keep }, features);
        outcome.count += result.count;
        outcome.cut ||= result.cut;
        settled = this.settle(account.key, 'done', { changed: result.changed, unchanged: [], failed: result.failed });
        if (result.changed.length > 0 && features.restore) outcome.undoable.push({ account, ids: result.changed });
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

  /** Undo of Mark All: each account's to-dos restored, for that account only; the lists read again. */
  async undoMarkAll(undoable: MarkAllOutcome['undoable']): Promise<TodoActionOutcome[]> {
    const outcomes: TodoActionOutcome[] = [];
    for (const { account, ids } of undoable) {
      // Counted once, by the refresh below.
      const settled = await this.act(account, 'undo', ids, { recount: false }, (api, features) => restoreTodos(api, ids, { features }));
      if (settled.failure || settled.gone) outcomes.push(settled);
    }
    this.refresh();
    return outcomes;
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
