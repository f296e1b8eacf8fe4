import assert from 'node:assert/strict';
import { fake } from './fakeVscode';
import { feedPlan } from '../../../src/app/activity/activityTabs';
import { createEventFeeds, eventListPlan } from '../../../src/app/activity/eventFeeds';
import { NO_FILTER } from '../../../src/gitlab';
import { ProjectDirectories } from '../../../src/app/projectDirectory';
import { COMMANDS, DOCUMENT_SCHEME } from '../../../src/ids';
import { registerActivityCommands, type ActivityCommandContext } from '../../../src/ui/activity/activityCommands';
import { ReadOnlyDocuments } from '../../../src/ui/readOnlyDocuments';
import { GitLabDouble } from '../../double';
import { type TestClient, withDoubleAndClient } from '../gitlab/helpers';

describe('Copy Activity as Markdown opens its copy read-only', () => {
  let double: GitLabDouble;
  let client: TestClient;
  withDoubleAndClient({ edition: 'ee', events: 30, seed: 3 }, (started, made) => { double = started; client = made; });
  beforeEach(() => fake.reset());

  it('as a document of the extension\'s own scheme, not an untitled one (which is dirty and asks to be saved on close)', async () => {
    const documents = new ReadOnlyDocuments();
    const context = {
      session: {
        api: client.client, instanceUrl: double.url, all: [], apiFor: () => client.client, reportUnauthorized: () => undefined,
        accountFor: () => ({ key: double.url, instanceUrl: double.url, api: client.client }),
      },
      feeds: createEventFeeds(eventListPlan(feedPlan('all', NO_FILTER), { pageSize: 20, api: () => client.client })),
      directories: new ProjectDirectories(() => client.client),
      activeInstance: () => '',
      links: { urlOf: () => undefined, sourceUrl: () => undefined },
      plan: () => feedPlan('all', NO_FILTER),
      documents,
    } as unknown as ActivityCommandContext;
    const registered = registerActivityCommands(context);
    try {
      // "Last 7 days".
      fake.answers.quickPick = (items) => items.find((item) => item.label === 'Last 7 days');
      await fake.registered.get(COMMANDS.copyActivityAsMarkdown)!();
      assert.ok(fake.clipboard.startsWith('## '), `the clipboard holds ${JSON.stringify(fake.clipboard.slice(0, 80))}`);
      assert.deepEqual(fake.documents.filter((document) => document.isUntitled).map((document) => document.getText().slice(0, 40)), [],
        'an untitled document was opened');
      assert.equal(fake.shownDocuments.length, 1);
      const [shown] = fake.shownDocuments;
      assert.equal(shown.uri.scheme, DOCUMENT_SCHEME);
      assert.match(shown.uri.fsPath, /\.md$/, 'a Markdown document');
      assert.equal(shown.getText(), fake.clipboard);
      assert.equal(shown.isDirty, false);
    } finally {
      for (const disposable of registered) disposable.dispose();
      documents.dispose();
    }
  });
});
