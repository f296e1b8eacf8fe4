import assert from 'node:assert/strict';
import './fakeVscode';
import type { EventFeeds } from '../../../src/app/activity/eventFeeds';
import { ProjectDirectories } from '../../../src/app/projectDirectory';
import { sourceKey, type ActivitySource } from '../../../src/app/activity/sources';
import { GitLabError } from '../../../src/gitlab/errors';
import type { GitLabEvent } from '../../../src/gitlab/types';
import { COMMANDS } from '../../../src/ids';
import { ActivityItems } from '../../../src/ui/activity/activityItems';
import { ActivityTreeProvider, type ActivityTreeContext } from '../../../src/ui/activity/activityTreeProvider';
import type { ActivityNode } from '../../../src/ui/activity/nodes';

type FeedView = { events: GitLabEvent[]; hasMore?: boolean; stoppedAtBound?: { requests: number; found: number }; error?: GitLabError };

/** The tree over feeds in given states (the provider reads them; nothing loads). */
function tree(feeds: Record<string, FeedView>, filtered = false) {
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
  const context = {
    signedIn: () => true, instances: () => [{ key: '', url: 'https://gitlab.example.com' }], urlOf: () => 'https://gitlab.example.com', activeInstance: () => '',
    isFiltered: () => filtered, projects: () => [project], users: () => [], isUnread: () => false,
  } as unknown as ActivityTreeContext;
  const provider = new ActivityTreeProvider(store, directories, new ActivityItems(store, directories, context), context);
  const rows = (node: ActivityNode) => provider.getChildren(node).map((child) => ({ node: child, item: provider.getTreeItem(child) }));
  return { provider, project, rows };
}

describe('Activity tree rows that offer the next step (the provider)', () => {
  const mine = { type: 'root', root: 'mine', instance: '' } as ActivityNode;

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
});
