import type { SubscribedThing, SubscriptionPage } from '../../gitlab/subscriptionTypes';
import { listingUnsupported } from '../../gitlab/subscriptionClient';
import { mapBounded } from '../boundedMap';
import type { SubscriptionReading } from './subscriptionLists';

/** Things one Unsubscribe from All Closed reads at most per account: beyond, it says more remain. */
export const MAX_CLOSED = 5000;
/** Listings read side by side (each one page after the other), as for every bulk action. */
export const CLOSED_READ_WINDOW = 4;
const PAGE = 100;

export interface ClosedSubscriptions {
  things: SubscribedThing[];
  /** More closed things exist than were read (the bound), or a kind could not be read (`skipped`). */
  cut: boolean;
  /** Kinds this GitLab could not list (they are left as they are). */
  skipped: Array<{ kind: SubscribedThing['kind']; reason: string }>;
}

type Listing = { kind: SubscribedThing['kind']; read: (after: string | undefined, signal?: AbortSignal) => Promise<SubscriptionPage<SubscribedThing>> };

/**
 * Every closed thing (closed issues and epics, closed and merged merge requests) one account is explicitly subscribed
 * to, loaded in the view or not, in the fewest reads GitLab allows: its own state filter, pages of 100, the listings
 * read `CLOSED_READ_WINDOW` at a time. Labels have no state: never closed.
 */
export async function readClosedSubscriptions(reading: SubscriptionReading, signal?: AbortSignal): Promise<ClosedSubscriptions> {
  const controller = new AbortController();
  const abort = () => controller.abort();
  signal?.addEventListener('abort', abort, { once: true });
  const features = await reading.features(controller.signal);
  const skipped: ClosedSubscriptions['skipped'] = [];
  const listings: Listing[] = [];
  const { client } = reading;
  const can = (kind: SubscribedThing['kind']) => {
    const refused = listingUnsupported(kind, features);
    if (refused) skipped.push({ kind, reason: refused.message });
    return !refused;
  };
  if (can('issue')) listings.push({ kind: 'issue', read: (after, s) => client.listSubscribedIssues({ after, first: PAGE, state: 'closed' }, s) });
  const mergeRequests = can('mergeRequest');
  const epics = can('epic');
  const epicsEverywhere = epics && await client.epicsEverywhere(controller.signal);
  if (epicsEverywhere) listings.push({ kind: 'epic', read: (after, s) => client.listSubscribedEpicsEverywhere({ after, first: PAGE, state: 'closed' }, s) });
  const places = mergeRequests || (epics && !epicsEverywhere) ? await reading.places(controller.signal) : undefined;
  if (places && mergeRequests) {
    const scopes = [...places.topGroups.map((group) => ({ group })), ...places.looseProjects.map((project) => ({ project }))];
    for (const scope of scopes) {
      for (const state of ['closed', 'merged'] as const) {
        listings.push({ kind: 'mergeRequest', read: (after, s) => client.listSubscribedMergeRequests(scope, { after, first: PAGE, state }, s) });
      }
    }
  }
  if (places && epics && !epicsEverywhere) {
    for (const group of places.topGroups) listings.push({ kind: 'epic', read: (after, s) => client.listSubscribedEpics(group, { after, first: PAGE, state: 'closed' }, s) });
  }
  const things: SubscribedThing[] = [];
  let cut = false;
  try {
    await mapBounded(listings, CLOSED_READ_WINDOW, async (listing) => {
      let after: string | undefined;
      do {
        if (things.length >= MAX_CLOSED) {
          cut = true;
          controller.abort();
          return;
        }
        let page: SubscriptionPage<SubscribedThing>;
        try {
          page = await listing.read(after, controller.signal);
        } catch (error) {
          // Stopped at the bound: the reads still running are not failures.
          if (cut) return;
          throw error;
        }
        things.push(...page.items);
        after = page.endCursor;
      } while (after !== undefined);
    }, controller.signal);
  } finally {
    signal?.removeEventListener('abort', abort);
  }
  if (signal?.aborted) cut = true;
  const seen = new Set<string>();
  const unique = things.filter((thing) => !seen.has(thing.id) && seen.add(thing.id)).slice(0, MAX_CLOSED);
  return { things: unique, cut: cut || things.length > MAX_CLOSED, skipped };
}
