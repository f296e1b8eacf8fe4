import { coerceInteger, INVALID } from '../http/coerce';
import { paginationHeaders, parsePagination, pageOfList } from '../http/pagination';
import { grapeError, json, messageError, type ApiResponse } from '../http/response';
import { presentTodo } from '../present/todo';
import { canReadTodoTarget, findTodos, resolveTodo, type TodoQuery } from '../todos/finder';
import { filterTypes, SERVER_ACTIONS } from '../todos/vocabulary';
import type { DoubleUser } from '../world/types';
import { parseListParams } from './list-params';
import { READ_SCOPES, WRITE_SCOPES, type Route, type RouteContext } from './route';

/** GitLab's To-Do List over REST (to-dos note §1): the listing and marking done, one or all. */

/** `GET /todos`: declared filters (400 on a bad value), pending and not snoozed by default, newest id first. */
function listTodos(context: RouteContext): ApiResponse {
  const { request, double } = context;
  const user = context.user as DoubleUser;
  const pagination = parsePagination(request.query);
  const parsed = parseListParams(request.query, {
    integers: ['author_id', 'project_id', 'group_id'],
    values: { action: SERVER_ACTIONS, state: ['pending', 'done'], type: filterTypes(double.options.edition) },
  });
  const errors = [...pagination.errors, ...parsed.errors];
  if (errors.length > 0 || !pagination.page) return grapeError(400, errors.join(', '));
  const { integers, values } = parsed.params;
  const { data } = double;
  // `User.find` raises for an unknown author: the API's RecordNotFound handler answers (§1).
  if (integers.author_id !== undefined && !data.users.some((u) => u.id === integers.author_id)) return messageError(404, '404 Not found');

  const query: TodoQuery = {
    actions: values.action ? [values.action] : undefined,
    authorIds: integers.author_id !== undefined ? [integers.author_id] : undefined,
    projectIds: integers.project_id !== undefined ? [integers.project_id] : undefined,
    groupIds: integers.group_id !== undefined ? [integers.group_id] : undefined,
    states: values.state ? [values.state as 'pending' | 'done'] : undefined,
    types: values.type ? [values.type] : undefined,
  };
  const { items, counting } = pageOfList(findTodos(data, user.id, query, double.now()), pagination.page);
  const headers = paginationHeaders(pagination.page, counting, { base: `${double.baseUrl}${request.rawPath}`, params: { ...request.query } });
  // The page is cut before unreadable targets are dropped: a page may hold fewer than per_page.
  const visible = items.filter((t) => canReadTodoTarget(data, t, user.id));
  return json(200, visible.map((t) => presentTodo({ baseUrl: double.baseUrl, data }, t)), headers);
}

/** `POST /todos/:id/mark_as_done`: 201 with the to-do, done (an already done one unchanged); 404 when not the caller's. */
function markDone(context: RouteContext): ApiResponse {
  const { double } = context;
  const user = context.user as DoubleUser;
  const id = coerceInteger(context.params.id);
  if (id === INVALID || id === undefined) return grapeError(400, 'id is invalid');
  const todo = double.data.todos.find((t) => t.id === id && t.userId === user.id);
  if (!todo) return messageError(404, '404 Not found');
  resolveTodo(todo, double.now());
  return json(201, presentTodo({ baseUrl: double.baseUrl, data: double.data }, todo));
}

/** `POST /todos/mark_as_done`: 204; resolves what the default listing holds, so not the snoozed to-dos. */
function markAllDone(context: RouteContext): ApiResponse {
  const { double } = context;
  const user = context.user as DoubleUser;
  const now = double.now();
  for (const todo of findTodos(double.data, user.id, {}, now)) resolveTodo(todo, now);
  return { status: 204, headers: {}, body: '' };
}

const enabled = (o: { withoutTodos: boolean }) => !o.withoutTodos;
/** A user's to-dos are theirs: GitLab names the permissions at the user boundary (§3B). */
const READ_TODO = { name: 'read_todo', boundary: 'user' } as const;
const UPDATE_TODO = { name: 'update_todo', boundary: 'user' } as const;

export const todoRoutes: Route[] = [
  { method: 'GET', pattern: '/todos', auth: 'required', scopes: READ_SCOPES, permission: READ_TODO, handle: listTodos, enabled },
  { method: 'POST', pattern: '/todos/mark_as_done', auth: 'required', scopes: WRITE_SCOPES, permission: UPDATE_TODO, handle: markAllDone, enabled },
  { method: 'POST', pattern: '/todos/:id/mark_as_done', auth: 'required', scopes: WRITE_SCOPES, permission: UPDATE_TODO, handle: markDone, enabled },
];
