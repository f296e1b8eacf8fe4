/**
 * Pure logic produces user-facing text through an injected `Localize`, so it can run in plain Node while the
 * shell passes `vscode.l10n.t` (same `{0}` placeholder convention).
 */
export type Localize = ((message: string, ...args: Array<string | number | boolean>) => string) & {
  /**
   * VS Code's display language (`de`, `zh-cn`) where the shell gave it: dates follow it through `Intl`
   * (`src/app/calendar.ts`). Without it, or in English, dates are worded through the messages themselves.
   */
  readonly language?: string;
};

/** `t` that carries the display language, for the calendar's dates. */
export function inLanguage(t: Localize, language: string): Localize {
  return Object.assign((message: string, ...args: Array<string | number | boolean>) => t(message, ...args), { language });
}

/** Substitutes `{0}`, `{1}`… like `vscode.l10n.t` does; used in tests and as the default. */
export const formatMessage: Localize = (message, ...args) =>
  message.replace(/\{(\d+)\}/g, (whole, index: string) => {
    const value = args[Number(index)];
    return value === undefined ? whole : String(value);
  });

/**
 * `t` with the messages that take no arguments kept after their first use: a tree of thousands of rows asks for the
 * same few words (verbs, months, "Open in Browser") tens of thousands of times, and the display language cannot
 * change while the extension runs (VS Code restarts the extension host for that).
 */
export function keepPlainMessages(t: Localize): Localize {
  const plain = new Map<string, string>();
  const kept = (message: string, ...args: Array<string | number | boolean>) => {
    if (args.length > 0) return t(message, ...args);
    let text = plain.get(message);
    if (text === undefined) plain.set(message, (text = t(message)));
    return text;
  };
  return t.language === undefined ? kept : Object.assign(kept, { language: t.language });
}
