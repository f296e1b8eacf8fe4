import { GitLabError } from '../../gitlab/errors';
import { todoFilterProblems } from '../../gitlab/todoFilter';
import { TODO_ACTIONS, TODO_TARGET_TYPES, type Todo, type TodoAction, type TodoFilter, type TodoTargetType } from '../../gitlab/todoTypes';
import { formatMessage, type Localize } from '../localize';
import { stripInvisible } from '../plainText';
import { reasonWords } from './todoReasons';
import { todoTypeLabel } from './todoTypeLabels';

/**
 * GitLab's To-Do List has three lists, as its web page has tabs: pending (not snoozed), snoozed, done. Pending and
 * done are read over REST (`state=done` for done), snoozed over GraphQL (`isSnoozed: true`).
 */
export const TODO_LISTS = ['pending', 'snoozed', 'done'] as const;
export type TodoListKind = (typeof TODO_LISTS)[number];

const LIST_LABELS: Record<TodoListKind, (t: Localize) => string> = {
  pending: (t) => t('Pending'),
  snoozed: (t) => t('Snoozed'),
  done: (t) => t('Done'),
};

export function todoListLabel(list: TodoListKind, t: Localize = formatMessage): string {
  return LIST_LABELS[list](t);
}

export const isTodoList = (value: unknown): value is TodoListKind =>
  typeof value === 'string' && (TODO_LISTS as readonly string[]).includes(value);

/** A project or a group of one instance (ids mean nothing on another), with its path to show. */
export interface TodoPlace {
  kind: 'project' | 'group';
  id: number;
  /** The normalised URL of the instance the id belongs to. */
  instance: string;
  /** `acme/web`: shown, and for a group, what its subgroups' and projects' paths start with. */
  path: string;
}

/** What the filter parts are made of (`TodoViewFilter.of`); unchecked until then. */
export interface TodoFilterParts {
  list?: TodoListKind;
  action?: string;
  type?: string;
  place?: TodoPlace;
}

export interface StoredTodoFilter {
  version: 1;
  list?: string;
  action?: string;
  type?: string;
  place?: { kind: string; id: number; instance: string; path: string };
}

const MAX_PATH = 300;
const MAX_INSTANCE = 2000;

function placeProblem(place: unknown): string | undefined {
  if (typeof place !== 'object' || place === null) return 'A project or group filter must name one.';
  const { kind, id, instance, path } = place as Record<string, unknown>;
  if (kind !== 'project' && kind !== 'group') return `Unknown kind of place ${JSON.stringify(kind)}.`;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0) return `${JSON.stringify(id)} is not an ID.`;
  if (typeof instance !== 'string' || instance.length === 0 || instance.length > MAX_INSTANCE) return 'The place names no instance.';
  if (typeof path !== 'string' || path.length === 0 || path.length > MAX_PATH) return 'The place has no path.';
  return undefined;
}

/** Under `path` itself or one of its subgroups or projects. */
const underPath = (candidate: string | undefined, path: string): boolean =>
  candidate !== undefined && (candidate === path || candidate.startsWith(`${path}/`));

/**
 * The To-Do view's filter: which list, and a reason (GitLab's action), a project or group, and a target type,
 * combinable. Immutable and always valid: it is made only where a filter enters (a quick pick's choice through `of`
 * and `with…`, or the workspace's stored filter through `deserialize`), each part checked as the client checks a
 * filter before sending it (`todoFilterProblems`), so an invalid filter never reaches the server. What GitLab filters
 * (REST's `action`, `type`, `project_id`, `group_id`) it is asked to; the snoozed list, read over GraphQL without
 * filters, is filtered here, through the list machinery's predicate (`keep`).
 */
export class TodoViewFilter {
  static readonly EMPTY = new TodoViewFilter('pending');

  private constructor(
    readonly list: TodoListKind,
    readonly action?: TodoAction,
    readonly type?: TodoTargetType,
    readonly place?: Readonly<TodoPlace>,
  ) {}

  /** A filter from parts; a `validation` GitLabError naming every problem when they are invalid. */
  static of(parts: TodoFilterParts): TodoViewFilter {
    const problems: string[] = [];
    const list = parts.list ?? 'pending';
    if (!isTodoList(list)) problems.push(`Unknown to-do list ${JSON.stringify(list)}.`);
    problems.push(...todoFilterProblems({ action: parts.action as TodoAction | undefined, type: parts.type as TodoTargetType | undefined }));
    if (parts.place !== undefined) {
      const problem = placeProblem(parts.place);
      if (problem) problems.push(problem);
      else problems.push(...todoFilterProblems(parts.place.kind === 'project' ? { projectId: parts.place.id } : { groupId: parts.place.id }));
    }
    if (problems.length > 0) throw new GitLabError('validation', `Invalid to-do filter: ${problems.join(' ')}`);
    const place = parts.place && { kind: parts.place.kind, id: parts.place.id, instance: parts.place.instance, path: stripInvisible(parts.place.path) };
    return new TodoViewFilter(list, parts.action as TodoAction | undefined, parts.type as TodoTargetType | undefined, place);
  }

