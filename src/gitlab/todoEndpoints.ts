import { pageQuery } from './endpoints';
import { GitLabError } from './errors';
import { connectionNodes, graphqlRequest, listOf, mutationPayload, introspectedFields } from './graphql';
import type { ApiRequest } from './request';
import { object, optional, str, type Json } from './shapes';
import { todoFilterQuery, todoGlobalId } from './todoFilter';
import { globalIdNumber, graphqlTodo, restTodo, restTodos, targetEnumOf, utcTime } from './todoShapes';
import type { CursorPage, Todo, TodoChange, TodoFeatures, TodoFilter, WorkingHours } from './todoTypes';
import type { PageRequest } from './types';
import { segment } from './url';

/** GitLab's To-Do List requests as data (to-dos note §1, §4): REST for the lists and done, GraphQL for the rest. */

/** The most to-dos one many-mutation may name: 100 (GitLab 17.9+); `todoRestoreMany` took 50 before, so 50 for it. */
export const TODO_MANY_LIMITS = { resolve: 100, restore: 50, snooze: 100, unsnooze: 100 } as const;

export function listTodos(filter: TodoFilter, page: PageRequest): ApiRequest<Todo[]> {
  return { method: 'GET', path: '/todos', query: { ...todoFilterQuery(filter), ...pageQuery(page) }, parse: restTodos };
}

export function markTodoDone(id: number): ApiRequest<Todo> {
  todoGlobalId(id);
  return { method: 'POST', path: `/todos/${segment(id)}/mark_as_done`, parse: (body) => restTodo(body) };
}

/** 204 without a body. */
export function markAllTodosDone(): ApiRequest<void> {
  return { method: 'POST', path: '/todos/mark_as_done', parse: () => undefined };
}

/**
 * `todosMarkAllDone`: every pending to-do that is not snoozed and matches `filter` (a pending listing's filter: action,
 * author, project, group, type), as GitLab's own "Mark all as done" sends it; answers the ids GitLab marked, for Undo.
 * An empty filter asks with no argument at all, so a GitLab whose mutation takes no filter (before the filter
 * arguments came) still answers; a filter there is `unsupported` (the argument is unknown), never ignored.
 */
export function markAllTodosDoneMatching(filter: TodoFilter): ApiRequest<number[]> {
  todoFilterQuery(filter);
  if (filter.state === 'done') throw new GitLabError('validation', 'Only pending to-dos can be marked as done.');
  const variables: Record<string, unknown> = {};
  if (filter.action !== undefined) variables.action = [filter.action];
  if (filter.authorId !== undefined) variables.authorId = [String(filter.authorId)];
  if (filter.projectId !== undefined) variables.projectId = [String(filter.projectId)];
  if (filter.groupId !== undefined) variables.groupId = [String(filter.groupId)];
  if (filter.type !== undefined) variables.type = [targetEnumOf(filter.type)];
  const filtered = Object.keys(variables).length > 0;
  return graphqlRequest({
    name: 'todosMarkAllDone', kind: 'mutation', variables,
    document: filtered
      ? `mutation todosMarkAllDone($action: [TodoActionEnum!], $authorId: [ID!], $projectId: [ID!], $groupId: [ID!], $type: [TodoTargetEnum!]) {
  todosMarkAllDone(input: { action: $action, authorId: $authorId, projectId: $projectId, groupId: $groupId, type: $type }) { todos { id } errors }
}`
      : 'mutation todosMarkAllDone { todosMarkAllDone(input: {}) { todos { id } errors } }',
    read: (data) => listOf(mutationPayload(data, 'todosMarkAllDone'), 'todos', (todo, path) => globalIdNumber(object(todo, path).id, `${path}.id`, 'Todo')),
  });
}

/** What the client reads of a to-do over GraphQL: the note's query (§4), with ids, names and references added. */
const TODO_FIELDS = `id action state body createdAt snoozedUntil targetType targetUrl
  author { id username name avatarUrl webUrl }
  project { id name nameWithNamespace fullPath }
  group { id name fullPath webUrl }
  targetEntity { webUrl ... on Issue { iid title reference } ... on MergeRequest { iid title reference } }`;

const MAX_GRAPHQL_PAGE = 100;

