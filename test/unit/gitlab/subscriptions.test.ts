import assert from 'node:assert/strict';
import { GitLabDouble, type DoubleOptions } from '../../double';
import { HOSTILE_TITLES } from '../../double/world/words';
import {
  FilterIgnoredError, SubscriptionClient, type SubscribedThing, type SubscriptionPage,
} from '../../../src/gitlab';
import { setSubscriptionsBulk, SUBSCRIPTION_BULK_IN_FLIGHT } from '../../../src/app/subscriptions/subscriptionBulk';
import { makeClient, rejectsWith, TOKEN, type TestClient } from './helpers';

const NOW = new Date('2024-06-15T12:00:00.000Z');

/** Every item of a cursor listing, page after page of `size`. */
async function readAll(read: (after?: string) => Promise<SubscriptionPage<SubscribedThing>>): Promise<{ items: SubscribedThing[]; pages: number }> {
  const items: SubscribedThing[] = [];
  let after: string | undefined;
  let pages = 0;
  do {
    const page = await read(after);
    items.push(...page.items);
    after = page.endCursor;
    pages += 1;
  } while (after !== undefined && pages < 100);
  return { items, pages };
}

describe('SubscriptionClient against the GitLab double', function () {
  let double: GitLabDouble;
  const clients: TestClient[] = [];

  const start = (options: DoubleOptions = {}) => GitLabDouble.start({
    now: () => NOW, hostileNames: true,
    tokens: [{ token: TOKEN, scopes: ['api'], userId: 1 }, { token: 'read-api', scopes: ['read_api'], userId: 1 }],
    ...options,
  });
  const clientOf = (server: GitLabDouble, token = TOKEN): SubscriptionClient => {
    const made = makeClient(server.url, { token: () => token });
    clients.push(made);
    return new SubscriptionClient(made.transport);
  };
  /** User 1's explicit `true` rows of a model, readable ones only, as GitLab's finder answers. */
  const expectedIds = (model: 'Issue' | 'MergeRequest', where: (projectId: number | null, groupId: number | null) => boolean) =>
    double.data.issuables.filter((i) => i.model === model && where(i.projectId, i.groupId) && i.projectId !== 7
      && double.data.subscriptions.some((s) => s.userId === 1 && s.subscribableType === model && s.subscribableId === i.id && s.subscribed))
      .map((i) => i.id).sort((a, b) => a - b);
  const numericIds = (items: SubscribedThing[]) => items.map((t) => Number(/\d+$/.exec(t.id)![0])).sort((a, b) => a - b);

  beforeEach(async () => { double = await start(); });
  afterEach(async () => {
    for (const client of clients.splice(0)) await client.close();
    await double.close();
  });

  describe('listing every kind past its first page', () => {
    it('issues: every explicit subscription of every type and state, instance-wide, none unreadable', async () => {
      const subs = clientOf(double);
      const { items, pages } = await readAll((after) => subs.listSubscribedIssues({ first: 4, after }));
      assert.ok(pages > 2, `${pages} pages`);
      assert.deepEqual(numericIds(items), expectedIds('Issue', (p) => p !== null));
      assert.deepEqual(new Set(items.map((i) => i.state)), new Set(['opened', 'closed']));
      assert.ok(new Set(items.map((i) => i.type)).size >= 3, 'issues, incidents and tasks');
      assert.ok(items.every((i) => i.subscribed && i.kind === 'issue' && i.containerKind === 'project'));
      const first = items.find((i) => i.id === 'gid://gitlab/Issue/5001')!;
      assert.equal(first.reference, 'acme/website#1');
      assert.equal(first.containerPath, 'acme/website');
      assert.equal(first.webUrl, `${double.url}/acme/website/-/issues/1`);
    });

    it('merge requests of a group with its subgroups, and of a project: opened, merged, closed', async () => {
      const subs = clientOf(double);
      const { items, pages } = await readAll((after) => subs.listSubscribedMergeRequests({ group: 'acme' }, { first: 2, after }));
      assert.ok(pages > 2);
      assert.deepEqual(numericIds(items), expectedIds('MergeRequest', (p) => p === 1 || p === 2));
      assert.deepEqual(new Set(items.map((i) => i.state)), new Set(['opened', 'merged', 'closed']));
      assert.ok(items.some((i) => i.containerPath === 'acme/platform/billing' && i.reference.startsWith('acme/platform/billing!')));
      const own = await readAll((after) => subs.listSubscribedMergeRequests({ project: 'alex/dotfiles' }, { first: 1, after }));
      assert.deepEqual(numericIds(own.items), expectedIds('MergeRequest', (p) => p === 5));
      assert.ok(own.pages > 1);
    });

    it('epics of a group and its descendants, as work items, open and closed', async () => {
      const subs = clientOf(double);
      const { items, pages } = await readAll((after) => subs.listSubscribedEpics('acme', { first: 2, after }));
      assert.ok(pages > 1);
      const expected = double.data.issuables.filter((i) => i.issueType === 'EPIC' && (i.groupId === 1 || i.groupId === 2)
        && double.data.subscriptions.some((s) => s.userId === 1 && s.subscribableId === i.id && s.subscribed)).map((i) => i.id).sort((a, b) => a - b);
      assert.deepEqual(numericIds(items), expected);
      assert.deepEqual(new Set(items.map((i) => i.state)), new Set(['opened', 'closed']));
      assert.ok(items.every((i) => i.kind === 'epic' && i.type === 'Epic' && i.containerKind === 'group' && i.reference.includes('&')));
    });

    it('labels of a project and of a group, page after page, each with the caller\'s subscription', async () => {
      const subs = clientOf(double);
      const seen = [];
      for (let page: number | undefined = 1; page !== undefined;) {
        const result = await subs.listLabels({ project: 'acme/website' }, { page, perPage: 2 });
        seen.push(...result.items);
        page = result.nextPage;
      }
      assert.deepEqual(seen.filter((l) => l.subscribed).map((l) => l.id).sort(), [301, 303, 311, 312]);
      const group = await subs.listLabels({ group: 1 }, { perPage: 100 });
      assert.deepEqual(group.items.filter((l) => l.subscribed).map((l) => l.id), [311], 'label 312 is subscribed for project 1 only');
    });

    it('hostile text comes back as text, unchanged', async () => {
      const subs = clientOf(double);
      const { items } = await readAll((after) => subs.listSubscribedIssues({ first: 100, after }));
      for (const title of HOSTILE_TITLES) assert.ok(items.some((i) => i.title === title), title.slice(0, 20));
      const labels = await clientOf(double).listLabels({ project: 1 }, { perPage: 100 });
      assert.ok(labels.items.every((l) => HOSTILE_TITLES.includes(l.name) && HOSTILE_TITLES.includes(l.description)));
    });
  });

  describe('versions', () => {
    it('17.5 with the filter ignored: the probe says so and no kind is listed', async () => {
      const trap = await start({ graphql: '17.5' });
      try {
        const subs = clientOf(trap);
        assert.deepEqual(await subs.probeSubscriptionFilter(), { honoured: false, version: '17.5.5' });
        for (const list of [
          () => subs.listSubscribedIssues({}), () => subs.listSubscribedMergeRequests({ group: 'acme' }, {}), () => subs.listSubscribedEpics('acme', {}),
        ]) {
          const error = await rejectsWith(list(), 'unsupported');
          assert.ok(error instanceof FilterIgnoredError);
        }
        assert.equal(trap.requests.filter((r) => r.path === '/api/graphql').length, 1, 'one probe, no listing');
      } finally {
        await trap.close();
      }
    });

    it('the current version: the probe finds the filter honoured', async () => {
      assert.deepEqual(await clientOf(double).probeSubscriptionFilter(), { honoured: true, version: '18.2.1' });
    });

    it('17.4: every listed kind unsupported, known beforehand from the schema; labels still listed', async () => {
      const older = await start({ graphql: '17.4' });
      try {
        const subs = clientOf(older);
        assert.deepEqual(await subs.getSubscriptionFeatures(), {
          graphql: true, listIssues: false, listMergeRequests: false, listEpics: false, listUserWorkItems: false, listLabels: true,
          setIssue: true, setMergeRequest: true, setWorkItem: true,
        });
        const error = await rejectsWith(subs.listSubscribedIssues({}), 'unsupported');
        assert.match(error.message, /17\.5 or later/);
        assert.match(error.serverMessage ?? '', /doesn't accept argument 'subscribed'/);
        assert.ok((await subs.listLabels({ project: 1 }, {})).items.length > 0);
      } finally {
        await older.close();
      }
    });

    it('16.11: no work items, so epics can be neither listed nor changed', async () => {
      const older = await start({ graphql: '16.11' });
      try {
        const features = await clientOf(older).getSubscriptionFeatures();
        assert.equal(features.listEpics, false);
        assert.equal(features.setWorkItem, false);
        assert.equal(features.setIssue, true);
        // Asked anyway, the document names a field this GitLab lacks under an alias: graphql-ruby's validation error
        // (path `["mutation setSubscriptions", "s1"]`, no data) refuses the whole request, as this GitLab being too old;
        // so does the variable of a type it lacks.
        const issue = older.data.issuables.find((i) => i.model === 'Issue' && i.projectId === 1)!;
        const project = older.data.projects.find((p) => p.id === 1)!;
        const error = await rejectsWith(clientOf(older).setSubscriptions([
          { kind: 'issue', projectPath: project.pathWithNamespace, iid: String(issue.iid) }, { kind: 'epic', id: 'gid://gitlab/WorkItem/1' },
        ], false), 'unsupported');
        assert.equal(error.serverMessage, "WorkItemID isn't a defined input type (on $id1); Field 'workItemSubscribe' doesn't exist on type 'Mutation'");
      } finally {
        await older.close();
      }
    });

    it('no GraphQL: features all false but labels, listing unsupported', async () => {
      const none = await start({ graphql: 'none' });
      try {
        const subs = clientOf(none);
        assert.equal((await subs.getSubscriptionFeatures()).graphql, false);
        await rejectsWith(subs.listSubscribedIssues({}), 'unsupported');
      } finally {
        await none.close();
      }
    });

    it('the current version offers every kind', async () => {
      const features = await clientOf(double).getSubscriptionFeatures();
      assert.ok(features.listIssues && features.listMergeRequests && features.listEpics && features.setWorkItem);
    });
  });

  describe('unsubscribe and subscribe again', () => {
    const rowOf = (type: 'Issue' | 'MergeRequest' | 'Label', id: number, projectId: number | null) =>
      double.data.subscriptions.find((s) => s.userId === 1 && s.subscribableType === type && s.subscribableId === id && s.projectId === projectId);

    it('an issue, a merge request and an epic: the rows at the double change and change back', async () => {
      const subs = clientOf(double);
      const { items } = await readAll((after) => subs.listSubscribedIssues({ after }));
      const issue = items[0];
      const [projectPath] = issue.reference.split('#');
      assert.deepEqual(await subs.setSubscription({ kind: 'issue', projectPath, iid: issue.iid }, false), { subscribed: false, changed: true });
      const id = Number(/\d+$/.exec(issue.id)![0]);
      const projectId = double.data.issuables.find((i) => i.id === id)!.projectId;
      assert.equal(rowOf('Issue', id, projectId)?.subscribed, false);
      const after = await readAll((cursor) => new SubscriptionClient(clients[0].transport).listSubscribedIssues({ after: cursor }));
      assert.ok(!after.items.some((i) => i.id === issue.id));
      await subs.setSubscription({ kind: 'issue', projectPath, iid: issue.iid }, true);
      assert.equal(rowOf('Issue', id, projectId)?.subscribed, true);

      await subs.setSubscription({ kind: 'mergeRequest', projectPath: 'community/handbook', iid: '1' }, false);
      const mr = double.data.issuables.find((i) => i.model === 'MergeRequest' && i.projectId === 4 && i.iid === 1)!;
      assert.equal(rowOf('MergeRequest', mr.id, 4)?.subscribed, false, 'GraphQL needs only read access, REST would answer 403');

      await subs.setSubscription({ kind: 'epic', id: 'gid://gitlab/WorkItem/9001' }, false);
      assert.equal(rowOf('Issue', 9001, null)?.subscribed, false);
      await subs.setSubscription({ kind: 'epic', id: 'gid://gitlab/WorkItem/9001' }, true);
      assert.equal(rowOf('Issue', 9001, null)?.subscribed, true);
    });

    it('a label over REST: 201 changes, 304 is "unchanged", and a group label subscribed group-wide is reached through its group', async () => {
      const subs = clientOf(double);
      assert.deepEqual(await subs.setSubscription({ kind: 'label', labelId: 301, projectId: 1 }, false), { subscribed: false, changed: true });
      assert.deepEqual(await subs.setSubscription({ kind: 'label', labelId: 301, projectId: 1 }, false), { subscribed: false, changed: false });
      assert.deepEqual(await subs.setSubscription({ kind: 'label', labelId: 311, projectId: 1, groupId: 1 }, false), { subscribed: false, changed: true });
      assert.equal(rowOf('Label', 311, null)?.subscribed, false);
      assert.deepEqual(double.requests.filter((r) => r.path.includes('/labels/311/')).map((r) => [r.path, r.status]), [
        ['/api/v4/projects/1/labels/311/unsubscribe', 304], ['/api/v4/groups/1/labels/311/unsubscribe', 201],
      ]);
      await subs.setSubscription({ kind: 'label', labelId: 311, groupId: 1 }, true);
      assert.equal(rowOf('Label', 311, null)?.subscribed, true);
    });
  });

  describe('bulk', () => {
    it('many things in batches of aliased mutations and labels one by one, never more than 4 requests in flight', async () => {
      const subs = clientOf(double);
      const { items } = await readAll((after) => subs.listSubscribedIssues({ after }));
      const mrs = await readAll((after) => subs.listSubscribedMergeRequests({ group: 'acme' }, { after }));
      const targets = [
        ...items.map((i) => ({ kind: 'issue' as const, projectPath: i.reference.split('#')[0], iid: i.iid })),
        ...mrs.items.map((m) => ({ kind: 'mergeRequest' as const, projectPath: m.containerPath, iid: m.iid })),
        ...[301, 303].map((labelId) => ({ kind: 'label' as const, labelId, projectId: 1 })),
        { kind: 'label' as const, labelId: 302, projectId: 1 },
      ];
      double.inject({ fault: { kind: 'latency', ms: 40 }, path: /.*/, times: Infinity });
      double.clearLog();
      const result = await setSubscriptionsBulk(subs, targets, false);
      assert.equal(result.failed.length, 0, JSON.stringify(result.failed));
      assert.deepEqual(result.unchanged, [targets.length - 1], 'label 302 was not subscribed: 304');
      assert.equal(result.changed.length, targets.length - 1);
      const batches = Math.ceil((items.length + mrs.items.length) / 20);
      assert.equal(double.requests.length, batches + 3, 'the fewest requests');
      assert.ok(double.peakInFlight <= SUBSCRIPTION_BULK_IN_FLIGHT, `peak ${double.peakInFlight}`);
      assert.ok(double.peakInFlight >= 2, 'requests ran side by side');
      double.clearFaults();
      assert.deepEqual((await subs.listSubscribedIssues({})).items, [], 'nothing left subscribed');
      const undo = await setSubscriptionsBulk(subs, targets, true);
      assert.equal(undo.changed.length, targets.length);
      assert.equal((await readAll((after) => subs.listSubscribedIssues({ after }))).items.length, items.length);
    });

    it('each failure answers for its own thing: one missing issue among found ones', async () => {
      const subs = clientOf(double);
      const result = await setSubscriptionsBulk(subs, [
        { kind: 'issue', projectPath: 'acme/website', iid: '1' },
        { kind: 'issue', projectPath: 'acme/website', iid: '999' },
        { kind: 'epic', id: 'gid://gitlab/WorkItem/9002' },
      ], false);
      assert.deepEqual(result.changed, [0, 2]);
      assert.equal(result.failed.length, 1);
      assert.equal(result.failed[0].index, 1);
      assert.equal(result.failed[0].error.kind, 'notFound');
      assert.equal(result.failed[0].error.missingScope, 'api');
    });

    it('a kind the features lack fails without a request; a cancelled bulk sends nothing', async () => {
      const subs = clientOf(double);
      const features = { ...(await subs.getSubscriptionFeatures()), setWorkItem: false };
      double.clearLog();
      const result = await setSubscriptionsBulk(subs, [{ kind: 'epic', id: 'gid://gitlab/WorkItem/9001' }], false, { features });
      assert.equal(result.failed[0].error.kind, 'unsupported');
      const controller = new AbortController();
      controller.abort();
      const cancelled = await setSubscriptionsBulk(subs, [{ kind: 'issue', projectPath: 'acme/website', iid: '1' }], false, { signal: controller.signal });
      assert.equal(cancelled.failed[0].error.kind, 'cancelled');
      assert.equal(double.requests.length, 0);
    });
  });

  describe('errors, each typed', () => {
    it('a token without `api`: GraphQL changes are notFound naming `api`, REST changes forbidden naming `api`', async () => {
      const reader = clientOf(double, 'read-api');
      const graphql = await rejectsWith(reader.setSubscription({ kind: 'issue', projectPath: 'acme/website', iid: '1' }, false), 'notFound');
      assert.equal(graphql.missingScope, 'api');
      assert.match(graphql.message, /`api` scope/);
      const rest = await rejectsWith(reader.setSubscription({ kind: 'label', labelId: 301, projectId: 1 }, false), 'forbidden');
      assert.equal(rest.missingScope, 'api');
      assert.match(rest.message, /`api` scope/);
      // Reading needs `read_api` only.
      assert.ok((await reader.listSubscribedIssues({ first: 1 })).items.length === 1);
    });

    it('targets that name nothing are refused before anything is sent', async () => {
      const subs = clientOf(double);
      double.clearLog();
      await rejectsWith(subs.setSubscription({ kind: 'issue', projectPath: 'no-slash', iid: '1' }, false), 'validation');
      await rejectsWith(subs.setSubscription({ kind: 'epic', id: 'gid://gitlab/Issue/9001' }, false), 'validation');
      await rejectsWith(subs.setSubscription({ kind: 'label', labelId: 301 }, false), 'validation');
      await rejectsWith(subs.listSubscribedIssues({ first: 0 }), 'validation');
      assert.equal(double.requests.filter((r) => r.path !== '/api/graphql' || r.status !== 200).length, 0);
    });

    it('an unknown group or project, an unknown label: notFound', async () => {
      const subs = clientOf(double);
      await rejectsWith(subs.listSubscribedMergeRequests({ group: 'nope' }, {}), 'notFound');
      await rejectsWith(subs.listSubscribedEpics('design-team/brand', {}), 'notFound');
      await rejectsWith(subs.setSubscription({ kind: 'label', labelId: 999, projectId: 1 }, false), 'notFound');
      await rejectsWith(subs.listLabels({ project: 7 }, {}), 'notFound');
    });

    it('an invalid token: unauthorized; a server error: server; rate limited throughout: rateLimited', async () => {
      await rejectsWith(clientOf(double, 'glpat-unknown').listSubscribedIssues({}), 'unauthorized');
      const subs = clientOf(double);
      double.inject({ fault: { kind: 'status', status: 500 }, path: '/projects/1/labels/301/unsubscribe' });
      await rejectsWith(subs.setSubscription({ kind: 'label', labelId: 301, projectId: 1 }, false), 'server');
      // A 429 comes before GitLab acts, so even a mutation is sent again; a 500 after it is not.
      double.inject({ fault: { kind: 'rateLimit', style: 'app', retryAfterSeconds: 1 }, path: '/api/graphql', times: 1 });
      double.inject({ fault: { kind: 'status', status: 500 }, path: '/api/graphql', times: 1 });
      await rejectsWith(subs.setSubscription({ kind: 'issue', projectPath: 'acme/website', iid: '1' }, false), 'server');
      double.inject({ fault: { kind: 'rateLimit', style: 'app', retryAfterSeconds: 1 }, path: '/api/graphql', times: Infinity });
      await rejectsWith(subs.listSubscribedIssues({}), 'rateLimited');
      double.clearFaults();
    });

    it('a page GitLab answers with an unsubscribed thing is refused as the ignored filter', async () => {
      const subs = clientOf(double);
      await subs.probeSubscriptionFilter();
      // A participant (author, no row) counts as subscribed; a row `false` at another project does not.
      const issue = double.data.issuables.find((i) => i.id === 5001)!;
      double.data.subscriptions.push({ userId: 1, subscribableType: 'Issue', subscribableId: 5001, projectId: 99, subscribed: true });
      double.data.subscriptions.find((s) => s.userId === 1 && s.subscribableId === 5001 && s.projectId === issue.projectId)!.subscribed = false;
      await rejectsWith(subs.listSubscribedIssues({}), 'unsupported');
    });
  });
});
