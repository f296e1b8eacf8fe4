import { GitLabError } from './errors';
import { graphqlRequest } from './graphql';
import type { ApiRequest } from './request';
import { num, object, str, type Json } from './shapes';

/**
 * "Why am I notified about this?" for one issue, merge request or epic, in one GraphQL document (subscriptions note
 * §1, §3, §6): GitLab's `subscribed` (true for an explicit subscription and, without a row, for a participant), the
 * caller's roles on it, and whether a row of the caller says subscribed or unsubscribed, asked with the `subscribed`
 * filter on the container's list narrowed to its iid (aliases `subs`, `unsubs`). A GitLab without the filter is asked
 * the same without those aliases.
 */

/** How GitLab finds it: a project's issue or merge request by iid, a group's work item by iid, any work item by ID. */
export type ThingAddress =
  | { kind: 'issue' | 'mergeRequest'; projectPath: string; iid: string }
  | { kind: 'epic'; groupPath: string; iid: string }
  | { kind: 'epic'; id: string };

export type ThingRole = 'author' | 'assignee' | 'reviewer';

/**
 * What GitLab says of the caller and the thing. `explicit`: a row saying subscribed or unsubscribed, none, or
 * `unknown` where GitLab cannot say (no filter before 17.5; a filter it ignores, 17.5–17.6 with the flag off).
 */
export interface ThingSubscription {
  id: string;
  iid: string;
  title: string;
  reference: string;
  webUrl?: string;
  /** The project's or group's full path. */
  containerPath: string;
  subscribed: boolean;
  explicit: 'subscribed' | 'unsubscribed' | 'none' | 'unknown';
  /** Why `explicit` is `unknown`. */
  unknownBecause?: 'noFilter' | 'filterIgnored';
  roles: ThingRole[];
}

const WORK_ITEM_FIELDS = `id iid title webUrl reference(full: true) author { id } namespace { fullPath }
      widgets {
        ... on WorkItemWidgetNotifications { subscribed }
        ... on WorkItemWidgetAssignees { assignees { nodes { id } } }
      }`;

const THING: Record<'issue' | 'mergeRequest' | 'epic', { container: string; field: string; list: string; fields: string }> = {
  issue: {
    container: 'project', field: 'issue', list: 'issues',
    fields: 'id iid title webUrl reference(full: true) subscribed author { id } assignees { nodes { id } }',
  },
  mergeRequest: {
    container: 'project', field: 'mergeRequest', list: 'mergeRequests',
    fields: 'id iid title webUrl reference(full: true) subscribed author { id } assignees { nodes { id } } reviewers { nodes { id } }',
  },
  epic: { container: 'group', field: 'workItem', list: 'workItems', fields: WORK_ITEM_FIELDS },
};

const ids = (connection: unknown): string[] => {
  if (connection === null || typeof connection !== 'object') return [];
  const nodes = (connection as Json).nodes;
  return Array.isArray(nodes) ? nodes.flatMap((n) => (n !== null && typeof n === 'object' && typeof (n as Json).id === 'string' ? [(n as Json).id as string] : [])) : [];
};

const idOf = (value: unknown): string | undefined =>
  (value !== null && typeof value === 'object' && typeof (value as Json).id === 'string' ? (value as Json).id as string : undefined);

/** A work item's widgets, read by what they carry (the fragments name their types). */
function widgetsOf(o: Json): { subscribed: boolean; assignees: string[] } {
  const widgets = Array.isArray(o.widgets) ? o.widgets.filter((w): w is Json => w !== null && typeof w === 'object') : [];
  const notifications = widgets.find((w) => typeof w.subscribed === 'boolean');
  const assignees = widgets.find((w) => w.assignees !== undefined);
  return { subscribed: notifications?.subscribed === true, assignees: ids(assignees?.assignees) };
}

