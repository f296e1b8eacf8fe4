import type { GitLabEvent } from '../../gitlab/types';
import { MAX_LATE_EVENTS } from './feedPlan';
import { idOf, type FeedOrder, type SourceState } from './feedSource';

/**
 * What a merged feed has read and shown, in its order (event ids, newest or oldest first): which ids are known (shown,
 * or read and not kept), which wait in a buffer, the last row shown (below it nothing may be added by a load) and the
 * newest (above it a poll adds), and the events that came too late for their place.
 */
export class FeedLedger {
  private readonly seen = new Set<number>();
  private readonly buffered = new Set<number>();
  private lastReleased: number | undefined;
  newest: number | undefined;
  released = 0;
  private late: GitLabEvent[] = [];
  lateDropped = 0;
  withoutId = 0;

  constructor(readonly order: FeedOrder, private readonly keep?: (event: GitLabEvent) => boolean) {}

  get lateCount(): number {
    return this.late.length;
  }

  /** `a` sorts before `b` in the feed's order. */
  precedes(a: number, b: number): boolean {
    return this.order === 'desc' ? a > b : a < b;
  }

  compare(a: GitLabEvent, b: GitLabEvent): number {
    const difference = idOf(a)! - idOf(b)!;
    return this.order === 'desc' ? -difference : difference;
  }

  /** The events with an id, in the feed's order; the others are counted and dropped. */
  placed(items: readonly GitLabEvent[]): GitLabEvent[] {
    const placed = items.filter((event) => idOf(event) !== undefined).sort((a, b) => this.compare(a, b));
    this.withoutId += items.length - placed.length;
    return placed;
  }

  /**
   * Files a page of `state`'s listing: its reach moves to the furthest id (kept or not); the events kept and not known
   * join its buffer, unless they sort before a row already shown (they are late).
   */
  file(state: SourceState, items: readonly GitLabEvent[]): void {
    for (const event of this.placed(items)) {
      const id = idOf(event)!;
      if (state.reach === undefined || this.precedes(state.reach, id)) {
        state.reach = id;
        state.reachEvent = event;
      }
      if (this.keep && !this.keep(event)) continue;
      if (this.seen.has(id) || this.buffered.has(id)) continue;
      if (this.lastReleased !== undefined && !this.precedes(this.lastReleased, id)) {
        this.seen.add(id);
        if (this.late.length < MAX_LATE_EVENTS) this.late.push(event);
        else this.lateDropped += 1;
        continue;
      }
      state.buffer.push(event);
      this.buffered.add(id);
    }
  }

  /** Files the head's events into `buffer` (kept ones; the others become known); the oldest id, or undefined. */
  fileHead(buffer: GitLabEvent[], events: readonly GitLabEvent[]): number | undefined {
    let oldest: number | undefined;
    for (const event of this.placed(events)) {
      const id = idOf(event)!;
      oldest = oldest === undefined ? id : Math.min(oldest, id);
      if (this.seen.has(id) || this.buffered.has(id)) continue;
      if (this.keep && !this.keep(event)) this.seen.add(id);
      else {
        buffer.push(event);
        this.buffered.add(id);
      }
    }
    return oldest;
  }

  /** Takes `buffer`'s first event as the next row; undefined when it was shown already (read twice). */
  release(buffer: GitLabEvent[]): GitLabEvent | undefined {
    const event = buffer.shift()!;
    const id = idOf(event)!;
    this.buffered.delete(id);
    if (this.seen.has(id)) return undefined;
    this.seen.add(id);
    this.lastReleased = id;
    if (this.newest === undefined || this.precedes(id, this.newest)) this.newest = id;
    this.released += 1;
    return event;
  }

  /** See `MergedFeed.newer`. */
  newer(events: readonly GitLabEvent[], full: boolean): { added: GitLabEvent[]; gap: boolean } {
    const newest = this.newest;
    if (this.order !== 'desc' || newest === undefined) return { added: [], gap: false };
    let oldest: number | undefined;
    const added: GitLabEvent[] = [];
    for (const event of this.placed(events)) {
      const id = idOf(event)!;
      oldest = oldest === undefined ? id : Math.min(oldest, id);
      if (id <= newest || this.seen.has(id)) continue;
      this.seen.add(id);
      this.newest = Math.max(this.newest ?? id, id);
      if (!this.keep || this.keep(event)) added.push(event);
    }
    return { added, gap: full && (oldest === undefined || oldest > newest) };
  }

  /**
   * Newest first only: the late events newer than the newest row, taken (newest first), the newest row now theirs; they
   * go on top as a poll's would. The others stay late.
   */
  takeAboveTop(): GitLabEvent[] {
    const newest = this.newest;
    if (this.order !== 'desc' || newest === undefined) return [];
    const above = this.late.filter((event) => idOf(event)! > newest).sort((a, b) => this.compare(a, b));
    if (above.length === 0) return [];
    this.late = this.late.filter((event) => idOf(event)! <= newest);
    this.newest = idOf(above[0]);
    return above;
  }

  takeLate(): GitLabEvent[] {
    const late = this.late.sort((a, b) => this.compare(a, b));
    this.late = [];
    return late;
  }
}
