import type { TodoApi } from '../../gitlab/todoApi';
import type { Todo } from '../../gitlab/todoTypes';
import { ListStore, type ListPlan } from '../lists/listStore';

/** One instance's To-Do List (pending, not snoozed), keyed by the instance. */
export interface TodoSource {
  readonly key: string;
  readonly instance: string;
}

export const todoSource = (instance: string): TodoSource => ({ key: `todos:${instance}`, instance });

/** The To-Do view's lists: one per signed-in instance, through the one list machinery. */
export type TodoLists = ListStore<TodoSource, Todo>;

export const todoKey = (todo: Todo): number => todo.id;

export interface TodoListOptions {
  pageSize: number;
  /** The To-Do client of the source's own instance: never another instance's token. */
  api(source: TodoSource): TodoApi | undefined;
}

export function todoListPlan(options: TodoListOptions): ListPlan<TodoSource, Todo> {
  const { pageSize } = options;
  return {
    pageSize,
    request: (source) => {
      const api = options.api(source);
      if (!api) return undefined;
      return { fetchPage: (page, signal) => api.listTodos({}, { page, perPage: pageSize }, signal) };
    },
  };
}

export function createTodoLists(options: TodoListOptions): TodoLists {
  return new ListStore(todoKey, todoListPlan(options));
}
