import { GitLabError } from './errors';
import { toPage } from './paging';
import type { ApiRequest } from './request';
import { countPath, countSubscriptions } from './subscriptionCountEndpoints';
import * as subs from './subscriptionEndpoints';
import { listSubscribedEpics, listSubscribedEpicsEverywhere, probeEpicsEverywhere } from './subscribedEpics';
import type {
  CursorRequest, FilterProbe, LabelScope, SubscribedLabel, SubscribedThing, SubscriptionChange, SubscriptionCounts,
  SubscriptionFeatures, SubscriptionKind, SubscriptionPage, SubscriptionTarget,
} from './subscriptionTypes';
import { findWorkItem, getThingSubscription, type ThingAddress, type ThingSubscription } from './thingSubscription';
import type { Transport } from './transport';
import type { Group, Page, PageRequest, ReadBudget, Scope } from './types';

/**
 * What the signed-in user is explicitly subscribed to, and Unsubscribe / subscribe again (notes/gitlab-subscriptions.md),
 * over the one `Transport`. Every call rejects only with a `GitLabError`:
 *
 * - `unsupported`: no GraphQL (404), a GitLab without the `subscribed` filter (before 17.5) or without the mutation;
 *   and `FilterIgnoredError` where GitLab accepts the filter and ignores it (17.5–17.6 with `filter_subscriptions`
 *   off, §2.1): nothing is listed there, since an Unsubscribe on such a list would silence mail nobody asked to stop.
 *   `getSubscriptionFeatures` tells per kind beforehand.
 * - `forbidden` with `missingScope: 'api'` (REST) or `notFound` with `missingScope: 'api'` (GraphQL answers a token
 *   without `api` and a thing it cannot see alike): changing subscriptions needs the `api` scope. `forbidden` without
 *   it: GitLab refused (a merge request over REST needs update permission; the client uses GraphQL for those).
 * - `validation`: a target that names nothing, refused before anything is sent; or GitLab's refusal in its words.
 */

export const FILTER_IGNORED_MESSAGE =
  'This GitLab accepts the "subscribed" filter but ignores it (GitLab 17.5–17.6 with the filter_subscriptions feature off), '
  + 'so it would list everything you can see. Subscriptions are not listed here; ask an administrator to turn the feature on, or upgrade.';

/** The §7 probe found the filter ignored: listing refused. */
export class FilterIgnoredError extends GitLabError {
  constructor(readonly version?: string) {
    super('unsupported', FILTER_IGNORED_MESSAGE, { request: 'POST /api/graphql (issues)', serverMessage: version ? `GitLab ${version}` : undefined });
    this.name = 'FilterIgnoredError';
  }
}

const NO_GRAPHQL = 'This GitLab has no GraphQL API (404 at /api/graphql), so subscriptions cannot be listed or changed one by one here.';
const TOO_OLD: Record<SubscriptionKind | 'count', string> = {
  issue: 'Listing subscribed issues needs GitLab 17.5 or later (this GitLab has no "subscribed" filter).',
  mergeRequest: 'Listing subscribed merge requests needs a GitLab whose merge request lists take the "subscribed" filter (17.5 or later).',
  epic: 'Listing subscribed epics needs GitLab 17.5 or later with epics as work items.',
  label: 'This GitLab does not offer label subscriptions over its API.',
  count: 'Counting subscriptions needs GitLab 17.5 or later (this GitLab has no "subscribed" filter where it would count them).',
};
/** Pages of 100 labels read to count a scope's subscribed labels; past them the labels are not counted. */
export const COUNT_LABEL_PAGES = 3;
const CANNOT_ASK = 'This GitLab cannot answer who is subscribed to one thing: its GraphQL API lacks a field this needs';
const CHANGE_NEEDS_API = 'GitLab did not find it, or does not let this token change it: changing subscriptions needs a token with the `api` scope.';

/** A failure in this client's words, GitLab's kept in `serverMessage`. */
function translate(error: unknown, kind: SubscriptionKind | 'count', change: boolean): unknown {
  if (!(error instanceof GitLabError) || error instanceof FilterIgnoredError) return error;
  const details = { status: error.status, request: error.request, serverMessage: error.serverMessage, cause: error };
  if (error.kind === 'notFound' && error.status === 404 && error.request?.includes('/api/graphql')) return new GitLabError('unsupported', NO_GRAPHQL, details);
  if (error.kind === 'unsupported') return new GitLabError('unsupported', TOO_OLD[kind], details);
  if (change && error.kind === 'notFound' && error.missingScope === 'api') return new GitLabError('notFound', CHANGE_NEEDS_API, { ...details, missingScope: 'api' });
  if (change && error.kind === 'forbidden' && error.missingScope === 'api') {
    return new GitLabError('forbidden', 'The token lacks the `api` scope, which changing subscriptions needs. Create a token with `api` and sign in again.',
      { ...details, insufficientScope: true, missingScope: 'api' });
  }
  return error;
}

