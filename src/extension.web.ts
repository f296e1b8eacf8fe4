import type * as vscode from 'vscode';
import { activateWith } from './composition';
import { webPlatform } from './web/platform';

/** The browser entry (`browser`): a web worker extension host (VS Code for the Web, GitLab's Web IDE). */
export function activate(context: vscode.ExtensionContext): void {
  activateWith(context, webPlatform());
}

export function deactivate(): void {}
