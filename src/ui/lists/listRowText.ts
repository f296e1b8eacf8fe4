import { formatCount, type Localize } from '../../app/localize';

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
  return { label: t('Continue'), description: t('{0} pages read, {1} matching so far', formatCount(bound.requests, t), formatCount(bound.found, t)) };
}

/** A list with nothing to show (`text` says so in the list's words): under a filter, the way out of it first. */
export function emptyRowText(filtered: boolean, text: string, t: Localize): ActionRowText {
  return filtered ? { label: t('Clear Filters'), description: text } : { label: text };
}