function readThing(value: unknown, kind: ThingAddress['kind'], me: string | undefined, fallbackPath: string): Omit<ThingSubscription, 'explicit' | 'unknownBecause'> {
  const o = object(value, 'thing');
  const work = kind === 'epic' ? widgetsOf(o) : undefined;
  const assignees = work ? work.assignees : ids(o.assignees);
  const roles: ThingRole[] = [];
  if (me !== undefined) {
    if (idOf(o.author) === me) roles.push('author');
    if (assignees.includes(me)) roles.push('assignee');
    if (ids(o.reviewers).includes(me)) roles.push('reviewer');
  }
  const namespace = o.namespace !== null && typeof o.namespace === 'object' ? (o.namespace as Json).fullPath : undefined;
  return {
    id: str(o, 'id', 'thing'), iid: str(o, 'iid', 'thing'), title: str(o, 'title', 'thing'), reference: str(o, 'reference', 'thing'),
    ...(typeof o.webUrl === 'string' ? { webUrl: o.webUrl } : {}),
    containerPath: typeof namespace === 'string' ? namespace : fallbackPath,
    subscribed: work ? work.subscribed : o.subscribed === true, roles,
  };
}

const notFound = (what: string) => new GitLabError('notFound', `GitLab did not find ${what}, or this account cannot see it.`);

/**
 * The document for a project's issue or merge request, or a group's work item. `withFilter: false` for a GitLab
 * without the `subscribed` argument (its absence is answered as `unsupported`, graphql.ts).
 */
export function getThingSubscription(address: Exclude<ThingAddress, { id: string }>, withFilter: boolean): ApiRequest<ThingSubscription> {
  if (!/^\d+$/.test(address.iid)) throw new GitLabError('validation', `${address.iid} is not an iid.`);
  const path = 'projectPath' in address ? address.projectPath : address.groupPath;
  if (typeof path !== 'string' || path.trim() === '') throw new GitLabError('validation', 'No project or group was given.');
  const thing = THING[address.kind];
  const filtered = (status: string) => `${thing.list}(iids: [$iid], subscribed: ${status}) { count }`;
  const document = `query thingSubscription($path: ID!, $iid: String!) {
  currentUser { id }
  container: ${thing.container}(fullPath: $path) {
    thing: ${thing.field}(iid: $iid) { ${thing.fields} }${withFilter ? `
    subs: ${filtered('EXPLICITLY_SUBSCRIBED')}
    unsubs: ${filtered('EXPLICITLY_UNSUBSCRIBED')}` : ''}
  }
}`;
  return graphqlRequest({
    name: `${thing.container}.${thing.field}`, kind: 'query', document, variables: { path, iid: address.iid },
    read: (data) => {
      const what = `${path}${address.kind === 'issue' ? '#' : address.kind === 'mergeRequest' ? '!' : '&'}${address.iid}`;
      if (data.container === null || data.container === undefined) throw notFound(what);
      const container = object(data.container, 'container');
      if (container.thing === null || container.thing === undefined) throw notFound(what);
      const me = idOf(data.currentUser);
      const read = readThing(container.thing, address.kind, me, path);
      if (!withFilter) return { ...read, explicit: 'unknown', unknownBecause: 'noFilter' };
      const subs = num(object(container.subs, 'subs'), 'count', 'subs');
      const unsubs = num(object(container.unsubs, 'unsubs'), 'count', 'unsubs');
      // Both lists holding the one iid: the filter ignored (§2.1), or rows of both kinds; either way GitLab cannot say.
      if (subs > 0 && unsubs > 0) return { ...read, explicit: 'unknown', unknownBecause: 'filterIgnored' };
      return { ...read, explicit: subs > 0 ? 'subscribed' : unsubs > 0 ? 'unsubscribed' : 'none' };
    },
  });
}

/** A work item known by its global ID only (an epic from an event): where it lives, to ask the group next. */
export function findWorkItem(id: string): ApiRequest<{ groupPath: string; iid: string } | undefined> {
  if (!/^gid:\/\/gitlab\/WorkItem\/\d+$/.test(id)) throw new GitLabError('validation', `${id} is not a work item's global ID.`);
  return graphqlRequest({
    name: 'workItem', kind: 'query', variables: { id },
    document: 'query thingWorkItem($id: WorkItemID!) {\n  workItem(id: $id) { iid namespace { fullPath } }\n}',
    read: (data) => {
      if (data.workItem === null || data.workItem === undefined) throw notFound(id);
      const o = object(data.workItem, 'workItem');
      const namespace = o.namespace !== null && typeof o.namespace === 'object' ? (o.namespace as Json).fullPath : undefined;
      return typeof namespace === 'string' ? { groupPath: namespace, iid: str(o, 'iid', 'workItem') } : undefined;
    },
  });
}
