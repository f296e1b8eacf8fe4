import type { Scope } from '../../gitlab/types';
import type { Localize } from '../localize';

export interface StatusBarView {
  text: string;
  tooltip: string;
  muted: boolean;
}

const LEVEL_LABELS: Record<string, string> = {
  disabled: 'Disabled',
  participating: 'Participating',
  watch: 'Watch',
  global: 'Global',
  mention: 'On mention',
  custom: 'Custom',
};

/** A level's name for people; an unknown level from the server is shown as it came, not dropped. */
export function levelLabel(level: string, t: Localize): string {
  const known = LEVEL_LABELS[level];
  return known ? t(known) : level.replace(/[_-]+/g, ' ');
}

/** What the status bar shows for the level in force: `$(bell) Watch`, or a crossed bell when muted. */
export function statusBarView(scopeName: string, level: string, t: Localize): StatusBarView {
  const muted = level === 'disabled';
  const label = levelLabel(level, t);
  // Codicon syntax in the text is the status bar's own; the label is ours, but strip `$(` anyway.
  const safe = label.replace(/\$\(/g, '$\u200b(');
  return {
    text: `$(${muted ? 'bell-slash' : 'bell'}) ${safe}`,
    tooltip: t('GitLab notifications for {0}: {1}. Click to change.', scopeName, label),
    muted,
  };
}

/**
 * The level Toggle Mute moves to: `disabled` when not muted; when muted, the level before muting, else the
 * default of the scope (global `participating`, others `global`).
 */
export function toggleMuteTarget(current: string, previous: string | undefined, scope: Scope): string {
  if (current !== 'disabled') return 'disabled';
  if (previous && previous !== 'disabled') return previous;
  return scope.kind === 'global' ? 'participating' : 'global';
}

export function scopeKey(scope: Scope): string {
  return scope.kind === 'global' ? 'global' : `${scope.kind}:${String(scope.id).toLowerCase()}`;
}
