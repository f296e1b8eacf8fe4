import * as vscode from 'vscode';
import { readGitConfig } from '../../app/gitConfigFiles';
import { projectPathsInGitConfig, remoteUrls } from '../../app/gitRemotes';
import { boundedGitFiles } from './gitFiles';

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
