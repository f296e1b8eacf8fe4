import { GitLabError } from './errors';
import { connectionNodes, graphqlRequest } from './graphql';
import type { ApiRequest } from './request';
import { object } from './shapes';
import { first, pageOf, WORK_ITEM_FIELDS, workItem } from './subscriptionEndpoints';
import type { CursorRequest, SubscribedThing, SubscriptionPage } from './subscriptionTypes';

/**
 * Epics a person is subscribed to, as work items (`types: [EPIC]`, subscriptions note §2): group by group through
 * `Group.workItems`, or instance-wide through `currentUser.workItems` where GitLab answers group-level items there, so
 * that epics of groups the person is not a member of show too.
 */

/** Epics of a group and its descendants. */
export function listSubscribedEpics(group: string, page: CursorRequest): ApiRequest<SubscriptionPage<SubscribedThing>> {
  return graphqlRequest({
    name: 'group.workItems', kind: 'query',
    document: `query subscribedEpics($path: ID!, $first: Int!, $after: String, $state: IssuableState) {
  group(fullPath: $path) {
    workItems(subscribed: EXPLICITLY_SUBSCRIBED, types: [EPIC], includeDescendants: true, state: $state, first: $first, after: $after) {
      count
      pageInfo { hasNextPage endCursor }
      nodes { ${WORK_ITEM_FIELDS} }
    }
  }
}`,
    variables: { path: group, first: first(page), after: page.after ?? null, state: page.state ?? null },
    read: (data) => {
      if (data.group === null) throw new GitLabError('notFound', 'GitLab did not find the group, or this account cannot see it.');
      const items = object(data.group, 'group').workItems;
      // `Group.workItems` is null where the group cannot have work items of its own (namespace work items off).
      return items === null ? { items: [], count: 0 } : pageOf(items, 'workItems', first(page), workItem);
    },
  });
}

/** Every epic the user is subscribed to, wherever it lives (`currentUser.workItems`, 17.10+, an experiment). */
export function listSubscribedEpicsEverywhere(page: CursorRequest): ApiRequest<SubscriptionPage<SubscribedThing>> {
  return graphqlRequest({
    name: 'currentUser.workItems', kind: 'query',
    document: `query subscribedEpicsEverywhere($first: Int!, $after: String, $state: IssuableState) {
  currentUser {
    workItems(subscribed: EXPLICITLY_SUBSCRIBED, types: [EPIC], state: $state, first: $first, after: $after) {
      count
      pageInfo { hasNextPage endCursor }
      nodes { ${WORK_ITEM_FIELDS} }
    }
  }
}`,
    variables: { first: first(page), after: page.after ?? null, state: page.state ?? null },
    read: (data) => {
      if (data.currentUser === null) throw new GitLabError('unauthorized', 'GitLab did not say who the token belongs to.');
      const items = object(data.currentUser, 'currentUser').workItems;
      return items === null ? { items: [], count: 0 } : pageOf(items, 'workItems', first(page), workItem);
    },
  });
}

/**
 * Whether `currentUser.workItems` answers group-level items: any epic at all that the user can see, asked for there.
 * The field's presence does not tell: GitLab's finder long returned project-level items only (its own spec marks
 * group-level items across groups as pending). An instance where the user sees no epic answers false, and the group
 * walk finds none either.
 */
export function probeEpicsEverywhere(): ApiRequest<boolean> {
  return graphqlRequest({
    name: 'currentUser.workItems', kind: 'query',
    document: `query epicsEverywhereProbe {
  currentUser { workItems(types: [EPIC], first: 1) { nodes { id } } }
}`,
    read: (data) => {
      if (data.currentUser === null) return false;
      const items = object(data.currentUser, 'currentUser').workItems;
      return items !== null && connectionNodes(object(items, 'workItems'), 'workItems', 1).length > 0;
    },
  });
}
