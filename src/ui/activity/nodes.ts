import type { ActivitySource } from '../../app/activity/sources';
import type { GitLabEvent } from '../../gitlab';
import { COMMANDS } from '../../ids';
import type { StatusNode } from '../lists/listNodes';
import { errorRowCommand, type ErrorRowCommand } from '../lists/listStatusItems';

/**
 * The Activity tree's nodes: plain data; `ActivityTreeProvider` turns them into TreeItems. `instance` (and each
 * source's) is the key of the instance the node belongs to.
 */
export type ActivityNode =
  | { type: 'instance'; instance: string }
  | { type: 'root'; root: 'mine' | 'projects' | 'users'; instance: string }
  | { type: 'source'; source: ActivitySource }
  | { type: 'day'; source: ActivitySource; key: string; label: string; events: GitLabEvent[]; expanded: boolean; earlier?: boolean }
  | { type: 'event'; source: ActivitySource; event: GitLabEvent; index: number; earlier?: boolean }
  | { type: 'hint'; root: 'projects' | 'users'; instance: string }
  /** In place of a source's rows: the token lacks the fine-grained permission events need (`reason` says which). */
  | { type: 'noPermission'; source: ActivitySource; reason: string }
  | StatusNode<ActivitySource>;

export function nodeId(node: ActivityNode): string {
  switch (node.type) {
    case 'instance': return `instance/${node.instance}`;
    case 'root': return `root/${node.instance}/${node.root}`;
    case 'hint': return `hint/${node.instance}/${node.root}`;
    case 'source': return `source/${node.source.key}`;
    case 'day': return `day/${node.source.key}/${node.key}`;
    case 'event': return `event/${node.source.key}/${node.event.id ?? `i${node.index}`}`;
    default: return `${node.type}/${node.source.key}`;
  }
}

/**
 * What clicking an error row runs: sign in again to the instance of the list that failed (`urlOf` gives a signed-in
 * instance's URL from its key; one no longer signed in is named by its key, itself a URL), or retry that list.
 */
export function errorRowAction(node: ActivityNode & { type: 'error' }, urlOf: (instance: string) => string | undefined): ErrorRowCommand {
  const instance = node.source.instance;
  return errorRowCommand(node.error, instance ? urlOf(instance) ?? instance : undefined, { command: COMMANDS.refresh, arguments: [node.source.key] });
}

/**
 * The error row's context value, for its menus: how its click fixes it, and for a project or user of the settings
 * that GitLab does not know (404), that it can be removed (the inline "Remove" button and the context menu's).
 */
export function errorRowContext(node: ActivityNode & { type: 'error' }): string {
  const tags = ['error', node.error.kind === 'unauthorized' ? 'signIn' : 'retryable'];
  const kind = node.source.source.kind;
  if (node.error.kind === 'notFound' && node.source.from === 'setting' && kind !== 'mine') {
    tags.push(kind === 'project' ? 'removableProject' : 'removableUser');
  }
  return tags.join(' ');
}

/** The project or user a row stands for or failed for (a source row, or its error row), for Remove. */
export function sourceOfRow(node: ActivityNode | undefined, kind: 'project' | 'user'): ActivitySource | undefined {
  if (node?.type !== 'source' && node?.type !== 'error') return undefined;
  return node.source.source.kind === kind ? node.source : undefined;
}
