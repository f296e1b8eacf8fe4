import assert from 'node:assert/strict';
import { GitLabDouble } from '../../double';
import { reassign } from '../../double/world/touch';
import type { DoubleIssuable } from '../../double/world/types';
import { call, FIXED_NOW, TOKEN } from './http';

/**
 * What the Catch Up view reads of the double, as GitLab answers it (catch-up note §1.3–§1.5, §3.1, §3.2): the
 * participation fields and `updatedAfter`, `updatedAt` moved by what happens to a thing (with or without an event), a
 * push's merge requests by branch, and a note's URL with its anchor.
 */

type Reply = { data?: Record<string, any>; errors?: Array<{ message: string }> };

async function graphql(double: GitLabDouble, query: string): Promise<Reply> {
  const reply = await call(double, `${double.url}/api/graphql`, {
    method: 'POST', token: TOKEN, body: JSON.stringify({ query }), headers: { 'content-type': 'application/json' },
  });
  return reply.body as Reply;
}

const iids = (connection: { nodes: Array<{ iid: string }> }) => connection.nodes.map((node) => Number(node.iid)).sort((a, b) => a - b);

describe('GitLab double: what the Catch Up view reads', () => {
  let double: GitLabDouble;
  afterEach(async () => { await double?.close(); });
  const mergeRequests = () => double.data.issuables.filter((i) => i.model === 'MergeRequest');
  const issueOf = (projectId: number): DoubleIssuable => double.data.issuables.find((i) => i.model === 'Issue' && i.projectId === projectId)!;

  it('currentUser\'s assigned, review-requested and authored merge requests, by updatedAfter (inclusive), times to the second', async () => {
    double = await GitLabDouble.start({ now: () => FIXED_NOW });
    const reply = await graphql(double, `{ currentUser {
      assigned: assignedMergeRequests(state: all, first: 100) { nodes { iid project { id } } }
      review: reviewRequestedMergeRequests(state: opened, first: 100) { nodes { iid updatedAt } }
      authored: authoredMergeRequests(state: all, first: 100) { nodes { iid } }
    } }`);
    assert.equal(reply.errors, undefined, JSON.stringify(reply.errors));
    const mine = (pick: (i: DoubleIssuable) => boolean) => mergeRequests().filter(pick).length;
    const user = reply.data!.currentUser;
    assert.equal(user.assigned.nodes.length, mine((i) => i.assigneeIds!.includes(1)));
    assert.equal(user.review.nodes.length, mine((i) => i.reviewerIds!.includes(1) && i.state === 'opened'));
    assert.equal(user.authored.nodes.length, mine((i) => i.authorId === 1));
    assert.ok(user.review.nodes.length > 0);
    assert.match(user.review.nodes[0].updatedAt, /:\d\dZ$/, 'GraphQL Time is whole seconds');

    const newest = mergeRequests().filter((i) => i.authorId === 1).sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))[0];
    const since = (at: string) => graphql(double, `{ currentUser { authoredMergeRequests(state: all, updatedAfter: "${at}") { nodes { iid } } } }`);
    assert.equal((await since(newest.updatedAt)).data!.currentUser.authoredMergeRequests.nodes.length, 1, 'updated_at >= t');
    assert.equal((await since(new Date(Date.parse(newest.updatedAt) + 1000).toISOString())).data!.currentUser.authoredMergeRequests.nodes.length, 0);
  });

  it('Query.issues by assignee or author and updatedAfter; a comment touches its issue (updatedAt, notes count)', async () => {
    double = await GitLabDouble.start({ now: () => FIXED_NOW });
    const issue = issueOf(1);
    const before = issue.userNotesCount;
    const query = `{ issues(authorUsername: "${double.data.users.find((u) => u.id === issue.authorId)!.username}", updatedAfter: "${FIXED_NOW.toISOString()}") { nodes { iid projectId userNotesCount } } }`;
    assert.deepEqual((await graphql(double, query)).data!.issues.nodes, []);
    double.addEvent({
      action: 'commented', targetType: 'Note', projectId: 1, authorId: 2,
      note: { id: 880001, type: null, body: 'A new comment', noteableId: issue.id, noteableType: 'Issue', noteableIid: issue.iid, commitId: null, system: false, resolvable: false, resolved: false, confidential: false },
    });
    assert.equal(issue.updatedAt, FIXED_NOW.toISOString());
    assert.deepEqual((await graphql(double, query)).data!.issues.nodes, [{ iid: String(issue.iid), projectId: 1, userNotesCount: before + 1 }]);
    const assigned = await graphql(double, '{ issues(assigneeUsernames: ["alex"], state: all) { nodes { iid projectId } } }');
    assert.equal(assigned.data!.issues.nodes.length, double.data.issuables.filter((i) => i.model === 'Issue' && i.projectId !== null && i.assigneeIds?.includes(1) && i.projectId !== 7).length);
  });

  it('a reassignment moves updatedAt and writes no event', async () => {
    double = await GitLabDouble.start({ now: () => FIXED_NOW });
    const issue = issueOf(1);
    const events = double.data.events.length;
    reassign(issue, { assigneeIds: [1] }, FIXED_NOW);
    assert.equal(double.data.events.length, events);
    const reply = await graphql(double, `{ project(fullPath: "acme/website") { issues(updatedAfter: "${FIXED_NOW.toISOString()}") { nodes { iid assignees { nodes { username } } } } } }`);
    assert.deepEqual(reply.data!.project.issues.nodes, [{ iid: String(issue.iid), assignees: { nodes: [{ username: 'alex' }] } }]);
  });

  it('a push to a merge request\'s source branch touches the open merge requests of that branch, found by sourceBranches', async () => {
    double = await GitLabDouble.start({ now: () => FIXED_NOW });
    const open = mergeRequests().find((i) => i.projectId === 1 && i.state === 'opened')!;
    const closed = mergeRequests().find((i) => i.projectId === 1 && i.state !== 'opened')!;
    closed.sourceBranch = 'shared-branch';
    open.sourceBranch = 'shared-branch';
    const closedAt = closed.updatedAt;
    double.addEvent({
      action: 'pushed', targetType: null, projectId: 1, authorId: 2,
      pushData: { commit_count: 2, action: 'pushed', ref_type: 'branch', commit_from: 'a'.repeat(40), commit_to: 'b'.repeat(40), ref: 'shared-branch', commit_title: 'Fix', ref_count: null },
    });
    assert.deepEqual([open.updatedAt, closed.updatedAt], [FIXED_NOW.toISOString(), closedAt], 'only open merge requests are refreshed');
    const reply = await graphql(double, '{ project(fullPath: "acme/website") { mergeRequests(sourceBranches: ["shared-branch"], state: opened) { nodes { iid sourceBranch targetBranch } } } }');
    assert.deepEqual(reply.data!.project.mergeRequests.nodes, [{ iid: String(open.iid), sourceBranch: 'shared-branch', targetBranch: 'main' }]);
    assert.deepEqual(iids((await graphql(double, '{ project(fullPath: "acme/website") { mergeRequests(sourceBranches: ["nowhere"]) { nodes { iid } } } }')).data!.project.mergeRequests), []);
  });

  it('Query.note: a note\'s URL with its #note_ anchor, a diff note\'s gid taken, other gids refused, unreadable notes null', async () => {
    double = await GitLabDouble.start({ now: () => FIXED_NOW });
    const onIssue = double.data.events.find((e) => e.note?.noteableType === 'Issue' && e.projectId === 1 && !e.restriction)!;
    const reply = await graphql(double, `{ a: note(id: "gid://gitlab/Note/${onIssue.note!.id}") { url system author { username } }
      b: note(id: "gid://gitlab/DiffNote/${onIssue.note!.id}") { url } }`);
    assert.equal(reply.errors, undefined, JSON.stringify(reply.errors));
    assert.equal(reply.data!.a.url, `${double.url}/acme/website/-/issues/${onIssue.note!.noteableIid}#note_${onIssue.note!.id}`);
    assert.equal(reply.data!.b.url, reply.data!.a.url);
    const refused = await graphql(double, '{ note(id: "gid://gitlab/Issue/1") { url } }');
    assert.match(refused.errors![0].message, /does not represent an instance of Note/);
    const hidden = double.data.events.find((e) => e.note && e.projectId === 7);
    assert.ok(hidden, 'the world has notes in project 7, which alex cannot read');
    assert.equal((await graphql(double, `{ note(id: "gid://gitlab/Note/${hidden.note!.id}") { url } }`)).data!.note, null);
    const onCommit = double.data.events.find((e) => e.note?.noteableType === 'Commit' && e.projectId === 1);
    assert.ok(onCommit?.note?.commitId, 'a commit note of the public project 1, its commit kept out of the REST answer');
    assert.equal((await graphql(double, `{ note(id: "gid://gitlab/Note/${onCommit.note!.id}") { url } }`)).data!.note.url,
      `${double.url}/acme/website/-/commit/${onCommit.note!.commitId}#note_${onCommit.note!.id}`);
  });
});
