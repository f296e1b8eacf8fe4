import type { Localize } from '../../src/app/localize';

/**
 * `vscode.l10n.t` as the extension host runs it for the default language (no translation bundle): the message
 * itself when there are no arguments, else `{0}`-style substitution with one regular expression. The row model uses
 * it so that localisation costs here what it costs in VS Code (src/app/localize.ts's `formatMessage`, meant for tests,
 * runs the substitution even without arguments).
 */
export const vscodeL10nT: Localize = (message, ...args) => {
  if (args.length === 0) return message;
  return message.replace(/\{(\d+)\}/g, (whole, index: string) => {
    const value = args[Number(index)];
    return value === undefined ? whole : String(value);
  });
};
