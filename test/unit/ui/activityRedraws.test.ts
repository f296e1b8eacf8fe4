import assert from 'node:assert/strict';
import { normalizeInstanceUrl } from '../../../src/app/instance';
import { ProjectDirectories } from '../../../src/app/projectDirectory';
import { VIEWS } from '../../../src/ids';
import { ActivityView } from '../../../src/ui/activity/activityView';
import type { ActivityNode } from '../../../src/ui/activity/nodes';
import type { ExtensionConfig } from '../../../src/ui/config';
import type { Log } from '../../../src/ui/log';
import type { Session } from '../../../src/ui/session';
import { FeedClient } from '../../../src/gitlab';
import { GitLabDouble } from '../../double';
import { makeClient, type TestClient } from '../gitlab/helpers';
import { EventEmitter, fake, FakeMemento, TreeItemCollapsibleState, type FakeTreeView, type TreeItem } from './fakeVscode';

const NOW = new Date('2024-06-15T12:00:00.000Z');
/** GitLab's largest page: a feed of 10,000 events in a hundred requests. */
const PAGE_SIZE = 100;
/** GitLab lists 10,000 events of a listing at most; the double, as GitLab, leaves out a few it cannot show after paging. */
const FEED_SIZE = 9_900;

/** What VS Code was told to draw again, and what it then asked for, as the workbench does on each change event. */
class Redraws {
  /** Each change event: undefined (the whole tree) or the rows named. */
  readonly events: Array<ActivityNode[] | undefined> = [];
  /** Rows whose children were asked for again. */
  childrenAsked = 0;

  constructor(private readonly view: FakeTreeView) {
    view.treeDataProvider.onDidChangeTreeData?.((rows) => {
      const named = rows === undefined ? undefined : [rows].flat() as ActivityNode[];
      this.events.push(named);
      for (const row of named ?? [undefined]) this.draw(row);
    });
  }

  /** A row's item and, while it is open, its children, each drawn the same way. */
  draw(row?: ActivityNode): void {
    const provider = this.view.treeDataProvider;
    if (row && (provider.getTreeItem(row) as TreeItem).collapsibleState !== TreeItemCollapsibleState.Expanded) return;
    this.childrenAsked += 1;
    for (const child of provider.getChildren(row) as ActivityNode[]) this.draw(child);
  }

  clear(): void {
    this.events.length = 0;
    this.childrenAsked = 0;
  }
}

/** Lets the change events of what just happened go out (they are gathered per tick), and the listeners they start. */
const ticks = async (n = 10) => { for (let i = 0; i < n; i++) await new Promise((resolve) => setTimeout(resolve, 0)); };

/**
 * How much of the Activity tree a change draws again, counted in the change events the view sends VS Code: a poll
 * that adds one row to a 10,000-event feed redraws that feed's day, not the tree.
 */
