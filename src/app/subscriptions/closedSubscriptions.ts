import { ByteBudget } from '../../gitlab/byteBudget';
import { listingUnsupported } from '../../gitlab/subscriptionClient';
import type { CursorRequest, SubscribedThing, SubscriptionPage } from '../../gitlab/subscriptionTypes';
import { mapBounded } from '../boundedMap';
import { nextCursor } from '../lists/cursorPages';
import { isClosed } from './subscriptionItems';
import type { SubscriptionReading } from './subscriptionLists';

/** Things one Unsubscribe from All Closed reads at most per account: beyond, it says more remain. */
export const MAX_CLOSED = 5000;
/**
 * Listing requests one Unsubscribe from All Closed makes at most per account: beyond, it says more remain, and the
 * next one starts at the listing it stopped in. An honest GitLab needs one per listing and one per 100 things.
 */
export const MAX_CLOSED_REQUESTS = 500;
/** Bytes of all the listings' answers one Unsubscribe from All Closed reads at most per account. */
export const MAX_CLOSED_BYTES = 32 * 1024 * 1024;
/** Listings read side by side (each one page after the other), as for every bulk action. */
export const CLOSED_READ_WINDOW = 4;
const PAGE = 100;

export interface ClosedSubscriptions {
  things: SubscribedThing[];
  /** More closed things may exist than were read (a bound, a listing that would not end), or a kind could not be read (`skipped`). */
  cut: boolean;
  /** Kinds this GitLab could not list (they are left as they are). */
  skipped: Array<{ kind: SubscribedThing['kind']; reason: string }>;
  /** Where the next read starts (a listing's index) when this one stopped at a bound: the listings it did not finish first. */
  resumeAt?: number;
}

export interface ClosedReadOptions {
  signal?: AbortSignal;
  /** The listing to start at (`resumeAt` of the read before); the ones before it are read after the last. */
  start?: number;
  maxRequests?: number;
  maxBytes?: number;
}

type Listing = { kind: SubscribedThing['kind']; read: (request: CursorRequest, signal: AbortSignal) => Promise<SubscriptionPage<SubscribedThing>> };

/**
 * Every closed thing (closed issues and epics, closed and merged merge requests) one account is explicitly subscribed
 * to, loaded in the view or not, in the fewest reads GitLab allows: its own state filter, pages of 100, the listings
 * read `CLOSED_READ_WINDOW` at a time. Labels have no state: never closed. Each thing's own state decides, not the
 * filter GitLab was asked (a server that ignores it would have open things unsubscribed). Bounded per read by
 * `MAX_CLOSED` things, `MAX_CLOSED_REQUESTS` requests and `MAX_CLOSED_BYTES`; a listing ends on a page that holds
 * nothing or repeats a cursor (`nextCursor`), which also says more may remain.
 */
