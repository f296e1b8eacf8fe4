import type { ActivitySource, DashboardFeed } from '../../app/activity/sources';
import type { GitLabError, GitLabEvent } from '../../gitlab';
import { COMMANDS } from '../../ids';
import type { InstanceListNode } from '../lists/instanceListView';
import { errorRowCommand, type ErrorRowCommand } from '../lists/listStatusItems';

/**
 * The Activity view's own rows: plain data, drawn by `ActivityItems`. `instance` (and each source's) is the key of the
 * instance the row belongs to. My Activity's root and a project's or user's row each hold that list.
 */
export type ActivityRow =
  | { type: 'root'; root: 'mine' | 'projects' | 'users' | DashboardFeed; instance: string }
  | { type: 'source'; source: ActivitySource }
  | { type: 'day'; source: ActivitySource; key: string; label: string; events: GitLabEvent[]; expanded: boolean; earlier?: boolean }
  | { type: 'event'; source: ActivitySource; event: GitLabEvent; index: number; earlier?: boolean }
  | { type: 'hint'; root: 'projects' | 'users'; instance: string }
  /** In place of a source's rows: the token lacks the fine-grained permission events need (`reason` says which). */
  | { type: 'noPermission'; source: ActivitySource; reason: string }
  /** In place of a dashboard feed's rows: the server is not GitLab, which the feeds need (one calm line). */
  | { type: 'needsGitLab'; source: ActivitySource }
  /**
   * A source of a dashboard feed that has its own say: it failed (a project gone, a 403), or it showed nothing (a
   * private profile answers `200 []`); `key` is the feed's (`project:42`, `user:7`), `label` what its list named it.
   */
  | { type: 'feedSource'; source: ActivitySource; key: string; label?: string; error?: GitLabError }
  /** Sources a dashboard feed left out past its bound of 100 ('unknown' when GitLab did not count them). */
  | { type: 'feedLeftOut'; source: ActivitySource; count: number | 'unknown' }
  /** Events a dashboard feed found after rows past them were shown (a source read again): counted, a refresh places them. */
  | { type: 'feedLate'; source: ActivitySource; count: number };

/** A row of the Activity tree: an instance's root, a list's status row, or one of the view's own rows. */
export type ActivityNode = InstanceListNode<ActivitySource, ActivityRow>;

/** A row's identity: the same while it stands for the same thing (VS Code keeps what is open by it). */
export function nodeId(node: ActivityNode): string {
  switch (node.type) {
    case 'instance': return `instance/${node.instance}`;
    case 'root': return `root/${node.instance}/${node.root}`;
    case 'hint': return `hint/${node.instance}/${node.root}`;
    case 'source': return `source/${node.source.key}`;
    case 'day': return `day/${node.source.key}/${node.key}`;
    case 'event': return `event/${node.source.key}/${node.event.id ?? `i${node.index}`}`;
    case 'noPermission': return `noPermission/${node.source.key}`;
    case 'needsGitLab': return `needsGitLab/${node.source.key}`;
    case 'feedSource': return `feedSource/${node.source.key}/${node.key}`;
    case 'feedLeftOut': return `feedLeftOut/${node.source.key}`;
    case 'feedLate': return `feedLate/${node.source.key}`;
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
