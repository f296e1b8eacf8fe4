/**
 * Text we do not control (servers, files, settings, git remotes) made safe to show. Server text (titles, names, refs)
 * becomes one clean line: control characters and bidirectional overrides could reorder or hide what a row says, and
 * line breaks do not belong in a label. And any such text is made inert before VS Code reads markup in it.
 */

// C0/C1 controls other than whitespace, bidi embeddings/overrides/isolates and marks, BOM.
const INVISIBLE = /[\u0000-\u0008\u000B\u000E-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/g;
const WHITESPACE_RUN = /[\s\u2028\u2029]+/g;

/** Removes invisible controls without touching line breaks or indentation. */
export function stripInvisible(text: string): string {
  return text.replace(INVISIBLE, '');
}

/** One trimmed line: invisible controls removed, every run of whitespace (line breaks too) made one space. */
export function plainLine(text: string | null | undefined): string {
  if (typeof text !== 'string') return '';
  return stripInvisible(text).replace(WHITESPACE_RUN, ' ').trim();
}

/**
 * A person as GitLab names them, as one clean line wherever shown (rows, tooltips, menus, messages): the name, else the
 * username; '' when neither says anything. Bidi overrides or a line separator in a name could reorder or split what a
 * row says about someone else.
 */
export function personName(person: { name?: unknown; username?: unknown } | null | undefined): string {
  const line = (value: unknown): string => (typeof value === 'string' ? plainLine(value) : '');
  return line(person?.name) || line(person?.username);
}

/** Shortens `text` to at most `max` characters, ending with an ellipsis when cut; never splits a surrogate pair. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = Math.max(0, max - 1);
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  return `${text.slice(0, end)}…`;
}

/** `value` when it is a positive safe integer, else undefined: ids and iids from the server are checked before use. */
export function positiveInteger(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : undefined;
}

const SHA = /^[0-9a-f]{7,64}$/i;
const ZERO_SHA = /^0+$/;

/** A commit SHA when `value` is one (the all-zero SHA of a new or deleted ref means "no commit"). */
export function commitSha(value: unknown): string | undefined {
  return typeof value === 'string' && SHA.test(value) && !ZERO_SHA.test(value) ? value.toLowerCase() : undefined;
}

/** The first 8 characters of a SHA, as GitLab shows them. */
export function shortSha(sha: string): string {
  return sha.slice(0, 8);
}

// VS Code turns `[label](command:id?args)` (also https: and file:) into a live link in messages, input validation and
// prompts, and `$(name)` into an icon in quick picks, validation and the status bar. A zero-width space between `]`
// and `(`, and between `$` and `(`, breaks both patterns and changes nothing a person reads.
const LINK_OR_ICON = /([\]$])\(/g;

/**
 * The one plain-text function: untrusted text as VS Code shows it in a message, validation message, quick pick or the
 * status bar, with no link or icon syntax left intact. Idempotent.
 */
export function inert(text: string): string {
  return text.replace(LINK_OR_ICON, '$1\u200b(');
}
