import type { GitLabError } from '../../gitlab/errors';
import type { Localize } from '../localize';
import { inert } from '../plainText';
import type { TodoListKind } from './todoViewFilter';

/**
 * What a list's error row says in place of the client's words, or undefined to keep them. A missing scope names the
 * fix. The Snoozed list's "unknown field" from a GitLab whose features include listing snoozed to-dos is not its
 * version's fault (that case has its own calm row): GitLab's own answer is said, as plain text.
 */
export function todoListErrorText(list: TodoListKind, error: GitLabError, t: Localize): string | undefined {
  // A fine-grained token's refusal names its missing permissions in the client's words, kept.
  if ((error.insufficientScope || error.kind === 'forbidden') && !error.missingPermissions) return t('The token lacks the read_api scope needed to read the To-Do List.');
  if (list === 'snoozed' && error.kind === 'unsupported') return t('GitLab answered: {0}', inert(error.serverMessage ?? error.message));
  return undefined;
}
