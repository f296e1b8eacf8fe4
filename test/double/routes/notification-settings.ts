import { coerceBoolean, INVALID } from '../http/coerce';
import { allParams } from '../http/request';
import { grapeError, json, messageError, type ApiResponse } from '../http/response';
import { eventKeys, LEVELS, type SettingScopeKind } from '../notification/editions';
import { defaultLevel, presentSetting } from '../present/setting';
import { canReadGroup, canReadProject } from '../world/access';
import { findGroup, findProject } from '../world/lookup';
import { settingKey, type DoubleUser, type SettingSource, type StoredSetting } from '../world/types';
import { READ_SCOPES, WRITE_SCOPES, type Route, type RouteContext } from './route';
import type { FineGrainedPermission } from '../auth';

/** Notification settings at global, group and project scope (behaviour note §2). */

type Resolved = { source: SettingSource; scope: SettingScopeKind } | { response: ApiResponse };

function resolveSource(context: RouteContext, scope: SettingScopeKind): Resolved {
  const { data } = context.double;
  const userId = context.user?.id ?? null;
  if (scope === 'global') return { source: { kind: 'global' }, scope };
  if (scope === 'group') {
    const group = findGroup(data, context.params.id);
    if (!group || !canReadGroup(data, group, userId)) return { response: messageError(404, '404 Group Not Found') };
    return { source: { kind: 'group', id: group.id }, scope };
  }
  const project = findProject(data, context.params.id);
  if (!project || !canReadProject(data, project, userId)) return { response: messageError(404, '404 Project Not Found') };
  return { source: { kind: 'project', id: project.id }, scope };
}

function show(context: RouteContext, scope: SettingScopeKind): ApiResponse {
  const resolved = resolveSource(context, scope);
  if ('response' in resolved) return resolved.response;
  const user = context.user as DoubleUser;
  const stored = context.double.data.settings[settingKey(user.id, resolved.source)];
  return json(200, presentSetting(context.double.options.edition, scope, stored, user));
}

function isVerifiedEmail(user: DoubleUser, email: string): boolean {
  const wanted = email.toLowerCase();
  return user.email.toLowerCase() === wanted
    || user.secondaryEmails.some((e) => e.verified && e.email.toLowerCase() === wanted);
}

/**
 * PUT (§2.5): declared booleans are coerced first (400 `<key> is invalid`); keys the scope does not declare are
 * ignored; a bad level rolls the whole request back; an unverified e-mail answers 400 but the rest still persists.
 */
function update(context: RouteContext, scope: SettingScopeKind): ApiResponse {
  const { data, options } = context.double;
  const params = allParams(context.request);
  const keys = eventKeys(options.edition, scope);
  const flags: Record<string, boolean | null> = {};
  const invalid: string[] = [];
  for (const key of keys) {
    if (!(key in params)) continue;
    const value = coerceBoolean(params[key]);
    if (value === INVALID) invalid.push(`${key} is invalid`);
    else flags[key] = value;
  }
  if (invalid.length > 0) return grapeError(400, invalid.join(', '));

  const resolved = resolveSource(context, scope);
  if ('response' in resolved) return resolved.response;
  const user = context.user as DoubleUser;

  let level: string | undefined;
  if ('level' in params && params.level !== undefined) {
    level = params.level === null ? '' : String(params.level);
    if (level === '') return messageError(400, { level: ["can't be blank"] });
    if (!(LEVELS as readonly string[]).includes(level)) return messageError(400, `'${level}' is not a valid level`);
  }

  let emailRejected = false;
  if (scope === 'global' && 'notification_email' in params && params.notification_email !== undefined) {
    const email = params.notification_email === null ? '' : String(params.notification_email).trim();
    if (email === '') user.notificationEmail = null;
    else if (isVerifiedEmail(user, email)) user.notificationEmail = email;
    else emailRejected = true;
  }

  const key = settingKey(user.id, resolved.source);
  const stored: StoredSetting = data.settings[key] ?? { level: defaultLevel(scope), events: {} };
  if (level !== undefined) stored.level = level;
  Object.assign(stored.events, flags);
  data.settings[key] = stored;

  if (emailRejected) return messageError(400, { notification_email: ['must be an email you have verified'] });
  return json(200, presentSetting(options.edition, scope, stored, user));
}

/** The boundary GitLab names a notification setting's permission at: the user's own (global), a group's, a project's. */
const boundaryOf = (scope: SettingScopeKind): FineGrainedPermission['boundary'] => (scope === 'global' ? 'user' : scope);

function routesFor(scope: SettingScopeKind, pattern: string): Route[] {
  return [
    { method: 'GET', pattern, auth: 'required', scopes: READ_SCOPES, permission: { name: 'read_notification_setting', boundary: boundaryOf(scope) }, handle: (c) => show(c, scope) },
    { method: 'PUT', pattern, auth: 'required', scopes: WRITE_SCOPES, permission: { name: 'update_notification_setting', boundary: boundaryOf(scope) }, handle: (c) => update(c, scope) },
  ];
}

export const notificationSettingsRoutes: Route[] = [
  ...routesFor('global', '/notification_settings'),
  ...routesFor('group', '/groups/:id/notification_settings'),
  ...routesFor('project', '/projects/:id/notification_settings'),
];
