import type * as vscode from 'vscode';
import type { ActivityService } from '../../app/activity/activityService';
import type { ActivityFilter } from '../../app/activity/filterState';
import type { ActivitySource } from '../../app/activity/sources';
import type { ProjectDirectories } from '../../app/projectDirectory';
import type { GitLabEvent, SortOrder } from '../../gitlab/types';
import { CONTEXT_KEYS, STATE_KEYS, VIEWS } from '../../ids';
import { InstanceListView, type InstanceListParts } from '../lists/instanceListView';
import type { Session } from '../session';
import { ActivityItems } from './activityItems';
import { ActivityRows } from './activityRows';
import { nodeId, type ActivityRow } from './nodes';

export type ActivityListView = InstanceListView<ActivitySource, GitLabEvent, SortOrder, ActivityRow, ActivityFilter>;

export interface ActivityListDeps {
  service: Pick<ActivityService, 'feeds' | 'filter' | 'sources' | 'isUnread' | 'feedStatus' | 'activeInstance' | 'sessionChanged'>;
  directories: ProjectDirectories;
  /** The shell's session, and the URL of a signed-in instance by its key (the links and Sign In Again follow it). */
  session: InstanceListParts<ActivitySource, GitLabEvent, SortOrder, ActivityRow, ActivityFilter>['session'] & Pick<Session, 'urlOf'>;
  log: InstanceListParts<ActivitySource, GitLabEvent, SortOrder, ActivityRow, ActivityFilter>['log'];
  /** Where the filter is kept (the workspace's state). */
  state: vscode.Memento;
  /** A filter chosen: down into the service (and whatever else follows it). */
  pushDown(filter: ActivityFilter): void;
  now?: () => number;
}

/** The Activity's list shell, and what it was made of. */
export interface ActivityList {
  list: ActivityListView;
  items: ActivityItems;
  rows: ActivityRows;
  /** The active instance's "My Activity" row. */
  myActivityRoot(): ActivityRow;
  dispose(): void;
}

/**
 * The Activity view's tree: the service's lists in the list shell, shaped by `ActivityRows` (instance → My Activity,
 * Projects and Users → feed → day → event) and drawn by `ActivityItems`; a new filter's label waits for its rows.
 */
export function createActivityList({ service, directories, session, log, state, pushDown, now }: ActivityListDeps): ActivityList {
  const items = new ActivityItems(directories, {
    instances: () => list.instances(), urlOf: (instance) => session.urlOf(instance), activeInstance: () => service.activeInstance(),
    isUnread: (source, event) => service.isUnread(source, event), now,
  });
  const rows = new ActivityRows(service, directories, now);
  const myActivityRoot = () => rows.roots(service.activeInstance())[0];
  const list: ActivityListView = new InstanceListView<ActivitySource, GitLabEvent, SortOrder, ActivityRow, ActivityFilter>({
    viewId: VIEWS.activity, showCollapseAll: true, session, log, service, lists: service.feeds,
    top: (instance) => rows.roots(instance),
    listOf: (row) => rows.listOf(row),
    children: (row) => rows.children(row),
    rows: (source, shown) => [...rows.days(source, shown), ...rows.feedRows(source)],
    instead: (source, shown, error) => rows.instead(source, shown, error),
    revision: (row) => rows.revision(row),
    idOf: nodeId,
    openByDefault: (row) => rows.openByDefault(row),
    parentOf: (row) => rows.parentOf(row),
    rowItem: (row) => items.item(row),
    resolveRow: (item, row) => {
      const tooltip = items.tooltip(row);
      if (tooltip) item.tooltip = tooltip;
      return item;
    },
    look: items.look,
    filter: {
      state, key: STATE_KEYS.filter, initial: service.filter, isEmpty: (f) => f.isEmpty,
      context: (f) => ({ [CONTEXT_KEYS.filtered]: !f.isEmpty }),
      pushDown,
      // VS Code sends a view's message at once but draws the tree only after asking for its rows: the label waits.
      redrawn: () => list.whenDrawn(myActivityRoot()),
    },
  });
  return { list, items, rows, myActivityRoot, dispose: () => { list.dispose(); items.dispose(); } };
}
