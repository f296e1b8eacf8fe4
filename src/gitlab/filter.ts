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

/**
 * The brand of a validated filter. A private member, not a symbol key: an object spread drops it, so
 * `{ ...valid, after: 'yesterday' }` is not a `ValidEventFilter` (a symbol-keyed brand would be copied along).
 */
declare abstract class Validated {
  private readonly validated: true;
}

/**
 * A filter `validateFilter` accepted, and the only kind `listEvents` takes: a filter that skipped validation does not
 * type-check there (neither a literal nor a valid filter changed by a spread), so an invalid one cannot reach the
 * server. The brand exists in types only; `validateFilter` is its one maker, and what it returns is a frozen copy of
 * the known parts, so nothing can change it afterwards.
 */
export type ValidEventFilter = Readonly<EventFilter> & Validated;

/**
 * A filter checked where it enters (a quick pick, the workspace's stored filter, a chosen range): throws a `validation`
 * GitLabError naming every problem; otherwise returns its known parts, frozen, as a `ValidEventFilter`.
 */
export function validateFilter(filter: EventFilter): ValidEventFilter {
  // Read once: what is checked is what is kept.
  const parts: EventFilter = {};
  for (const key of ['action', 'target_type', 'after', 'before', 'sort'] as const) {
    const value = filter[key];
    if (value !== undefined) (parts as Record<string, unknown>)[key] = value;
  }
  const problems = filterProblems(parts);
  if (problems.length > 0) throw new GitLabError('validation', `Invalid filter: ${problems.join(' ')}`);
  return Object.freeze(parts) as ValidEventFilter;
}

/** The filter that narrows nothing. */
export const NO_FILTER: ValidEventFilter = validateFilter({});

/** Query parameters of a valid filter, only those set. */
export function filterQuery(filter: ValidEventFilter): Record<string, string> {
  const query: Record<string, string> = {};
  if (filter.action) query.action = filter.action;
  if (filter.target_type) query.target_type = filter.target_type;
  if (filter.before) query.before = filter.before;
  if (filter.after) query.after = filter.after;
  if (filter.sort) query.sort = filter.sort;
  return query;
}
