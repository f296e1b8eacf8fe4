import * as vscode from 'vscode';
import { normalizeInstanceUrl } from '../../app/instance';
import type { AccountKey } from '../../app/accountKey';
import { laterMarker, SeenMarkers } from '../../app/activity/seenMarkers';
import { projectInfo } from '../../app/activity/projectInfo';
import { createEventFeeds, earlierEventPages, eventListPlan, type EventFeeds, type EventListPlan } from '../../app/activity/eventFeeds';
import type { EarlierPages } from '../../app/lists/earlierPages';
import type { GitLabEvent, SortOrder } from '../../gitlab/types';
import { ActivityFilter } from '../../app/activity/filterState';
import { newestMarker } from '../../app/activity/pollSchedule';
import { idsFor } from '../../app/instanceSettings';
import type { ProjectDirectories } from '../../app/projectDirectory';
import { myActivity, projectSources, userSources, type ActivitySource } from '../../app/activity/sources';
import { CONTEXT_KEYS, STATE_KEYS, VIEWS } from '../../ids';
import type { ExtensionConfig, InstanceLists } from '../config';
import { Failures } from '../failures';
import { ListFilter } from '../lists/listFilter';
import { reportListFailures } from '../lists/listFailures';
import { viewInstances } from '../lists/listNodes';
import type { Log } from '../log';
import { ReadOnlyDocuments } from '../readOnlyDocuments';
import type { Session } from '../session';
import type { ActivityCommandContext } from './activityCommands';
import { ActivityItems, type TreeInstance } from './activityItems';
import { ActivityTreeProvider, type ActivityTreeContext } from './activityTreeProvider';
import { FilterPicks } from './filterPicks';
import { NewActivityPoller } from './newActivityPoller';
import { registerUnreadDecorations } from './unreadDecorations';
import type { ActivityNode } from './nodes';
import type { WorkspaceRepositories } from '../workspace';

/**
 * The Activity view: tree, filter, feeds, unread marks and new-activity polling, wired together; `commands` is what
 * its commands act on (registered beside it, see `registerActivity`).
 */
export class ActivityView implements vscode.Disposable {
  private readonly disposables: vscode.Disposable[] = [];
  private readonly feeds: EventFeeds;
  private readonly filter: ListFilter<ActivityFilter>;
  readonly commands: ActivityCommandContext;
  private readonly tree: ActivityTreeProvider;
  private readonly view: vscode.TreeView<ActivityNode>;
  private readonly poller: NewActivityPoller;
  /** Per instance key: the project paths the workspace's git remotes name there. */
  private remoteProjects = new Map<string, string[]>();
  private readonly seen: SeenMarkers;
  private badgeTimer?: ReturnType<typeof setTimeout>;
  private badgeCount = 0;
  private readonly earlier: EarlierPages<GitLabEvent, SortOrder>;
  /** Per instance key, the account whose lists the feeds hold: taken as they start over, at each session change. */
  private accounts = new Map<string, AccountKey>();
  /** Per list key: the ids of the first page kept last, so a page load that leaves it as it was writes nothing. */
  private readonly keptFirstPages = new Map<string, string>();

