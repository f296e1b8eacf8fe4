import { isNotificationLevel, type NotificationLevel } from '../../../gitlab/types';
import type { Localize } from '../../localize';
import type { ScopeRef } from './scopes';

/** The order GitLab's own level menu uses. */
export const LEVEL_ORDER: readonly NotificationLevel[] = ['global', 'watch', 'participating', 'mention', 'custom', 'disabled'];

export interface LevelInfo {
  level: NotificationLevel;
  label: string;
  explanation: string;
}

/** A level's name for people; an unknown level from the server is shown as it came, not dropped. */
export function levelLabel(level: string, localize: Localize): string {
  switch (level) {
    case 'global': return localize('Global');
    case 'watch': return localize('Watch');
    case 'participating': return localize('Participate');
    case 'mention': return localize('On mention');
    case 'custom': return localize('Custom');
    case 'disabled': return localize('Disabled');
    default: return level.replace(/[_-]+/g, ' ');
  }
}

export function levelExplanation(level: NotificationLevel, localize: Localize): string {
  switch (level) {
    case 'global': return localize('Use your global notification setting.');
    case 'watch': return localize('Receive notifications for any activity.');
    case 'participating': return localize('Receive notifications for threads you have participated in.');
    case 'mention': return localize('Receive notifications only when you are @mentioned in a comment.');
    case 'custom': return localize('Receive notifications for threads you participate in, plus the events you select.');
    case 'disabled': return localize('Receive no notifications.');
  }
}

/** Label and explanation of every level, in menu order. */
export function levelInfos(localize: Localize): LevelInfo[] {
  return LEVEL_ORDER.map((level) => ({ level, label: levelLabel(level, localize), explanation: levelExplanation(level, localize) }));
}

/**
 * The levels the select offers for a scope: `global` only for groups and projects (it means "defer to the
 * global setting"), and always the current level, even an unknown one, so it is shown rather than dropped.
 */
export function offeredLevels(scope: ScopeRef, currentLevel: string): string[] {
  const offered: string[] = LEVEL_ORDER.filter((level) => level !== 'global' || scope.kind !== 'global' || currentLevel === 'global');
  if (!isNotificationLevel(currentLevel)) offered.push(currentLevel);
  return offered;
}

/**
 * The custom-level e-mail events GitLab knows today (CE 19 + EE 5, behaviour note §2.3), in GitLab's order.
 * A server may return fewer or more; unknown keys are shown by name.
 */
export const KNOWN_EVENT_KEYS = [
  'new_release', 'new_note', 'new_issue', 'reopen_issue', 'close_issue', 'reassign_issue', 'issue_due',
  'new_merge_request', 'push_to_merge_request', 'reopen_merge_request', 'close_merge_request',
  'reassign_merge_request', 'change_reviewer_merge_request', 'merge_merge_request',
  'failed_pipeline', 'fixed_pipeline', 'success_pipeline', 'moved_project', 'merge_when_pipeline_succeeds',
  'new_epic', 'service_account_failed_pipeline', 'service_account_success_pipeline', 'service_account_fixed_pipeline',
  'approver',
] as const;
export type KnownEventKey = (typeof KNOWN_EVENT_KEYS)[number];

export function isKnownEventKey(key: string): key is KnownEventKey {
  return (KNOWN_EVENT_KEYS as readonly string[]).includes(key);
}

/** A human label for a known event key; undefined for keys this version does not know. */
export function eventLabel(key: string, localize: Localize): string | undefined {
  if (!isKnownEventKey(key)) return undefined;
  switch (key) {
    case 'new_release': return localize('Release is created');
    case 'new_note': return localize('Comment is added');
    case 'new_issue': return localize('Issue is created');
    case 'reopen_issue': return localize('Issue is reopened');
    case 'close_issue': return localize('Issue is closed');
    case 'reassign_issue': return localize('Issue is reassigned');
    case 'issue_due': return localize('Issue is due tomorrow');
    case 'new_merge_request': return localize('Merge request is created');
    case 'push_to_merge_request': return localize('Merge request receives a push');
    case 'reopen_merge_request': return localize('Merge request is reopened');
    case 'close_merge_request': return localize('Merge request is closed');
    case 'reassign_merge_request': return localize('Merge request is reassigned');
    case 'change_reviewer_merge_request': return localize('Merge request reviewers are changed');
    case 'merge_merge_request': return localize('Merge request is merged');
    case 'failed_pipeline': return localize('Pipeline fails');
    case 'fixed_pipeline': return localize('Failed pipeline is fixed');
    case 'success_pipeline': return localize('Pipeline succeeds');
    case 'moved_project': return localize('Project is moved');
    case 'merge_when_pipeline_succeeds': return localize('Merge request is set to auto-merge');
    case 'new_epic': return localize('Epic is created');
    case 'service_account_failed_pipeline': return localize('Pipeline started by a service account fails');
    case 'service_account_success_pipeline': return localize('Pipeline started by a service account succeeds');
    case 'service_account_fixed_pipeline': return localize('Pipeline started by a service account is fixed');
    case 'approver': return localize('Merge request you can approve is created');
  }
}

/**
 * What GitLab does for a switch it returns as `null` (never set, behaviour note §2.8): its model reads `null` as on
 * for `failed_pipeline` and `fixed_pipeline` and as off for every other key.
 */
export function nullSwitchIsOn(key: string): boolean {
  return key === 'failed_pipeline' || key === 'fixed_pipeline';
}

// What the page needs of the rest, through this folder only (so the folder shows all the page bundles).
export { formatMessage, type Localize } from '../../localize';
export { isNotificationLevel, type NotificationLevel, type NotificationSetting } from '../../../gitlab/types';
