/** Ruby's `CGI.escape`: everything but `a-zA-Z0-9_.-~` is percent-encoded, spaces become `+`. */
export function cgiEscape(value: string): string {
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const char = String.fromCharCode(byte);
    if (/[a-zA-Z0-9_.\-~]/.test(char)) out += char;
    else if (char === ' ') out += '+';
    else out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** Rails `Hash#to_query`: `key=value` pairs, escaped, sorted as strings, joined with `&`. */
export function toQuery(params: Record<string, string>): string {
  return Object.entries(params)
    .map(([key, value]) => `${cgiEscape(key)}=${cgiEscape(value)}`)
    .sort()
    .join('&');
}
