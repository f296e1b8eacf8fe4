import type { SubscriptionClient } from '../../gitlab/subscriptionClient';
import { listingUnsupported } from '../../gitlab/subscriptionClient';
import type { SubscribedThing, SubscriptionFeatures, SubscriptionKind } from '../../gitlab/subscriptionTypes';
import type { Page } from '../../gitlab/types';
import { CursorPages, SegmentedPages, type CursorPageOf } from '../lists/cursorPages';
import { ListStore, type ListPlan } from '../lists/listStore';
import { SubscriptionFilter } from './subscriptionFilter';
import { subscriptionKey, type LabelSubscription, type SubscriptionItem } from './subscriptionItems';
import type { SubscriptionPlaces } from './subscriptionPlaces';

/** One account's list of one kind: the view shows a section per kind. */
export interface SubscriptionSource {
  readonly key: string;
  readonly instance: string;
  readonly kind: SubscriptionKind;
}

export const subscriptionSource = (instance: string, kind: SubscriptionKind): SubscriptionSource =>
  ({ key: `subscriptions:${kind}:${instance}`, instance, kind });

export type SubscriptionLists = ListStore<SubscriptionSource, SubscriptionItem>;

/** GitLab's largest GraphQL page and REST page. */
const MAX_PAGE = 100;

/** What the lists read an account's subscriptions with; each its own account's, never another's. */
export interface SubscriptionReading {
  client: Pick<SubscriptionClient,
    'listSubscribedIssues' | 'listSubscribedMergeRequests' | 'listSubscribedEpics' | 'listSubscribedEpicsEverywhere' | 'epicsEverywhere' | 'listLabels'>;
  features(signal: AbortSignal): Promise<SubscriptionFeatures>;
  places(signal: AbortSignal): Promise<SubscriptionPlaces>;
  /**
   * Where this GitLab cannot list a kind: the workspace's own projects on this instance and their open things that
   * e-mail the user (what is left to offer there); none without GraphQL or a workspace project.
   */
  workspaceThings(signal: AbortSignal): Promise<{ projects: string[]; things: SubscribedThing[] }>;
  /** A kind's list shows the workspace's things instead, for `reason`. */
  notedFallback(kind: SubscriptionKind, reason: string, projects: string[]): void;
}

export interface SubscriptionListOptions {
  pageSize: number;
  filter?: SubscriptionFilter;
  reading(instance: string): SubscriptionReading | undefined;
}

type MergeRequestPlace = { group: string } | { project: string };
type LabelPlace = { group: number; path: string } | { project: number; path: string };

/** A REST page of labels as a cursor page: the next page number is the cursor; only subscribed labels are kept. */
async function labelPage(reading: SubscriptionReading, place: LabelPlace, after: string | undefined, signal: AbortSignal): Promise<CursorPageOf<LabelSubscription>> {
  const page = after === undefined ? 1 : Number(after);
  const scope = 'group' in place ? { group: place.group } : { project: place.project };
  const answer = await reading.client.listLabels(scope, { page, perPage: MAX_PAGE }, signal);
  const items = answer.items.filter((label) => label.subscribed).map((label): LabelSubscription => ({
    ...label, containerPath: place.path, containerKind: 'group' in place ? 'group' : 'project', containerId: 'group' in place ? place.group : place.project,
  }));
  return { items, endCursor: answer.nextPage === undefined ? undefined : String(answer.nextPage), scanned: answer.items.length };
}

/**
 * How each account's list of each kind is read (note §2): issues instance-wide in one cursor listing; merge requests
 * group by group (with subgroups) and then the projects outside them; epics instance-wide where GitLab answers them
 * through `currentUser.workItems`, else group by group; labels from each group's
 * and project's label list, kept where subscribed; a page of those reads on through the places until it holds a page's
 * worth. Pages follow one another (`window: 1`); the kinds are separate
 * lists, so an account's four are read side by side. A kind this GitLab cannot list fails as `unsupported` before
 * any request of it.
 */
export function subscriptionListPlan(options: SubscriptionListOptions): ListPlan<SubscriptionSource, SubscriptionItem> {
  const { pageSize } = options;
  const filter = options.filter ?? SubscriptionFilter.EMPTY;
  const first = Math.min(pageSize, MAX_PAGE);
  const cursors = new CursorPages();
  const mergeRequestPlaces = new SegmentedPages<MergeRequestPlace>();
  const epicPlaces = new SegmentedPages<string>();
  const labelPlaces = new SegmentedPages<LabelPlace>();
  return {
    pageSize, filtered: filter.narrowed, keep: filter.keep, window: 1,
    request: (source) => {
      const reading = options.reading(source.instance);
      if (!reading) return undefined;
      const { client } = reading;
      const allowed = async (signal: AbortSignal) => {
        const refused = listingUnsupported(source.kind, await reading.features(signal));
        if (refused) throw refused;
      };
      /** Page 1 of a kind this GitLab cannot list: the workspace's things of that kind, when there are any to offer. */
      const orWorkspace = (read: (page: number, signal: AbortSignal) => Promise<Page<SubscriptionItem>>) =>
        async (page: number, signal: AbortSignal): Promise<Page<SubscriptionItem>> => {
          if (page !== 1) return read(page, signal);
          const features = await reading.features(signal);
          const refused = listingUnsupported(source.kind, features);
          if (!refused) return read(page, signal);
          const found = features.graphql ? await reading.workspaceThings(signal) : { projects: [], things: [] };
          if (found.projects.length === 0) throw refused;
          reading.notedFallback(source.kind, refused.message, found.projects);
          return { items: found.things.filter((thing) => thing.kind === source.kind), page };
        };
      switch (source.kind) {
        case 'issue':
          return { fetchPage: orWorkspace(cursors.fetcher(source.key, (after, signal) => client.listSubscribedIssues({ after, first }, signal))) };
        case 'mergeRequest':
          return {
            fetchPage: orWorkspace(mergeRequestPlaces.fetcher(source.key, async (signal) => {
              await allowed(signal);
              const places = await reading.places(signal);
              return [...places.topGroups.map((group) => ({ group })), ...places.looseProjects.map((project) => ({ project }))];
            }, (place, after, signal) => client.listSubscribedMergeRequests(place, { after, first }, signal), first)),
          };
        case 'epic': {
          // Instance-wide where GitLab answers epics there (epics of groups the person is not in included); else per group.
          const everywhere = cursors.fetcher(source.key, (after, signal) => client.listSubscribedEpicsEverywhere({ after, first }, signal));
          const byGroup = epicPlaces.fetcher(source.key, async (signal) => (await reading.places(signal)).topGroups,
            (group, after, signal) => client.listSubscribedEpics(group, { after, first }, signal), first);
          return {
            fetchPage: async (page: number, signal: AbortSignal) => {
              await allowed(signal);
              return (await client.epicsEverywhere(signal)) ? everywhere(page, signal) : byGroup(page, signal);
            },
          };
        }
        case 'label':
          return {
            fetchPage: labelPlaces.fetcher(source.key, async (signal) => {
              await allowed(signal);
              const places = await reading.places(signal);
              return [
                ...places.groups.map((group): LabelPlace => ({ group: group.id, path: group.path })),
                ...places.projects.map((project): LabelPlace => ({ project: project.id, path: project.path })),
              ];
            }, (place, after, signal) => labelPage(reading, place, after, signal), first),
          };
      }
    },
  };
}

export function createSubscriptionLists(options: SubscriptionListOptions): SubscriptionLists {
  return new ListStore(subscriptionKey, subscriptionListPlan(options));
}
