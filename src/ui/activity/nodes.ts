import type { Localize } from '../../app/localize';
import { errorText, type ActionRowText } from '../lists/listRowText';
import type { ActivitySource } from '../../app/activity/sources';
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

export { continueRowText, type ActionRowText } from '../lists/listRowText';

/** A list with no events: under a filter, the way out of it. */
export function emptyRowText(filtered: boolean, t: Localize): ActionRowText {
  return filtered ? { label: t('Clear Filters'), description: t('No events match the filter') } : { label: t('No events') };
}

/** An error row: its fix ("Retry", "Sign In Again"), then GitLab's message. */
export function errorRowText(node: ActivityNode & { type: 'error' }, t: Localize): ActionRowText {
  return errorText(node.error, t);
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
