import type { ActivitySource } from '../../app/sources';
import type { GitLabError, GitLabEvent } from '../../gitlab';
import { COMMANDS } from '../../ids';

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
  | { type: 'loadMore'; source: ActivitySource }
  | { type: 'end'; source: ActivitySource }
  | { type: 'loading'; source: ActivitySource }
  | { type: 'empty'; source: ActivitySource; filtered: boolean }
  | { type: 'error'; source: ActivitySource; error: GitLabError }
  | { type: 'showLog'; source: ActivitySource }
  | { type: 'hint'; root: 'projects' | 'users'; instance: string };

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

/** What clicking an error row runs: the command and its arguments (the shell adds the title). */
export interface ErrorRowAction {
  signIn: boolean;
  command: string;
  arguments: unknown[];
}

/**
 * A refused token: sign in again to the instance of the list that failed, named by its URL (never left to the
 * sign-in flow, which would offer the settings' instance, one a workspace may name); anything else: retry the list.
 * `urlOf` gives a signed-in instance's URL from its key; an instance no longer signed in is named by its key, itself
 * a URL.
 */
export function errorRowAction(node: ActivityNode & { type: 'error' }, urlOf: (instance: string) => string | undefined): ErrorRowAction {
  if (node.error.kind !== 'unauthorized') return { signIn: false, command: COMMANDS.refresh, arguments: [node.source.key] };
  const instance = node.source.instance;
  return { signIn: true, command: COMMANDS.signIn, arguments: instance ? [urlOf(instance) ?? instance] : [] };
}