/** The typed `unsupported` of a kind `features` say this GitLab cannot list, known beforehand (no request); else undefined. */
export function listingUnsupported(kind: SubscriptionKind, features: SubscriptionFeatures): GitLabError | undefined {
  if (kind === 'label') return features.listLabels ? undefined : new GitLabError('unsupported', TOO_OLD.label);
  if (!features.graphql) return new GitLabError('unsupported', NO_GRAPHQL);
  const can = kind === 'issue' ? features.listIssues : kind === 'mergeRequest' ? features.listMergeRequests : features.listEpics;
  return can ? undefined : new GitLabError('unsupported', TOO_OLD[kind]);
}

export class SubscriptionClient {
  private probe?: Promise<FilterProbe>;
  private everywhere?: Promise<boolean>;
  private features?: Promise<SubscriptionFeatures>;

  constructor(private readonly transport: Transport) {}

  /**
   * What this GitLab can list and change, per kind; all false but labels (and no error) without GraphQL. Asked once per
   * client (a failed answer is asked again next time).
   */
  getSubscriptionFeatures(signal?: AbortSignal): Promise<SubscriptionFeatures> {
    this.features ??= this.readFeatures(signal).catch((error: unknown) => {
      this.features = undefined;
      throw error;
    });
    return this.features;
  }

  private async readFeatures(signal?: AbortSignal): Promise<SubscriptionFeatures> {
    try {
      return (await this.transport.send(subs.getSubscriptionFeatures(), signal)).data;
    } catch (error) {
      const translated = translate(error, 'issue', false);
      if (translated instanceof GitLabError && translated.kind === 'unsupported') {
        return {
          graphql: false, listIssues: false, listMergeRequests: false, listEpics: false, listUserWorkItems: false, listLabels: true,
          setIssue: false, setMergeRequest: false, setWorkItem: false,
        };
      }
      throw translated;
    }
  }

  /** The §7 probe, once per client (a failed one is asked again next time). */
  probeSubscriptionFilter(signal?: AbortSignal): Promise<FilterProbe> {
    this.probe ??= this.send(() => subs.probeSubscriptionFilter(), 'issue', false, signal).catch((error: unknown) => {
      this.probe = undefined;
      throw error;
    });
    return this.probe;
  }

  listSubscribedIssues(page: CursorRequest, signal?: AbortSignal): Promise<SubscriptionPage<SubscribedThing>> {
    return this.list(() => subs.listSubscribedIssues(page), 'issue', signal, page.budget);
  }

  /** `scope`: a group's full path (with its subgroups) or a project's. */
  listSubscribedMergeRequests(scope: { group: string } | { project: string }, page: CursorRequest, signal?: AbortSignal): Promise<SubscriptionPage<SubscribedThing>> {
    return this.list(() => subs.listSubscribedMergeRequests(scope, page), 'mergeRequest', signal, page.budget);
  }

  /** Epics of a group and its descendants (Premium and Ultimate; empty elsewhere). */
  listSubscribedEpics(group: string, page: CursorRequest, signal?: AbortSignal): Promise<SubscriptionPage<SubscribedThing>> {
    return this.list(() => listSubscribedEpics(group, page), 'epic', signal, page.budget);
  }

  /** Every epic the user is subscribed to, in any group (where `epicsEverywhere` says GitLab answers them). */
  listSubscribedEpicsEverywhere(page: CursorRequest, signal?: AbortSignal): Promise<SubscriptionPage<SubscribedThing>> {
    return this.list(() => listSubscribedEpicsEverywhere(page), 'epic', signal, page.budget);
  }

  /**
   * Whether epics are read instance-wide (`currentUser.workItems`, an experiment since 17.10): its schema has the
   * field, and the field answers an epic the user can see; else they are read group by group. Asked once per client
   * (a failed answer is asked again next time).
   */
  epicsEverywhere(signal?: AbortSignal): Promise<boolean> {
    this.everywhere ??= (async () => {
      if (!(await this.getSubscriptionFeatures(signal)).listUserWorkItems) return false;
      return this.send(() => probeEpicsEverywhere(), 'epic', false, signal);
    })().catch((error: unknown) => {
      this.everywhere = undefined;
      throw error;
    });
    return this.everywhere;
  }

