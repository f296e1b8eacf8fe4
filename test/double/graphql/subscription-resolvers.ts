import { GraphQLError } from 'graphql';
import { canReadGroup, canReadProject, groupById, groupChain } from '../world/access';
import { findProject, findGroup } from '../world/lookup';
import type { DoubleData, DoubleGroup, DoubleIssuable, DoubleProject, DoubleUser } from '../world/types';
import {
  canReadIssuable, hasExplicitRow, issuableSubscribed, setSubscription, type SubscriptionStatus,
} from '../subscriptions/store';
import { cursorWindow } from './cursorWindow';
import { gid, userCore } from './present';
import { RESOURCE_NOT_AVAILABLE } from './errors';
import type { GraphqlContext } from './resolvers';
import { filterHonoured, METADATA_VERSIONS, userWorkItemsAcrossGroups } from './subscription-schema';
import { isFineGrained, requirePermission } from './granular';

/**
 * The root fields of the Subscriptions list (subscriptions note §2, §3, §5.1): `metadata`, `issues`, `group`,
 * `project` with their connections, and the three subscribe mutations. `IssuableFinder#by_subscribed` is applied only
 * where the version honours it (`17.5` plays the flag turned off: the argument is accepted and ignored).
 */

const NO_FILTER = 'You must provide at least one filter argument for this query';
/** `Gitlab::Search::RecentItems`: `SEARCH_LIMIT` views answered per type, the set expiring 7 days after its last view. */
const RECENT_ITEMS_SEARCH_LIMIT = 5;
const RECENT_ITEMS_EXPIRY_MS = 7 * 86_400_000;

type Sort = 'CREATED_DESC' | 'CREATED_ASC' | 'UPDATED_DESC' | 'UPDATED_ASC';

interface PagingArgs { after?: string; before?: string; first?: number; last?: number }
interface ListArgs extends PagingArgs {
  subscribed?: SubscriptionStatus; iid?: string; iids?: string[]; state?: string; types?: string[]; sort?: Sort; includeArchived?: boolean;
  includeSubgroups?: boolean; includeDescendants?: boolean; excludeProjects?: boolean;
  updatedAfter?: string; updatedBefore?: string; assigneeUsernames?: string[]; authorUsername?: string; sourceBranches?: string[];
}

/** `UpdatedAtFilterable`: `updated_after` is `updated_at >= t`, `updated_before` `updated_at <= t` (catch-up note M1). */
function byUpdated(items: DoubleIssuable[], args: ListArgs): DoubleIssuable[] {
  const after = args.updatedAfter === undefined ? undefined : Date.parse(args.updatedAfter);
  const before = args.updatedBefore === undefined ? undefined : Date.parse(args.updatedBefore);
  if (after === undefined && before === undefined) return items;
  return items.filter((item) => {
    const at = Date.parse(item.updatedAt);
    return (after === undefined || at >= after) && (before === undefined || at <= before);
  });
}

function comparator(sort: Sort | undefined): (a: DoubleIssuable, b: DoubleIssuable) => number {
  const key = sort?.startsWith('UPDATED') ? 'updatedAt' : 'createdAt';
  const sign = sort?.endsWith('_ASC') ? 1 : -1;
  return (a, b) => sign * (a[key] < b[key] ? -1 : a[key] > b[key] ? 1 : a.id - b.id);
}

interface Position { id: number; createdAt: string; updatedAt: string }
const cursorOf = (t: Position): string => Buffer.from(JSON.stringify({ id: t.id, createdAt: t.createdAt, updatedAt: t.updatedAt })).toString('base64');

function positionOf(cursor: string): DoubleIssuable {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64').toString('utf8')) as Position;
    if (typeof parsed.id === 'number' && typeof parsed.createdAt === 'string' && typeof parsed.updatedAt === 'string') {
      return parsed as unknown as DoubleIssuable;
    }
  } catch {
    // Falls through to the error below.
  }
  throw new GraphQLError('Please provide a valid cursor');
}

