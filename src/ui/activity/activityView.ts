import * as vscode from 'vscode';
import { ActivityService } from '../../app/activity/activityService';
import { ActivityFilter } from '../../app/activity/filterState';
import type { ActivitySource } from '../../app/activity/sources';
import type { ProjectDirectories } from '../../app/projectDirectory';
import { CONTEXT_KEYS, STATE_KEYS, VIEWS } from '../../ids';
import type { ExtensionConfig, InstanceLists } from '../config';
import { Failures } from '../failures';
import type { Log } from '../log';
import { ReadOnlyDocuments } from '../readOnlyDocuments';
import type { Session } from '../session';
import type { WorkspaceRepositories } from '../workspace';
import type { ActivityCommandContext } from './activityCommands';
import { createActivityList, type ActivityListView } from './activityList';
import type { ActivityRows } from './activityRows';
import { FilterPicks } from './filterPicks';
import { NewActivityPoller } from './newActivityPoller';
import { nodeId } from './nodes';
import { registerUnreadDecorations } from './unreadDecorations';
import { displayCount } from '../displayLanguage';

/**
 * The Activity view: it draws the `ActivityService` (the lists, the filter, what is unread) in the list shell
 * (`InstanceListView`: roots, nested rows, status rows, the filter, redraws of only what changed), with the badge of
 * unread events and the new-activity check; `commands` is what its commands act on (registered beside it).
 */
export class ActivityView implements vscode.Disposable {
  readonly service: ActivityService;
  readonly list: ActivityListView;
  readonly commands: ActivityCommandContext;
  private readonly rows: ActivityRows;
  private readonly poller: NewActivityPoller;
  private readonly disposables: vscode.Disposable[] = [];
  private badgeTimer?: ReturnType<typeof setTimeout>;
  private badgeCount = 0;

  constructor(
    private readonly session: Session,
    config: () => ExtensionConfig,
    directories: ProjectDirectories,
    workspaceState: vscode.Memento,
    globalState: vscode.Memento,
    log: Log,
    repositories: Pick<WorkspaceRepositories, 'projectPaths'>,
    lists: Pick<InstanceLists, 'add' | 'remove'>,
  ) {
    // Stored data is untrusted: invalid parts are dropped, never sent.
    const filter = ActivityFilter.deserialize(workspaceState.get(STATE_KEYS.filter));
    const service = this.service = new ActivityService({
      accounts: () => session.all, activeInstanceUrl: () => session.instanceUrl, settings: config,
      workspaceProjects: (instanceUrl) => repositories.projectPaths(instanceUrl), directories, store: globalState, filter, log,
    });
    const activity = createActivityList({
      service, directories, session, log, state: workspaceState,
      pushDown: (f) => {
        service.setFilter(f);
        this.poller.restart();
      },
    });
    this.list = activity.list;
    this.rows = activity.rows;
    const items = activity.items;
    this.poller = new NewActivityPoller(this.list.view, {
      newActivity: service.newActivity, ready: () => session.api !== undefined, instanceUrl: () => session.instanceUrl,
      pollFeeds: () => service.pollFeeds(),
      intervalSeconds: () => config().pollIntervalSeconds,
      onUnauthorized: (error, instanceUrl) => session.reportUnauthorized(error, instanceUrl),
      log: (message) => log.warn(message),
    });
    const documents = new ReadOnlyDocuments();
    this.commands = {
      session, failures: new Failures(session, log), service, directories, lists, links: items, view: this.list.view,
      picks: new FilterPicks(this.list.filters), documents,
      revealSource: (source) => this.revealSource(source),
    };
    this.disposables.push(
      activity, this.poller, documents,
      // After the shell has started the lists over (its listener came first).
      session.onDidChange(() => this.sessionChanged()),
      service.onDidChangeUnread(() => this.scheduleBadge()),
      // A first look or Mark All as Seen: the days whose unread rows changed are drawn again.
      service.onDidChangeSeen((keys) => keys.forEach((key) => this.list.listChanged(key))),
      service.onDidChangeSources(() => this.redrawSources()),
      // Project names show on project rows and in event rows' descriptions: the days naming a project now known are
      // drawn again (a day's revision says which of its projects are known), not every list.
      directories.onDidChange(() => {
        this.list.listsChanged();
        this.list.redrawRows(service.allSources().filter((source) => source.source.kind === 'project').map((source) => nodeId({ type: 'source', source })));
      }),
      registerUnreadDecorations(),
    );
  }

  /** Projects and Users of every instance: the rows under them are the sources'. */
  private redrawSources(): void {
    const ids = this.session.all.flatMap((account) => this.rows.roots(account.key).filter((row) => row.root === 'projects' || row.root === 'users').map(nodeId));
    this.list.redrawRows(ids);
  }

  /** A project's or user's row, opened, focused and selected. */
  private async revealSource(source: ActivitySource): Promise<void> {
    const row = this.list.canonical({ type: 'source', source });
    await this.list.view.reveal(row, { expand: true, focus: true, select: true }).then(undefined, () => undefined);
  }

  /** Signed in or out: the rows from earlier stay under the view's progress bar until the fresh pages replace them. */
  private sessionChanged(): void {
    if (this.service.showsEarlier && this.list.view.visible) {
      void vscode.window.withProgress({ location: { viewId: VIEWS.activity } }, () => this.service.feeds.whenIdle());
    }
    this.poller.restart();
  }

  /** Settings changed: sources, page size or polling. */
  configChanged(affects: (key: string) => boolean): void {
    this.service.configChanged(affects);
    if (affects('pollInterval')) this.poller.restart();
  }

  /** One badge update for a burst of page loads. */
  private scheduleBadge(): void {
    if (this.badgeTimer) return;
    this.badgeTimer = setTimeout(() => {
      this.badgeTimer = undefined;
      this.updateBadge();
    }, 0);
  }

  /** The view's badge: unread events loaded, plus new ones a check found and My Activity has not loaded yet. */
  private updateBadge(): void {
    const count = this.session.signedIn ? this.service.unreadCount() : 0;
    if (count === this.badgeCount) return; // most page loads change nothing here: the workbench is not told
    this.badgeCount = count;
    this.list.view.badge = count > 0 ? { value: count, tooltip: vscode.l10n.t('{0} unread GitLab events', displayCount(count)) } : undefined;
    void vscode.commands.executeCommand('setContext', CONTEXT_KEYS.hasUnread, count > 0);
  }

  dispose(): void {
    if (this.badgeTimer) clearTimeout(this.badgeTimer);
    for (const d of this.disposables) d.dispose();
  }
}
