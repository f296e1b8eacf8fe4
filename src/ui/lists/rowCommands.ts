import * as vscode from 'vscode';
import { instanceHost, instancePage } from '../../app/instance';
import { trimInstanceUrl } from '../../gitlab/url';
import * as plainWindow from '../plainWindow';

/**
 * A guard for a command's argument: a view's row of that type (a command gets what a menu, a click or a key binding
 * passed, which may be anything).
 */
export function rowOfType<Row extends { type: string }, T extends Row['type']>(type: T): (node: unknown) => node is Extract<Row, { type: T }> {
  return (node: unknown): node is Extract<Row, { type: T }> =>
    typeof node === 'object' && node !== null && (node as { type?: unknown }).type === type;
}

/**
 * A row's action (one only a row's menu, button or click runs) that reached the extension without its row: VS Code
 * passes none when the row's list was drawn anew as the action was chosen. Nothing is done, and the person is told, in
 * place of an action that silently did nothing.
 */
export function rowLost(log: { info(line: string): void }, command: string): void {
  log.info(`${command} came without its row (the list was drawn anew as it was chosen): nothing done`);
  void plainWindow.showInformationMessage(vscode.l10n.t('The list changed as you chose the action, and nothing was done. Please choose it again.'));
}

/**
 * Opens a row's page: only one on its account's own instance (`instancePage`: its origin, under its path as the server
 * reads it, decoded and resolved, with no credentials); otherwise says there is no page there to open (`noPage` names
 * the instance's host: "This to-do has no page on {0} to open.").
 */
export async function openOnInstance(url: string | undefined, instanceUrl: string, noPage: (host: string) => string): Promise<void> {
  const page = url === undefined ? undefined : instancePage(url, trimInstanceUrl(instanceUrl));
  if (page) await vscode.env.openExternal(vscode.Uri.parse(page.href, true));
  else void plainWindow.showInformationMessage(noPage(instanceHost(trimInstanceUrl(instanceUrl))));
}
