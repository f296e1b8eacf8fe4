import { coerceBoolean, coerceInteger, INVALID } from '../http/coerce';

/** Declared params of the discovery listings, validated the Grape way (`<param> is invalid` / `does not have a valid value`). */
export interface ListParamSpec {
  booleans?: readonly string[];
  integers?: readonly string[];
  values?: Readonly<Record<string, readonly string[]>>;
}

export interface ListParams {
  booleans: Record<string, boolean>;
  integers: Record<string, number>;
  values: Record<string, string>;
}

export function parseListParams(query: Record<string, string>, spec: ListParamSpec): { params: ListParams; errors: string[] } {
  const errors: string[] = [];
  const params: ListParams = { booleans: {}, integers: {}, values: {} };
  for (const name of spec.booleans ?? []) {
    if (query[name] === undefined) continue;
    const value = coerceBoolean(query[name]);
    if (value === INVALID) errors.push(`${name} is invalid`);
    else if (value !== null) params.booleans[name] = value;
  }
  for (const name of spec.integers ?? []) {
    const value = coerceInteger(query[name]);
    if (value === INVALID) errors.push(`${name} is invalid`);
    else if (value !== undefined) params.integers[name] = value;
  }
  for (const [name, allowed] of Object.entries(spec.values ?? {})) {
    const value = query[name];
    if (value === undefined || value === '') continue;
    if (allowed.includes(value)) params.values[name] = value;
    else errors.push(`${name} does not have a valid value`);
  }
  return { params, errors };
}

/** Compares by a text or number field, ties broken by id, in the given direction. */
export function compareBy<T extends { id: number }>(key: (item: T) => string | number, direction: 'asc' | 'desc') {
  const sign = direction === 'asc' ? 1 : -1;
  return (a: T, b: T): number => {
    const ka = key(a);
    const kb = key(b);
    const primary = typeof ka === 'number' && typeof kb === 'number'
      ? ka - kb : String(ka).localeCompare(String(kb), 'en', { sensitivity: 'base' });
    return sign * (primary !== 0 ? primary : a.id - b.id);
  };
}
