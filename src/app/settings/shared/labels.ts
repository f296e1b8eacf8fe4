import { isNotificationLevel, type NotificationLevel } from '../../../gitlab/types';
import type { Localize } from '../../localize';
import type { ScopeRef } from './scopes';

/** Each level's name and explanation (English; translated through `Localize`), in the order of GitLab's own menu. */
const LEVELS: Record<NotificationLevel, [label: string, explanation: string]> = {
  global: ['Global', 'Use your global notification setting.'],
  watch: ['Watch', 'Receive notifications for any activity.'],
  participating: ['Participate', 'Receive notifications for threads you have participated in.'],
  mention: ['On mention', 'Receive notifications only when you are @mentioned in a comment.'],
  custom: ['Custom', 'Receive notifications for threads you participate in, plus the events you select.'],
  disabled: ['Disabled', 'Receive no notifications.'],
};
export const LEVEL_ORDER = Object.keys(LEVELS) as NotificationLevel[];

/** A level's name for people; an unknown level from the server is shown as it came, not dropped. */
export function levelLabel(level: string, localize: Localize): string {
  return isNotificationLevel(level) ? localize(LEVELS[level][0]) : level.replace(/[_-]+/g, ' ');
}

/** What a level does; for an unknown level from the server, that it is kept. */
export function levelExplanation(level: string, localize: Localize): string {
  return isNotificationLevel(level) ? localize(LEVELS[level][1])
    : localize('GitLab reports a level this extension does not know. It is kept unless you choose another.');
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
 * The custom-level e-mail events GitLab knows today (CE 19 + EE 5, behaviour note §2.3), in GitLab's order, with
 * their labels. A server may return fewer or more; unknown keys are shown by name.
 */
const EVENTS = {
  new_release: 'Release is created',
  new_note: 'Comment is added',
  new_issue: 'Issue is created',
  reopen_issue: 'Issue is reopened',
  close_issue: 'Issue is closed',
  reassign_issue: 'Issue is reassigned',
  issue_due: 'Issue is due tomorrow',
  new_merge_request: 'Merge request is created',
  push_to_merge_request: 'Merge request receives a push',
  reopen_merge_request: 'Merge request is reopened',
  close_merge_request: 'Merge request is closed',
  reassign_merge_request: 'Merge request is reassigned',
  change_reviewer_merge_request: 'Merge request reviewers are changed',
  merge_merge_request: 'Merge request is merged',
  failed_pipeline: 'Pipeline fails',
  fixed_pipeline: 'Failed pipeline is fixed',
  success_pipeline: 'Pipeline succeeds',
  moved_project: 'Project is moved',
  merge_when_pipeline_succeeds: 'Merge request is set to auto-merge',
  new_epic: 'Epic is created',
  service_account_failed_pipeline: 'Pipeline started by a service account fails',
  service_account_success_pipeline: 'Pipeline started by a service account succeeds',
  service_account_fixed_pipeline: 'Pipeline started by a service account is fixed',
  approver: 'Merge request you can approve is created',
} as const;
export type KnownEventKey = keyof typeof EVENTS;
export const KNOWN_EVENT_KEYS = Object.keys(EVENTS) as KnownEventKey[];

export function isKnownEventKey(key: string): key is KnownEventKey {
  return Object.hasOwn(EVENTS, key);
}

/** A human label for a known event key; a key this version does not know is shown by name. */
export function eventLabel(key: string, localize: Localize): string {
  return isKnownEventKey(key) ? localize(EVENTS[key]) : key;
}

/**
 * A switch's state as text. A never-set one (GitLab's `null`) says what GitLab does with it (behaviour note §2.8):
 * its model reads `null` as on for `failed_pipeline` and `fixed_pipeline` and as off for every other key.
 */
export function eventStateText(key: string, state: 'default' | 'on' | 'off', localize: Localize): string {
  if (state !== 'default') return state === 'on' ? localize('on') : localize('off');
  return key === 'failed_pipeline' || key === 'fixed_pipeline' ? localize('default (on)') : localize('default (off)');
}

/** A scope's name in sentences: "global settings", "group acme", "project acme/web" (`path` when known). */
export function scopeName(scope: ScopeRef, t: Localize, path?: string): string {
  if (scope.kind === 'global') return t('global settings');
  return scope.kind === 'group' ? t('group {0}', path ?? String(scope.id)) : t('project {0}', path ?? String(scope.id));
}

// What the page needs of the rest, through this folder only (so the folder shows all the page bundles).
export { formatMessage, type Localize } from '../../localize';
export { isNotificationLevel, type NotificationLevel, type NotificationSetting } from '../../../gitlab/types';
