import * as vscode from 'vscode';
import { projectPathsInGitConfig, remoteUrls } from '../../app/gitRemotes';

/**
 * GitLab project paths of the workspace: the git remotes of each folder that point at the instance. Reads
 * `.git/config` (following a `.git` file's `gitdir:` for worktrees and submodules) — no git process, no network.
 */
export async function workspaceProjectPaths(instanceUrl: string): Promise<string[]> {
  const found = new Set<string>();
  for (const folder of vscode.workspace.workspaceFolders ?? []) {
    const config = await readGitConfig(folder.uri);
    if (config) for (const path of projectPathsInGitConfig(config, instanceUrl)) found.add(path);
  }
  return [...found];
}

/** The URLs of every git remote of the workspace's folders. */
export async function workspaceRemoteUrls(): Promise<string[]> {
  const urls: string[] = [];
  for (const folder of vscode.workspace.workspaceFolders ?? []) {
    const config = await readGitConfig(folder.uri);
    if (config) urls.push(...remoteUrls(config));
  }
  return urls;
}

async function readGitConfig(folder: vscode.Uri): Promise<string | undefined> {
  const dotGit = vscode.Uri.joinPath(folder, '.git');
  const text = (uri: vscode.Uri) => vscode.workspace.fs.readFile(uri).then((bytes) => Buffer.from(bytes).toString('utf8'), () => undefined);
  const stat = await vscode.workspace.fs.stat(dotGit).then((s) => s, () => undefined);
  if (!stat) return undefined;
  if (stat.type & vscode.FileType.Directory) return text(vscode.Uri.joinPath(dotGit, 'config'));
  const pointer = /^gitdir:\s*(.+)$/m.exec((await text(dotGit)) ?? '');
  if (!pointer) return undefined;
  const gitDir = pointer[1].trim().startsWith('/') ? vscode.Uri.file(pointer[1].trim()) : vscode.Uri.joinPath(folder, pointer[1].trim());
  // A worktree's gitdir holds a `commondir` pointing at the main repository's .git, where the config lives.
  const common = (await text(vscode.Uri.joinPath(gitDir, 'commondir')))?.trim();
  const configDir = common ? (common.startsWith('/') ? vscode.Uri.file(common) : vscode.Uri.joinPath(gitDir, common)) : gitDir;
  return text(vscode.Uri.joinPath(configDir, 'config'));
}
