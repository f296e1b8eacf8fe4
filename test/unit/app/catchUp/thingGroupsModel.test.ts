import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { GitLabEvent, UserSummary } from '../../../../src/gitlab/types';
import { actionNameOf, eventShape, type EventShape } from '../../../../src/app/activity/eventShape';
import { isNewerThan, type EventMarker } from '../../../../src/app/activity/pollSchedule';
import { asFeedsGiveThem } from '../activity/fixtures';
import {
  groupThings, isCanonicalTime, isoTime, placeEvent, thingKey, type Grouped, type KeepSlot, type GroupingInput, type PersonRef, type StateChange, type ThingNews, type ThingRef, type ThingSummary,
} from '../../../../src/app/catchUp/thingGroups';

/**
 * The grouping as it was first written (a map per question, keyed by the thing's text, and the seen mark's time read per
 * event), kept as the model the faster grouping must agree with, row for row, over random events.
 */

const SAME_MOMENT_MS = 5_000;
const positive = (value: unknown): number | undefined => (typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : undefined);

function personOf(event: GitLabEvent): PersonRef {
  const author: Partial<UserSummary> = event.author ?? {};
  const username = author.username ?? event.author_username ?? undefined;
  return { id: event.author_id, ...(username ? { username } : {}), ...(author.name ? { name: author.name } : {}) };
}

const STATE_OF: Record<string, StateChange> = { opened: 'opened', closed: 'closed', accepted: 'merged', created: 'created', updated: 'edited', destroyed: 'deleted' };

function emptySummary(): ThingSummary {
  return { comments: 0, commenters: [], pushes: 0, commitsPushed: 0, approvedBy: [], stateChanges: [], updated: false, other: 0 };
}

/** The event's author among `people`, once (the person made only when new: a busy thing has many events by few). */
function addOnce(people: PersonRef[], event: GitLabEvent): void {
  for (const known of people) if (known.id === event.author_id) return;
  people.push(personOf(event));
}

/** Counts one event into its thing; `newestMs` keeps the time of its newest event (as ms: text is made once, at the end). */
function count(news: ThingNews, event: GitLabEvent, shape: EventShape, atMs: number, newestMs: Map<string, number>): void {
  const summary = news.summary;
  if (shape.kind === 'note') {
    summary.comments++;
    addOnce(summary.commenters, event);
    const noteId = positive(shape.note?.id);
    if (noteId && (news.firstNewNoteId === undefined || noteId < news.firstNewNoteId)) news.firstNewNoteId = noteId;
  } else if (shape.kind === 'push') {
    summary.pushes++;
    summary.commitsPushed += positive(shape.push?.commit_count) ?? 0;
  } else if (actionNameOf(event) === 'approved') {
    addOnce(summary.approvedBy, event);
  } else if (Object.prototype.hasOwnProperty.call(STATE_OF, actionNameOf(event))) {
    summary.stateChanges.push({ change: STATE_OF[actionNameOf(event)], by: personOf(event) });
  } else {
    summary.other++;
  }
  const id = positive(event.id);
  if (id && (news.newest.id === undefined || id > news.newest.id)) news.newest.id = id;
  if (atMs > (newestMs.get(news.key) ?? -Infinity)) newestMs.set(news.key, atMs);
}

/**
 * Whether an event is newer than the thing's seen mark, or than the first look's window for a thing never marked
 * (`sinceMs`; an event with no time is not). `atMs`: the event's time, read once.
 */
function isNew(event: GitLabEvent, mark: EventMarker | undefined, sinceMs: number | undefined, atMs: number): boolean {
  if (!mark) return sinceMs === undefined || atMs > sinceMs;
  // Seen up to a time too: an event from before it was behind what the row showed (an "updated" whose event was not
  // read yet), whatever its id says.
  const seenMs = timeMs(mark.createdAt);
  return isNewerThan(event, mark) && !(Number.isFinite(seenMs) && Number.isFinite(atMs) && atMs <= seenMs);
}

const timeMs = (value: unknown): number => (typeof value === 'string' ? Date.parse(value) : NaN);