export async function readClosedSubscriptions(reading: SubscriptionReading, options: ClosedReadOptions = {}): Promise<ClosedSubscriptions> {
  const signal = options.signal ?? new AbortController().signal;
  const features = await reading.features(signal);
  const skipped: ClosedSubscriptions['skipped'] = [];
  const listings: Listing[] = [];
  const { client } = reading;
  const can = (kind: SubscribedThing['kind']) => {
    const refused = listingUnsupported(kind, features);
    if (refused) skipped.push({ kind, reason: refused.message });
    return !refused;
  };
  if (can('issue')) listings.push({ kind: 'issue', read: (request, s) => client.listSubscribedIssues({ ...request, state: 'closed' }, s) });
  const mergeRequests = can('mergeRequest');
  const epics = can('epic');
  const epicsEverywhere = epics && await client.epicsEverywhere(signal);
  if (epicsEverywhere) listings.push({ kind: 'epic', read: (request, s) => client.listSubscribedEpicsEverywhere({ ...request, state: 'closed' }, s) });
  const places = mergeRequests || (epics && !epicsEverywhere) ? await reading.places(signal) : undefined;
  if (places && mergeRequests) {
    const scopes = [...places.topGroups.map((group) => ({ group })), ...places.looseProjects.map((project) => ({ project }))];
    for (const scope of scopes) {
      for (const state of ['closed', 'merged'] as const) {
        listings.push({ kind: 'mergeRequest', read: (request, s) => client.listSubscribedMergeRequests(scope, { ...request, state }, s) });
      }
    }
  }
  if (places && epics && !epicsEverywhere) {
    for (const group of places.topGroups) listings.push({ kind: 'epic', read: (request, s) => client.listSubscribedEpics(group, { ...request, state: 'closed' }, s) });
  }
  const start = listings.length > 0 ? (options.start ?? 0) % listings.length : 0;
  const order = listings.map((_, i) => (start + i) % listings.length);
  const maxRequests = options.maxRequests ?? MAX_CLOSED_REQUESTS;
  const budget = new ByteBudget(options.maxBytes ?? MAX_CLOSED_BYTES);
  const things: SubscribedThing[] = [];
  const finished = new Set<number>();
  let requests = 0;
  // At a bound no request starts; those under way finish, so their listings count as read.
  let bound = false;
  let endless = false;
  await mapBounded(order, CLOSED_READ_WINDOW, async (index) => {
    const listing = listings[index];
    const trail = new Set<string>();
    let after: string | undefined;
    do {
      if (bound || things.length >= MAX_CLOSED || requests >= maxRequests) {
        bound = true;
        return;
      }
      requests += 1;
      let page: SubscriptionPage<SubscribedThing>;
      try {
        page = await listing.read({ after, first: PAGE, budget }, signal);
      } catch (error) {
        // Past the bytes of the read: the bound; cancelled: what was read is kept, as at a bound.
        if (budget.taken > budget.limit || signal.aborted) {
          bound = true;
          return;
        }
        throw error;
      }
      things.push(...page.items.filter(isClosed));
      after = nextCursor(page, trail);
      // A next page named and not followed (an empty page, a cursor seen before): there may be more than was read.
      if (after === undefined && page.endCursor !== undefined) endless = true;
    } while (after !== undefined);
    finished.add(index);
  }, signal);
  const seen = new Set<string>();
  const unique = things.filter((thing) => !seen.has(thing.id) && seen.add(thing.id)).slice(0, MAX_CLOSED);
  const cut = bound || endless || signal.aborted || things.length > MAX_CLOSED;
  const unfinished = order.find((index) => !finished.has(index));
  return { things: unique, cut, skipped, ...(cut && unfinished !== undefined ? { resumeAt: unfinished } : {}) };
}

/**
 * The reads of Unsubscribe from All Closed, per signed-in account, by its client (made at its sign-in, not by instance,
 * which a new sign-in shares): the one under way, which a sign-out stops, and where the next run starts after one
 * stopped at a bound.
 */
export class ClosedReads<Client extends object> {
  private readonly running = new Map<Client, AbortController>();
  private readonly resume = new WeakMap<Client, number>();

  /** One account's closed things, from where its last run stopped; stopped by `signal` or by `stopAllBut`. */
  async read(client: Client, reading: SubscriptionReading, signal?: AbortSignal): Promise<ClosedSubscriptions> {
    const read = new AbortController();
    const stop = () => read.abort();
    signal?.addEventListener('abort', stop, { once: true });
    this.running.set(client, read);
    try {
      const closed = await readClosedSubscriptions(reading, { signal: read.signal, start: this.resume.get(client) });
      if (closed.resumeAt === undefined) this.resume.delete(client);
      else this.resume.set(client, closed.resumeAt);
      return closed;
    } finally {
      signal?.removeEventListener('abort', stop);
      this.running.delete(client);
    }
  }

  /** Stops the reads of every account but those still signed in. */
  stopAllBut(signedIn: ReadonlySet<Client>): void {
    for (const [client, read] of this.running) if (!signedIn.has(client)) read.abort();
  }
}
