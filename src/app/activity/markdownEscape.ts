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

/**
 * Where text goes in a Markdown document, for `literalMarkdown`: the start of a block (a list item's or a
 * paragraph's first line), an ATX heading's content, the middle of a line, or a link's text.
 */
export type MarkdownPosition = 'block' | 'heading' | 'inline' | 'linkText';

const ASCII_PUNCTUATION = /[!-/:-@[-`{-~]/;
const PUNCTUATION = /[\p{P}]/u;
const PUNCTUATION_OR_SYMBOL = /[\p{P}\p{S}]/u;
const WHITESPACE = /[\s\u00a0]/u;
const ENTITY = /^&(?:#\d{1,7}|#[xX][\da-fA-F]{1,6}|[A-Za-z][A-Za-z\d]{1,31});/;

type CharClass = 'space' | 'punctuation' | 'other';

/**
 * Whether the run of `*`, `_` or `~` from `start` to `end` could open or close emphasis (or strikethrough), by
 * CommonMark's flanking rules. What lies outside the text (`undefined`) and which symbols count as punctuation
 * differ between renderers, so every reading is tried: a run any of them would use is escaped.
 */
function mayDelimit(text: string, start: number, end: number): boolean {
  const before = text[start - 1];
  const after = text[end];
  const underscore = text[start] === '_';
  for (const outside of ['space', 'punctuation'] as const) {
    for (const punctuation of [PUNCTUATION, PUNCTUATION_OR_SYMBOL]) {
      const classOf = (char: string | undefined): CharClass => {
        if (char === undefined) return outside;
        if (WHITESPACE.test(char)) return 'space';
        return ASCII_PUNCTUATION.test(char) || punctuation.test(char) ? 'punctuation' : 'other';
      };
      const prev = classOf(before);
      const next = classOf(after);
      const left = next !== 'space' && (next !== 'punctuation' || prev !== 'other');
      const right = prev !== 'space' && (prev !== 'punctuation' || next !== 'other');
      const opens = underscore ? left && (!right || prev === 'punctuation') : left;
      const closes = underscore ? right && (!left || next === 'punctuation') : right;
      if (opens || closes) return true;
    }
  }
  return false;
}

/** Which characters of one line Markdown would read as syntax where they stand, inline. */
function inlineEscapes(text: string, position: MarkdownPosition): boolean[] {
  const escapes = new Array<boolean>(text.length).fill(false);
  const codeSpans = (text.match(/`/g) ?? []).length > 1;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    const next = text[i + 1];
    if (char === '*' || char === '_' || char === '~') {
      let end = i;
      while (text[end] === char) end++;
      if (mayDelimit(text, i, end)) escapes.fill(true, i, end);
      i = end - 1;
      continue;
    }
    switch (char) {
      case '\\': escapes[i] = next === undefined || ASCII_PUNCTUATION.test(next); break;
      case '`': escapes[i] = codeSpans; break;
      // A link or image needs "](" or "][" (no reference is ever defined here); link text takes no bracket.
      case '[': escapes[i] = position === 'linkText'; break;
      case ']': escapes[i] = position === 'linkText' || next === '(' || next === '['; break;
      case '!': escapes[i] = next === '['; break;
      // Raw HTML and autolinks all end with ">".
      case '<': escapes[i] = text.includes('>', i + 1); break;
      case '&': escapes[i] = ENTITY.test(text.slice(i)); break;
    }
  }
  return escapes;
}

/** What starts a block where the text starts one: a heading, quote, list, fence, HTML block, task box or definition. */
function blockStartEscapes(text: string, escapes: boolean[]): void {
  if (/^#{1,6}(?:[ \t]|$)/.test(text) || /^[>[]/.test(text) || /^[-+*](?:[ \t]|$)/.test(text)
    || /^(?:`{3,}|~{3,})/.test(text) || /^<[A-Za-z/!?]/.test(text) || /^([-*_])(?:[ \t]*\1){2,}[ \t]*$/.test(text)) {
    escapes[0] = true;
  }
  // "1. item", "2) item": the number stays, its delimiter is escaped.
  const ordered = /^(\d{1,9})[.)](?=[ \t]|$)/.exec(text);
  if (ordered) escapes[ordered[1].length] = true;
}

/** A word a renderer might make a link of: a scheme, `www.`, an address, or a name with a dot inside. */
const AUTOLINK_LIKE = /[a-z][a-z\d+.-]*:|www\.|@|[^\s.]\.[^\s.]/i;

/**
 * A bare URL, `www.` name or e-mail address is made a link by GitHub-flavoured renderers from the raw text, escapes
 * and all: a backslash inside one would show. A word that has one loses its link instead (its ":", "." and "@"
 * escaped, which no autolink reads past).
 */
function autolinkEscapes(text: string, escapes: boolean[]): void {
  for (const word of text.matchAll(/\S+/g)) {
    const start = word.index;
    const end = start + word[0].length;
    if (!AUTOLINK_LIKE.test(word[0]) || !escapes.slice(start, end).includes(true)) continue;
    for (let i = start; i < end; i++) if (text[i] === ':' || text[i] === '.' || text[i] === '@') escapes[i] = true;
  }
}

/**
 * `text` as Markdown that renders as that very text where it is placed, escaping only what Markdown would read as
 * syntax there: "#25", "release/2.0", "!6" and "R&D" stay as they are (they paste into a chat as written), while a "#"
 * that would start a heading, a "." after a number that would start a list, a "!" before "[", brackets that would
 * make a link, and emphasis, code, HTML and entities are escaped. Line breaks become spaces. For text read by VS Code
 * (tooltips), `escapeMarkdown` escapes every special character instead.
 */
export function literalMarkdown(text: string, position: MarkdownPosition): string {
  const line = stripInvisible(String(text)).split(LINE_BREAK).join(' ').replace(/\t/g, ' ');
  const escapes = inlineEscapes(line, position);
  if (position === 'block') blockStartEscapes(line, escapes);
  // A heading's closing sequence: "#"s at its end after a space (or making it whole) would be dropped.
  const closing = position === 'heading' ? /(?:^|[ ])(#+) *$/.exec(line) : null;
  if (closing) escapes[closing.index + closing[0].indexOf('#')] = true;
  autolinkEscapes(line, escapes);
  // Only ASCII characters are escaped: indices in UTF-16 units never split a surrogate pair.
  let escaped = '';
  for (let i = 0; i < line.length; i++) escaped += escapes[i] ? `\\${line[i]}` : line[i];
  // Leading spaces could make an indented code block; non-breaking spaces keep the indentation as text.
  if (position === 'block') escaped = escaped.replace(LEADING_SPACE, (space) => space.replace(/ /g, '\u00a0'));
  return escaped;
}
