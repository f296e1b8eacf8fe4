import type { DoubleToken } from '../types';

/**
 * The double's mutable world. Everything is plain data (JSON-serialisable, URL-free: web URLs are built from
 * paths when presented), so the same seed gives the same world on any port.
 */

/** GitLab access levels: guest 10, reporter 20, developer 30, maintainer 40, owner 50. */
export type AccessLevel = 10 | 20 | 30 | 40 | 50;
export type Visibility = 'public' | 'internal' | 'private';

export interface DoubleUser {
  id: number;
  username: string;
  name: string;
  state: 'active' | 'blocked';
  /** Primary e-mail (always verified). */
  email: string;
  /** Secondary e-mails with their verification state. */
  secondaryEmails: Array<{ email: string; verified: boolean }>;
  /** Stored notification e-mail; null/blank falls back to `email` (§2.4). */
  notificationEmail: string | null;
  /** Others get `[]` from /users/:id/events (§3.9). */
  privateProfile: boolean;
  createdAt: string;
  bio: string;
  /**
   * Working hours of GitLab's phone notifications of new to-dos (19.3, `GET /user/preferences`); unset: GitLab's
   * defaults (off, Monday to Friday, no hours, no zone).
   */
  mobilePushWorkingHours?: MobilePushWorkingHours;
}

/** `user_preferences.mobile_push_working_hours`, as the API names its parts (`mobile_push_working_hours_*`). */
export interface MobilePushWorkingHours {
  enabled: boolean;
  /** Minutes after local midnight; the end is exclusive, and before the start the window crosses midnight. */
  start: number | null;
  end: number | null;
  /** Weekday names, lower case (`monday`). */
  days: string[];
  /** IANA zone name. */
  timeZone: string | null;
}

export interface DoubleGroup {
  id: number;
  name: string;
  path: string;
  fullPath: string;
  fullName: string;
  parentId: number | null;
  visibility: Visibility;
  description: string;
  createdAt: string;
  /** Direct members: user id → access level. Membership is inherited by subgroups and projects. */
  members: Record<number, AccessLevel>;
}

export interface DoubleNamespace {
  kind: 'group' | 'user';
  id: number;
  name: string;
  path: string;
  fullPath: string;
  parentId: number | null;
  /** The group, for kind 'group'. */
  groupId?: number;
}

export interface DoubleProject {
  id: number;
  name: string;
  path: string;
  pathWithNamespace: string;
  nameWithNamespace: string;
  description: string;
  visibility: Visibility;
  namespace: DoubleNamespace;
  /** Direct members: user id → access level (group members are added through `namespace`). */
  members: Record<number, AccessLevel>;
  createdAt: string;
  /**
   * As GitLab keeps it (`Event#reset_project_activity`): set to a new event's `created_at` only when it was an hour
   * old or more when the event came, so it lags the newest event by up to an hour, and an imported event (old time)
   * can move it back. Derived from the events at start and by `addEvent`.
   */
  lastActivityAt: string;
  defaultBranch: string;
  topics: string[];
  starCount: number;
  forksCount: number;
  archived: boolean;
  /** Set when the project was imported from elsewhere: its creation event reads "imported" (§3.4). */
  importedFrom: string | null;
}

/** The filter vocabulary of `action` (Event::ACTIONS, §3.3). */
export type EventActionKey =
  | 'created' | 'updated' | 'closed' | 'reopened' | 'pushed' | 'commented' | 'merged' | 'joined' | 'left'
  | 'destroyed' | 'expired' | 'approved';

export interface DoubleNote {
  id: number;
  type: 'DiffNote' | 'DiscussionNote' | null;
  body: string;
  /** Null for notes on commits. */
  noteableId: number | null;
  noteableType: 'Issue' | 'MergeRequest' | 'Commit' | 'WorkItem' | 'Snippet';
  noteableIid: number | null;
  /**
   * The commit of a note on a commit or a diff note. Only diff notes on merge requests expose it (§3.6); a note on a
   * commit keeps it here, out of the API, as GitLab does.
   */
  commitId: string | null;
  system: boolean;
  resolvable: boolean;
  resolved: boolean;
  /** Internal note: reporters and up only. */
  confidential: boolean;
}

export interface DoublePushData {
  commit_count: number;
  action: 'pushed' | 'created' | 'removed';
  ref_type: 'branch' | 'tag';
  commit_from: string | null;
  commit_to: string | null;
  ref: string | null;
  commit_title: string | null;
  ref_count: number | null;
}

export interface DoubleWikiPage {
  format: string;
  slug: string;
  title: string;
}

/**
 * Why an event may be invisible to a caller who can read its project. Checked after paging, as GitLab does (§3.8):
 * 'repository' (pushes: code access), 'confidential' (confidential issues, internal notes: reporters and the issue
 * author), 'hidden' (nobody: for example a target deleted since).
 */
export type EventRestriction =
  | { kind: 'repository' }
  | { kind: 'confidential'; authorId: number }
  | { kind: 'hidden' };

export interface DoubleEvent {
  id: number;
  projectId: number;
  authorId: number;
  action: EventActionKey;
  /** Capitalised class name (§3.5) or null. */
  targetType: string | null;
  targetId: number | null;
  targetIid: number | null;
  targetTitle: string | null;
  /** `Date#toISOString()` form: compared as text by the date filters. */
  createdAt: string;
  note?: DoubleNote;
  pushData?: DoublePushData;
  wikiPage?: DoubleWikiPage;
  restriction?: EventRestriction;
  imported: boolean;
  importedFrom: string;
}

