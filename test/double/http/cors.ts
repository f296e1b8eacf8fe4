import type { IncomingHttpHeaders } from 'node:http';
import type { ApiResponse } from './response';

/**
 * Cross-origin requests, as GitLab answers them (behaviour note §3A): rack-cors 2.x (`Rack::Cors`), inserted before
 * `Warden::Manager` in GitLab's config/application.rb, so before authentication and before Rack::Attack's rate limits.
 *
 * GitLab's two rules for `/api/*`, in order (the first whose origin matches wins):
 * - `origins Gitlab.config.gitlab.url` (the instance's own URL): `credentials: true`: the origin is echoed and
 *   `Access-Control-Allow-Credentials: true` is sent;
 * - `origins '*'`: `credentials: false`: `Access-Control-Allow-Origin: *`.
 * Both with `headers: :any`, `methods: :any` and the same exposed headers. The double serves nothing under GitLab's
 * other CORS rules (`/oauth/token`, `/oauth/revoke`, `/oauth/userinfo`, OpenID discovery, Jira Connect, web IDE
 * assets), so it has no rule for them: there, as on every other path, a preflight gets a bare 200.
 */

/** GitLab's `headers_to_expose` (config/application.rb, GitLab 18). `Retry-After`, `RateLimit-*` are not in it. */
export const EXPOSED_HEADERS: readonly string[] = [
  'Link', 'X-Total', 'X-Total-Pages', 'X-Per-Page', 'X-Page', 'X-Next-Page', 'X-Prev-Page',
  'X-Gitlab-Blob-Id', 'X-Gitlab-Commit-Id', 'X-Gitlab-Content-Sha256', 'X-Gitlab-Encoding', 'X-Gitlab-File-Name',
  'X-Gitlab-File-Path', 'X-Gitlab-Last-Commit-Id', 'X-Gitlab-Ref', 'X-Gitlab-Size', 'X-Request-Id', 'ETag',
];

/** rack-cors's `methods: :any` (get head post put patch delete options), upcased and joined as it sends them. */
const ANY_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** rack-cors's default `max_age` (seconds) since 1.0.6; GitLab sets none. */
export const MAX_AGE_SECONDS = 7200;

/** The request's origin as rack-cors reads it: `Origin`, else `X-Origin`. */
export function requestOrigin(headers: IncomingHttpHeaders): string | undefined {
  const origin = first(headers.origin) || first(headers['x-origin']);
  return origin || undefined;
}

/** A CORS preflight as rack-cors tells one: `OPTIONS` with an origin and `Access-Control-Request-Method`. */
export function isPreflight(method: string, headers: IncomingHttpHeaders): boolean {
  return method === 'OPTIONS' && requestOrigin(headers) !== undefined && first(headers['access-control-request-method']) !== undefined;
}

/**
 * rack-cors's answer to a preflight, which never reaches the application (no token needed): 200 without a body,
 * with the resource's headers when the path is under `/api` and the asked method and headers are allowed, and with
 * no header at all otherwise (another path, `TRACE`…). A path that is not valid (a NUL byte, bytes that are not
 * UTF-8 once unescaped) gets 400.
 */
export function preflightResponse(rawPath: string, headers: IncomingHttpHeaders, instanceUrl: string): ApiResponse {
  const path = rackPath(rawPath);
  if (path === undefined) return { status: 400, headers: {}, body: '' };
  const origin = requestOrigin(headers) ?? '';
  const method = first(headers['access-control-request-method']) ?? '';
  if (!isApiResource(path) || !ANY_METHODS.includes(method.toUpperCase())) return { status: 200, headers: {}, body: '' };
  const cors = resourceHeaders(origin, instanceUrl);
  // `headers: :any`: whatever headers were asked for are allowed, echoed as asked.
  const asked = first(headers['access-control-request-headers']);
  if (asked !== undefined) cors['access-control-allow-headers'] = asked;
  return { status: 200, headers: cors, body: '' };
}

/**
 * The headers rack-cors adds to any other answer of the path, whatever its status (errors, 401 and 429 included):
 * the resource's CORS headers when the request has an origin, and `Vary: Origin` on every answer under `/api`, with
 * or without one. The application's own headers win over these; the double's routes send no `Vary` of their own.
 */
export function corsHeaders(rawPath: string, headers: IncomingHttpHeaders, instanceUrl: string): Record<string, string> {
  const path = rackPath(rawPath) ?? rawPath;
  if (!isApiResource(path)) return {};
  const origin = requestOrigin(headers);
  return { ...(origin === undefined ? {} : resourceHeaders(origin, instanceUrl)), vary: 'Origin' };
}

function resourceHeaders(origin: string, instanceUrl: string): Record<string, string> {
  const sameInstance = origin === instanceUrl;
  const headers: Record<string, string> = {
    'access-control-allow-origin': sameInstance ? origin : '*',
    'access-control-allow-methods': ANY_METHODS.join(', '),
    'access-control-expose-headers': EXPOSED_HEADERS.join(', '),
    'access-control-max-age': String(MAX_AGE_SECONDS),
  };
  if (sameInstance) headers['access-control-allow-credentials'] = 'true';
  return headers;
}

/** rack-cors's pattern for `'/api/*'`: `^/api/?(.*?)$`, so `/api`, `/api/v4/…` and `/api/graphql` (and `/apix`). */
function isApiResource(path: string): boolean {
  return path.startsWith('/api');
}

/**
 * The path rack-cors matches: `Rack::Utils.unescape_path` (malformed `%` sequences left as they are), then, when valid,
 * `clean_path_info` (empty and `.` segments dropped, `..` pops one). Undefined when not valid.
 */
function rackPath(rawPath: string): string | undefined {
  const bytes: number[] = [];
  for (let i = 0; i < rawPath.length; i++) {
    const hex = rawPath.slice(i + 1, i + 3);
    if (rawPath[i] === '%' && /^[0-9a-fA-F]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(rawPath[i], 'utf8'));
    }
  }
  let path: string;
  try {
    path = new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(bytes));
  } catch {
    return undefined;
  }
  if (path.includes('\0')) return undefined;
  const parts = path.split('/');
  const clean: string[] = [];
  for (const part of parts) {
    if (part === '' || part === '.') continue;
    if (part === '..') clean.pop();
    else clean.push(part);
  }
  return (parts.length === 0 || parts[0] === '' ? '/' : '') + clean.join('/');
}

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
