import { GraphQLError, type GraphQLSchema } from 'graphql';
import type { DoubleContext } from '../routes/route';
import { canReadTodoTarget, findTodos, isSnoozed, resolveTodo, type TodoQuery } from '../todos/finder';
import { targetTypeOfEnum } from '../todos/vocabulary';
import type { TokenScope } from '../types';
import type { DoubleTodo, DoubleUser } from '../world/types';
import { RESOURCE_NOT_AVAILABLE } from './errors';
import { gid, todoObject } from './present';
import { manyLimit, type ServedVersion } from './schema';
import { subscriptionRoot } from './subscription-resolvers';
import { noteRoot } from './note-resolver';
import { cursorWindow } from './cursorWindow';
import { isFineGrained, requirePermission } from './granular';

/** The root resolvers: `currentUser { todos }` and the to-do mutations (to-dos note §3, §4). */

export interface GraphqlContext {
  double: DoubleContext;
  /** Null for a request without a token: GitLab answers it as an anonymous user. */
  user: DoubleUser | null;
  scopes: readonly TokenScope[];
  schema: GraphQLSchema;
  version: ServedVersion;
  /** The caller's token (none: anonymous); a fine-grained one carries `permissions` (`granular.ts`). */
  token?: { permissions?: string[] };
}

export { RESOURCE_NOT_AVAILABLE } from './errors';


type Sort = 'CREATED_ASC' | 'CREATED_DESC' | 'UPDATED_ASC' | 'UPDATED_DESC' | 'LABEL_PRIORITY_ASC' | 'LABEL_PRIORITY_DESC';

interface Position { id: number; createdAt: string; updatedAt: string }

function comparator(sort: Sort | undefined): (a: Position, b: Position) => number {
  const byTime = (key: 'createdAt' | 'updatedAt', sign: number) => (a: Position, b: Position) =>
    sign * (a[key] < b[key] ? -1 : a[key] > b[key] ? 1 : a.id - b.id);
  switch (sort) {
    case 'CREATED_ASC': return byTime('createdAt', 1);
    case 'CREATED_DESC': return byTime('createdAt', -1);
    case 'UPDATED_ASC': return byTime('updatedAt', 1);
    case 'UPDATED_DESC': return byTime('updatedAt', -1);
    // No labels in the double: label priority falls back to the default order, id descending.
    default: return (a, b) => b.id - a.id;
  }
}

const cursorOf = (t: Position): string => Buffer.from(JSON.stringify({ id: t.id, createdAt: t.createdAt, updatedAt: t.updatedAt })).toString('base64');

function positionOf(cursor: string): Position {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64').toString('utf8')) as Position;
    if (typeof parsed.id === 'number' && typeof parsed.createdAt === 'string' && typeof parsed.updatedAt === 'string') return parsed;
  } catch {
    // Falls through to the error below.
  }
  throw new GraphQLError('Please provide a valid cursor');
}

const numbers = (ids: unknown): number[] | undefined =>
  Array.isArray(ids) ? ids.map((id) => Number(/(\d+)$/.exec(String(id))?.[1] ?? NaN)).filter((n) => Number.isInteger(n)) : undefined;

interface TodosArgs {
  action?: string[]; authorId?: unknown[]; projectId?: unknown[]; groupId?: unknown[]; state?: Array<'pending' | 'done'>;
  type?: string[]; sort?: Sort; isSnoozed?: boolean; after?: string; before?: string; first?: number; last?: number;
}

function todoConnection(context: GraphqlContext, user: DoubleUser, args: TodosArgs): Record<string, unknown> {
  const { double, schema } = context;
  const query: TodoQuery = {
    actions: args.action, authorIds: numbers(args.authorId), projectIds: numbers(args.projectId), groupIds: numbers(args.groupId),
    states: args.state, types: args.type?.map((t) => targetTypeOfEnum(t) ?? t), isSnoozed: args.isSnoozed ?? undefined,
  };
  const compare = comparator(args.sort);
  const all = findTodos(double.data, user.id, query, double.now()).sort(compare);
  const { slice, hasNextPage, hasPreviousPage } = cursorWindow(all, {
    ...args, after: args.after ? positionOf(args.after) : undefined, before: args.before ? positionOf(args.before) : undefined,
  }, compare);
  // The count ignores target authorization; the nodes do not (§5).
  const visible = slice.filter((t) => canReadTodoTarget(double.data, t, user.id));
  const present = (t: DoubleTodo) => todoObject({ baseUrl: double.baseUrl, data: double.data }, schema, t);
  return {
    count: ({ limit }: { limit?: number }) => (limit !== undefined && limit !== null ? Math.min(all.length, limit) : all.length),
    nodes: visible.map(present),
    edges: visible.map((t) => ({ cursor: cursorOf(t), node: present(t) })),
    pageInfo: {
      hasNextPage, hasPreviousPage, startCursor: slice.length > 0 ? cursorOf(slice[0]) : null,
      endCursor: slice.length > 0 ? cursorOf(slice[slice.length - 1]) : null,
    },
  };
}

/** The caller, for a mutation: mutations need a user and a token with `api`, or a fine-grained one with `update_todo` (§4, §3B). */
function mutatingUser(context: GraphqlContext): DoubleUser {
  requirePermission(context, 'update_todo', 'user');
  if (!context.user || !(context.scopes.includes('api') || isFineGrained(context))) throw new GraphQLError(RESOURCE_NOT_AVAILABLE);
  return context.user;
}

