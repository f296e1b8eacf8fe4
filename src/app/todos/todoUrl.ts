import { instancePage } from '../instance';

/**
 * Where a to-do leads, if it may be opened: GitLab's `target_url` only when it is a page of the instance (http(s), its
 * own origin, under its path as the server reads it, without credentials; `instancePage`). Anything else is not opened.
 */
export function todoWebUrl(targetUrl: unknown, instanceUrl: string): string | undefined {
  return instancePage(targetUrl, instanceUrl)?.href;
}