  constructor(
    private readonly session: Session,
    private readonly config: () => ExtensionConfig,
    private readonly directories: ProjectDirectories,
    workspaceState: vscode.Memento,
    globalState: vscode.Memento,
    private readonly log: Log,
    private readonly repositories: Pick<WorkspaceRepositories, 'projectPaths'>,
    private readonly lists: Pick<InstanceLists, 'add' | 'remove'>,
  ) {
    // Stored data is untrusted: invalid parts are dropped, never sent.
    const filter = ActivityFilter.deserialize(workspaceState.get(STATE_KEYS.filter));
    // Per account and source, across workspaces: what was seen of My Activity is the same in every window.
    this.seen = new SeenMarkers(globalState, STATE_KEYS.seen);
    this.earlier = earlierEventPages(globalState, STATE_KEYS.earlierPages);
    this.feeds = createEventFeeds(this.listPlan(filter));
    const treeContext: ActivityTreeContext = {
      signedIn: () => session.signedIn,
      instances: () => this.instances(),
      urlOf: (instance) => session.urlOf(instance),
      activeInstance: () => this.activeInstance(),
      projects: (instance) => this.projects(instance),
      users: (instance) => this.users(instance),
      isUnread: (source, event) => this.seen.isUnread(this.accountOf(source.instance), source.key, event),
    };
    const items = new ActivityItems(this.feeds, directories, treeContext);
    this.tree = new ActivityTreeProvider(this.feeds, directories, items, treeContext);
    this.view = vscode.window.createTreeView(VIEWS.activity, { treeDataProvider: this.tree, showCollapseAll: true });
    this.poller = new NewActivityPoller(this.view as vscode.TreeView<unknown>, {
      account: session.active,
      intervalSeconds: () => config().pollIntervalSeconds,
      // New means newer than both what My Activity shows and what was marked as seen.
      shownMarker: () => laterMarker(newestMarker(this.feeds.get(myActivity(this.activeInstance()).key).items),
        this.seen.marker(this.accountOf(this.activeInstance()), myActivity(this.activeInstance()).key)),
      onUnauthorized: (error, instanceUrl) => session.reportUnauthorized(error, instanceUrl),
      log: (message) => log.warn(message),
      pendingChanged: () => this.scheduleBadge(),
    }, () => this.feeds.resetOne(myActivity(this.activeInstance()).key), filter.newestFirstPlan());
    this.filter = new ListFilter({
      state: workspaceState, key: STATE_KEYS.filter, initial: filter, isEmpty: (f) => f.isEmpty,
      context: (f) => ({ [CONTEXT_KEYS.filtered]: !f.isEmpty }),
      view: this.view, viewId: VIEWS.activity, signedIn: () => session.signedIn,
      pushDown: (f) => {
        this.feeds.reset({ keepShown: true, plan: this.listPlan(f) });
        this.poller.restart(f.newestFirstPlan());
      },
      // The open feeds' first pages start now, whenever VS Code asks for their rows; the tree finds them loading.
      loadOpen: () => {
        if (this.view.visible) this.tree.loadOpenFeeds();
      },
      lists: this.feeds,
      redrawn: () => this.treeRedrawn(),
    });
    const documents = new ReadOnlyDocuments();
    this.commands = {
      session, failures: new Failures(session, log), feeds: this.feeds, directories, lists: this.lists, tree: this.tree, links: items, view: this.view,
      picks: new FilterPicks(this.filter), sources: () => this.allSources(), refreshAll: () => this.refreshAll(),
      activeInstance: () => this.activeInstance(), plan: () => this.filter.filter.plan(), documents, markAllSeen: () => this.markAllSeen(),
    };
    this.disposables.push(
      items, this.tree, this.view, this.poller, documents,
      this.view.onDidExpandElement((e) => this.tree.noteExpansion(e.element, true)),
      this.view.onDidCollapseElement((e) => this.tree.noteExpansion(e.element, false)),
      // The open feeds start loading as the view comes into sight, not after the workbench has asked for their rows.
      this.view.onDidChangeVisibility((e) => {
        if (e.visible) this.tree.loadOpenFeeds();
      }),
      reportListFailures(this.feeds, (key) => this.allSources().find((source) => source.key === key)?.instance, session, log),
      this.feeds.onDidChange((key) => void this.noteShown(key)),
      this.feeds.onDidChange((key) => void this.keepFirstPage(key)),
      registerUnreadDecorations(),
    );
  }

  /**
   * Refreshes the tree and resolves once VS Code has drawn it (or at once while the view is not shown): VS Code sends
   * a view's message at once but redraws the tree only after asking for its rows again, so a new filter's label waits.
   */
  private async treeRedrawn(): Promise<void> {
    this.tree.refresh();
    if (!this.view.visible || !this.session.signedIn) return;
    // `reveal` waits for the tree's pending refreshes to be drawn; the always-present first root barely scrolls.
    await this.view.reveal(this.tree.myActivityRoot, { select: false, focus: false, expand: false }).then(undefined, () => undefined);
  }

