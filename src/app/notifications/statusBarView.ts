import type { Localize } from '../localize';
import { decidingLink, isInherited, type LevelInForce, type LevelLink } from '../settings/effectiveLevel';
import { levelLabel } from '../settings/shared/labels';

export interface StatusBarView {
  text: string;
  /** Plain text, one line per link of the chain. */
  tooltip: string;
  muted: boolean;
}

/** The level in force with where it comes from, short: `Watch`, `Participate (global)`, `Watch (platform)`. */
export function levelInForceLabel(result: LevelInForce, t: Localize): string {
  const label = levelLabel(result.level, t);
  if (!isInherited(result)) return label;
  const link = decidingLink(result);
  if (link.kind === 'global') return t('{0} (global)', label);
  // The group's own name (last path segment) keeps the status bar short; the tooltip has the full path.
  return t('{0} ({1})', label, link.name.split('/').pop() || link.name);
}

/** Where an inherited level comes from, for sentences: "global settings" or "group acme/platform". */
export function linkName(link: LevelLink, t: Localize): string {
  switch (link.kind) {
    case 'global': return t('global settings');
    case 'group': return t('group {0}', link.name);
    case 'project': return t('project {0}', link.name);
  }
}

/** The chain that decides, one line a link, the deciding one marked: the tooltip, the editor and the Why command. */
export function chainLines(result: LevelInForce, t: Localize): string[] {
  return result.chain.map((link, index) => {
    const line = t('{0}: {1}', linkName(link, t), levelLabel(link.level, t));
    return index === result.decidedBy ? t('{0} (decides)', line) : line;
  });
}

/**
 * What the status bar shows for the level in force: `$(bell) Watch`, `$(bell) Participate (global)` for a scope that
 * inherits, a crossed bell when the level in force is `disabled`; the tooltip lists the chain that decided.
 */
export function statusBarView(scopeName: string, result: LevelInForce, t: Localize): StatusBarView {
  const muted = result.level === 'disabled';
  const label = levelInForceLabel(result, t);
  const lines = [t('GitLab notifications for {0}: {1}. Click to change.', scopeName, label)];
  // Global alone has nothing to explain; any other scope lists its whole chain, as "Why am I notified?" does.
  if (result.chain.length > 1) lines.push('', ...chainLines(result, t));
  return {
    // `$(…)` in status bar text renders an icon: keep a server-sent level or group name from doing so.
    text: `$(${muted ? 'bell-slash' : 'bell'}) ${label.replace(/\$\(/g, '$\u200b(')}`,
    tooltip: lines.join('\n'),
    muted,
  };
}

/** While a snooze mutes the level in force: `$(bell-slash) Muted until 14:00`; the tooltip keeps the chain. */
export function snoozedView(view: StatusBarView, until: string, t: Localize): StatusBarView {
  return { text: `$(bell-slash) ${t('Muted until {0}', until)}`, tooltip: `${t('Snoozed: muted until {0}.', until)}\n${view.tooltip}`, muted: true };
}
