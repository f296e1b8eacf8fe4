import type { UserSummary } from './types';

/**
 * GitLab's To-Do List (notes/gitlab-todos.md). Action names and target types are open sets: GitLab adds to them, so
 * they are strings, with the known values listed for labels and filters; a to-do with an unknown one is still a to-do.
 */

/** `Todo::ACTION_NAMES` and the newer EE names (§3): the values the REST `action` filter accepts. */
export const TODO_ACTIONS = [
  'assigned', 'mentioned', 'build_failed', 'marked', 'approval_required', 'unmergeable', 'directly_addressed',
  'merge_train_removed', 'review_requested', 'member_access_requested', 'review_submitted', 'okr_checkin_requested',
  'added_approver', 'ssh_key_expired', 'ssh_key_expiring_soon', 'duo_pro_access_granted', 'duo_enterprise_access_granted',
  'duo_core_access_granted', 'duo_workflow_input_required', 'transfer_failed',
] as const;
export type TodoAction = (typeof TODO_ACTIONS)[number];

/** The REST `type` filter's values (§1): GitLab's class names. `Epic` needs EE (CE answers a validation error). */
export const TODO_TARGET_TYPES = [
  'Issue', 'WorkItem', 'MergeRequest', 'Commit', 'DesignManagement::Design', 'AlertManagement::Alert', 'Project',
  'Namespace', 'Key', 'WikiPage::Meta', 'Epic',
] as const;
export type TodoTargetType = (typeof TODO_TARGET_TYPES)[number];

export type TodoState = 'pending' | 'done';

/** What `listTodos` asks GitLab for; only the parts given are sent. Checked before sending (`todoFilterProblems`). */
export interface TodoFilter {
  action?: TodoAction;
  authorId?: number;
  projectId?: number;
  /** The group and its subgroups: their own to-dos (epics, access requests) and those of their projects. */
  groupId?: number;
  /** Default (absent): pending and not snoozed. `done`: done ones. GitLab has no "both". */
  state?: TodoState;
  type?: TodoTargetType;
}

/** What a to-do is about, as far as a list needs it. Which fields are set depends on the target type. */
export interface TodoTarget {
  /** A number, or a commit's SHA. */
  id?: number | string;
  /** Issues, merge requests, work items, alerts, epics. */
  iid?: number;
  /** Title, or the name of a project or group, or a design's file name. */
  title?: string;
  /** `#12`, `!42`, `&3`, or a commit's short SHA. */
  reference?: string;
  /** `opened`, `closed`, `merged`… (an open set). */
  state?: string;
  /** The target's own page; `Todo.target_url` is where the to-do leads. */
  web_url?: string;
}

export interface TodoProject {
  id: number;
  name?: string;
  name_with_namespace?: string;
  path_with_namespace: string;
}

export interface TodoGroup {
  id: number;
  name?: string;
  full_path: string;
  web_url?: string;
}

/** A to-do, the same shape whether it came from REST (`GET /todos`) or GraphQL (snoozed to-dos). */
export interface Todo {
  id: number;
  /** An open set; see `TODO_ACTIONS`. */
  action_name: string;
  /** GitLab's class name (`MergeRequest`, `DesignManagement::Design`…): an open set; see `TODO_TARGET_TYPES`. */
  target_type: string;
  /** Null when GitLab sent none it could describe (some targets have no GraphQL type). */
  target: TodoTarget | null;
  /** Where the to-do leads (with a comment's anchor, or the page its action asks for). */
  target_url: string | null;
  /** The comment's text, the target's title, a requester's path, or GitLab's own message. */
  body: string;
  author: UserSummary;
  /** Null for to-dos without a project: SSH keys, group access requests, epics, Duo. */
  project: TodoProject | null;
  /** Set for a group's own to-dos (epics, group access requests). */
  group: TodoGroup | null;
  /** `pending` or `done`; kept as a string should GitLab add one. */
  state: string;
  created_at: string;
  updated_at?: string;
  /**
   * Until when it is snoozed (GraphQL only, GitLab 17.4+). REST has no such field, and its pending listings leave
   * snoozed to-dos out, so to-dos read over REST have null.
   */
  snoozed_until: string | null;
}

/** One page of a cursor listing (GraphQL). */
export interface CursorPage<T> {
  items: T[];
  /** Pass as `after` for the next page; undefined on the last one. */
  endCursor?: string;
  /** GitLab's count of the whole listing (before unreadable targets are dropped, so it may over-count). */
  count?: number;
}

/** A to-do as a mutation left it. */
export interface TodoChange {
  id: number;
  state: string;
  /** Null when not snoozed; undefined when the mutation does not say (restore). */
  snoozed_until?: string | null;
}

/** What this GitLab's To-Do List offers beyond REST (GitLab version, or no GraphQL at all). */
export interface TodoFeatures {
  /** `/api/graphql` answers. */
  graphql: boolean;
  /** `todoSnooze` and `todoUnSnooze` (17.4+). */
  snooze: boolean;
  /** Snoozed to-dos can be listed (`currentUser.todos(isSnoozed:)`, ~17.8+). */
  listSnoozed: boolean;
  /** `todoRestore`: undo of done. */
  restore: boolean;
  /** `todoResolveMany` (17.9+): many done in one request. */
  resolveMany: boolean;
  /** `todoRestoreMany`. */
  restoreMany: boolean;
  /** `todoSnoozeMany` and `todoUnsnoozeMany` (17.9+). */
  snoozeMany: boolean;
}

/**
 * The working hours of GitLab's phone notifications of new to-dos (GitLab 19.3, `GET /user/preferences`,
 * `mobile_push_working_hours_*`): outside them GitLab pushes nothing and sends one summary when they begin.
 */
export interface WorkingHours {
  enabled: boolean;
  /** Minutes after local midnight; the end is exclusive, and an end before the start crosses midnight. */
  start: number | null;
  end: number | null;
  /** Weekday names as GitLab sends them (`monday`); compared without case. */
  days: string[];
  /** IANA zone name. */
  timeZone: string | null;
}
