/** The closed set of ways a GitLab request can fail; each carries what the UI needs to say and offer. */
export type GitLabErrorKind =
  | 'unauthorized'
  | 'forbidden'
  | 'notFound'
  | 'validation'
  | 'rateLimited'
  | 'server'
  | 'network'
  | 'timeout'
  | 'badResponse'
  | 'cancelled'
  /**
   * This GitLab does not offer it: no To-Do List (`/todos` is 404), no GraphQL (`/api/graphql` is 404), or a GraphQL
   * schema without the field or mutation (an older GitLab). Not a failure to retry: say it once and hide the action.
   */
  | 'unsupported';

export interface GitLabErrorDetails {
  status?: number;
  /** Field errors of a 400 (`{"message": {field: [..]}}`). */
  fieldErrors?: Record<string, string[]>;
  /** For `forbidden`: the token lacks a scope (`insufficient_scope`). */
  insufficientScope?: boolean;
  /** With `insufficientScope`: the scope to ask for, `read_api` to read or `api` to change. */
  missingScope?: 'read_api' | 'api';
  /**
   * For `forbidden`: GitLab wants a fine-grained personal access token with these permissions, in its words
   * ("Project: Read"): the token lacks them, or is a legacy one where fine-grained ones are required (§3B).
   */
  missingPermissions?: readonly string[];
  /** For `rateLimited`: how long the server asked to wait. */
  retryAfterMs?: number;
  /** Method and path (never the token). */
  request?: string;
  /** The server's own words (GitLab's `message`/`error_description`), one line, for showing next to ours. */
  serverMessage?: string;
  /** For `badResponse`: the answer, or a read's answers in all, passed this many bytes and were not read further. */
  limitBytes?: number;
  cause?: unknown;
}

export class GitLabError extends Error {
  readonly kind: GitLabErrorKind;
  readonly status?: number;
  readonly fieldErrors?: Record<string, string[]>;
  readonly insufficientScope: boolean;
  readonly missingScope?: 'read_api' | 'api';
  readonly missingPermissions?: readonly string[];
  readonly retryAfterMs?: number;
  readonly request?: string;
  readonly serverMessage?: string;
  readonly limitBytes?: number;

  constructor(kind: GitLabErrorKind, message: string, details: GitLabErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'GitLabError';
    this.kind = kind;
    this.status = details.status;
    this.fieldErrors = details.fieldErrors;
    this.insufficientScope = details.insufficientScope ?? false;
    this.missingScope = details.missingScope;
    this.missingPermissions = details.missingPermissions;
    this.retryAfterMs = details.retryAfterMs;
    this.request = details.request;
    this.serverMessage = details.serverMessage;
    this.limitBytes = details.limitBytes;
  }
}

export function isGitLabError(value: unknown): value is GitLabError {
  return value instanceof GitLabError;
}

/** GitLab refused the token (401), or there is none: the fix is to sign in again. */
export function isUnauthorized(error: unknown): error is GitLabError {
  return error instanceof GitLabError && error.kind === 'unauthorized';
}