function ownTodo(context: GraphqlContext, user: DoubleUser, id: number): DoubleTodo {
  const todo = context.double.data.todos.find((t) => t.id === id && t.userId === user.id);
  if (!todo) throw new GraphQLError(RESOURCE_NOT_AVAILABLE);
  return todo;
}

/** `Mutations::Todos::BaseMany`: at most the version's limit; ids not the caller's are skipped silently. */
function ownTodos(context: GraphqlContext, user: DoubleUser, ids: number[]): DoubleTodo[] {
  if (ids.length > manyLimit(context.version)) throw new GraphQLError('Too many to-do items requested.');
  return context.double.data.todos.filter((t) => t.userId === user.id && ids.includes(t.id));
}

type Input<T> = { input: T };

export function rootValue(context: GraphqlContext): Record<string, unknown> {
  const { double, schema } = context;
  const now = () => double.now();
  const present = (t: DoubleTodo) => todoObject({ baseUrl: double.baseUrl, data: double.data }, schema, t);
  const one = (todo: DoubleTodo) => ({ todo: present(todo), errors: [] });
  const many = (todos: DoubleTodo[]) => ({ todos: todos.map(present), errors: [] });
  const touch = (todo: DoubleTodo) => { todo.updatedAt = now().toISOString(); };
  const { currentUserWorkItems, currentUserMergeRequests, currentUserRecentlyViewedItems, ...subscriptionFields } = subscriptionRoot(context);
  return {
    ...subscriptionFields,
    ...noteRoot(context),
    currentUser: () => {
      const user = context.user;
      if (!user) return null;
      return {
        id: gid('User', user.id), username: user.username, name: user.name,
        avatarUrl: `${double.baseUrl}/uploads/-/system/user/avatar/${user.id}/avatar.png`, webUrl: `${double.baseUrl}/${user.username}`,
        todos: (args: TodosArgs) => {
          requirePermission(context, 'read_todo', 'user');
          return todoConnection(context, user, args);
        },
        workItems: (args: Record<string, unknown>) => currentUserWorkItems(args),
        assignedMergeRequests: (args: Record<string, unknown>) => currentUserMergeRequests('assigned', args),
        reviewRequestedMergeRequests: (args: Record<string, unknown>) => currentUserMergeRequests('reviewRequested', args),
        authoredMergeRequests: (args: Record<string, unknown>) => currentUserMergeRequests('authored', args),
        recentlyViewedItems: () => currentUserRecentlyViewedItems(),
      };
    },
    todoMarkDone: ({ input }: Input<{ id: number }>) => {
      const todo = ownTodo(context, mutatingUser(context), input.id);
      resolveTodo(todo, now());
      return one(todo);
    },
    // `TodoService#restore`: back to pending.
    todoRestore: ({ input }: Input<{ id: number }>) => {
      const todo = ownTodo(context, mutatingUser(context), input.id);
      if (todo.state === 'done') {
        todo.state = 'pending';
        touch(todo);
      }
      return one(todo);
    },
    todoRestoreMany: ({ input }: Input<{ ids: number[] }>) => {
      const restored = ownTodos(context, mutatingUser(context), input.ids).filter((t) => t.state === 'done');
      for (const todo of restored) {
        todo.state = 'pending';
        touch(todo);
      }
      return many(restored);
    },
    // Every pending to-do that is not snoozed and matches the filter (GitLab's own Mark All sends the list's filter; the
    // filter arguments are in the current schema only, their first version [UNCONFIRMED]); the payload lists those done.
    todosMarkAllDone: ({ input }: Input<{ authorId?: string[]; projectId?: string[]; groupId?: string[]; action?: string[]; type?: string[] }>) => {
      const user = mutatingUser(context);
      const query: TodoQuery = {
        actions: input.action, authorIds: numbers(input.authorId), projectIds: numbers(input.projectId), groupIds: numbers(input.groupId),
        states: ['pending'], types: input.type?.map((t) => targetTypeOfEnum(t) ?? t),
      };
      const resolved = findTodos(context.double.data, user.id, query, now()).filter((todo) => resolveTodo(todo, now()));
      return many(resolved);
    },
    todoResolveMany: ({ input }: Input<{ ids: number[] }>) => {
      const resolved = ownTodos(context, mutatingUser(context), input.ids).filter((t) => t.state === 'pending');
      for (const todo of resolved) resolveTodo(todo, now());
      return many(resolved);
    },
    todoSnooze: ({ input }: Input<{ id: number; snoozeUntil: string }>) => {
      const todo = ownTodo(context, mutatingUser(context), input.id);
      todo.snoozedUntil = input.snoozeUntil;
      touch(todo);
      return one(todo);
    },
    todoUnSnooze: ({ input }: Input<{ id: number }>) => {
      const todo = ownTodo(context, mutatingUser(context), input.id);
      todo.snoozedUntil = null;
      touch(todo);
      return one(todo);
    },
    todoSnoozeMany: ({ input }: Input<{ ids: number[]; snoozeUntil: string }>) => {
      const snoozed = ownTodos(context, mutatingUser(context), input.ids).filter((t) => t.state === 'pending');
      for (const todo of snoozed) {
        todo.snoozedUntil = input.snoozeUntil;
        touch(todo);
      }
      return many(snoozed);
    },
    todoUnsnoozeMany: ({ input }: Input<{ ids: number[] }>) => {
      const unsnoozed = ownTodos(context, mutatingUser(context), input.ids).filter((t) => isSnoozed(t, now()));
      for (const todo of unsnoozed) {
        todo.snoozedUntil = null;
        touch(todo);
      }
      return many(unsnoozed);
    },
  };
}
