import type { GitLabApi } from '../../gitlab/api';
import type { GitLabEvent } from '../../gitlab/types';
import type { FeedPlan } from './activityTabs';
import { eventKey, type EventFeeds } from './eventFeeds';
import { isNewerThan, newestMarker, type EventMarker } from './pollSchedule';
import { MY_ACTIVITY, type ActivitySource } from './sources';

/** Events one check reads: My Activity's newest first. */
export const CHECK_PAGE = 20;

export interface NewActivityDeps {
  feeds: EventFeeds;
  /** The active instance's My Activity and its client, while signed in. */
  active(): { source: ActivitySource; api: GitLabApi } | undefined;
  /** The view's tab and filter, newest first: only events the list would show are counted. */
  plan(): FeedPlan;
  /** Newest event the person has been shown of My Activity (loaded, or marked as seen). */
  shownMarker(source: ActivitySource): EventMarker | undefined;
  /** The count of new events not shown yet changed. */
  changed(): void;
}

/**
 * New activity in the active instance's My Activity: a check reads its newest events and counts those newer than the
 * person was shown (part of the view's badge). Once the view is in sight they join the list at its top, as rows of
 * their own: the rows shown stay what they are, so nothing a person has open there closes. Where they cannot join it
 * (more arrived than one check reads, the list reads oldest first, or they have no ids) the list is read again.
 */
export class NewActivity {
  /** The events of the last check newer than the person was shown, until shown. */
  private pendingEvents: readonly GitLabEvent[] = [];
  private arrivals?: { source: ActivitySource; events: GitLabEvent[]; gap: boolean };
  /** The newest event of the last check, so "Mark All as Seen" covers events not loaded yet. */
  newest: EventMarker | undefined;

  constructor(private readonly deps: NewActivityDeps) {}

  /** New events not shown yet, and the instance they are of (the badge counts each event once over every list). */
  get pending(): { instance: string; events: readonly GitLabEvent[] } | undefined {
    const active = this.deps.active();
    return active && this.pendingEvents.length > 0 ? { instance: active.source.instance, events: this.pendingEvents } : undefined;
  }

  async check(): Promise<void> {
    const active = this.deps.active();
    if (!active) return;
    const { request, keep } = this.deps.plan();
    const page = await active.api.listEvents(MY_ACTIVITY.source, request, { page: 1, perPage: CHECK_PAGE });
    const items = keep ? page.items.filter(keep) : page.items;
    this.newest = newestMarker(items);
    const top = newestMarker(this.deps.feeds.get(active.source.key).items);
    this.arrivals = {
      source: active.source,
      events: top ? items.filter((event) => isNewerThan(event, top)) : [],
      // A whole page newer than the list's top: more may lie between them.
      gap: top !== undefined && page.items.length >= CHECK_PAGE && page.items.every((event) => isNewerThan(event, top)),
    };
    const shown = this.deps.shownMarker(active.source);
    this.setPending(shown ? items.filter((event) => isNewerThan(event, shown)) : []);
  }

  /** The person sees the view: the events the last check found join My Activity. */
  show(): void {
    const arrivals = this.arrivals;
    if (!arrivals || (arrivals.events.length === 0 && this.pendingEvents.length === 0)) return;
    this.arrivals = undefined;
    const { feeds } = this.deps;
    const state = feeds.get(arrivals.source.key);
    if (state.started && !state.stale && !state.hasError) {
      // Events without ids (a server of the interface alone) could not be told from the rows a later page brings
      // again once the pages shift: the list is read again, as when more arrived than a check reads.
      if (arrivals.gap || state.order === 'asc' || arrivals.events.some((event) => eventKey(event) === undefined)) {
        if (this.pendingEvents.length > 0) feeds.resetOne(arrivals.source.key);
      } else {
        feeds.prepend(arrivals.source.key, arrivals.events);
      }
    }
    this.setPending([]);
  }

  /** Marked as seen: nothing is pending until a check finds newer events. */
  forget(): void {
    this.arrivals = undefined;
    this.setPending([]);
  }

  private setPending(events: readonly GitLabEvent[]): void {
    const before = this.pendingEvents;
    this.pendingEvents = events;
    // Each check reads them afresh: the badge is told only when they differ.
    if (events.length === before.length && events.every((event, i) => event.id === before[i].id && event.created_at === before[i].created_at)) return;
    this.deps.changed();
  }
}
