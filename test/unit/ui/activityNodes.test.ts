import assert from 'node:assert/strict';
import { sourceKey, type ActivitySource } from '../../../src/app/sources';
import { GitLabError } from '../../../src/gitlab/errors';
import { COMMANDS } from '../../../src/ids';
import { errorRowAction } from '../../../src/ui/activity/nodes';

describe('Activity tree error rows', () => {
  const CORP = 'https://gitlab.corp.example';
  const project = (instance: string): ActivitySource =>
    ({ key: sourceKey('project', 'team/app', instance), source: { kind: 'project', id: 'team/app' }, ref: 'team/app', from: 'setting', instance });
  const signedIn: Record<string, string> = { [CORP]: 'https://GitLab.corp.example' };
  const urlOf = (instance: string) => signedIn[instance];
  const refused = new GitLabError('unauthorized', 'GitLab did not accept the token (401).', { status: 401 });

  it('"Sign In Again" names the instance of the list whose token was refused, as signed in', () => {
    const action = errorRowAction({ type: 'error', source: project(CORP), error: refused }, urlOf);
    assert.deepEqual(action, { signIn: true, command: COMMANDS.signIn, arguments: ['https://GitLab.corp.example'] });
  });

  it('names an instance no longer signed in by its key, never leaving the choice to the settings\' instance', () => {
    const action = errorRowAction({ type: 'error', source: project('https://gitlab.other.example'), error: refused }, urlOf);
    assert.deepEqual(action.arguments, ['https://gitlab.other.example']);
  });

  it('any other failure retries that list', () => {
    const source = project(CORP);
    const action = errorRowAction({ type: 'error', source, error: new GitLabError('server', 'GitLab had a server error (502).', { status: 502 }) }, urlOf);
    assert.deepEqual(action, { signIn: false, command: COMMANDS.refresh, arguments: [source.key] });
  });
});
