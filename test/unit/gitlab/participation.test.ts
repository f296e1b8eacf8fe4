import assert from 'node:assert/strict';
import { GitLabDouble } from '../../double';
import { reassign } from '../../double/world/touch';
import {
  MAX_VIEWED, PARTICIPATION_MAX_BYTES, PARTICIPATION_PAGE, ParticipationClient, participationRequest, type ParticipatedThing,
} from '../../../src/gitlab/participation';
import { makeClient, rejectsWith, TOKEN, type TestClient } from './helpers';

const NOW = new Date('2024-06-15T12:00:00.000Z');

/**
 * The Catch Up view's participation read against the double over HTTP (catch-up note §3.1, §3.2): one constant GraphQL
 * document whose values travel as variables, the person's merge requests and issues by role since a time, bounded.
 */
describe('ParticipationClient against the GitLab double', () => {
  let double: GitLabDouble | undefined;
  let made: TestClient | undefined;
  const start = async (options: Parameters<typeof GitLabDouble.start>[0] = {}) => {
    double = await GitLabDouble.start({ now: () => NOW, tokens: [{ token: TOKEN, scopes: ['api'], userId: 1 }], ...options });
    made = makeClient(double!.url);
    return new ParticipationClient(made!.transport);
  };
  afterEach(async () => {
    await made?.close();
    await double?.close();
    made = undefined;
    double = undefined;
  });
  const key = (t: { kind: string; projectId: number | null; iid: number }) => `${t.kind}:${t.projectId}:${t.iid}`;

  it('lists every merge request and issue user 1 is author of, assigned to or asked to review, with its roles, in one request', async () => {
    const client = await start();
    const since = new Date(NOW.getTime() - 365 * 86_400_000).toISOString();
    const { things: found } = await client.participation('alex', since);
    assert.equal(double!.requests.filter((e) => e.path === '/api/graphql').length, 1);
    const readable = (projectId: number | null) => projectId !== null && projectId !== 7;
    const expected = new Map<string, string[]>();
    for (const item of double!.data.issuables) {
      if (!readable(item.projectId) || (item.model !== 'Issue' && item.model !== 'MergeRequest') || item.issueType === 'EPIC') continue;
      if (Date.parse(item.updatedAt) < Date.parse(since)) continue;
      const roles = [
        ...(item.authorId === 1 ? ['author'] : []), ...(item.assigneeIds?.includes(1) ? ['assignee'] : []),
        ...(item.model === 'MergeRequest' && item.reviewerIds?.includes(1) ? ['reviewer'] : []),
      ];
      if (roles.length > 0) expected.set(key({ kind: item.model === 'Issue' ? 'issue' : 'mergeRequest', projectId: item.projectId, iid: item.iid }), roles.sort());
    }
    assert.ok(expected.size > 3, 'the world gives user 1 things by role');
    assert.ok(expected.size < PARTICIPATION_PAGE, 'one page of each connection holds them all');
    assert.deepEqual(new Map(found.map((t) => [key(t), [...t.roles].sort()])), expected);
    const one = found[0];
    assert.match(one.updatedAt, /Z$/);
    assert.ok(one.webUrl.startsWith(double!.url) && one.projectPath.length > 0);
  });

  it('only what was updated at or after the time: a reassignment (no event) brings its issue back', async () => {
    const client = await start();
    assert.deepEqual((await client.participation('alex', NOW.toISOString())).things, []);
    const issue = double!.data.issuables.find((i) => i.model === 'Issue' && i.projectId === 1 && !i.assigneeIds?.includes(1) && i.authorId !== 1)!;
    reassign(issue, { assigneeIds: [1] }, NOW);
    const found: ParticipatedThing[] = (await client.participation('alex', NOW.toISOString())).things;
    assert.deepEqual(found.map((t) => [t.kind, t.iid, t.roles]), [['issue', issue.iid, ['assignee']]]);
  });

  it('the document is constant: the username and the time travel as variables', async () => {
    const a = participationRequest('alex', NOW.toISOString()).body as { query: string; variables: Record<string, unknown> };
    const b = participationRequest('") { evil } #', '2020-01-01T00:00:00Z').body as { query: string; variables: Record<string, unknown> };
    assert.equal(a.query, b.query);
    assert.deepEqual(b.variables, { me: '") { evil } #', after: '2020-01-01T00:00:00.000Z', first: PARTICIPATION_PAGE });
    assert.throws(() => participationRequest('alex', 'not a time'), /username and a time/);
  });

  it('pages opened in the browser (recentlyViewedItems): at most 5 a type, newest first; a GitLab without the field is asked without it from then on', async () => {
    const client = await start();
    const issues = double!.data.issuables.filter((i) => i.model === 'Issue' && i.projectId === 1).slice(0, 7);
    issues.forEach((issue, n) => double!.viewInBrowser(1, issue, new Date(NOW.getTime() - (7 - n) * 60_000)));
    const mr = double!.data.issuables.find((i) => i.model === 'MergeRequest' && i.projectId === 1)!;
    double!.viewInBrowser(1, mr, new Date(NOW.getTime() - 30_000));
    const { viewed } = await client.participation('alex', NOW.toISOString());
    assert.deepEqual(viewed?.map((v) => [v.kind, v.iid]), [['mergeRequest', mr.iid], ...issues.slice(2).reverse().map((i) => ['issue', i.iid])]);
    assert.equal(viewed?.[0].viewedAt, new Date(NOW.getTime() - 30_000).toISOString().replace('.000Z', 'Z'));

    // The first double and its client closed before the second starts (a server left open keeps mocha from exiting).
    await made?.close();
    await double?.close();
    const old = await start({ graphql: '17.5' });
    assert.deepEqual(await old.participation('alex', NOW.toISOString()), { things: [] });
    await old.participation('alex', NOW.toISOString());
    const sent = double!.requests.filter((r) => r.path === '/api/graphql').map((r) => (r.body ?? '').includes('recentlyViewedItems'));
    assert.deepEqual(sent, [true, false, false], 'asked with the field once, then without it');
  });

  it(`reads at most ${MAX_VIEWED} pages viewed, whatever the server sends; entries it cannot place are left out`, () => {
    const entry = (iid: number) => ({ viewedAt: '2024-06-15T11:00:00Z', item: { __typename: 'Issue', iid: String(iid), projectId: 1 } });
    const body = { data: {
      currentUser: { recentlyViewedItems: [{ viewedAt: 'never', item: { __typename: 'Issue', iid: '1', projectId: 1 } }, ...Array.from({ length: 60 }, (_, i) => entry(i + 2))],
        assigned: { nodes: [] }, reviewing: { nodes: [] }, authored: { nodes: [] } },
      assignedIssues: { nodes: [] }, authoredIssues: { nodes: [] },
    } };
    const answer = participationRequest('alex', NOW.toISOString(), true).parse(body);
    assert.deepEqual(answer.viewed?.map((v) => v.iid), Array.from({ length: MAX_VIEWED - 1 }, (_, i) => i + 2));
  });

  it('a server without GraphQL (the interface spec) is told apart: unsupported, in words the view can show', async () => {
    const client = await start({ specOnly: true });
    const error = await rejectsWith(client.participation('alex', NOW.toISOString()), 'unsupported');
    assert.match(error.message, /no GraphQL API/);
  });

  it('an answer larger than its byte bound is not read (a server that ignores `first`)', async () => {
    const client = await start();
    double!.inject({ fault: { kind: 'oversizedPage', items: 4000 }, path: '/api/graphql', times: Infinity });
    const error = await rejectsWith(client.participation('alex', '2000-01-01T00:00:00Z'), 'badResponse');
    assert.equal(error.limitBytes, PARTICIPATION_MAX_BYTES);
  });
});
