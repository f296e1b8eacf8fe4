import assert from 'node:assert/strict';
import { myActivity } from '../../../src/app/activity/sources';
import type { GitLabEvent } from '../../../src/gitlab';
import { COMMANDS } from '../../../src/ids';
import { registerActivityCommands, type ActivityCommandContext } from '../../../src/ui/activity/activityCommands';
import type { ActivityNode } from '../../../src/ui/activity/nodes';
import { fake } from './fakeVscode';

describe('Activity commands', () => {
  const URL = 'https://gitlab.example.com/acme/web/-/issues/12';
  const event = { id: 1, project_id: 3, action_name: 'opened', target_type: 'Issue', target_iid: 12 } as unknown as GitLabEvent;
  const source = myActivity('https://gitlab.example.com');
  let disposables: Array<{ dispose(): void }> = [];

  beforeEach(() => {
    fake.reset();
    // Only what Copy Link uses: a row's link.
    const links = { urlOf: (shown: GitLabEvent) => (shown === event ? URL : undefined), sourceUrl: () => undefined };
    disposables = registerActivityCommands({ links } as unknown as ActivityCommandContext);
  });
  afterEach(() => disposables.forEach((disposable) => disposable.dispose()));

  it('Copy Link puts the row\'s link on the clipboard and says so in the status bar', async () => {
    await fake.registered.get(COMMANDS.copyLink)!({ type: 'event', source, event, index: 0 } satisfies ActivityNode);
    assert.equal(fake.clipboard, URL);
    assert.deepEqual(fake.shown, [{ kind: 'statusBarMessage', message: 'Link copied' }]);
  });

  it('says nothing of a copy when there is no link to copy', async () => {
    await fake.registered.get(COMMANDS.copyLink)!({ type: 'event', source, event: { ...event, id: 2 }, index: 0 } satisfies ActivityNode);
    await fake.registered.get(COMMANDS.copyLink)!();
    assert.equal(fake.clipboard, '');
    assert.deepEqual(fake.shown, []);
  });
});
