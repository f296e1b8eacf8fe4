import type { ValidEventFilter } from './filter';
import type {
  CurrentUser, GitLabEvent, Group, NotificationSetting, NotificationSettingUpdate, Page, PageRequest,
  Project, Scope,
} from './types';

/**
 * Whose events a listing returns. `id` is a numeric ID, a username (users) or a full path (projects).
 * `yourProjects` is `GET /events?scope=all`, the events of the user's projects: on GitLab 15.0 and later only the 20
 * newest of them (notes/gitlab-feeds.md §1.4), on a server without `scope` the user's own. `scope` goes with it alone:
 * GitLab reads it on the per-user and per-project routes too and would answer the caller's projects there (§1.7).
 */
export type EventSource =
  | { kind: 'mine' }
  | { kind: 'yourProjects' }
  | { kind: 'user'; id: string | number }
  | { kind: 'project'; id: string | number };

/**
 * What the rest of the extension needs from GitLab. `GitLabClient` implements it over HTTP; tests of the
 * shell may pass their own. Every call rejects only with a `GitLabError`.
 */
export interface GitLabApi {
  getCurrentUser(signal?: AbortSignal): Promise<CurrentUser>;
  getNotificationSettings(scope: Scope, signal?: AbortSignal): Promise<NotificationSetting>;
  /** Sends only the parameters present in `update`, in the query string. */
  updateNotificationSettings(scope: Scope, update: NotificationSettingUpdate, signal?: AbortSignal): Promise<NotificationSetting>;
  /** One page of events under a filter `validateFilter` made (an unvalidated one does not type-check). */
  listEvents(source: EventSource, filter: ValidEventFilter, page: PageRequest, signal?: AbortSignal): Promise<Page<GitLabEvent>>;
  getProject(id: string | number, signal?: AbortSignal): Promise<Project>;
  /** `GET /projects?membership=true&simple=true`. */
  listMyProjects(page: PageRequest, signal?: AbortSignal): Promise<Page<Project>>;
  /** `GET /groups` (the user's groups). */
  listGroups(page: PageRequest, signal?: AbortSignal): Promise<Page<Group>>;
  /** Told of every 429 the server answers (retried or not); returns an unsubscribe. Optional for other implementations. */
  onRateLimited?(listener: () => void): () => void;
}
