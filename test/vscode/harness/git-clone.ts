/**
 * The files of a clone of `projectPath` on the instance at `instanceUrl`, for a session's `files`: a `.git/config`
 * whose origin names the project, and a HEAD. The extension reads the workspace's project from them.
 */
export function gitCloneFiles(instanceUrl: string, projectPath: string): Record<string, string> {
  return {
    '.git/config': [
      '[core]', '\trepositoryformatversion = 0', '\tbare = false',
      '[remote "origin"]', `\turl = ${instanceUrl}/${projectPath}.git`, '\tfetch = +refs/heads/*:refs/remotes/origin/*', '',
    ].join('\n'),
    '.git/HEAD': 'ref: refs/heads/main\n',
  };
}
