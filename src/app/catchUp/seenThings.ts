import { STATE_KEYS } from '../../ids';
import type { AccountKey } from '../accountKey';
import type { EventMarker } from '../activity/pollSchedule';
import { SeenMarkers, type MarkerStore } from '../activity/seenMarkers';
import { isoTime, laterTime, type ThingNews } from './thingGroups';

/**
 * Bounds of what is kept per account: about 1,800 things as stored (a key and its mark take some 70 bytes), the ones
 * marked longest ago going first. A thing dropped is only counted again from the first look's window.
 */
export const MAX_SEEN_THINGS = 2_000;
export const MAX_SEEN_BYTES = 128 * 1024;

/** The last moment of a time given in whole seconds (`…:00Z`), as `isoTime` writes it; undefined otherwise. */
function wholeSecondEnd(time: string | undefined): string | undefined {
  if (time === undefined || !/:\d{2}(?:Z|[+-]\d{2}:?\d{2})$/.test(time)) return undefined;
  const ms = Date.parse(time);
  return Number.isFinite(ms) ? new Date(ms + 999).toISOString() : undefined;
}

/**
 * What the person marked seen in the Catch Up view, per account (`AccountKey`) and thing (`thingKey`): the newest
 * event id seen and the time seen up to (its events' and its `updatedAt`). GitLab keeps no read state the API exposes
 * (catch-up note §4), so this is the client's. Kept as the Activity's unread markers are (`SeenMarkers`: stored data
 * read as untrusted, one account's marks never another's, `keepOnly` at sign-in changes, `forgetAccountState` at
 * sign-out), under its own key and bounds.
 */
export class SeenThings {
  private readonly marks: SeenMarkers;

  constructor(store: MarkerStore, now: () => number = Date.now) {
    this.marks = new SeenMarkers(store, STATE_KEYS.catchUpSeen, now, { sources: MAX_SEEN_THINGS, bytes: MAX_SEEN_BYTES });
  }

  /** The mark of one thing, for `groupThings`'s `seen`. */
  mark(account: AccountKey | undefined, key: string): EventMarker | undefined {
    return this.marks.marker(account, key);
  }

  /** Only these accounts keep their marks (see `SeenMarkers.keepOnly`). */
  keepOnly(accounts: ReadonlySet<AccountKey>, waiting?: ReadonlySet<string>): Promise<void> {
    return this.marks.keepOnly(accounts, waiting);
  }

  /**
   * Mark as Seen: everything the rows showed of these things, and their `updatedAt`, up to the end of its second when
   * GraphQL gave it in whole seconds (`Types::TimeType`): the change it stands for (a comment touches its noteable a
   * moment after its event) happened within that second, and its event, read later, is seen with it. A mark never
   * goes back.
   */
  async markSeen(account: AccountKey, things: ReadonlyArray<Pick<ThingNews, 'key' | 'newest' | 'updatedAt'>>): Promise<void> {
    const changes: Array<[string, EventMarker]> = [];
    for (const { key, newest, updatedAt } of things) {
      const next = this.merged(account, key, { ...newest, createdAt: laterTime(newest.createdAt, wholeSecondEnd(updatedAt)) });
      if (next) changes.push([key, next]);
    }
    if (changes.length > 0) await this.marks.set(account, changes);
  }

  /**
   * Seen up to `at` elsewhere (GitLab's `recentlyViewedItems`: the page was opened then, showing every event before
   * it): the events of `thing` up to that time, and the time itself.
   */
  async markSeenUpTo(account: AccountKey, thing: Pick<ThingNews, 'key' | 'events'>, at: string): Promise<void> {
    const time = isoTime(at);
    if (time === undefined) return;
    let id: number | undefined;
    for (const event of thing.events) {
      const created = isoTime(event.created_at ?? undefined);
      if (created !== undefined && created <= time && event.id !== undefined && (id === undefined || event.id > id)) id = event.id;
    }
    const next = this.merged(account, thing.key, { ...(id !== undefined ? { id } : {}), createdAt: time });
    if (next) await this.marks.set(account, [[thing.key, next]]);
  }

  /** The mark after `newest` is seen: the larger id and the later time of the two; undefined when nothing moves. */
  private merged(account: AccountKey, key: string, newest: EventMarker): EventMarker | undefined {
    const current = this.marks.marker(account, key);
    const id = Math.max(current?.id ?? 0, newest.id ?? 0) || undefined;
    const createdAt = laterTime(current?.createdAt, newest.createdAt);
    if (id === current?.id && createdAt === current?.createdAt) return undefined;
    return { ...(id !== undefined ? { id } : {}), ...(createdAt !== undefined ? { createdAt } : {}) };
  }
}
