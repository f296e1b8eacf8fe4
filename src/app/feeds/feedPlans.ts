import type { FeedApi } from '../../gitlab/feedApi';
import type { FeedProject, GitLabVersion } from '../../gitlab/feedTypes';
import { NO_FILTER, type ValidEventFilter } from '../../gitlab/filter';
import type { GitLabEvent, Page } from '../../gitlab/types';
import { MAX_FEED_IN_FLIGHT } from './feedPlan';
import type { FeedPlan, NewerEvents } from './feedPlan';
import type { FeedSource, FeedSourceList } from './feedSource';
import type { MergedFeed } from './mergedFeed';

/** GitLab's three dashboard feeds as merged feeds (notes/gitlab-feeds.md §6): where their sources come from. */

/** GitLab's `scope=all` window (`EventCollection`'s limit), and the page a poll of it reads. */
export const SCOPE_ALL_WINDOW = 20;
/** Pages of `/users/:id/following` read at most (GitLab allows 300 followees: 3 pages of 100). */
const MAX_FOLLOWING_PAGES = 4;

/** What the feeds need to know of the server: that it is GitLab, and whether its `scope=all` may be the first page. */
export interface FeedSupport {
  version: string;
  /** GitLab 15.0 or later: `scope=all` answers the 20 newest events of the user's projects (§1.4). */
  scopeAllHead: boolean;
}

/** From `GET /version` (`18.2.1`, `17.10.0-pre`, `16.11.10-ee`); a version it cannot read takes no head. */
export function feedSupport(version: GitLabVersion): FeedSupport {
  const match = /^(\d+)\.(\d+)/.exec(version.version);
  return { version: version.version, scopeAllHead: match !== null && Number(match[1]) >= 15 };
}

/** Reads the version; rejects `unsupported` ("The activity feeds need GitLab…") on a server that is not GitLab. */
export async function readFeedSupport(api: FeedApi, signal?: AbortSignal): Promise<FeedSupport> {
  return feedSupport(await api.getVersion(signal));
}

export interface FeedOptions {
  api: FeedApi;
  /** Rows per load; also each source's `per_page` (at most 100). */
  pageSize: number;
  /** The filter sent to every source (validated where it entered). */
  filter?: ValidEventFilter;
  /** The tab's client-side predicate. */
  keep?: (event: GitLabEvent) => boolean;
}

/** Whether the filter narrows what GitLab sends: `scope=all` would then filter within its 20 only (§1.4). */
const serverFiltered = (filter: ValidEventFilter): boolean =>
  filter.action !== undefined || filter.target_type !== undefined || filter.before !== undefined || filter.after !== undefined || filter.sort === 'asc';

/** Whether Your projects takes `scope=all`'s 20 as its first page, and its poll one request: GitLab 15.0+, no server-side filter. */
export function hasScopeAllHead(support: FeedSupport, filter: ValidEventFilter = NO_FILTER): boolean {
  return support.scopeAllHead && !serverFiltered(filter);
}

function basePlan(options: FeedOptions, sources: FeedPlan['sources']): FeedPlan {
  const { api, pageSize } = options;
  return {
    pageSize, sourcePageSize: Math.min(pageSize, 100), order: options.filter?.sort ?? 'desc', keep: options.keep, sources,
    onRateLimited: api.onRateLimited && ((listener) => api.onRateLimited!(listener)),
  };
}

/** A project's events as a source, with GitLab's last activity as its hint. */
function projectSource(options: FeedOptions, project: FeedProject): FeedSource {
  const filter = options.filter ?? NO_FILTER;
  return {
    key: `project:${project.id}`, lastActivityAt: project.last_activity_at, label: project.path_with_namespace ?? project.name,
    read: (page, perPage, signal) => options.api.listEvents({ kind: 'project', id: project.id }, filter, { page, perPage }, signal),
  };
}

/** One page of 100 projects (most recently active first), and how many more the list holds. */
function projectList(options: FeedOptions, answer: Page<FeedProject>): FeedSourceList {
  const beyond = answer.total !== undefined ? Math.max(0, answer.total - answer.items.length) : answer.nextPage !== undefined ? 'unknown' : 0;
  return { sources: answer.items.map((project) => projectSource(options, project)), beyond };
}

/**
 * Your projects: the user's projects (`membership=true`, GitLab's authorized projects), most recently active first;
 * on GitLab 15.0+ and with no server-side filter, `scope=all`'s 20 newest events are the first page (one request).
 * `support` may still be on its way (`GET /version` sent a moment before): then the head and the list of projects go
 * out beside it, so the first rows are one round trip away, and the head's answer is used only once the version says
 * 15.0+ (below it, or on a server that is no GitLab, it is dropped: an older GitLab may answer the user's own events).
 * The list waits for the version too, so a server that is no GitLab fails the feed with `unsupported`.
 */
