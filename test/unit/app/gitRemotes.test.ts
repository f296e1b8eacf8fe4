import assert from 'node:assert/strict';
import { projectPathForRemote, projectPathsOfRemotes, remoteUrls, instanceNamedByRemotes } from '../../../src/app/gitRemotes';
import { MAX_LIST_ENTRIES } from '../../../src/app/instanceSettings';

describe('git remotes', () => {
  const config = `[core]\n\tbare = false\n[remote "origin"]\n\turl = git@gitlab.example.com:group/sub/project.git\n\tfetch = +refs/heads/*:refs/remotes/origin/*\n[remote "mirror"]\n\turl = https://github.com/x/y.git\n[branch "main"]\n\tremote = origin\n\turl = not-a-remote\n`;

  it('reads only remote urls', () => {
    assert.deepEqual(remoteUrls(config), ['git@gitlab.example.com:group/sub/project.git', 'https://github.com/x/y.git']);
  });

  const cases: Array<[string, string, string | undefined]> = [
    ['git@gitlab.example.com:group/project.git', 'https://gitlab.example.com', 'group/project'],
    ['ssh://git@gitlab.example.com:2222/group/sub/project.git', 'https://gitlab.example.com', 'group/sub/project'],
    ['https://gitlab.example.com/group/project.git', 'https://gitlab.example.com', 'group/project'],
    ['https://user@GitLab.Example.com/group/project', 'https://gitlab.example.com/', 'group/project'],
    ['https://example.com/gitlab/group/project.git', 'https://example.com/gitlab', 'group/project'],
    ['https://github.com/group/project.git', 'https://gitlab.example.com', undefined],
    ['git@gitlab.example.com:project.git', 'https://gitlab.example.com', undefined],
    ['file:///srv/repo.git', 'https://gitlab.example.com', undefined],
    ['/local/path', 'https://gitlab.example.com', undefined],
    ['git@gitlab.com:a/b.git', 'not a url', undefined],
    // Two instances on one host, on different ports: an http(s) remote names one of them.
    ['http://127.0.0.1:8081/group/project.git', 'http://127.0.0.1:8080', undefined],
    ['http://127.0.0.1:8081/group/project.git', 'http://127.0.0.1:8081/', 'group/project'],
    ['https://gitlab.example.com:443/group/project.git', 'https://gitlab.example.com', 'group/project'],
  ];
  for (const [remote, instance, expected] of cases) {
    it(`${remote} on ${instance} → ${expected}`, () => assert.equal(projectPathForRemote(remote, instance), expected));
  }

  it(`collects the first ${MAX_LIST_ENTRIES} distinct project paths of a config with thousands of remotes`, () => {
    const many = Array.from({ length: 1_500 }, (_, i) => `[remote "r${i}"]\n\turl = git@gitlab.example.com:team/project-${i}.git\n`).join('');
    const paths = projectPathsOfRemotes(remoteUrls(`${config}${many}`), 'https://gitlab.example.com');
    assert.equal(paths.length, MAX_LIST_ENTRIES);
    assert.deepEqual(paths.slice(0, 2), ['group/sub/project', 'team/project-0']);
  });

  it('collects distinct project paths of a config', () => {
    const twice = `${config}[remote "other"]\n\turl = https://gitlab.example.com/group/sub/project.git\n`;
    assert.deepEqual(projectPathsOfRemotes(remoteUrls(twice), 'https://gitlab.example.com'), ['group/sub/project']);
  });
});

describe('the instance the workspace\'s remotes name', () => {
  const COM = 'https://gitlab.com';
  const CORP = 'https://gitlab.corp.example';

  it('is the signed-in instance a remote points at a project on', () => {
    assert.equal(instanceNamedByRemotes(['git@gitlab.corp.example:team/app.git'], [COM, CORP], COM), CORP);
    assert.equal(instanceNamedByRemotes(['https://GitLab.com/a/b.git'], [CORP, COM], CORP), COM);
  });

  it('is none when the remotes name no signed-in instance (or no project)', () => {
    assert.equal(instanceNamedByRemotes(['git@github.example:a/b.git'], [COM, CORP], COM), undefined);
    assert.equal(instanceNamedByRemotes(['https://gitlab.corp.example/'], [COM, CORP], COM), undefined);
    assert.equal(instanceNamedByRemotes([], [COM], COM), undefined);
  });

  it('prefers the settings\' instance when remotes name several, else the first signed in', () => {
    const remotes = ['https://gitlab.com/a/b.git', 'ssh://git@gitlab.corp.example/c/d.git'];
    assert.equal(instanceNamedByRemotes(remotes, [COM, CORP], `${CORP}/`), CORP);
    assert.equal(instanceNamedByRemotes(remotes, [CORP, COM], 'https://other.example'), CORP);
  });
});
