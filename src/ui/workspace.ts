import * as vscode from 'vscode';
import type { ActiveAccount } from '../app/activeAccount';
import { readGitConfig } from '../app/gitConfigFiles';
import { projectPathsInGitConfig, remoteUrls } from '../app/gitRemotes';
import { scopeName } from '../app/settings/shared/labels';
import type { Scope } from '../gitlab';
import type { ExtensionConfig } from './config';
import { boundedGitFiles } from './gitFiles';

/**
 * The workspace as GitLab sees it: the projects its folders' git remotes name, on which instance, and the scope the
 * status bar, snoozes and "Why Am I Notified?" start from.
 */

/**
 * GitLab project paths of the workspace: the git remotes of each folder that point at the instance. Reads
 * `.git/config` (following a `.git` file's `gitdir:` for worktrees and submodules) — no git process, no network.
 */
export async function workspaceProjectPaths(instanceUrl: string): Promise<string[]> {
  const found = new Set<string>();
  for (const folder of vscode.workspace.workspaceFolders ?? []) {
    const config = await folderGitConfig(folder.uri);
    if (config) for (const path of projectPathsInGitConfig(config, instanceUrl)) found.add(path);
  }
  return [...found];
}

/** The URLs of every git remote of the workspace's folders. */
export async function workspaceRemoteUrls(): Promise<string[]> {
  const urls: string[] = [];
  for (const folder of vscode.workspace.workspaceFolders ?? []) {
    const config = await folderGitConfig(folder.uri);
    if (config) urls.push(...remoteUrls(config));
  }
  return urls;
}

/**
 * The folder's git config, read from disk within a size and a time bound, never opening what is not a regular file
 * (see gitFiles.ts). Workspace folders are local to the extension host (virtual workspaces are not supported).
 */
function folderGitConfig(folder: vscode.Uri): Promise<string | undefined> {
  return folder.scheme === 'file' ? readGitConfig(folder.fsPath, boundedGitFiles()) : Promise.resolve(undefined);
}

/**
 * The status bar's scope. `auto`: the workspace's GitLab project when a git remote points at the active instance, else global; or always
 * global. The active instance is the one the remotes name, when signed in there.
 */
export class StatusBarScope {
  constructor(private readonly config: () => ExtensionConfig, private readonly account: Pick<ActiveAccount, 'instanceUrl'>) {}

  /** The scope in force and its name for people. */
  async resolve(): Promise<{ scope: Scope; name: string }> {
    const config = this.config();
    const [project] = config.statusBarScope === 'auto' ? await workspaceProjectPaths(this.account.instanceUrl) : [];
    const scope: Scope = project ? { kind: 'project', id: project } : { kind: 'global' };
    return { scope, name: scopeName(scope, vscode.l10n.t) };
  }
}
