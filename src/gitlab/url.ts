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

/** One decoding of a path's ASCII escapes (`%2F`, `%2e`, `%25`…), as a server or the proxy before it decodes it. */
const decodeAscii = (path: string): string =>
  path.replace(/%([0-7][0-9a-f])/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** A dot segment as URL parsers read it: `.` or `..`, each dot maybe escaped (`%2e`, `.%2E`), without decoding the rest. */
const dotSegment = (part: string): '.' | '..' | undefined => {
  const plain = part.replace(/%2e/gi, '.');
  return plain === '.' || plain === '..' ? plain : undefined;
};

/** The path with `.` and `..` segments resolved (never above the root) and `\` read as `/`, as servers resolve them. */
function resolveDots(path: string): string {
  const parts = path.split(/[\\/]/);
  const kept: string[] = [];
  parts.forEach((part, index) => {
    const dot = dotSegment(part);
    if (dot === '..' && kept.length > 1) kept.pop();
    if (!dot) kept.push(part);
    else if (index === parts.length - 1) kept.push('');
  });
  return kept.join('/');
}

/** Whether `path` is under `root`, both resolved; when a decoded `?` or `#` ends both, what is left is, or is `root`. */
function under(path: string, root: string): boolean {
  const cut = (text: string): string => resolveDots(text.replace(/[?#][^]*$/, ''));
  const [cutPath, cutRoot] = [cut(path), cut(root)];
  return resolveDots(path).startsWith(`${resolveDots(root)}/`) && (cutPath === cutRoot || cutPath.startsWith(`${cutRoot}/`));
}

/** What makes a path need decoding or resolving: an escape, a backslash, a `?` or `#`, or a dot segment. */
const PLAIN_PATH_UNSAFE = /[%\\?#]|(^|\/)\.\.?(\/|$)/;

/**
 * Whether a URL's path (`URL.pathname`) is under `root` (`/gitlab`, `/gitlab/`, or `/`) as the server reads it. The
 * URL parser resolves only literal dot segments; GitLab and the proxy before it decode the path first, so
 * `/gitlab/..%2Fother` is `/other` to them. The path is therefore decoded and resolved again, as often as decoding
 * changes it (a server that decodes twice turns `%252F` into `/`), and must stay under every time, also where a
 * decoded `?` or `#` would end it.
 */
export function pathStaysUnder(pathname: string, root: string): boolean {
  // Nothing to decode or resolve (most links: a project's page and a plain path under it): the plain prefix is the
  // answer the loop below would give, at a fraction of its cost on a tree of 10,000 events.
  if (!PLAIN_PATH_UNSAFE.test(pathname) && !PLAIN_PATH_UNSAFE.test(root)) return pathname.startsWith(`${root.replace(/\/+$/, '')}/`);
  return decodedPathStaysUnder(pathname, root);
}

/** `pathStaysUnder` the long way: decoded and resolved as often as decoding changes the path. */
export function decodedPathStaysUnder(pathname: string, root: string): boolean {
  let path = pathname;
  let rootPath = root.replace(/\/+$/, '');
  for (;;) {
    if (!under(path, rootPath)) return false;
    const [nextPath, nextRoot] = [decodeAscii(path), decodeAscii(rootPath)];
    if (nextPath === path && nextRoot === rootPath) return true;
    [path, rootPath] = [nextPath, nextRoot];
  }
}

/** The full URL of an API path; checks it stays under the API base of the same origin, also once decoded. */
export function apiUrl(base: URL, path: string, query: Record<string, string> = {}): URL {
  const url = new URL(`${base.pathname}${path}`, base.origin);
  if (url.origin !== base.origin || !pathStaysUnder(url.pathname, base.pathname)) {
    throw new GitLabError('validation', 'The request would leave the GitLab API.');
  }
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return url;
}

/** GitLab's GraphQL endpoint beside the REST API: `https://host/prefix/api/graphql`. */
export function graphqlUrl(base: URL): URL {
  return new URL(`${base.pathname.replace(/\/api\/v4$/, '')}/api/graphql`, base.origin);
}