/**
 * What a to-do is about (to-dos note §2): the fields its REST entity, web URL and GraphQL type are built from. Which
 * are set depends on the target type: `iid` for issues, merge requests, work items, alerts and epics; `sha` for
 * commits; `filename` and `issueIid` for designs; `slug` for wiki pages; `expiresAt` for SSH keys.
 */
export interface DoubleTodoTarget {
  id: number;
  title: string;
  iid?: number;
  /** `opened`, `closed`, `merged`… */
  state?: string;
  sha?: string;
  filename?: string;
  issueIid?: number;
  slug?: string;
  expiresAt?: string;
}

/** A to-do (to-dos note §2, §3). Plain data, like the rest of the world. */
export interface DoubleTodo {
  id: number;
  /** Whose To-Do List it is on. */
  userId: number;
  authorId: number;
  /** The action name: an open set (a newer GitLab's names included). */
  action: string;
  /** The target's Ruby class name: an open set. */
  targetType: string;
  target: DoubleTodoTarget;
  /** Null for to-dos without a project (SSH keys, group access requests, epics, Duo). */
  projectId: number | null;
  groupId: number | null;
  /** The comment that raised it: its text is the to-do's body, and its web URL ends in `#note_<id>`. */
  note: { id: number; body: string } | null;
  state: 'pending' | 'done';
  /** Snoozed while this time is in the future (§3); cleared when the to-do is resolved. */
  snoozedUntil: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface StoredSetting {
  /** Null only transiently (a blank level is rejected). */
  level: string;
  /** Raw column values that were set; keys not present show their column default. */
  events: Record<string, boolean | null>;
}

/**
 * An issue, a work item (an epic is one at group level) or a merge request: what can be subscribed to one by one
 * (subscriptions note §1). Issues and work items share GitLab's `issues` table, so they share ids.
 */
export interface DoubleIssuable {
  /** `Issue` covers every work item type (`issueType`); `MergeRequest` its own table. */
  model: 'Issue' | 'MergeRequest';
  id: number;
  iid: number;
  /** Null for group-level work items (epics). */
  projectId: number | null;
  /** Set for group-level work items only. */
  groupId: number | null;
  title: string;
  /** `opened`, `closed`, `locked`, and for merge requests `merged`. */
  state: 'opened' | 'closed' | 'locked' | 'merged';
  /** `Types::IssueTypeEnum`: `ISSUE`, `INCIDENT`, `TASK`, `EPIC`…; `ISSUE` for merge requests (unused). */
  issueType: string;
  draft: boolean;
  authorId: number;
  /** Users who take part (authors, assignees, reviewers, commenters): implicitly subscribed (§1). */
  participants: number[];
  /** Assignees (issues, merge requests, work items' assignees widget); each is also a participant. */
  assigneeIds?: number[];
  /** A merge request's reviewers; each is also a participant. */
  reviewerIds?: number[];
  /** A merge request's branches (in its own project: the double has no forks); `topic-<iid>` and `main` when unset. */
  sourceBranch?: string;
  targetBranch?: string;
  userNotesCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface DoubleLabel {
  id: number;
  name: string;
  color: string;
  description: string;
  /** Exactly one of project and group is set. */
  projectId: number | null;
  groupId: number | null;
}

/** One row of GitLab's `subscriptions` table (§1): unique over (subscribable, user, project). */
export interface DoubleSubscription {
  userId: number;
  subscribableType: 'Issue' | 'MergeRequest' | 'Label';
  subscribableId: number;
  /** The level: a project, or null (group labels subscribed group-wide, group-level work items). */
  projectId: number | null;
  subscribed: boolean;
}

/** A row of GitLab's `users_star_projects`: who starred which project. */
export interface DoubleStar {
  userId: number;
  projectId: number;
}

/** A row of GitLab's `user_follow_users`; listings keep the rows' order (GitLab's has no `ORDER BY`). */
export interface DoubleFollow {
  followerId: number;
  followeeId: number;
}

export interface DoubleData {
  users: DoubleUser[];
  groups: DoubleGroup[];
  projects: DoubleProject[];
  /** Ascending `id` (addEvent keeps it so). */
  events: DoubleEvent[];
  tokens: DoubleToken[];
  /** Every user's to-dos, ascending `id`. */
  todos: DoubleTodo[];
  /** Issues, work items and merge requests that can be subscribed to, ascending `id` per model. */
  issuables: DoubleIssuable[];
  labels: DoubleLabel[];
  subscriptions: DoubleSubscription[];
  /** Stars, in the order they were given. */
  stars: DoubleStar[];
  /** Follows (at most 300 followees a user, `Users::UserFollowUser::MAX_FOLLOWEE_LIMIT`). */
  follows: DoubleFollow[];
  /** Notification settings by `settingKey()`. */
  settings: Record<string, StoredSetting>;
  /**
   * Issue and merge request pages opened in the browser (`log_issue_show`, `log_merge_request_show`): what
   * `currentUser.recentlyViewedItems` answers. Only a page view writes one; no API read does.
   */
  recentViews?: Array<{ userId: number; model: 'Issue' | 'MergeRequest'; id: number; viewedAt: string }>;
}

export type SettingSource = { kind: 'global' } | { kind: 'group'; id: number } | { kind: 'project'; id: number };

export function settingKey(userId: number, source: SettingSource): string {
  return source.kind === 'global' ? `${userId}:global` : `${userId}:${source.kind}:${source.id}`;
}
