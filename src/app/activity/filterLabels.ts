import type { EventAction, EventTargetType, SortOrder } from '../../gitlab/types';
import { formatMessage, type Localize } from '../localize';

/**
 * Words for the filter's values, shared by the view's description, the tabs' messages and the filter quick picks: one
 * label per value, and the pickers show only it (the filter keeps GitLab's word, `destroyed`, and sends that). Functions
 * of `t`, so each message is a literal in a `t('…')` call (what `npm run l10n` collects).
 */
const ACTION_LABELS: Record<EventAction, (t: Localize) => string> = {
  created: (t) => t('Created'),
  updated: (t) => t('Updated'),
  closed: (t) => t('Closed'),
  reopened: (t) => t('Reopened'),
  pushed: (t) => t('Pushed'),
  commented: (t) => t('Commented'),
  merged: (t) => t('Merged'),
  joined: (t) => t('Joined'),
  left: (t) => t('Left'),
  destroyed: (t) => t('Deleted'),
  expired: (t) => t('Membership expired'),
  approved: (t) => t('Approved'),
};

const TARGET_TYPE_LABELS: Record<EventTargetType, (t: Localize) => string> = {
  issue: (t) => t('Issue'),
  milestone: (t) => t('Milestone'),
  merge_request: (t) => t('Merge request'),
  // GitLab's `target_type=note` matches plain comments only: diff notes and discussion (thread) notes are other
  // target types. Labelled for what it matches rather than mapped to the Comments tab, which keeps every comment: this
  // pick is GitLab's raw filter, and the tab is there for "all comments".
  note: (t) => t('Plain comment (not on diffs or threads)'),
  project: (t) => t('Project'),
  snippet: (t) => t('Snippet'),
  user: (t) => t('User'),
};

export function actionLabel(action: EventAction, t: Localize = formatMessage): string {
  return ACTION_LABELS[action](t);
}

export function targetTypeLabel(targetType: EventTargetType, t: Localize = formatMessage): string {
  return TARGET_TYPE_LABELS[targetType](t);
}

export function sortLabel(sort: SortOrder, t: Localize = formatMessage): string {
  return sort === 'asc' ? t('oldest first') : t('newest first');
}
