import type { DoubleToken, GitLabDouble } from '../../double';

/** Small HTTP helpers for the double's conformance tests (real requests with the global fetch). */

export const TOKEN = 'glpat-test-token';

/** The first user's tokens of each scope: full access, read-only API, and user-only (behaviour note §1.4). */
export const SCOPED_TOKENS: DoubleToken[] = [
  { token: TOKEN, scopes: ['api'], userId: 1 },
  { token: 'read-api', scopes: ['read_api'], userId: 1 },
  { token: 'read-user', scopes: ['read_user'], userId: 1 },
];
export const FIXED_NOW = new Date('2024-06-15T12:00:00.000Z');

export interface Reply {
  status: number;
  headers: Headers;
  text: string;
  /** Parsed JSON, or undefined when the body is not JSON. */
  body: any;
}

export interface CallOptions {
  method?: string;
  token?: string | null;
  /** How the token travels: header (default), bearer, or the private_token query param. */
  via?: 'header' | 'bearer' | 'query';
  headers?: Record<string, string>;
  body?: string;
}

export async function call(double: GitLabDouble, path: string, options: CallOptions = {}): Promise<Reply> {
  const token = options.token === undefined ? TOKEN : options.token;
  const headers: Record<string, string> = { ...options.headers };
  let url = path.startsWith('http') ? path : `${double.apiUrl}${path}`;
  if (token !== null) {
    if (options.via === 'bearer') headers.Authorization = `Bearer ${token}`;
    else if (options.via === 'query') url += `${url.includes('?') ? '&' : '?'}private_token=${encodeURIComponent(token)}`;
    else headers['PRIVATE-TOKEN'] = token;
  }
  const response = await fetch(url, { method: options.method ?? 'GET', headers, body: options.body, redirect: 'manual' });
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  return { status: response.status, headers: response.headers, text, body };
}

/** Follows X-Next-Page from page 1 to the end, returning every page. */
export async function allPages(double: GitLabDouble, path: string, options: CallOptions = {}): Promise<Reply[]> {
  const pages: Reply[] = [];
  let next = '1';
  while (next) {
    const reply = await call(double, `${path}${path.includes('?') ? '&' : '?'}page=${next}`, options);
    if (reply.status !== 200) throw new Error(`${path} page ${next}: ${reply.status} ${reply.text}`);
    pages.push(reply);
    next = reply.headers.get('x-next-page') ?? '';
    if (pages.length > 2000) throw new Error('Paging does not end.');
  }
  return pages;
}

/** `Link` header → { rel: url }. */
export function links(reply: Reply): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (reply.headers.get('link') ?? '').split(', ')) {
    const match = /^<([^>]+)>; rel="(\w+)"$/.exec(part);
    if (match) out[match[2]] = match[1];
  }
  return out;
}

export function linkRels(reply: Reply): string[] {
  return [...(reply.headers.get('link') ?? '').matchAll(/rel="(\w+)"/g)].map((m) => m[1]);
}
