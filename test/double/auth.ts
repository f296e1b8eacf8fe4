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
  name: 'read_event' | 'read_notification_setting' | 'update_notification_setting' | 'read_user';
  boundary: 'project' | 'group' | 'user';
}

/** How GitLab's refusal names a permission ("[Project: Read]"); the words of these four are [UNCONFIRMED]. */
const PERMISSION_WORDS: Record<FineGrainedPermission['name'], string> = {
  read_event: 'Event: Read',
  read_notification_setting: 'Notification Setting: Read',
  update_notification_setting: 'Notification Setting: Update',
  read_user: 'User: Read',
};

/** `api_guard.rb`'s answer to a token outside its grant, or a legacy token where fine-grained ones are required. */
function granularRefusal(permission: FineGrainedPermission): ApiResponse {
  return json(403, {
    error: 'insufficient_granular_scope',
    error_description: `Access denied: This operation requires a fine-grained personal access token with the following ${permission.boundary} permissions: [${PERMISSION_WORDS[permission.name]}].`,
  });
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
