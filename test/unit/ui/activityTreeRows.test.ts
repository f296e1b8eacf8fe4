import assert from 'node:assert/strict';
import './fakeVscode';
import type { EventFeeds } from '../../../src/app/activity/eventFeeds';
import { ProjectDirectories } from '../../../src/app/projectDirectory';
import { dashboardFeed, sourceKey, type ActivitySource } from '../../../src/app/activity/sources';
import type { FeedStatus } from '../../../src/app/feeds/feedPlan';
import { inert } from '../../../src/app/plainText';
import { GitLabError } from '../../../src/gitlab/errors';
import type { GitLabEvent } from '../../../src/gitlab/types';
import { COMMANDS } from '../../../src/ids';
import type { ActivityNode, ActivityRow } from '../../../src/ui/activity/nodes';
import { HOSTILE } from '../app/activity/hostileText';
import { activityTree } from './activityTreeSetup';

type FeedView = { events: GitLabEvent[]; hasMore?: boolean; stoppedAtBound?: { requests: number; found: number }; error?: GitLabError };

/** The tree over feeds in given states (the tree reads them; nothing loads). */
function tree(feeds: Record<string, FeedView>, filtered = false, feedStatus?: (key: string) => FeedStatus | undefined) {
  const state = (key: string) => {
    const feed = feeds[key] ?? { events: [] };
    return {
      started: true, loading: false, stale: false, hasError: feed.error !== undefined, items: feed.events, hasMore: feed.hasMore ?? false,
      order: 'desc', stoppedAtBound: feed.stoppedAtBound, progress: undefined,
    };
  };
  const store = {
    get: state,
    // The rows as `listRows` draws them from such a state.
    rows: (key: string) => {
      const feed = feeds[key] ?? { events: [] };
      const after = feed.error ? 'error' : feed.hasMore ? 'loadMore' : undefined;
      return { waiting: false, items: feed.events, order: 'desc', earlier: false, filtered, empty: feed.events.length === 0 && !after, after };
    },
    errorOf: (key: string) => feeds[key]?.error,
    load: async () => undefined,
    onDidChange: () => ({ dispose() {} }),
  } as unknown as EventFeeds;
  const project: ActivitySource = { key: sourceKey('project', 'acme/gone'), source: { kind: 'project', id: 'acme/gone' }, ref: 'acme/gone', from: 'setting', instance: '' };
  const directories = new ProjectDirectories(() => undefined);
  const { list } = activityTree({ instances: [{ key: '', url: 'https://gitlab.example.com' }], feeds: store, directories, projects: () => [project], feedStatus });
  const rows = (row: ActivityRow) => {
    const node = list.canonical(row);
    return list.getChildren(node).map((child: ActivityNode) => ({ node: child, item: list.getTreeItem(child) }));
  };
  return { list, project, rows };
}

describe('Activity tree rows that offer the next step (the tree)', () => {
  const mine: ActivityRow = { type: 'root', root: 'mine', instance: '' };

  it('"Continue" leads the row of a tab\'s load that stopped at its bound; a click goes on', () => {
    const { rows } = tree({ mine: { events: [], hasMore: true, stoppedAtBound: { requests: 10, found: 5 } } });
    const [row] = rows(mine).filter(({ node }) => node.type === 'loadMore');
    assert.equal(row.item.label, 'Continue');
    assert.equal(row.item.description, '10 pages read, 5 matching so far');
    assert.equal(row.item.command?.command, COMMANDS.loadMore);
  });

  it('"Clear Filters" leads the row of a filtered list with no events; a click clears', () => {
    const { rows } = tree({ mine: { events: [] } }, true);
    const [row] = rows(mine).filter(({ node }) => node.type === 'empty');
    assert.deepEqual([row.item.label, row.item.description, row.item.command?.command], ['Clear Filters', 'No events match the filter', COMMANDS.clearFilters]);
  });

  it('an error row leads with its fix; a followed project GitLab does not know (404) can be removed from it', () => {
    const serverError = new GitLabError('server', 'GitLab had a server error (502). It may be temporary.', { status: 502 });
    const { rows: mineRows } = tree({ mine: { events: [], error: serverError } });
    const [failed] = mineRows(mine).filter(({ node }) => node.type === 'error');
    assert.deepEqual([failed.item.label, failed.item.description, failed.item.command?.command], ['Retry', serverError.message, COMMANDS.refresh]);

    const notFound = new GitLabError('notFound', 'Not found on GitLab (404 Project Not Found).', { status: 404 });
    const { project, rows } = tree({ [sourceKey('project', 'acme/gone')]: { events: [], error: notFound } });
    const [gone] = rows({ type: 'source', source: project }).filter(({ node }) => node.type === 'error');
    assert.equal(gone.item.label, 'Retry');
    assert.match(gone.item.contextValue ?? '', /\bremovableProject\b/);
  });

  it('a dashboard feed\'s failed source: Retry reads that source alone (its list\'s key and its own); late events: one calm row whose click reads the feed again', () => {
    const starred = dashboardFeed('starred', '');
    const gone = new GitLabError('notFound', 'Not found on GitLab (404 Project Not Found).', { status: 404 });
    const status = (late: number, lateDropped: number): FeedStatus => ({
      sources: [{ key: 'project:2', progress: 'failed', error: gone, pagesRead: 0, eventsRead: 0, buffered: 0, label: HOSTILE[3] }],
      leftOut: undefined, inFlight: 0, held: late, late, lateDropped, withoutId: 0, ended: true, capped: false,
    });
    let now = status(2, 1);
    const { rows } = tree({ [starred.key]: { events: [] } }, false, (key) => (key === starred.key ? now : undefined));
    const root: ActivityRow = { type: 'root', root: 'starred', instance: '' };
    const [source] = rows(root).filter(({ node }) => node.type === 'feedSource');
    assert.equal(source.item.label, inert(HOSTILE[3]), 'the server\'s name is plain text');
    assert.deepEqual([source.item.command?.command, source.item.command?.arguments], [COMMANDS.retryFeedSource, [starred.key, 'project:2']]);
    const [late] = rows(root).filter(({ node }) => node.type === 'feedLate');
    assert.deepEqual([late.item.label, late.item.description], ['3 events arrived late', 'Refresh to place them']);
    assert.deepEqual([late.item.command?.command, late.item.command?.arguments], [COMMANDS.refresh, [starred.key]]);
    now = status(1, 0);
    assert.equal(rows(root).find(({ node }) => node.type === 'feedLate')!.item.label, '1 event arrived late');
    now = status(0, 0);
    assert.equal(rows(root).filter(({ node }) => node.type === 'feedLate').length, 0, 'none late, no row');
  });
});
