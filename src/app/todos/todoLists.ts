import type { TodoApi } from '../../gitlab/todoApi';
import type { Todo } from '../../gitlab/todoTypes';
import { CursorPages } from '../lists/cursorPages';
import { ListStore, type ListPlan } from '../lists/listStore';
import { TodoViewFilter } from './todoViewFilter';

/** One instance's To-Do List, keyed by the instance; which list (pending, snoozed, done) the plan says. */
export interface TodoSource {
  readonly key: string;
  readonly instance: string;
}

export const todoSource = (instance: string): TodoSource => ({ key: `todos:${instance}`, instance });

/** The To-Do view's lists: one per signed-in instance, through the one list machinery. */
export type TodoLists = ListStore<TodoSource, Todo>;

export const todoKey = (todo: Todo): number => todo.id;

/** GitLab's largest GraphQL page. */
const MAX_GRAPHQL_PAGE = 100;

export interface TodoListOptions {
  pageSize: number;
  /** The To-Do client of the source's own instance: never another instance's token. */
  api(source: TodoSource): TodoApi | undefined;
  /** Which list, narrowed how (default: every pending to-do). */
  filter?: TodoViewFilter;
}

/**
 * How each instance's list is read under `filter`, as the Activity view's tabs switch its feeds: the pending and done
 * lists over REST with GitLab's own filters, the snoozed one over GraphQL (a cursor listing, read one page after the
 * other) with the filter applied here. An instance the filter's project or group does not belong to is not asked.
 */
export function todoListPlan(options: TodoListOptions): ListPlan<TodoSource, Todo> {
  const { pageSize } = options;
  const filter = options.filter ?? TodoViewFilter.EMPTY;
  const cursors = new CursorPages();
  return {
    pageSize, filtered: filter.narrowed, keep: filter.keep, window: filter.list === 'snoozed' ? 1 : undefined,
    request: (source) => {
      const api = options.api(source);
      if (!api) return undefined;
      const server = filter.serverFilter(source.instance);
      if (!server) return { fetchPage: async (page) => ({ items: [], page }) };
      if (filter.list === 'snoozed') {
        return {
          fetchPage: cursors.fetcher(source.key, (after, signal) =>
            api.listSnoozedTodos({ after, first: Math.min(pageSize, MAX_GRAPHQL_PAGE) }, signal)),
        };
      }
      return { fetchPage: (page, signal) => api.listTodos(server, { page, perPage: pageSize }, signal) };
    },
  };
}

export function createTodoLists(options: TodoListOptions): TodoLists {
  return new ListStore(todoKey, todoListPlan(options));
}
