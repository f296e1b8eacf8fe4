import type { GitLabApi } from '../../gitlab/api';
import type { FeedApi } from '../../gitlab/feedApi';
import type { GitLabEvent, SortOrder } from '../../gitlab/types';
import type { AccountKey } from '../accountKey';
import { Emitter } from '../emitter';
import { normalizeInstanceUrl } from '../instance';
import { idsFor, type InstanceEntry } from '../instanceSettings';
import type { ProjectDirectories } from '../projectDirectory';
import { ListService } from '../lists/listService';
import { eventKey, eventListPlan, type EventFeeds, type EventListPlan } from './eventFeeds';
import type { ActivityFilter } from './filterState';
import { KeptActivity, type KeptStateStore } from './keptActivity';
import { NewActivity } from './newActivity';
import { newestMarker } from './pollSchedule';
import { laterMarker } from './seenMarkers';
import { projectInfo } from './projectInfo';
import type { FeedStatus } from '../feeds/feedPlan';
import { DashboardFeeds } from './dashboardFeeds';
import { DASHBOARD_FEEDS, dashboardFeed, myActivity, projectSources, userSources, type ActivitySource } from './sources';

/** A signed-in account as the Activity reads it: its instance's key and URL, its own client, its account once known. */
export interface ActivityAccount {
  readonly key: string;
  readonly instanceUrl: string;
  readonly api: GitLabApi;
  readonly accountKey?: AccountKey;
  /** The dashboard feeds' client over the same transport; without one, the account's feeds are not read. */
  readonly feeds?: FeedApi;
  /** The user's numeric id, once known (People you follow needs it; else `GET /user` is asked). */
  readonly userId?: number;
}

export interface ActivityServiceDeps {
  accounts(): readonly ActivityAccount[];
  /** The instance the new-activity check watches and commands without a row act on (its URL as signed in). */
  activeInstanceUrl(): string;
  /** The settings the lists follow: the page size and each instance's projects and users. */
  settings(): { pageSize: number; entries: { projects: readonly InstanceEntry[]; users: readonly InstanceEntry[] } };
  /** The workspace's projects on an instance (their full paths), from its git remotes. */
  workspaceProjects(instanceUrl: string): Promise<string[]>;
  directories: ProjectDirectories;
  /** Where the seen markers and first pages are kept (global state). */
  store: KeptStateStore;
  /** The filter the lists start with (the one kept in the workspace). */
  filter: ActivityFilter;
  log: { error(what: string, error: unknown): void };
  /** The clock the feeds' poll compares GitLab's last activities with (default `Date.now`). */
  now?: () => number;
}

/** The lists of one instance: My Activity, its projects and users, and GitLab's three dashboard feeds. */
export interface InstanceSources {
  mine: ActivitySource;
  projects: ActivitySource[];
  users: ActivitySource[];
  /** Your projects, Starred projects, People you follow. */
  feeds: ActivitySource[];
}

/**
 * The Activity below its view: each signed-in account's lists (My Activity, its projects' and users' events, through
 * the one list machinery), the tab and filter they follow, which projects and users there are, what is unread and
 * kept for the person (`KeptActivity`), and new activity (`NewActivity`). Change events say what changed: a list (its
 * key), the unread marks of lists, the sources of an instance, the unread count. Knows no editor: the view draws it.
 */
export class ActivityService extends ListService<ActivitySource, GitLabEvent, SortOrder, ActivityFilter, ActivityAccount> {
  readonly kept: KeptActivity;
  readonly newActivity: NewActivity;
  /** The dashboard feeds' reading and their poll (their lists are in `feeds` with the others). */
  readonly dashboard: DashboardFeeds;
  /** Per instance key: the project paths the workspace's git remotes name there. */
  private remoteProjects = new Map<string, string[]>();
  private readonly seenChanges = new Emitter<readonly string[]>();
  /** The unread marks of these lists changed (a first look, Mark All as Seen). */
  readonly onDidChangeSeen = this.seenChanges.event;
  private readonly sourceChanges = new Emitter<void>();
  /** The projects or users of an instance changed (the settings, the workspace's remotes). */
  readonly onDidChangeSources = this.sourceChanges.event;
  private readonly unreadChanges = new Emitter<void>();
  /** The unread count may have changed (a page, a mark, a check for new events). */
  readonly onDidChangeUnread = this.unreadChanges.event;
  /** Whether the last start seeded pages from earlier (shown until the fresh pages replace them). */
  showsEarlier = false;

