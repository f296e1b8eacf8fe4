import type { EventSource } from './api';
import type { ValidEventFilter } from './filter';
import type { FeedProject, FeedUser, GitLabVersion, StarOwner } from './feedTypes';
import type { GitLabEvent, Page, PageRequest } from './types';

/**
 * What the dashboard feeds read (notes/gitlab-feeds.md): `FeedClient` over the one `Transport`; tests of the layers
 * above may pass their own. Every call rejects only with a `GitLabError`; the kinds that matter here:
 *
 * - `unsupported`: `getVersion` on a server that is not GitLab (no `GET /version`: a plain server of the interface
 *   spec), which the feeds need: say so in one line and offer nothing else.
 * - `notFound`: a project that is gone or no longer visible (its events), an unknown user, or a profile the caller may
 *   not read (`/following`, `/followers`); the server's words are in `serverMessage`.
 * - `forbidden`: signed out (`/following` answers 403), or the token lacks a scope (`missingScope`).
 * - `rateLimited`: a listing's own limit (100 a minute for `/following`, `/followers` and another user's stars when
 *   GitLab's flags are on), after the transport's retries; `retryAfterMs` says how long.
 * - `validation`: a user ID that is not one, refused before anything is sent.
 *
 * A private profile's events answer `200 []`: an empty listing, not an error.
 */
export interface FeedApi {
  /** `GET /version`; `unsupported` where there is none. */
  getVersion(signal?: AbortSignal): Promise<GitLabVersion>;
  /** One page of a listing of events; `yourProjects` alone carries `scope=all`. */
  listEvents(source: EventSource, filter: ValidEventFilter, page: PageRequest, signal?: AbortSignal): Promise<Page<GitLabEvent>>;
  /** `GET /projects?membership=true`, most recently active first, with `last_activity_at`. */
  listMemberProjects(page: PageRequest, signal?: AbortSignal): Promise<Page<FeedProject>>;
  /** Starred projects, most recently active first, with `last_activity_at`. */
  listStarredProjects(owner: StarOwner, page: PageRequest, signal?: AbortSignal): Promise<Page<FeedProject>>;
  /** The active users `userId` follows (numeric ID). */
  listFollowing(userId: number, page: PageRequest, signal?: AbortSignal): Promise<Page<FeedUser>>;
  /** The active users following `userId` (numeric ID). */
  listFollowers(userId: number, page: PageRequest, signal?: AbortSignal): Promise<Page<FeedUser>>;
  /** Told of every 429 the server answers; returns an unsubscribe. */
  onRateLimited?(listener: () => void): () => void;
}
