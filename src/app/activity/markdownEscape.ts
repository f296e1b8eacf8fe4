import { stripInvisible } from '../plainText';

/**
 * Server text placed in Markdown must render as the same text and nothing else: no link, image, autolink,
 * HTML, entity, emphasis, heading, list, table or theme icon. Backslash-escaping every ASCII punctuation
 * character that can start or close any of those does that in CommonMark and GFM (including bare-URL and
 * e-mail autolinks, which need an unescaped `:`, `.` or `@`). Only `, ; / ? % ' " ^` are left as they are:
 * none of them does anything outside a construct that an escaped character has already prevented.
 */
const SPECIAL = /[!#$&()*+\-.:<=>@[\\\]_`{|}~]/g;
const LINE_BREAK = /\r\n?|[\n\u2028\u2029]/;
const LEADING_SPACE = /^[ \t]+/;

function escapeLine(line: string): string {
  // Leading spaces could make an indented code block; non-breaking spaces keep the indentation as text.
  return line
    .replace(SPECIAL, (char) => `\\${char}`)
    .replace(LEADING_SPACE, (space) => space.replace(/\t/g, '    ').replace(/ /g, '\u00a0'));
}

/** `text` as inline Markdown that renders literally; line breaks become spaces. */
export function escapeMarkdown(text: string): string {
  return escapeLine(stripInvisible(String(text)).split(LINE_BREAK).join(' ').replace(/\t/g, ' '));
}

/** Each line of `text` escaped on its own, for callers that keep line structure (quotes, lists). */
export function escapeMarkdownLines(text: string): string[] {
  return stripInvisible(String(text)).split(LINE_BREAK).map(escapeLine);
}

/**
 * Multi-line plain text as a Markdown block quote that renders line by line, with no other meaning.
 * Blank lines stay (as quote paragraph breaks); the other lines end with a hard break.
 */
export function markdownQuote(text: string): string {
  return escapeMarkdownLines(text)
    .map((line) => (line.trim() === '' ? '>' : `> ${line}  `))
    .join('\n');
}

/**
 * An http(s) URL as a Markdown link destination, or undefined for any other scheme. Characters that could
 * end the destination or the link are percent-encoded.
 */
export function markdownLinkDestination(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  return url.href.replace(/[()<>\s`\\]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}
