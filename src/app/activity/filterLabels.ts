import type { EventAction, EventTargetType, SortOrder } from '../../gitlab/types';
import { formatMessage, type Localize } from '../localize';

/**
 * Words for the filter's values, shared by the view's description and the filter quick picks. Functions of `t`, so
 * each message is a literal in a `t('…')` call (what `npm run l10n` collects).
 */
const ACTION_LABELS: Record<EventAction, (t: Localize) => string> = {
  created: (t) => t('created'),
  updated: (t) => t('updated'),
  closed: (t) => t('closed'),
  reopened: (t) => t('reopened'),
  pushed: (t) => t('pushed'),
  commented: (t) => t('commented'),
  merged: (t) => t('merged'),
  joined: (t) => t('joined'),
  left: (t) => t('left'),
  destroyed: (t) => t('deleted'),
  expired: (t) => t('membership expired'),
  approved: (t) => t('approved'),
};

const TARGET_TYPE_LABELS: Record<EventTargetType, (t: Localize) => string> = {
  issue: (t) => t('issue'),
  milestone: (t) => t('milestone'),
  merge_request: (t) => t('merge request'),
  // GitLab's `target_type=note` matches plain comments only: diff notes and discussion (thread) notes are other
  // target types. Labelled for what it matches rather than mapped to the Comments tab, which keeps every comment: this
  // pick is GitLab's raw filter, and the tab is there for "all comments".
  note: (t) => t('plain comment (not on diffs or threads)'),
  project: (t) => t('project'),
  snippet: (t) => t('snippet'),
  user: (t) => t('user'),
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
