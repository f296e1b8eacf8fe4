import type { Todo } from '../../gitlab/todoTypes';
import { formatCount, type Localize } from '../localize';
import { groupTodos } from './todoGroups';
import { reasonWords } from './todoReasons';

/**
 * Which new to-dos a check found, and the one notification it shows for them. A check reads the first page of each
 * instance's pending list (newest first); a to-do is new when its id is above every id known of that instance before
 * (GitLab numbers to-dos in the order they are made), so one undone or back from a snooze is not new again. The first
 * page read of an instance only sets what is known: the to-dos waiting when VS Code starts are not news.
 */

/** The reasons that notify unless the setting says otherwise: the ones that ask something of the person. */
export const DEFAULT_TOAST_REASONS: readonly string[] = ['review_requested', 'mentioned', 'directly_addressed', 'assigned', 'build_failed'];

/** A to-do and the instance (its key) whose list it is on. */
export interface InstanceTodo {
  instance: string;
  todo: Todo;
}

/** Per instance, the highest to-do id known. */
export class KnownTodos {
  private readonly highest = new Map<string, number>();

  /** Notes to-dos as known (read by a check, or shown) without calling any new; an empty list is known too. */
  note(instance: string, todos: readonly Todo[]): void {
    let top = this.highest.get(instance) ?? 0;
    for (const todo of todos) if (todo.id > top) top = todo.id;
    this.highest.set(instance, top);
  }

  /**
   * The to-dos of a page read by a check that are new, newest first, and notes the page as known. Nothing is new
   * on the first page read of an instance: it sets what is known.
   */
  take(instance: string, page: readonly Todo[]): Todo[] {
    const known = this.highest.get(instance);
    this.note(instance, page);
    return known === undefined ? [] : page.filter((todo) => todo.id > known);
  }

  /** Forgets the instances signed out of: signed in again, their next page starts over. */
  keepOnly(instances: ReadonlySet<string>): void {
    for (const instance of [...this.highest.keys()]) if (!instances.has(instance)) this.highest.delete(instance);
  }
}

/** What one check's notification says and acts on. */
export interface NewTodoToast {
  /** "Review requested: !42 Fix parser", or "3 new to-dos". Made inert where it is shown. */
  message: string;
  /** The to-dos its Done and Snooze act on. */
  todos: InstanceTodo[];
  /** When they are all about one thing: that thing's to-do, whose page Open opens (else Open shows the view). */
  single?: InstanceTodo;
}

/**
 * The notification for the new to-dos of one check, or undefined when none has a reason in `reasons` (an empty
 * set turns notifications off). One thing (however many to-dos about it) is named with its reasons; several are
 * counted.
 */
export function newTodoToast(found: readonly InstanceTodo[], reasons: ReadonlySet<string>, t: Localize): NewTodoToast | undefined {
  const wanted = found.filter(({ todo }) => reasons.has(todo.action_name));
  if (wanted.length === 0) return undefined;
  const things = new Set(wanted.map(({ instance, todo }) => `${instance}\u0000${groupTodos([todo])[0].key}`));
  if (things.size > 1) return { message: t('{0} new to-dos', formatCount(wanted.length, t)), todos: wanted };
  const group = groupTodos(wanted.map(({ todo }) => todo))[0];
  const why = [...new Set(group.todos.map((todo) => reasonWords(todo.action_name, t)))].join(' · ');
  const what = [group.reference, group.title].filter(Boolean).join(' ') || group.targetType;
  return { message: t('{0}: {1}', why, what), todos: wanted, single: wanted[0] };
}

/** The one summary of the to-dos held outside an instance's working hours, shown when they begin (as GitLab's phone app does). */
export function heldSummary(count: number, t: Localize): string {
  return count === 1
    ? t('You have 1 new to-do from outside your working hours.')
    : t('You have {0} new to-dos from outside your working hours.', formatCount(count, t));
}

/** The reasons the setting names (strings only; GitLab's action names), or the defaults when it is not a list. */
export function toastReasons(setting: unknown): Set<string> {
  if (!Array.isArray(setting)) return new Set(DEFAULT_TOAST_REASONS);
  return new Set(setting.filter((value): value is string => typeof value === 'string'));
}
