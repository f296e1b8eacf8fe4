import { ActivityFilter } from '../../../src/app/activity/filterState';
import type { EventFeeds } from '../../../src/app/activity/eventFeeds';
import { DASHBOARD_FEEDS, dashboardFeed, myActivity, type ActivitySource } from '../../../src/app/activity/sources';
import type { FeedStatus } from '../../../src/app/feeds/feedPlan';
import type { ProjectDirectories } from '../../../src/app/projectDirectory';
import type { GitLabEvent } from '../../../src/gitlab';
import { createActivityList, type ActivityListDeps, type ActivityListView } from '../../../src/ui/activity/activityList';
import type { ActivityRow } from '../../../src/ui/activity/nodes';
import { EventEmitter, FakeMemento } from './fakeVscode';

/** A signed-in instance as the tree's roots name it. */
export interface TreeInstance {
  key: string;
  url: string;
  user?: string;
}

export interface TreeOptions {
  instances: TreeInstance[];
  feeds: EventFeeds;
  directories: ProjectDirectories;
  projects?: (instance: string) => ActivitySource[];
  users?: (instance: string) => ActivitySource[];
  unread?: (event: GitLabEvent) => boolean;
  /** A dashboard feed's sources, as its merged feed tells them. */
  feedStatus?: (key: string) => FeedStatus | undefined;
  now?: () => number;
}

/** The Activity tree as the view makes it, over `feeds`: its shape, rows and items, in the list shell. */
export interface TreeSetup {
  list: ActivityListView;
  /** As the person opens a row (VS Code asks for its children). */
  open(row: ActivityRow): void;
  dispose(): void;
}

/**
 * The real Activity tree (`createActivityList`) over given feeds, its service the part of `ActivityService` it reads
 * (the feeds, the sources of each instance, the unread marks), under the unit tests' `vscode` stand-in.
 */
export function activityTree(options: TreeOptions): TreeSetup {
  const { instances, feeds } = options;
  const service: ActivityListDeps['service'] = {
    feeds, filter: ActivityFilter.EMPTY, sessionChanged: () => undefined,
    activeInstance: () => instances[0]?.key ?? '',
    sources: (instance) => ({ mine: myActivity(instance), projects: options.projects?.(instance) ?? [], users: options.users?.(instance) ?? [],
      feeds: DASHBOARD_FEEDS.map((feed) => dashboardFeed(feed, instance)) }),
    feedStatus: (key) => options.feedStatus?.(key),
    isUnread: (_source, event) => options.unread?.(event) ?? false,
  };
  const session = {
    signedIn: instances.length > 0, all: instances.map((instance) => ({ key: instance.key, instanceUrl: instance.url, username: instance.user })),
    onDidChange: new EventEmitter<void>().event, onDidLearnUsername: new EventEmitter<void>().event, reportUnauthorized: () => undefined,
    urlOf: (key: string) => instances.find((instance) => instance.key === key)?.url,
  };
  const activity = createActivityList({
    service, directories: options.directories, session, log: { warn: () => undefined }, state: new FakeMemento() as never,
    pushDown: () => undefined, now: options.now,
  });
  return {
    list: activity.list,
    open: (row) => void activity.list.getChildren(activity.list.canonical(row)),
    dispose: () => activity.dispose(),
  };
}