  /** Signed in or out, or the instance changed: start over. */
  sessionChanged(): void {
    this.filter.describe();
    this.directories.clear();
    this.forgetSignedOut();
    this.feeds.reset();
    const seeded = this.seedEarlierPages();
    this.tree.refresh();
    if (this.view.visible) this.tree.loadOpenFeeds();
    // The rows from earlier stay under the view's progress bar until the fresh pages replace them.
    if (seeded && this.view.visible) void vscode.window.withProgress({ location: { viewId: VIEWS.activity } }, () => this.feeds.whenIdle());
    void this.detectRemotes();
    this.poller.restart();
    this.scheduleBadge();
  }

  /** An account's user became known: its lists stay (loaded with the same token); its kept state is now its own. */
  accountsIdentified(): void {
    this.forgetSignedOut();
    // The lists read before their user was known take their first look, and keep their first page, under its account.
    for (const source of this.allSources()) {
      void this.noteShown(source.key);
      void this.keepFirstPage(source.key);
    }
  }

  /** A username became known: the roots name it; the lists stay as they are. */
  namesChanged(): void {
    this.tree.refresh();
  }

  /**
   * Only the signed-in accounts keep their kept pages and marks: one signed out, replaced by another person's sign-in,
   * or found gone at start (no token) keeps nothing. An instance whose user is not known yet keeps what waits for it.
   */
  private forgetSignedOut(): void {
    this.accounts = new Map(this.session.all.flatMap((account) => (account.accountKey ? [[account.key, account.accountKey]] : [])));
    const accounts = new Set(this.accounts.values());
    const waiting = new Set(this.session.all.filter((account) => !account.accountKey).map((account) => account.key));
    void this.earlier.keepOnly(accounts, waiting);
    void this.seen.keepOnly(accounts, waiting);
    this.keptFirstPages.clear();
  }

  /** The account of an instance's lists (see `accounts`), once known: kept pages and marks are keyed by it. */
  private accountOf(instance: string): AccountKey | undefined {
    return this.accounts.get(instance);
  }

  /**
   * Each signed-in list's first page as last shown, at once, marked as from earlier (only under no filter: the pages
   * are kept under none). True when any list was seeded.
   */
  private seedEarlierPages(): boolean {
    if (!this.filter.filter.isEmpty) return false;
    let seeded = false;
    for (const source of this.allSources()) {
      const page = this.earlier.page(this.accountOf(source.instance), source.key);
      if (!page) continue;
      this.feeds.seed(source.key, page.items, page.order);
      seeded = true;
    }
    return seeded;
  }

  /** A list's fresh first page, under no filter, is kept for the next session (see `EarlierPages`). */
  private async keepFirstPage(key: string | undefined): Promise<void> {
    if (key === undefined || !this.filter.filter.isEmpty) return;
    const source = this.allSources().find((candidate) => candidate.key === key);
    const state = this.feeds.get(key);
    const account = source && this.accountOf(source.instance);
    if (!account || !state.started || state.stale || state.hasError) return;
    const page = state.items.slice(0, this.config().pageSize);
    // A server of the interface alone sends no ids: what the rows say stands in for them.
    const ids = page.map((event) => event.id ?? JSON.stringify([event.created_at, event.action_name, event.target_type, event.target_id, event.target_title])).join(',');
    if (this.keptFirstPages.get(key) === ids) return;
    this.keptFirstPages.set(key, ids);
    await this.earlier.remember(account, key, page, state.order);
  }

  /** Settings changed: sources, page size or polling. */
  configChanged(affects: (key: string) => boolean): void {
    if (affects('pageSize')) this.feeds.reset({ plan: this.listPlan(this.filter.filter) });
    if (affects('pollInterval')) this.poller.restart();
    if (affects('projects') || affects('users')) this.tree.refresh();
  }

  refreshAll(): void {
    this.feeds.reset();
    void this.detectRemotes();
  }

  /** Each signed-in instance's projects named by the workspace's git remotes (a remote names one host). */
  private async detectRemotes(): Promise<void> {
    const found = new Map<string, string[]>();
    for (const account of this.session.all) {
      try {
        found.set(account.key, await this.repositories.projectPaths(account.instanceUrl));
      } catch (error) {
        this.log.error('Reading the workspace git remotes', error);
      }
    }
    this.remoteProjects = found;
    this.tree.refresh();
  }

