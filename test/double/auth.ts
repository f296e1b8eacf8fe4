import { allParams, type ApiRequest } from './http/request';
import { json, messageError, type ApiResponse } from './http/response';
import type { AuthKind, TokenScope } from './types';
import type { DoubleData, DoubleUser } from './world/types';

/** Credentials and scopes (behaviour note §1.3, §1.4). */

export interface Credentials {
  token?: string;
  kind: AuthKind;
}

/** `private_token` param, then the PRIVATE-TOKEN header, then `Authorization: Bearer` (auth_finders.rb). */
export function readCredentials(request: ApiRequest): Credentials {
  const param = allParams(request).private_token;
  if (typeof param === 'string' && param.length > 0) return { token: param, kind: 'private-token' };
  const header = request.headers['private-token'];
  const headerValue = Array.isArray(header) ? header[0] : header;
  if (headerValue) return { token: headerValue, kind: 'private-token' };
  const authorization = request.headers.authorization ?? '';
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  if (bearer) return { token: bearer[1], kind: 'bearer' };
  return { kind: 'none' };
}

export interface AuthRequirement {
  /** 'optional' endpoints serve anonymous callers public data. */
  auth: 'required' | 'optional';
  /** Scopes that grant access to this route and method. */
  scopes: readonly TokenScope[];
  /** The fine-grained permission the route needs (§3B), and the boundary GitLab names it at. */
  permission?: FineGrainedPermission;
}

export interface FineGrainedPermission {
  name: FineGrainedPermissionName;
  boundary: 'project' | 'group' | 'user';
}

/** The permissions the double enforces (GitLab's `config/authz/permissions/<resource>/<action>.yml` names, §3B). */
export type FineGrainedPermissionName =
  | 'read_event' | 'read_notification_setting' | 'update_notification_setting' | 'read_user' | 'read_todo' | 'update_todo'
  | 'read_user_preference' | 'read_work_item' | 'read_merge_request' | 'read_label' | 'subscribe_issue'
  | 'subscribe_merge_request' | 'subscribe_work_item' | 'subscribe_label' | 'read_project' | 'read_group';

/**
 * How GitLab's refusal names a permission: `"#{assignable.resource_name}: #{assignable.action.titleize}"`
 * (`app/services/authz/tokens/authorize_granular_scopes_service.rb`), so `read_merge_request` reads "Merge Request:
 * Read". The resource names are those of the permission files; the assignable groups' own names are [UNCONFIRMED].
 */
export function permissionWords(name: string): string {
  const [action, ...resource] = name.split('_');
  const title = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
  return `${resource.map(title).join(' ')}: ${title(action)}`;
}

/**
 * GitLab's sentence for a token without `names` at `boundary` (the service's `access_denied_error`): the missing
 * permissions in its words, sorted, each once.
 */
export function fineGrainedDenial(boundary: FineGrainedPermission['boundary'], names: readonly string[]): string {
  const words = [...new Set(names.map(permissionWords))].sort().join(', ');
  return `Access denied: This operation requires a fine-grained personal access token with the following ${boundary} permissions: [${words}].`;
}

/** Whether a token may do what `permission` names: a fine-grained one holds it; a legacy one, unless the instance requires fine-grained ones. */
export function permitted(token: { permissions?: string[] }, permission: FineGrainedPermissionName, fineGrainedEnforced: boolean): boolean {
  return token.permissions ? token.permissions.includes(permission) : !fineGrainedEnforced;
}

/** `api_guard.rb`'s answer to a token outside its grant, or a legacy token where fine-grained ones are required. */
function granularRefusal(permission: FineGrainedPermission): ApiResponse {
  return json(403, { error: 'insufficient_granular_scope', error_description: fineGrainedDenial(permission.boundary, [permission.name]) });
}

export type AuthResult = { user: DoubleUser | null } | { response: ApiResponse };

const UNAUTHORIZED = (): ApiResponse => messageError(401, '401 Unauthorized');

const TOKEN_ERRORS = {
  expired: 'Token is expired. You can either do re-authorization or token refresh.',
  revoked: 'Token was revoked. You have to re-authorize from the user.',
} as const;

function invalidToken(description: string): ApiResponse {
  return json(401, { error: 'invalid_token', error_description: description }, {
    'WWW-Authenticate': `Bearer realm="Protected by OAuth 2.0", error="invalid_token", error_description="${description}"`,
  });
}

export function authenticate(data: DoubleData, credentials: Credentials, requirement: AuthRequirement, fineGrainedEnforced = false): AuthResult {
  if (credentials.token === undefined) {
    return requirement.auth === 'required' ? { response: UNAUTHORIZED() } : { user: null };
  }
  const token = data.tokens.find((t) => t.token === credentials.token);
  // An unknown token is an error even where anonymous access is allowed (§1.3).
  if (!token) return { response: UNAUTHORIZED() };
  if (token.state === 'expired' || token.state === 'revoked') return { response: invalidToken(TOKEN_ERRORS[token.state]) };
  const { permission } = requirement;
  if (permission && token.permissions) {
    if (!token.permissions.includes(permission.name)) return { response: granularRefusal(permission) };
  } else if (permission && fineGrainedEnforced) {
    return { response: granularRefusal(permission) };
  } else if (!token.scopes.some((s) => requirement.scopes.includes(s))) {
    return {
      response: json(403, {
        error: 'insufficient_scope',
        error_description: 'The request requires higher privileges than provided by the access token.',
        scope: requirement.scopes.join(' '),
      }),
    };
  }
  const user = data.users.find((u) => u.id === (token.userId ?? 1));
  if (!user) return { response: UNAUTHORIZED() };
  if (user.state === 'blocked') return { response: messageError(403, '403 Forbidden - Your account has been blocked.') };
  return { user };
}
