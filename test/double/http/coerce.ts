/** Grape-style parameter coercion (behaviour note §1.9, §3.7). */

export const INVALID = Symbol('invalid');
export type Coerced<T> = T | undefined | typeof INVALID;

const TRUE_VALUES = new Set(['1', 'on', 't', 'true', 'y', 'yes']);
const FALSE_VALUES = new Set(['0', 'off', 'f', 'false', 'n', 'no']);

/** dry-types Params::Bool. An empty string or JSON null is nil (the column is set to null). */
export function coerceBoolean(value: unknown): boolean | null | typeof INVALID {
  if (value === null || value === '') return null;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value === 1 ? true : value === 0 ? false : INVALID;
  if (typeof value !== 'string') return INVALID;
  const lower = value.toLowerCase();
  if (TRUE_VALUES.has(lower)) return true;
  if (FALSE_VALUES.has(lower)) return false;
  return INVALID;
}

/** Integer params: absent or empty → undefined (the default applies). */
export function coerceInteger(value: string | undefined): Coerced<number> {
  if (value === undefined || value === '') return undefined;
  if (!/^\s*[+-]?\d+\s*$/.test(value)) return INVALID;
  return Number.parseInt(value, 10);
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

function isoDate(year: number, month: number, day: number): string | typeof INVALID {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return INVALID;
  return date.toISOString().slice(0, 10);
}

function monthNumber(name: string): number {
  return MONTHS.indexOf(name.slice(0, 3).toLowerCase()) + 1;
}

/**
 * Ruby `Date.parse` for the forms clients send: `YYYY-MM-DD` (also unpadded, or with a time after it), `YYYY/MM/DD`,
 * `YYYYMMDD`, `1 Dec 2016`, `Dec 1, 2016`. Returns `YYYY-MM-DD`.
 */
export function coerceDate(value: string | undefined): Coerced<string> {
  if (value === undefined || value.trim() === '') return undefined;
  const text = value.trim();
  let match = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:$|[T\s])/.exec(text);
  if (match) return isoDate(Number(match[1]), Number(match[2]), Number(match[3]));
  match = /^(\d{4})(\d{2})(\d{2})$/.exec(text);
  if (match) return isoDate(Number(match[1]), Number(match[2]), Number(match[3]));
  match = /^(\d{1,2})\s+([A-Za-z]{3,})\.?\s+(\d{4})$/.exec(text);
  if (match && monthNumber(match[2]) > 0) return isoDate(Number(match[3]), monthNumber(match[2]), Number(match[1]));
  match = /^([A-Za-z]{3,})\.?\s+(\d{1,2}),?\s+(\d{4})$/.exec(text);
  if (match && monthNumber(match[1]) > 0) return isoDate(Number(match[3]), monthNumber(match[1]), Number(match[2]));
  return INVALID;
}
