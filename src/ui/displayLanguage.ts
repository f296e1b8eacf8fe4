import * as vscode from 'vscode';
import { inLanguage, type Localize } from '../app/localize';

/**
 * `vscode.l10n.t` with VS Code's display language (`vscode.env.language`), so that the dates pure code writes follow it
 * (`src/app/calendar.ts` words them with `Intl` outside English). The language cannot change while the extension runs:
 * VS Code restarts the extension host for that.
 */
export function displayLocalize(): Localize {
  return inLanguage(vscode.l10n.t, vscode.env.language);
}
