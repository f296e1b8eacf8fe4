import { EVENT_ACTIONS, EVENT_TARGET_TYPES } from '../../../src/gitlab';

/** What the client must do with an ID or a filter, worked out independently of its code. */

/** Whether an ID can be put into a path at all: something left after trimming, no `.`/`..`, no controls, whole characters. */
export function sendable(id: string | number): boolean {
  const text = String(id).trim();
  if (text === '' || text === '.' || text === '..' || /[\u0000-\u001f\u007f]/.test(text)) return false;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xdc00 && unit <= 0xdfff) return false;
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const low = text.charCodeAt(i + 1);
      if (!(low >= 0xdc00 && low <= 0xdfff)) return false;
      i++;
    }
  }
  return true;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** `valid`, `invalid`, or `ancient` (years 0–99, which nothing on GitLab can date from; either answer is fine). */
function calendarDay(value: unknown): 'valid' | 'invalid' | 'ancient' {
  if (typeof value !== 'string') return 'invalid';
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return 'invalid';
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1];
  if (month < 1 || month > 12 || day < 1 || day > days) return 'invalid';
  return year < 100 ? 'ancient' : 'valid';
}

/** The filter's fate worked out independently: refused, or the exact query it must produce. */
export function filterVerdict(filter: Record<string, unknown>): { valid: boolean | 'either'; query: Record<string, string> } {
  const query: Record<string, string> = {};
  let valid: boolean | 'either' = true;
  const oneOf = (key: string, allowed: readonly string[]): void => {
    const value = filter[key];
    if (value === undefined) return;
    if (typeof value === 'string' && allowed.includes(value)) query[key] = value;
    else valid = false;
  };
  oneOf('action', EVENT_ACTIONS);
  oneOf('target_type', EVENT_TARGET_TYPES);
  oneOf('sort', ['asc', 'desc']);
  for (const key of ['after', 'before']) {
    const value = filter[key];
    if (value === undefined) continue;
    const day = calendarDay(value);
    if (day === 'invalid') valid = false;
    else {
      query[key] = value as string;
      if (day === 'ancient' && valid === true) valid = 'either';
    }
  }
  if (valid !== false && query.after !== undefined && query.before !== undefined && query.after >= query.before) valid = false;
  return { valid, query };
}
