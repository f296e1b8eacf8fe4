import type { Todo } from '../../gitlab/todoTypes';

/**
 * The key of one to-do among every account's: GitLab's ids are per instance, so two instances (or two accounts) may
 * both have a to-do 7. The account is the view's instance key today; this is the one place that says so.
 */
export function accountTodoKey(account: string, id: number): string {
  return `${account}\u0000${id}`;
}

/**
 * To-dos an action moved out of the list shown, per account, until GitLab answers (and after, until the list is read
 * again): hiding account B's to-do 7 leaves account A's to-do 7 shown.
 */
export class HiddenTodos {
  private readonly keys = new Set<string>();

  hide(account: string, ids: readonly number[]): void {
    for (const id of ids) this.keys.add(accountTodoKey(account, id));
  }

  show(account: string, ids: readonly number[]): void {
    for (const id of ids) this.keys.delete(accountTodoKey(account, id));
  }

  has(account: string, id: number): boolean {
    return this.keys.has(accountTodoKey(account, id));
  }

  /** `todos` of `account` without the hidden ones. */
  shown(account: string, todos: readonly Todo[]): Todo[] {
    return todos.filter((todo) => !this.has(account, todo.id));
  }

  clear(): void {
    this.keys.clear();
  }
}
