import { GitLabError } from './errors';
import { toPage } from './paging';
import type { ApiRequest } from './request';
import type { TodoApi } from './todoApi';
import * as todos from './todoEndpoints';
import type { CursorPage, Todo, TodoChange, TodoFeatures, TodoFilter, WorkingHours } from './todoTypes';
import type { Transport } from './transport';
import type { Page, PageRequest } from './types';

const NO_FEATURES: TodoFeatures = {
  graphql: false, snooze: false, listSnoozed: false, restore: false, resolveMany: false, restoreMany: false, snoozeMany: false,
};

/** A 404 of the route itself: this server has none (to-dos note §6), which is no failure to retry. */
function absent(error: unknown, message: string): unknown {
  if (!(error instanceof GitLabError) || error.kind !== 'notFound' || error.status !== 404) return error;
  return new GitLabError('unsupported', message, { status: 404, request: error.request, serverMessage: error.serverMessage });
}

const NO_TODO_LIST = 'This server has no To-Do List (GitLab answered 404 at /todos).';
const NO_GRAPHQL = 'This GitLab has no GraphQL API (404 at /api/graphql), so snoozing and undo are not available.';

/** GitLab's To-Do List over the one `Transport`: REST for the list and done, GraphQL for snooze and undo. */
export class TodoClient implements TodoApi {
  constructor(private readonly transport: Transport) {}

  async listTodos(filter: TodoFilter, page: PageRequest, signal?: AbortSignal): Promise<Page<Todo>> {
    const request = todos.listTodos(filter, page);
    try {
      return toPage(await this.transport.send(request, signal, page.budget), page);
    } catch (error) {
      // With an author filter, a 404 is GitLab's answer to an unknown author, not a missing route.
      throw filter.authorId === undefined ? absent(error, NO_TODO_LIST) : error;
    }
  }

  async markTodoDone(id: number, signal?: AbortSignal): Promise<Todo> {
    return (await this.transport.send(todos.markTodoDone(id), signal)).data;
  }

  markAllTodosDoneMatching(filter: TodoFilter, signal?: AbortSignal): Promise<number[]> {
    return this.graphql(() => todos.markAllTodosDoneMatching(filter), signal);
  }

  async markAllTodosDone(signal?: AbortSignal): Promise<void> {
    try {
      await this.transport.send(todos.markAllTodosDone(), signal);
    } catch (error) {
      throw absent(error, NO_TODO_LIST);
    }
  }

  listSnoozedTodos(page: { after?: string; first?: number }, signal?: AbortSignal): Promise<CursorPage<Todo>> {
    return this.graphql(() => todos.listSnoozedTodos(page), signal);
  }

  restoreTodo(id: number, signal?: AbortSignal): Promise<TodoChange> {
    return this.graphql(() => todos.restoreTodo(id), signal);
  }

  snoozeTodo(id: number, until: Date, signal?: AbortSignal): Promise<TodoChange> {
    return this.graphql(() => todos.snoozeTodo(id, until), signal);
  }

  unsnoozeTodo(id: number, signal?: AbortSignal): Promise<TodoChange> {
    return this.graphql(() => todos.unsnoozeTodo(id), signal);
  }

  resolveTodos(ids: readonly number[], signal?: AbortSignal): Promise<number[]> {
    return this.graphql(() => todos.resolveTodos(ids), signal);
  }

  restoreTodos(ids: readonly number[], signal?: AbortSignal): Promise<number[]> {
    return this.graphql(() => todos.restoreTodos(ids), signal);
  }

  snoozeTodos(ids: readonly number[], until: Date, signal?: AbortSignal): Promise<number[]> {
    return this.graphql(() => todos.snoozeTodos(ids, until), signal);
  }

  unsnoozeTodos(ids: readonly number[], signal?: AbortSignal): Promise<number[]> {
    return this.graphql(() => todos.unsnoozeTodos(ids), signal);
  }

  async getTodoFeatures(signal?: AbortSignal): Promise<TodoFeatures> {
    try {
      return await this.graphql(todos.getTodoFeatures, signal);
    } catch (error) {
      if (error instanceof GitLabError && error.kind === 'unsupported') return NO_FEATURES;
      throw error;
    }
  }

  /**
   * The working hours of GitLab's phone notifications of new to-dos; undefined where this GitLab has none (before 19.3,
   * or no `/user/preferences` at all: a server of the interface spec).
   */
  async getWorkingHours(signal?: AbortSignal): Promise<WorkingHours | undefined> {
    try {
      return (await this.transport.send(todos.getWorkingHours(), signal)).data;
    } catch (error) {
      if (error instanceof GitLabError && error.kind === 'notFound' && error.status === 404) return undefined;
      throw error;
    }
  }

  /** `build` runs inside, so that a refused argument rejects, as every call does, rather than throws. */
  private async graphql<T>(build: () => ApiRequest<T>, signal?: AbortSignal): Promise<T> {
    try {
      return (await this.transport.send(build(), signal)).data;
    } catch (error) {
      throw absent(error, NO_GRAPHQL);
    }
  }
}
