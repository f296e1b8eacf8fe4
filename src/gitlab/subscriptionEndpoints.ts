import { pageQuery } from './endpoints';
import { GitLabError } from './errors';
import { connectionNodes, graphqlError, graphqlRequest, mutationPayload, introspectedFields } from './graphql';
import type { ApiRequest } from './request';
import { array, groups, num, object, str, type Json } from './shapes';
import type {
  CursorRequest, FilterProbe, LabelScope, SubscribedLabel, SubscribedThing, SubscriptionChange, SubscriptionFeatures,
  SubscriptionPage, SubscriptionTarget,
} from './subscriptionTypes';
import type { Group, PageRequest } from './types';
import { segment } from './url';

/**
 * The Subscriptions list's requests as data (notes/gitlab-subscriptions.md §2–§7): constant GraphQL documents with
 * variables for the lists and the mutations, REST for labels. The filter value is a literal of the document.
 */

const MAX_PAGE = 100;
/** Aliased mutations in one request: well under GitLab's complexity (250) and query size (10,000) limits. */
export const SUBSCRIPTION_BATCH_LIMIT = 20;

export function first(page: CursorRequest): number {
  const size = page.first ?? MAX_PAGE;
  if (!Number.isInteger(size) || size < 1) throw new GitLabError('validation', `Page size ${size} is not valid.`);
  return Math.min(size, MAX_PAGE);
}

export function pageOf<T>(connection: unknown, path: string, size: number, item: (value: unknown, path: string) => T): SubscriptionPage<T> {
  const c = object(connection, path);
  const pageInfo = object(c.pageInfo, `${path}.pageInfo`);
  const items = connectionNodes(c, path, size).map((n, i) => item(n, `${path}.nodes[${i}]`));
  return {
    items,
    endCursor: pageInfo.hasNextPage === true && typeof pageInfo.endCursor === 'string' ? pageInfo.endCursor : undefined,
    ...(typeof c.count === 'number' ? { count: c.count } : {}),
  };
}

const optionalString = (o: Json, key: string): string | undefined => (typeof o[key] === 'string' ? o[key] as string : undefined);

