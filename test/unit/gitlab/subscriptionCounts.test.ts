import assert from 'node:assert/strict';
import { GitLabDouble, type DoubleOptions } from '../../double';
import { canReadIssuable, hasExplicitRow } from '../../double/subscriptions/store';
import { FilterIgnoredError, SubscriptionClient } from '../../../src/gitlab';
import { COUNT_LABEL_PAGES } from '../../../src/gitlab/subscriptionClient';
import { makeClient, rejectsWith, TOKEN, type TestClient } from './helpers';

const NOW = new Date('2024-06-15T12:00:00.000Z');

describe('SubscriptionClient.countSubscriptions against the GitLab double', function () {
  const clients: TestClient[] = [];
  const doubles: GitLabDouble[] = [];

  const start = async (options: DoubleOptions = {}) => {
    const double = await GitLabDouble.start({ now: () => NOW, tokens: [{ token: TOKEN, scopes: ['api'], userId: 1 }], ...options });
    doubles.push(double);
    return double;
  };
  const clientOf = (server: GitLabDouble): SubscriptionClient => {
    const made = makeClient(server.url);
    clients.push(made);
    return new SubscriptionClient(made.transport);
  };
  /** User 1's explicit subscriptions of a model that GitLab's finder counts: readable, in an unarchived project. */
  const expected = (double: GitLabDouble, model: 'Issue' | 'MergeRequest', where: (projectId: number | null, groupId: number | null) => boolean) =>
    double.data.issuables.filter((i) => i.model === model && where(i.projectId, i.groupId) && canReadIssuable(double.data, i, 1)
      && !double.data.projects.find((p) => p.id === i.projectId)?.archived
      && hasExplicitRow(double.data, model, i.id, 1, 'EXPLICITLY_SUBSCRIBED')).length;
  const labelsSubscribed = async (double: GitLabDouble, path: string) => {
    const answer = await fetch(`${double.apiUrl}${path}?per_page=100`, { headers: { 'PRIVATE-TOKEN': TOKEN } });
    return ((await answer.json()) as Array<{ subscribed: boolean }>).filter((l) => l.subscribed).length;
  };

  afterEach(async () => {
    for (const client of clients.splice(0)) await client.close();
    for (const double of doubles.splice(0)) await double.close();
  });

  describe('the current version', () => {
    it('global: issues instance-wide, and names what GitLab cannot count there', async () => {
      const double = await start();
      const counts = await clientOf(double).countSubscriptions({ kind: 'global' });
      const issues = expected(double, 'Issue', (p) => p !== null);
      assert.ok(issues > 3);
      assert.deepEqual(counts, { counts: { issue: issues }, notCounted: ['mergeRequest', 'epic', 'label'] });
    });

    it('a project: its issues, merge requests and labels (group labels subscribed for it included), in one GraphQL request', async () => {
      const double = await start();
      double.clearLog();
      const counts = await clientOf(double).countSubscriptions({ kind: 'project', id: 'acme/website' });
      assert.deepEqual(counts, {
        counts: {
          issue: expected(double, 'Issue', (p) => p === 1), mergeRequest: expected(double, 'MergeRequest', (p) => p === 1),
          label: await labelsSubscribed(double, '/projects/1/labels'),
        },
        notCounted: [],
      });
      assert.equal(counts.counts.label, 4, 'labels 301, 303, 311 and 312');
      const graphql = double.requests.filter((r) => r.path === '/api/graphql');
      assert.equal(graphql.length, 3, 'what the schema offers, the probe, then one request for the counts');
    });

    it('a group with its subgroups: issues, merge requests, epics and labels', async () => {
      const double = await start({ edition: 'ee' });
      const counts = await clientOf(double).countSubscriptions({ kind: 'group', id: 'acme' });
      const inAcme = (p: number | null) => p === 1 || p === 2;
      const epics = double.data.issuables.filter((i) => i.issueType === 'EPIC' && (i.groupId === 1 || i.groupId === 2)
        && hasExplicitRow(double.data, 'Issue', i.id, 1, 'EXPLICITLY_SUBSCRIBED')).length;
      assert.ok(epics > 0);
      assert.deepEqual(counts, {
        counts: {
          issue: expected(double, 'Issue', inAcme), mergeRequest: expected(double, 'MergeRequest', inAcme), epic: epics,
          label: await labelsSubscribed(double, '/groups/1/labels'),
        },
        notCounted: [],
      });
    });

    it('a subscription changed at GitLab shows in the next count', async () => {
      const double = await start();
      const subs = clientOf(double);
      const before = await subs.countSubscriptions({ kind: 'project', id: 'acme/website' });
      const issue = double.data.issuables.find((i) => i.model === 'Issue' && i.projectId === 1
        && hasExplicitRow(double.data, 'Issue', i.id, 1, 'EXPLICITLY_SUBSCRIBED'))!;
      await subs.setSubscription({ kind: 'issue', projectPath: 'acme/website', iid: String(issue.iid) }, false);
      const after = await subs.countSubscriptions({ kind: 'project', id: 'acme/website' });
      assert.equal(after.counts.issue, before.counts.issue! - 1);
    });

    it('labels past the pages it reads are not counted, never a part of them', async () => {
      const double = await start();
      const template = double.data.labels.find((l) => l.projectId === 1)!;
      const start0 = Math.max(...double.data.labels.map((l) => l.id)) + 1;
      for (let i = 0; i < COUNT_LABEL_PAGES * 100; i++) double.data.labels.push({ ...template, id: start0 + i, name: `extra ${i}` });
      const counts = await clientOf(double).countSubscriptions({ kind: 'project', id: 'acme/website' });
      assert.equal(counts.counts.label, undefined);
      assert.deepEqual(counts.notCounted, ['label']);
      assert.equal(typeof counts.counts.issue, 'number');
    });

    it('a project it cannot see, and a numeric ID, are refused with a typed error', async () => {
      const double = await start();
      const subs = clientOf(double);
      await rejectsWith(subs.countSubscriptions({ kind: 'project', id: 'design-team/brand' }), 'notFound');
      await rejectsWith(subs.countSubscriptions({ kind: 'group', id: 1 }), 'validation');
    });
  });

  describe('older and other servers', () => {
    it('17.5 with the filter ignored: refused with FilterIgnoredError, no count request sent', async () => {
      const double = await start({ graphql: '17.5' });
      const subs = clientOf(double);
      for (const scope of [{ kind: 'global' } as const, { kind: 'project', id: 'acme/website' } as const, { kind: 'group', id: 'acme' } as const]) {
        const error = await rejectsWith(subs.countSubscriptions(scope), 'unsupported');
        assert.ok(error instanceof FilterIgnoredError);
      }
      assert.equal(double.requests.filter((r) => r.path === '/api/graphql').length, 2, 'what the schema offers and the probe alone');
    });

    for (const graphql of ['17.4', '16.11'] as const) {
      it(`${graphql}: unsupported for every scope (no "subscribed" argument)`, async () => {
        const double = await start({ graphql });
        const subs = clientOf(double);
        for (const scope of [{ kind: 'global' } as const, { kind: 'project', id: 'acme/website' } as const, { kind: 'group', id: 'acme' } as const]) {
          const error = await rejectsWith(subs.countSubscriptions(scope), 'unsupported');
          assert.ok(!(error instanceof FilterIgnoredError));
        }
        // Known from the schema, asked once: never a request with a filter this GitLab does not have.
        assert.deepEqual(double.requests.filter((r) => /subscribed: EXPLICITLY/.test(r.body ?? '')).map((r) => r.path), []);
        assert.equal(double.requests.filter((r) => r.path === '/api/graphql').length, 1);
      });
    }

    it('no GraphQL: unsupported', async () => {
      const double = await start({ graphql: 'none' });
      const error = await rejectsWith(clientOf(double).countSubscriptions({ kind: 'project', id: 'acme/website' }), 'unsupported');
      assert.match(error.message, /GraphQL/);
    });
  });
});