describe('Activity view: a change redraws what changed', function () {
  this.timeout(60_000);
  let double: GitLabDouble;
  let t: TestClient;
  let activity: ActivityView;
  let redraws: Redraws;
  let directories: ProjectDirectories;
  const key = () => normalizeInstanceUrl(double.url);

  before(async () => {
    // Events are spread over the world's users: user 1 holds a little over 40 % of them, more than GitLab lists.
    double = await GitLabDouble.start({ events: 25_000, now: () => NOW });
    t = makeClient(double.url);
    fake.reset();
    const account = {
      key: key(), instanceUrl: double.url, api: t.client, feeds: new FeedClient(t.transport), username: 'alex', userId: 1, accountKey: `${key()}#1`,
    };
    const changes = new EventEmitter<void>();
    const session = {
      signedIn: true, instanceUrl: double.url, api: t.client, all: [account], onDidChange: changes.event,
      onDidLearnUsername: new EventEmitter<void>().event, reportUnauthorized: () => undefined,
      urlOf: (instance: string) => (instance === account.key ? account.instanceUrl : undefined),
    } as unknown as Session;
    const config = () => ({ pageSize: PAGE_SIZE, pollIntervalSeconds: 0, entries: { projects: [], users: [{ instance: key(), id: 'jordan' }], groups: [] } }) as unknown as ExtensionConfig;
    const log = { warn: () => undefined, error: () => undefined, info: () => undefined } as unknown as Log;
    directories = new ProjectDirectories(() => t.client);
    activity = new ActivityView(session, config, directories, new FakeMemento() as never, new FakeMemento() as never, log,
      { projectPaths: async () => [] }, { add: async () => undefined, remove: async () => undefined });
    redraws = new Redraws(fake.treeViews.find((view) => view.id === VIEWS.activity)!);
    changes.fire();
    await ticks();
    redraws.draw();
    const { feeds } = activity.service;
    const mine = activity.service.sources(key()).mine;
    await feeds.whenIdle();
    while (feeds.get(mine.key).hasMore) await feeds.loadMore(mine);
    await ticks();
    assert.ok(feeds.get(mine.key).items.length >= FEED_SIZE, `${feeds.get(mine.key).items.length} events`);
  });
  after(async () => {
    activity.dispose();
    await t.close();
    await double.close();
  });

  const mineRoot = () => (activity.list.getChildren() as ActivityNode[])[0];
  const days = () => (activity.list.getChildren(mineRoot()) as ActivityNode[]).filter((row) => row.type === 'day');

  it('a poll that adds one row to a 10,000-event feed redraws the day it lands in: one change event, one row', async () => {
    const shownDays = days();
    assert.ok(shownDays.length > 30, `${shownDays.length} days`);
    const newestDay = shownDays[0];
    redraws.clear();
    const added = double.addEvent({ action: 'created', targetType: 'Issue', targetTitle: 'One more' });
    await activity.service.newActivity.check();
    activity.service.newActivity.show();
    await ticks();
    assert.equal(activity.service.feeds.get(activity.service.sources(key()).mine.key).items[0].id, added.id, 'the new event heads the feed');
    assert.equal(redraws.events.length, 1, `${redraws.events.length} change events`);
    const [rows] = redraws.events;
    assert.ok(rows !== undefined, 'the whole tree was drawn again');
    // The new event is NOW's: its day is the newest day already shown (it was grouped by the same calendar), or a new one.
    const landed = days()[0];
    const expected = landed === newestDay ? newestDay : mineRoot();
    assert.deepEqual(rows, [expected], `redrew ${rows.map((row) => row.type).join(', ')}`);
    assert.ok(redraws.childrenAsked <= 2, `${redraws.childrenAsked} rows' children asked for again`);
  });

  it('Mark All as Seen redraws only the days with unread rows; a count update alone redraws nothing', async () => {
    redraws.clear();
    await activity.service.markAllSeen();
    await ticks();
    assert.equal(redraws.events.length, 1, `${redraws.events.length} change events`);
    assert.deepEqual(redraws.events[0], [days()[0]], 'the day of the one unread event');
    redraws.clear();
    await activity.service.newActivity.check(); // nothing new: the count is read again
    activity.service.newActivity.show();
    await ticks();
    assert.deepEqual(redraws.events, []);
  });

  it('a Load more in another list redraws that list\'s row only', async () => {
    const users = (activity.list.getChildren() as ActivityNode[])[2];
    const jordan = (activity.list.getChildren(users) as ActivityNode[])[0];
    assert.equal(jordan.type, 'source');
    activity.list.getChildren(jordan); // opened: its first page
    await activity.service.feeds.whenIdle();
    await ticks();
    redraws.clear();
    await activity.service.feeds.loadMore((jordan as ActivityNode & { type: 'source' }).source);
    await ticks();
    assert.deepEqual(redraws.events, [[jordan]]);
  });

  it('a poll that adds a row to a dashboard feed redraws that feed\'s day (or the feed), nothing else', async () => {
    const yourProjects = (activity.list.getChildren() as ActivityNode[]).find((row) => row.type === 'root' && row.root === 'yourProjects')!;
    activity.list.getChildren(yourProjects); // opened: its first rows
    await activity.service.feeds.whenIdle();
    await ticks();
    const source = activity.service.sources(key()).feeds[0];
    assert.ok(activity.service.feeds.get(source.key).items.length > 0);
    const feedDays = () => (activity.list.getChildren(yourProjects) as ActivityNode[]).filter((row) => row.type === 'day');
    const newestDay = feedDays()[0];
    redraws.clear();
    // sam.taylor opens an issue in website, alex's project.
    const added = double.addEvent({ projectId: 1, authorId: 2, action: 'created', targetType: 'Issue', targetTitle: 'One more in Your projects' });
    await activity.service.pollFeeds();
    await ticks();
    assert.equal(activity.service.feeds.get(source.key).items[0].id, added.id, 'the new event heads the feed');
    assert.equal(redraws.events.length, 1, `${redraws.events.length} change events`);
    const [rows] = redraws.events;
    assert.ok(rows !== undefined, 'the whole tree was drawn again');
    const expected = feedDays()[0] === newestDay ? newestDay : yourProjects;
    assert.deepEqual(rows, [expected], `redrew ${rows.map((row) => row.type).join(', ')}`);
  });

  it('a project looked up redraws the days naming it; a lookup that fails redraws nothing', async () => {
    const shown = days() as Array<ActivityNode & { type: 'day' }>;
    const namesProject = (day: ActivityNode & { type: 'day' }, id: number) => day.events.some((event) => event.project_id === id);
    // A project some days name and others do not.
    const project = [...new Set(shown.flatMap((day) => day.events.map((event) => event.project_id)))]
      .find((id): id is number => typeof id === 'number' && shown.some((day) => !namesProject(day, id)))!;
    assert.ok(project !== undefined, 'every day names every project');
    const directory = directories.for(key());
    // Its lookup fails: the others are known again, it is not.
    double.inject({ fault: { kind: 'status', status: 500 }, path: `/projects/${project}`, times: Infinity });
    directory.clear();
    redraws.draw();
    await activity.service.feeds.whenIdle();
    await ticks(50);
    assert.equal(directory.get(project), undefined);
    redraws.clear();
    directory.forgetFailures();
    redraws.draw(); // drawn again: the lookup is asked for once more, and fails again
    await ticks(50);
    assert.equal(redraws.events.length, 0, 'a failed lookup redrew rows');

    double.clearFaults();
    directory.forgetFailures();
    redraws.draw(); // GitLab answers now
    await ticks(50);
    assert.ok(directory.get(project), 'the project is known');
    assert.equal(redraws.events.length, 1, `${redraws.events.length} change events`);
    const [rows] = redraws.events;
    assert.ok(rows !== undefined, 'the whole tree was drawn again');
    // Every list's days that name it (My Activity's, and those of the feeds opened above), and nothing else.
    const others = rows.filter((row) => row.type !== 'day' || !namesProject(row, project));
    assert.deepEqual(others.map((row) => row.type), [], 'rows that do not name the project were drawn again');
    const naming = (days() as Array<ActivityNode & { type: 'day' }>).filter((day) => namesProject(day, project));
    assert.ok(naming.length > 0 && naming.length < days().length);
    for (const day of naming) assert.ok(rows.includes(day), `My Activity's ${day.label} names the project and was not drawn again`);
  });
});
