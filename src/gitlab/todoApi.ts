import type { CursorPage, Todo, TodoChange, TodoFeatures, TodoFilter, WorkingHours } from './todoTypes';
import type { Page, PageRequest } from './types';

/**
 * GitLab's To-Do List (notes/gitlab-todos.md). `TodoClient` implements it over the one `Transport`; tests of the
 * layers above may pass their own. Every call rejects only with a `GitLabError`; the kinds that matter here:
 *
 * - `unsupported`: this GitLab does not offer it: no To-Do List (`/todos` is 404: a server of the plain interface),
 *   no GraphQL (`/api/graphql` is 404), or a schema without the mutation or argument (an older GitLab). Say so once
 *   and hide the action; `getTodoFeatures` tells beforehand.
 * - `forbidden` with `missingScope`: the token lacks `read_api` (to read) or `api` (to change).
 * - `notFound`: the to-do is not the caller's (or is gone); over GraphQL also a token without `api` (GitLab answers
 *   both alike), so `missingScope` is `api` there.
 * - `validation`: an invalid filter, id or time, refused before anything is sent; or GitLab's refusal in its words.
 *
 * Reads are retried on network errors, 429 and 502–504; changes are sent once (again only after a 429, which GitLab
 * answers before acting), so a failed change may or may not have been done: read the list again to know.
 */
export interface TodoApi {
  /** One page of `GET /todos` (newest first): pending and not snoozed unless the filter says `done`. Pages may be short. */
  listTodos(filter: TodoFilter, page: PageRequest, signal?: AbortSignal): Promise<Page<Todo>>;
  /** Snoozed to-dos over GraphQL (GitLab ~17.8+), newest first; follow `endCursor`. */
  listSnoozedTodos(page: { after?: string; first?: number }, signal?: AbortSignal): Promise<CursorPage<Todo>>;
  /** `POST /todos/:id/mark_as_done`: the to-do, done (an already done one as it is). */
  markTodoDone(id: number, signal?: AbortSignal): Promise<Todo>;
  /** `POST /todos/mark_as_done`: every pending to-do that is not snoozed. GitLab does not say which: list again. */
  markAllTodosDone(signal?: AbortSignal): Promise<void>;
  /**
   * GraphQL `todosMarkAllDone` with a pending listing's filter: every pending, not snoozed to-do it matches, loaded
   * or not, in one request; answers the ids GitLab marked (Undo restores exactly those). `unsupported` without GraphQL,
   * or where this GitLab's mutation takes no filter and one is given.
   */
  markAllTodosDoneMatching(filter: TodoFilter, signal?: AbortSignal): Promise<number[]>;
  /** Undo of done (GraphQL `todoRestore`). */
  restoreTodo(id: number, signal?: AbortSignal): Promise<TodoChange>;
  /** GraphQL `todoSnooze` (GitLab 17.4+): pending still, but out of the pending list until `until`. */
  snoozeTodo(id: number, until: Date, signal?: AbortSignal): Promise<TodoChange>;
  /** GraphQL `todoUnSnooze` (GitLab 17.4+). */
  unsnoozeTodo(id: number, signal?: AbortSignal): Promise<TodoChange>;
  /**
   * The many-mutations (one request for up to `TODO_MANY_LIMITS` ids): answer the ids GitLab changed; it skips the
   * others silently (not the caller's, or not in the state the mutation changes). For any number of ids, with
   * fallback to one by one, use `src/app/todos/todoBulk.ts`.
   */
  resolveTodos(ids: readonly number[], signal?: AbortSignal): Promise<number[]>;
  restoreTodos(ids: readonly number[], signal?: AbortSignal): Promise<number[]>;
  snoozeTodos(ids: readonly number[], until: Date, signal?: AbortSignal): Promise<number[]>;
  unsnoozeTodos(ids: readonly number[], signal?: AbortSignal): Promise<number[]>;
  /** What this GitLab offers beyond REST, by one introspection query; all false (and no error) without GraphQL. */
  getTodoFeatures(signal?: AbortSignal): Promise<TodoFeatures>;
  /** The working hours of GitLab's phone notifications of new to-dos (19.3+); undefined where GitLab has none. */
  getWorkingHours(signal?: AbortSignal): Promise<WorkingHours | undefined>;
}
