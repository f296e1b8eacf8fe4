import assert from 'node:assert/strict';
import { sourceRow, sourceWebUrl } from '../../../../src/app/activity/sourceRows';
import { formatMessage } from '../../../../src/app/localize';
import { projectSources, userSources } from '../../../../src/app/activity/sources';
import type { Project } from '../../../../src/gitlab';

const INSTANCE = 'https://gitlab.example.com/';
const website: Project = { id: 1, name: 'Website', name_with_namespace: 'Acme / Website', path_with_namespace: 'acme/website', web_url: 'https://gitlab.example.com/acme/website' };

describe('source rows', () => {
  it('name a project as GitLab does once it is known, with its path and where it came from', () => {
    const [setting, remote] = projectSources(['acme/website'], ['7'], INSTANCE);
    assert.deepEqual(sourceRow(setting, website, formatMessage), {
      label: 'Acme / Website', description: 'acme/website', tooltip: 'Project acme/website', iconId: 'repo',
      contextValue: 'project linkable removableProject',
    });
    assert.deepEqual(sourceRow(remote, undefined, formatMessage), {
      label: '7', description: 'from git remote', tooltip: 'Project 7', iconId: 'repo', contextValue: 'project linkable',
    }, 'not known yet: the reference as configured; from a git remote: not removable');
    const named = { ...website, name_with_namespace: undefined, name: 'acme/website' };
    assert.equal(sourceRow(setting, named, formatMessage).description, undefined, 'no path repeated under a label that is the path');
  });

  it('name a user by the reference, removable from the settings', () => {
    const [jane] = userSources(['jane'], INSTANCE);
    assert.deepEqual(sourceRow(jane, undefined, formatMessage), {
      label: 'jane', description: undefined, tooltip: 'User jane', iconId: 'person', contextValue: 'user linkable removableUser',
    });
  });

  it('link to GitLab\'s own page on the instance, else one built from the path or username, never a bare numeric ID', () => {
    const [byPath, byId] = projectSources(['acme/web site', '42'], [], INSTANCE);
    assert.equal(sourceWebUrl(byPath, website, INSTANCE), website.web_url);
    assert.equal(sourceWebUrl(byPath, { ...website, web_url: 'https://elsewhere.example/acme/website' }, INSTANCE),
      'https://gitlab.example.com/acme/web%20site', 'a link to another origin is not followed');
    assert.equal(sourceWebUrl(byId, undefined, INSTANCE), undefined);
    assert.equal(sourceWebUrl(userSources(['jane.doe'], INSTANCE)[0], undefined, INSTANCE), 'https://gitlab.example.com/jane.doe');
    assert.equal(sourceWebUrl(userSources(['12'], INSTANCE)[0], undefined, INSTANCE), undefined);
  });

  it('link to no page outside the instance\'s path, as the server reads it', () => {
    const rooted = 'https://example.com/gitlab';
    const [project] = projectSources(['acme/website'], [], rooted);
    for (const web_url of ['https://example.com/other/acme/website', 'https://example.com/gitlab/..%2Fother', 'https://example.com/gitlab/%2e%2e/x', 'not a url']) {
      assert.equal(sourceWebUrl(project, { ...website, web_url }, rooted), 'https://example.com/gitlab/acme/website', web_url);
    }
    const [climbing] = projectSources(['../../other'], [], rooted);
    assert.equal(sourceWebUrl(climbing, undefined, rooted), undefined, 'a path that climbs out of the instance');
  });
});
