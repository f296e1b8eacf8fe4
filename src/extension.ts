import type * as vscode from 'vscode';
import { activateWith } from './composition';
import { nodePlatform } from './node/platform';

/** The Node entry (`main`): desktop VS Code and remote windows. */
export function activate(context: vscode.ExtensionContext): void {
  activateWith(context, nodePlatform());
}

export function deactivate(): void {}
