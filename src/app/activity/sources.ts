import type { EventSource } from '../../gitlab/api';

/** GitLab's three dashboard feeds (`/dashboard/activity`), each a merged feed (`src/app/feeds`). */
export const DASHBOARD_FEEDS = ['yourProjects', 'starred', 'followed'] as const;
export type DashboardFeed = (typeof DASHBOARD_FEEDS)[number];

/** What a list of the Activity reads: one listing of events, or a dashboard feed merged from many. */
export type ActivityListSource = EventSource | { kind: 'feed'; feed: DashboardFeed };

/**
 * A list the tree shows (My Activity, a project or user, a dashboard feed), and where it came from (only settings
 * entries can be removed).
 */
export interface ActivitySource {
  key: string;
  source: ActivityListSource;
  /** ID or path as configured (a dashboard feed's name). */
  ref: string;
  from: 'mine' | 'setting' | 'remote' | 'dashboard';
  /** The instance's key (`normalizeInstanceUrl`); '' where only one instance is meant. Keys differ per instance. */
  instance: string;
}

export const MY_ACTIVITY = { key: 'mine', source: { kind: 'mine' }, ref: 'mine', from: 'mine', instance: '' } as const satisfies ActivitySource;

/** The signed-in user's events on one instance. */
export function myActivity(instance: string): ActivitySource {
  return instance ? { ...MY_ACTIVITY, key: `${instance}|mine`, instance } : MY_ACTIVITY;
}

/** A dashboard feed of one instance: a list of its own, apart from every other account's. */
export function dashboardFeed(feed: DashboardFeed, instance: string): ActivitySource {
  return { key: `${instance ? `${instance}|` : ''}feed:${feed}`, source: { kind: 'feed', feed }, ref: feed, from: 'dashboard', instance };
}

/** The listing a list reads alone, or undefined for a dashboard feed (merged from many). */
export function eventSourceOf(source: ActivitySource): EventSource | undefined {
  return source.source.kind === 'feed' ? undefined : source.source;
}

export function sourceKey(kind: 'project' | 'user', ref: string, instance = ''): string {
  return `${instance ? `${instance}|` : ''}${kind}:${ref.toLowerCase()}`;
}

/** Projects of the settings first, then those of the workspace's remotes not already listed. */
export function projectSources(settingRefs: string[], remoteRefs: string[], instance = ''): ActivitySource[] {
  const seen = new Set<string>();
  const result: ActivitySource[] = [];
  for (const [refs, from] of [[settingRefs, 'setting'], [remoteRefs, 'remote']] as const) {
    for (const ref of refs) {
      const key = sourceKey('project', ref, instance);
      if (seen.has(key)) continue;
      seen.add(key);
      result.push({ key, source: { kind: 'project', id: ref }, ref, from, instance });
    }
  }
  return result;
}

export function userSources(settingRefs: string[], instance = ''): ActivitySource[] {
  const seen = new Set<string>();
  return settingRefs.filter((ref) => !seen.has(sourceKey('user', ref)) && seen.add(sourceKey('user', ref)))
    .map((ref) => ({ key: sourceKey('user', ref, instance), source: { kind: 'user', id: ref }, ref, from: 'setting', instance }));
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