  /** What the feeds ask for under `filter`, each source with its own instance's client. */
  private listPlan(filter: ActivityFilter): EventListPlan {
    return eventListPlan(filter.plan(), {
      pageSize: this.config().pageSize, filtered: !filter.isEmpty, api: (source) => this.session.apiFor(source.instance),
    });
  }

  private instances(): TreeInstance[] {
    return viewInstances(this.session.all);
  }

  private activeInstance(): string {
    return normalizeInstanceUrl(this.session.instanceUrl);
  }

  private projects(instance: string): ActivitySource[] {
    return projectSources(idsFor(this.config().entries.projects, instance), this.remoteProjects.get(instance) ?? [], instance);
  }

  private users(instance: string): ActivitySource[] {
    return userSources(idsFor(this.config().entries.users, instance), instance);
  }

  /** The active instance's projects in the tree, named where known, for the notification settings editor. */
  projectScopes(): Array<{ id: string; label?: string; path?: string }> {
    const instance = this.activeInstance();
    return this.projects(instance).map((source) => {
      const info = projectInfo(this.directories.for(instance).get(source.ref));
      return { id: source.ref, label: info?.name, path: info?.pathWithNamespace };
    });
  }

  private allSources(): ActivitySource[] {
    return this.session.all.flatMap((account) => [myActivity(account.key), ...this.projects(account.key), ...this.users(account.key)]);
  }

  /**
   * A source's first newest-first page, never marked before: what it shows counts as seen, so a first look shows
   * nothing unread. Then the badge follows.
   */
  private async noteShown(key: string | undefined): Promise<void> {
    const instance = this.allSources().find((source) => source.key === key)?.instance;
    const account = instance === undefined ? undefined : this.accountOf(instance);
    if (key !== undefined && account && this.filter.filter.sort === 'desc') {
      const state = this.feeds.get(key);
      if (state.started && !state.stale && !state.hasError && await this.seen.initialize(account, key, state.items)) this.tree.refreshFeed(key);
    }
    this.scheduleBadge();
  }

  /** One badge update for a burst of page loads. */
  private scheduleBadge(): void {
    if (this.badgeTimer) return;
    this.badgeTimer = setTimeout(() => {
      this.badgeTimer = undefined;
      this.updateBadge();
    }, 0);
  }

  /** The view's badge: unread events loaded, plus new ones the poller found and My Activity has not loaded yet. */
  private updateBadge(): void {
    let count = this.session.signedIn ? this.poller.pending : 0;
    if (this.session.signedIn) {
      for (const source of this.allSources()) count += this.seen.unreadCount(this.accountOf(source.instance), source.key, this.feeds.get(source.key).items);
    }
    if (count === this.badgeCount) return; // most page loads change nothing here: the workbench is not told
    this.badgeCount = count;
    this.view.badge = count > 0 ? { value: count, tooltip: vscode.l10n.t('{0} unread GitLab events', count) } : undefined;
    void vscode.commands.executeCommand('setContext', CONTEXT_KEYS.hasUnread, count > 0);
  }

  /** Every event loaded, and any newer one the poller saw, is seen: the marks and the badge clear. */
  async markAllSeen(): Promise<void> {
    const active = myActivity(this.activeInstance()).key;
    const byAccount = new Map<AccountKey, Parameters<SeenMarkers['markSeen']>[1]>();
    for (const source of this.allSources()) {
      const account = this.accountOf(source.instance);
      if (!account) continue;
      const list = byAccount.get(account) ?? [];
      // The poller watches the active instance's My Activity only.
      list.push({ source: source.key, events: this.feeds.get(source.key).items, newest: source.key === active ? this.poller.newest : undefined });
      byAccount.set(account, list);
    }
    for (const [account, sources] of byAccount) await this.seen.markSeen(account, sources);
    this.poller.forgetPending();
    this.tree.refresh();
    this.updateBadge();
  }

  dispose(): void {
    if (this.badgeTimer) clearTimeout(this.badgeTimer);
    for (const d of this.disposables) d.dispose();
  }
}
