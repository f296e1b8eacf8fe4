import type { GitLabApi } from '../../gitlab/api';
import { GitLabError } from '../../gitlab/errors';
import type { FeedApi } from '../../gitlab/feedApi';
import type { GitLabEvent } from '../../gitlab/types';
import { FeedPages } from '../feeds/feedPages';
import type { FeedPlan as MergedFeedPlan, NewerEvents } from '../feeds/feedPlan';
import {
  followedPlan, hasScopeAllHead, pollStarred, pollYourProjects, readFeedSupport, starredPlan, yourProjectsPlan, type FeedOptions, type FeedSupport,
} from '../feeds/feedPlans';
import type { MergedFeed } from '../feeds/mergedFeed';
import { MAX_FEED_IN_FLIGHT } from '../feeds/feedPlan';
import type { ListRequest } from '../lists/listStore';
import type { FeedPlan } from './activityTabs';
import type { EventFeeds } from './eventFeeds';
import type { ActivitySource, DashboardFeed } from './sources';

/** What a dashboard feed reads of a signed-in account: its clients, and its user's numeric id once known. */
export interface DashboardAccount {
  readonly key: string;
  readonly api: GitLabApi;
  /** The feeds' client over the account's own transport; without one, its feeds are not read. */
  readonly feeds?: FeedApi;
  readonly userId?: number;
}

export interface DashboardFeedsDeps {
  account(instance: string): DashboardAccount | undefined;
  log: { error(what: string, error: unknown): void };
  now?: () => number;
}

/** Where one feed's poll stands: the stars' last activities it compares with, the next followee of its round robin. */
interface PollState {
  activity?: Map<string, string>;
  next: number;
}

/**
 * GitLab's dashboard feeds as lists of the Activity (Your projects, Starred projects, People you follow): each a
 * merged feed read through `FeedPages`, so the one list machinery pages it like any listing. Per account, whether the
 * server is GitLab is asked once (`GET /version`): a plain server's "no" is kept, so its feeds say so in one line and
 * no refresh asks again. The poll reads the fewest requests GitLab allows a feed a cycle (`poll`).
 */
export class DashboardFeeds {
  readonly pages = new FeedPages();
  private readonly support = new Map<string, Promise<FeedSupport>>();
  /** The answers of `support` once in: the version, or a server that is no GitLab (asked nothing more until sign-in). */
  private readonly known = new Map<string, FeedSupport | GitLabError>();
  private readonly userIds = new Map<string, Promise<number>>();
  private readonly polls = new Map<string, PollState>();

  constructor(private readonly deps: DashboardFeedsDeps) {}

  /** How list `source` is read under the tab's plan: page 1 a new merged feed, page n + 1 its next load. */
  request(source: ActivitySource, tab: FeedPlan, pageSize: number): ListRequest<GitLabEvent> | undefined {
    const account = this.deps.account(source.instance);
    if (source.source.kind !== 'feed' || !account?.feeds) return undefined;
    const api = account.feeds;
    const feed = source.source.feed;
    let plan: (() => MergedFeedPlan) | undefined;
    const fetcher = this.pages.fetcher(source.key, () => plan!());
    return {
      keepsItself: true,
      onRateLimited: api.onRateLimited && ((listener) => api.onRateLimited!(listener)),
      fetchPage: async (page, signal) => {
        if (page === 1) {
          const options: FeedOptions = { api, pageSize, filter: tab.request, keep: tab.keep };
          const support = this.supportOf(account, signal);
          support.catch(() => undefined); // awaited below, or by the feed's first load
          if (feed === 'yourProjects') {
            // While the version is not known, the feed's first requests go out beside it: its first rows one round trip away.
            const known = this.known.get(account.key);
            if (known instanceof Error) throw known;
            plan = () => yourProjectsPlan(options, known ?? support);
          } else {
            const supported = await support;
            const userId = feed === 'followed' ? await this.userIdOf(account, signal) : undefined;
            plan = () => planOf(feed, options, supported, userId);
          }
          this.polls.delete(source.key);
        }
        return fetcher(page, signal);
      },
    };
  }

  /** The feed of list `key`, while its list is read (its sources' rows). */
  feed(key: string): MergedFeed | undefined {
    return this.pages.feed(key);
  }

  /**
   * The Retry of a feed's source that failed: that source alone is read again, from the page it failed at, by a load
   * that continues the list (its rows stay; what the source holds among them comes late, see `lateOnTop`). Without its
   * feed (the list was read again since) or its failure, the whole list is read again. A load under way reads it.
   */
  async retrySource(lists: EventFeeds, source: ActivitySource, sourceKey: string): Promise<void> {
    const feed = this.pages.feed(source.key);
    const state = lists.get(source.key);
    if (!feed || !state.started || state.stale || !feed.retry(sourceKey)) {
      lists.resetOne(source.key);
      return;
    }
    if (state.loading) return;
    lists.reopen(source.key);
    await lists.loadMore(source);
  }

