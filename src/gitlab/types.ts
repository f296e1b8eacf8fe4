/**
 * Types of the GitLab REST v4 resources this extension reads and writes.
 * Sets that GitLab extends over time (event keys, action names, target types) are open: typed as string,
 * with the known values listed as constants so the UI can label them and still show unknown ones.
 */

export const NOTIFICATION_LEVELS = ['disabled', 'participating', 'watch', 'global', 'mention', 'custom'] as const;
export type NotificationLevel = (typeof NOTIFICATION_LEVELS)[number];

export function isNotificationLevel(value: unknown): value is NotificationLevel {
  return typeof value === 'string' && (NOTIFICATION_LEVELS as readonly string[]).includes(value);
}

/** The 12 custom-level e-mail events of the interface spec. */
export const SPEC_EMAIL_EVENTS = [
  'new_note', 'new_issue', 'reopen_issue', 'close_issue', 'reassign_issue', 'new_merge_request',
  'reopen_merge_request', 'close_merge_request', 'reassign_merge_request', 'merge_merge_request',
  'failed_pipeline', 'success_pipeline',
] as const;

/** How GitLab's event keys look (`new_note`, `service_account_failed_pipeline`): lower-case snake case, bounded. */
export const EVENT_KEY_PATTERN = /^[a-z][a-z0-9_]{0,63}$/;

/**
 * Names GitLab reads as request parameters, whatever the route declares (behaviour note §1.2, §1.3, §1.7, §2.1).
 * Grape merges the query into one `params`, so a switch sent under one of these names would not be an event at all:
 * it would set the PUT's own level or e-mail, name the route's `id`, carry a token (`private_token`, Doorkeeper's
 * `access_token` and `bearer_token`, CI's `job_token`, the feed and runner `token`s) in place of ours, act as another
 * user (`sudo`, for an administrator's token), or change paging and the response format. No GitLab event is called
 * any of them, so none is ever sent as one.
 */
export const RESERVED_REQUEST_PARAMETERS: ReadonlySet<string> = new Set([
  'level', 'notification_email', 'id',
  'private_token', 'access_token', 'bearer_token', 'job_token', 'feed_token', 'token', 'sudo',
  'page', 'per_page', 'pagination', 'cursor', 'order_by', 'sort', 'format', 'callback',
]);

/** A key that may travel as an event switch: shaped like GitLab's event keys, and not one of its request parameters. */
export function isEventKeyName(key: string): boolean {
  return EVENT_KEY_PATTERN.test(key) && !RESERVED_REQUEST_PARAMETERS.has(key);
}

/** Custom-level e-mail event switches: an open map; `null` means "never set, server default". */
export type NotificationEvents = Record<string, boolean | null>;

/**
 * A notification setting as returned for any scope. `level` stays a string: a server may add levels,
 * and the UI must show them rather than fail.
 */
export interface NotificationSetting {
  level: string;
  /** Present when the level is `custom` (for global scope too on real GitLab). */
  events?: NotificationEvents;
  /** Global scope only. */
  notification_email?: string;
}

/** Parameters of a settings update; only the ones given are sent. */
export interface NotificationSettingUpdate {
  level?: NotificationLevel;
  notification_email?: string;
  events?: Record<string, boolean>;
}

export type Scope =
  | { kind: 'global' }
  | { kind: 'group'; id: string | number }
  | { kind: 'project'; id: string | number };

/** Filter `action` values the server accepts (lower case). `approved` exists on current GitLab. */
export const EVENT_ACTIONS = [
  'created', 'updated', 'closed', 'reopened', 'pushed', 'commented', 'merged', 'joined', 'left', 'destroyed',
  'expired', 'approved',
] as const;
export type EventAction = (typeof EVENT_ACTIONS)[number];

/** Filter `target_type` values of the spec (lower case). */
export const EVENT_TARGET_TYPES = ['issue', 'milestone', 'merge_request', 'note', 'project', 'snippet', 'user'] as const;
export type EventTargetType = (typeof EVENT_TARGET_TYPES)[number];

export type SortOrder = 'asc' | 'desc';

export interface EventFilter {
  action?: EventAction;
  target_type?: EventTargetType;
  /** YYYY-MM-DD, exclusive: events created on days before this one. */
  before?: string;
  /** YYYY-MM-DD, exclusive: events created on days after this one. */
  after?: string;
  sort?: SortOrder;
}

export interface PageRequest {
  page?: number;
  perPage?: number;
  /** Shared by every page of one read: their bodies together may take no more (see `ByteBudget`). */
  budget?: ReadBudget;
}

/** Bytes a read of several requests may still take. */
export interface ReadBudget {
  readonly limit: number;
  /** Counts bytes that arrived; false once the read has taken more than `limit`. */
  take(bytes: number): boolean;
}

export interface UserSummary {
  id: number;
  username: string;
  name: string;
  state?: string;
  avatar_url?: string | null;
  web_url?: string;
}

export interface Note {
  id: number;
  /** `DiffNote`, `DiscussionNote` or null. */
  type?: string | null;
  body: string;
  author?: UserSummary;
  created_at?: string;
  system?: boolean;
  noteable_id?: number | null;
  /** `Issue`, `MergeRequest`, `Commit`, `Snippet`, ... (open set). */
  noteable_type?: string | null;
  noteable_iid?: number | null;
  /** For notes on commits. */
  commit_id?: string | null;
}

export interface PushData {
  commit_count: number;
  /** `pushed`, `created`, `removed` (open set). */
  action: string;
  /** `branch` or `tag` (open set). */
  ref_type: string;
  commit_from: string | null;
  commit_to: string | null;
  ref: string | null;
  commit_title: string | null;
  ref_count?: number | null;
}

export interface WikiPage {
  title?: string;
  slug?: string;
  format?: string;
}

/** An activity event. `action_name` and `target_type` are open sets (see the behaviour note). */
export interface GitLabEvent {
  id?: number;
  project_id: number | null;
  action_name: string;
  target_id: number | null;
  target_iid?: number | null;
  target_type: string | null;
  target_title: string | null;
  author_id: number;
  author?: UserSummary;
  author_username?: string | null;
  /** "Present on most items" (the interface spec): an event without it is still an event. */
  created_at?: string | null;
  note?: Note;
  push_data?: PushData;
  wiki_page?: WikiPage;
}

export interface CurrentUser extends UserSummary {
  email?: string;
}

export interface Project {
  id: number;
  name: string;
  name_with_namespace?: string;
  path?: string;
  path_with_namespace: string;
  web_url: string;
  /** `kind` is `group` or `user`; a group's `full_path` names the project's group (its parents are its prefixes). */
  namespace?: { kind?: string; full_path?: string; name?: string };
}

export interface Group {
  id: number;
  name: string;
  full_name?: string;
  full_path: string;
  web_url: string;
}

/** One page of a listing, with the next page number when GitLab says there is one. */
export interface Page<T> {
  items: T[];
  /** From `X-Next-Page` (or `rel="next"`); undefined on the last page, even when `items` is short or empty. */
  nextPage?: number;
  page: number;
  perPage?: number;
  /** `X-Total`, when sent (capped by GitLab for large listings; never used to decide the end). */
  total?: number;
}
