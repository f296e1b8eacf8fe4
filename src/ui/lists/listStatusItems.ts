import * as vscode from 'vscode';
import type { SearchProgress } from '../../app/lists/pagingState';
import type { GitLabError } from '../../gitlab';
import { COMMANDS } from '../../ids';
import { continueRowText } from './listRowText';

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
    item.description = vscode.l10n.t('{0} pages read, {1} matching', progress.requests - 1, progress.found);
  }
  return item;
}

/**
 * "Load more…"; after a load that read its bound of pages without filling a page, how far it got, and Continue, which
 * goes on where it stopped (`continueTooltip` says what it looks for).
 */
export function loadMoreItem(bound: SearchProgress | undefined, loadMore: RowCommand, continueTooltip: string): vscode.TreeItem {
  // Continue first, how far the load got after it: a narrow side bar cuts the detail, never the action.
  const text = bound ? continueRowText(bound, vscode.l10n.t) : { label: vscode.l10n.t('Load more…') };
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
