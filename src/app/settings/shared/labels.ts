import { isNotificationLevel, type NotificationLevel } from '../../../gitlab/types';
import type { Localize } from '../../localize';
import type { ScopeRef } from './scopes';

/**
 * Each level's name and explanation, in the order of GitLab's own menu. Functions of `t`, so each message is a
 * literal in a `t('…')` call (what `npm run l10n` collects).
 */
type Words = (localize: Localize) => string;
const LEVELS: Record<NotificationLevel, [label: Words, explanation: Words]> = {
  global: [(t) => t('Global'), (t) => t('Use your global notification setting.')],
  watch: [(t) => t('Watch'), (t) => t('Receive notifications for any activity.')],
  participating: [(t) => t('Participate'), (t) => t('Receive notifications for threads you have participated in.')],
  mention: [(t) => t('On mention'), (t) => t('Receive notifications only when you are @mentioned in a comment.')],
  custom: [(t) => t('Custom'), (t) => t('Receive notifications for threads you participate in, plus the events you select.')],
  disabled: [(t) => t('Disabled'), (t) => t('Receive no notifications.')],
};
export const LEVEL_ORDER = Object.keys(LEVELS) as NotificationLevel[];

/** A level's name for people; an unknown level from the server is shown as it came, not dropped. */
export function levelLabel(level: string, localize: Localize): string {
  return isNotificationLevel(level) ? LEVELS[level][0](localize) : level.replace(/[_-]+/g, ' ');
}

/** What a level does; for an unknown level from the server, that it is kept. */
export function levelExplanation(level: string, localize: Localize): string {
  return isNotificationLevel(level) ? LEVELS[level][1](localize)
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
  new_release: (t) => t('Release is created'),
  new_note: (t) => t('Comment is added'),
  new_issue: (t) => t('Issue is created'),
  reopen_issue: (t) => t('Issue is reopened'),
  close_issue: (t) => t('Issue is closed'),
  reassign_issue: (t) => t('Issue is reassigned'),
  issue_due: (t) => t('Issue is due tomorrow'),
  new_merge_request: (t) => t('Merge request is created'),
  push_to_merge_request: (t) => t('Merge request receives a push'),
  reopen_merge_request: (t) => t('Merge request is reopened'),
  close_merge_request: (t) => t('Merge request is closed'),
  reassign_merge_request: (t) => t('Merge request is reassigned'),
  change_reviewer_merge_request: (t) => t('Merge request reviewers are changed'),
  merge_merge_request: (t) => t('Merge request is merged'),
  failed_pipeline: (t) => t('Pipeline fails'),
  fixed_pipeline: (t) => t('Failed pipeline is fixed'),
  success_pipeline: (t) => t('Pipeline succeeds'),
  moved_project: (t) => t('Project is moved'),
  merge_when_pipeline_succeeds: (t) => t('Merge request is set to auto-merge'),
  new_epic: (t) => t('Epic is created'),
  service_account_failed_pipeline: (t) => t('Pipeline started by a service account fails'),
  service_account_success_pipeline: (t) => t('Pipeline started by a service account succeeds'),
  service_account_fixed_pipeline: (t) => t('Pipeline started by a service account is fixed'),
  approver: (t) => t('Merge request you can approve is created'),
} satisfies Record<string, Words>;
export type KnownEventKey = keyof typeof EVENTS;
export const KNOWN_EVENT_KEYS = Object.keys(EVENTS) as KnownEventKey[];

export function isKnownEventKey(key: string): key is KnownEventKey {
  return Object.hasOwn(EVENTS, key);
}

/** A human label for a known event key; a key this version does not know is shown by name. */
export function eventLabel(key: string, localize: Localize): string {
  return isKnownEventKey(key) ? EVENTS[key](localize) : key;
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
export { formatCount, formatMessage, inLanguage, type Localize } from '../../localize';
export { isNotificationLevel, type NotificationLevel, type NotificationSetting } from '../../../gitlab/types';
