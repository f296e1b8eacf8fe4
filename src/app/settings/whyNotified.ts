import type { Localize } from '../localize';
import { levelInForceLabel, linkName } from '../notifications/statusBarView';
import { levelLabel } from './shared/labels';
import { decidingLink, type LevelInForce, type LevelLink } from './effectiveLevel';
import type { ScopeRef } from './shared/scopes';

/** How a link of the chain takes part: passes on (its own level is Global), decides, or is never consulted. */
export type LinkRole = 'passes' | 'decides' | 'unused';

export interface WhyItem {
  /** "project acme/website", "group acme", "global settings": server text, shown as plain text. */
  label: string;
  /** The link's own level and its role: "Global: passes the question up", "Watch: decides". */
  description: string;
  link: LevelLink;
  role: LinkRole;
  /** The scope to open in the settings editor for this link. */
  scope: ScopeRef;
}

export interface WhyView {
  title: string;
  /** One sentence: the level in force and where it comes from. */
  summary: string;
  items: WhyItem[];
  /** Where the settings editor opens to change what decides. */
  decidingScope: ScopeRef;
  decidingName: string;
}

/**
 * "Why am I notified?" for one scope: each link of the chain (the scope, its groups nearest first, global) with its
 * own level and its part in the outcome (behaviour note §2.7). `scope` is the scope asked about, so its own link
 * opens as it was named (by ID or path).
 */
export function whyNotifiedView(scopeName: string, scope: ScopeRef, result: LevelInForce, t: Localize): WhyView {
  const items = result.chain.map((link, index): WhyItem => {
    const role: LinkRole = index < result.decidedBy ? 'passes' : index === result.decidedBy ? 'decides' : 'unused';
    const level = levelLabel(link.level, t);
    const description = role === 'decides' ? t('{0}: decides', level)
      : role === 'passes' ? t('{0}: passes the question up', level)
        : t('{0}: not consulted (a nearer link decides)', level);
    return { label: linkName(link, t), description, link, role, scope: index === 0 ? scope : linkScope(link) };
  });
  const decider = decidingLink(result);
  return {
    title: t('Why am I notified about {0}?', scopeName),
    summary: t('Level in force: {0}, set by {1}.', levelInForceLabel(result, t), linkName(decider, t)),
    items,
    decidingScope: items[result.decidedBy].scope,
    decidingName: linkName(decider, t),
  };
}

/** The scope a link names: its group path, or global. */
function linkScope(link: LevelLink): ScopeRef {
  if (link.kind === 'global') return { kind: 'global' };
  return { kind: link.kind, id: /^\d+$/.test(link.name) ? Number(link.name) : link.name };
}
