import * as vscode from 'vscode';
import { formatCount, inLanguage, type Localize } from '../app/localize';

/**
 * `vscode.l10n.t` with VS Code's display language (`vscode.env.language`), so that the dates and counts pure code
 * writes follow it (`src/app/calendar.ts` words dates with `Intl` outside English; `formatCount` groups thousands as
 * the language does). The language cannot change while the extension runs: VS Code restarts the extension host for
 * that. Pure code gets this, never `vscode.l10n.t` itself, which carries no language.
 */
export function displayLocalize(): Localize {
  return inLanguage(vscode.l10n.t, vscode.env.language);
}

/** A count in the display language ("1.234" in German), for the messages the shell words itself. */
export function displayCount(count: number): string {
  return formatCount(count, { language: vscode.env.language });
}
