/**
 * Pure logic produces user-facing text through an injected `Localize`, so it can run in plain Node while the
 * shell passes `vscode.l10n.t` (same `{0}` placeholder convention).
 */
export type Localize = (message: string, ...args: Array<string | number | boolean>) => string;

/** Substitutes `{0}`, `{1}`… like `vscode.l10n.t` does; used in tests and as the default. */
export const formatMessage: Localize = (message, ...args) =>
  message.replace(/\{(\d+)\}/g, (whole, index: string) => {
    const value = args[Number(index)];
    return value === undefined ? whole : String(value);
  });
