import assert from 'node:assert/strict';
import { instanceNamedByRemotes, projectPathsOfRemotes } from '../../../src/app/gitRemotes';
import { remoteOfFolderUri, remoteOfWebIde } from '../../../src/app/virtualWorkspace';

const folder = (text: string) => {
  const url = new URL(text);
  return { scheme: url.protocol.slice(0, -1), authority: url.host, query: url.search.slice(1) };
};

describe('virtual workspaces: the project a folder without a git config shows', () => {
  it('a gitlab-remote folder names its project on its host, found as from a git remote', () => {
    const remote = remoteOfFolderUri(folder('gitlab-remote://gitlab.example.com/My%20Label?project=group/sub/app&ref=main'));
    assert.equal(remote, 'https://gitlab.example.com/group/sub/app');
    assert.deepEqual(projectPathsOfRemotes([remote!], 'https://gitlab.example.com'), ['group/sub/app']);
    assert.deepEqual(projectPathsOfRemotes([remote!], 'https://gitlab.com'), [], 'another instance');
    assert.equal(instanceNamedByRemotes([remote!], ['https://gitlab.com', 'https://gitlab.example.com'], 'https://gitlab.com'), 'https://gitlab.example.com');
  });

  it('a folder of another scheme, or a project that is no path, names nothing', () => {
    for (const text of [
      'vscode-vfs://github/owner/repo', 'gitlab-web-ide:///app', 'gitlab-remote://gitlab.example.com/x?ref=main',
      'gitlab-remote://gitlab.example.com/x?project=123', 'gitlab-remote://gitlab.example.com/x?project=a/b%3Fc',
    ]) assert.equal(remoteOfFolderUri(folder(text)), undefined, text);
  });

  it('GitLab\'s Web IDE names its instance and the project\'s full path in its extension\'s exports, checked', () => {
    const remote = remoteOfWebIde({ gitlabUrl: 'https://gitlab.example.com/gitlab/', projectPath: 'group/app', currentRef: 'main' });
    assert.equal(remote, 'https://gitlab.example.com/gitlab/group/app');
    assert.deepEqual(projectPathsOfRemotes([remote!], 'https://gitlab.example.com/gitlab'), ['group/app']);
    for (const exports of [undefined, null, 'x', {}, { gitlabUrl: 'javascript:alert(1)', projectPath: 'a/b' }, { gitlabUrl: 'https://x', projectPath: 'app' },
      { gitlabUrl: 42, projectPath: 'a/b' }, { gitlabUrl: 'not a url', projectPath: 'a/b' }]) {
      assert.equal(remoteOfWebIde(exports), undefined, JSON.stringify(exports));
    }
  });
});
