import { GitLabError } from './errors';
import { EVENT_ACTIONS, EVENT_TARGET_TYPES, type EventFilter } from './types';

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Why `value` is not a usable `YYYY-MM-DD` calendar date, or undefined when it is one. */
export function dateProblem(value: string): string | undefined {
  const match = DATE_PATTERN.exec(value);
  if (!match) return `"${value}" is not a date in the form YYYY-MM-DD.`;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return `"${value}" is not a day of the calendar.`;
  }
  return undefined;
}

/** A value as text for a message; never throws (an object without a usable `toString` included). */
function shown(value: unknown): string {
  try {
    return String(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
}

/**
 * Every problem with a filter, in a sentence each; empty when the filter may be sent. GitLab ignores an unknown
 * `action` instead of refusing it (behaviour note §3.3), so the client must refuse it itself.
 */
export function filterProblems(filter: EventFilter): string[] {
  const problems: string[] = [];
  if (filter.action !== undefined && !(EVENT_ACTIONS as readonly string[]).includes(filter.action)) {
    problems.push(`Unknown action "${shown(filter.action)}". Use one of: ${EVENT_ACTIONS.join(', ')}.`);
  }
  if (filter.target_type !== undefined && !(EVENT_TARGET_TYPES as readonly string[]).includes(filter.target_type)) {
    problems.push(`Unknown target type "${shown(filter.target_type)}". Use one of: ${EVENT_TARGET_TYPES.join(', ')}.`);
  }
  for (const key of ['after', 'before'] as const) {
    const value = filter[key];
    if (value === undefined) continue;
    const problem = typeof value === 'string' ? dateProblem(value) : `"${shown(value)}" is not a date.`;
    if (problem) problems.push(`${key}: ${problem}`);
  }
  if (filter.after !== undefined && filter.before !== undefined && problems.length === 0 && filter.after >= filter.before) {
    problems.push(`"after" (${filter.after}) must be earlier than "before" (${filter.before}).`);
  }
  if (filter.sort !== undefined && filter.sort !== 'asc' && filter.sort !== 'desc') {
    problems.push(`Unknown sort order "${shown(filter.sort)}". Use asc or desc.`);
  }
  return problems;
}

/** Throws a `validation` GitLabError naming every problem; returns the filter unchanged when it is valid. */
export function validateFilter(filter: EventFilter): EventFilter {
  const problems = filterProblems(filter);
  if (problems.length > 0) throw new GitLabError('validation', `Invalid filter: ${problems.join(' ')}`);
  return filter;
}

/** Query parameters of a valid filter, only those set. */
export function filterQuery(filter: EventFilter): Record<string, string> {
  const query: Record<string, string> = {};
  if (filter.action) query.action = filter.action;
  if (filter.target_type) query.target_type = filter.target_type;
  if (filter.before) query.before = filter.before;
  if (filter.after) query.after = filter.after;
  if (filter.sort) query.sort = filter.sort;
  return query;
}
