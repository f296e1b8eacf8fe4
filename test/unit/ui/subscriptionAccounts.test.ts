import assert from 'node:assert/strict';
import { fake, FakeMemento, type FakeTreeView } from './fakeVscode';
import { GitLabDouble } from '../../double';
import type { LoggedRequest } from '../../double/types';
import { SubscriptionFilter } from '../../../src/app/subscriptions/subscriptionFilter';
import { SubscriptionService } from '../../../src/app/subscriptions/subscriptionService';
import { COMMANDS } from '../../../src/ids';
import { Failures } from '../../../src/ui/failures';
import { Log } from '../../../src/ui/log';
import { createSubscriptionList } from '../../../src/ui/subscriptions/registerSubscriptions';
import type { SubscriptionNode } from '../../../src/ui/subscriptions/subscriptionView';
import { registerThingCommands } from '../../../src/ui/subscriptions/thingCommands';
import { until } from '../until';
import { BOB, subscriptionSession } from './subscriptionPeople';
import { ALICE, answerAfter, CHANGED, INSTANCE, lastInformation, NOW, quietChannel, SIGNED_OUT, stillClock, type Person } from './twoPeople';


type Row = SubscriptionNode & { type: 'subscription' };

/**
 * Two people on one instance, alice and then bob, as the session has them: the account at the instance's key changes
 * (its clients, its account key) or goes. An Undo, a confirmation or a row's Unsubscribe waiting in a notification
 * belongs to alice, who read its things: clicked after bob signed in, or after alice signed out, it changes nothing
 * (no request with bob's token, none with alice's), and says so calmly.
 */
