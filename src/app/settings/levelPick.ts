import type { Localize } from '../localize';
import { isNotificationLevel } from '../../gitlab/types';
import { LEVEL_ORDER, levelExplanation, levelLabel } from './shared/labels';

/** One entry of the status bar's level pick: plain text and a codicon id; the shell makes the quick pick item. */
export interface LevelPickEntry {
  icon?: string;
  label: string;
  description?: string;
  detail?: string;
  /** Choosing it sets this level. */
  level?: string;
  action?: 'mute' | 'editor';
  separator?: true;
}

/**
 * The status bar's level pick for a scope whose own level is `own` (`inForce`: how the level in force reads, for a
 * scope at Global). The level set now comes first, so the pick opens on it (Enter keeps it), then the others in
 * GitLab's order, each with the settings editor's one-line explanation; then Mute or Unmute, which says how it
 * differs from choosing Disabled; then the editor. `levelBeforeMute`: what Unmute gives back.
 */
export function levelPickEntries(
  { own, scopeKind, inForce, levelBeforeMute }: { own: string; scopeKind: 'global' | 'group' | 'project'; inForce: string; levelBeforeMute: string },
  t: Localize,
): LevelPickEntry[] {
  const offered = LEVEL_ORDER.filter((level) => level !== 'global' || scopeKind !== 'global');
  const levels: string[] = [own, ...offered.filter((level) => level !== own)];
  const entries: LevelPickEntry[] = levels.map((level) => ({
    ...(level === own ? { icon: 'check' } : {}),
    label: levelLabel(level, t),
    ...(level !== own ? {} : { description: level === 'global' ? t('current: {0}', inForce) : t('current') }),
    detail: levelExplanation(level, t),
    // A level this version does not know is shown as the current one, not offered to set.
    ...(isNotificationLevel(level) ? { level } : {}),
  }));
  entries.push(
    { label: '', separator: true },
    own === 'disabled'
      ? { icon: 'bell', label: t('Unmute'), detail: t('Back to {0}, the level before the mute', levelLabel(levelBeforeMute, t)), action: 'mute' }
      : { icon: 'bell-slash', label: t('Mute'), detail: t('Disabled until you unmute; the level before is kept'), action: 'mute' },
    { icon: 'settings-gear', label: t('Open Notification Settings…'), detail: t('Every scope, the custom events and the notification e-mail'), action: 'editor' },
  );
  return entries;
}
