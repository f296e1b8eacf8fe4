/**
 * Pure logic produces user-facing text through an injected `Localize`, so it can run in plain Node while the
 * shell passes `vscode.l10n.t` (same `{0}` placeholder convention).
 */
export type Localize = ((message: string, ...args: MessageArgument[]) => string) & {
  /**
   * VS Code's display language (`de`, `zh-cn`) where the shell gave it: dates follow it through `Intl`
   * (`src/app/calendar.ts`), and so do counts (`formatCount`). Without it, or in English, dates are worded through the
   * messages themselves.
   */
  readonly language?: string;
};

/**
 * What a message takes. No number: a count goes in through `formatCount` ("1.234" in German), an ID, a version or a
 * status code as `String(n)`, so that each number is written as a person reads it and none is grouped by accident.
 */
export type MessageArgument = string | boolean;

/** `t` that carries the display language, for the calendar's dates. */
export function inLanguage(t: Localize, language: string): Localize {
  return Object.assign((message: string, ...args: MessageArgument[]) => t(message, ...args), { language });
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
  const kept = (message: string, ...args: MessageArgument[]) => {
    if (args.length > 0) return t(message, ...args);
    let text = plain.get(message);
    if (text === undefined) plain.set(message, (text = t(message)));
    return text;
  };
  return t.language === undefined ? kept : Object.assign(kept, { language: t.language });
}

/** One number format per language: making one costs far more than using it, and a tree writes thousands of counts. */
const countFormats = new Map<string, Intl.NumberFormat | null>();

/**
 * A count as the display language writes it: "12,345" in English and Chinese, "12.345" in German. Plain digits where
 * `t` carries no language (pure code's tests) or the runtime knows no such language. For counts only: IDs, references
 * (#123), versions and status codes go in as `String(n)`.
 */
export function formatCount(count: number, t: Pick<Localize, 'language'>): string {
  const language = t.language;
  if (!language || !Number.isFinite(count)) return String(count);
  let format = countFormats.get(language);
  if (format === undefined) {
    try {
      format = new Intl.NumberFormat(language, { maximumFractionDigits: 0 });
    } catch {
      format = null; // not a language tag Intl takes
    }
    countFormats.set(language, format);
  }
  return format ? format.format(count) : String(count);
}
