import type { EventSource } from '../gitlab/api';

/** A project or user whose activity the tree shows, and where it came from (only settings entries can be removed). */
export interface ActivitySource {
  key: string;
  source: EventSource;
  /** ID or path as configured. */
  ref: string;
  from: 'mine' | 'setting' | 'remote';
}

export const MY_ACTIVITY: ActivitySource = { key: 'mine', source: { kind: 'mine' }, ref: 'mine', from: 'mine' };

export function sourceKey(kind: 'project' | 'user', ref: string): string {
  return `${kind}:${ref.toLowerCase()}`;
}

/** Projects of the settings first, then those of the workspace's remotes not already listed. */
export function projectSources(settingRefs: string[], remoteRefs: string[]): ActivitySource[] {
  const seen = new Set<string>();
  const result: ActivitySource[] = [];
  for (const [refs, from] of [[settingRefs, 'setting'], [remoteRefs, 'remote']] as const) {
    for (const ref of refs) {
      const key = sourceKey('project', ref);
      if (seen.has(key)) continue;
      seen.add(key);
      result.push({ key, source: { kind: 'project', id: ref }, ref, from });
    }
  }
  return result;
}

export function userSources(settingRefs: string[]): ActivitySource[] {
  const seen = new Set<string>();
  return settingRefs.filter((ref) => !seen.has(sourceKey('user', ref)) && seen.add(sourceKey('user', ref)))
    .map((ref) => ({ key: sourceKey('user', ref), source: { kind: 'user', id: ref }, ref, from: 'setting' }));
}

/** Why a typed project reference cannot be used, or undefined: a numeric ID or a full path `group/project`. */
export function projectRefProblem(value: string): string | undefined {
  const ref = value.trim().replace(/^\/+|\/+$/g, '');
  if (/^\d+$/.test(ref)) return undefined;
  if (/^[^/\s]+(\/[^/\s]+)+$/.test(ref) && !ref.split('/').some((part) => part === '.' || part === '..')) return undefined;
  return 'Enter a numeric project ID or a full path such as group/project.';
}

/** Why a typed user reference cannot be used, or undefined: a numeric ID or a username. */
export function userRefProblem(value: string): string | undefined {
  const ref = value.trim().replace(/^@/, '');
  if (/^\d+$/.test(ref) || /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/.test(ref)) return undefined;
  return 'Enter a username or a numeric user ID.';
}