function issue(value: unknown, path: string): SubscribedThing {
  const o = object(value, path);
  const reference = str(o, 'reference', path);
  return {
    kind: 'issue', id: str(o, 'id', path), iid: str(o, 'iid', path), title: str(o, 'title', path), state: str(o, 'state', path),
    webUrl: str(o, 'webUrl', path), reference, containerPath: reference.replace(/#\d+$/, ''), containerKind: 'project',
    updatedAt: str(o, 'updatedAt', path), type: optionalString(o, 'type'), subscribed: o.subscribed === true,
    ...(typeof o.userNotesCount === 'number' ? { userNotesCount: o.userNotesCount } : {}),
  };
}

function mergeRequest(value: unknown, path: string): SubscribedThing {
  const o = object(value, path);
  return {
    kind: 'mergeRequest', id: str(o, 'id', path), iid: str(o, 'iid', path), title: str(o, 'title', path), state: str(o, 'state', path),
    webUrl: str(o, 'webUrl', path), reference: str(o, 'reference', path), containerPath: str(object(o.project, `${path}.project`), 'fullPath', `${path}.project`),
    containerKind: 'project', updatedAt: str(o, 'updatedAt', path), draft: o.draft === true, subscribed: o.subscribed === true,
    ...(typeof o.userNotesCount === 'number' ? { userNotesCount: o.userNotesCount } : {}),
  };
}

export function workItem(value: unknown, path: string): SubscribedThing {
  const o = object(value, path);
  const widgets = Array.isArray(o.widgets) ? o.widgets : [];
  const notifications = widgets.find((w) => w !== null && typeof w === 'object' && typeof (w as Json).subscribed === 'boolean') as Json | undefined;
  const namespace = o.namespace !== null && typeof o.namespace === 'object' ? o.namespace as Json : undefined;
  const state = str(o, 'state', path);
  return {
    kind: 'epic', id: str(o, 'id', path), iid: str(o, 'iid', path), title: str(o, 'title', path),
    state: state === 'OPEN' ? 'opened' : state === 'CLOSED' ? 'closed' : state.toLowerCase(),
    webUrl: str(o, 'webUrl', path), reference: str(o, 'reference', path), containerPath: typeof namespace?.fullPath === 'string' ? namespace.fullPath : '',
    containerKind: 'group', updatedAt: str(o, 'updatedAt', path),
    type: str(object(o.workItemType, `${path}.workItemType`), 'name', `${path}.workItemType`), subscribed: notifications?.subscribed === true,
    ...(typeof o.userDiscussionsCount === 'number' ? { userNotesCount: o.userDiscussionsCount } : {}),
  };
}

const ISSUE_FIELDS = 'id iid title state type webUrl updatedAt reference(full: true) projectId userNotesCount subscribed';
const MR_FIELDS = 'id iid title state draft webUrl updatedAt reference(full: true) project { fullPath } userNotesCount subscribed';
export const WORK_ITEM_FIELDS = `id iid title state webUrl updatedAt reference(full: true) workItemType { name } namespace { fullPath }
        widgets { ... on WorkItemWidgetNotifications { subscribed } }`;

/** `Query.issues(subscribed: EXPLICITLY_SUBSCRIBED)`: every project-level type, instance-wide, newest update first. */
export function listSubscribedIssues(page: CursorRequest): ApiRequest<SubscriptionPage<SubscribedThing>> {
  return graphqlRequest({
    name: 'issues', kind: 'query',
    document: `query subscribedIssues($first: Int!, $after: String, $state: IssuableState) {
  issues(subscribed: EXPLICITLY_SUBSCRIBED, state: $state, sort: UPDATED_DESC, first: $first, after: $after) {
    count
    pageInfo { hasNextPage endCursor }
    nodes { ${ISSUE_FIELDS} }
  }
}`,
    variables: { first: first(page), after: page.after ?? null, state: page.state ?? null },
    read: (data) => pageOf(data.issues, 'issues', first(page), issue),
  });
}

/** Merge requests of a group (and its subgroups) or of a project (§2: per group or project before 19.3). */
export function listSubscribedMergeRequests(scope: { group: string } | { project: string }, page: CursorRequest): ApiRequest<SubscriptionPage<SubscribedThing>> {
  const inGroup = 'group' in scope;
  return graphqlRequest({
    name: inGroup ? 'group.mergeRequests' : 'project.mergeRequests', kind: 'query',
    document: inGroup
      ? `query subscribedGroupMergeRequests($path: ID!, $first: Int!, $after: String, $state: MergeRequestState) {
  container: group(fullPath: $path) {
    mergeRequests(subscribed: EXPLICITLY_SUBSCRIBED, includeSubgroups: true, state: $state, sort: UPDATED_DESC, first: $first, after: $after) {
      count
      pageInfo { hasNextPage endCursor }
      nodes { ${MR_FIELDS} }
    }
  }
}`
      : `query subscribedProjectMergeRequests($path: ID!, $first: Int!, $after: String, $state: MergeRequestState) {
  container: project(fullPath: $path) {
    mergeRequests(subscribed: EXPLICITLY_SUBSCRIBED, state: $state, sort: UPDATED_DESC, first: $first, after: $after) {
      count
      pageInfo { hasNextPage endCursor }
      nodes { ${MR_FIELDS} }
    }
  }
}`,
    variables: { path: inGroup ? scope.group : scope.project, first: first(page), after: page.after ?? null, state: page.state ?? null },
    read: (data) => {
      if (data.container === null) throw new GitLabError('notFound', `GitLab did not find ${inGroup ? 'the group' : 'the project'}, or this account cannot see it.`);
      return pageOf(object(data.container, 'container').mergeRequests, 'mergeRequests', first(page), mergeRequest);
    },
  });
}

/**
 * The probe of §7: both statuses side by side. Where the filter is honoured they are disjoint; where it is ignored
 * both answer every visible issue: the same count (above 0) and the same first issue. A listed issue GitLab calls
 * not subscribed says the same.
 */
export function probeSubscriptionFilter(): ApiRequest<FilterProbe> {
  return graphqlRequest({
    name: 'issues', kind: 'query',
    document: `query subscriptionsProbe {
  metadata { version }
  subs: issues(subscribed: EXPLICITLY_SUBSCRIBED, first: 1) { count nodes { id subscribed } }
  unsubs: issues(subscribed: EXPLICITLY_UNSUBSCRIBED, first: 1) { count nodes { id } }
}`,
    read: (data) => {
      const version = data.metadata !== null && typeof data.metadata === 'object' ? (data.metadata as Json).version : undefined;
      const subs = object(data.subs, 'subs');
      const unsubs = object(data.unsubs, 'unsubs');
      const subsFirst = array(subs.nodes, 'subs.nodes')[0] as Json | undefined;
      const unsubsFirst = array(unsubs.nodes, 'unsubs.nodes')[0] as Json | undefined;
      const sameAnswer = num(subs, 'count', 'subs') > 0 && subs.count === unsubs.count && subsFirst?.id === unsubsFirst?.id;
      const honoured = !sameAnswer && subsFirst?.subscribed !== false;
      return { honoured, ...(typeof version === 'string' ? { version } : {}) };
    },
  });
}


/** Which kinds this GitLab lists and changes, by one introspection query (per version, known beforehand). */
export function getSubscriptionFeatures(): ApiRequest<SubscriptionFeatures> {
  return graphqlRequest({
    name: '__type', kind: 'query',
    document: `query subscriptionFeatures {
  queryType: __type(name: "Query") { fields { name args { name } } }
  groupType: __type(name: "Group") { fields { name args { name } } }
  projectType: __type(name: "Project") { fields { name args { name } } }
  mutationType: __type(name: "Mutation") { fields { name } }
  userType: __type(name: "CurrentUser") { fields { name args { name } } }
}`,
    read: (data) => {
      const has = (type: unknown, field: string) => introspectedFields(type).get(field)?.includes('subscribed') === true;
      const mutations = introspectedFields(data.mutationType);
      return {
        graphql: true,
        listIssues: has(data.queryType, 'issues'),
        listMergeRequests: has(data.groupType, 'mergeRequests') && has(data.projectType, 'mergeRequests'),
        listEpics: has(data.groupType, 'workItems'),
        listUserWorkItems: has(data.userType, 'workItems') && introspectedFields(data.userType).get('workItems')?.includes('types') === true,
        listLabels: true,
        setIssue: mutations.has('issueSetSubscription'),
        setMergeRequest: mutations.has('mergeRequestSetSubscription'),
        setWorkItem: mutations.has('workItemSubscribe'),
      };
    },
  });
}

function label(value: unknown, path: string): SubscribedLabel {
  const o = object(value, path);
  return {
    kind: 'label', id: num(o, 'id', path), name: str(o, 'name', path), description: typeof o.description === 'string' ? o.description : '',
    color: typeof o.color === 'string' ? o.color : '', subscribed: o.subscribed === true, isProjectLabel: o.is_project_label === true,
  };
}

/** `GET /projects/:id/labels` (with ancestor groups' labels) or `GET /groups/:id/labels`: every label, `subscribed` set. */
export function listLabels(scope: LabelScope, page: PageRequest): ApiRequest<SubscribedLabel[]> {
  const path = 'project' in scope ? `/projects/${segment(scope.project)}/labels` : `/groups/${segment(scope.group)}/labels`;
  return {
    method: 'GET', path, query: pageQuery(page),
    parse: (body) => (Array.isArray(body) ? body : array(body, 'labels')).map((l, i) => label(l, `labels[${i}]`)),
  };
}

/** REST subscribe/unsubscribe of a label: 201 changed, 304 already so (the client turns that status into `changed: false`). */
export function setLabelSubscription(labelId: number, at: { project: string | number } | { group: string | number }, subscribed: boolean): ApiRequest<SubscriptionChange> {
  if (!Number.isInteger(labelId) || labelId < 1) throw new GitLabError('validation', `Label id ${labelId} is not valid.`);
  const parent = 'project' in at ? `/projects/${segment(at.project)}` : `/groups/${segment(at.group)}`;
  return {
    method: 'POST', path: `${parent}/labels/${segment(labelId)}/${subscribed ? 'subscribe' : 'unsubscribe'}`,
    parse: (body) => ({ subscribed: label(body, 'label').subscribed, changed: true }),
  };
}

type MutationTarget = Exclude<SubscriptionTarget, { kind: 'label' }>;

function mutationOf(target: MutationTarget, i: number): { field: string; line: string; variables: Record<string, unknown>; declarations: string } {
  if (target.kind === 'epic') {
    if (!/^gid:\/\/gitlab\/WorkItem\/\d+$/.test(target.id)) throw new GitLabError('validation', `${target.id} is not a work item's global ID.`);
    return {
      field: 'workItemSubscribe', declarations: `$id${i}: WorkItemID!`, variables: { [`id${i}`]: target.id },
      line: `s${i}: workItemSubscribe(input: { id: $id${i}, subscribed: $on }) { workItem { id } errors }`,
    };
  }
  if (typeof target.projectPath !== 'string' || !target.projectPath.includes('/') || !/^\d+$/.test(target.iid)) {
    throw new GitLabError('validation', `${target.projectPath}/${target.iid} does not name a project's ${target.kind === 'issue' ? 'issue' : 'merge request'}.`);
  }
  const field = target.kind === 'issue' ? 'issueSetSubscription' : 'mergeRequestSetSubscription';
  return {
    field, declarations: `$p${i}: ID!, $i${i}: String!`, variables: { [`p${i}`]: target.projectPath, [`i${i}`]: target.iid },
    line: `s${i}: ${field}(input: { projectPath: $p${i}, iid: $i${i}, subscribedState: $on }) { errors }`,
  };
}

/**
 * Up to `SUBSCRIPTION_BATCH_LIMIT` changes in one request: one aliased mutation per thing (`s0`, `s1`…; GitLab runs
 * them in order). Values travel as variables only. Each answers on its own: the change, or its own typed error.
 */
export function setSubscriptions(targets: readonly MutationTarget[], subscribed: boolean): ApiRequest<Array<SubscriptionChange | GitLabError>> {
  if (targets.length === 0) throw new GitLabError('validation', 'Nothing was given to change.');
  if (targets.length > SUBSCRIPTION_BATCH_LIMIT) {
    throw new GitLabError('validation', `At most ${SUBSCRIPTION_BATCH_LIMIT} subscriptions can be changed in one request, not ${targets.length}.`);
  }
  const parts = targets.map(mutationOf);
  const name = [...new Set(parts.map((p) => p.field))].join(', ');
  const document = `mutation setSubscriptions($on: Boolean!, ${parts.map((p) => p.declarations).join(', ')}) {\n${parts.map((p) => `  ${p.line}`).join('\n')}\n}`;
  const request = graphqlRequest({ name, kind: 'mutation', document, variables: Object.assign({ on: subscribed }, ...parts.map((p) => p.variables)), read: (data) => data });
  return {
    ...request,
    parse: (body) => {
      const envelope = object(body, 'graphql');
      const errors = Array.isArray(envelope.errors) ? envelope.errors : [];
      const data = envelope.data !== null && typeof envelope.data === 'object' ? envelope.data as Json : undefined;
      const aliased = (e: unknown) => {
        const path = e !== null && typeof e === 'object' ? (e as Json).path : undefined;
        return Array.isArray(path) && typeof path[0] === 'string' ? path[0] : undefined;
      };
      // Errors about the document itself (no `data`, or errors of no alias): the whole request failed.
      const general = errors.filter((e) => aliased(e) === undefined);
      if (!data || general.length > 0) throw graphqlError(general.length > 0 ? general : errors, name);
      return parts.map((part, i): SubscriptionChange | GitLabError => {
        const own = errors.filter((e) => aliased(e) === `s${i}`);
        if (own.length > 0 || data[`s${i}`] === null || data[`s${i}`] === undefined) {
          return graphqlError(own.length > 0 ? own : [{ message: 'GitLab answered nothing for this change.' }], part.field);
        }
        try {
          mutationPayload(data, `s${i}`);
        } catch (error) {
          if (error instanceof GitLabError) return error;
          throw error;
        }
        return { subscribed, changed: true };
      });
    },
  };
}

/**
 * `GET /groups?min_access_level=10`: the groups the user is a member of (an administrator's plain `/groups` is every
 * group). Where merge requests, epics and labels are looked for.
 */
export function listMemberGroups(page: PageRequest): ApiRequest<Group[]> {
  return { method: 'GET', path: '/groups', query: { min_access_level: '10', ...pageQuery(page) }, parse: groups };
}

/**
 * Where GitLab cannot list subscriptions (no `subscribed` filter, or one it ignores): a project's open issues and merge
 * requests, the 100 most recently updated of each, with `subscribed` (true for explicit subscribers and for those who
 * take part alike, note §3), for what is left where the filter cannot answer: the workspace's own project.
 */
const PROJECT_THINGS = 100;

export function listProjectThings(projectPath: string): ApiRequest<SubscribedThing[]> {
  return graphqlRequest({
    name: 'project.issues', kind: 'query',
    document: `query projectThingsThatMailYou($path: ID!) {
  project(fullPath: $path) {
    issues(state: opened, sort: UPDATED_DESC, first: ${PROJECT_THINGS}) { nodes { ${ISSUE_FIELDS} } }
    mergeRequests(state: opened, sort: UPDATED_DESC, first: ${PROJECT_THINGS}) { nodes { ${MR_FIELDS} } }
  }
}`,
    variables: { path: projectPath },
    read: (data) => {
      if (data.project === null) throw new GitLabError('notFound', 'GitLab did not find the project, or this account cannot see it.');
      const project = object(data.project, 'project');
      const nodes = (connection: unknown, path: string) => (connection === null ? [] : connectionNodes(object(connection, path), path, PROJECT_THINGS));
      return [
        ...nodes(project.issues, 'issues').map((n, i) => issue(n, `issues.nodes[${i}]`)),
        ...nodes(project.mergeRequests, 'mergeRequests').map((n, i) => mergeRequest(n, `mergeRequests.nodes[${i}]`)),
      ].filter((thing) => thing.subscribed);
    },
  });
}
