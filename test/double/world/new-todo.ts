import type { DoubleData, DoubleTodo } from './types';

/**
 * Completes a partial to-do into the newest one (for "new to-do" tests): by default a pending `mentioned` to-do on a
 * new issue of project 1, by user 2, for the first token's user, created now. Fields given win.
 */
export function completeTodo(data: DoubleData, partial: Partial<DoubleTodo>, now: Date, defaultUserId: number): DoubleTodo {
  const id = data.todos.reduce((max, t) => Math.max(max, t.id), 0) + 1;
  const created = new Date(partial.createdAt ?? now).toISOString();
  const targetId = data.todos.reduce((max, t) => Math.max(max, t.target.id), 30_000) + 1;
  const todo: DoubleTodo = {
    id, userId: defaultUserId, authorId: 2, action: 'mentioned', targetType: 'Issue',
    target: { id: targetId, iid: 900 + id, title: 'A new to-do', state: 'opened' }, projectId: 1, groupId: null,
    note: null, state: 'pending', snoozedUntil: null, createdAt: created, updatedAt: created,
    ...partial,
  };
  todo.id = id;
  data.todos.push(todo);
  return todo;
}