  /**
   * A feed's late events newer than its top go on top of list `key`, as a poll's new events do: no row moves. The others
   * stay counted in the feed's status (its late row offers a refresh).
   */
  lateOnTop(lists: EventFeeds, key: string): void {
    const feed = this.pages.feed(key);
    const state = lists.get(key);
    if (!feed || !state.started || state.stale) return;
    const above = feed.takeLateAboveTop();
    if (above.length > 0) lists.prepend(key, above);
  }

  /** Signed in or out: every feed stops, and each server is asked again what it is. */
  forget(): void {
    this.polls.clear();
    this.support.clear();
    this.known.clear();
    this.userIds.clear();
    this.pages.forgetAll();
  }

  /**
   * One cycle of the check for new events in the feeds that are shown newest first and read: Your projects one
   * request (`scope=all`, GitLab 15.0+ and no server-side filter), Starred projects the stars and page 1 of at most
   * four that moved, People you follow page 1 of at most four followees in turn; never one request per source. What is
   * newer goes on top of its list; a gap reads the list again. A feed's failure is logged and costs the others nothing.
   */
  async poll(lists: EventFeeds, sources: readonly ActivitySource[], tab: FeedPlan): Promise<void> {
    await Promise.all(sources.map(async (source) => {
      const feed = this.pages.feed(source.key);
      const state = lists.get(source.key);
      const account = this.deps.account(source.instance);
      if (source.source.kind !== 'feed' || !feed || !account?.feeds) return;
      if (!state.started || state.stale || state.hasError || state.loading || state.order === 'asc') return;
      try {
        const support = await this.supportOf(account);
        const newer = await this.pollOne(source.key, source.source.feed, feed, account.feeds, hasScopeAllHead(support, tab.request));
        if (newer.gap) lists.resetOne(source.key);
        else if (newer.added.length > 0) lists.prepend(source.key, newer.added);
      } catch (error) {
        this.deps.log.error(`Checking ${source.key} for new events`, error);
      }
    }));
  }

  private async pollOne(key: string, kind: DashboardFeed, feed: MergedFeed, api: FeedApi, scopeAll: boolean): Promise<NewerEvents> {
    const state = this.polls.get(key) ?? { next: 0 };
    this.polls.set(key, state);
    if (kind === 'yourProjects' && scopeAll) return pollYourProjects(api, feed);
    if (kind === 'starred') {
      const before = state.activity ?? new Map((feed.status().sources ?? []).flatMap((s) => (s.lastActivityAt ? [[s.key, s.lastActivityAt] as const] : [])));
      const { newer, activity } = await pollStarred(api, feed, before, (this.deps.now ?? Date.now)());
      state.activity = activity;
      return newer;
    }
    // No one request tells what is new (followees; an older GitLab's projects): page 1 of a few sources a cycle, in turn.
    const keys = (feed.status().sources ?? []).filter((s) => s.progress !== 'failed').map((s) => s.key);
    if (keys.length === 0) return { added: [], gap: false, failed: new Map() };
    const turn = Array.from({ length: Math.min(MAX_FEED_IN_FLIGHT, keys.length) }, (_, i) => keys[(state.next + i) % keys.length]);
    state.next = (state.next + turn.length) % keys.length;
    return feed.refresh(turn);
  }

  /** Whether the account's server is GitLab, asked once; a failure that may pass is asked again next time. */
  private supportOf(account: DashboardAccount, signal?: AbortSignal): Promise<FeedSupport> {
    let support = this.support.get(account.key);
    if (!support) {
      const asked = readFeedSupport(account.feeds!, signal);
      support = asked;
      this.support.set(account.key, asked);
      asked.then((answer) => { if (this.support.get(account.key) === asked) this.known.set(account.key, answer); }, (error: unknown) => {
        if (this.support.get(account.key) !== asked) return;
        if (error instanceof GitLabError && error.kind === 'unsupported') this.known.set(account.key, error);
        else this.support.delete(account.key);
      });
    }
    return support;
  }

  /** The numeric id `/users/:id/following` needs: the session's, else asked of `GET /user` once. */
  private userIdOf(account: DashboardAccount, signal?: AbortSignal): Promise<number> {
    if (account.userId !== undefined) return Promise.resolve(account.userId);
    let id = this.userIds.get(account.key);
    if (!id) {
      id = account.api.getCurrentUser(signal).then((user) => user.id);
      this.userIds.set(account.key, id);
      id.catch(() => this.userIds.get(account.key) === id && this.userIds.delete(account.key));
    }
    return id;
  }
}

function planOf(feed: DashboardFeed, options: FeedOptions, support: FeedSupport, userId: number | undefined): MergedFeedPlan {
  switch (feed) {
    case 'yourProjects': return yourProjectsPlan(options, support);
    case 'starred': return starredPlan(options);
    case 'followed': return followedPlan(options, userId!);
  }
}
