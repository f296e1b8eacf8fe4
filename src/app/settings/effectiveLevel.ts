import type { Localize } from '../localize';
import { inert } from '../plainText';
import { findEntry, sentenceName } from './scopeCatalog';
import { levelLabel } from './shared/labels';
import { chainLines, decidingLink, linkScope, type LevelInForce, type LevelLink } from './shared/levelChain';
import type { ScopeEntry } from './shared/protocol';

// The level in force (shared/levelChain.ts, with the group paths it is read along): how the status bar, its tooltip
// and "Why am I notified?" tell it.

/** The level in force with where it comes from, short: `Watch`, `Participate (global)`, `Watch (platform)`. */
export function levelInForceLabel(result: LevelInForce, t: Localize): string {
  const label = levelLabel(result.level, t);
  const link = decidingLink(result);
  if (result.decidedBy === 0) return label;
  // The group's own name (last path segment) keeps the status bar short; the tooltip has the full path.
  return link.kind === 'global' ? t('{0} (global)', label) : t('{0} ({1})', label, link.name.split('/').pop() || link.name);
}

/** `tooltip`: plain text, one line per link of the chain. */
export type StatusBarView = { text: string; tooltip: string };

/**
 * What the status bar shows for the level in force: `$(bell) Watch`, `$(bell) Participate (global)` for a scope that
 * inherits, a crossed bell when the level in force is `disabled`; the tooltip lists the chain that decided, then
 * `notes` (plain text).
 */
export function statusBarView(name: string, result: LevelInForce, t: Localize, notes: readonly string[] = []): StatusBarView {
  const label = levelInForceLabel(result, t);
  const lines = [t('GitLab notifications for {0}: {1}. Click to change.', name, label)];
  // Global alone has nothing to explain; any other scope lists its whole chain, as "Why am I notified?" does.
  if (result.chain.length > 1) lines.push('', ...chainLines(result, t));
  // What e-mails the person whatever the level (explicit subscriptions, countWording.ts), after the level's story.
  if (notes.length > 0) lines.push('', ...notes);
  // `$(…)` in status bar text renders an icon: a server-sent level or group name must not.
  return { text: `$(${result.level === 'disabled' ? 'bell-slash' : 'bell'}) ${inert(label)}`, tooltip: lines.join('\n') };
}

/** While a snooze mutes the level in force: `$(bell-slash) Muted until 14:00`; the tooltip keeps the chain. */
export function snoozedView(view: StatusBarView, until: string, t: Localize): StatusBarView {
  return { text: `$(bell-slash) ${t('Muted until {0}', until)}`, tooltip: `${t('Snoozed: muted until {0}.', until)}\n${view.tooltip}` };
}

/** How a link of the chain takes part: passes on (its own level is Global), decides, or is never consulted. */
export type LinkRole = 'passes' | 'decides' | 'unused';

/**
 * "Why am I notified?" for one scope: each link of the chain, named as the settings editor's list names it (GitLab's
 * name, server text shown as plain text, with the path beside it; a group it does not list by its path), with its own
 * level and its part in the outcome ("Global: passes the question up", "Watch: decides"), and the scope to open in the
 * settings editor for it. `target` is the scope asked about, so its own link opens as it was named (by ID or path).
 */
export function whyNotifiedView(target: ScopeEntry, result: LevelInForce, t: Localize, entries: readonly ScopeEntry[] = []) {
  const named = (link: LevelLink, index: number): Pick<ScopeEntry, 'scope' | 'label' | 'detail'> => {
    if (index === 0) return target;
    const scope = linkScope(link);
    return findEntry(entries, scope, link.kind === 'global' ? undefined : link.name)
      ?? { scope, label: link.kind === 'global' ? t('Global') : link.name };
  };
  const items = result.chain.map((link, index) => {
    const role: LinkRole = index < result.decidedBy ? 'passes' : index === result.decidedBy ? 'decides' : 'unused';
    const level = levelLabel(link.level, t);
    const description = role === 'decides' ? t('{0}: decides', level)
      : role === 'passes' ? t('{0}: passes the question up', level) : t('{0}: not consulted (a nearer link decides)', level);
    const { label, detail } = named(link, index);
    return { label, description, detail, link, role, scope: index === 0 ? target.scope : linkScope(link) };
  });
  const decidingName = sentenceName(named(decidingLink(result), result.decidedBy), t);
  return {
    title: t('Why am I notified about {0}?', sentenceName(target, t)),
    summary: t('Level in force: {0}, set by {1}.', levelInForceLabel(result, t), decidingName),
    items,
    /** Where the settings editor opens to change what decides. */
    decidingScope: items[result.decidedBy].scope,
    decidingName,
  };
}
