import type { EventAction, EventTargetType, SortOrder } from '../../gitlab/types';
import { formatMessage, type Localize } from '../localize';

/** Words for the filter's values, shared by the view's description and the filter quick picks. */
const ACTION_LABELS: Record<EventAction, string> = {
  created: 'created',
  updated: 'updated',
  closed: 'closed',
  reopened: 'reopened',
  pushed: 'pushed',
  commented: 'commented',
  merged: 'merged',
  joined: 'joined',
  left: 'left',
  destroyed: 'deleted',
  expired: 'membership expired',
  approved: 'approved',
};

const TARGET_TYPE_LABELS: Record<EventTargetType, string> = {
  issue: 'issue',
  milestone: 'milestone',
  merge_request: 'merge request',
  note: 'comment',
  project: 'project',
  snippet: 'snippet',
  user: 'user',
};

export function actionLabel(action: EventAction, t: Localize = formatMessage): string {
  return t(ACTION_LABELS[action]);
}

export function targetTypeLabel(targetType: EventTargetType, t: Localize = formatMessage): string {
  return t(TARGET_TYPE_LABELS[targetType]);
}

export function sortLabel(sort: SortOrder, t: Localize = formatMessage): string {
  return sort === 'asc' ? t('oldest first') : t('newest first');
}
