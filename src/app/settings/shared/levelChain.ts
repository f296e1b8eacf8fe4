import type { Localize } from '../../localize';
import { levelLabel, scopeName } from './labels';
import { scopeId, type ScopeRef } from './scopes';

/**
 * Which setting decides a scope's notifications (behaviour note §2.7): its own level unless that is `global`; then
 * the nearest group above it whose level is not `global`; else the user's global level. GitLab returns each scope's
 * own level only, so the client resolves it. The status bar, its tooltip, "Why am I notified?" and the editor's list
 * all read the chain and tell it with `chainLines`.
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

/** The scope a link names: its group path, or global. */
export function linkScope(link: LevelLink): ScopeRef {
  return link.kind === 'global' ? { kind: 'global' } : { kind: link.kind, id: scopeId(link.name) };
}

/** Where a level comes from, for sentences: "global settings" or "group acme/platform". */
export const linkName = (link: LevelLink, t: Localize): string => scopeName(linkScope(link), t);

/** The chain that decides, one line a link, the deciding one marked. */
export function chainLines(result: LevelInForce, t: Localize): string[] {
  return result.chain.map((link, index) => {
    const line = t('{0}: {1}', linkName(link, t), levelLabel(link.level, t));
    return index === result.decidedBy ? t('{0} (decides)', line) : line;
  });
}