  /**
   * How many explicit subscriptions the user has in `scope` (a group with its subgroups or a project, by full path;
   * or global), in one GraphQL request, and, unless `labels` is false, the scope's subscribed labels over REST (at
   * most `COUNT_LABEL_PAGES` pages, else labels are not counted). Refused as the listings are: `unsupported` without
   * GraphQL or the filter, `FilterIgnoredError` where GitLab ignores the filter (it would count everything visible).
   */
  async countSubscriptions(scope: Scope, signal?: AbortSignal, options: { labels?: boolean } = {}): Promise<SubscriptionCounts> {
    // Known beforehand from the schema: a GitLab without the filter is not asked with it (nor probed).
    const features = await this.getSubscriptionFeatures(signal);
    if (!features.graphql) throw new GitLabError('unsupported', NO_GRAPHQL);
    if (!features.listIssues) throw new GitLabError('unsupported', TOO_OLD.count);
    const probe = await this.probeSubscriptionFilter(signal);
    if (!probe.honoured) throw new FilterIgnoredError(probe.version);
    const withLabels = scope.kind !== 'global' && options.labels !== false;
    const [counts, labels] = await Promise.all([
      this.send(() => countSubscriptions(scope), 'count', false, signal),
      withLabels ? this.countLabels(scope, signal) : undefined,
    ]);
    if (scope.kind === 'global') return { counts, notCounted: ['mergeRequest', 'epic', 'label'] };
    return labels === undefined ? { counts, notCounted: ['label'] } : { counts: { ...counts, label: labels }, notCounted: [] };
  }

  /** Subscribed labels seen from a group or project; undefined when it has more than `COUNT_LABEL_PAGES` pages. */
  private async countLabels(scope: Exclude<Scope, { kind: 'global' }>, signal?: AbortSignal): Promise<number | undefined> {
    const at: LabelScope = scope.kind === 'group' ? { group: countPath(scope) } : { project: countPath(scope) };
    let subscribed = 0;
    for (let page = 1; page <= COUNT_LABEL_PAGES; page++) {
      const read = await this.listLabels(at, { page, perPage: 100 }, signal);
      subscribed += read.items.filter((label) => label.subscribed).length;
      if (read.nextPage === undefined) return subscribed;
    }
    return undefined;
  }

  /** One page of a project's (with its ancestor groups') or a group's labels, each with `subscribed`: filter on it. */
  async listLabels(scope: LabelScope, page: PageRequest, signal?: AbortSignal): Promise<Page<SubscribedLabel>> {
    try {
      return toPage(await this.transport.send(subs.listLabels(scope, page), signal, page.budget), page);
    } catch (error) {
      throw translate(error, 'label', false);
    }
  }

  /**
   * A project's open issues and merge requests that e-mail the user (explicitly subscribed or taking part: GitLab's
   * `subscribed` does not tell them apart), for a GitLab that cannot list subscriptions; no probe needed.
   */
  listProjectThings(projectPath: string, signal?: AbortSignal): Promise<SubscribedThing[]> {
    return this.send(() => subs.listProjectThings(projectPath), 'issue', false, signal);
  }

  /** One page of the groups the user is a member of (where merge requests, epics and labels are looked for). */
  async listMemberGroups(page: PageRequest, signal?: AbortSignal): Promise<Page<Group>> {
    return toPage(await this.transport.send(subs.listMemberGroups(page), signal, page.budget), page);
  }

  /**
   * Subscribe or unsubscribe one thing: issues, merge requests and epics through GraphQL's mutations (read access
   * suffices; they always write, so `changed` is true), labels through REST (`changed: false` on GitLab's 304).
   */
  async setSubscription(target: SubscriptionTarget, subscribed: boolean, signal?: AbortSignal): Promise<SubscriptionChange> {
    if (target.kind === 'label') return this.setLabel(target, subscribed, signal);
    const [answer] = await this.setSubscriptions([target], subscribed, signal);
    if (answer instanceof GitLabError) throw answer;
    return answer;
  }

