import assert from 'node:assert/strict';
import { fake, FakeMemento, type FakeTreeView, type TreeItem } from './fakeVscode';
import { GitLabDouble } from '../../double';
import { Log } from '../../../src/ui/log';
import { createSubscriptionList } from '../../../src/ui/subscriptions/registerSubscriptions';
import type { SubscriptionNode } from '../../../src/ui/subscriptions/subscriptionView';
import { until } from '../until';
import { BOB, subscriptionSession } from './subscriptionPeople';
import { ALICE, NOW, quietChannel, stillClock } from './twoPeople';

/** Longer than any test waits: a held answer comes only when the test releases it. */
const HOLD_MS = 60_000;

/**
 * bob signs in over alice while her Subscriptions lists are still loading: her loads become stale, and what they
 * read after the sign-in (where her things are: her groups and projects) stays hers. bob's lists are read over his
 * own groups and projects, asked with his token.
 */
describe('Subscriptions: a sign-in over an account whose lists are loading', function () {
  this.timeout(20_000);
  let double: GitLabDouble;
  const disposables: Array<{ dispose(): void }> = [];
  const people = subscriptionSession(() => double.url, HOLD_MS);
  const { session, accountOf, signIn } = people;
  let tree: FakeTreeView;

  beforeEach(async () => {
    fake.reset();
    double = await GitLabDouble.start({ now: () => NOW, tokens: [ALICE, BOB].map(({ token, userId }) => ({ token, scopes: ['api'], userId })) });
  });
  afterEach(async () => {
    double.clearFaults();
    double.releaseHeld();
    for (const disposable of disposables.splice(0)) disposable.dispose();
    await people.close();
    await double.close();
  });

  const children = (node?: SubscriptionNode) => tree.treeDataProvider.getChildren(node) as SubscriptionNode[];
  const label = (node: SubscriptionNode) => String((tree.treeDataProvider.getTreeItem(node) as TreeItem).label);
  /** Each section with its rows' labels, once none is loading. */
  async function sections(): Promise<string[]> {
    const lines = () => children().flatMap((section) => [label(section), ...children(section).map((row) => `  ${label(row)}`)]);
    await until('every section answered', () => children().length > 0 && !lines().some((line) => line.trim() === 'Loading…'));
    return lines();
  }

  it('bob\'s lists are read over his own groups and projects, not those alice\'s stale loads went on to read', async () => {
    // alice's loads wait for what her GitLab offers (known already: asked before) until the test lets them go.
    const alice = accountOf(ALICE);
    await alice.subscriptions.getSubscriptionFeatures();
    let letAliceGo!: () => void;
    const aliceHeld = new Promise<void>((resolve) => { letAliceGo = resolve; });
    const features = alice.subscriptions.getSubscriptionFeatures.bind(alice.subscriptions);
    let aliceAsked = false;
    alice.subscriptions.getSubscriptionFeatures = async (signal) => {
      aliceAsked = true;
      await aliceHeld;
      return features(signal);
    };
    signIn(alice);
    disposables.push(createSubscriptionList({ session: session as never, pageSize: () => 5, log: new Log(quietChannel, () => []), state: new FakeMemento() as never, clock: stillClock }));
    tree = fake.treeViews.at(-1)!;
    children().forEach((section) => children(section)); // the view opens: every section's first page is asked for
    await until('alice\'s loads to start', () => aliceAsked);

    // bob signs in over alice; his first GraphQL answers are held, so alice's stale loads go on first.
    double.inject({ fault: { kind: 'latency', ms: HOLD_MS }, path: '/api/graphql', times: Infinity });
    const bobIn = double.requests.length;
    signIn(accountOf(BOB));
    children().forEach((section) => children(section));
    await double.waitForArrival((r) => r.userId === BOB.userId && r.path === '/api/graphql');
    letAliceGo();
    await double.waitForArrival((r) => r.userId === ALICE.userId && r.path === '/api/v4/groups');
    double.clearFaults();
    double.releaseHeld();

    const shown = await sections();
    const bobs = double.requests.slice(bobIn).filter((r) => r.userId === BOB.userId);
    assert.ok(bobs.some((r) => r.path === '/api/v4/groups'), 'bob\'s groups read with his token');
    assert.deepEqual(bobs.filter((r) => r.status >= 400).map((r) => `${r.status} ${r.method} ${r.path}`), [], 'bob asked for places that are not his');
    assert.deepEqual(shown, ['Issues', 'Merge requests', 'Epics', 'Labels'].flatMap((section) => [section, '  No subscriptions of this kind.']), 'bob\'s own lists: he has no subscriptions');
  });
});