/** A cursor connection (`count`, `nodes`, `pageInfo`) over `all`, already filtered, in `sort` order. */
function connection(every: DoubleIssuable[], args: ListArgs, present: (item: DoubleIssuable) => Record<string, unknown>): Record<string, unknown> {
  const all = byUpdated(every, args);
  const compare = comparator(args.sort);
  all.sort(compare);
  const { slice, hasNextPage, hasPreviousPage } = cursorWindow(all, {
    ...args, after: args.after ? positionOf(args.after) : undefined, before: args.before ? positionOf(args.before) : undefined,
  }, compare);
  return {
    count: all.length,
    nodes: slice.map(present),
    pageInfo: {
      hasNextPage, hasPreviousPage, startCursor: slice.length > 0 ? cursorOf(slice[0]) : null,
      endCursor: slice.length > 0 ? cursorOf(slice[slice.length - 1]) : null,
    },
  };
}

/** The groups a group query covers: the group, and its descendants when asked. */
function groupsUnder(data: DoubleData, group: DoubleGroup, descendants: boolean): Set<number> {
  return new Set(data.groups.filter((g) => (descendants ? groupChain(data, g).includes(group) : g.id === group.id)).map((g) => g.id));
}

function projectsIn(data: DoubleData, groupIds: Set<number>): Set<number> {
  return new Set(data.projects.filter((p) => p.namespace.groupId !== undefined && groupIds.has(p.namespace.groupId)).map((p) => p.id));
}

/** The root fields, and `currentUser.workItems` for the resolver of `currentUser` (`resolvers.ts`). */
export type SubscriptionRoot = Record<string, unknown> & {
  currentUserWorkItems(args: ListArgs): Record<string, unknown>;
  currentUserMergeRequests(role: 'assigned' | 'reviewRequested' | 'authored', args: ListArgs): Record<string, unknown>;
  currentUserRecentlyViewedItems(): Array<Record<string, unknown>>;
};

