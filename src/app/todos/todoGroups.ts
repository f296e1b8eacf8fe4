import type { Todo } from '../../gitlab/todoTypes';
import { formatCount, type Localize } from '../localize';
import { personName, stripInvisible, truncate } from '../plainText';
import { reasonOf } from './todoReasons';

/** One thing on the To-Do List (an issue, a merge request, a commit…) with every to-do about it. */
export interface TodoGroup {
  /** Target type, target and project (or group): the same thing, however many to-dos are about it. */
  key: string;
  /** Newest first, as GitLab lists them. */
  todos: Todo[];
  targetType: string;
  /** `#12`, `!42`, a short SHA, or nothing known. */
  reference: string;
  title: string;
  /** The project's path, or the group's, or undefined (SSH keys, Duo). */
  place?: string;
  /** Of the newest to-do. */
  latest: string;
}

/** GitLab's titles are at most 255 characters; a body standing in for one is cut to that. */
const MAX_TITLE_LENGTH = 255;

const REFERENCE_PREFIX: Record<string, string> = { Issue: '#', WorkItem: '#', MergeRequest: '!', Epic: '&', 'AlertManagement::Alert': '^alert#' };

function targetKey(todo: Todo): string {
  const target = todo.target;
  const id = target?.iid ?? target?.id;
  // Without a target, each to-do stands alone: two unknown things are not one thing.
  return id === undefined || id === null ? `todo:${todo.id}` : String(id);
}

function placeOf(todo: Todo): string | undefined {
  return todo.project?.path_with_namespace ?? todo.group?.full_path ?? undefined;
}

function referenceOf(todo: Todo): string {
  const target = todo.target;
  if (!target) return '';
  if (typeof target.reference === 'string' && target.reference) return target.reference;
  if (typeof target.iid === 'number') return `${REFERENCE_PREFIX[todo.target_type] ?? '#'}${target.iid}`;
  if (todo.target_type === 'Commit' && typeof target.id === 'string') return target.id.slice(0, 8);
  return '';
}

/**
 * The to-dos grouped by the thing they are about, in the order the thing's newest to-do came (GitLab lists newest
 * first). Linear in the number of to-dos: a map from key to group.
 */
export function groupTodos(todos: readonly Todo[]): TodoGroup[] {
  const groups = new Map<string, TodoGroup>();
  for (const todo of todos) {
    const place = placeOf(todo);
    const key = `${todo.target_type}\u0000${place ?? ''}\u0000${targetKey(todo)}`;
    const group = groups.get(key);
    if (group) {
      group.todos.push(todo);
      if (todo.created_at > group.latest) group.latest = todo.created_at;
      continue;
    }
    groups.set(key, {
      key, todos: [todo], targetType: todo.target_type, reference: referenceOf(todo),
      // A to-do without a target title is named by its body, which may be a whole comment: cut as a title.
      title: truncate(stripInvisible(String(todo.target?.title ?? todo.body ?? '')), MAX_TITLE_LENGTH), place, latest: todo.created_at,
    });
  }
  return [...groups.values()];
}

/** Distinct reasons a row says; more are counted ("3 more"), so a hostile page cannot make a row's text unbounded. */
const MAX_REASONS = 10;

/**
 * "Review requested · Mentioned by Jane": each reason once, in the order the to-dos came. Linear in the to-dos (a set,
 * which keeps the order of insertion), however many distinct authors a hostile page holds.
 */
export function groupReasons(group: TodoGroup, t: Localize): string {
  const reasons = new Set<string>();
  for (const todo of group.todos) reasons.add(reasonOf(todo.action_name, personName(todo.author) || undefined, t));
  const shown = [...reasons].slice(0, MAX_REASONS);
  if (reasons.size > MAX_REASONS) shown.push(t('{0} more', formatCount(reasons.size - MAX_REASONS, t)));
  return shown.join(' · ');
}

/** Every to-do's id in the group (what Mark as Done and Snooze act on). */
export function groupTodoIds(group: TodoGroup): number[] {
  return group.todos.map((todo) => todo.id);
}