  /** From stored, untrusted data: each invalid part is dropped, a value of another shape or version is no filter. Never throws. */
  static deserialize(value: unknown): TodoViewFilter {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return TodoViewFilter.EMPTY;
    const record = value as Record<string, unknown>;
    if (record.version !== 1) return TodoViewFilter.EMPTY;
    const own = (key: string): unknown => (Object.prototype.hasOwnProperty.call(record, key) ? record[key] : undefined);
    const parts: TodoFilterParts = {};
    const tryPart = (part: TodoFilterParts) => {
      try {
        TodoViewFilter.of(part);
        Object.assign(parts, part);
      } catch {
        // dropped: an invalid part is never sent
      }
    };
    if (own('list') !== undefined) tryPart({ list: own('list') as TodoListKind });
    if (typeof own('action') === 'string') tryPart({ action: own('action') as string });
    if (typeof own('type') === 'string') tryPart({ type: own('type') as string });
    if (own('place') !== undefined) tryPart({ place: own('place') as TodoPlace });
    return TodoViewFilter.of(parts);
  }

  private parts(): TodoFilterParts {
    return { list: this.list, action: this.action, type: this.type, place: this.place };
  }

  withList(list: TodoListKind): TodoViewFilter { return TodoViewFilter.of({ ...this.parts(), list }); }
  withAction(action: string | undefined): TodoViewFilter { return TodoViewFilter.of({ ...this.parts(), action }); }
  withType(type: string | undefined): TodoViewFilter { return TodoViewFilter.of({ ...this.parts(), type }); }
  withPlace(place: TodoPlace | undefined): TodoViewFilter { return TodoViewFilter.of({ ...this.parts(), place }); }
  /** The reason, place and type cleared; the list stays (it is which list, not a narrowing of it). */
  cleared(): TodoViewFilter { return TodoViewFilter.of({ list: this.list }); }

  /** A reason, place or type narrows the list. */
  get narrowed(): boolean {
    return this.action !== undefined || this.type !== undefined || this.place !== undefined;
  }

  equals(other: TodoViewFilter): boolean {
    return this.list === other.list && this.action === other.action && this.type === other.type
      && this.place?.kind === other.place?.kind && this.place?.id === other.place?.id && this.place?.instance === other.place?.instance;
  }

  /**
   * What `instance`'s list asks GitLab for (REST; `state: 'done'` for the done list), or undefined when the list of
   * that instance can hold nothing (the project or group is another instance's) and nothing is asked.
   */
  serverFilter(instance: string): TodoFilter | undefined {
    if (this.place && this.place.instance !== instance) return undefined;
    const filter: TodoFilter = {};
    if (this.list === 'done') filter.state = 'done';
    if (this.action) filter.action = this.action;
    if (this.type) filter.type = this.type;
    if (this.place) filter[this.place.kind === 'project' ? 'projectId' : 'groupId'] = this.place.id;
    return filter;
  }

  /**
   * The client-side predicate, where GitLab is not asked to filter: the snoozed list (GraphQL, read without filters).
   * A group's to-dos are its own and those of its subgroups and projects, as GitLab's `group_id` filter has them.
   */
  get keep(): ((todo: Todo) => boolean) | undefined {
    if (this.list !== 'snoozed' || !this.narrowed) return undefined;
    const { action, type, place } = this;
    return (todo) => {
      if (action !== undefined && todo.action_name !== action) return false;
      if (type !== undefined && todo.target_type !== type) return false;
      if (place?.kind === 'project') return todo.project?.id === place.id;
      if (place?.kind === 'group') {
        return todo.group?.id === place.id || underPath(todo.group?.full_path, place.path) || underPath(todo.project?.path_with_namespace, place.path);
      }
      return true;
    };
  }

  /** "Snoozed · Review requested · acme/web · Merge requests" (the view's description); empty for all pending to-dos. */
  describe(t: Localize = formatMessage): string {
    const words = this.list === 'pending' ? [] : [todoListLabel(this.list, t)];
    words.push(...this.filterWords(t));
    return words.join(t(' · '));
  }

  /** The message at the top of the view: "Snoozed", "Filtered: Review requested · acme/web", or both; empty when neither. */
  message(t: Localize = formatMessage): string {
    const lines = this.list === 'pending' ? [] : [todoListLabel(this.list, t)];
    const words = this.filterWords(t);
    if (words.length > 0) lines.push(t('Filtered: {0}', words.join(t(' · '))));
    return lines.join(t(' · '));
  }

  private filterWords(t: Localize): string[] {
    const words: string[] = [];
    if (this.action) words.push(reasonWords(this.action, t));
    if (this.place) words.push(this.place.path);
    if (this.type) words.push(todoTypeLabel(this.type, t));
    return words;
  }

  serialize(): StoredTodoFilter {
    return {
      version: 1,
      ...(this.list !== 'pending' ? { list: this.list } : {}),
      ...(this.action ? { action: this.action } : {}),
      ...(this.type ? { type: this.type } : {}),
      ...(this.place ? { place: { ...this.place } } : {}),
    };
  }
}

/** The actions and types a filter can name: GitLab's known sets (its REST filter refuses others). */
export const FILTER_ACTIONS: readonly TodoAction[] = TODO_ACTIONS;
export const FILTER_TYPES: readonly TodoTargetType[] = TODO_TARGET_TYPES;
