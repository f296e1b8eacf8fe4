import { GitLabError } from '../../gitlab/errors';
import type { TodoApi } from '../../gitlab/todoApi';
import type { Todo, TodoFeatures, TodoFilter } from '../../gitlab/todoTypes';
import { nextCursor } from '../lists/cursorPages';
import { markTodosDone, type TodoBulkOptions } from './todoBulk';

/**
 * Mark All on one account's list: every to-do the list's filter matches, loaded or not, in the fewest requests GitLab
 * allows (to-dos note, updates):
 * - the pending list, with GraphQL: one `todosMarkAllDone` with the filter, which answers the ids it marked (Undo
 *   restores exactly those);
 * - the whole pending list without GraphQL: one REST `POST /todos/mark_as_done` (GitLab does not say which it marked,
 *   so the count comes from the listing's `X-Total` read just before; no Undo: restoring needs GraphQL anyway);
 * - else (a GitLab whose mutation takes no filter, a filtered list without GraphQL, the Snoozed list): the list's
 *   ids read page by page, at most `MARK_ALL_MAX_PAGES` of `MARK_ALL_PAGE_SIZE`, then marked in bulk.
 */

export const MARK_ALL_PAGE_SIZE = 100;
/** 10,000 to-dos at 100 a page: GitLab's own count stops there. */
export const MARK_ALL_MAX_PAGES = 100;

export interface MarkAllResult {
  /** The to-dos GitLab marked, when it said which (for Undo and for the rows). */
  changed: number[];
  /** How many were marked: `changed.length`, or GitLab's count where it did not say which. */
  count: number;
  /** To-dos whose request failed, each with why (page by page only). */
  failed: Array<{ id: number; error: GitLabError }>;
  /** The read stopped at its bound: more may match. */
  cut: boolean;
}

export interface MarkAllList {
  list: 'pending' | 'snoozed';
  /** The pending listing's filter (REST words). */
  filter: TodoFilter;
  /** The Snoozed list's filter, applied here as GitLab lists snoozed to-dos unfiltered. */
  keep?: (todo: Todo) => boolean;
}

const isUnsupported = (error: unknown): boolean => error instanceof GitLabError && error.kind === 'unsupported';
const isEmpty = (filter: TodoFilter): boolean => Object.values(filter).every((value) => value === undefined);

export async function markAllDone(api: TodoApi, list: MarkAllList, features: TodoFeatures, options: TodoBulkOptions = {}): Promise<MarkAllResult> {
  if (list.list === 'pending' && features.graphql) {
    try {
      const changed = await api.markAllTodosDoneMatching(list.filter, options.signal);
      return { changed, count: changed.length, failed: [], cut: false };
    } catch (error) {
      if (!isUnsupported(error)) throw error;
    }
  }
  if (list.list === 'pending' && !features.graphql && isEmpty(list.filter)) {
    const first = await api.listTodos({}, { page: 1, perPage: 1 }, options.signal);
    await api.markAllTodosDone(options.signal);
    return { changed: [], count: first.total ?? first.items.length, failed: [], cut: false };
  }
  const { ids, cut } = await listIds(api, list, options.signal);
  const result = await markTodosDone(api, ids, { ...options, features });
  return { changed: result.changed, count: result.changed.length, failed: result.failed, cut };
}

/** Every id of the list, page after page (REST by `X-Next-Page`, GraphQL by cursor), at most the bound of pages. */
async function listIds(api: TodoApi, list: MarkAllList, signal?: AbortSignal): Promise<{ ids: number[]; cut: boolean }> {
  const ids: number[] = [];
  if (list.list === 'snoozed') {
    let after: string | undefined;
    const trail = new Set<string>();
    for (let pages = 0; pages < MARK_ALL_MAX_PAGES; pages++) {
      const page = await api.listSnoozedTodos({ after, first: MARK_ALL_PAGE_SIZE }, signal);
      ids.push(...page.items.filter((todo) => list.keep?.(todo) ?? true).map((todo) => todo.id));
      after = nextCursor(page, trail);
      if (after === undefined) return { ids, cut: false };
    }
    return { ids, cut: true };
  }
  let next: number | undefined = 1;
  for (let pages = 0; next !== undefined && pages < MARK_ALL_MAX_PAGES; pages++) {
    const page = await api.listTodos(list.filter, { page: next, perPage: MARK_ALL_PAGE_SIZE }, signal);
    ids.push(...page.items.map((todo) => todo.id));
    next = page.nextPage;
  }
  return { ids, cut: next !== undefined };
}
