import * as vscode from 'vscode';
import { renderPanelHtml } from '../../app/settings/panelHtml';
import { createNonce } from './nonce';

/** Folders the panel may load from: the bundled front end and its stylesheet, nothing else. */
export function settingsResourceRoots(extensionUri: vscode.Uri): vscode.Uri[] {
  return [vscode.Uri.joinPath(extensionUri, 'dist', 'webview'), vscode.Uri.joinPath(extensionUri, 'media')];
}

export function settingsWebviewOptions(extensionUri: vscode.Uri): vscode.WebviewOptions {
  // No retainContextWhenHidden: the front end keeps its state with setState and rebuilds itself when shown again.
  return { enableScripts: true, enableCommandUris: false, localResourceRoots: settingsResourceRoots(extensionUri) };
}

/** The page, with a new nonce on every call. */
export function settingsPanelHtml(webview: vscode.Webview, extensionUri: vscode.Uri): string {
  return renderPanelHtml({
    cspSource: webview.cspSource,
    nonce: createNonce(),
    scriptUri: webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'dist', 'webview', 'settings.js')).toString(),
    styleUri: webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'media', 'settings.css')).toString(),
    title: vscode.l10n.t('GitLab Notification Settings'),
    loadingText: vscode.l10n.t('Loading…'),
    lang: vscode.env.language,
  });
}
