import { GitLabError } from './errors';
import { graphqlRequest } from './graphql';
import type { ApiRequest } from './request';
import { num, object, type Json } from './shapes';
import type { SubscriptionKind } from './subscriptionTypes';
import type { Scope } from './types';

/**
 * Counts of explicit subscriptions in one request per scope (notes/gitlab-subscriptions.md §2, §8): the `count` of
 * GitLab's countable connections under the `subscribed` filter, one alias per kind. Constant documents; the path
 * travels as a variable. GitLab counts issues instance-wide (`Query.issues`); merge requests and epics only per
 * group (`includeSubgroups`, `includeDescendants`) or project. Labels are read over REST (see the client).
 */

const DOCUMENTS = {
  global: `query subscriptionCountsGlobal {
  issues: issues(subscribed: EXPLICITLY_SUBSCRIBED) { count }
}`,
  group: `query subscriptionCountsGroup($path: ID!) {
  container: group(fullPath: $path) {
    issues: issues(subscribed: EXPLICITLY_SUBSCRIBED, includeSubgroups: true) { count }
    mergeRequests: mergeRequests(subscribed: EXPLICITLY_SUBSCRIBED, includeSubgroups: true) { count }
    epics: workItems(subscribed: EXPLICITLY_SUBSCRIBED, types: [EPIC], includeDescendants: true) { count }
  }
}`,
  project: `query subscriptionCountsProject($path: ID!) {
  container: project(fullPath: $path) {
    issues: issues(subscribed: EXPLICITLY_SUBSCRIBED) { count }
    mergeRequests: mergeRequests(subscribed: EXPLICITLY_SUBSCRIBED) { count }
  }
}`,
} as const;

/** A group's or project's full path: GraphQL finds them by path only (a numeric ID is refused before sending). */
export function countPath(scope: Exclude<Scope, { kind: 'global' }>): string {
  const path = String(scope.id).trim();
  if (path === '' || /^\d+$/.test(path)) {
    throw new GitLabError('validation', `Subscriptions are counted by a ${scope.kind}'s full path, not by ID (${path || 'empty'}).`);
  }
  return path;
}

const count = (o: Json, alias: string): number => num(object(o[alias], alias), 'count', alias);

/** The GraphQL counts of a scope: issues, merge requests and epics, as far as GitLab counts them there. */
export function countSubscriptions(scope: Scope): ApiRequest<Partial<Record<SubscriptionKind, number>>> {
  if (scope.kind === 'global') {
    return graphqlRequest({ name: 'issues', kind: 'query', document: DOCUMENTS.global, read: (data) => ({ issue: count(data, 'issues') }) });
  }
  const path = countPath(scope);
  return graphqlRequest({
    name: `${scope.kind}.issues`, kind: 'query', document: DOCUMENTS[scope.kind], variables: { path },
    read: (data) => {
      if (data.container === null) throw new GitLabError('notFound', `GitLab did not find the ${scope.kind} ${path}, or this account cannot see it.`);
      const container = object(data.container, 'container');
      const counts: Partial<Record<SubscriptionKind, number>> = { issue: count(container, 'issues'), mergeRequest: count(container, 'mergeRequests') };
      // `Group.workItems` is null where the group cannot have work items of its own (namespace work items off): none.
      if (scope.kind === 'group') counts.epic = container.epics === null ? 0 : count(container, 'epics');
      return counts;
    },
  });
}
