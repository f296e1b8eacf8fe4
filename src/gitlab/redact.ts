/**
 * Replaces every occurrence of a secret in text with a mask; secrets shorter than 4 characters are ignored. A secret is
 * also found where its characters are escaped, as a server echoing the request may write them and as the text will be
 * read once decoded: a JSON escape (`\u0067lpat-…`, `\/`) or a URL one (`%67lpat-…`), in any mix. So the text is masked
 * as it will read after `JSON.parse` or a URL's decoding, not only as it arrived.
 */
export function redact(text: string, secrets: Iterable<string | undefined>): string {
  let result = text;
  // Without a backslash or a percent sign there is no escape: the plain search is enough (and fast on large bodies).
  const escaped = text.includes('\\') || text.includes('%');
  for (const secret of secrets) {
    if (!secret || secret.length < 4) continue;
    result = escaped ? result.replace(secretPattern(secret), '•••') : result.split(secret).join('•••');
  }
  return result;
}

/** A hexadecimal number as a pattern that takes either case of its letters (`6c` → `6[cC]`). */
const anyCaseHex = (hex: string): string => hex.replace(/[a-f]/g, (digit) => `[${digit}${digit.toUpperCase()}]`);

/**
 * Each character of the secret as any escape of it that decodes to it, or itself. Escapes come first: JSON writes a
 * backslash as two, and masking only the first would leave the second to escape what follows.
 */
function secretPattern(secret: string): RegExp {
  const parts = [...secret].map((char) => {
    // A character outside the BMP is two UTF-16 units, escaped one by one.
    const forms = [char.split('').map((unit) => `\\\\u${anyCaseHex(unit.charCodeAt(0).toString(16).padStart(4, '0'))}`).join('')];
    const code = char.charCodeAt(0);
    if (code < 0x80) forms.push(`%${anyCaseHex(code.toString(16).padStart(2, '0'))}`);
    if (char === '/' || char === '"' || char === '\\') forms.push(`\\\\\\${char}`);
    forms.push(char.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&'));
    return `(?:${forms.join('|')})`;
  });
  return new RegExp(parts.join(''), 'g');
}
