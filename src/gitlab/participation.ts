import { ByteBudget } from './byteBudget';
import { GitLabError } from './errors';
import { connectionNodes, graphqlRequest } from './graphql';
import type { ApiRequest } from './request';
import { object, str, type Json } from './shapes';
import type { Transport } from './transport';

/**
 * "What changed since T" of the things a person takes part in by role (catch-up note §3.1, §3.2): the merge requests
 * they are assigned to, asked to review or authored (`currentUser.*MergeRequests`) and the issues assigned to them or
 * authored by them (`Query.issues`), each with `updatedAfter`, newest update first: one constant GraphQL document, the
 * values in its variables, one request. Each connection is one page (`PARTICIPATION_PAGE`), the answer bounded in bytes.
 */

export type ParticipationRole = 'author' | 'assignee' | 'reviewer';

export interface ParticipatedThing {
  kind: 'issue' | 'mergeRequest';
  projectId: number;
  iid: number;
  /** As GitLab sent them: shown only through the plain-text function. */
  title: string;
  webUrl: string;
  /** `acme/web`: the reference's project part. */
  projectPath: string;
  /** ISO 8601, whole seconds (GraphQL `Time`). */
  updatedAt: string;
  roles: ParticipationRole[];
  /** An open merge request's source branch: a push to it is about this merge request (note §1.4). */
  sourceBranch?: string;
}

/** Nodes per connection, one page each: the note's `first: 50` (§5 R1), well under GitLab's complexity limit of 250. */
export const PARTICIPATION_PAGE = 50;
/** The answer's bytes at most: five pages of 50 small nodes are about 60 KB. */
export const PARTICIPATION_MAX_BYTES = 512 * 1024;

const MR_FIELDS = 'iid title webUrl updatedAt reference(full: true) state sourceBranch project { id fullPath }';
const ISSUE_FIELDS = 'iid title webUrl updatedAt reference(full: true) projectId';

/** `currentUser.recentlyViewedItems` (issue and merge request pages opened in the browser; no first release known). */
const VIEWED = `
    recentlyViewedItems {
      viewedAt
      item { __typename ... on Issue { iid projectId } ... on MergeRequest { iid project { id } } }
    }`;

const document = (viewed: boolean) => `query catchUpParticipation($me: String!, $after: Time!, $first: Int!) {
  currentUser {${viewed ? VIEWED : ''}
    assigned: assignedMergeRequests(updatedAfter: $after, sort: UPDATED_DESC, first: $first) { nodes { ${MR_FIELDS} } }
    reviewing: reviewRequestedMergeRequests(updatedAfter: $after, sort: UPDATED_DESC, first: $first) { nodes { ${MR_FIELDS} } }
    authored: authoredMergeRequests(updatedAfter: $after, sort: UPDATED_DESC, first: $first) { nodes { ${MR_FIELDS} } }
  }
  assignedIssues: issues(assigneeUsernames: [$me], updatedAfter: $after, sort: UPDATED_DESC, first: $first) { nodes { ${ISSUE_FIELDS} } }
  authoredIssues: issues(authorUsername: $me, updatedAfter: $after, sort: UPDATED_DESC, first: $first) { nodes { ${ISSUE_FIELDS} } }
}`;

const positiveInt = (value: unknown): number | undefined => {
  const n = typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : undefined;
};

