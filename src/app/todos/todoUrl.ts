import { httpUrl } from '../activity/eventUrl';

/**
 * Where a to-do leads, if it may be opened: GitLab's `target_url` only when it is http(s) on the instance's own origin
 * and under its path (the Activity view's rule for pages it opens), without credentials. Anything else is not opened.
 */
export function todoWebUrl(targetUrl: unknown, instanceUrl: string): string | undefined {
  const url = httpUrl(targetUrl);
  const root = httpUrl(instanceUrl);
  if (!url || !root || url.username || url.password) return undefined;
  const rootPath = root.pathname.replace(/\/+$/, '');
  if (url.origin !== root.origin || !url.pathname.startsWith(`${rootPath}/`)) return undefined;
  return url.href;
}
