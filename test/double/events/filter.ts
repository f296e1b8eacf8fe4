import { coerceDate, INVALID } from '../http/coerce';
import type { EventActionKey } from '../world/types';

/** Event filter params (behaviour note §3.2, §3.3, §3.7). */

export const ACTION_KEYS: readonly EventActionKey[] = [
  'created', 'updated', 'closed', 'reopened', 'pushed', 'commented', 'merged', 'joined', 'left', 'destroyed', 'expired',
  'approved',
];

/** `Event::TARGET_TYPES`: lower-case filter key → the class name stored on events. */
export const TARGET_TYPE_CLASSES: Readonly<Record<string, string>> = {
  issue: 'Issue', milestone: 'Milestone', merge_request: 'MergeRequest', note: 'Note', project: 'Project',
  snippet: 'Snippet', user: 'User', wiki: 'WikiPage::Meta', design: 'DesignManagement::Design',
};

export interface EventFilter {
  action?: EventActionKey;
  /** Exact class name: `note` matches "Note" only, not DiffNote (§3.3). */
  targetClass?: string;
  /** Events created strictly before this instant (00:00 UTC of `before`). */
  createdBefore?: string;
  /** Events created at or after this instant (00:00 UTC of the day after `after`). */
  createdFrom?: string;
  sort: 'asc' | 'desc';
  scope?: string;
}

function nextDay(date: string): string {
  const next = new Date(`${date}T00:00:00.000Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString();
}

export function parseEventFilter(query: Record<string, string>, strictAction: boolean): { filter?: EventFilter; errors: string[] } {
  const errors: string[] = [];
  const filter: EventFilter = { sort: 'desc' };
  const action = query.action;
  if (action) {
    if ((ACTION_KEYS as readonly string[]).includes(action)) filter.action = action as EventActionKey;
    // Grape 2.0 skips the values check for a Hash: GitLab ignores an unknown action (§3.3).
    else if (strictAction) errors.push('action does not have a valid value');
  }
  const targetType = query.target_type;
  if (targetType) {
    const targetClass = Object.prototype.hasOwnProperty.call(TARGET_TYPE_CLASSES, targetType) ? TARGET_TYPE_CLASSES[targetType] : undefined;
    if (targetClass) filter.targetClass = targetClass;
    else errors.push('target_type does not have a valid value');
  }
  const before = coerceDate(query.before);
  if (before === INVALID) errors.push('before is invalid');
  else if (before) filter.createdBefore = `${before}T00:00:00.000Z`;
  const after = coerceDate(query.after);
  if (after === INVALID) errors.push('after is invalid');
  else if (after) filter.createdFrom = nextDay(after);
  if (query.sort !== undefined && query.sort !== '') {
    if (query.sort === 'asc' || query.sort === 'desc') filter.sort = query.sort;
    else errors.push('sort does not have a valid value');
  }
  if (query.scope) filter.scope = query.scope;
  return errors.length > 0 ? { errors } : { filter, errors };
}
