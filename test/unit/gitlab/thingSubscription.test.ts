import assert from 'node:assert/strict';
import { GitLabDouble, type DoubleOptions } from '../../double';
import type { DoubleIssuable } from '../../double/world/types';
import { SubscriptionClient } from '../../../src/gitlab';
import { makeClient, rejectsWith, TOKEN, type TestClient } from './helpers';

const NOW = new Date('2024-06-15T12:00:00.000Z');

describe('SubscriptionClient.getThingSubscription against the GitLab double', function () {
  let double: GitLabDouble;
  const clients: TestClient[] = [];
  const start = (options: DoubleOptions = {}) => GitLabDouble.start({ now: () => NOW, tokens: [{ token: TOKEN, scopes: ['read_api'], userId: 1 }], ...options });
  const clientOf = (server: GitLabDouble): SubscriptionClient => {
    const made = makeClient(server.url, { token: () => TOKEN });
    clients.push(made);
    return new SubscriptionClient(made.transport);
  };
  const pathOf = (item: DoubleIssuable) => double.data.projects.find((p) => p.id === item.projectId)!.pathWithNamespace;
  const rowOf = (item: DoubleIssuable) => double.data.subscriptions.find((s) => s.userId === 1 && s.subscribableType === item.model && s.subscribableId === item.id);
  /** A readable issuable of user 1 (projects 1, 2, 4, 5, 6) matching `where`. */
  const pick = (model: DoubleIssuable['model'], where: (item: DoubleIssuable) => boolean): DoubleIssuable => {
    const found = double.data.issuables.find((i) => i.model === model && i.projectId !== null && [1, 2, 4, 5, 6].includes(i.projectId) && where(i));
    assert.ok(found, 'the world has one');
    return found;
  };
  const address = (item: DoubleIssuable) => ({ kind: item.model === 'Issue' ? 'issue' as const : 'mergeRequest' as const, projectPath: pathOf(item), iid: String(item.iid) });

  beforeEach(async () => { double = await start(); });
  afterEach(async () => {
    for (const client of clients.splice(0)) await client.close();
    await double.close();
  });

  it('an explicit subscription, in one request (reading needs only `read_api`)', async () => {
    const item = pick('Issue', (i) => rowOf(i)?.subscribed === true && i.authorId !== 1 && !(i.assigneeIds ?? []).includes(1));
    double.clearLog();
    const answer = await clientOf(double).getThingSubscription(address(item));
    assert.equal(double.requests.length, 1);
    assert.deepEqual({ explicit: answer.explicit, subscribed: answer.subscribed, roles: answer.roles }, { explicit: 'subscribed', subscribed: true, roles: [] });
    assert.equal(answer.id, `gid://gitlab/Issue/${item.id}`);
    assert.equal(answer.reference, `${pathOf(item)}#${item.iid}`);
    assert.equal(answer.containerPath, pathOf(item));
  });

  it('explicitly unsubscribed: GitLab says not subscribed, and the row says why', async () => {
    const item = pick('Issue', (i) => rowOf(i)?.subscribed === false);
    const answer = await clientOf(double).getThingSubscription(address(item));
    assert.equal(answer.explicit, 'unsubscribed');
    assert.equal(answer.subscribed, false);
  });

  it('a participant without a row: subscribed, no row, and the roles (author, assignee, reviewer)', async () => {
    const subs = clientOf(double);
    const author = pick('Issue', (i) => rowOf(i) === undefined && i.authorId === 1);
    assert.deepEqual(await subs.getThingSubscription(address(author)).then((a) => [a.explicit, a.subscribed, a.roles]), ['none', true, ['author']]);
    const assignee = pick('Issue', (i) => (i.assigneeIds ?? []).includes(1));
    assert.ok((await subs.getThingSubscription(address(assignee))).roles.includes('assignee'));
    const reviewer = pick('MergeRequest', (i) => (i.reviewerIds ?? []).includes(1));
    assert.ok((await subs.getThingSubscription(address(reviewer))).roles.includes('reviewer'));
  });

  it('nothing at all: no row, not a participant', async () => {
    const item = pick('Issue', (i) => rowOf(i) === undefined && !i.participants.includes(1));
    const answer = await clientOf(double).getThingSubscription(address(item));
    assert.deepEqual([answer.explicit, answer.subscribed, answer.roles], ['none', false, []]);
  });

  it('an epic by its group and iid, and by its work item ID alone (two requests)', async () => {
    const subs = clientOf(double);
    const epic = double.data.issuables.find((i) => i.id === 9001)!;
    const group = double.data.groups.find((g) => g.id === epic.groupId)!;
    const byGroup = await subs.getThingSubscription({ kind: 'epic', groupPath: group.fullPath, iid: String(epic.iid) });
    assert.deepEqual([byGroup.explicit, byGroup.subscribed, byGroup.containerPath, byGroup.id], ['subscribed', true, group.fullPath, 'gid://gitlab/WorkItem/9001']);
    double.clearLog();
    const byId = await subs.getThingSubscription({ kind: 'epic', id: 'gid://gitlab/WorkItem/9001' });
    assert.deepEqual(byId, byGroup);
    assert.equal(double.requests.length, 2);
  });

  it('17.5 with the filter ignored: whether a row says so is unknown, GitLab\'s `subscribed` kept', async () => {
    const old = await start({ graphql: '17.5' });
    try {
      const item = double.data.issuables.find((i) => i.model === 'Issue' && i.projectId === 1)!;
      const answer = await clientOf(old).getThingSubscription(address(item));
      assert.deepEqual([answer.explicit, answer.unknownBecause], ['unknown', 'filterIgnored']);
    } finally {
      await old.close();
    }
  });

  it('17.4, without the filter: asked again without it (two requests), unknown', async () => {
    const old = await start({ graphql: '17.4' });
    try {
      const item = double.data.issuables.find((i) => i.model === 'Issue' && i.projectId === 1 && i.authorId === 1)!;
      old.clearLog();
      const answer = await clientOf(old).getThingSubscription(address(item));
      assert.deepEqual([answer.explicit, answer.unknownBecause, answer.subscribed, answer.roles], ['unknown', 'noFilter', true, ['author']]);
      assert.equal(old.requests.length, 2);
    } finally {
      await old.close();
    }
  });

  it('errors: not found, no GraphQL, no work items, nothing to ask refused before sending', async () => {
    const subs = clientOf(double);
    await rejectsWith(subs.getThingSubscription({ kind: 'issue', projectPath: 'acme/website', iid: '99999' }), 'notFound');
    await rejectsWith(subs.getThingSubscription({ kind: 'issue', projectPath: 'design-team/brand', iid: '1' }), 'notFound');
    await rejectsWith(subs.getThingSubscription({ kind: 'epic', id: 'gid://gitlab/Issue/1' }), 'validation');
    await rejectsWith(subs.getThingSubscription({ kind: 'issue', projectPath: 'acme/website', iid: 'x' }), 'validation');
    const none = await start({ graphql: 'none' });
    const ancient = await start({ graphql: '16.11' });
    try {
      const noGraphql = await rejectsWith(clientOf(none).getThingSubscription({ kind: 'issue', projectPath: 'acme/website', iid: '1' }), 'unsupported');
      assert.match(noGraphql.message, /no GraphQL API/);
      const noWorkItems = await rejectsWith(clientOf(ancient).getThingSubscription({ kind: 'epic', groupPath: 'acme', iid: '1' }), 'unsupported');
      assert.match(noWorkItems.message, /lacks a field/);
    } finally {
      await none.close();
      await ancient.close();
    }
  });
});
