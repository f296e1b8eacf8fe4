import { GitLabError, type GitLabErrorKind } from './errors';
import type { ErrorBody } from './errorBody';

// GitLab's refusal of a token outside its fine-grained grant, REST and GraphQL alike (behaviour note §3B): "Access
// denied: This operation requires a fine-grained personal access token with the following project permissions:
// [Project: Read]."
const FINE_GRAINED = /requires a fine-grained personal access token with the following (?:[\w ]+ )?permissions: \[([^\]]*)\]/i;

/** The permissions GitLab's fine-grained refusal names, or undefined when `text` is not one. */
export function fineGrainedPermissions(text: string | undefined): string[] | undefined {
  const match = text ? FINE_GRAINED.exec(text) : null;
  return match ? match[1].split(',').map((name) => name.trim()).filter(Boolean) : undefined;
}

/**
 * Words of GitLab's put beside the extension's own as a quotation: one line, in quotation marks the words cannot close
 * (their own become `'`), so a server's text never reads as the extension's advice.
 */
export function quoteGitLab(text: string): string {
  return `"${text.replace(/[\s\u2028\u2029]+/g, ' ').replace(/["\u201c\u201d]/g, "'").trim()}"`;
}

/**
 * The permission's name as GitLab's token page and the sign-in prompt name it, from GitLab's words in a refusal: they are
 * `"#{resource_name}: #{action.titleize}"` (`authorize_granular_scopes_service.rb`), so "Merge Request: Read" is
 * `read_merge_request`. Undefined for words of another shape. Letters and `_` only, so the extension's own sentence
 * may name it.
 */
export function permissionName(words: string): string | undefined {
  const match = /^([A-Za-z][A-Za-z ]*?)\s*:\s*([A-Za-z][A-Za-z ]*)$/.exec(words.trim());
  if (!match) return undefined;
  const snake = (text: string) => text.trim().toLowerCase().split(/\s+/).join('_');
  return `${snake(match[2])}_${snake(match[1])}`;
}

/** The names of the permissions GitLab named, when each of its words tells one ("Todo: Read" is `read_todo`); else undefined. */
export function permissionNames(permissions: readonly string[]): string[] | undefined {
  const names = permissions.map(permissionName);
  return names.length > 0 && names.every((name): name is string => name !== undefined) ? names : undefined;
}

/** What a short line names as missing: the permissions' names where each can be told, else GitLab's words, quoted. */
export function missingPermissionsText(permissions: readonly string[]): string {
  return permissionNames(permissions)?.join(', ') ?? quoteGitLab(permissions.join(', '));
}

/**
 * The fix first, in the extension's words, naming the permissions where GitLab's words tell their names; then the
 * permissions as GitLab named them, quoted as GitLab's (they come from the server, so they are never part of the advice).
 */
export function fineGrainedMessage(permissions: readonly string[]): string {
  if (permissions.length === 0) return 'Sign in with a fine-grained personal access token that has the permissions this needs: GitLab refused the token in use.';
  const names = permissionNames(permissions);
  const quoted = quoteGitLab(permissions.join(', '));
  return names
    ? `Sign in with a fine-grained personal access token that has these permissions: ${names.join(', ')}. GitLab refused the token in use. GitLab names them: ${quoted}`
    : `Sign in with a fine-grained personal access token that has the permissions GitLab asks for: GitLab refused the token in use. GitLab names them: ${quoted}`;
}

/** A GitLabError for an HTTP error status, with a sentence a person can act on. */
export function errorForStatus(status: number, body: ErrorBody, request: string, retryAfterMs?: number): GitLabError {
  const server = body.text;
  const details = { status, request, serverMessage: server, fieldErrors: body.fieldErrors, retryAfterMs };
  const make = (kind: GitLabErrorKind, message: string) => new GitLabError(kind, message, details);
  if (status === 401) {
    if (server && /expired/i.test(server)) return make('unauthorized', 'The GitLab token has expired. Sign in again with a new token.');
    if (server && /revoked/i.test(server)) return make('unauthorized', 'The GitLab token was revoked. Sign in again with a new token.');
    return make('unauthorized', 'GitLab did not accept the token (401). Sign in again with a valid personal access token.');
  }
  if (status === 403) {
    const permissions = fineGrainedPermissions(server) ?? (body.code === 'insufficient_granular_scope' ? [] : undefined);
    if (permissions) return new GitLabError('forbidden', fineGrainedMessage(permissions), { ...details, missingPermissions: permissions });
    if (body.code === 'insufficient_scope') {
      // GitLab names the scopes that would do (`api read_api` for a read, `api` for a change); else the method says.
      const readable = body.scopes ? body.scopes.includes('read_api') : request.startsWith('GET ');
      const missingScope = readable ? 'read_api' : 'api';
      return new GitLabError('forbidden', readable
        ? 'The token lacks the `read_api` scope, which reading this needs. Create a token with `read_api` (or `api`) and sign in again.'
        : 'The token lacks the `api` scope, which changing things on GitLab needs (notification settings, to-dos). Create a token with `api` and sign in again.',
      { ...details, insufficientScope: true, missingScope });
    }
    return make('forbidden', `GitLab refused access (403)${server ? `: ${server}` : ''}.`);
  }
  if (status === 404) return make('notFound', `Not found on GitLab${server ? ` (${server})` : ''}. Check the ID or path, and that your account can see it.`);
  if (status === 429) return make('rateLimited', `GitLab is rate limiting requests${retryAfterMs !== undefined ? `; try again in ${Math.ceil(retryAfterMs / 1000)} s` : ''}.`);
  if (status >= 500) return make('server', `GitLab had a server error (${status}). Try again later.`);
  if (status >= 400) return make('validation', server ? `GitLab refused the request: ${server}` : `GitLab refused the request (${status}).`);
  return make('badResponse', `GitLab answered with an unexpected status (${status}).`);
}

const NETWORK_CODES: Record<string, string> = {
  ECONNREFUSED: 'the connection was refused',
  ECONNRESET: 'the connection was reset',
  ENOTFOUND: 'the host name could not be resolved',
  EAI_AGAIN: 'the host name could not be resolved',
  ETIMEDOUT: 'the connection timed out',
  EHOSTUNREACH: 'the host is unreachable',
  ENETUNREACH: 'the network is unreachable',
  UND_ERR_SOCKET: 'the connection closed unexpectedly',
  UND_ERR_CLOSED: 'the connection closed unexpectedly',
};

/** A GitLabError for a failure below HTTP (DNS, TCP, TLS, proxy). */
export function errorForNetwork(cause: unknown, request: string): GitLabError {
  const code = findCode(cause);
  const tls = code && /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|ERR_TLS/.test(code);
  const reason = tls
    ? 'the server certificate is not trusted (set `gitlabActivity.caFile` for a private CA)'
    : (code && NETWORK_CODES[code]) || 'the network request failed';
  return new GitLabError('network', `Could not reach GitLab: ${reason}.`, { request, cause });
}

function findCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && code !== 'UND_ERR_CONNECT_TIMEOUT' && code !== 'UND_ERR') return code;
    if (code === 'UND_ERR_CONNECT_TIMEOUT') return 'ETIMEDOUT';
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
