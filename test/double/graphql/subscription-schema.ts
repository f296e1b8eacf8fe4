import { GraphQLError, Kind, type GraphQLScalarType, type GraphQLSchema, type ValueNode } from 'graphql';
import type { ServedVersion } from './schema';

/**
 * The parts of GitLab's GraphQL schema the Subscriptions list uses (subscriptions note §2, §3, §5.1), added to the
 * to-dos schema of the same version (`schema.ts`) as type extensions:
 *
 * - `current` (18.x): `subscribed: SubscriptionStatus` on `Query.issues`, `Group.issues`, `Project.issues`,
 *   `Group.mergeRequests`, `Project.mergeRequests` and `Group.workItems`, honoured. `Group.issues` takes
 *   `includeSubgroups` and `includeArchived` (GitLab's `GroupIssuableResolver`), `Project.issues` neither.
 * - `17.5`: the same arguments, but GitLab 17.5–17.6 with the beta flag `filter_subscriptions` off (its default):
 *   accepted and silently ignored (§2.1), so both statuses answer every visible thing.
 * - `17.4`, `16.11`: no `subscribed` argument anywhere (graphql-ruby's `argumentNotAccepted`), no `SubscriptionStatus`.
 *   `16.11` has no `WorkItem` type in the double, so no `Group.workItems` and no `workItemSubscribe` either.
 *
 * The mutations `issueSetSubscription` and `mergeRequestSetSubscription` exist in every version; `workItemSubscribe`
 * wherever `WorkItem` does. `metadata { version }` answers the version played.
 */

export const METADATA_VERSIONS: Record<ServedVersion, string> = {
  '19.3': '19.3.0', current: '18.2.1', '17.5': '17.5.5', '17.4': '17.4.6', '16.11': '16.11.10',
};

/** `current` (18.x) or newer. */
export const atLeastCurrent = (version: ServedVersion): boolean => version === 'current' || version === '19.3';
/** Whether this version's schema has the `subscribed` argument (whether it is honoured is `filterHonoured`). */
export const hasSubscribedFilter = (version: ServedVersion): boolean => atLeastCurrent(version) || version === '17.5';
export const filterHonoured = (version: ServedVersion): boolean => atLeastCurrent(version);
export const hasWorkItems = (version: ServedVersion): boolean => version !== '16.11';
/** `currentUser.workItems` (17.10, experiment). */
export const hasUserWorkItems = (version: ServedVersion): boolean => atLeastCurrent(version);
/**
 * Whether `currentUser.workItems` answers group-level items (epics) across groups: not in the versions of GitLab's
 * source read (`spec/graphql/resolvers/work_items/user_work_items_resolver_spec.rb` marks it pending); `19.3` plays a
 * GitLab that does.
 */
export const userWorkItemsAcrossGroups = (version: ServedVersion): boolean => version === '19.3';

