import type { GitLabEvent } from '../../gitlab/types';
import { idOf, type FeedOrder, type SourceState } from './feedSource';

/**
 * Which sources a Load more starts: only those it certainly needs, so that it never reads a source whose events all lie
 * past the rows it shows (the first page reads side by side instead: its rows before every source has answered).
 *
 * A source's cursor bounds what it has not read: below the furthest event it gave (by id, as GitLab orders, and that
 * event's time), or, unread and newest first, no newer than its last activity with GitLab's hour of lag (and, under the
 * head, below the head's oldest event). A source is certainly needed when fewer than the rows the load still needs can
 * sort before its cursor: the buffered ones the load could show first, and whatever a source with a newer cursor may
 * still give. An open source with a newer cursor can give a full page (`per_page`) a read and be read again while its
 * cursor stays newer, so it bounds nothing: a source starts only when no open source's cursor is newer, one rank of
 * cursors at a time. Counting one page for each newer source comes to the same while a load needs at most a page
 * (`per_page` is the page size), and is unsound past it: that source's second page can fill the load.
 */

/** Newest first: the id every unread event lies below, and the time none is newer than (Infinity: not known). */
export interface Cursor {
  id: number;
  time: number;
  /** Read before: the id is the source's own reach. */
  read: boolean;
}

const timeOf = (event: GitLabEvent | undefined): number => {
  const time = event?.created_at ? Date.parse(event.created_at) : Number.NaN;
  return Number.isNaN(time) ? Infinity : time;
};

/**
 * The cursor of `state`. Oldest first it is its reach alone (ids negated, so that larger is earlier as newest first);
 * an unread source may then hold the first event of all. `head`: newest first, the head's oldest event.
 */
export function cursorOf(state: SourceState, order: FeedOrder, lagMs: number, head?: GitLabEvent): Cursor {
  if (order === 'asc') return state.reach === undefined ? { id: Infinity, time: Infinity, read: false } : { id: -state.reach, time: Infinity, read: true };
  const below = head ? idOf(head)! : Infinity;
  const headTime = head ? timeOf(head) : Infinity;
  if (state.reach !== undefined) {
    return state.reach > below ? { id: below, time: headTime, read: true } : { id: state.reach, time: timeOf(state.reachEvent), read: true };
  }
  const activity = state.pagesRead === 0 && state.activityMs !== undefined ? state.activityMs + lagMs : Infinity;
  return { id: below, time: Math.min(activity, headTime), read: false };
}

/** Whether `other` may still give an event that sorts before every event `mine` may give. */
export function newer(other: Cursor, mine: Cursor): boolean {
  if (other.read && mine.read) return other.id > mine.id;
  if (other.time !== mine.time) return other.time > mine.time;
  // The same time: an unread source may hold an event of it with a larger id than a read one's reach.
  return !other.read && mine.read;
}

/**
 * Of `waiting` (the sources that may hold an event before the best buffered one: the load shows nothing more before
 * it has read them), those a Load more starts now: those no open source's cursor is newer than. Each is needed by any
 * load that needs a row more: nothing buffered can be shown before it is read (the best buffered event waits for it),
 * and no other source can give an event before its cursor. So a count of the buffered events before its cursor that
 * the load could show is always none, whatever the load's size. With nothing in flight and none such (an import whose
 * new id carries an old time puts cursors out of order), the first of the waiting ones with the newest cursor, so the
 * load goes on.
 */
export function certainlyNeeded(
  waiting: readonly SourceState[], open: readonly SourceState[], cursor: (state: SourceState) => Cursor, inFlight: number,
): SourceState[] {
  const cursors = new Map(open.map((state) => [state, cursor(state)] as const));
  const at = (state: SourceState) => cursors.get(state) ?? cursor(state);
  const first = (states: readonly SourceState[], among: readonly SourceState[]) =>
    states.filter((state) => !among.some((other) => other !== state && newer(at(other), at(state))));
  const needed = first(waiting, open);
  if (needed.length > 0 || inFlight > 0 || waiting.length === 0) return needed;
  return [first(waiting, waiting)[0] ?? waiting[0]];
}