export function yourProjectsPlan(options: FeedOptions, support: FeedSupport | Promise<FeedSupport>): FeedPlan {
  if (!(support instanceof Promise)) {
    const plan = basePlan(options, async (signal) => projectList(options, await options.api.listMemberProjects({ page: 1, perPage: 100 }, signal)));
    return hasScopeAllHead(support, options.filter) ? { ...plan, head: (signal) => scopeAllHead(options.api, signal) } : plan;
  }
  const plan = basePlan(options, async (signal) => {
    const listing = settled(options.api.listMemberProjects({ page: 1, perPage: 100 }, signal));
    await support;
    return projectList(options, await listing);
  });
  if (serverFiltered(options.filter ?? NO_FILTER)) return plan;
  const head = async (signal: AbortSignal) => {
    const own = new AbortController();
    const stop = () => own.abort();
    if (signal.aborted) stop();
    signal.addEventListener('abort', stop);
    try {
      const answer = settled(scopeAllHead(options.api, own.signal));
      if (!(await support).scopeAllHead) {
        own.abort();
        return undefined;
      }
      return await answer;
    } finally {
      signal.removeEventListener('abort', stop);
    }
  };
  return { ...plan, head };
}

/** `scope=all`'s page of 20, unfiltered. */
async function scopeAllHead(api: FeedApi, signal: AbortSignal): Promise<GitLabEvent[]> {
  return (await api.listEvents({ kind: 'yourProjects' }, NO_FILTER, { page: 1, perPage: SCOPE_ALL_WINDOW }, signal)).items;
}

/** `promise`, its rejection handled until it is awaited (it may be dropped unread). */
function settled<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}

/** Starred projects: the user's stars he can see, most recently active first. */
export function starredPlan(options: FeedOptions): FeedPlan {
  return basePlan(options, async (signal) => projectList(options, await options.api.listStarredProjects({ kind: 'me' }, { page: 1, perPage: 100 }, signal)));
}

/** Followed users: whom `userId` follows (active users, at most 300), each one's events (`200 []` for a private profile). */
export function followedPlan(options: FeedOptions, userId: number): FeedPlan {
  const filter = options.filter ?? NO_FILTER;
  return basePlan(options, async (signal) => {
    const sources: FeedSource[] = [];
    let page: number | undefined = 1;
    for (let read = 0; page !== undefined && read < MAX_FOLLOWING_PAGES; read++) {
      const answer: Page<{ id: number; username?: string }> = await options.api.listFollowing(userId, { page, perPage: 100 }, signal);
      for (const user of answer.items) {
        sources.push({ key: `user:${user.id}`, label: user.username, read: (p, perPage, s) => options.api.listEvents({ kind: 'user', id: user.id }, filter, { page: p, perPage }, s) });
      }
      page = answer.nextPage !== undefined && answer.nextPage > page ? answer.nextPage : undefined;
    }
    return { sources, beyond: page === undefined ? 0 : 'unknown' };
  });
}

/** Your projects' poll: one request (`scope=all`, page 1, unfiltered, GitLab 15.0+); what is newer goes on top. */
export async function pollYourProjects(api: FeedApi, feed: MergedFeed, signal?: AbortSignal): Promise<NewerEvents> {
  const page = await api.listEvents({ kind: 'yourProjects' }, NO_FILTER, { page: 1, perPage: SCOPE_ALL_WINDOW }, signal);
  return feed.newer(page.items, { full: page.nextPage !== undefined || (page.total ?? page.items.length) >= SCOPE_ALL_WINDOW });
}

/**
 * The projects a poll reads page 1 of: those whose `last_activity_at` moved since the last poll, and those active
 * within the last hour (GitLab does not move it again within the hour, §2.3), most recently active first, at most
 * `max`: never one request per project a cycle.
 */
export function projectsToRefresh(before: ReadonlyMap<string, string>, now: readonly FeedProject[], nowMs: number, lagMs = 3_600_000,
  max = MAX_FEED_IN_FLIGHT): string[] {
  const moved: string[] = [];
  const recent: string[] = [];
  for (const project of now) {
    const key = `project:${project.id}`;
    const activity = project.last_activity_at ?? undefined;
    if (activity !== undefined && activity !== before.get(key)) moved.push(key);
    else if (activity !== undefined && nowMs - Date.parse(activity) < lagMs) recent.push(key);
  }
  return [...moved, ...recent].slice(0, max);
}

/**
 * Starred projects' poll: one request for the stars (their last activities), then page 1 of the projects that moved.
 * Returns what is newer and the last activities to compare with next time.
 */
export async function pollStarred(api: FeedApi, feed: MergedFeed, before: ReadonlyMap<string, string>, nowMs: number, signal?: AbortSignal):
  Promise<{ newer: NewerEvents; activity: Map<string, string> }> {
  const stars = await api.listStarredProjects({ kind: 'me' }, { page: 1, perPage: 100 }, signal);
  const activity = new Map(stars.items.filter((p) => p.last_activity_at).map((p) => [`project:${p.id}`, p.last_activity_at!] as const));
  return { newer: await feed.refresh(projectsToRefresh(before, stars.items, nowMs), signal), activity };
}
