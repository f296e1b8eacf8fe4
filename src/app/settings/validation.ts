/**
 * A small kit for hand-written validators: readers throw `Invalid` with the path of the first problem, and
 * `validate` turns that into a result. Readers build fresh values, so nothing of the input (prototypes, extra
 * properties) survives into what the caller acts on.
 */
export type Validated<T> = { ok: true; value: T } | { ok: false; reason: string };

export class Invalid extends Error {}

export function invalid(path: string, problem: string): never {
  throw new Invalid(`${path || 'message'}: ${problem}`);
}

/** Runs a reader; any exception (not only `Invalid`) becomes a rejection, so validation never throws. */
export function validate<T>(value: unknown, reader: (value: unknown) => T): Validated<T> {
  try {
    return { ok: true, value: reader(value) };
  } catch (error) {
    return { ok: false, reason: error instanceof Invalid ? error.message : 'unreadable value' };
  }
}

export type Fields = Record<string, unknown>;

/** A plain object (not an array, not a class instance) whose keys are all in `allowed`. */
export function readObject(value: unknown, path: string, allowed: readonly string[]): Fields {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) invalid(path, 'expected an object');
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (prototype !== Object.prototype && prototype !== null) invalid(path, 'expected a plain object');
  const fields: Fields = {};
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key)) invalid(path, `unexpected field "${key.slice(0, 40)}"`);
    fields[key] = (value as Fields)[key];
  }
  return fields;
}

export function has(fields: Fields, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(fields, key) && fields[key] !== undefined;
}

export interface StringRules {
  min?: number;
  max: number;
  pattern?: RegExp;
}

export function readString(value: unknown, path: string, rules: StringRules): string {
  if (typeof value !== 'string') invalid(path, 'expected a string');
  if (value.length < (rules.min ?? 0)) invalid(path, 'too short');
  if (value.length > rules.max) invalid(path, 'too long');
  if (rules.pattern && !rules.pattern.test(value)) invalid(path, 'not in the expected form');
  return value;
}

export function readInteger(value: unknown, path: string, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) invalid(path, 'expected an integer');
  if (value < min || value > max) invalid(path, 'out of range');
  return value;
}

export function readBoolean(value: unknown, path: string): boolean {
  if (typeof value !== 'boolean') invalid(path, 'expected a boolean');
  return value;
}

export function readOneOf<T extends string>(value: unknown, path: string, allowed: readonly T[]): T {
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) invalid(path, 'not an allowed value');
  return value as T;
}

export function readArray<T>(value: unknown, path: string, max: number, item: (value: unknown, path: string) => T): T[] {
  if (!Array.isArray(value)) invalid(path, 'expected an array');
  if (value.length > max) invalid(path, 'too many items');
  return value.map((entry, index) => item(entry, `${path}[${index}]`));
}

/** An object used as a map: bounded size, keys matching `keyPattern`, values read by `item`. */
export function readMap<T>(
  value: unknown, path: string, max: number, keyPattern: RegExp, item: (value: unknown, path: string) => T,
): Record<string, T> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) invalid(path, 'expected an object');
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (prototype !== Object.prototype && prototype !== null) invalid(path, 'expected a plain object');
  const keys = Object.keys(value);
  if (keys.length > max) invalid(path, 'too many entries');
  const map: Record<string, T> = {};
  for (const key of keys) {
    if (!keyPattern.test(key)) invalid(path, 'a key is not in the expected form');
    map[key] = item((value as Fields)[key], `${path}.${key}`);
  }
  return map;
}
