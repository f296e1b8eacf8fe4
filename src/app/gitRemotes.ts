import { MAX_LIST_ENTRIES } from './instanceSettings';
import { sameInstance } from './instance';

/** Finds GitLab project paths in a repository's git config (`[remote "x"] url = …`). */

export function remoteUrls(gitConfig: string): string[] {
  const urls: string[] = [];
  let inRemote = false;
  for (const raw of gitConfig.split(/\r?\n/)) {
    const line = raw.trim();
    if (line.startsWith('[')) {
      inRemote = /^\[remote\s+"[^"]*"\]$/.test(line);
      continue;
    }
    const match = inRemote ? /^url\s*=\s*(.+)$/.exec(line) : null;
    if (match) urls.push(match[1].trim().replace(/^"(.*)"$/, '$1'));
  }
  return urls;
}

/**
 * The project path (`group/sub/project`) a remote URL names on the instance, or undefined when it points elsewhere.
 * Accepts https, ssh URLs and scp-like `git@host:group/project.git`; honours an instance URL with a path prefix.
 */
export function projectPathForRemote(remote: string, instanceUrl: string): string | undefined {
  let instance: URL;
  try {
    instance = new URL(instanceUrl);
  } catch {
    return undefined;
  }
  const prefix = instance.pathname.replace(/\/+$/, '');
  let host: string;
  let path: string;
  /** An http(s) remote names the web server itself, port included; an ssh port is not the instance's. */
  let webHost: string | undefined;
  const scp = /^(?:[^@/\s]+@)?([^:/\s]+):(?!\/)(.+)$/.exec(remote);
  if (scp && !/^[a-z][a-z0-9+.-]*:\/\//i.test(remote)) {
    [host, path] = [scp[1], `/${scp[2]}`];
  } else {
    let url: URL;
    try {
      url = new URL(remote);
    } catch {
      return undefined;
    }
    if (!['http:', 'https:', 'ssh:', 'git+ssh:'].includes(url.protocol)) return undefined;
    host = url.hostname;
    if (url.protocol === 'http:' || url.protocol === 'https:') webHost = url.host;
    path = decodeURIComponent(url.pathname);
    if ((url.protocol === 'http:' || url.protocol === 'https:') && prefix && path.startsWith(`${prefix}/`)) {
      path = path.slice(prefix.length);
    }
  }
  if (host.toLowerCase() !== instance.hostname.toLowerCase()) return undefined;
  // Two instances may share a host name on different ports.
  if (webHost !== undefined && webHost.toLowerCase() !== instance.host.toLowerCase()) return undefined;
  const project = path.replace(/^\/+/, '').replace(/\/+$/, '').replace(/\.git$/, '');
  return /^[^/\s]+(\/[^/\s]+)+$/.test(project) ? project : undefined;
}

/**
 * Distinct project paths of the remotes (a git config's, a virtual workspace's) that point at the instance: the first `max`, as for a list
 * setting (a repository's config is as much the repository's as its settings are).
 */
export function projectPathsOfRemotes(remotes: readonly string[], instanceUrl: string, max = MAX_LIST_ENTRIES): string[] {
  const paths = new Set<string>();
  for (const url of remotes) {
    if (paths.size >= max) break;
    const path = projectPathForRemote(url, instanceUrl);
    if (path !== undefined) paths.add(path);
  }
  return [...paths];
}

/**
 * Which of the signed-in instances the workspace's remotes name (a remote pointing at a project there), or
 * undefined. Where remotes name several, `preferred` (the settings' instance) wins if among them, else the first.
 */
export function instanceNamedByRemotes(remotes: readonly string[], instances: readonly string[], preferred: string): string | undefined {
  const named = instances.filter((instance) => remotes.some((remote) => projectPathForRemote(remote, instance) !== undefined));
  return named.find((instance) => sameInstance(instance, preferred)) ?? named[0];
}
