import { isNotificationLevel } from '../../gitlab/types';
import type { Localize } from '../localize';
import { levelLabel as knownLevelLabel } from '../settings/levels';

export interface StatusBarView {
  text: string;
  tooltip: string;
  muted: boolean;
}

/** A level's name for people; an unknown level from the server is shown as it came, not dropped. */
export function levelLabel(level: string, t: Localize): string {
  return isNotificationLevel(level) ? knownLevelLabel(level, t) : level.replace(/[_-]+/g, ' ');
}

/** What the status bar shows for the level in force: `$(bell) Watch`, or a crossed bell when muted. */
export function statusBarView(scopeName: string, level: string, t: Localize): StatusBarView {
  const muted = level === 'disabled';
  const label = levelLabel(level, t);
  // `$(…)` in status bar text renders an icon: keep a server-sent level from doing so.
  const safe = label.replace(/\$\(/g, '$\u200b(');
  return {
    text: `$(${muted ? 'bell-slash' : 'bell'}) ${safe}`,
    tooltip: t('GitLab notifications for {0}: {1}. Click to change.', scopeName, label),
    muted,
  };
}
