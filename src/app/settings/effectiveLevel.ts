import type { Localize } from '../localize';
import { levelLabel, scopeName } from './shared/labels';
import { scopeId, type ScopeRef } from './shared/scopes';

/**
 * Which setting decides a scope's notifications (behaviour note §2.7): its own level unless that is `global`; then
 * the nearest group above it whose level is not `global`; else the user's global level. GitLab returns each scope's
 * own level only, so the client resolves it. Also how the answer is told: the status bar, its tooltip and
 * "Why am I notified?" all read the same chain.
 */
export interface LevelLink {
  kind: 'global' | 'group' | 'project';
  /** Full path (or ID) of a group or project; empty for the global link. */
  name: string;
  /** The scope's own level as GitLab returned it (an unknown level is kept as it came). */
  level: string;
}

export interface LevelInForce {
  /** The level that decides; an unknown level from the server is returned as it is. */
  level: string;
  /** The scope itself, its groups nearest first, then global. */
  chain: LevelLink[];
  /** Index in `chain` of the link that decided. */
  decidedBy: number;
}

/** The global link decides whatever its level, since nothing is above it. */
export function resolveLevelInForce(own: LevelLink, groups: readonly LevelLink[], global: LevelLink): LevelInForce {
  const chain = own.kind === 'global' ? [own] : [own, ...groups, global];
  const index = chain.findIndex((link, i) => link.level !== 'global' || i === chain.length - 1);
  return { level: chain[index].level, chain, decidedBy: index };
}

export const decidingLink = (result: LevelInForce): LevelLink => result.chain[result.decidedBy];

/** A group's full path and its parents, nearest first: `a/b` → `a/b`, `a`. */
export function selfAndParentPaths(fullPath: string): string[] {
  const parts = fullPath.split('/').filter((part) => part !== '');
  return parts.map((_, index) => parts.slice(0, parts.length - index).join('/'));
}

/** The scope a link names: its group path, or global. */
function linkScope(link: LevelLink): ScopeRef {
  return link.kind === 'global' ? { kind: 'global' } : { kind: link.kind, id: scopeId(link.name) };
}

/** Where a level comes from, for sentences: "global settings" or "group acme/platform". */
const linkName = (link: LevelLink, t: Localize): string => scopeName(linkScope(link), t);

/** The level in force with where it comes from, short: `Watch`, `Participate (global)`, `Watch (platform)`. */
export function levelInForceLabel(result: LevelInForce, t: Localize): string {
  const label = levelLabel(result.level, t);
  const link = decidingLink(result);
  if (result.decidedBy === 0) return label;
  // The group's own name (last path segment) keeps the status bar short; the tooltip has the full path.
  return link.kind === 'global' ? t('{0} (global)', label) : t('{0} ({1})', label, link.name.split('/').pop() || link.name);
}

/** The chain that decides, one line a link, the deciding one marked: the tooltip and the Why command. */
export function chainLines(result: LevelInForce, t: Localize): string[] {
  return result.chain.map((link, index) => {
    const line = t('{0}: {1}', linkName(link, t), levelLabel(link.level, t));
    return index === result.decidedBy ? t('{0} (decides)', line) : line;
  });
}

/** `tooltip`: plain text, one line per link of the chain. */
export type StatusBarView = { text: string; tooltip: string };

/**
 * What the status bar shows for the level in force: `$(bell) Watch`, `$(bell) Participate (global)` for a scope that
 * inherits, a crossed bell when the level in force is `disabled`; the tooltip lists the chain that decided.
 */
export function statusBarView(name: string, result: LevelInForce, t: Localize): StatusBarView {
  const label = levelInForceLabel(result, t);
  const lines = [t('GitLab notifications for {0}: {1}. Click to change.', name, label)];
  // Global alone has nothing to explain; any other scope lists its whole chain, as "Why am I notified?" does.
  if (result.chain.length > 1) lines.push('', ...chainLines(result, t));
  // `$(…)` in status bar text renders an icon: keep a server-sent level or group name from doing so.
  return { text: `$(${result.level === 'disabled' ? 'bell-slash' : 'bell'}) ${label.replace(/\$\(/g, '$\u200b(')}`, tooltip: lines.join('\n') };
}

/** While a snooze mutes the level in force: `$(bell-slash) Muted until 14:00`; the tooltip keeps the chain. */
export function snoozedView(view: StatusBarView, until: string, t: Localize): StatusBarView {
  return { text: `$(bell-slash) ${t('Muted until {0}', until)}`, tooltip: `${t('Snoozed: muted until {0}.', until)}\n${view.tooltip}` };
}

/** How a link of the chain takes part: passes on (its own level is Global), decides, or is never consulted. */
export type LinkRole = 'passes' | 'decides' | 'unused';

/**
 * "Why am I notified?" for one scope: each link of the chain (its name, server text shown as plain text) with its own
 * level and its part in the outcome ("Global: passes the question up", "Watch: decides"), and the scope to open in
 * the settings editor for it. `scope` is the scope asked about, so its own link opens as it was named (by ID or path).
 */
export function whyNotifiedView(name: string, scope: ScopeRef, result: LevelInForce, t: Localize) {
  const items = result.chain.map((link, index) => {
    const role: LinkRole = index < result.decidedBy ? 'passes' : index === result.decidedBy ? 'decides' : 'unused';
    const level = levelLabel(link.level, t);
    const description = role === 'decides' ? t('{0}: decides', level)
      : role === 'passes' ? t('{0}: passes the question up', level) : t('{0}: not consulted (a nearer link decides)', level);
    return { label: linkName(link, t), description, link, role, scope: index === 0 ? scope : linkScope(link) };
  });
  const decidingName = linkName(decidingLink(result), t);
  return {
    title: t('Why am I notified about {0}?', name),
    summary: t('Level in force: {0}, set by {1}.', levelInForceLabel(result, t), decidingName),
    items,
    /** Where the settings editor opens to change what decides. */
    decidingScope: items[result.decidedBy].scope,
    decidingName,
  };
}
