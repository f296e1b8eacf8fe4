import type { InheritedLevel } from '../../../src/app/settings/protocol';
import type { ScopeRef } from '../../../src/app/settings/scopes';
import { h, type Child } from './dom';
import { format, levelText } from './format';
import type { Texts } from './model';

/**
 * "Why am I notified?" under the level: the scope with the level the form shows, its groups nearest first, then
 * global, each with its own level; the first that is not Global decides. Follows the select as it changes, so it
 * says what a save would do. The same lines as the status bar's tooltip and the Why command.
 */
export function chainView(scope: ScopeRef, path: string | undefined, level: string, inherited: InheritedLevel | undefined, texts: Texts): Child {
  if (scope.kind === 'global' || !inherited?.chain) return null;
  const { strings } = texts;
  const own = format(scope.kind === 'group' ? strings.chainGroup : strings.chainProject, path ?? String(scope.id));
  const links = [{ name: own, level }, ...inherited.chain.map((link) => ({
    name: link.kind === 'global' ? strings.chainGlobal : format(strings.chainGroup, link.name),
    level: link.level,
  }))];
  const found = links.findIndex((link) => link.level !== 'global');
  const decides = found === -1 ? links.length - 1 : found;
  return h('div', { id: 'level-chain', className: 'hint' },
    h('p', {}, strings.chainHeading),
    h('ol', {}, ...links.map((link, index) => {
      const line = format(strings.chainLink, link.name, levelText(texts, link.level));
      return h('li', { data: { level: link.level, ...(index === decides ? { decides: 'true' } : {}) } },
        index === decides ? format(strings.chainDecides, line) : line);
    })));
}
