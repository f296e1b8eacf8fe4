import assert from 'node:assert/strict';
import { fake } from './fakeVscode';
import { GitLabDouble } from '../../double';
import type { DoubleIssuable } from '../../double/world/types';
import { GitLabClient, SubscriptionClient } from '../../../src/gitlab';
import { COMMANDS } from '../../../src/ids';
import { resolveLevelInForce } from '../../../src/app/settings/shared/levelChain';
import { SubscriptionFilter } from '../../../src/app/subscriptions/subscriptionFilter';
import { SubscriptionService } from '../../../src/app/subscriptions/subscriptionService';
import type { Thing } from '../../../src/app/subscriptions/thing';
import { Failures } from '../../../src/ui/failures';
import { registerThingCommands } from '../../../src/ui/subscriptions/thingCommands';
import { makeClient, TOKEN, type TestClient } from '../gitlab/helpers';
import { until } from '../until';

const NOW = new Date('2024-06-15T12:00:00.000Z');
const INSTANCE = 'http://gitlab.test';
const OTHER = 'http://other.test';

/** The thing commands through the stand-in vscode, the subscriptions client over real HTTP against the double. */
describe('Why Am I Notified About This? and Unsubscribe on rows', () => {
  let double: GitLabDouble;
  let client: TestClient;
  const errors: string[] = [];
  let groupLevel = 'watch';

  async function open(token = TOKEN): Promise<void> {
    fake.reset();
    errors.length = 0;
    groupLevel = 'watch';
    double = await GitLabDouble.start({ now: () => NOW, tokens: [{ token: TOKEN, scopes: ['api'], userId: 1 }, { token: 'read-api', scopes: ['read_api'], userId: 1 }] });
    client = makeClient(double.url, { token: () => token });
    const subscriptions = new SubscriptionClient(client.transport);
    const api = new GitLabClient(client.transport);
    const accounts = new Map([[INSTANCE, { key: INSTANCE, instanceUrl: INSTANCE, subscriptions, api }], [OTHER, { key: OTHER, instanceUrl: OTHER, subscriptions, api }]]);
    const log = { error: (what: string) => void errors.push(what), info: () => undefined, warn: () => undefined };
    // The Subscriptions list's own way of changing a subscription, which these commands take too.
    const service = new SubscriptionService({ accounts: () => [...accounts.values()], pageSize: () => 100, log: { error: () => undefined }, filter: SubscriptionFilter.EMPTY });
    const shell = {
      session: { accountFor: (instance: string) => accounts.get(instance) },
      account: { key: INSTANCE, instanceUrl: INSTANCE },
      directories: { for: () => ({ get: (id: number) => (id === 1 ? { path_with_namespace: 'acme/website' } : undefined), resolve: async () => undefined }) },
      failures: new Failures({ reportUnauthorized: () => undefined }, log),
      log,
    };
    // The level in force as the status bar's service resolves it: the project at Global under acme.
    const levels = {
      refresh: () => undefined,
      levelInForce: async (scope: { id: string }) => resolveLevelInForce({ kind: 'project', name: scope.id, level: 'global' },
        [{ kind: 'group', name: 'acme', level: groupLevel }], { kind: 'global', name: '', level: 'participating' }),
    };
    registerThingCommands({ subscriptions: [] } as never, shell as never, { levels } as never, service);
  }
  afterEach(async () => {
    await client.close();
    await double.close();
  });

  const run = (command: string, ...args: unknown[]) => fake.registered.get(command)!(...args) as Promise<void>;
  const rowOf = (item: DoubleIssuable) =>
    double.data.subscriptions.find((s) => s.userId === 1 && s.subscribableType === item.model && s.subscribableId === item.id && s.projectId === item.projectId)?.subscribed;
  const issue = (id: number) => double.data.issuables.find((i) => i.id === id)!;
  const thingOf = (item: DoubleIssuable, instance = INSTANCE): Thing => ({
    instance, kind: item.model === 'Issue' ? 'issue' : 'mergeRequest', projectPath: double.data.projects.find((p) => p.id === item.projectId)!.pathWithNamespace,
    iid: String(item.iid), title: item.title,
  });
  const modal = () => fake.shown.find((s) => s.kind === 'information' && s.modal) as { message: string; detail: string; actions: string[] } | undefined;

  it('explains an explicit subscription in a modal; its Unsubscribe reaches GitLab, then Undo subscribes again', async () => {
    await open();
    const item = issue(5001); // acme/website#1, opened by user 1, subscribed
    assert.equal(rowOf(item), true);
    let undo = false;
    fake.answers.message = (shown) => (shown.actions.includes('Unsubscribe') ? 'Unsubscribe' : undo && shown.actions.includes('Undo') ? 'Undo' : undefined);
    undo = true;
    await run(COMMANDS.whyNotifiedAboutThing, thingOf(item));
    const shown = modal()!;
    assert.equal(shown.message, `You are subscribed to acme/website#1 "${item.title}".`);
    assert.match(shown.detail, /You also take part in it: you opened it\./);
    assert.match(shown.detail, /Notification level in force for acme\/website: Watch \(acme\)/);
    assert.deepEqual(shown.actions, ['Unsubscribe']);
    assert.equal(rowOf(item), true, 'Undo subscribed again');
    const messages = fake.shown.filter((s) => s.kind === 'information' && !s.modal).map((s) => (s as { message: string }).message);
    assert.deepEqual(messages, [`Unsubscribed from acme/website#1 "${item.title}".`, `Subscribed to acme/website#1 "${item.title}" again.`]);
  });

  it('from a Subscriptions row: the thing it names; Unsubscribe goes through the Subscriptions list\'s own command', async () => {
    await open();
    const item = issue(5001);
    const row = {
      type: 'subscription', instance: INSTANCE,
      item: { kind: 'issue', id: `gid://gitlab/Issue/${item.id}`, iid: String(item.iid), title: item.title, state: 'opened', webUrl: '',
        reference: `acme/website#${item.iid}`, containerPath: 'acme/website', containerKind: 'project', updatedAt: NOW.toISOString(), subscribed: true },
    };
    fake.answers.message = (shown) => (shown.actions.includes('Unsubscribe') ? 'Unsubscribe' : undefined);
    await run(COMMANDS.whyNotifiedAboutThing, row);
    assert.equal(modal()!.message, `You are subscribed to acme/website#1 "${item.title}".`);
    assert.deepEqual(fake.commands.find((c) => c.command === COMMANDS.subscriptionsUnsubscribe)?.args, [row]);
    assert.equal(rowOf(item), true, 'changed by that command, not here');
  });

  it('neither subscribed nor taking part: the level is the action, and opens the settings editor at the project', async () => {
    await open();
    const item = double.data.issuables.find((i) => i.model === 'Issue' && i.projectId === 1 && rowOf(i) === undefined && !i.participants.includes(1))!;
    fake.answers.message = (shown) => shown.actions.find((action) => action.startsWith('Notification Level of'));
    await run(COMMANDS.whyNotifiedAboutThing, thingOf(item));
    assert.equal(modal()!.message, `You are not subscribed to acme/website#${item.iid} "${item.title}".`);
    assert.deepEqual(modal()!.actions, ['Notification Level of acme/website…']);
    assert.deepEqual(fake.commands.find((c) => c.command === COMMANDS.openNotificationSettings)?.args, [{ kind: 'project', id: 'acme/website' }]);
  });

  it('a participant at On mention is told so, and offered the level, not Unsubscribe', async () => {
    await open();
    groupLevel = 'mention';
    const item = double.data.issuables.find((i) => i.model === 'Issue' && i.projectId !== null && i.projectId < 7 && rowOf(i) === undefined && i.authorId === 1)!;
    await run(COMMANDS.whyNotifiedAboutThing, thingOf(item));
    assert.match(modal()!.message, /^You take part in /);
    assert.match(modal()!.detail, /You take part in it: you opened it\./);
    assert.deepEqual(modal()!.actions, [`Notification Level of ${thingOf(item).projectPath}…`]);
  });

  it('from an Activity event row: the project looked up by id, the thing asked about', async () => {
    await open();
    const item = issue(5001);
    const node = { type: 'event', source: { instance: INSTANCE }, event: { id: 1, project_id: 1, action_name: 'opened', target_id: item.id, target_iid: item.iid, target_type: 'Issue', target_title: item.title, author_id: 1 } };
    await run(COMMANDS.whyNotifiedAboutThing, node);
    assert.equal(modal()!.message, `You are subscribed to acme/website#1 "${item.title}".`);
  });

  it('Unsubscribe from a To-Do row about a legacy epic: its work item found by group and iid, then changed', async () => {
    await open();
    const epic = issue(9001);
    const group = double.data.groups.find((g) => g.id === epic.groupId)!;
    const todo = { id: 1, action_name: 'mentioned', target_type: 'Epic', target: { id: 44, iid: epic.iid, title: epic.title }, project: null, group: { id: group.id, full_path: group.fullPath } };
    await run(COMMANDS.unsubscribe, { type: 'todo', instance: INSTANCE, group: { todos: [todo] } });
    const row = double.data.subscriptions.find((s) => s.userId === 1 && s.subscribableId === 9001 && s.projectId === null);
    assert.equal(row?.subscribed, false);
    assert.match((fake.shown.at(-1) as { message: string }).message, new RegExp(`^Unsubscribed from ${group.fullPath}&${epic.iid} `));
  });

  it('a token without `api`: the refusal in the client\'s words, naming the `api` scope; nothing changed', async () => {
    await open('read-api');
    const item = issue(5001);
    await run(COMMANDS.unsubscribe, thingOf(item));
    const shown = fake.shown.at(-1) as { kind: string; message: string };
    assert.equal(shown.kind, 'error');
    assert.match(shown.message, /^Could not unsubscribe from acme\/website#1 .*changing subscriptions needs a token with the `api` scope\./);
    assert.equal(rowOf(item), true);
    assert.deepEqual(errors, ['Unsubscribe']);
  });

  it('a thing of another signed-in instance: its level is said as not read, and no level is offered', async () => {
    await open();
    const item = issue(5001);
    await run(COMMANDS.whyNotifiedAboutThing, thingOf(item, OTHER));
    assert.match(modal()!.detail, /was not read: notification levels are read for the active account \(http:\/\/gitlab\.test\) only\./);
    assert.deepEqual(modal()!.actions, ['Unsubscribe']);
  });

  it('GitLab does not know it: said, with the level still explained', async () => {
    await open();
    await run(COMMANDS.whyNotifiedAboutThing, { instance: INSTANCE, kind: 'issue', projectPath: 'acme/website', iid: '9999' } satisfies Thing);
    await until('the modal', () => modal() !== undefined);
    assert.equal(modal()!.message, 'GitLab did not say whether you are subscribed to acme/website#9999.');
    assert.match(modal()!.detail, /GitLab did not answer: GitLab did not find acme\/website#9999/);
    assert.match(modal()!.detail, /Notification level in force for acme\/website: Watch/);
  });
});
