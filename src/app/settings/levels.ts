import { isNotificationLevel, type NotificationLevel } from '../../gitlab/types';
import type { Localize } from '../localize';
import type { ScopeRef } from './scopes';

/** The order GitLab's own level menu uses. */
export const LEVEL_ORDER: readonly NotificationLevel[] = ['global', 'watch', 'participating', 'mention', 'custom', 'disabled'];

export interface LevelInfo {
  level: NotificationLevel;
  label: string;
  explanation: string;
}

export function levelLabel(level: NotificationLevel, localize: Localize): string {
  switch (level) {
    case 'global': return localize('Global');
    case 'watch': return localize('Watch');
    case 'participating': return localize('Participate');
    case 'mention': return localize('On mention');
    case 'custom': return localize('Custom');
    case 'disabled': return localize('Disabled');
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
