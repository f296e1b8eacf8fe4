import assert from 'node:assert/strict';
import { GitLabDouble, type DoubleOptions } from '../../../double';
import { canReadGroup, groupAccess, groupById, projectAccess } from '../../../double/world/access';
import { GitLabClient, SubscriptionClient } from '../../../../src/gitlab';
import { SubscriptionFilter } from '../../../../src/app/subscriptions/subscriptionFilter';
import { subscriptionKey, type SubscriptionItem } from '../../../../src/app/subscriptions/subscriptionItems';
import { subscriptionSource } from '../../../../src/app/subscriptions/subscriptionLists';
import { SubscriptionService } from '../../../../src/app/subscriptions/subscriptionService';
import type { SubscriptionKind } from '../../../../src/gitlab/subscriptionTypes';
import { makeClient, TOKEN, type TestClient } from '../../gitlab/helpers';

const NOW = new Date('2024-06-15T12:00:00.000Z');
const INSTANCE = 'https://gitlab.example.com';
const KINDS: SubscriptionKind[] = ['issue', 'mergeRequest', 'epic', 'label'];

/** The Subscriptions list below its view, read and changed over real HTTP against the double. */
describe('SubscriptionService against the GitLab double', function () {
  let double: GitLabDouble;
  const clients: TestClient[] = [];
  const errors: unknown[] = [];

  async function serviceOn(options: DoubleOptions = {}, token = TOKEN, filter = SubscriptionFilter.EMPTY, pageSize = 100) {
    double = await GitLabDouble.start({
      now: () => NOW, hostileNames: true,
      tokens: [{ token: TOKEN, scopes: ['api'], userId: 1 }, { token: 'read-api', scopes: ['read_api'], userId: 1 }],
      ...options,
    });
    const made = makeClient(double.url, { token: () => token });
    clients.push(made);
    const account = { key: INSTANCE, instanceUrl: INSTANCE, subscriptions: new SubscriptionClient(made.transport), api: new GitLabClient(made.transport) };
    return new SubscriptionService({ accounts: () => [account], pageSize: () => pageSize, log: { error: (_what, error) => errors.push(error) }, filter });
  }

  /** Each kind's list read to its end. */
  async function readAll(service: SubscriptionService, kinds = KINDS): Promise<Map<SubscriptionKind, SubscriptionItem[]>> {
    const all = new Map<SubscriptionKind, SubscriptionItem[]>();
    await Promise.all(kinds.map(async (kind) => {
      const source = subscriptionSource(INSTANCE, kind);
      await service.lists.load(source);
      for (let n = 0; service.lists.rows(source.key).after === 'loadMore' && n < 100; n++) await service.lists.loadMore(source);
      all.set(kind, [...service.lists.rows(source.key).items]);
    }));
    return all;
  }

  /** User 1's explicit subscriptions of a model in the double, readable ones only. */
  const explicit = (model: string) => new Set(double.data.subscriptions
    .filter((s) => s.userId === 1 && s.subscribableType === model && s.subscribed).map((s) => s.subscribableId));
  const idOf = (item: SubscriptionItem) => (item.kind === 'label' ? item.id : Number(/\d+$/.exec(item.id)![0]));

  afterEach(async () => {
    for (const client of clients.splice(0)) await client.close();
    errors.length = 0;
    await double.close();
  });

  it('lists every kind of explicit subscription, each a list of its own, and nothing else', async () => {
    const service = await serviceOn({}, TOKEN, SubscriptionFilter.EMPTY, 5);
    const all = await readAll(service);
    for (const kind of KINDS) assert.equal(service.lists.errorOf(subscriptionSource(INSTANCE, kind).key), undefined, kind);
    const issues = all.get('issue')!;
    assert.ok(issues.length > 5, 'more than one page of issues');
    for (const issue of issues) assert.ok(explicit('Issue').has(idOf(issue)), `issue ${issue.id} is explicitly subscribed`);
    const mergeRequests = all.get('mergeRequest')!;
    assert.ok(mergeRequests.length > 5);
    for (const mr of mergeRequests) assert.ok(explicit('MergeRequest').has(idOf(mr)));
    assert.ok(all.get('epic')!.length > 0, 'epics of the groups');
    const labels = all.get('label')!.map(idOf).sort((a, b) => a - b);
    // Group 4 ("community") is public and user 1 no member of it: GitLab lists labels only per group or project, and
    // the list looks in the user's own (its label 315 is not found; its issues are, instance-wide).
    assert.deepEqual(labels, [301, 303, 304, 306, 311, 312, 313]);
    // A label read from several places is one row.
    assert.equal(new Set(all.get('label')!.map(subscriptionKey)).size, labels.length);
  });

  it('narrows by state and by project or group on the client, labels out under a state', async () => {
    const service = await serviceOn({}, TOKEN, new SubscriptionFilter({ state: 'closed' }));
    assert.deepEqual(service.kinds, ['issue', 'mergeRequest', 'epic']);
    const all = await readAll(service, service.kinds);
    const closed = [...all.values()].flat();
    assert.ok(closed.length > 0);
    for (const item of closed) assert.ok(item.kind !== 'label' && (item.state === 'closed' || item.state === 'merged'), String(item.id));
    const some = closed.find((item) => item.kind === 'issue')!;
    service.setFilter(new SubscriptionFilter({ place: some.containerPath }));
    const inPlace = [...(await readAll(service)).values()].flat();
    assert.ok(inPlace.length > 0);
    for (const item of inPlace) assert.ok(item.containerPath.toLowerCase().startsWith(some.containerPath.toLowerCase()), item.containerPath);
  });

  it('Unsubscribe moves the rows out before GitLab answers, reaches GitLab, and Undo brings them back subscribed', async () => {
    const service = await serviceOn();
    const issues = (await readAll(service, ['issue'])).get('issue')!;
    const picked = issues.slice(0, 3);
    const key = subscriptionSource(INSTANCE, 'issue').key;
    const pending = service.unsubscribe(INSTANCE, picked);
    // At once: hidden before any answer.
    for (const item of picked) assert.ok(!service.lists.rows(key).items.includes(item));
    const outcome = await pending;
    assert.equal(outcome.failure, undefined);
    assert.equal(outcome.changed.length, 3);
    for (const item of picked) assert.ok(!explicit('Issue').has(idOf(item)), 'GitLab has them unsubscribed');
    assert.equal(outcome.account?.key, INSTANCE, 'the account its Undo belongs to');
    const back = await service.resubscribe(outcome.account!, picked);
    assert.equal(back.failure, undefined);
    for (const item of picked) {
      assert.ok(explicit('Issue').has(idOf(item)), 'subscribed again');
      assert.ok(service.lists.rows(key).items.includes(item), 'back in the list');
    }
  });

  it('a thing unsubscribed from another view leaves the list at once, comes back on its Undo, and says the counts changed', async () => {
    const service = await serviceOn();
    const issues = (await readAll(service, ['issue'])).get('issue')!;
    const thing = issues[0] as SubscriptionItem & { kind: 'issue' };
    const key = subscriptionSource(INSTANCE, 'issue').key;
    const told: string[] = [];
    service.onDidChangeSubscriptions((instance) => told.push(instance));
    const account = service.accountAt(INSTANCE)!;
    const change = { kind: 'issue' as const, iid: thing.iid, target: { kind: 'issue' as const, projectPath: thing.containerPath, iid: thing.iid } };
    const unsubscribing = service.setThing(account, { ...change, path: thing.containerPath.toUpperCase() }, false);
    assert.ok(!service.lists.rows(key).items.includes(thing), 'out before GitLab answered');
    assert.equal(service.lists.rows(key).items.length, issues.length - 1, 'that one only');
    assert.deepEqual(await unsubscribing, { failure: undefined, gone: undefined });
    assert.ok(!explicit('Issue').has(idOf(thing)), 'GitLab has it unsubscribed');
    await service.setThing(account, { ...change, path: thing.containerPath }, true);
    assert.ok(service.lists.rows(key).items.includes(thing));
    assert.ok(explicit('Issue').has(idOf(thing)), 'subscribed again');
    assert.deepEqual(told, [INSTANCE, INSTANCE]);
  });

  it('a refusal puts the rows back and names the api scope', async () => {
    const service = await serviceOn({}, 'read-api');
    const all = await readAll(service, ['issue', 'label']);
    const picked = [all.get('issue')![0], all.get('label')![0]];
    const outcome = await service.unsubscribe(INSTANCE, picked);
    assert.equal(outcome.changed.length, 0);
    assert.equal(outcome.failure?.missingScope, 'api');
    assert.ok(service.lists.rows(subscriptionSource(INSTANCE, 'issue').key).items.includes(picked[0]));
    assert.ok(service.lists.rows(subscriptionSource(INSTANCE, 'label').key).items.includes(picked[1]));
    assert.ok(explicit('Issue').has(idOf(picked[0])), 'nothing changed at GitLab');
  });

  it('Unsubscribe from All Closed finds every closed thing, loaded or not, and unsubscribes them in batches', async () => {
    const service = await serviceOn();
    // Issues instance-wide; merge requests and epics where the user is a member (GitLab lists them per group or project).
    const member = (i: { model: string; projectId: number | null; groupId: number | null }) => (i.model === 'Issue' && i.projectId !== null)
      || (i.projectId !== null && projectAccess(double.data, double.data.projects.find((p) => p.id === i.projectId)!, 1) > 0)
      || (i.groupId !== null && groupAccess(double.data, groupById(double.data, i.groupId)!, 1) > 0);
    const closedBefore = double.data.issuables.filter((i) => (i.state === 'closed' || i.state === 'merged') && i.projectId !== 7
      && explicit(i.model).has(i.id) && member(i)).length;
    const found = await service.findClosed();
    assert.equal(found.count, closedBefore);
    double.clearLog();
    const outcome = await service.unsubscribeClosed(found);
    assert.equal(outcome.failures.length, 0);
    assert.equal(outcome.count, closedBefore);
    const left = double.data.issuables.filter((i) => (i.state === 'closed' || i.state === 'merged') && explicit(i.model).has(i.id) && i.projectId !== 7 && member(i));
    assert.deepEqual(left, []);
    const mutations = double.requests.filter((r) => r.method === 'POST' && r.path === '/api/graphql');
    assert.equal(mutations.length, Math.ceil(closedBefore / 20), 'batches of 20');
    assert.deepEqual(await service.undoClosed(outcome.undoable), { failures: [], gone: [] });
  });

  it('a server whose pages are empty but always name a next cursor: each list ends after its first page', async () => {
    const service = await serviceOn();
    double.inject({ fault: { kind: 'endlessCursor', items: 'none' }, path: '/api/graphql', times: Infinity });
    double.clearLog();
    await readAll(service, ['issue', 'mergeRequest', 'epic']);
    const listings = double.requests.filter((r) => /query subscribed/.test(r.body ?? ''));
    // Issues once; merge requests and epics once per place (acme, and two projects outside it for merge requests).
    assert.equal(listings.length, 1 + 3 + 1, listings.map((r) => r.body).join('\n'));
    for (const kind of ['issue', 'mergeRequest', 'epic'] as const) assert.notEqual(service.lists.rows(subscriptionSource(INSTANCE, kind).key).after, 'loadMore', kind);
  });

  it('reads epics instance-wide where GitLab answers them through currentUser.workItems: those of groups the user is no member of too', async () => {
    /** User 1's epics (group-level work items) with a `subscribed` row, in groups it can see. */
    const epics = (groups: (id: number) => boolean) => double.data.issuables
      .filter((i) => i.model === 'Issue' && i.groupId !== null && groups(i.groupId) && explicit('Issue').has(i.id)
        && canReadGroup(double.data, groupById(double.data, i.groupId)!, 1))
      .map((i) => i.id).sort((a, b) => a - b);
    // User 1's groups: "acme" and its subgroup "acme/platform".
    const member = (id: number) => [1, 2].includes(id);
    let service = await serviceOn({ graphql: '19.3' });
    let listed = (await readAll(service, ['epic'])).get('epic')!.map(idOf).sort((a, b) => a - b);
    const community = double.data.issuables.filter((i) => i.groupId === 4 && explicit('Issue').has(i.id)).map((i) => i.id);
    assert.ok(community.length > 0, 'user 1 is subscribed to an epic of "community", whose member it is not');
    assert.deepEqual(listed, epics(() => true));
    assert.ok(community.every((id) => listed.includes(id)));
    const bodies = double.requests.filter((r) => r.path === '/api/graphql').map((r) => r.body ?? '');
    assert.ok(bodies.some((body) => /subscribedEpicsEverywhere/.test(body)));
    assert.ok(!bodies.some((body) => /query subscribedEpics\(/.test(body)), 'no group walk');
    await clients.pop()!.close();
    await double.close();

    // 18.x: the field is there, but answers project-level items only: the epics of the user's groups, group by group.
    service = await serviceOn();
    listed = (await readAll(service, ['epic'])).get('epic')!.map(idOf).sort((a, b) => a - b);
    assert.deepEqual(listed, epics(member));
    assert.ok(!community.some((id) => listed.includes(id)));
  });

  it('says calmly, per kind, what an older GitLab cannot list, and still lists labels', async () => {
    for (const graphql of ['17.4', '17.5', 'none'] as const) {
      const service = await serviceOn({ graphql });
      const all = await readAll(service);
      for (const kind of ['issue', 'mergeRequest', 'epic'] as const) {
        const error = service.lists.errorOf(subscriptionSource(INSTANCE, kind).key);
        assert.equal(error?.kind, 'unsupported', `${graphql} ${kind}`);
      }
      assert.equal(service.lists.errorOf(subscriptionSource(INSTANCE, 'label').key), undefined, graphql);
      assert.ok(all.get('label')!.length > 0);
      await clients.pop()!.close();
      await double.close();
    }
    double = await GitLabDouble.start({ now: () => NOW });
  });
});