export function subscriptionRoot(context: GraphqlContext): SubscriptionRoot {
  const { double, version } = context;
  const data = double.data;
  const base = double.baseUrl;
  const userId = context.user?.id ?? null;

  /** `by_subscribed` (§2): only for a signed-in user, and only where this version honours the argument. */
  const bySubscribed = (items: DoubleIssuable[], status: SubscriptionStatus | undefined): DoubleIssuable[] => {
    if (!status || userId === null || !filterHonoured(version)) return items;
    return items.filter((item) => hasExplicitRow(data, item.model, item.id, userId, status));
  };
  const byState = (items: DoubleIssuable[], state: string | undefined) =>
    (!state || state === 'all' ? items : items.filter((item) => item.state === state));
  const byTypes = (items: DoubleIssuable[], types: string[] | undefined) =>
    (!types ? items : items.filter((item) => types.includes(item.issueType)));
  // `iid`/`iids` (IssuableFinder#by_iids): `iid` joins the list, as the issue resolvers' `prepare_finder_params` does.
  const byIids = (items: DoubleIssuable[], args: ListArgs) => {
    const wanted = [...(args.iids ?? []), ...(args.iid ? [args.iid] : [])];
    return args.iids === undefined && args.iid === undefined ? items : items.filter((item) => wanted.includes(String(item.iid)));
  };
  const userOf = (id: number) => data.users.find((u) => u.id === id);
  const person = (id: number) => {
    const user = userOf(id);
    return user ? userCore(base, user) : null;
  };
  const people = (ids: readonly number[] | undefined) => ({ nodes: (ids ?? []).map(person).filter((p) => p !== null) });
  const idOf = (username: string) => data.users.find((u) => u.username === username)?.id;
  // `assignee_usernames` (every one of them assigned) and `author_username` (IssuableFinder).
  const byPeople = (items: DoubleIssuable[], args: ListArgs) => items.filter((item) =>
    (args.authorUsername === undefined || item.authorId === idOf(args.authorUsername))
    && (args.assigneeUsernames ?? []).every((name) => (item.assigneeIds ?? []).includes(idOf(name) ?? -1)));
  const projectOf = (item: DoubleIssuable) => data.projects.find((p) => p.id === item.projectId);
  const subscribed = (item: DoubleIssuable) => (userId === null ? false : issuableSubscribed(data, item, userId));

  const projectObject = (project: DoubleProject): Record<string, unknown> => ({
    __typename: 'Project', id: gid('Project', project.id), name: project.name, nameWithNamespace: project.nameWithNamespace,
    fullPath: project.pathWithNamespace, webUrl: `${base}/${project.pathWithNamespace}`,
    // `ProjectIssuesResolver`: no archived filter of its own (the project is asked for by name).
    issues: (args: ListArgs) => issueConnection(new Set([project.id]), args, true),
    mergeRequests: (args: ListArgs) => mergeRequestConnection(new Set([project.id]), args),
    mergeRequest: ({ iid }: { iid: string }) => {
      requirePermission(context, 'read_merge_request', 'project');
      const item = data.issuables.find((i) => i.model === 'MergeRequest' && i.projectId === project.id && String(i.iid) === iid);
      return item && readable(item) ? mergeRequestObject(item) : null;
    },
    issue: ({ iid }: { iid?: string }) => {
      requirePermission(context, 'read_work_item', 'project');
      const item = iid === undefined ? undefined : data.issuables.find((i) => i.model === 'Issue' && i.projectId === project.id && String(i.iid) === iid);
      return item && readable(item) ? issueObject(item) : null;
    },
  });
  const containerPath = (item: DoubleIssuable) => projectOf(item)?.pathWithNamespace ?? groupById(data, item.groupId)?.fullPath ?? '';
  const reference = (item: DoubleIssuable, sign: string) => ({ full }: { full?: boolean }) => `${full ? containerPath(item) : ''}${sign}${item.iid}`;
  const times = (item: DoubleIssuable) => ({ createdAt: item.createdAt, updatedAt: item.updatedAt });

  const issueObject = (item: DoubleIssuable): Record<string, unknown> => ({
    __typename: 'Issue', id: gid('Issue', item.id), iid: String(item.iid), title: item.title, state: item.state,
    type: item.issueType, projectId: item.projectId, userNotesCount: item.userNotesCount, subscribed: subscribed(item),
    author: person(item.authorId), assignees: people(item.assigneeIds),
    reference: reference(item, '#'), webUrl: `${base}/${containerPath(item)}/-/issues/${item.iid}`, name: item.title, ...times(item),
  });
  const mergeRequestObject = (item: DoubleIssuable): Record<string, unknown> => ({
    __typename: 'MergeRequest', id: gid('MergeRequest', item.id), iid: String(item.iid), title: item.title, state: item.state,
    draft: item.draft, project: projectObject(projectOf(item) as DoubleProject), userNotesCount: item.userNotesCount,
    author: person(item.authorId), assignees: people(item.assigneeIds), reviewers: people(item.reviewerIds),
    subscribed: subscribed(item), reference: reference(item, '!'), name: item.title,
    sourceBranch: item.sourceBranch ?? `topic-${item.iid}`, targetBranch: item.targetBranch ?? 'main', sourceProjectId: item.projectId,
    webUrl: `${base}/${containerPath(item)}/-/merge_requests/${item.iid}`, ...times(item),
  });
  const workItemObject = (item: DoubleIssuable): Record<string, unknown> => {
    const group = groupById(data, item.groupId);
    const project = projectOf(item);
    const typeName = item.issueType === 'EPIC' ? 'Epic' : item.issueType === 'ISSUE' ? 'Issue' : item.issueType[0] + item.issueType.slice(1).toLowerCase();
    return {
      __typename: 'WorkItem', id: gid('WorkItem', item.id), iid: String(item.iid), title: item.title, name: item.title,
      state: item.state === 'closed' ? 'CLOSED' : 'OPEN', reference: reference(item, item.issueType === 'EPIC' ? '&' : '#'),
      webUrl: group ? `${base}/groups/${group.fullPath}/-/epics/${item.iid}` : `${base}/${containerPath(item)}/-/work_items/${item.iid}`,
      workItemType: { id: gid('WorkItems::Type', item.issueType === 'EPIC' ? 8 : 1), name: typeName },
      author: person(item.authorId),
      widgets: [
        { __typename: 'WorkItemWidgetAssignees', type: 'ASSIGNEES', assignees: people(item.assigneeIds) },
        { __typename: 'WorkItemWidgetDescription', type: 'DESCRIPTION', description: item.title },
        { __typename: 'WorkItemWidgetNotifications', type: 'NOTIFICATIONS', subscribed: subscribed(item) },
      ],
      namespace: group ? { id: gid('Group', group.id), fullPath: group.fullPath, name: group.name } : null,
      project: project ? projectObject(project) : null, userDiscussionsCount: item.userNotesCount, ...times(item),
    };
  };

  const readable = (item: DoubleIssuable) => canReadIssuable(data, item, userId);
  /** Project issues of every type the user can read: in `projectIds` (all when undefined), archived ones when asked. */
  function issueConnection(projectIds: Set<number> | undefined, args: ListArgs, includeArchived: boolean): Record<string, unknown> {
    // Issues are read as work items here (`read_work_item`), as the Subscriptions view's permissions name them.
    requirePermission(context, 'read_work_item', 'project');
    let items = data.issuables.filter((i) => i.model === 'Issue' && i.projectId !== null && (!projectIds || projectIds.has(i.projectId))
      && readable(i) && (includeArchived || !projectOf(i)?.archived));
    items = bySubscribed(byPeople(byIids(byTypes(byState(items, args.state), args.types), args), args), args.subscribed);
    return connection(items, args, issueObject);
  }
  function mergeRequestConnection(projectIds: Set<number>, args: ListArgs): Record<string, unknown> {
    requirePermission(context, 'read_merge_request', 'project');
    let items = data.issuables.filter((i) => i.model === 'MergeRequest' && i.projectId !== null && projectIds.has(i.projectId) && readable(i));
    items = bySubscribed(byIids(byState(items, args.state), args), args.subscribed);
    if (args.sourceBranches) items = items.filter((item) => args.sourceBranches!.includes(item.sourceBranch ?? `topic-${item.iid}`));
    return connection(items, args, mergeRequestObject);
  }
  const groupObject = (group: DoubleGroup): Record<string, unknown> => ({
    __typename: 'Group', id: gid('Group', group.id), name: group.name, fullName: group.fullName, fullPath: group.fullPath,
    webUrl: `${base}/groups/${group.fullPath}`,
    // `GroupIssuesResolver` (`GroupIssuableResolver`): subgroups and archived projects only when asked.
    issues: (args: ListArgs) => issueConnection(projectsIn(data, groupsUnder(data, group, args.includeSubgroups === true)), args, args.includeArchived === true),
    mergeRequests: (args: ListArgs) => mergeRequestConnection(projectsIn(data, groupsUnder(data, group, args.includeSubgroups === true)), args),
    // `Namespace.workItem(iid:)`: the group's own work items only.
    workItem: ({ iid }: { iid: string }) => {
      requirePermission(context, 'read_work_item', 'group');
      const item = data.issuables.find((i) => i.model === 'Issue' && i.groupId === group.id && String(i.iid) === iid);
      return item && readable(item) ? workItemObject(item) : null;
    },
    workItems: (args: ListArgs) => {
      requirePermission(context, 'read_work_item', 'group');
      const groups = groupsUnder(data, group, args.includeDescendants === true);
      const projects = args.includeDescendants && !args.excludeProjects ? projectsIn(data, groups) : new Set<number>();
      let items = data.issuables.filter((i) => i.model === 'Issue' && readable(i)
        && ((i.groupId !== null && groups.has(i.groupId)) || (i.projectId !== null && projects.has(i.projectId))));
      items = bySubscribed(byIids(byTypes(byState(items, args.state === 'opened' || args.state === 'closed' ? args.state : undefined), args.types), args), args.subscribed);
      return connection(items, args, workItemObject);
    },
  });

  /** A mutation's caller: a user with a token with `api` (§5.1), or a fine-grained one (its permission is checked apart). */
  const mutatingUser = (): DoubleUser => {
    if (!context.user || !(context.scopes.includes('api') || isFineGrained(context))) throw new GraphQLError(RESOURCE_NOT_AVAILABLE);
    return context.user;
  };
  const projectIssuable = (model: DoubleIssuable['model'], input: { projectPath: string; iid: string }, user: DoubleUser): DoubleIssuable => {
    const project = findProject(data, input.projectPath);
    const item = project && data.issuables.find((i) => i.model === model && i.projectId === project.id && String(i.iid) === input.iid);
    if (!item || !canReadIssuable(data, item, user.id)) throw new GraphQLError(RESOURCE_NOT_AVAILABLE);
    return item;
  };
  type SetInput = { input: { projectPath: string; iid: string; subscribedState: boolean } };

  /**
   * `currentUser.workItems` (`UserWorkItemsResolver`, 17.10, experiment): the work items the user can read
   * instance-wide, at least one filter. Project-level items only where GitLab's finder cannot yet return group-level
   * ones across groups (its own spec marks that pending); on `19.3` group-level ones too, epics of groups the user is
   * not a member of included (subscriptions note §2).
   */
  const currentUserWorkItems = (args: ListArgs): Record<string, unknown> => {
    requirePermission(context, 'read_work_item', 'project');
    const filters = Object.entries(args).filter(([k, v]) => v !== undefined && v !== null && !['after', 'before', 'first', 'last', 'sort'].includes(k));
    if (filters.length === 0) throw new GraphQLError(NO_FILTER);
    const acrossGroups = userWorkItemsAcrossGroups(version);
    let items = data.issuables.filter((i) => i.model === 'Issue' && readable(i) && (i.projectId !== null || (acrossGroups && i.groupId !== null)));
    items = bySubscribed(byIids(byTypes(byState(items, args.state === 'opened' || args.state === 'closed' ? args.state : undefined), args.types), args), args.subscribed);
    return connection(items, args, workItemObject);
  };

  /** `currentUser.{assigned,reviewRequested,authored}MergeRequests` (`UserMergeRequestsResolverBase`): readable ones. */
  const currentUserMergeRequests = (role: 'assigned' | 'reviewRequested' | 'authored', args: ListArgs): Record<string, unknown> => {
    requirePermission(context, 'read_merge_request', 'project');
    const mine = (item: DoubleIssuable) => (role === 'authored' ? item.authorId === userId
      : (role === 'assigned' ? item.assigneeIds : item.reviewerIds)?.includes(userId ?? -1) === true);
    const items = data.issuables.filter((i) => i.model === 'MergeRequest' && mine(i) && readable(i));
    return connection(byState(items, args.state), args, mergeRequestObject);
  };

  // `RecentlyViewedItemsResolver`: per type (issues, merge requests) the newest `SEARCH_LIMIT` (5) views of a Redis
  // sorted set that expires 7 days after its last view; those the user can still read; newest view first.
  const currentUserRecentlyViewedItems = (): Array<Record<string, unknown>> => {
    const now = double.now().getTime();
    const views = (data.recentViews ?? []).filter((view) => view.userId === userId);
    const entries: Array<{ item: DoubleIssuable; viewedAt: string }> = [];
    for (const model of ['Issue', 'MergeRequest'] as const) {
      const ofType = views.filter((view) => view.model === model).sort((a, b) => b.viewedAt.localeCompare(a.viewedAt));
      if (ofType.length === 0 || now - Date.parse(ofType[0].viewedAt) > RECENT_ITEMS_EXPIRY_MS) continue;
      for (const view of ofType.slice(0, RECENT_ITEMS_SEARCH_LIMIT)) {
        const item = data.issuables.find((i) => i.model === model && i.id === view.id);
        if (item && readable(item)) entries.push({ item, viewedAt: view.viewedAt });
      }
    }
    return entries.sort((a, b) => b.viewedAt.localeCompare(a.viewedAt))
      .map(({ item, viewedAt }) => ({ item: item.model === 'Issue' ? issueObject(item) : mergeRequestObject(item), viewedAt }));
  };

  return {
    currentUserWorkItems,
    currentUserMergeRequests,
    currentUserRecentlyViewedItems,
    metadata: () => ({ version: METADATA_VERSIONS[version], revision: 'd0ub1e00', enterprise: double.options.edition === 'ee' }),
    // `Query.workItem(id:)`: any work item the user can read, by its global ID.
    workItem: ({ id }: { id: number }) => {
      requirePermission(context, 'read_work_item', 'project');
      const item = data.issuables.find((i) => i.model === 'Issue' && i.id === id);
      return item && readable(item) ? workItemObject(item) : null;
    },
    group: ({ fullPath }: { fullPath: string }) => {
      const group = findGroup(data, fullPath);
      return group && canReadGroup(data, group, userId) ? groupObject(group) : null;
    },
    project: ({ fullPath }: { fullPath: string }) => {
      const project = findProject(data, fullPath);
      return project && canReadProject(data, project, userId) ? projectObject(project) : null;
    },
    // `Query.issues`: project issues of every type the user can see, instance-wide (§2); at least one filter.
    issues: (args: ListArgs) => {
      const filters = Object.entries(args).filter(([k, v]) => v !== undefined && v !== null
        && !['after', 'before', 'first', 'last', 'sort', 'includeArchived'].includes(k));
      if (filters.length === 0) throw new GraphQLError(NO_FILTER);
      return issueConnection(undefined, args, args.includeArchived === true);
    },
    issueSetSubscription: ({ input }: SetInput) => {
      requirePermission(context, 'subscribe_issue', 'project');
      const user = mutatingUser();
      const item = projectIssuable('Issue', input, user);
      setSubscription(data, 'Issue', item.id, user.id, item.projectId, input.subscribedState);
      return { issue: issueObject(item), errors: [] };
    },
    mergeRequestSetSubscription: ({ input }: SetInput) => {
      requirePermission(context, 'subscribe_merge_request', 'project');
      const user = mutatingUser();
      const item = projectIssuable('MergeRequest', input, user);
      setSubscription(data, 'MergeRequest', item.id, user.id, item.projectId, input.subscribedState);
      return { mergeRequest: mergeRequestObject(item), errors: [] };
    },
    // Writes at the work item's project, or at no project for a group-level one (epics).
    workItemSubscribe: ({ input }: { input: { id: number; subscribed: boolean } }) => {
      const user = mutatingUser();
      const item = data.issuables.find((i) => i.model === 'Issue' && i.id === input.id);
      if (!item || !canReadIssuable(data, item, user.id)) throw new GraphQLError(RESOURCE_NOT_AVAILABLE);
      requirePermission(context, 'subscribe_work_item', item.projectId === null ? 'group' : 'project');
      setSubscription(data, 'Issue', item.id, user.id, item.projectId, input.subscribed);
      return { workItem: workItemObject(item), errors: [] };
    },
  };
}