/** Snoozed to-dos (`isSnoozed: true`, GitLab ~17.8+): REST cannot list them (§3). */
export function listSnoozedTodos(page: { after?: string; first?: number }): ApiRequest<CursorPage<Todo>> {
  const first = page.first ?? 50;
  if (!Number.isInteger(first) || first < 1) throw new GitLabError('validation', `Page size ${first} is not valid.`);
  return graphqlRequest({
    name: 'currentUser.todos', kind: 'query',
    document: `query snoozedTodos($first: Int!, $after: String) {
  currentUser {
    todos(state: [pending], isSnoozed: true, first: $first, after: $after) {
      count
      pageInfo { hasNextPage endCursor }
      nodes { ${TODO_FIELDS} }
    }
  }
}`,
    variables: { first: Math.min(first, MAX_GRAPHQL_PAGE), after: page.after ?? null },
    read: (data) => {
      // No current user: GitLab took the request as anonymous (the token was not read as one).
      if (data.currentUser === null) throw new GitLabError('unauthorized', 'GitLab did not accept the token. Sign in again with a valid personal access token.');
      const todos = object(object(data.currentUser, 'currentUser').todos, 'currentUser.todos');
      const pageInfo = object(todos.pageInfo, 'currentUser.todos.pageInfo');
      optional(pageInfo, 'endCursor', 'string', 'pageInfo');
      optional(todos, 'count', 'number', 'currentUser.todos');
      const items = connectionNodes(todos, 'currentUser.todos', Math.min(first, MAX_GRAPHQL_PAGE)).map((n, i) => graphqlTodo(n, `nodes[${i}]`));
      return {
        items,
        endCursor: pageInfo.hasNextPage === true && typeof pageInfo.endCursor === 'string' ? pageInfo.endCursor : undefined,
        ...(typeof todos.count === 'number' ? { count: todos.count } : {}),
      };
    },
  });
}

function change(payload: Json, name: string): TodoChange {
  const todo = object(payload.todo, `${name}.todo`);
  optional(todo, 'snoozedUntil', 'string', `${name}.todo`);
  return {
    id: globalIdNumber(todo.id, `${name}.todo.id`, 'Todo'), state: str(todo, 'state', `${name}.todo`),
    ...('snoozedUntil' in todo ? { snoozed_until: typeof todo.snoozedUntil === 'string' ? utcTime(todo.snoozedUntil) : null } : {}),
  };
}

function single(name: 'todoRestore' | 'todoSnooze' | 'todoUnSnooze', fields: string, id: number, extra: { until?: string } = {}): ApiRequest<TodoChange> {
  const snooze = extra.until !== undefined;
  return graphqlRequest({
    name, kind: 'mutation',
    document: `mutation ${name}($id: TodoID!${snooze ? ', $until: Time!' : ''}) {
  ${name}(input: { id: $id${snooze ? ', snoozeUntil: $until' : ''} }) { todo { ${fields} } errors }
}`,
    variables: { id: todoGlobalId(id), ...(snooze ? { until: extra.until } : {}) },
    read: (data) => change(mutationPayload(data, name), name),
  });
}

/** An ISO 8601 time from a Date that is one. */
function isoTime(until: Date): string {
  if (!(until instanceof Date) || Number.isNaN(until.getTime())) throw new GitLabError('validation', 'The end of a snooze is not a time.');
  return until.toISOString();
}

/** Undo of done (`todoRestore`): the to-do is pending again. Since before GitLab 17. */
export const restoreTodo = (id: number): ApiRequest<TodoChange> => single('todoRestore', 'id state', id);
/** GitLab 17.4+. The to-do stays pending, out of the pending list until `until`. */
export const snoozeTodo = (id: number, until: Date): ApiRequest<TodoChange> =>
  single('todoSnooze', 'id state snoozedUntil', id, { until: isoTime(until) });
export const unsnoozeTodo = (id: number): ApiRequest<TodoChange> => single('todoUnSnooze', 'id state snoozedUntil', id);

type ManyName = 'todoResolveMany' | 'todoRestoreMany' | 'todoSnoozeMany' | 'todoUnsnoozeMany';

