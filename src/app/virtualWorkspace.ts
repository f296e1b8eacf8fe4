/**
 * Where a workspace has no git config to read (a virtual workspace), the GitLab project it shows may still be named:
 * by the folder's URI (GitLab Workflow's read-only `gitlab-remote://<host>/<label>?project=<id|path>&ref=<ref>`), or
 * by GitLab's Web IDE, whose folder URI names only the project's last segment (`gitlab-web-ide:///<name>`) but whose
 * built-in extension (`gitlab.gitlab-web-ide`) exports the instance and the project's full path. Each is turned into a
 * remote URL, so the workspace's projects and instance are found as from a git remote.
 */

/** The id of GitLab's Web IDE's built-in extension, whose `activate` returns `{ gitlabUrl, projectPath, … }`. */
export const WEB_IDE_EXTENSION_ID = 'gitlab.gitlab-web-ide';

const PROJECT_PATH = /^[^/\s?#]+(\/[^/\s?#]+)+$/;

/** A `gitlab-remote` folder's project as a remote URL of its host (`https://host/group/project`), else undefined. */
export function remoteOfFolderUri(uri: { scheme: string; authority: string; query: string }): string | undefined {
  if (uri.scheme !== 'gitlab-remote' || !/^[a-z0-9.-]+(:\d+)?$/i.test(uri.authority)) return undefined;
  const project = new URLSearchParams(uri.query).get('project')?.trim();
  return project && PROJECT_PATH.test(project) ? `https://${uri.authority}/${project}` : undefined;
}

/** The Web IDE's project as a remote URL (`<gitlabUrl>/<projectPath>`), from its extension's exports, checked. */
export function remoteOfWebIde(exports: unknown): string | undefined {
  if (typeof exports !== 'object' || exports === null) return undefined;
  const { gitlabUrl, projectPath } = exports as { gitlabUrl?: unknown; projectPath?: unknown };
  if (typeof gitlabUrl !== 'string' || typeof projectPath !== 'string' || !PROJECT_PATH.test(projectPath)) return undefined;
  let instance: URL;
  try {
    instance = new URL(gitlabUrl);
  } catch {
    return undefined;
  }
  if (instance.protocol !== 'https:' && instance.protocol !== 'http:') return undefined;
  return `${instance.origin}${instance.pathname.replace(/\/+$/, '')}/${projectPath}`;
}
