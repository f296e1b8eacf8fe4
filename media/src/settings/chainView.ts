import type { InheritedLevel } from '../../../src/app/settings/shared/protocol';
import type { ScopeRef } from '../../../src/app/settings/shared/scopes';
import { h, type Child } from './dom';
import { levelText, type Texts } from './model';

/**
 * "Why am I notified?" under the level: the scope with the level the form shows, its groups nearest first, then
 * global, each with its own level; the first that is not Global decides. Follows the select as it changes, so it
 * says what a save would do. The same lines as the status bar's tooltip and the Why command.
 */
export function chainView(scope: ScopeRef, path: string | undefined, level: string, inherited: InheritedLevel | undefined, texts: Texts): Child {
  if (scope.kind === 'global' || !inherited?.chain) return null;
  const { t } = texts;
  const own = scope.kind === 'group' ? t('group {0}', path ?? String(scope.id)) : t('project {0}', path ?? String(scope.id));
  const links = [{ name: own, level }, ...inherited.chain.map((link) => ({
    name: link.kind === 'global' ? t('global settings') : t('group {0}', link.name),
    level: link.level,
  }))];
  const found = links.findIndex((link) => link.level !== 'global');
  const decides = found === -1 ? links.length - 1 : found;
  return h('div', { id: 'level-chain', className: 'hint' },
    h('p', {}, t('Why this level: the first link not at Global decides')),
    h('ol', {}, ...links.map((link, index) => {
      const line = t('{0}: {1}', link.name, levelText(texts, link.level));
      return h('li', { data: { level: link.level, ...(index === decides ? { decides: 'true' } : {}) } },
        index === decides ? t('{0} (decides)', line) : line);
    })));
}
