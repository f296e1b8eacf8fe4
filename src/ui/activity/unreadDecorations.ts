import * as vscode from 'vscode';
import { UNREAD_COLOR, UNREAD_SCHEME } from '../../ids';

/**
 * The unread mark of event rows: a dot in a theme colour (contributed with defaults for light, dark and high-contrast
 * themes), given to rows whose `resourceUri` has the unread scheme. Read rows carry no such URI, so clearing the marks
 * is a tree refresh.
 */
export function registerUnreadDecorations(): vscode.Disposable {
  const decoration = new vscode.FileDecoration('●', vscode.l10n.t('Unread'), new vscode.ThemeColor(UNREAD_COLOR));
  decoration.propagate = false;
  return vscode.window.registerFileDecorationProvider({
    provideFileDecoration: (uri) => (uri.scheme === UNREAD_SCHEME ? decoration : undefined),
  });
}

/** The URI that marks a row unread; `id` keeps rows apart. */
export function unreadUri(id: string): vscode.Uri {
  return vscode.Uri.from({ scheme: UNREAD_SCHEME, path: `/${id}` });
}