/** A many-mutation: the ids GitLab changed (it skips, silently, those not the caller's or not in the right state). */
function many(name: ManyName, limit: number, ids: readonly number[], until?: string): ApiRequest<number[]> {
  if (ids.length === 0) throw new GitLabError('validation', 'No to-dos were given.');
  if (ids.length > limit) throw new GitLabError('validation', `At most ${limit} to-dos can be changed in one request, not ${ids.length}.`);
  const snooze = until !== undefined;
  return graphqlRequest({
    name, kind: 'mutation',
    document: `mutation ${name}($ids: [TodoID!]!${snooze ? ', $until: Time!' : ''}) {
  ${name}(input: { ids: $ids${snooze ? ', snoozeUntil: $until' : ''} }) { todos { id } errors }
}`,
    variables: { ids: ids.map(todoGlobalId), ...(snooze ? { until } : {}) },
    read: (data) => listOf(mutationPayload(data, name), 'todos', (todo, path) => globalIdNumber(object(todo, path).id, `${path}.id`, 'Todo')),
  });
}

/** GitLab 17.9+: pending to-dos done. */
export const resolveTodos = (ids: readonly number[]) => many('todoResolveMany', TODO_MANY_LIMITS.resolve, ids);
/** Done to-dos pending again. */
export const restoreTodos = (ids: readonly number[]) => many('todoRestoreMany', TODO_MANY_LIMITS.restore, ids);
/** GitLab 17.9+. */
export const snoozeTodos = (ids: readonly number[], until: Date) => many('todoSnoozeMany', TODO_MANY_LIMITS.snooze, ids, isoTime(until));
/** GitLab 17.9+. */
export const unsnoozeTodos = (ids: readonly number[]) => many('todoUnsnoozeMany', TODO_MANY_LIMITS.unsnooze, ids);


/**
 * What this GitLab's GraphQL schema offers for to-dos, read by introspection (§6). The current user's type is
 * `CurrentUser` on newer GitLab and `UserCore` on older, so both are asked for.
 */
export function getTodoFeatures(): ApiRequest<TodoFeatures> {
  return graphqlRequest({
    name: '__type', kind: 'query',
    document: `query todoFeatures {
  mutationType: __type(name: "Mutation") { fields { name } }
  todoType: __type(name: "Todo") { fields { name } }
  currentUserType: __type(name: "CurrentUser") { fields { name args { name } } }
  userCoreType: __type(name: "UserCore") { fields { name args { name } } }
}`,
    read: (data) => {
      const mutations = introspectedFields(data.mutationType);
      const todo = introspectedFields(data.todoType);
      const todosArgs = [...introspectedFields(data.currentUserType).get('todos') ?? [], ...introspectedFields(data.userCoreType).get('todos') ?? []];
      return {
        graphql: true,
        snooze: mutations.has('todoSnooze') && mutations.has('todoUnSnooze'),
        listSnoozed: todosArgs.includes('isSnoozed') && todo.has('snoozedUntil'),
        restore: mutations.has('todoRestore'),
        resolveMany: mutations.has('todoResolveMany'),
        restoreMany: mutations.has('todoRestoreMany'),
        snoozeMany: mutations.has('todoSnoozeMany') && mutations.has('todoUnsnoozeMany'),
      };
    },
  });
}

const minutes = (value: unknown): number | null => (typeof value === 'number' && Number.isInteger(value) ? value : null);

/**
 * `GET /user/preferences`: the working hours of phone notifications of new to-dos, or undefined where GitLab sends
 * none of their fields (before 19.3). A value of the wrong type is null (GitLab's own schedule then delivers).
 */
export function getWorkingHours(): ApiRequest<WorkingHours | undefined> {
  return {
    method: 'GET', path: '/user/preferences',
    parse: (body) => {
      const o = object(body, 'preferences');
      if (!('mobile_push_working_hours_enabled' in o)) return undefined;
      optional(o, 'mobile_push_working_hours_enabled', 'boolean', 'preferences');
      const days = Array.isArray(o.mobile_push_working_days) ? o.mobile_push_working_days.filter((d): d is string => typeof d === 'string') : [];
      const zone = o.mobile_push_working_hours_time_zone;
      return {
        enabled: o.mobile_push_working_hours_enabled === true,
        start: minutes(o.mobile_push_working_hours_start),
        end: minutes(o.mobile_push_working_hours_end),
        days: days.slice(0, 7),
        timeZone: typeof zone === 'string' && zone.length <= 64 ? zone : null,
      };
    },
  };
}
