/**
 * An independent reading of the webview → host protocol (src/app/settings/shared/protocol.ts), written from its types
 * and documented limits rather than from the validator's code, so the two can be compared on generated input.
 */

const LEVELS = ['disabled', 'participating', 'watch', 'global', 'mention', 'custom'];
const MAX_REQUEST_ID = 2 ** 31 - 1;

type Record_ = Record<string, unknown>;

function isPlainObject(value: unknown): value is Record_ {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

function onlyKeys(value: Record_, allowed: readonly string[], required: readonly string[]): boolean {
  const keys = Object.keys(value);
  return keys.every((key) => allowed.includes(key)) && required.every((key) => keys.includes(key));
}

const lowerSnake = (text: string): boolean => text.length > 0 && text[0] >= 'a' && text[0] <= 'z' && /^[a-z0-9_]+$/.test(text);

/** Names GitLab reads as request parameters (behaviour note §1.2, §1.3, §1.7, §2.1): never an event key. */
const GITLAB_PARAMETERS = ['level', 'notification_email', 'id', 'private_token', 'access_token', 'bearer_token', 'job_token',
  'feed_token', 'token', 'sudo', 'page', 'per_page', 'pagination', 'cursor', 'order_by', 'sort', 'format', 'callback'];

function requestIdOk(value: unknown): boolean {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_REQUEST_ID;
}

/** A positive safe integer, or a path: 1–255 characters, segments starting with a letter, digit or `_`. */
export function scopeIdOk(value: unknown): boolean {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0;
  if (typeof value !== 'string' || value.length === 0 || value.length > 255) return false;
  return value.split('/').every((part) => part.length > 0 && /^[A-Za-z0-9_]/.test(part) && /^[A-Za-z0-9_.+-]+$/.test(part));
}

function scopeOk(value: unknown, entityOnly = false): boolean {
  if (!isPlainObject(value) || !onlyKeys(value, ['kind', 'id'], ['kind'])) return false;
  if (value.kind === 'global') return !entityOnly && !('id' in value);
  return (value.kind === 'group' || value.kind === 'project') && scopeIdOk(value.id);
}

function eventMapOk(value: unknown, valueOk: (flag: unknown) => boolean): boolean {
  if (!isPlainObject(value)) return false;
  const keys = Object.keys(value);
  return keys.length <= 128
    && keys.every((key) => key.length <= 64 && lowerSnake(key) && !GITLAB_PARAMETERS.includes(key) && valueOk(value[key]));
}

const emailOk = (value: unknown): boolean => typeof value === 'string' && value.length <= 320;

/** A setting as GitLab has it: any level name (a newer server may add some), switches true/false/null. */
function settingOk(value: unknown): boolean {
  if (!isPlainObject(value) || !onlyKeys(value, ['level', 'events', 'notification_email'], ['level'])) return false;
  if (typeof value.level !== 'string' || value.level.length > 32 || !lowerSnake(value.level)) return false;
  if ('events' in value && !eventMapOk(value.events, (flag) => flag === null || typeof flag === 'boolean')) return false;
  return !('notification_email' in value) || emailOk(value.notification_email);
}

/** What to send: only known levels, switches true/false. */
function updateOk(value: unknown): boolean {
  if (!isPlainObject(value) || !onlyKeys(value, ['level', 'events', 'notification_email'], [])) return false;
  if ('level' in value && !LEVELS.includes(value.level as string)) return false;
  if ('events' in value && !eventMapOk(value.events, (flag) => typeof flag === 'boolean')) return false;
  return !('notification_email' in value) || emailOk(value.notification_email);
}

/** The params of each request method. */
const PARAMS: Record<string, (p: Record_) => boolean> = {
  load: (p) => onlyKeys(p, ['scope'], ['scope']) && scopeOk(p.scope),
  save: (p) => onlyKeys(p, ['scope', 'baseline', 'update'], ['scope', 'baseline', 'update'])
    && scopeOk(p.scope) && settingOk(p.baseline) && updateOk(p.update),
  addScope: (p) => onlyKeys(p, ['kind', 'ref'], ['kind', 'ref']) && (p.kind === 'group' || p.kind === 'project') && scopeIdOk(p.ref),
  levelChain: (p) => onlyKeys(p, ['scope'], ['scope']) && scopeOk(p.scope, true),
  bulkApply: (p) => onlyKeys(p, ['scopes', 'level'], ['scopes', 'level'])
    && Array.isArray(p.scopes) && p.scopes.length >= 1 && p.scopes.length <= 500 && p.scopes.every((s) => scopeOk(s, true))
    && LEVELS.includes(p.level as string),
  endSnooze: (p) => onlyKeys(p, ['scope'], ['scope']) && scopeOk(p.scope),
};

/** True when `value` is a message of the webview → host protocol. */
export function conformsToWebviewProtocol(value: unknown): boolean {
  if (!isPlainObject(value)) return false;
  const m = value;
  switch (m.type) {
    case 'ready':
    case 'refreshScopes':
    case 'signIn':
    case 'cancelBulk':
      return onlyKeys(m, ['type'], ['type']);
    case 'request':
      return onlyKeys(m, ['type', 'id', 'method', 'params'], ['type', 'id', 'method', 'params']) && requestIdOk(m.id)
        && typeof m.method === 'string' && Object.prototype.hasOwnProperty.call(PARAMS, m.method)
        && isPlainObject(m.params) && PARAMS[m.method](m.params);
    default:
      return false;
  }
}
