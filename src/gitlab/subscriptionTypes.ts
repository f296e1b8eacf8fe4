import type { ReadBudget } from './types';

/**
 * Things the signed-in user is explicitly subscribed to (notes/gitlab-subscriptions.md). States, types and kinds are
 * open sets: GitLab adds to them, so they are strings, and an unknown one is shown by name, never dropped.
 */

/** What GitLab can list one by one: issues (every project-level work item type), merge requests, epics, labels. */
export type SubscriptionKind = 'issue' | 'mergeRequest' | 'epic' | 'label';
export const SUBSCRIPTION_KINDS: readonly SubscriptionKind[] = ['issue', 'mergeRequest', 'epic', 'label'];

/** An issue, merge request or epic (work item) as a row needs it (§3). */
export interface SubscribedThing {
  kind: Exclude<SubscriptionKind, 'label'>;
  /** GitLab's global ID: `gid://gitlab/Issue/5`, `gid://gitlab/MergeRequest/7`, `gid://gitlab/WorkItem/9`. */
  id: string;
  iid: string;
  title: string;
  /** Lowercase as GitLab's issuable states: `opened`, `closed`, `merged`, `locked` (work items' `OPEN` → `opened`). */
  state: string;
  webUrl: string;
  /** `group/project#12`, `group/project!3`, `group&4`. */
  reference: string;
  /** The project's or (epics) the group's full path. */
  containerPath: string;
  containerKind: 'project' | 'group';
  updatedAt: string;
  /** `ISSUE`, `INCIDENT`, `TASK`… for issues; the work item type's name (`Epic`) for epics; absent for merge requests. */
  type?: string;
  draft?: boolean;
  /** GitLab's `subscribed` for the caller (true in a list GitLab filtered). */
  subscribed: boolean;
  userNotesCount?: number;
}

/** A label with the caller's subscription (REST `ProjectLabel`/`GroupLabel`, §4). */
export interface SubscribedLabel {
  kind: 'label';
  id: number;
  name: string;
  description: string;
  color: string;
  /** Subscribed group-wide or, seen from a project, for that project. */
  subscribed: boolean;
  isProjectLabel: boolean;
}

/** Where labels are read: a project (its own and its ancestor groups' labels) or a group. */
export type LabelScope = { project: string | number } | { group: string | number };

/** One page of a cursor listing. */
export interface SubscriptionPage<T> {
  items: T[];
  /** Pass as `after` for the next page; undefined on the last one. */
  endCursor?: string;
  /** GitLab's count of the whole listing. */
  count?: number;
}

export interface CursorRequest {
  after?: string;
  /** Shared by every request of one read: their bodies together may take no more (see `ByteBudget`). */
  budget?: ReadBudget;
  /** At most 100 (GitLab clamps larger pages). Default 100. */
  first?: number;
  /**
   * GitLab's state filter, in its enum's words: `opened`, `closed`, `merged` (merge requests), `locked`. Absent: every
   * state. Closed things are what people unsubscribe from first.
   */
  state?: 'opened' | 'closed' | 'merged' | 'locked';
}

/** What to change: each kind is addressed as GitLab's mutation or endpoint addresses it. */
export type SubscriptionTarget =
  | { kind: 'issue'; projectPath: string; iid: string }
  | { kind: 'mergeRequest'; projectPath: string; iid: string }
  /** A work item by its global ID (`gid://gitlab/WorkItem/…`): epics, and any other work item. */
  | { kind: 'epic'; id: string }
  /**
   * A label by id, through the project's endpoint (a row for that project) and/or the group's (a group-wide row). With
   * both, the project's is tried first and, when it answers 304 (no row at that level), the group's (§4).
   */
  | { kind: 'label'; labelId: number; projectId?: string | number; groupId?: string | number };

/** What a change did. `changed: false` only where GitLab says so (REST 304: already in that state). */
export interface SubscriptionChange {
  subscribed: boolean;
  changed: boolean;
}

/** Which kinds this GitLab can list and change, known beforehand from its schema (per version). */
export interface SubscriptionFeatures {
  /** `/api/graphql` answers. */
  graphql: boolean;
  /** `Query.issues(subscribed:)` (GitLab 17.5+). */
  listIssues: boolean;
  /** `Group.mergeRequests(subscribed:)` and `Project.mergeRequests(subscribed:)`. */
  listMergeRequests: boolean;
  /** `Group.workItems(subscribed:)`. */
  listEpics: boolean;
  /**
   * `currentUser.workItems(subscribed:, types:)` (17.10+, an experiment): whether it answers epics is asked apart
   * (`SubscriptionClient.epicsEverywhere`).
   */
  listUserWorkItems: boolean;
  /** REST label listings: every GitLab with the REST API. */
  listLabels: boolean;
  setIssue: boolean;
  setMergeRequest: boolean;
  /** `workItemSubscribe`. */
  setWorkItem: boolean;
}

/** The answer of the §7 probe. */
export interface FilterProbe {
  /** False where GitLab accepts the filter and ignores it (17.5–17.6 with the flag off): never list there. */
  honoured: boolean;
  /** `metadata.version`, when GitLab says. */
  version?: string;
}

/**
 * How many explicit subscriptions the user has in a scope (a count per kind GitLab can count there). Global: issues
 * only (`Query.issues`); a group (with its subgroups): issues, merge requests, epics and labels; a project: issues,
 * merge requests and labels. Archived projects are left out, as GitLab's lists leave them out by default.
 */
export interface SubscriptionCounts {
  /** Each kind counted in this scope; a kind absent here is in `notCounted` or does not apply (epics of a project). */
  counts: Partial<Record<SubscriptionKind, number>>;
  /** Kinds GitLab cannot count in this scope (global: merge requests, epics, labels), or too many labels to read. */
  notCounted: SubscriptionKind[];
}
