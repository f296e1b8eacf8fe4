import { GitLabError } from './errors';
import type { EventSource } from './api';
import { filterQuery, type ValidEventFilter } from './filter';
import { MAX_PER_PAGE } from './paging';
import type { ApiRequest } from './request';
import * as shapes from './shapes';
import {
  isEventKeyName, isNotificationLevel, type CurrentUser, type GitLabEvent, type Group, type NotificationSetting,
  type NotificationSettingUpdate, type PageRequest, type Project, type Scope,
} from './types';
import { segment } from './url';

/** GitLab's requests described as data (method, path, query, response shape); `Transport` runs them. */

export function pageQuery(page: PageRequest): Record<string, string> {
  const query: Record<string, string> = {};
  if (page.page !== undefined) {
    if (!Number.isInteger(page.page) || page.page < 1) throw new GitLabError('validation', `Page ${page.page} is not a page number.`);
    query.page = String(page.page);
  }
  if (page.perPage !== undefined) {
    if (!Number.isInteger(page.perPage) || page.perPage < 1) throw new GitLabError('validation', `Page size ${page.perPage} is not valid.`);
    query.per_page = String(Math.min(page.perPage, MAX_PER_PAGE));
  }
  return query;
}

function settingsPath(scope: Scope): string {
  switch (scope.kind) {
    case 'global': return '/notification_settings';
    case 'group': return `/groups/${segment(scope.id)}/notification_settings`;
    case 'project': return `/projects/${segment(scope.id)}/notification_settings`;
  }
}

export function getNotificationSettings(scope: Scope): ApiRequest<NotificationSetting> {
  return { method: 'GET', path: settingsPath(scope), parse: shapes.notificationSetting };
}

export function updateNotificationSettings(scope: Scope, update: NotificationSettingUpdate): ApiRequest<NotificationSetting> {
  const query: Record<string, string> = {};
  if (update.level !== undefined) {
    if (!isNotificationLevel(update.level)) throw new GitLabError('validation', `"${String(update.level)}" is not a notification level.`);
    if (update.level === 'global' && scope.kind === 'global') {
      throw new GitLabError('validation', 'The global setting cannot defer to itself; choose another level.');
    }
    query.level = update.level;
  }
  if (update.notification_email !== undefined) {
    if (scope.kind !== 'global') throw new GitLabError('validation', 'The notification e-mail is set at global scope only.');
    query.notification_email = update.notification_email;
  }
  // Whoever built the update (a profile from someone else, the settings page), an event key never becomes another
  // request parameter: a malformed or reserved one refuses the whole request, so nothing of it is sent.
  for (const [key, value] of Object.entries(update.events ?? {})) {
    if (!isEventKeyName(key)) throw new GitLabError('validation', `${JSON.stringify(key.slice(0, 64))} is not a notification event name.`);
    if (typeof value !== 'boolean') throw new GitLabError('validation', `The event "${key}" must be on or off.`);
    query[key] = String(value);
  }
  return { method: 'PUT', path: settingsPath(scope), query, parse: shapes.notificationSetting };
}

function eventsPath(source: EventSource): string {
  switch (source.kind) {
    case 'mine':
    case 'yourProjects': return '/events';
    case 'user': return `/users/${segment(source.id)}/events`;
    case 'project': return `/projects/${segment(source.id)}/events`;
  }
}

/**
 * The filter was validated where it entered (its type says so): it is sent as it is. `scope=all` is added for
 * `yourProjects` only; no filter or page carries a `scope` (they are built of known keys), so none reaches a per-user or
 * per-project route, where GitLab would answer the caller's projects instead (feeds note §1.7).
 */
export function listEvents(source: EventSource, filter: ValidEventFilter, page: PageRequest): ApiRequest<GitLabEvent[]> {
  const query: Record<string, string> = { ...filterQuery(filter), ...pageQuery(page) };
  if (source.kind === 'yourProjects') query.scope = 'all';
  return { method: 'GET', path: eventsPath(source), query, parse: shapes.events };
}

export function getCurrentUser(): ApiRequest<CurrentUser> {
  return { method: 'GET', path: '/user', parse: shapes.currentUser };
}

export function getProject(id: string | number): ApiRequest<Project> {
  return { method: 'GET', path: `/projects/${segment(id)}`, query: { simple: 'true' }, parse: (body) => shapes.project(body) };
}

export function listMyProjects(page: PageRequest): ApiRequest<Project[]> {
  return {
    method: 'GET', path: '/projects',
    query: { membership: 'true', simple: 'true', order_by: 'last_activity_at', ...pageQuery(page) },
    parse: shapes.projects,
  };
}

export function listGroups(page: PageRequest): ApiRequest<Group[]> {
  return { method: 'GET', path: '/groups', query: { ...pageQuery(page) }, parse: shapes.groups };
}