  /**
   * Up to `SUBSCRIPTION_BATCH_LIMIT` issues, merge requests and epics in one request; each answers its change or its
   * own typed error, in the order given. The request as a whole rejects (no GraphQL, a refused document, the network).
   * For any number of things, labels included, bounded in flight, use `src/app/subscriptions/subscriptionBulk.ts`.
   */
  async setSubscriptions(targets: ReadonlyArray<Exclude<SubscriptionTarget, { kind: 'label' }>>, subscribed: boolean, signal?: AbortSignal): Promise<Array<SubscriptionChange | GitLabError>> {
    const kind = targets[0]?.kind ?? 'issue';
    const answers = await this.send(() => subs.setSubscriptions(targets, subscribed), kind, true, signal);
    return answers.map((answer, i) => (answer instanceof GitLabError ? translate(answer, targets[i].kind, true) as GitLabError : answer));
  }

  private async setLabel(target: Extract<SubscriptionTarget, { kind: 'label' }>, subscribed: boolean, signal?: AbortSignal): Promise<SubscriptionChange> {
    const levels: Array<{ project: string | number } | { group: string | number }> = [];
    if (target.projectId !== undefined) levels.push({ project: target.projectId });
    if (target.groupId !== undefined) levels.push({ group: target.groupId });
    if (levels.length === 0) throw new GitLabError('validation', 'A label is changed through its project or its group: neither was given.');
    for (const [i, level] of levels.entries()) {
      try {
        return (await this.transport.send(subs.setLabelSubscription(target.labelId, level, subscribed), signal)).data;
      } catch (error) {
        // 304: no row at this level in the wanted state's opposite; the next level may hold it (§4).
        if (error instanceof GitLabError && error.status === 304) {
          if (i === levels.length - 1) return { subscribed, changed: false };
          continue;
        }
        throw translate(error, 'label', true);
      }
    }
    return { subscribed, changed: false };
  }

  /**
   * Whether and why the caller is subscribed to one issue, merge request or epic (thingSubscription.ts): one request,
   * a second on a GitLab without the `subscribed` filter, and one before for an epic known by its ID only.
   */
  async getThingSubscription(address: ThingAddress, signal?: AbortSignal): Promise<ThingSubscription> {
    let where: Exclude<ThingAddress, { id: string }>;
    if ('id' in address) {
      const found = await this.ask(() => findWorkItem(address.id), signal);
      if (!found) throw new GitLabError('notFound', 'GitLab did not say which group this work item belongs to.');
      where = { kind: 'epic', ...found };
    } else {
      where = address;
    }
    try {
      return (await this.transport.send(getThingSubscription(where, true), signal)).data;
    } catch (error) {
      // Before 17.5 the lists take no `subscribed`: asked again without it, GitLab's `subscribed` alone.
      if (!(error instanceof GitLabError && error.kind === 'unsupported' && /subscribed/.test(error.serverMessage ?? ''))) throw this.translateAsk(error);
    }
    return this.ask(() => getThingSubscription(where, false), signal);
  }

  private async ask<T>(build: () => ApiRequest<T>, signal?: AbortSignal): Promise<T> {
    try {
      return (await this.transport.send(build(), signal)).data;
    } catch (error) {
      throw this.translateAsk(error);
    }
  }

  /** A question about one thing: no GraphQL said as for lists; a missing field, as what this GitLab lacks. */
  private translateAsk(error: unknown): unknown {
    const translated = translate(error, 'issue', false);
    if (translated instanceof GitLabError && translated.kind === 'unsupported' && translated.message !== NO_GRAPHQL) {
      return new GitLabError('unsupported', `${CANNOT_ASK} (${translated.serverMessage ?? translated.message})`,
        { status: translated.status, request: translated.request, serverMessage: translated.serverMessage, cause: error });
    }
    return translated;
  }

  /** Lists only where the probe found the filter honoured, and never a page with a thing GitLab calls unsubscribed. */
  private async list(build: () => ApiRequest<SubscriptionPage<SubscribedThing>>, kind: SubscriptionKind, signal?: AbortSignal,
    budget?: ReadBudget): Promise<SubscriptionPage<SubscribedThing>> {
    const probe = await this.probeSubscriptionFilter(signal);
    if (!probe.honoured) throw new FilterIgnoredError(probe.version);
    const page = await this.send(build, kind, false, signal, budget);
    if (page.items.some((item) => !item.subscribed)) throw new FilterIgnoredError(probe.version);
    return page;
  }

  /** `build` runs inside, so that a refused argument rejects, as every call does, rather than throws. */
  private async send<T>(build: () => ApiRequest<T>, kind: SubscriptionKind | 'count', change: boolean, signal?: AbortSignal, budget?: ReadBudget): Promise<T> {
    try {
      return (await this.transport.send(build(), signal, budget)).data;
    } catch (error) {
      throw translate(error, kind, change);
    }
  }
}
