import type { Localize } from '../localize';

/**
 * Why a to-do is there, in the words people use on GitLab's To-Do List. Every action name GitLab has (notes on the
 * To-Do List, §3) has its words; one GitLab adds later is shown by its own name, with underscores as spaces.
 */
const REASONS: Record<string, (t: Localize) => string> = {
  assigned: (t) => t('Assigned to you'),
  mentioned: (t) => t('Mentioned'),
  build_failed: (t) => t('Pipeline failed'),
  marked: (t) => t('Added to your To-Do List'),
  approval_required: (t) => t('Approval required'),
  unmergeable: (t) => t('Cannot be merged'),
  directly_addressed: (t) => t('Directly addressed'),
  merge_train_removed: (t) => t('Removed from merge train'),
  review_requested: (t) => t('Review requested'),
  member_access_requested: (t) => t('Access requested'),
  review_submitted: (t) => t('Review submitted'),
  okr_checkin_requested: (t) => t('OKR check-in requested'),
  added_approver: (t) => t('Added as approver'),
  ssh_key_expired: (t) => t('SSH key expired'),
  ssh_key_expiring_soon: (t) => t('SSH key expiring soon'),
  duo_pro_access_granted: (t) => t('GitLab Duo Pro access granted'),
  duo_enterprise_access_granted: (t) => t('GitLab Duo Enterprise access granted'),
  duo_core_access_granted: (t) => t('GitLab Duo Core access granted'),
  duo_workflow_input_required: (t) => t('Input required by a GitLab Duo flow'),
  transfer_failed: (t) => t('Transfer failed'),
};

/** Reasons said together with who caused them ("Mentioned by Jane"). */
const BY_AUTHOR = new Set(['mentioned', 'directly_addressed', 'review_requested', 'assigned', 'review_submitted', 'marked', 'added_approver']);

/** The reason of one action name, without who caused it. */
export function reasonWords(action: string, t: Localize): string {
  const words = Object.prototype.hasOwnProperty.call(REASONS, action) ? REASONS[action] : undefined;
  return words ? words(t) : action.replace(/_/g, ' ');
}

/** The reason of one to-do: "Mentioned by Jane", or only the reason where an author says nothing (a failed pipeline). */
export function reasonOf(action: string, author: string | undefined, t: Localize): string {
  const words = reasonWords(action, t);
  return author && BY_AUTHOR.has(action) ? t('{0} by {1}', words, author) : words;
}
