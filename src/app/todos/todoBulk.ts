import { GitLabError } from '../../gitlab/errors';
import type { TodoApi } from '../../gitlab/todoApi';
import { TODO_MANY_LIMITS } from '../../gitlab/todoEndpoints';
import type { TodoFeatures } from '../../gitlab/todoTypes';
import { mapBounded } from '../boundedMap';

/**
 * One action on many to-dos in the fewest requests GitLab allows: its many-mutation, 100 (or 50) ids a request
 * (GitLab 17.9+), else one request per to-do, at most `TODO_BULK_IN_FLIGHT` at once. Without `features`, the
 * many-mutation is tried once and, if this GitLab lacks it (`unsupported`), the to-dos go one by one.
 */

export interface TodoBulkResult {
  /** To-dos GitLab changed, in the order given. */
  changed: number[];
  /**
   * To-dos GitLab left as they were without an error: already in that state, or not the caller's (a many-mutation
   * skips both silently, and does not say which).
   */
  unchanged: number[];
  /** To-dos whose request failed or was not sent (cancelled, or the action is unsupported), each with why. */
  failed: Array<{ id: number; error: GitLabError }>;
}

export interface TodoBulkOptions {
  /** From `TodoApi.getTodoFeatures`: skips a many-mutation this GitLab lacks without trying it. */
  features?: TodoFeatures;
  /** Stops starting requests; the to-dos not sent are `failed` with a `cancelled` error. */
  signal?: AbortSignal;
}

/** Requests in flight at once for one bulk action: the extension's window for reads of many pages and lookups. */
export const TODO_BULK_IN_FLIGHT = 4;

interface Plan {
  many: (ids: number[], signal?: AbortSignal) => Promise<number[]>;
  limit: number;
  /** False when the features say the many-mutation is missing. */
  manyAvailable: boolean;
  one: (id: number, signal?: AbortSignal) => Promise<unknown>;
}

const asGitLabError = (error: unknown): GitLabError =>
  error instanceof GitLabError ? error : new GitLabError('badResponse', String(error), { cause: error });

const isUnsupported = (error: unknown): boolean => error instanceof GitLabError && error.kind === 'unsupported';

function chunks(ids: readonly number[], size: number): number[][] {
  const out: number[][] = [];
  for (let i = 0; i < ids.length; i += size) out.push(ids.slice(i, i + size));
  return out;
}

async function bulk(ids: readonly number[], plan: Plan, options: TodoBulkOptions): Promise<TodoBulkResult> {
  const unique = [...new Set(ids)];
  const changed = new Set<number>();
  const unchanged = new Set<number>();
  const failed = new Map<number, GitLabError>();
  const cancelled = () => new GitLabError('cancelled', 'The request was cancelled.');
  const settle = (chunk: readonly number[], answer: readonly number[]) => {
    const done = new Set(answer);
    for (const id of chunk) (done.has(id) ? changed : unchanged).add(id);
  };

  let oneByOne: number[] = unique;
  if (plan.manyAvailable && unique.length > 0) {
    oneByOne = [];
    const sendChunk = async (chunk: number[], first: boolean): Promise<void> => {
      try {
        if (options.signal?.aborted) throw cancelled();
        settle(chunk, await plan.many(chunk, options.signal));
      } catch (error) {
        if (first && isUnsupported(error)) oneByOne = unique;
        else for (const id of chunk) failed.set(id, asGitLabError(error));
      }
    };
    // The first request alone: if GitLab lacks the many-mutation, every to-do goes one by one instead.
    const [first, ...others] = chunks(unique, plan.limit);
    await sendChunk(first, true);
    if (oneByOne.length === 0) await mapBounded(others, TODO_BULK_IN_FLIGHT, (chunk) => sendChunk(chunk, false), options.signal);
  }

  if (oneByOne.length > 0) {
    // The first `unsupported` answer stops the rest: they would all get the same.
    const stop = new AbortController();
    const signal = options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal;
    let stoppedBy: GitLabError | undefined;
    await mapBounded(oneByOne, TODO_BULK_IN_FLIGHT, async (id) => {
      try {
        await plan.one(id, options.signal);
        changed.add(id);
      } catch (error) {
        const typed = asGitLabError(error);
        failed.set(id, typed);
        if (isUnsupported(typed)) {
          stoppedBy ??= typed;
          stop.abort();
        }
      }
    }, signal);
    for (const id of oneByOne) if (!changed.has(id) && !failed.has(id)) failed.set(id, stoppedBy ?? cancelled());
  }
  for (const id of unique) if (!changed.has(id) && !unchanged.has(id) && !failed.has(id)) failed.set(id, cancelled());

  return {
    changed: unique.filter((id) => changed.has(id)),
    unchanged: unique.filter((id) => unchanged.has(id)),
    failed: unique.filter((id) => failed.has(id)).map((id) => ({ id, error: failed.get(id)! })),
  };
}

/** Done: `todoResolveMany`, else `POST /todos/:id/mark_as_done` per to-do (REST, any GitLab with a To-Do List). */
export function markTodosDone(api: TodoApi, ids: readonly number[], options: TodoBulkOptions = {}): Promise<TodoBulkResult> {
  return bulk(ids, {
    many: (chunk, signal) => api.resolveTodos(chunk, signal), limit: TODO_MANY_LIMITS.resolve,
    manyAvailable: options.features?.resolveMany ?? true, one: (id, signal) => api.markTodoDone(id, signal),
  }, options);
}

/** Undo of done: `todoRestoreMany`, else `todoRestore` per to-do. */
export function restoreTodos(api: TodoApi, ids: readonly number[], options: TodoBulkOptions = {}): Promise<TodoBulkResult> {
  return bulk(ids, {
    many: (chunk, signal) => api.restoreTodos(chunk, signal), limit: TODO_MANY_LIMITS.restore,
    manyAvailable: options.features?.restoreMany ?? true, one: (id, signal) => api.restoreTodo(id, signal),
  }, options);
}

/** `todoSnoozeMany`, else `todoSnooze` per to-do (GitLab 17.4+). */
export function snoozeTodos(api: TodoApi, ids: readonly number[], until: Date, options: TodoBulkOptions = {}): Promise<TodoBulkResult> {
  return bulk(ids, {
    many: (chunk, signal) => api.snoozeTodos(chunk, until, signal), limit: TODO_MANY_LIMITS.snooze,
    manyAvailable: options.features?.snoozeMany ?? true, one: (id, signal) => api.snoozeTodo(id, until, signal),
  }, options);
}

/** `todoUnsnoozeMany`, else `todoUnSnooze` per to-do. */
export function unsnoozeTodos(api: TodoApi, ids: readonly number[], options: TodoBulkOptions = {}): Promise<TodoBulkResult> {
  return bulk(ids, {
    many: (chunk, signal) => api.unsnoozeTodos(chunk, signal), limit: TODO_MANY_LIMITS.unsnooze,
    manyAvailable: options.features?.snoozeMany ?? true, one: (id, signal) => api.unsnoozeTodo(id, signal),
  }, options);
}