export function subscriptionSdl(version: ServedVersion): string {
  const filter = hasSubscribedFilter(version);
  const workItems = hasWorkItems(version);
  const subscribed = filter ? '\n    subscribed: SubscriptionStatus' : '';
  const paging = 'after: String\n    before: String\n    first: Int\n    last: Int';
  const connection = (name: string) => `type ${name}Connection {\n  count: Int!\n  nodes: [${name}]\n  pageInfo: PageInfo!\n}`;
  const setSubscription = (name: string, field: string) => `input ${name}Input {
  clientMutationId: String
  projectPath: ID!
  iid: String!
  subscribedState: Boolean!
}
type ${name}Payload {
  clientMutationId: String
  errors: [String!]!
  ${field}
}`;
  // The catch-up's cheap "what changed since T" (catch-up note §3.1, §3.2): `updatedAfter`/`updatedBefore` and the
  // people filters of `IssuableFinder`, in every version played.
  const changed = '\n    updatedAfter: Time\n    updatedBefore: Time';
  const people = '\n    assigneeUsernames: [String!]\n    authorUsername: String';
  const issueFilters = `${subscribed}${changed}${people}
    iid: String
    iids: [String]
    state: IssuableState
    types: [IssueType!]
    sort: IssueSort = CREATED_DESC
    ${paging}`;
  const mergeRequests = `mergeRequests(${subscribed}${changed}
    sourceBranches: [String!]
    iids: [String]
    state: MergeRequestState
    sort: MergeRequestSort = CREATED_DESC
    ${paging}
  ): MergeRequestConnection`;
  return `
${filter ? 'enum SubscriptionStatus { EXPLICITLY_SUBSCRIBED EXPLICITLY_UNSUBSCRIBED }' : ''}
enum IssueType { ISSUE INCIDENT TEST_CASE REQUIREMENT TASK OBJECTIVE KEY_RESULT EPIC TICKET }
enum IssueSort { CREATED_DESC CREATED_ASC UPDATED_DESC UPDATED_ASC }
enum MergeRequestSort { CREATED_DESC CREATED_ASC UPDATED_DESC UPDATED_ASC }
enum IssuableState { opened closed locked all }

type Metadata {
  version: String!
  revision: String!
  enterprise: Boolean!
}

type UserCoreConnection {
  nodes: [UserCore]
}
type MergeRequestAuthor {
  id: ID!
  username: String!
}
type MergeRequestAssignee {
  id: ID!
  username: String!
}
type MergeRequestAssigneeConnection {
  nodes: [MergeRequestAssignee]
}
type MergeRequestReviewer {
  id: ID!
  username: String!
}
type MergeRequestReviewerConnection {
  nodes: [MergeRequestReviewer]
}

extend type Issue {
  author: UserCore!
  assignees: UserCoreConnection
  createdAt: Time!
  updatedAt: Time!
  type: IssueType
  projectId: Int
  userNotesCount: Int!
  subscribed: Boolean!
}

extend type MergeRequest {
  author: MergeRequestAuthor
  assignees: MergeRequestAssigneeConnection
  reviewers: MergeRequestReviewerConnection
  createdAt: Time!
  updatedAt: Time!
  project: Project!
  userNotesCount: Int!
  subscribed: Boolean!
  sourceBranch: String!
  targetBranch: String!
  sourceProjectId: Int
}

${connection('Issue')}
${connection('MergeRequest')}

extend type Project {
  issues(${issueFilters}
  ): IssueConnection
  ${mergeRequests}
  mergeRequest(iid: String!): MergeRequest
  issue(iid: String): Issue
}

extend type Group {
  issues(
    includeSubgroups: Boolean = false
    includeArchived: Boolean = false${issueFilters}
  ): IssueConnection
  ${mergeRequests.replace('state:', 'includeSubgroups: Boolean = false\n    state:')}${workItems ? `
  workItem(iid: String!): WorkItem
  workItems(${subscribed}
    iid: String
    iids: [String]
    types: [IssueType!]
    state: IssuableState
    includeDescendants: Boolean = false
    excludeProjects: Boolean = false
    ${paging}
  ): WorkItemConnection` : ''}
}
${workItems ? `
scalar WorkItemID
enum WorkItemWidgetType { ASSIGNEES DESCRIPTION NOTIFICATIONS }
interface WorkItemWidget {
  type: WorkItemWidgetType
}
type WorkItemWidgetNotifications implements WorkItemWidget {
  type: WorkItemWidgetType
  subscribed: Boolean!
}
type WorkItemWidgetAssignees implements WorkItemWidget {
  type: WorkItemWidgetType
  assignees: UserCoreConnection
}
type WorkItemWidgetDescription implements WorkItemWidget {
  type: WorkItemWidgetType
  description: String
}
type WorkItemType {
  id: ID!
  name: String!
}
type Namespace {
  id: ID!
  fullPath: ID!
  name: String!
}
extend type WorkItem {
  author: UserCore
  createdAt: Time!
  updatedAt: Time!
  workItemType: WorkItemType!
  widgets: [WorkItemWidget!]
  namespace: Namespace
  project: Project
  userDiscussionsCount: Int!
}
${connection('WorkItem')}
input WorkItemSubscribeInput {
  clientMutationId: String
  id: WorkItemID!
  subscribed: Boolean!
}
type WorkItemSubscribePayload {
  clientMutationId: String
  errors: [String!]!
  workItem: WorkItem
}` : ''}${hasUserWorkItems(version) ? `
extend type CurrentUser {
  workItems(${subscribed}${changed}
    iids: [String]
    types: [IssueType!]
    state: IssuableState
    ${paging}
  ): WorkItemConnection
}` : ''}
${atLeastCurrent(version) ? `
union RecentlyViewedItemUnion = Issue | MergeRequest
type RecentlyViewedItem {
  item: RecentlyViewedItemUnion!
  viewedAt: Time!
}
extend type CurrentUser {
  recentlyViewedItems: [RecentlyViewedItem!]
}` : ''}
extend type CurrentUser {${['assigned', 'reviewRequested', 'authored'].map((role) => `
  ${role}MergeRequests(${changed}
    state: MergeRequestState
    sort: MergeRequestSort = CREATED_DESC
    ${paging}
  ): MergeRequestConnection`).join('')}
}

extend type Query {
  metadata: Metadata${workItems ? '\n  workItem(id: WorkItemID!): WorkItem' : ''}
  group(fullPath: ID!): Group
  project(fullPath: ID!): Project
  issues(${subscribed}${changed}${people}
    state: IssuableState
    types: [IssueType!]
    includeArchived: Boolean = false
    sort: IssueSort = CREATED_DESC
    ${paging}
  ): IssueConnection
}

${setSubscription('IssueSetSubscription', 'issue: Issue')}
${setSubscription('MergeRequestSetSubscription', 'mergeRequest: MergeRequest')}

extend type Mutation {
  issueSetSubscription(input: IssueSetSubscriptionInput!): IssueSetSubscriptionPayload
  mergeRequestSetSubscription(input: MergeRequestSetSubscriptionInput!): MergeRequestSetSubscriptionPayload${workItems ? `
  workItemSubscribe(input: WorkItemSubscribeInput!): WorkItemSubscribePayload` : ''}
}
`;
}

const GID = /^gid:\/\/gitlab\/([A-Za-z:]+)\/(\d+)$/;

/** `GlobalIDType[::WorkItem]`: a WorkItem's global ID becomes its id; anything else refused in GitLab's words. */
function workItemId(value: unknown): number {
  const match = typeof value === 'string' ? GID.exec(value) : null;
  if (!match) throw new GraphQLError(`${JSON.stringify(value)} is not a valid Global ID`);
  if (match[1] !== 'WorkItem') throw new GraphQLError(`${JSON.stringify(value)} does not represent an instance of WorkItem`);
  return Number(match[2]);
}

/** Wires the scalars the subscription parts add. */
export function wireSubscriptionScalars(schema: GraphQLSchema): void {
  const type = schema.getType('WorkItemID') as GraphQLScalarType | undefined;
  if (!type) return;
  type.parseValue = workItemId;
  type.parseLiteral = (node: ValueNode) => {
    if (node.kind !== Kind.STRING) throw new GraphQLError('Expected a string');
    return workItemId(node.value);
  };
}
