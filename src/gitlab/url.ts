import { GitLabError } from './errors';

/** The one spelling of an instance URL for building links and keys: trimmed, without trailing slashes. */
export function trimInstanceUrl(url: string): string {
  return url.trim().replace(/\/+$/, '');
}

/**
 * One path segment from an ID, a full path or a username: `group/sub/project` becomes `group%2Fsub%2Fproject`
 * (GitLab's routes require it, behaviour note §1.2). Values that could step out of `/api/v4` are refused.
 */
export function segment(value: string | number): string {
  const text = String(value).trim();
  if (text === '' || text === '.' || text === '..' || /[\u0000-\u001f\u007f]/.test(text)) {
    throw new GitLabError('validation', `"${text}" is not a valid ID, path or username.`);
  }
  try {
    return encodeURIComponent(text);
  } catch {
    // A lone surrogate has no UTF-8 form, so it cannot be percent-encoded.
    throw new GitLabError('validation', `"${text}" is not a valid ID, path or username.`);
  }
}

/** `https://host/prefix` + `/api/v4`; only http(s) instance URLs are accepted. */
export function apiBase(instanceUrl: string): URL {
  let url: URL;
  try {
    url = new URL(instanceUrl.trim());
  } catch {
    throw new GitLabError('validation', `"${instanceUrl}" is not a URL. Use the address of the GitLab instance, such as https://gitlab.com.`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new GitLabError('validation', `The GitLab instance URL must start with https:// or http://.`);
  }
  if (url.username || url.password) {
    throw new GitLabError('validation', 'The GitLab instance URL must not contain a user name or password.');
  }
  url.search = '';
  url.hash = '';
  url.pathname = `${url.pathname.replace(/\/+$/, '').replace(/\/api\/v4$/, '')}/api/v4`;
  return url;
}

/** The full URL of an API path; checks it stays under the API base of the same origin. */
export function apiUrl(base: URL, path: string, query: Record<string, string> = {}): URL {
  const url = new URL(`${base.pathname}${path}`, base.origin);
  if (url.origin !== base.origin || !url.pathname.startsWith(`${base.pathname}/`)) {
    throw new GitLabError('validation', 'The request would leave the GitLab API.');
  }
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return url;
}

/** GitLab's GraphQL endpoint beside the REST API: `https://host/prefix/api/graphql`. */
export function graphqlUrl(base: URL): URL {
  return new URL(`${base.pathname.replace(/\/api\/v4$/, '')}/api/graphql`, base.origin);
}
