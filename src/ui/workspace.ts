import * as vscode from 'vscode';
import type { ActiveAccount } from '../app/activeAccount';
import { readGitConfig, type GitFileReader } from '../app/gitConfigFiles';
import { projectPathsOfRemotes, remoteUrls } from '../app/gitRemotes';
import { remoteOfFolderUri, remoteOfWebIde, WEB_IDE_EXTENSION_ID } from '../app/virtualWorkspace';
import { scopeName } from '../app/settings/shared/labels';
import type { Scope } from '../gitlab';
import type { ExtensionConfig } from './config';
import { workspaceGitFiles } from './workspaceGitFiles';
import { displayLocalize } from './displayLanguage';

/**
 * The workspace as GitLab sees it: the projects its folders' git remotes name, on which instance, and the scope the
 * status bar, snoozes and "Why Am I Notified?" start from.
 */

/**
 * The workspace's folders as GitLab sees them: their git remotes and the projects those name. Reads `.git/config`
 * (following a `.git` file's `gitdir:` for worktrees and submodules): no git process, no network. A `file:` folder is
 * read from the host's own disk where it has one (the Node host's reader never opens what is not a regular file);
 * any other folder (a remote machine's, seen from a browser) through `vscode.workspace.fs`. A virtual workspace with
 * no git config counts by what names its project (see virtualWorkspace.ts): the folder's `gitlab-remote` URI, or
 * GitLab's Web IDE.
 */
export class WorkspaceRepositories {
  private readonly otherFiles = workspaceGitFiles();
  private webIde?: Promise<string | undefined>;

  constructor(private readonly localFiles?: GitFileReader) {}

  /** GitLab project paths of the workspace: the remotes of its folders that point at the instance. */
  async projectPaths(instanceUrl: string): Promise<string[]> {
    return projectPathsOfRemotes(await this.remoteUrls(), instanceUrl);
  }

  /** The URLs of every git remote of the workspace's folders, and of the project a virtual workspace shows. */
  async remoteUrls(): Promise<string[]> {
    const urls: string[] = [];
    for (const folder of vscode.workspace.workspaceFolders ?? []) {
      const config = await this.gitConfig(folder.uri);
      if (config) urls.push(...remoteUrls(config));
      const named = remoteOfFolderUri(folder.uri);
      if (named) urls.push(named);
    }
    const webIde = await (this.webIde ??= webIdeRemote());
    if (webIde) urls.push(webIde);
    return urls;
  }

  private gitConfig(folder: vscode.Uri): Promise<string | undefined> {
    if (folder.scheme === 'file' && this.localFiles) return readGitConfig(folder.fsPath, this.localFiles);
    return readGitConfig(folder.toString(), this.otherFiles);
  }
}

/** In GitLab's Web IDE: its project as a remote URL, from what its built-in extension exports (read once). */
async function webIdeRemote(): Promise<string | undefined> {
  const extension = vscode.extensions.getExtension(WEB_IDE_EXTENSION_ID);
  if (!extension) return undefined;
  try {
    return remoteOfWebIde(extension.isActive ? extension.exports : await extension.activate());
  } catch {
    return undefined;
  }
}

/**
 * The status bar's scope. `auto`: the workspace's GitLab project when a git remote points at the active instance, else global; or always
 * global. The active instance is the one the remotes name, when signed in there.
 */
export class StatusBarScope {
  constructor(
    private readonly config: () => ExtensionConfig,
    private readonly account: Pick<ActiveAccount, 'instanceUrl'>,
    private readonly repositories: Pick<WorkspaceRepositories, 'projectPaths'>,
  ) {}

  /** The scope in force and its name for people. */
  async resolve(): Promise<{ scope: Scope; name: string }> {
    const config = this.config();
    const [project] = config.statusBarScope === 'auto' ? await this.repositories.projectPaths(this.account.instanceUrl) : [];
    const scope: Scope = project ? { kind: 'project', id: project } : { kind: 'global' };
    return { scope, name: scopeName(scope, displayLocalize()) };
  }
}
