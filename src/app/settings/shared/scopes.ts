import type { Scope } from '../../../gitlab/types';

/** A scope of notification settings, as the editor names it. */
export type ScopeRef = Scope;
export type EntityScopeRef = Exclude<ScopeRef, { kind: 'global' }>;
export type EntityKind = EntityScopeRef['kind'];

/**
 * IDs and paths GitLab accepts: a positive integer, or a path of segments of letters, digits, `_ . + -` that do not
 * start with a special character (so no `..`, no `-1` that GitLab would read as an ID).
 */
const PATH_PATTERN = /^[A-Za-z0-9_][A-Za-z0-9_.+-]*(?:\/[A-Za-z0-9_][A-Za-z0-9_.+-]*)*$/;
export const MAX_SCOPE_PATH_LENGTH = 255;

/** A configured, typed or keyed ID or path as a scope's `id`: digits are an ID. */
export const scopeId = (ref: string): string | number => (/^\d+$/.test(ref) ? Number(ref) : ref);

/** A stable string for a scope, used as the key of forms, list rows and DOM data attributes. */
export function scopeKey(scope: ScopeRef): string {
  return scope.kind === 'global' ? 'global' : `${scope.kind}:${String(scope.id)}`;
}

export function isValidScopeId(id: unknown): id is string | number {
  if (typeof id === 'number') return Number.isSafeInteger(id) && id > 0;
  return typeof id === 'string' && id.length > 0 && id.length <= MAX_SCOPE_PATH_LENGTH && PATH_PATTERN.test(id);
}

/**
 * Reads what a person typed for "add group/project": a numeric ID, a full path, or the page's web URL
 * (`https://host/group/project`, `https://host/groups/group`, `…/-/issues` suffixes dropped).
 * Returns undefined when it is none of these.
 */
export function parseScopeInput(input: string): string | number | undefined {
  let text = input.trim();
  if (text === '') return undefined;
  if (/^\d+$/.test(text)) {
    const id = Number(text);
    return isValidScopeId(id) ? id : undefined;
  }
  if (/^https?:\/\//i.test(text)) {
    let path: string;
    try {
      path = decodeURIComponent(new URL(text).pathname);
    } catch {
      return undefined;
    }
    text = path.split('/-/')[0].replace(/^\/groups\//, '/');
  }
  text = text.replace(/^\/+|\/+$/g, '').replace(/\.git$/, '');
  return isValidScopeId(text) ? text : undefined;
}

/** The scope a key names (the inverse of `scopeKey`), or undefined for a malformed key. */
export function parseScopeKey(key: string): ScopeRef | undefined {
  if (key === 'global') return { kind: 'global' };
  const match = /^(group|project):(.+)$/.exec(key);
  if (!match) return undefined;
  const id = scopeId(match[2]);
  return isValidScopeId(id) ? { kind: match[1] as EntityKind, id } : undefined;
}

/** The same scope, a group or project named once by ID and once by full path (`path`, where known). */
export function sameScopeNamed(a: { scope: ScopeRef; path?: string }, b: { scope: ScopeRef; path?: string }): boolean {
  if (a.scope.kind !== b.scope.kind) return false;
  const names = (x: { scope: ScopeRef; path?: string }) => [x.scope.kind === 'global' ? 'global' : String(x.scope.id), x.path];
  return names(a).some((name) => name !== undefined && names(b).includes(name));
}
