import type { Localize } from '../../app/localize';
import type { GitLabError } from '../../gitlab';

/**
 * A row that offers the next step says it first, what happened after it (the description): a narrow sidebar then
 * cuts the detail, never the action. The tooltip has it all.
 */
export interface ActionRowText {
  label: string;
  description?: string;
}

/** A list's load that read its bound of pages without filling a page: go on where it stopped. */
export function continueRowText(bound: { requests: number; found: number }, t: Localize): ActionRowText {
  return { label: t('Continue'), description: t('{0} pages read, {1} matching so far', bound.requests, bound.found) };
}

/** An error row: its fix ("Retry", "Sign In Again"), then GitLab's message. */
export function errorText(error: GitLabError, t: Localize): ActionRowText {
  return { label: error.kind === 'unauthorized' ? t('Sign In Again') : t('Retry'), description: error.message };
}