function groupedByMaps(input: GroupingInput): Grouped {
  const things = new Map<string, ThingNews>();
  const unplaced: Grouped['unplaced'] = [];
  const counted = new Set<number>();
  const newestMs = new Map<string, number>();
  const placedMs = new Map<string, number>();
  const parsedSince = timeMs(input.since);
  const sinceMs = Number.isFinite(parsedSince) ? parsedSince : undefined;
  const news = (ref: ThingRef, key = thingKey(ref)): ThingNews => {
    let entry = things.get(key);
    if (!entry) {
      entry = { key, ref, events: [], summary: emptySummary(), newest: {} };
      things.set(key, entry);
    }
    return entry;
  };
  const slots = new Map<string, KeepSlot>();
  const slotOf = (key: string): KeepSlot => { let slot = slots.get(key); if (!slot) slots.set(key, (slot = {})); return slot; };
  for (const event of input.events) {
    const id = positive(event.id);
    if (id !== undefined) {
      // The same event from two feeds (My Activity and a project's) counts once.
      if (counted.has(id)) continue;
      counted.add(id);
    }
    const atMs = timeMs(event.created_at);
    const shape = eventShape(event);
    const place = placeEvent(event, input.mergeRequestsOfBranch, shape);
    if (typeof place === 'string') {
      if (isNew(event, undefined, sinceMs, atMs)) unplaced.push({ event, why: place });
      continue;
    }
    for (const ref of place) {
      const key = thingKey(ref);
      if (!isNew(event, input.seen?.(key), sinceMs, atMs)) continue;
      // Any new event, kept or not (the person's own), says why `updatedAt` moved.
      if (atMs > (placedMs.get(key) ?? -Infinity)) placedMs.set(key, atMs);
      if (input.keep && !input.keep(event, ref, shape, key, slotOf(key))) continue;
      const entry = news(ref, key);
      entry.events.push(event);
      if (entry.eventTitle === undefined && event.note === undefined && event.target_title) entry.eventTitle = event.target_title;
      count(entry, event, shape, atMs, newestMs);
    }
  }
  for (const { ref, updatedAt } of input.updates ?? []) {
    const key = thingKey(ref);
    const updatedMs = timeMs(updatedAt);
    const seenMs = timeMs(input.seen?.(key)?.createdAt ?? input.since);
    if (!Number.isFinite(updatedMs) || updatedMs <= seenMs) continue;
    const lastEvent = newestMs.get(key);
    const lastPlaced = placedMs.get(key);
    const explained = lastPlaced !== undefined && updatedMs <= lastPlaced + SAME_MOMENT_MS;
    // Moved only by what is not shown (the person's own comment): no row of its own.
    if (explained && !things.has(key)) continue;
    const entry = news(ref, key);
    entry.updatedAt = updatedAt;
    if (updatedMs > (lastEvent ?? -Infinity)) newestMs.set(key, updatedMs);
    if (!explained) entry.summary.updated = true;
  }
  for (const entry of things.values()) {
    const ms = newestMs.get(entry.key);
    if (ms !== undefined && Number.isFinite(ms)) entry.newest.createdAt = new Date(ms).toISOString();
  }
  return { things: [...things.values()], unplaced };
}

const TIMES = ['2026-11-03T10:00:00.000Z', '2026-11-03T10:00:03.000Z', '2026-11-03T10:01:00.000Z', '2026-11-03T10:02:00.000Z',
  '2026-11-03T10:02:00Z', '2026-11-03T11:02:00+01:00', 'not a time', null];
const PEOPLE = [{ id: 7, username: 'jane', name: 'Jane Doe' }, { id: 8, username: 'bob' }, { id: 9 }];
const time = fc.constantFrom(...TIMES);

const anEvent: fc.Arbitrary<GitLabEvent> = fc.record({
  id: fc.option(fc.integer({ min: 1, max: 40 }), { nil: undefined }),
  project: fc.constantFrom(5, 6, 0),
  iid: fc.integer({ min: 1, max: 4 }),
  createdAt: time,
  person: fc.constantFrom(...PEOPLE),
  what: fc.constantFrom('note:Issue', 'note:MergeRequest', 'note:Commit', 'note:Epic', 'Issue', 'MergeRequest', 'WorkItem', 'Milestone', 'push:feature', 'push:main', 'push:removed'),
  action: fc.constantFrom('opened', 'closed', 'accepted', 'approved', 'updated', 'destroyed', 'commented on', 'joined', 'Opened '),
  noteId: fc.integer({ min: 1, max: 60 }),
}).map(({ id, project, iid, createdAt, person, what, action, noteId }): GitLabEvent => {
  const base = { id: id as number, project_id: project, created_at: createdAt as string, author_id: person.id, author: person as UserSummary, author_username: person.username ?? null };
  if (what.startsWith('note:')) {
    const noteable_type = what.slice(5);
    return { ...base, action_name: 'commented on', target_type: 'Note', target_iid: null, target_id: noteId, target_title: null,
      note: { id: noteId, type: null, body: 'x', noteable_type, noteable_iid: iid, noteable_id: iid, commit_id: noteable_type === 'Commit' ? 'c5feabde2d8c' : undefined } } as GitLabEvent;
  }
  if (what.startsWith('push:')) {
    const ref = what.slice(5);
    return { ...base, action_name: ref === 'removed' ? 'deleted' : 'pushed to', target_type: null, target_iid: null, target_id: null, target_title: null,
      push_data: { commit_count: iid, action: ref === 'removed' ? 'removed' : 'pushed', ref_type: 'branch', ref: ref === 'removed' ? 'feature' : ref, commit_from: null, commit_to: null, commit_title: null, ref_count: null } } as GitLabEvent;
  }
  return { ...base, action_name: action, target_type: what, target_iid: iid, target_id: 100 + iid, target_title: `T${iid}` } as GitLabEvent;
});

