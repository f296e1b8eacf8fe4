import * as vscode from 'vscode';
import { instanceHost } from '../../app/instance';
import type { PagingState, SearchProgress } from '../../app/lists/pagingState';
import type { GitLabError } from '../../gitlab';
import { COMMANDS } from '../../ids';
import type { StatusNode, ViewInstance } from './listNodes';
import { continueRowText, emptyRowText } from './listRowText';
import { displayCount, displayLocalize } from '../displayLanguage';

/** A command without its title: the row gives the title. */
export interface RowCommand {
  command: string;
  arguments?: unknown[];
}

/**
 * The rows that say how loading a list went (`ListRows`), the same in every list of the extension: Loading… (with how
 * far a load reading several pages got), Load more… or Continue, the failure with Retry or Sign In Again, Show Log.
 */
export function loadingItem(progress: SearchProgress | undefined): vscode.TreeItem {
  const item = new vscode.TreeItem(vscode.l10n.t('Loading…'));
  item.iconPath = new vscode.ThemeIcon('loading~spin');
  if (progress && progress.requests > 1) {
    item.description = vscode.l10n.t('{0} pages read, {1} matching', displayCount(progress.requests - 1), displayCount(progress.found));
  }
  return item;
}

/**
 * "Load more…"; after a load that read its bound of pages without filling a page, how far it got, and Continue, which
 * goes on where it stopped (`continueTooltip` says what it looks for).
 */
export function loadMoreItem(bound: SearchProgress | undefined, loadMore: RowCommand, continueTooltip: string): vscode.TreeItem {
  // Continue first, how far the load got after it: a narrow side bar cuts the detail, never the action.
  const text = bound ? continueRowText(bound, displayLocalize()) : { label: vscode.l10n.t('Load more…') };
  const item = new vscode.TreeItem(text.label);
  item.iconPath = new vscode.ThemeIcon(bound ? 'debug-continue' : 'ellipsis');
  if (bound) {
    item.description = text.description;
    item.tooltip = continueTooltip;
  }
  const title = bound ? vscode.l10n.t('Continue') : vscode.l10n.t('Load More');
  item.command = { ...loadMore, title };
  item.contextValue = 'loadMore';
  return item;
}

/**
 * What a click on a list's error row does: sign in again (the token was refused), its command naming the instance of
 * the list that failed, or try the list again.
 */
export interface ErrorRowCommand extends RowCommand {
  signIn: boolean;
}

/**
 * The fix first (Sign In Again or Retry, what a click on the row runs: `action`), then the failure in GitLab's words.
 * `contextValue` lets a list add its own menu tags (the activity's Remove on a 404 row).
 */
export function errorItem(error: GitLabError, action: ErrorRowCommand, contextValue?: string): vscode.TreeItem {
  const text = action.signIn
    ? { label: vscode.l10n.t('Sign In Again'), description: error.message }
    : { label: vscode.l10n.t('Retry'), description: error.message };
  const item = new vscode.TreeItem(text.label);
  item.iconPath = new vscode.ThemeIcon('error', new vscode.ThemeColor('errorForeground'));
  item.description = text.description;
  item.tooltip = error.message;
  item.command = { command: action.command, title: text.label, arguments: action.arguments };
  item.contextValue = contextValue ?? `error ${action.signIn ? 'signIn' : 'retryable'}`;
  return item;
}

export function showLogItem(): vscode.TreeItem {
  const item = new vscode.TreeItem(vscode.l10n.t('Show Log'));
  item.iconPath = new vscode.ThemeIcon('output');
  item.command = { command: COMMANDS.showLog, title: vscode.l10n.t('Show Log') };
  return item;
}

/** What a list says in its status rows, and what they run: the parts that differ from list to list. */
export interface ListStatusLook<Source> {
  /** Load more… and Continue: the view's command that reads on (the list shell runs it, with the list's key). */
  loadMoreCommand: string;
  /** What Continue looks for, as its tooltip. */
  continueTooltip: string;
  /** "No events", "Nothing to do.", "No to-dos match the filter.": what the empty row says. */
  emptyText(filtered: boolean): string;
  /** The unfiltered empty row's icon (the filtered one leads with Clear Filters). */
  emptyIcon: string;
  /** The command of the empty row's Clear Filters. */
  clearFilters: string;
  /** The end row: "End of activity", and its tooltip. */
  end: { label: string; tooltip: string };
  /** The error row: how a click fixes it, the list's own menu tags, and its own words for the failure, if any. */
  errorRow(node: StatusNode<Source> & { type: 'error' }): { action: ErrorRowCommand; contextValue?: string; message?: string };
}

/** A list's status row as VS Code draws it; `state` is the list's paging, for how far a load got. */
export function statusItem<Source extends { readonly key: string }>(node: StatusNode<Source>, state: Pick<PagingState<unknown>, 'progress' | 'stoppedAtBound'>, look: ListStatusLook<Source>): vscode.TreeItem {
  switch (node.type) {
    case 'loading': return loadingItem(state.progress);
    case 'loadMore': return loadMoreItem(state.stoppedAtBound, { command: look.loadMoreCommand, arguments: [node.source.key] }, look.continueTooltip);
    case 'showLog': return showLogItem();
    case 'end': {
      const item = new vscode.TreeItem(look.end.label);
      item.iconPath = new vscode.ThemeIcon('check');
      item.tooltip = look.end.tooltip;
      item.contextValue = 'end';
      return item;
    }
    case 'empty': {
      // Under a filter the row leads with the way out of it.
      const text = emptyRowText(node.filtered, look.emptyText(node.filtered), displayLocalize());
      const item = new vscode.TreeItem(text.label);
      item.iconPath = new vscode.ThemeIcon(node.filtered ? 'clear-all' : look.emptyIcon);
      if (node.filtered) {
        item.description = text.description;
        item.command = { command: look.clearFilters, title: vscode.l10n.t('Clear Filters') };
      }
      item.contextValue = 'empty';
      return item;
    }
    case 'error': {
      const { action, contextValue, message } = look.errorRow(node);
      const item = errorItem(node.error, action, contextValue);
      // The fix stays first; what it fixes after it.
      if (message) item.description = item.tooltip = message;
      return item;
    }
  }
}

/**
 * A refused token: sign in again to the instance of the list that failed, named by its URL (never left to the
 * sign-in flow, which would offer the settings' instance, one a workspace may name); anything else: `retry`.
 */
export function errorRowCommand(error: GitLabError, instanceUrl: string | undefined, retry: RowCommand): ErrorRowCommand {
  if (error.kind !== 'unauthorized') return { ...retry, signIn: false };
  return { signIn: true, command: COMMANDS.signIn, arguments: instanceUrl ? [instanceUrl] : [] };
}

/** An instance's root (shown while several are signed in): its host, and who is signed in there. */
export function instanceRootItem(instance: ViewInstance): vscode.TreeItem {
  const item = new vscode.TreeItem(instanceHost(instance.url), vscode.TreeItemCollapsibleState.Expanded);
  item.description = instance.user;
  item.tooltip = instance.user ? vscode.l10n.t('{0}, signed in as {1}', instance.url, instance.user) : instance.url;
  item.iconPath = new vscode.ThemeIcon('server');
  item.contextValue = 'instanceRoot';
  return item;
}
