import assert from 'node:assert/strict';
import { GitLabDouble } from '../../double';
import type { DoubleOptions } from '../../double/types';
import { call, FIXED_NOW, TOKEN } from './http';

/**
 * `DoubleOptions.subscriptions`: extra explicit subscriptions of user 1, per kind, beside the fixed cast, found by the
 * listings the Subscriptions list reads (instance-wide issues, merge requests and epics of user 1's top group, the
 * labels of user 1's projects and groups), a share of them closed or merged, the same world every time.
 */

const EXTRA = { issues: 40, mergeRequests: 32, epics: 20, labels: 16 };

interface Listed { issues: number; closedIssues: number; mergeRequests: number; closedMergeRequests: number; mergedMergeRequests: number; epics: number; closedEpics: number; labels: number }

async function graphql(double: GitLabDouble, query: string): Promise<any> {
  const reply = await call(double, `${double.url}/api/graphql`, {
    method: 'POST', token: TOKEN, body: JSON.stringify({ query }), headers: { 'content-type': 'application/json' },
  });
  assert.equal(reply.body.errors, undefined, JSON.stringify(reply.body.errors));
  return reply.body.data;
}

/** What user 1's lists find, counted as GitLab counts them; labels over every page of each place the list reads. */
async function listed(options: DoubleOptions): Promise<Listed> {
  const double = await GitLabDouble.start({ now: () => FIXED_NOW, ...options });
  try {
    const data = await graphql(double, `{
      issues: issues(subscribed: EXPLICITLY_SUBSCRIBED) { count }
      closedIssues: issues(subscribed: EXPLICITLY_SUBSCRIBED, state: closed) { count }
      group(fullPath: "acme") {
        mergeRequests: mergeRequests(subscribed: EXPLICITLY_SUBSCRIBED, includeSubgroups: true) { count }
        closedMergeRequests: mergeRequests(subscribed: EXPLICITLY_SUBSCRIBED, includeSubgroups: true, state: closed) { count }
        mergedMergeRequests: mergeRequests(subscribed: EXPLICITLY_SUBSCRIBED, includeSubgroups: true, state: merged) { count }
        epics: workItems(subscribed: EXPLICITLY_SUBSCRIBED, types: [EPIC], includeDescendants: true) { count }
        closedEpics: workItems(subscribed: EXPLICITLY_SUBSCRIBED, types: [EPIC], includeDescendants: true, state: closed) { count }
      }
    }`);
    const labels = new Set<number>();
    for (const place of ['/projects/1', '/projects/2', '/projects/3', '/projects/5', '/groups/1', '/groups/2']) {
      for (let page = 1; ; page++) {
        const reply = await call(double, `${place}/labels?per_page=100&page=${page}`);
        for (const label of reply.body as Array<{ id: number; subscribed: boolean }>) if (label.subscribed) labels.add(label.id);
        if (!reply.headers.get('x-next-page')) break;
      }
    }
    return {
      issues: data.issues.count, closedIssues: data.closedIssues.count, mergeRequests: data.group.mergeRequests.count,
      closedMergeRequests: data.group.closedMergeRequests.count, mergedMergeRequests: data.group.mergedMergeRequests.count,
      epics: data.group.epics.count, closedEpics: data.group.closedEpics.count, labels: labels.size,
    };
  } finally {
    await double.close();
  }
}

describe('GitLab double: extra subscriptions (DoubleOptions.subscriptions)', () => {
  it('lists exactly the extra subscriptions beside the cast, every 4th issue, 1 in 4 merge requests and every 5th epic closed or merged', async () => {
    const cast = await listed({});
    const grown = await listed({ subscriptions: EXTRA });
    assert.deepEqual({
      issues: grown.issues - cast.issues, closedIssues: grown.closedIssues - cast.closedIssues,
      mergeRequests: grown.mergeRequests - cast.mergeRequests, closedMergeRequests: grown.closedMergeRequests - cast.closedMergeRequests,
      mergedMergeRequests: grown.mergedMergeRequests - cast.mergedMergeRequests,
      epics: grown.epics - cast.epics, closedEpics: grown.closedEpics - cast.closedEpics, labels: grown.labels - cast.labels,
    }, { issues: 40, closedIssues: 10, mergeRequests: 32, closedMergeRequests: 4, mergedMergeRequests: 4, epics: 20, closedEpics: 4, labels: 16 });
  });

  it('is the same world every time, leaves the cast as it was, and has no epics without them (ce)', async () => {
    const first = await GitLabDouble.start({ now: () => FIXED_NOW, subscriptions: EXTRA });
    const again = await GitLabDouble.start({ now: () => FIXED_NOW, subscriptions: EXTRA });
    const plain = await GitLabDouble.start({ now: () => FIXED_NOW });
    const ce = await GitLabDouble.start({ now: () => FIXED_NOW, edition: 'ce', subscriptions: EXTRA });
    try {
      for (const field of ['issuables', 'labels', 'subscriptions'] as const) {
        assert.deepEqual(again.data[field], first.data[field], field);
        assert.deepEqual(first.data[field].slice(0, plain.data[field].length), plain.data[field], `${field}: the cast first, unchanged`);
      }
      const extraOf = (double: GitLabDouble) => double.data.subscriptions.length - plain.data.subscriptions.length;
      assert.equal(extraOf(first), 40 + 32 + 20 + 16);
      assert.equal(ce.data.issuables.filter((i) => i.issueType === 'EPIC').length, 0, 'no epics on ce');
      assert.equal(ce.data.issuables.length - plain.data.issuables.length, 40 + 32 - 12, 'the extra issues and merge requests, not the cast\'s 12 epics');
      assert.ok(first.data.subscriptions.slice(plain.data.subscriptions.length).every((row) => row.userId === 1 && row.subscribed));
      // Every extra thing is user 1's to read: listed in full above, and its iid unique in its project or group.
      const places = new Set(first.data.issuables.map((i) => `${i.model}:${i.projectId ?? `g${i.groupId}`}:${i.iid}`));
      assert.equal(places.size, first.data.issuables.length);
    } finally {
      await Promise.all([first, again, plain, ce].map((double) => double.close()));
    }
  });
});