function thing(kind: ParticipatedThing['kind'], role: ParticipationRole, value: unknown, path: string): ParticipatedThing | undefined {
  const o = object(value, path);
  const iid = positiveInt(o.iid);
  const updatedAt = str(o, 'updatedAt', path);
  const reference = str(o, 'reference', path);
  let projectId: number | undefined;
  let projectPath: string;
  if (kind === 'mergeRequest') {
    const project = object(o.project, `${path}.project`);
    projectId = positiveInt(typeof project.id === 'string' ? /^gid:\/\/gitlab\/Project\/(\d+)$/.exec(project.id)?.[1] : project.id);
    projectPath = str(project, 'fullPath', `${path}.project`);
  } else {
    projectId = positiveInt(o.projectId);
    projectPath = reference.replace(/#\d+$/, '');
  }
  // A node that names no thing the view can key (no iid, no project, no time) is left out, not guessed.
  if (iid === undefined || projectId === undefined || !Number.isFinite(Date.parse(updatedAt))) return undefined;
  return {
    kind, projectId, iid, title: typeof o.title === 'string' ? o.title : '', webUrl: typeof o.webUrl === 'string' ? o.webUrl : '',
    projectPath, updatedAt, roles: [role],
    ...(kind === 'mergeRequest' && o.state === 'opened' && typeof o.sourceBranch === 'string' && o.sourceBranch ? { sourceBranch: o.sourceBranch } : {}),
  };
}

/** An issue or merge request page the person opened in the browser, and when (GitLab's `viewedAt`). */
export interface ViewedThing {
  kind: 'issue' | 'mergeRequest';
  projectId: number;
  iid: number;
  viewedAt: string;
}

export interface ParticipationAnswer {
  things: ParticipatedThing[];
  /** Absent where the server has no `recentlyViewedItems`. */
  viewed?: ViewedThing[];
}

/** At most 5 a type are answered (`SEARCH_LIMIT`); a server that sends more is cut. */
export const MAX_VIEWED = 10;

function readViewed(list: unknown): ViewedThing[] {
  if (!Array.isArray(list)) return [];
  return list.slice(0, MAX_VIEWED).flatMap((entry, i): ViewedThing[] => {
    if (entry === null) return [];
    const o = object(entry, `recentlyViewedItems[${i}]`);
    const item = object(o.item, `recentlyViewedItems[${i}].item`);
    const viewedAt = str(o, 'viewedAt', `recentlyViewedItems[${i}]`);
    const iid = positiveInt(item.iid);
    const kind = item.__typename === 'Issue' ? 'issue' : item.__typename === 'MergeRequest' ? 'mergeRequest' : undefined;
    const project = item.project !== null && typeof item.project === 'object' ? (item.project as Json).id : undefined;
    const projectId = kind === 'issue' ? positiveInt(item.projectId)
      : positiveInt(typeof project === 'string' ? /^gid:\/\/gitlab\/Project\/(\d+)$/.exec(project)?.[1] : project);
    return kind && iid && projectId && Number.isFinite(Date.parse(viewedAt)) ? [{ kind, projectId, iid, viewedAt }] : [];
  });
}

/** The five connections' nodes as one list, each thing once with every role it was listed under. */
export function readParticipation(data: Json): ParticipatedThing[] {
  const user = data.currentUser === null || data.currentUser === undefined ? undefined : object(data.currentUser, 'currentUser');
  if (!user) throw new GitLabError('unauthorized', 'GitLab did not say who is signed in (currentUser is null): sign in again.');
  const lists: Array<[ParticipatedThing['kind'], ParticipationRole, unknown, string]> = [
    ['mergeRequest', 'assignee', user.assigned, 'currentUser.assigned'],
    ['mergeRequest', 'reviewer', user.reviewing, 'currentUser.reviewing'],
    ['mergeRequest', 'author', user.authored, 'currentUser.authored'],
    ['issue', 'assignee', data.assignedIssues, 'assignedIssues'],
    ['issue', 'author', data.authoredIssues, 'authoredIssues'],
  ];
  const byKey = new Map<string, ParticipatedThing>();
  for (const [kind, role, connection, path] of lists) {
    if (connection === null || connection === undefined) continue;
    connectionNodes(object(connection, path), path, PARTICIPATION_PAGE).forEach((node, i) => {
      const found = thing(kind, role, node, `${path}.nodes[${i}]`);
      if (!found) return;
      const key = `${kind}:${found.projectId}:${found.iid}`;
      const known = byKey.get(key);
      if (!known) byKey.set(key, found);
      else {
        if (!known.roles.includes(role)) known.roles.push(role);
        if (found.updatedAt > known.updatedAt) known.updatedAt = found.updatedAt;
      }
    });
  }
  return [...byKey.values()];
}

/**
 * The request: the person's username and the time as variables, never spliced into the document. `viewed`: also the
 * pages opened in the browser (one of two constant documents).
 */
export function participationRequest(username: string, updatedAfter: string, viewed = false): ApiRequest<ParticipationAnswer> {
  if (!username || !Number.isFinite(Date.parse(updatedAfter))) throw new GitLabError('validation', 'A participation read needs a username and a time.');
  return graphqlRequest({
    name: 'catchUpParticipation', kind: 'query', document: viewed ? WITH_VIEWED : WITHOUT_VIEWED,
    variables: { me: username, after: new Date(Date.parse(updatedAfter)).toISOString(), first: PARTICIPATION_PAGE },
    read: (data) => {
      const things = readParticipation(data);
      if (!viewed) return { things };
      const user = object(data.currentUser, 'currentUser');
      return { things, viewed: readViewed(user.recentlyViewedItems) };
    },
  });
}

const WITH_VIEWED = document(true);
const WITHOUT_VIEWED = document(false);

export const NO_GRAPHQL_PARTICIPATION = 'This GitLab has no GraphQL API (404 at /api/graphql), so what you are assigned to, asked to review or wrote is seen only where another list shows an event of it.';

/** What the Catch Up view asks of an instance beyond the other lists. */
export interface ParticipationApi {
  /**
   * Things by role updated at or after `updatedAfter` (inclusive, note M1), and the pages opened in the browser where
   * the server tells them. `unsupported` where GitLab has no GraphQL.
   */
  participation(username: string, updatedAfter: string, signal?: AbortSignal): Promise<ParticipationAnswer>;
}

export class ParticipationClient implements ParticipationApi {
  /** False once the server said it has no `recentlyViewedItems`: asked without it from then on. */
  private viewed = true;

  constructor(private readonly transport: Transport) {}

  async participation(username: string, updatedAfter: string, signal?: AbortSignal): Promise<ParticipationAnswer> {
    try {
      return await this.send(participationRequest(username, updatedAfter, this.viewed), signal);
    } catch (error) {
      // graphql-ruby's words for a field this version lacks: the same read again without it, once for this client.
      if (this.viewed && error instanceof GitLabError && error.kind === 'unsupported' && error.status !== 404) {
        this.viewed = false;
        return this.send(participationRequest(username, updatedAfter, false), signal);
      }
      throw error;
    }
  }

  private async send(request: ApiRequest<ParticipationAnswer>, signal?: AbortSignal): Promise<ParticipationAnswer> {
    try {
      return (await this.transport.send(request, signal, new ByteBudget(PARTICIPATION_MAX_BYTES))).data;
    } catch (error) {
      if (error instanceof GitLabError && error.kind === 'notFound' && error.status === 404 && error.request?.includes('/api/graphql')) {
        throw new GitLabError('unsupported', NO_GRAPHQL_PARTICIPATION, { status: error.status, request: error.request, serverMessage: error.serverMessage, cause: error });
      }
      throw error;
    }
  }
}
