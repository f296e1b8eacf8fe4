import { json, text, type ApiResponse } from '../http/response';
import type { Fault } from '../types';

/** Complete responses for the faults that replace the answer outright. */

const REASONS: Record<number, string> = {
  400: 'Bad request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 405: 'Method Not Allowed',
  409: 'Conflict', 422: 'Unprocessable Entity', 429: 'Too Many Requests', 500: 'Internal Server Error',
  502: 'Bad Gateway', 503: 'Service Unavailable', 504: 'Gateway Timeout',
};

/** Gateway errors come from the proxy in front of GitLab, as HTML; the rest look like GitLab's own JSON. */
function defaultStatusResponse(status: number): ApiResponse {
  const reason = REASONS[status] ?? 'Error';
  if (status === 502 || status === 503 || status === 504) {
    return text(status, `<!DOCTYPE html>\n<html><head><title>${status} ${reason}</title></head>`
      + `<body><h1>${reason}</h1><p>GitLab is not responding.</p></body></html>\n`, 'text/html; charset=utf-8');
  }
  return json(status, { message: `${status} ${reason}` });
}

export const LOGIN_PAGE = '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>Sign in · GitLab</title></head>'
  + '<body><form action="/users/sign_in" method="post"><input name="user[login]"><input name="user[password]" type="password">'
  + '<button type="submit">Sign in</button></form></body></html>\n';

export function rateLimitResponse(
  fault: Extract<Fault, { kind: 'rateLimit' }>, nowMs: number, authenticated: boolean,
): ApiResponse {
  const nowSeconds = Math.floor(nowMs / 1000);
  const retryAfter = fault.retryAfterSeconds
    ?? (fault.resetEpochSeconds !== undefined ? Math.max(0, fault.resetEpochSeconds - nowSeconds) : 1);
  const reset = fault.resetEpochSeconds ?? nowSeconds + retryAfter;
  switch (fault.style) {
    // Rack::Attack (§1.8): plain text, RateLimit-Reset is an absolute epoch.
    case 'rackAttack':
      return text(429, 'Retry later\n', 'text/plain', {
        'RateLimit-Name': authenticated ? 'throttle_authenticated_api' : 'throttle_unauthenticated_api',
        'RateLimit-Limit': '2000', 'RateLimit-Observed': '2001', 'RateLimit-Remaining': '0',
        'RateLimit-Reset': String(reset), 'RateLimit-ResetTime': new Date(reset * 1000).toUTCString(),
        'Retry-After': String(retryAfter),
      });
    // The application rate limiter: JSON message and Retry-After only.
    case 'app':
      return json(429, { message: { error: 'This endpoint has been requested too many times. Try again later.' } }, {
        'Retry-After': String(retryAfter),
      });
    // An edge proxy that strips every rate-limit header.
    case 'bare':
      return text(429, 'Retry later\n', 'text/plain');
  }
}

/** The response of a fault that needs no normal answer; undefined for faults that cut or stream one. */
export function replacementResponse(fault: Fault, nowMs: number, authenticated: boolean): ApiResponse | undefined {
  switch (fault.kind) {
    case 'status': {
      const base = fault.body !== undefined
        ? text(fault.status, fault.body, fault.contentType ?? 'application/json') : defaultStatusResponse(fault.status);
      if (fault.contentType) base.headers['Content-Type'] = fault.contentType;
      return { ...base, headers: { ...base.headers, ...fault.headers } };
    }
    case 'rateLimit':
      return rateLimitResponse(fault, nowMs, authenticated);
    case 'malformed':
      return text(200, fault.body ?? 'this is not JSON', fault.contentType ?? 'application/json');
    case 'html200':
      return text(200, LOGIN_PAGE, 'text/html; charset=utf-8');
    case 'redirect':
      return text(fault.status ?? 302, `<html><body>You are being <a href="${fault.location}">redirected</a>.</body></html>`,
        'text/html; charset=utf-8', { Location: fault.location });
    default:
      return undefined;
  }
}
