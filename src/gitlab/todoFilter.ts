import { GitLabError } from './errors';
import { TODO_ACTIONS, TODO_TARGET_TYPES, type TodoFilter } from './todoTypes';

/** A value as text for a message; never throws. */
function shown(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
}

const isId = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

/**
 * Every problem with a to-do filter, in a sentence each; empty when it may be sent. GitLab answers 400 for an unknown
 * action, state or type (to-dos note §1); the client refuses them before sending, and ids that are not ids.
 */
export function todoFilterProblems(filter: TodoFilter): string[] {
  const problems: string[] = [];
  if (filter.action !== undefined && !(TODO_ACTIONS as readonly string[]).includes(filter.action)) {
    problems.push(`Unknown to-do action ${shown(filter.action)}.`);
  }
  if (filter.type !== undefined && !(TODO_TARGET_TYPES as readonly string[]).includes(filter.type)) {
    problems.push(`Unknown to-do type ${shown(filter.type)}. Use one of: ${TODO_TARGET_TYPES.join(', ')}.`);
  }
  if (filter.state !== undefined && filter.state !== 'pending' && filter.state !== 'done') {
    problems.push(`Unknown to-do state ${shown(filter.state)}. Use pending or done.`);
  }
  for (const key of ['authorId', 'projectId', 'groupId'] as const) {
    if (filter[key] !== undefined && !isId(filter[key])) problems.push(`${key} ${shown(filter[key])} is not an ID.`);
  }
  return problems;
}

/** The query parameters of a filter; a `validation` GitLabError naming every problem, and nothing sent, when it is invalid. */
export function todoFilterQuery(filter: TodoFilter): Record<string, string> {
  const problems = todoFilterProblems(filter);
  if (problems.length > 0) throw new GitLabError('validation', `Invalid to-do filter: ${problems.join(' ')}`);
  const query: Record<string, string> = {};
  if (filter.action !== undefined) query.action = filter.action;
  if (filter.authorId !== undefined) query.author_id = String(filter.authorId);
  if (filter.projectId !== undefined) query.project_id = String(filter.projectId);
  if (filter.groupId !== undefined) query.group_id = String(filter.groupId);
  if (filter.state !== undefined) query.state = filter.state;
  if (filter.type !== undefined) query.type = filter.type;
  return query;
}

/** A to-do's global ID, from a to-do id that is one. */
export function todoGlobalId(id: number): string {
  if (!isId(id)) throw new GitLabError('validation', `${shown(id)} is not a to-do ID.`);
  return `gid://gitlab/Todo/${id}`;
}
