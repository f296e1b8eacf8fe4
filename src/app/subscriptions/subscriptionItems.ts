import { instancePage } from '../instance';
import type { SubscribedLabel, SubscribedThing, SubscriptionKind, SubscriptionTarget } from '../../gitlab/subscriptionTypes';

/** A label subscription as a row shows it: the label and where it was read (the project or group it applies to). */
export interface LabelSubscription extends SubscribedLabel {
  containerPath: string;
  containerKind: 'project' | 'group';
  /** The project's or group's id, through whose endpoint the label is unsubscribed. */
  containerId: number;
}

/** One row of the Subscriptions list: a thing (issue, merge request, epic) or a label. */
export type SubscriptionItem = SubscribedThing | LabelSubscription;

/** Items are unique per kind and GitLab id (a label once, wherever it was read first subscribed). */
export const subscriptionKey = (item: SubscriptionItem): string => `${item.kind}:${item.id}`;

/** A state the "closed things" filter and Unsubscribe from All Closed take: closed issues and epics, closed or merged merge requests. */
export function isClosed(item: SubscriptionItem): boolean {
  return item.kind !== 'label' && (item.state === 'closed' || item.state === 'merged');
}

/** The name a row's kind is shown by: GitLab's own type for issues of other types (INCIDENT, TASK, and any new one). */
export function kindName(item: SubscriptionItem): string {
  if (item.kind === 'issue' && item.type && item.type !== 'ISSUE') return item.type.charAt(0) + item.type.slice(1).toLowerCase().replace(/_/g, ' ');
  if (item.kind === 'epic' && item.type && item.type !== 'Epic') return item.type;
  return KIND_NAMES[item.kind];
}

export const KIND_NAMES: Record<SubscriptionKind, string> = { issue: 'Issue', mergeRequest: 'Merge request', epic: 'Epic', label: 'Label' };

/** How GitLab addresses the item to change its subscription. */
export function subscriptionTarget(item: SubscriptionItem): SubscriptionTarget {
  switch (item.kind) {
    case 'label':
      return item.containerKind === 'project'
        ? { kind: 'label', labelId: item.id, projectId: item.containerId }
        : { kind: 'label', labelId: item.id, groupId: item.containerId };
    case 'epic': return { kind: 'epic', id: item.id };
    case 'issue': return { kind: 'issue', projectPath: item.containerPath, iid: item.iid };
    case 'mergeRequest': return { kind: 'mergeRequest', projectPath: item.containerPath, iid: item.iid };
  }
}

/** Whether `path` is `place` or inside it (a group's subgroups and projects). */
export const isWithin = (path: string, place: string): boolean =>
  path.toLowerCase() === place.toLowerCase() || path.toLowerCase().startsWith(`${place.toLowerCase()}/`);

/**
 * The page a row opens: GitLab's web URL of a thing, the labels page of a label's project or group; only a page of the
 * instance (`instancePage`: its origin, under its path as the server reads it), else none.
 */
export function subscriptionPage(item: SubscriptionItem, instanceUrl: string): string | undefined {
  const base = instanceUrl.trim().replace(/\/+$/, '');
  const url = item.kind === 'label'
    ? `${base}/${item.containerKind === 'group' ? 'groups/' : ''}${item.containerPath}/-/labels`
    : item.webUrl;
  return instancePage(url, base)?.href;
}