  constructor(private readonly deps: ActivityServiceDeps) {
    super({ accounts: () => deps.accounts(), pageSize: () => deps.settings().pageSize, filter: deps.filter }, eventKey);
    this.kept = new KeptActivity(deps.store, this.feeds);
    this.dashboard = new DashboardFeeds({ account: (instance) => this.account(instance), log: deps.log, now: deps.now });
    this.newActivity = new NewActivity({
      feeds: this.feeds, plan: () => this.current.newestFirstPlan(), changed: () => this.unreadChanges.fire(),
      active: () => {
        const account = this.account(this.activeInstance());
        return account && { source: myActivity(account.key), api: account.api };
      },
      // Loaded, or marked as seen: a check counts only what is newer than both.
      shownMarker: (source) => laterMarker(newestMarker(this.feeds.get(source.key).items), this.kept.marker(source)),
    });
    this.feeds.onDidChange((key) => {
      const source = key === undefined ? undefined : this.sourceOf(key);
      // A feed's load may have found events late: those newer than its top join it.
      if (source?.source.kind === 'feed') this.dashboard.lateOnTop(this.feeds, source.key);
      if (source) void this.pageShown(source);
      else this.unreadChanges.fire();
    });
  }

  /** The lists: each source's events, recording the `sort` its rows were asked with. */
  get feeds(): EventFeeds {
    return this.lists;
  }

  /** The key of the active instance. */
  activeInstance(): string {
    return normalizeInstanceUrl(this.deps.activeInstanceUrl());
  }

  /** What the feeds ask for under the filter, each source with its own instance's client. */
  protected plan(): EventListPlan {
    const tab = this.current.plan();
    const pageSize = this.base.pageSize();
    return eventListPlan(tab, {
      pageSize, filtered: !this.current.isEmpty, api: (source) => this.account(source.instance)?.api,
      // Reached lazily: the first plan is asked for before this class's own fields are set.
      feedRequest: (source) => this.dashboard.request(source, tab, pageSize),
    });
  }

  sources(instance: string): InstanceSources {
    const { entries } = this.deps.settings();
    return {
      mine: myActivity(instance),
      projects: projectSources(idsFor(entries.projects, instance), this.remoteProjects.get(instance) ?? [], instance),
      users: userSources(idsFor(entries.users, instance), instance),
      feeds: DASHBOARD_FEEDS.map((feed) => dashboardFeed(feed, instance)),
    };
  }

  /** Every signed-in instance's lists. */
  allSources(): ActivitySource[] {
    return this.deps.accounts().flatMap((account) => {
      const { mine, projects, users, feeds } = this.sources(account.key);
      return [mine, ...projects, ...users, ...feeds];
    });
  }

  sourceOf(key: string): ActivitySource | undefined {
    return this.allSources().find((source) => source.key === key);
  }

  /** Signed in or out, or the instance changed: everything starts over, the pages kept from earlier shown at once. */
  override sessionChanged(): void {
    this.deps.directories.clear();
    void this.kept.keepOnly(this.deps.accounts());
    this.dashboard.forget();
    this.feeds.reset();
    // Kept under no filter only: the rows from earlier are only those.
    this.showsEarlier = this.current.isEmpty && this.kept.seedEarlierPages(this.allSources());
    void this.detectRemotes();
    this.newActivity.forget();
    this.unreadChanges.fire();
  }

  /** An account's user became known: its lists stay (loaded with the same token); its kept state is now its own. */
  accountsIdentified(): void {
    void this.kept.keepOnly(this.deps.accounts());
    // The lists read before their user was known take their first look, and keep their first page, under its account.
    for (const source of this.allSources()) void this.pageShown(source);
  }

