import type { GitLabApi } from '../../gitlab/api';
import type { GitLabEvent } from '../../gitlab/types';
import type { FeedPlan } from './activityTabs';
import { eventKey, type EventFeeds } from './eventFeeds';
import { countNewEvents, isNewerThan, newestMarker, type EventMarker } from './pollSchedule';
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
  private pendingCount = 0;
  private arrivals?: { source: ActivitySource; events: GitLabEvent[]; gap: boolean };
  /** The newest event of the last check, so "Mark All as Seen" covers events not loaded yet. */
  newest: EventMarker | undefined;

  constructor(private readonly deps: NewActivityDeps) {}

  /** New events not shown yet. */
  get pending(): number {
    return this.pendingCount;
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
    this.setPending(countNewEvents(items, this.deps.shownMarker(active.source)));
  }

  /** The person sees the view: the events the last check found join My Activity. */
  show(): void {
    const arrivals = this.arrivals;
    if (!arrivals || (arrivals.events.length === 0 && this.pendingCount === 0)) return;
    this.arrivals = undefined;
    const { feeds } = this.deps;
    const state = feeds.get(arrivals.source.key);
    if (state.started && !state.stale && !state.hasError) {
      // Events without ids (a server of the interface alone) could not be told from the rows a later page brings
      // again once the pages shift: the list is read again, as when more arrived than a check reads.
      if (arrivals.gap || state.order === 'asc' || arrivals.events.some((event) => eventKey(event) === undefined)) {
        if (this.pendingCount > 0) feeds.resetOne(arrivals.source.key);
      } else {
        feeds.prepend(arrivals.source.key, arrivals.events);
      }
    }
    this.setPending(0);
  }

  /** Marked as seen: nothing is pending until a check finds newer events. */
  forget(): void {
    this.arrivals = undefined;
    this.setPending(0);
  }

  private setPending(count: number): void {
    if (count === this.pendingCount) return;
    this.pendingCount = count;
    this.deps.changed();
  }
}
