import assert from 'node:assert/strict';
import { ActivityFilter } from '../../../src/app/activity/filterState';
import { FeedStore } from '../../../src/app/feeds';
import { ProjectDirectories } from '../../../src/app/projectDirectory';
import { myActivity } from '../../../src/app/sources';
import { ActivityTreeProvider } from '../../../src/ui/activity/activityTreeProvider';
import type { ActivityNode } from '../../../src/ui/activity/nodes';
import { GitLabDouble } from '../../double';
import { makeClient, type TestClient } from '../gitlab/helpers';

/** The Activity tree over the GitLab double: what a list shows at its end. */
describe('Activity tree: the end of a list', () => {
  let double: GitLabDouble;
  let c: TestClient;
  let tree: ActivityTreeProvider | undefined;

  before(async () => { double = await GitLabDouble.start({}); });
  after(async () => double.close());
  beforeEach(() => { c = makeClient(double.url); });
  afterEach(async () => {
    tree?.dispose();
    await c.close();
  });

  function setup(pageSize: number, filter: ActivityFilter) {
    const instance = double.url;
    const feeds = new FeedStore(() => c.client, () => ({ pageSize, plan: filter.plan() }));
    const directories = new ProjectDirectories(() => c.client);
    tree = new ActivityTreeProvider(feeds, directories, {
      signedIn: () => true, instances: () => [{ key: instance, url: instance }], activeInstance: () => instance,
      isFiltered: () => !filter.isEmpty, projects: () => [], users: () => [], isUnread: () => false,
    });
    const source = myActivity(instance);
    const shown = tree;
    const node = { type: 'source', source } as ActivityNode;
    /** The list's own rows (no day groups) as labels, once what they started has loaded (the first page, on first look). */
    const states = async () => {
      await shown.getChildren(node);
      await feeds.whenIdle();
      const children = await shown.getChildren(node);
      return children.filter((child) => child.type !== 'day').map((child) => String(shown.getTreeItem(child).label));
    };
    return { feeds, source, states };
  }

  it('"Continue" under a tab that reaches GitLab\'s end: the list says "End of activity" instead of simply ending', async () => {
    // Wiki keeps few of user 1's events: its first load reads its bound of pages, Continue reads on to the end.
    const { feeds, source, states } = setup(5, ActivityFilter.EMPTY.withTab('wiki'));
    const first = await states();
    assert.equal(first.length, 1);
    assert.match(first[0], /^10 pages read, \d+ matching so far$/);
    while (feeds.get(source.key).hasMore) await feeds.loadMore(source);
    assert.ok(feeds.get(source.key).events.length > 0, 'the double has wiki events of user 1');
    assert.deepEqual(await states(), ['End of activity']);
  });

  it('says it after "Load more…" reached the end, and not of a list GitLab gave in one page', async () => {
    const paged = setup(20, ActivityFilter.EMPTY);
    assert.deepEqual(await paged.states(), ['Load more…']);
    while (paged.feeds.get(paged.source.key).hasMore) await paged.feeds.loadMore(paged.source);
    assert.deepEqual(await paged.states(), ['End of activity']);
    tree?.dispose();

    const whole = setup(100, ActivityFilter.of({ action: 'closed' }));
    assert.deepEqual(await whole.states(), []);
    assert.equal(whole.feeds.get(whole.source.key).hasMore, false, 'one page holds all that user 1 closed');
    assert.ok(whole.feeds.get(whole.source.key).events.length > 0);
  });
});
