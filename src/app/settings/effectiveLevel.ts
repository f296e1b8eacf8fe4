/**
 * Which setting decides a scope's notifications (behaviour note §2.7): its own level unless that is `global`; then
 * the nearest group above it whose level is not `global`; else the user's global level. GitLab returns each scope's
 * own level only, so the client resolves it.
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

/**
 * Resolves the level in force from the scope's own link, its ancestor groups (nearest first) and the global link.
 * The global link decides whatever its level, since nothing is above it.
 */
export function resolveLevelInForce(own: LevelLink, groups: readonly LevelLink[], global: LevelLink): LevelInForce {
  const chain = own.kind === 'global' ? [own] : [own, ...groups, global];
  const index = chain.findIndex((link, i) => link.level !== 'global' || i === chain.length - 1);
  return { level: chain[index].level, chain, decidedBy: index };
}

/** True when the scope's own level is `global` and something above it decided. */
export function isInherited(result: LevelInForce): boolean {
  return result.decidedBy > 0;
}

/** The link that decided. */
export function decidingLink(result: LevelInForce): LevelLink {
  return result.chain[result.decidedBy];
}

/** Every parent group of a full path, nearest first: `a/b/c` → `a/b`, `a`. */
export function parentPaths(fullPath: string): string[] {
  const parts = fullPath.split('/').filter((part) => part !== '');
  const parents: string[] = [];
  for (let end = parts.length - 1; end >= 1; end--) parents.push(parts.slice(0, end).join('/'));
  return parents;
}

/** A group's full path and its parents, nearest first: `a/b` → `a/b`, `a`. */
export function selfAndParentPaths(fullPath: string): string[] {
  const trimmed = fullPath.split('/').filter((part) => part !== '').join('/');
  return trimmed === '' ? [] : [trimmed, ...parentPaths(trimmed)];
}
