import assert from 'node:assert/strict';
import { sourceKey, type ActivitySource } from '../../../src/app/activity/sources';
import { GitLabError } from '../../../src/gitlab/errors';
import { COMMANDS } from '../../../src/ids';
import { formatMessage } from '../../../src/app/localize';
import { errorRowAction, errorRowContext, sourceOfRow, type ActivityNode } from '../../../src/ui/activity/nodes';
import { continueRowText, emptyRowText } from '../../../src/ui/lists/listRowText';
import { errorItem } from '../../../src/ui/lists/listStatusItems';

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

describe('Activity tree rows that offer the next step', () => {
  const t = formatMessage;
  const source = (kind: 'project' | 'user', from: ActivitySource['from'] = 'setting'): ActivitySource =>
    ({ key: sourceKey(kind, 'team/app'), source: { kind, id: 'team/app' }, ref: 'team/app', from, instance: '' });
  const error = (kind: 'project' | 'user', failure: GitLabError, from: ActivitySource['from'] = 'setting') =>
    ({ type: 'error', source: source(kind, from), error: failure }) as ActivityNode & { type: 'error' };
  const notFound = new GitLabError('notFound', 'Not found on GitLab (404 Project Not Found). Check the ID or path, and that your account can see it.', { status: 404 });
  const serverError = new GitLabError('server', 'GitLab had a server error (502). It may be temporary.', { status: 502 });
  const refused = new GitLabError('unauthorized', 'GitLab did not accept the token (401).', { status: 401 });

  // A 300 px sidebar shows about 40 characters of a row: the action must come first to be seen at all.
  it('leads with the action, the detail after it', () => {
    assert.deepEqual(continueRowText({ requests: 10, found: 5 }, t), { label: 'Continue', description: '10 pages read, 5 matching so far' });
    assert.deepEqual(emptyRowText(true, 'No events match the filter', t), { label: 'Clear Filters', description: 'No events match the filter' });
    assert.deepEqual(emptyRowText(false, 'No events', t), { label: 'No events' });
    const drawn = (node: ActivityNode & { type: 'error' }) => {
      const item = errorItem(node.error, errorRowAction(node, () => undefined)) as unknown as { label: string; description: string };
      return { label: item.label, description: item.description };
    };
    assert.deepEqual(drawn(error('project', serverError)), { label: 'Retry', description: serverError.message });
    assert.deepEqual(drawn(error('project', refused)), { label: 'Sign In Again', description: refused.message });
  });

  it('a project or user of the settings that GitLab does not know (404) can be removed from its error row', () => {
    assert.equal(errorRowContext(error('project', notFound)), 'error retryable removableProject');
    assert.equal(errorRowContext(error('user', notFound)), 'error retryable removableUser');
    // Only a 404 offers it, and only for an entry of the settings (a git remote's project cannot be removed).
    assert.equal(errorRowContext(error('project', serverError)), 'error retryable');
    assert.equal(errorRowContext(error('project', notFound, 'remote')), 'error retryable');
    assert.equal(errorRowContext(error('project', refused)), 'error signIn');
    // Remove finds the project through its error row.
    assert.equal(sourceOfRow(error('project', notFound), 'project')?.ref, 'team/app');
    assert.equal(sourceOfRow(error('project', notFound), 'user'), undefined);
    assert.equal(sourceOfRow({ type: 'source', source: source('user') }, 'user')?.ref, 'team/app');
  });

  it('the package offers Remove inline on such rows, and in their context menu', () => {
    const manifest = require('../../../package.json') as { contributes: { menus: Record<string, Array<{ command: string; when: string; group?: string }>> } };
    const menu = manifest.contributes.menus['view/item/context'];
    for (const [command, tag] of [[COMMANDS.removeProject, 'error retryable removableProject'], [COMMANDS.removeUser, 'error retryable removableUser']]) {
      const entries = menu.filter((entry) => entry.command === command);
      const shownFor = (group: (g: string | undefined) => boolean) => entries.filter((entry) => group(entry.group)).some((entry) => {
        const pattern = /viewItem =~ \/(.+)\/$/.exec(entry.when)?.[1];
        return pattern !== undefined && new RegExp(pattern).test(tag);
      });
      assert.ok(shownFor((group) => group === 'inline'), `${command} is not inline on ${tag}`);
      assert.ok(shownFor((group) => group !== 'inline'), `${command} is not in the context menu of ${tag}`);
      assert.ok(!entries.some((entry) => entry.group === 'inline' && /viewItem =~ \/(.+)\/$/.test(entry.when)
        && new RegExp(/viewItem =~ \/(.+)\/$/.exec(entry.when)![1]).test('project linkable removableProject')), 'inline on every project row');
    }
  });
});