  /** The settings changed: the page size reads every list again; projects or users change the sources. */
  configChanged(affects: (key: string) => boolean): void {
    if (affects('pageSize')) this.feeds.reset({ plan: this.plan() });
    if (affects('projects') || affects('users')) this.sourceChanges.fire();
  }

  /**
   * List `key` read again (its Retry), or without a key every list and the workspace's remotes; project names that
   * failed to load (network, 429, 401) are asked for again too.
   */
  override refresh(key?: string): void {
    this.deps.directories.forgetFailures();
    if (key !== undefined) {
      this.feeds.resetOne(key);
      return;
    }
    this.feeds.reset();
    void this.detectRemotes();
  }

  /** A dashboard feed's source that failed, read again alone (its Retry; see `DashboardFeeds.retrySource`). */
  retryFeedSource(key: string, sourceKey: string): Promise<void> {
    const source = this.sourceOf(key);
    if (source?.source.kind !== 'feed') return Promise.resolve();
    return this.dashboard.retrySource(this.feeds, source, sourceKey);
  }

  /** A dashboard feed's sources and bounds, while its list is read. */
  feedStatus(key: string): FeedStatus | undefined {
    return this.dashboard.feed(key)?.status();
  }

  /** One cycle of the check for new events in the dashboard feeds read so far (see `DashboardFeeds.poll`). */
  pollFeeds(): Promise<void> {
    const sources = this.deps.accounts().flatMap((account) => this.sources(account.key).feeds);
    return this.dashboard.poll(this.feeds, sources, this.current.plan());
  }

  /** Each signed-in instance's projects named by the workspace's git remotes (a remote names one host). */
  private async detectRemotes(): Promise<void> {
    const found = new Map<string, string[]>();
    for (const account of this.deps.accounts()) {
      try {
        found.set(account.key, await this.deps.workspaceProjects(account.instanceUrl));
      } catch (error) {
        this.deps.log.error('Reading the workspace git remotes', error);
      }
    }
    const changed = JSON.stringify([...found]) !== JSON.stringify([...this.remoteProjects]);
    this.remoteProjects = found;
    if (changed) this.sourceChanges.fire();
  }

  /** A list's page came: its first look marks what it shows as seen, its first page is kept, the count follows. */
  private async pageShown(source: ActivitySource): Promise<void> {
    const { pageSize } = this.deps.settings();
    if (this.current.isEmpty) void this.kept.keepFirstPage(source, pageSize);
    // Marked on a newest-first first page only.
    if (this.current.sort === 'desc' && await this.kept.noteShown(source)) this.seenChanges.fire([source.key]);
    this.unreadChanges.fire();
  }

  /** The active instance's projects, named where known, for the notification settings editor. */
  projectScopes(): Array<{ id: string; label?: string; path?: string }> {
    const instance = this.activeInstance();
    return this.sources(instance).projects.map((source) => {
      const info = projectInfo(this.deps.directories.for(instance).get(source.ref));
      return { id: source.ref, label: info?.name, path: info?.pathWithNamespace };
    });
  }

  isUnread(source: ActivitySource, event: GitLabEvent): boolean {
    return this.kept.isUnread(source, event);
  }

  /** Unread events loaded, plus new ones a check found and My Activity has not loaded yet. */
  unreadCount(): number {
    return this.deps.accounts().length === 0 ? 0 : this.kept.unreadCount(this.allSources(), this.newActivity.pending);
  }

  /** Every event loaded, and any newer one a check saw, is seen: the marks and the count clear. */
  async markAllSeen(): Promise<void> {
    const sources = this.allSources();
    const active = myActivity(this.activeInstance()).key;
    // The check watches the active instance's My Activity only.
    await this.kept.markSeen(sources, (source) => (source.key === active ? this.newActivity.newest : undefined));
    this.newActivity.forget();
    this.seenChanges.fire(sources.map((source) => source.key));
    this.unreadChanges.fire();
  }
}
