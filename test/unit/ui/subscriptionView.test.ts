import assert from 'node:assert/strict';
import { EventEmitter, fake, FakeMemento, type FakeTreeView } from './fakeVscode';
import { GitLabDouble, type DoubleOptions } from '../../double';
import { GitLabClient, SubscriptionClient } from '../../../src/gitlab';
import { MAX_CLOSED_REQUESTS } from '../../../src/app/subscriptions/closedSubscriptions';
import { COMMANDS } from '../../../src/ids';
import { Log } from '../../../src/ui/log';
import { createSubscriptionList } from '../../../src/ui/subscriptions/registerSubscriptions';
import type { SubscriptionNode } from '../../../src/ui/subscriptions/subscriptionView';
import type { Clock } from '../../../src/app/snoozeTime';
import { makeClient, TOKEN, type TestClient } from '../gitlab/helpers';
import { until } from '../until';

const NOW = new Date('2024-06-15T12:00:00.000Z');
const INSTANCE = 'http://gitlab.test';

type Item = { label: string; description?: string; tooltip?: string; contextValue?: string; command?: { arguments?: unknown[] } };

/** The Subscriptions view through the stand-in vscode, its clients over real HTTP against the double. */
describe('Subscriptions view: sections per kind, calm lines, Unsubscribe with Undo', () => {
  let double: GitLabDouble;
  let client: TestClient;
  let list: { dispose(): void };
  let tree: FakeTreeView;
  const channel = { info: () => undefined, warn: () => undefined, error: () => undefined, show: () => undefined, dispose: () => undefined };
  const clock: Clock = { now: () => NOW.getTime(), setTimer: () => ({ dispose: () => undefined }) };

  async function open(options: DoubleOptions = {}, token = TOKEN, workspace: string[] = [], pageSize = 100): Promise<void> {
    fake.reset();
    double = await GitLabDouble.start({
      now: () => NOW, hostileNames: true,
      tokens: [{ token: TOKEN, scopes: ['api'], userId: 1 }, { token: 'read-api', scopes: ['read_api'], userId: 1 }], ...options,
    });
    client = makeClient(double.url, { token: () => token });
    const session = {
      signedIn: true, onDidChange: new EventEmitter<void>().event, onDidLearnUsername: new EventEmitter<void>().event, accountFor: () => undefined,
      urlOf: (instance: string) => (instance === INSTANCE ? INSTANCE : undefined),
      all: [{ key: INSTANCE, instanceUrl: INSTANCE, subscriptions: new SubscriptionClient(client.transport), api: new GitLabClient(client.transport) }],
    };
    list = createSubscriptionList({ session: session as never, pageSize: () => pageSize, log: new Log(channel, () => []), state: new FakeMemento() as never, clock,
      workspaceProjects: async () => workspace });
    tree = fake.treeViews.at(-1)!;
  }
  afterEach(async () => {
    list.dispose();
    await client.close();
    await double.close();
  });

  const children = (node?: SubscriptionNode) => tree.treeDataProvider.getChildren(node) as SubscriptionNode[];
  const item = (node: SubscriptionNode) => tree.treeDataProvider.getTreeItem(node) as Item;
  const sections = () => children();
  const rowsOf = (section: SubscriptionNode) => children(section);
  const run = (command: string, ...args: unknown[]) => fake.registered.get(command)!(...args) as Promise<void>;
  /** Each section's rows once none is loading. */
  async function settled(): Promise<Map<string, SubscriptionNode[]>> {
    await until('every section answered', () => sections().every((section) => !rowsOf(section).some((row) => row.type === 'loading')));
    return new Map(sections().map((section) => [item(section).label, rowsOf(section)]));
  }

  it('a section per kind, rows of every kind, server text inert in labels and tooltips', async () => {
    await open();
    const all = await settled();
    assert.deepEqual([...all.keys()], ['Issues', 'Merge requests', 'Epics', 'Labels']);
    for (const [name, rows] of all) assert.ok(rows.some((row) => row.type === 'subscription'), `${name} has rows`);
    const issueItems = all.get('Issues')!.filter((row) => row.type === 'subscription').map(item);
    assert.ok(issueItems.some((i) => /^Incident · |^Task · /.test(i.description ?? '')), 'other issue types by name');
    for (const rows of all.values()) {
      for (const row of rows.filter((r) => r.type === 'subscription')) {
        const shown = item(row);
        const resolved = (tree.treeDataProvider as unknown as { resolveTreeItem(i: unknown, n: unknown): Item }).resolveTreeItem(shown, row);
        for (const text of [shown.label, shown.description ?? '', String(resolved.tooltip ?? '')]) {
          assert.ok(!/\]\(command:|\$\([a-z-]+\)/.test(text), `inert: ${text}`);
        }
      }
    }
  });

  it('a section VS Code drew while its list loaded shows its count once the list answers, before its rows are asked for', async () => {
    await open();
    const named: Array<SubscriptionNode[] | undefined> = [];
    tree.treeDataProvider.onDidChangeTreeData?.((rows) => named.push(rows === undefined ? undefined : [rows].flat() as SubscriptionNode[]));
    tree.setVisible(true); // the first pages are asked for as the view comes into sight
    const [issues] = sections();
    assert.equal(item(issues).description, undefined, 'drawn while loading: no count');
    // VS Code draws a row again only when told to: the section's count needs a change event naming it (or every row).
    await until('the Issues section drawn again', () => named.some((rows) => rows === undefined || rows.includes(issues)));
    assert.match(String(item(issues).description), /^\d+\+?$/);
  });

  it('Unsubscribe on a selection moves the rows at once; Undo brings them back; both reach GitLab', async () => {
    await open();
    const all = await settled();
    const [a, b] = all.get('Issues')!.filter((row) => row.type === 'subscription');
    const label = (row: SubscriptionNode) => item(row).label;
    fake.answers.message = (shown) => (shown.actions.includes('Undo') ? 'Undo' : undefined);
    double.inject({ fault: { kind: 'latency', ms: 300 }, path: '/api/graphql' });
    const unsubscribing = run(COMMANDS.subscriptionsUnsubscribe, a, [a, b]);
    await double.waitForArrival((r) => r.path === '/api/graphql' && (r.body ?? '').includes('issueSetSubscription'));
    const issues = () => rowsOf(sections()[0]).map(label);
    assert.ok(!issues().includes(label(a)) && !issues().includes(label(b)), 'gone before GitLab answered');
    await unsubscribing;
    const mutations = double.requests.filter((r) => (r.body ?? '').includes('issueSetSubscription'));
    assert.equal(mutations.length, 2, 'one request to unsubscribe both, one to subscribe them again');
    assert.ok(issues().includes(label(a)) && issues().includes(label(b)), 'back after Undo');
  });

  it('Open opens a page of the instance only, as the server reads its path', async () => {
    await open();
    const all = await settled();
    const row = all.get('Issues')!.find((r) => r.type === 'subscription') as SubscriptionNode & { type: 'subscription' };
    const labelRow = all.get('Labels')!.find((r) => r.type === 'subscription') as SubscriptionNode & { type: 'subscription' };
    await run(COMMANDS.subscriptionsOpen, { ...row, item: { ...row.item, webUrl: `${INSTANCE}/acme/web/-/issues/1` } });
    assert.deepEqual(fake.opened, [`${INSTANCE}/acme/web/-/issues/1`]);
    for (const webUrl of [`${INSTANCE}/..%2Fother`, `${INSTANCE}/acme/..%2F..%2F..%2Fother`, 'http://evil.test/acme', `${INSTANCE}/../x`]) {
      await run(COMMANDS.subscriptionsOpen, { ...row, instance: `${INSTANCE}/gitlab`, item: { ...row.item, webUrl: webUrl.replace(INSTANCE, `${INSTANCE}/gitlab`) } });
    }
    await run(COMMANDS.subscriptionsOpen, { ...labelRow, instance: `${INSTANCE}/gitlab`, item: { ...labelRow.item, containerPath: '..%2F..%2Fother' } });
    assert.deepEqual(fake.opened, [`${INSTANCE}/acme/web/-/issues/1`], 'nothing more opened');
    assert.equal(fake.shown.filter((s) => s.kind === 'information' && /has no page on gitlab\.test to open/.test(s.message)).length, 5);
  });

  it('a refused Unsubscribe puts the row back and names the api scope', async () => {
    await open({}, 'read-api');
    const all = await settled();
    const row = all.get('Issues')!.find((r) => r.type === 'subscription')!;
    await run(COMMANDS.subscriptionsUnsubscribe, row);
    assert.ok(rowsOf(sections()[0]).some((r) => item(r).label === item(row).label));
    const error = fake.shown.find((s) => s.kind === 'error') as { message: string } | undefined;
    assert.match(error?.message ?? '', /`api` scope/);
  });

  it('Unsubscribe from All Closed: read, confirmed with its count, every closed row out at once, GitLab changed in batches', async () => {
    await open({}, TOKEN);
    await settled();
    const closedShown = () => sections().flatMap(rowsOf).filter((row) => row.type === 'subscription'
      && (row as SubscriptionNode & { type: 'subscription' }).item.kind !== 'label'
      && ['closed', 'merged'].includes((row as { item: { state: string } }).item.state));
    assert.ok(closedShown().length > 0);
    let question = '';
    fake.answers.message = (shown) => {
      if (shown.actions.includes('Unsubscribe')) {
        question = shown.message;
        return 'Unsubscribe';
      }
      return undefined;
    };
    double.inject({ fault: { kind: 'latency', ms: 300 }, path: '/api/graphql', times: Infinity });
    const running = run(COMMANDS.subscriptionsUnsubscribeAllClosed);
    await double.waitForArrival((r) => (r.body ?? '').includes('SetSubscription') || (r.body ?? '').includes('workItemSubscribe'));
    assert.deepEqual(closedShown(), [], 'every closed row gone before GitLab answered');
    await running;
    double.clearFaults();
    const count = Number(/Unsubscribe from (\d+) closed/.exec(question)?.[1]);
    assert.ok(count > 0, question);
    const mutations = double.requests.filter((r) => /SetSubscription|workItemSubscribe/.test(r.body ?? ''));
    assert.equal(mutations.length, Math.ceil(count / 20));
    assert.match((fake.shown.at(-1) as { message: string }).message, new RegExp(`^Unsubscribed from ${count} things\\.`));
  });

  it('a filter that shows other kinds draws the sections again; a Load more draws only its section', async () => {
    await open({}, TOKEN, [], 5);
    await settled();
    const { lists } = (list as unknown as { service: { lists: { whenIdle(): Promise<void> } } }).service;
    await lists.whenIdle();
    await new Promise((resolve) => setTimeout(resolve, 0)); // the last pages' redraws
    const events: Array<SubscriptionNode[] | undefined> = [];
    tree.treeDataProvider.onDidChangeTreeData?.((rows) => events.push(rows as SubscriptionNode[] | undefined));
    const issues = sections()[0];
    await run(COMMANDS.subscriptionsLoadMore, (issues as SubscriptionNode & { type: 'section' }).source.key);
    await until('the next page drawn', () => events.length > 0);
    assert.deepEqual(events, [[issues]], 'the Issues section alone');
    events.length = 0;
    // Closed or merged: labels have no state, so their section goes.
    fake.answers.quickPick = (items) => items.find((choice) => ['State', 'Closed or merged'].includes(choice.label));
    await run(COMMANDS.subscriptionsFilter);
    await until('the sections drawn again', () => events.some((rows) => rows === undefined));
    assert.deepEqual(sections().map((section) => item(section).label), ['Issues', 'Merge requests', 'Epics']);
  });

  it('Unsubscribe from All Closed against listings that never end: at most its bound of requests, and the question and the result say more may remain', async function () {
    this.timeout(60_000);
    await open({}, TOKEN);
    await settled();
    double.inject({ fault: { kind: 'endlessCursor', items: 'none' }, path: '/api/graphql', times: Infinity });
    double.clearLog();
    await run(COMMANDS.subscriptionsUnsubscribeAllClosed);
    assert.ok(double.requests.length <= 20, `${double.requests.length} requests for one click`);
    assert.equal((fake.shown.at(-1) as { message: string }).message,
      'Nothing closed or merged was found in what was read, but more may remain: run it again to read on.');

    double.clearFaults();
    double.inject({ fault: { kind: 'endlessCursor', items: 'again' }, path: '/api/graphql', times: Infinity });
    let question = '';
    fake.answers.message = (shown) => {
      if (!shown.actions.includes('Unsubscribe')) return undefined;
      question = shown.message;
      double.clearFaults();
      return 'Unsubscribe';
    };
    double.clearLog();
    await run(COMMANDS.subscriptionsUnsubscribeAllClosed);
    const reads = double.requests.filter((r) => /query subscribed/.test(r.body ?? '')).length;
    assert.ok(reads <= MAX_CLOSED_REQUESTS, `${reads} listing requests for one click`);
    // Over a thousand found: written as the display language (English here) groups them.
    assert.match(question, /^Unsubscribe from \d{1,3}(,\d{3})+ closed or merged .* More may remain: run it again afterwards\.$/);
    assert.match((fake.shown.at(-1) as { message: string }).message, /^Unsubscribed from \d{1,3}(,\d{3})+ things\. More may remain: run Unsubscribe from All Closed again\.$/);
  });

  for (const graphql of ['17.4', '17.5', 'none'] as const) {
    it(`GitLab ${graphql}: one calm line per kind it cannot list, labels still listed, no error row`, async () => {
      await open({ graphql });
      const all = await settled();
      for (const name of ['Issues', 'Merge requests', 'Epics']) {
        const rows = all.get(name)!;
        assert.equal(rows.length, 1, name);
        assert.equal(rows[0].type, 'cannotList');
        assert.equal(item(rows[0]).contextValue, 'cannotList');
      }
      assert.ok(all.get('Labels')!.some((row) => row.type === 'subscription'));
      assert.ok(![...all.values()].flat().some((row) => row.type === 'error'));
    });
  }

  it('GitLab 17.4 with a workspace project: under the calm line, its open things that e-mail you, which Unsubscribe can stop', async () => {
    await open({ graphql: '17.4' }, TOKEN, ['acme/website']);
    const all = await settled();
    for (const name of ['Issues', 'Merge requests']) {
      const [calm, ...rows] = all.get(name)!;
      assert.equal(calm.type, 'cannotList', name);
      assert.match(item(calm).label, /17\.5 or later.*Below: open things of acme\/website \(this workspace\)/);
      assert.ok(rows.length > 0, `${name}: the project's things`);
      for (const row of rows) {
        assert.equal(row.type, 'subscription');
        const thing = (row as SubscriptionNode & { type: 'subscription' }).item;
        assert.ok(thing.kind !== 'label' && thing.containerPath === 'acme/website' && thing.state === 'opened' && thing.subscribed);
      }
    }
    assert.equal(all.get('Epics')!.length, 1, 'epics: the calm line alone');
    const row = all.get('Issues')![1];
    await run(COMMANDS.subscriptionsUnsubscribe, row);
    assert.ok(double.requests.some((r) => (r.body ?? '').includes('issueSetSubscription')), 'the mutation 17.4 has');
  });

  it('a fine-grained token without the merge requests\' and labels\' permissions: a calm line naming each, the other kinds listed', async () => {
    const permissions = ['read_work_item', 'read_group', 'read_project', 'subscribe_issue', 'subscribe_work_item'];
    await open({ graphql: '19.3', tokens: [{ token: 'glpat-fine-grained-subscriptions', scopes: [], userId: 1, permissions }] }, 'glpat-fine-grained-subscriptions');
    const all = await settled();
    const line = (words: string) => `${words} missing: Subscriptions needs it. Sign in with a fine-grained token that has it to see this here.`;
    assert.deepEqual(all.get('Merge requests')!.map((row) => [row.type, item(row).label]), [['cannotList', line('read_merge_request')]]);
    assert.deepEqual(all.get('Labels')!.map((row) => [row.type, item(row).label]), [['cannotList', line('read_label')]]);
    for (const name of ['Issues', 'Epics']) assert.ok(all.get(name)!.every((row) => row.type === 'subscription') && all.get(name)!.length > 0, name);
  });

  it('a spec-only server: a calm line for every kind', async () => {
    await open({ specOnly: true });
    const all = await settled();
    for (const [name, rows] of all) {
      assert.equal(rows.length, 1, name);
      assert.equal(rows[0].type, 'cannotList', `${name}: ${item(rows[0]).label}`);
    }
  });
});
