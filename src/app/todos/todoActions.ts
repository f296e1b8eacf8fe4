import type { GitLabError } from '../../gitlab/errors';
import type { TodoFeatures } from '../../gitlab/todoTypes';
import type { Localize } from '../localize';
import type { TodoListKind } from './todoViewFilter';

export type TodoActionKind = 'done' | 'undo' | 'snooze' | 'unsnooze';

const FAILED: Record<TodoActionKind, (t: Localize, detail: string) => string> = {
  done: (t, detail) => t('Could not mark as done: {0}', detail),
  undo: (t, detail) => t('Could not undo: {0}', detail),
  snooze: (t, detail) => t('Could not snooze: {0}', detail),
  unsnooze: (t, detail) => t('Could not unsnooze: {0}', detail),
};

/** What the token needs for each action: said first, as a notification cut short keeps its start. */
const NEEDS_API: Record<TodoActionKind, (t: Localize) => string> = {
  done: (t) => t('The token needs the `api` scope to mark to-dos as done.'),
  undo: (t) => t('The token needs the `api` scope to restore to-dos marked as done.'),
  snooze: (t) => t('The token needs the `api` scope to snooze to-dos.'),
  unsnooze: (t) => t('The token needs the `api` scope to unsnooze to-dos.'),
};

/**
 * Why a change to to-dos failed, in words that say what to do, the fix first (a notification shows its start): a 403
 * for a missing scope (REST), or GitLab's "does not exist or you don't have permission" over GraphQL, which it
 * answers alike for a token without `api`: changing to-dos needs `api`, reading them only `read_api`. An older GitLab
 * without the mutation says which version.
 */
export function todoActionFailure(action: TodoActionKind, error: GitLabError, t: Localize): string {
  if (error.kind === 'forbidden' && error.insufficientScope && error.missingScope === 'api') {
    return t('{0} Create a token with `api` and sign in again (reading to-dos needs only `read_api`).', NEEDS_API[action](t));
  }
  if (error.kind === 'notFound' && error.missingScope === 'api') {
    return t('{0} Or GitLab did not find the to-do: it answers both alike (reading to-dos needs only `read_api`).', NEEDS_API[action](t));
  }
  if (error.kind === 'unsupported' && (action === 'snooze' || action === 'unsnooze')) {
    return t('This GitLab has no snooze for to-dos: it needs GitLab 17.4 or later, with its GraphQL API.');
  }
  return FAILED[action](t, error.message);
}

/**
 * What this GitLab lacks of the To-Do List's actions, said once per instance: the actions are hidden, and this says
 * why. Undefined when it has them all.
 */
export function missingFeaturesNote(features: TodoFeatures, host: string, t: Localize): string | undefined {
  if (!features.graphql) {
    return t('GitLab at {0} has no GraphQL API, so the To-Do List offers no Snooze, no Snoozed list and no Undo there.', host);
  }
  const missing: string[] = [];
  if (!features.snooze) missing.push(t('Snooze (GitLab 17.4 or later)'));
  if (!features.listSnoozed) missing.push(t('the Snoozed list (GitLab 17.8 or later)'));
  if (!features.restore) missing.push(t('Undo'));
  if (missing.length === 0) return undefined;
  return t('GitLab at {0} is too old for some To-Do List actions; not offered there: {1}.', host, missing.join(t(', ')));
}

/**
 * A to-do row's context value, which the menus' `when` clauses read: the list it is in and the actions its instance
 * offers (`todo pending can-done can-snooze many`). Words, so a clause tests one with `viewItem =~ /\bcan-snooze\b/`.
 */
export function todoRowContext(list: TodoListKind, features: TodoFeatures | undefined, todoCount: number): string {
  const words = ['todo', list];
  if (list !== 'done') words.push('can-done');
  if (list === 'pending' && features?.snooze) words.push('can-snooze');
  if (list === 'snoozed' && features?.snooze) words.push('can-unsnooze');
  if (todoCount > 1 && list !== 'done') words.push('many');
  return words.join(' ');
}
