import assert from 'node:assert/strict';
import { accountKey } from '../../../src/app/accountKey';
import { myActivity } from '../../../src/app/activity/sources';
import type { GitLabApi, GitLabEvent } from '../../../src/gitlab';
import { COMMANDS } from '../../../src/ids';
import { registerActivityCommands, type ActivityCommandContext } from '../../../src/ui/activity/activityCommands';
import type { ActivityNode } from '../../../src/ui/activity/nodes';
import { GitLabDouble } from '../../double';
import { makeClient, type TestClient } from '../gitlab/helpers';
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

/**
 * Copy Activity as Markdown's "Continue" reads on for the account that read the rest: clicked after alice signed out
 * (or another signed in there), it reads nothing with her token, and says so. Against the double, whose listing never
 * ends, so the first read stops at its bound and offers Continue.
 */
describe('Copy Activity as Markdown: Continue belongs to the account that read the rest', function () {
  this.timeout(30_000);
  const INSTANCE = 'http://gitlab.test';
  let double: GitLabDouble;
  let client: TestClient;
  let disposables: Array<{ dispose(): void }> = [];
  const all: Array<{ key: string; instanceUrl: string; username: string; accountKey: string; api: GitLabApi }> = [];

  beforeEach(async () => {
    fake.reset();
    double = await GitLabDouble.start({ now: () => new Date(), events: 50, tokens: [{ token: 'glpat-alice', scopes: ['api'], userId: 1 }] });
    client = makeClient(double.url, { token: () => 'glpat-alice' });
    all.splice(0, all.length, { key: INSTANCE, instanceUrl: INSTANCE, username: 'alex', accountKey: accountKey(INSTANCE, 1), api: client.client });
    const context = {
      session: {
        instanceUrl: INSTANCE, all, accountFor: (instance: string) => all.find((account) => account.key === instance),
        get api() { return all[0]?.api; },
      },
      plan: () => ({ request: {} }), failures: { report: () => undefined }, activeInstance: () => INSTANCE,
      directories: { for: () => ({ resolve: async () => undefined, get: () => undefined }) },
      links: { urlOf: () => undefined, sourceUrl: () => undefined }, documents: { show: async () => undefined },
    };
    disposables = registerActivityCommands(context as unknown as ActivityCommandContext);
  });
  afterEach(async () => {
    disposables.forEach((disposable) => disposable.dispose());
    await client.close();
    await double.close();
  });

  it('Continue clicked after alice signed out reads nothing with her token, and says so', async () => {
    double.inject({ fault: { kind: 'endlessPages' }, path: '/events', times: Infinity });
    const pages = () => double.requests.filter((r) => r.path === '/api/v4/events').length;
    let read = 0;
    fake.answers.quickPick = (items) => items.find((item) => item.label === 'Last 7 days');
    fake.answers.message = (shown) => {
      if (!shown.actions.includes('Continue') || read > 0) return undefined;
      read = pages();
      all.splice(0); // alice signs out while the message waits
      return 'Continue';
    };
    await fake.registered.get(COMMANDS.copyActivityAsMarkdown)!();
    assert.ok(read > 1, 'the first read stopped at its bound and offered Continue');
    assert.equal(pages(), read, 'no page read after she signed out');
    const said = fake.shown.filter((s) => s.kind === 'information').map((s) => (s as { message: string }).message);
    assert.deepEqual(said, ['Nothing was done: this was for alex @ gitlab.test, which is no longer signed in.']);
  });
});
