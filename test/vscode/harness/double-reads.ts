import type { GitLabEvent } from '../../../src/gitlab/types';
import { DEFAULT_TOKEN, type LoggedRequest } from '../../double';
import type { RunningDouble } from './session';

/**
 * What the double answers to a GET, for comparing the workbench with the data behind it. The test asks with an
 * `Authorization: Bearer` header, so its own reads are told apart from the extension's (which sends PRIVATE-TOKEN)
 * in `double.requests`; see `extensionRequests`.
 */
export async function readFromDouble<T>(
  double: RunningDouble,
  apiPath: string,
  query: Record<string, string | number> = {},
  token = DEFAULT_TOKEN,
): Promise<{ body: T; nextPage: string | null }> {
  const url = new URL(`${double.apiUrl}${apiPath}`);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, String(value));
  const response = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`GET ${url.pathname}${url.search} answered ${response.status}`);
  return { body: (await response.json()) as T, nextPage: response.headers.get('x-next-page') || null };
}

/**
 * Every event of these listings as the token's person may read them, merged as GitLab orders a feed: by id, newest
 * first, each once (what a dashboard feed shows, read here without the extension's merge).
 */
export async function mergedEventsFromDouble(double: RunningDouble, apiPaths: string[], token = DEFAULT_TOKEN): Promise<GitLabEvent[]> {
  const byId = new Map<number, GitLabEvent>();
  for (const apiPath of apiPaths) {
    for (let page: string | null = '1'; page;) {
      const answer: { body: GitLabEvent[]; nextPage: string | null } = await readFromDouble<GitLabEvent[]>(double, apiPath, { page, per_page: 100 }, token);
      for (const event of answer.body) byId.set(event.id!, event);
      page = answer.nextPage;
    }
  }
  return [...byId.values()].sort((a, b) => b.id! - a.id!);
}

/** The requests the extension made (not the test's own reads), optionally only those that match. */
export function extensionRequests(double: RunningDouble, predicate: (request: LoggedRequest) => boolean = () => true): LoggedRequest[] {
  return double.requests.filter((request) => request.auth !== 'bearer' && predicate(request));
}

/** Waits for a request of the extension (not one of the test's own reads) that matches. */
export function waitForExtensionRequest(
  double: RunningDouble,
  predicate: (request: LoggedRequest) => boolean,
  timeoutMs = 20_000,
): Promise<LoggedRequest> {
  return double.waitForRequest((request) => request.auth !== 'bearer' && predicate(request), timeoutMs);
}

/** `GET /api/v4/events` and the other event listings, by their path without `/api/v4`. */
export function isEventsRequest(request: LoggedRequest, apiPath = '/events'): boolean {
  return request.method === 'GET' && request.path === `/api/v4${apiPath}`;
}

/**
 * Asserts that the extension has made no request matching `predicate`. Call it after a positive marker that must
 * come after any such request (a log line of what the extension decided, a later request), never after a pause.
 */
export function assertNoExtensionRequest(double: RunningDouble, predicate: (request: LoggedRequest) => boolean, what: string): void {
  const seen = extensionRequests(double, predicate);
  if (seen.length > 0) throw new Error(`${what}, but the extension sent ${seen.map((r) => `${r.method} ${r.rawPath} (${r.status})`).join(', ')}`);
}