const aRef: fc.Arbitrary<ThingRef> = fc.record({ kind: fc.constantFrom('issue' as const, 'mergeRequest' as const), projectId: fc.constantFrom(5, 6), iid: fc.integer({ min: 1, max: 4 }) });
const aMark: fc.Arbitrary<EventMarker> = fc.record({ id: fc.option(fc.integer({ min: 1, max: 40 }), { nil: undefined }), createdAt: fc.option(time.map((t) => t ?? undefined), { nil: undefined }) });

describe('catch-up: the grouping agrees with its first, map-per-question form', () => {
  it('the same things, rows, summaries, newest marks and unplaced events over random events, marks, windows and updates', () => {
    fc.assert(fc.property(
      fc.array(anEvent, { maxLength: 60 }).map(asFeedsGiveThem),
      fc.array(fc.tuple(aRef, aMark), { maxLength: 6 }),
      fc.array(fc.record({ ref: aRef, updatedAt: time.map((t) => t ?? '') }), { maxLength: 6 }),
      fc.option(time.map((t) => t ?? undefined), { nil: undefined }),
      fc.integer({ min: 0, max: 3 }),
      (events, marks, updates, since, keepEvery) => {
        const seenMarks = new Map(marks.map(([ref, mark]) => [thingKey(ref), mark]));
        // A fresh copy of the mark on every ask, as a store that reads it again would give.
        const seen = (key: string) => { const mark = seenMarks.get(key); return mark && { ...mark }; };
        const branch = (projectId: number, name: string): ThingRef[] | undefined =>
          (name === 'feature' ? [{ kind: 'mergeRequest', projectId, iid: 1 }, { kind: 'mergeRequest', projectId, iid: 2 }] : undefined);
        const keep = keepEvery === 0 ? undefined : (event: GitLabEvent, ref: ThingRef) => ((event.id ?? 0) + ('iid' in ref ? ref.iid : 0)) % (keepEvery + 1) !== 0;
        const input: GroupingInput = { events, seen, since, updates, mergeRequestsOfBranch: branch, ...(keep ? { keep } : {}) };
        assert.deepStrictEqual(groupThings(input), groupedByMaps(input));
      },
    ), { numRuns: 400 });
  });
});

describe('catch-up: times compared as text', () => {
  it('a time in toISOString\'s form from year 0 to 9999 is taken as it is, and such times order as text as they do in time', () => {
    const inRange = fc.integer({ min: -62_167_219_200_000, max: 253_402_300_799_999 });
    fc.assert(fc.property(inRange, (ms) => isCanonicalTime(new Date(ms).toISOString()) && isoTime(new Date(ms).toISOString()) === new Date(ms).toISOString()), { numRuns: 2000 });
    fc.assert(fc.property(inRange, inRange, (a, b) => {
      const [x, y] = [new Date(a).toISOString(), new Date(b).toISOString()];
      return (x < y) === (a < b) && (x === y) === (a === b);
    }), { numRuns: 2000 });
  });

  it('any other form is read (an offset, no milliseconds, a year past 9999) or refused, never taken as text', () => {
    for (const value of ['2026-11-04T10:00:00+02:00', '2026-11-04T10:00:00Z', '+010000-01-01T00:00:00.000Z', '2026-11-04 10:00:00.000Z', '2026-1X-04T10:00:00.000Z', '']) {
      assert.equal(isCanonicalTime(value), false, value);
    }
    assert.equal(isoTime('2026-11-04T10:00:00+02:00'), '2026-11-04T08:00:00.000Z');
    assert.equal(isoTime('2026-11-04T10:00:00Z'), '2026-11-04T10:00:00.000Z');
    assert.equal(isoTime('not a time'), undefined);
  });
});