describe('Subscriptions: a pending action belongs to the account that read its things', function () {
  this.timeout(20_000);
  let double: GitLabDouble;
  const disposables: Array<{ dispose(): void }> = [];
  const people = subscriptionSession(() => double.url);
  const { session } = people;
  /** Who is signed in at the instance now (undefined: alice signed out); the views hear of it. */
  const signIn = (person: Person | undefined): void => people.signIn(person && people.accountOf(person));

  beforeEach(async () => {
    fake.reset();
    double = await GitLabDouble.start({
      now: () => NOW, tokens: [ALICE, BOB].map(({ token, userId }) => ({ token, scopes: ['api'], userId })),
    });
    signIn(ALICE);
  });
  afterEach(async () => {
    for (const disposable of disposables.splice(0)) disposable.dispose();
    await people.close();
    await double.close();
  });

  const run = (command: string, ...args: unknown[]) => fake.registered.get(command)!(...args) as Promise<void>;
  /** Subscriptions changed at GitLab with `userId`'s token (a mutation, or a REST subscribe/unsubscribe). */
  const changesBy = (userId: number): LoggedRequest[] => double.requests.filter((r) => r.userId === userId && r.method === 'POST'
    && (/\bmutation\b/.test(r.body ?? '') || /\/(un)?subscribe$/.test(r.path)));
  const subscribed = (userId: number, model: string, id: number) => double.data.subscriptions
    .find((s) => s.userId === userId && s.subscribableType === model && s.subscribableId === id && s.projectId !== null)?.subscribed;

  describe('the Subscriptions view', () => {
    let tree: FakeTreeView;
    beforeEach(() => {
      disposables.push(createSubscriptionList({ session: session as never, pageSize: () => 100, log: new Log(quietChannel, () => []), state: new FakeMemento() as never, clock: stillClock }));
      tree = fake.treeViews.at(-1)!;
    });
    const children = (node?: SubscriptionNode) => tree.treeDataProvider.getChildren(node) as SubscriptionNode[];
    async function issueRows(): Promise<Row[]> {
      await until('alice\'s issues', () => children().length > 0 && children(children()[0]).some((row) => row.type === 'subscription'));
      return children(children()[0]).filter((row): row is Row => row.type === 'subscription');
    }
    const idOf = (row: Row) => Number(/\d+$/.exec(String(row.item.id))![0]);

    it('Undo clicked after bob signed in over alice subscribes nobody again, and says so', async () => {
      const [row] = await issueRows();
      answerAfter('Undo', () => signIn(BOB));
      await run(COMMANDS.subscriptionsUnsubscribe, row);
      assert.equal(subscribed(1, 'Issue', idOf(row)), false, 'alice unsubscribed, and her Undo did nothing');
      assert.deepEqual(changesBy(3).map((r) => r.body), [], 'nothing changed with bob\'s token');
      assert.equal(changesBy(1).length, 1, 'alice\'s Unsubscribe alone');
      assert.match(lastInformation(), CHANGED);
    });

    it('Undo clicked after alice signed out sends nothing, and says so', async () => {
      const [row] = await issueRows();
      answerAfter('Undo', () => signIn(undefined));
      await run(COMMANDS.subscriptionsUnsubscribe, row);
      assert.equal(subscribed(1, 'Issue', idOf(row)), false);
      assert.equal(changesBy(1).length, 1, 'alice\'s Unsubscribe alone');
      assert.match(lastInformation(), SIGNED_OUT);
      assert.deepEqual(fake.shown.filter((s) => s.kind === 'error'), [], 'calm: no error');
    });

    it('All Closed\'s confirmation answered after bob signed in over alice unsubscribes nobody', async () => {
      await issueRows();
      const before = JSON.stringify(double.data.subscriptions);
      answerAfter('Unsubscribe', () => signIn(BOB));
      await run(COMMANDS.subscriptionsUnsubscribeAllClosed);
      assert.deepEqual([...changesBy(3), ...changesBy(1)].map((r) => r.body), [], 'nothing changed, with either token');
      assert.equal(JSON.stringify(double.data.subscriptions), before);
      assert.match(lastInformation(), CHANGED);
    });

    it('All Closed\'s Undo clicked after bob signed in over alice subscribes nobody again', async () => {
      await issueRows();
      fake.answers.message = (shown) => {
        if (shown.actions.includes('Unsubscribe')) return 'Unsubscribe';
        if (!shown.actions.includes('Undo')) return undefined;
        signIn(BOB);
        return 'Undo';
      };
      await run(COMMANDS.subscriptionsUnsubscribeAllClosed);
      assert.ok(changesBy(1).length > 0, 'alice unsubscribed from her closed things');
      assert.deepEqual(changesBy(3).map((r) => r.body), [], 'nothing with bob\'s token');
      assert.match(lastInformation(), CHANGED);
    });
  });

  describe('Unsubscribe on an Activity or To-Do row', () => {
    const ISSUE = 5001; // acme/website#1, alice subscribed
    beforeEach(() => {
      const log = { error: () => undefined, info: () => undefined, warn: () => undefined };
      const service = new SubscriptionService({ accounts: () => session.all, pageSize: () => 100, log, filter: SubscriptionFilter.EMPTY });
      const shell = {
        session, account: { key: INSTANCE, instanceUrl: INSTANCE }, log, failures: new Failures({ reportUnauthorized: () => undefined }, log),
        directories: { for: () => ({ get: (id: number) => (id === 1 ? { path_with_namespace: 'acme/website' } : undefined), resolve: async () => undefined }) },
      };
      // The level in force, as the status bar's service would say it (not what these tests are about).
      const levels = { refresh: () => undefined, levelInForce: async () => { throw new Error('not read here'); } };
      registerThingCommands({ subscriptions: disposables } as never, shell as never, { levels } as never, service);
    });
    const todoRow = () => ({
      type: 'todo', instance: INSTANCE,
      group: { todos: [{ id: 1, action_name: 'assigned', target_type: 'Issue', target: { id: ISSUE, iid: 1, title: 'Crash' }, project: { id: 1, path_with_namespace: 'acme/website' } }] },
    });
    const eventRow = () => ({
      type: 'event', source: { instance: INSTANCE },
      event: { id: 1, project_id: 1, action_name: 'opened', target_id: ISSUE, target_iid: 1, target_type: 'Issue', target_title: 'Crash', author_id: 1 },
    });

    it('a To-Do row\'s Undo clicked after alice signed out sends nothing with her token, and says so', async () => {
      assert.equal(subscribed(1, 'Issue', ISSUE), true);
      answerAfter('Undo', () => signIn(undefined));
      await run(COMMANDS.unsubscribe, todoRow());
      assert.equal(subscribed(1, 'Issue', ISSUE), false, 'unsubscribed, and not subscribed again');
      assert.equal(changesBy(1).length, 1, 'the Unsubscribe alone went out with alice\'s token');
      assert.match(lastInformation(), SIGNED_OUT);
    });

    it('"Why Am I Notified?"\'s Unsubscribe chosen after bob signed in over alice changes nothing for either', async () => {
      answerAfter('Unsubscribe', () => signIn(BOB));
      await run(COMMANDS.whyNotifiedAboutThing, todoRow());
      assert.equal(subscribed(1, 'Issue', ISSUE), true, 'alice still subscribed');
      assert.deepEqual([...changesBy(1), ...changesBy(3)].map((r) => r.body), []);
      assert.match(lastInformation(), CHANGED);
    });

    it('an Activity row\'s Undo clicked after bob signed in over alice changes nothing for either', async () => {
      answerAfter('Undo', () => signIn(BOB));
      await run(COMMANDS.unsubscribe, eventRow());
      assert.equal(subscribed(1, 'Issue', ISSUE), false);
      assert.equal(changesBy(1).length, 1);
      assert.deepEqual(changesBy(3).map((r) => r.body), []);
      assert.match(lastInformation(), CHANGED);
    });
  });
});
