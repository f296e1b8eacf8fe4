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

/** A group's full path and its parents, nearest first: `a/b` → `a/b`, `a`. */
export function selfAndParentPaths(fullPath: string): string[] {
  const parts = fullPath.split('/').filter((part) => part !== '');
  return parts.map((_, index) => parts.slice(0, parts.length - index).join('/'));
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

/**
 * The chain in one sentence, for the editor's "why": "Why Watch: acme/platform sets it; the project follows its group."
 * Groups are named by full path, as in the lines of the chain below it.
 */
export function whyLevelText(result: LevelInForce, t: Localize): string {
  const level = levelLabel(result.level, t);
  const project = result.chain[0].kind === 'project';
  const from = decidingLink(result);
  if (result.decidedBy === 0) {
    return result.chain[0].kind === 'global' ? t('Why {0}: your global settings set it.', level)
      : project ? t('Why {0}: the project sets it itself.', level) : t('Why {0}: the group sets it itself.', level);
  }
  // The links that pass the question up, after the scope itself: groups at Global.
  const between = result.chain.slice(1, result.decidedBy).map((link) => link.name);
  if (from.kind === 'global') {
    if (between.length === 0) {
      return project ? t('Why {0}: your global settings set it; the project follows them.', level)
        : t('Why {0}: your global settings set it; the group follows them.', level);
    }
    return project ? t('Why {0}: your global settings set it; the project and its groups follow them.', level)
      : t('Why {0}: your global settings set it; the group and its parent groups follow them.', level);
  }
  if (between.length === 0) {
    return project ? t('Why {0}: {1} sets it; the project follows its group.', level, from.name)
      : t('Why {0}: {1} sets it; the group follows its parent group.', level, from.name);
  }
  return project ? t('Why {0}: {1} sets it; the project and {2} follow it.', level, from.name, between.join(t(', ')))
    : t('Why {0}: {1} sets it; the group and {2} follow it.', level, from.name, between.join(t(', ')));
}
