import type { GitLabEvent, UserSummary } from '../../gitlab/types';
import type { MailAction } from './mailRules';
import { actionNameOf, eventShape, type EventShape } from '../activity/eventShape';
import { isNewerThan, type EventMarker } from '../activity/pollSchedule';
import { targetKindOf } from '../activity/targetKind';

/**
 * Events grouped into the things they are about, each thing once, with what happened counted (catch-up note §1):
 * a note event belongs to its noteable (`note.noteable_type`, `noteable_iid`), a branch push to the open merge
 * requests of that branch where they are known (§1.4), and a thing whose `updatedAt` moved with no event saying why
 * (a reassignment, a label: §1.1 lists what writes no event) is "updated". One pass over the events.
 */

/** A thing the catch-up lists. Epics are named by their group, since their events never reach a listing (§1.1). */
export type ThingRef =
  | { kind: 'issue' | 'mergeRequest'; projectId: number; iid: number }
  | { kind: 'commit'; projectId: number; sha: string }
  | { kind: 'wikiPage'; projectId: number; metaId: number; slug?: string }
  | { kind: 'epic'; groupPath: string; iid: number };

/** One string per thing: the key of its seen mark and of its row. */
export function thingKey(ref: ThingRef): string {
  switch (ref.kind) {
    case 'issue': return `p${ref.projectId}#${ref.iid}`;
    case 'mergeRequest': return `p${ref.projectId}!${ref.iid}`;
    case 'commit': return `p${ref.projectId}@${ref.sha}`;
    case 'wikiPage': return `p${ref.projectId}/wiki/${ref.metaId}`;
    case 'epic': return `g${ref.groupPath}&${ref.iid}`;
  }
}

/** Why an event has no thing of the catch-up. */
export type Unplaced =
  | 'pushWithoutMergeRequest' | 'tagOrBulkPush' | 'branchDeleted' | 'commitNotNamed' | 'groupLevel'
  | 'designIssueUnknown' | 'notAThing';

export interface PersonRef { id: number; username?: string; name?: string }

export type StateChange = 'opened' | 'closed' | 'merged' | 'created' | 'edited' | 'deleted';

/** What happened to a thing, counted; the view words it ("2 comments by Jane and Bob · 3 commits pushed"). */
export interface ThingSummary {
  comments: number;
  /** Who commented, each once, in the order of the events given. */
  commenters: PersonRef[];
  pushes: number;
  commitsPushed: number;
  approvedBy: PersonRef[];
  stateChanges: Array<{ change: StateChange; by: PersonRef }>;
  /** `updatedAt` moved past the last event and the seen mark, and no event says why. */
  updated: boolean;
  /** Events on it the summary has no word for (still listed under the row). */
  other: number;
}

export interface ThingNews {
  key: string;
  ref: ThingRef;
  /** Its new events, in the order given. */
  events: GitLabEvent[];
  summary: ThingSummary;
  /** The newest of its events and its `updatedAt`: what Mark as Seen records. */
  newest: EventMarker;
  /** The oldest new comment's note id: where "open" lands (`#note_<id>`). */
  firstNewNoteId?: number;
  /** The title the first of its events that is not a comment names it by, if any. */
  eventTitle?: string;
  updatedAt?: string;
}

export interface GroupingInput {
  events: Iterable<GitLabEvent>;
  /** The open merge requests a branch push updated, where known (same project, or a fork's upstream): §1.4. */
  mergeRequestsOfBranch?: (projectId: number, branch: string) => readonly ThingRef[] | undefined;
  /** The thing's seen mark: only what is newer counts. */
  seen?: (key: string) => EventMarker | undefined;
  /** A thing never marked counts what happened after this time (the first look's window), ISO 8601. */
  since?: string;
  /** Things as a listing or the participation fields read them, with their `updatedAt`. */
  updates?: Iterable<{ ref: ThingRef; updatedAt: string }>;
  /**
   * Whether an event belongs to the catch-up (the rules: what matters, own activity); all by default. `slot`: one per
   * thing for this grouping, where `keep` may hold what it found out about the thing (asked of its first event only).
   */
  keep?: (event: GitLabEvent, ref: ThingRef, shape: EventShape, key: string, slot: KeepSlot) => boolean;
  /** Whether to list the new events that name no thing (`Grouped.unplaced`); yes by default. The view shows none. */
  listUnplaced?: boolean;
}

/** What `keep` holds of one thing while a grouping reads. */
export interface KeepSlot { memo?: unknown }

export interface Grouped {
  /** Each thing with news once, in the order of its first event given (then those only updated). */
  things: ThingNews[];
  /** New events that name no thing, and why (none when not asked for: `listUnplaced`). */
  unplaced: Array<{ event: GitLabEvent; why: Unplaced }>;
}

/** GraphQL answers `updatedAt` in whole seconds, and a note touches its noteable just after its own event. */
const SAME_MOMENT_MS = 5_000;

const positive = (value: unknown): number | undefined => (typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : undefined);

/** The things an event is about (a push may update several merge requests), or why none. */
export function placeEvent(
  event: GitLabEvent, mergeRequestsOfBranch?: GroupingInput['mergeRequestsOfBranch'], shape: EventShape = eventShape(event),
): ThingRef[] | Unplaced {
  const place = placeOf(event, mergeRequestsOfBranch, shape);
  return typeof place === 'string' ? place : Array.isArray(place) ? [...place] : [place as ThingRef];
}

/** `placeEvent` without an array for the one thing most events are about (ten thousand at each change). */
function placeOf(
  event: GitLabEvent, mergeRequestsOfBranch: GroupingInput['mergeRequestsOfBranch'], shape: EventShape,
): ThingRef | readonly ThingRef[] | Unplaced {
  const projectId = positive(event.project_id);
  if (shape.kind === 'push') {
    const push = shape.push;
    if (!push || push.ref_type !== 'branch' || !push.ref || !projectId) return 'tagOrBulkPush';
    if (shape.pushKind === 'removed') return 'branchDeleted';
    const refs = mergeRequestsOfBranch?.(projectId, push.ref);
    return refs && refs.length > 0 ? refs : 'pushWithoutMergeRequest';
  }
  if (shape.kind === 'note') {
    const note = shape.note;
    const kind = targetKindOf(note?.noteable_type);
    if (!projectId) return 'groupLevel';
    const iid = positive(note?.noteable_iid);
    if ((kind === 'issue' || kind === 'work_item') && iid) return { kind: 'issue', projectId, iid };
    if (kind === 'merge_request' && iid) return { kind: 'mergeRequest', projectId, iid };
    if (kind === 'commit') return typeof note?.commit_id === 'string' && /^[0-9a-f]{7,64}$/.test(note.commit_id) ? { kind: 'commit', projectId, sha: note.commit_id } : 'commitNotNamed';
    const metaId = positive(note?.noteable_id);
    if (kind === 'wiki_page' && metaId) return { kind: 'wikiPage', projectId, metaId };
    if (kind === 'epic') return 'groupLevel';
    return kind === 'design' ? 'designIssueUnknown' : 'notAThing';
  }
  if (shape.kind !== 'target') return 'notAThing';
  if (!projectId) return 'groupLevel';
  const iid = positive(event.target_iid);
  switch (shape.target) {
    case 'issue': case 'work_item': return iid ? { kind: 'issue', projectId, iid } : 'notAThing';
    case 'merge_request': return iid ? { kind: 'mergeRequest', projectId, iid } : 'notAThing';
    case 'wiki_page': {
      const metaId = positive(event.target_id);
      const slug = typeof event.wiki_page?.slug === 'string' ? event.wiki_page.slug : undefined;
      return metaId ? { kind: 'wikiPage', projectId, metaId, ...(slug ? { slug } : {}) } : 'notAThing';
    }
    case 'design': return 'designIssueUnknown';
    case 'epic': return 'groupLevel';
    default: return 'notAThing';
  }
}

function personOf(event: GitLabEvent): PersonRef {
  const author: Partial<UserSummary> = event.author ?? {};
  const username = author.username ?? event.author_username ?? undefined;
  // As GitLab sends an author (both names): one object of that shape, not one grown a field at a time.
  if (username && author.name) return { id: event.author_id, username, name: author.name };
  const person: PersonRef = { id: event.author_id };
  if (username) person.username = username;
  if (author.name) person.name = author.name;
  return person;
}

const STATE_OF: Record<string, StateChange> = { opened: 'opened', closed: 'closed', accepted: 'merged', created: 'created', updated: 'edited', destroyed: 'deleted' };

function emptySummary(): ThingSummary {
  return { comments: 0, commenters: NONE, pushes: 0, commitsPushed: 0, approvedBy: NONE, stateChanges: NONE, updated: false, other: 0 };
}

/** The event's author among `people`, once (the person made only when new: a busy thing has many events by few). */
function addOnce(people: PersonRef[], event: GitLabEvent): void {
  for (const known of people) if (known.id === event.author_id) return;
  people.push(personOf(event));
}

/** A time as `toISOString` writes it (what events carry), so that marks compare as text; undefined if none. */
export function isoTime(value: string | undefined): string | undefined {
  if (isCanonicalTime(value)) return value;
  const ms = value === undefined ? NaN : Date.parse(value);
  return Number.isFinite(ms) ? new Date(ms).toISOString() : undefined;
}

/** `toISOString`'s form, to the millisecond in UTC. */
const CANONICAL_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/**
 * Whether `value` is already in `toISOString`'s form (what GitLab and the double send): such times order as text, so
 * ten thousand events are compared without a `Date.parse` each (the test is about six times faster than the parse).
 */
export function isCanonicalTime(value: unknown): value is string {
  return typeof value === 'string' && value.length === 24 && CANONICAL_TIME.test(value);
}

/** The later of two times, as `isoTime` writes them. */
export function laterTime(a: string | undefined, b: string | undefined): string | undefined {
  const x = isoTime(a);
  const y = isoTime(b);
  return x === undefined ? y : y === undefined || x >= y ? x : y;
}

/**
 * What the grouping knows of one thing key while it reads: its seen mark as last asked, the newest time of its events
 * kept and of those new at all (times in `isoTime`'s form, which order as text; '' for none), and its row once one is
 * kept.
 */
interface Tally extends KeepSlot {
  mark: EventMarker | undefined;
  /** The mark's time. */
  seen: string | undefined;
  newest: string;
  placed: string;
  news?: ThingNews;
  /** The ids of its row's events, once it has more than a few (see `holds`). */
  ids?: Set<number>;
}

/** Events a row holds before a set of their ids is made: a scan of so few costs less than the set. */
const FEW_EVENTS = 16;

/**
 * Whether the row already holds event `id` (the same event from two feeds: My Activity and a project's). Asked per
 * row, not of one set over every event: an event that comes twice is about the same things both times.
 */
function holds(tally: Tally, events: readonly GitLabEvent[], id: number): boolean {
  if (tally.ids) return tally.ids.has(id);
  for (const event of events) if (event.id === id) return true;
  return false;
}

function noteHeld(tally: Tally, events: readonly GitLabEvent[], id: number | undefined): void {
  if (tally.ids) {
    if (id !== undefined) tally.ids.add(id);
  } else if (events.length > FEW_EVENTS) {
    tally.ids = new Set();
    for (const event of events) if (typeof event.id === 'number') tally.ids.add(event.id);
  }
}

/** The summary's lists start as this one empty list, and get their own at their first entry: most stay empty. */
const NONE: never[] = [];
Object.freeze(NONE);

/** Counts one event into its thing. */
function count(news: ThingNews, tally: Tally, event: GitLabEvent, shape: EventShape, at: string | undefined): void {
  const summary = news.summary;
  if (shape.kind === 'note') {
    summary.comments++;
    // A list made with its first entry holds one; one made empty holds sixteen when first pushed to (most stay short).
    if (summary.commenters === NONE) summary.commenters = [personOf(event)];
    else addOnce(summary.commenters, event);
    const noteId = positive(shape.note?.id);
    if (noteId && (news.firstNewNoteId === undefined || noteId < news.firstNewNoteId)) news.firstNewNoteId = noteId;
  } else if (shape.kind === 'push') {
    summary.pushes++;
    summary.commitsPushed += positive(shape.push?.commit_count) ?? 0;
  } else {
    const action = actionNameOf(event);
    if (action === 'approved') {
      if (summary.approvedBy === NONE) summary.approvedBy = [personOf(event)];
      else addOnce(summary.approvedBy, event);
    } else if (Object.prototype.hasOwnProperty.call(STATE_OF, action)) {
      const change = { change: STATE_OF[action], by: personOf(event) };
      if (summary.stateChanges === NONE) summary.stateChanges = [change];
      else summary.stateChanges.push(change);
    } else summary.other++;
  }
  const id = positive(event.id);
  if (id && (news.newest.id === undefined || id > news.newest.id)) news.newest.id = id;
  if (at !== undefined && at > tally.newest) tally.newest = at;
}

/**
 * Whether an event is newer than the thing's seen mark, or than the first look's window for a thing never marked
 * (`since`; an event with no time is not). `at`: the event's time, read once.
 */
function isNew(event: GitLabEvent, tally: Tally | undefined, since: string | undefined, at: string | undefined): boolean {
  if (!tally?.mark) return since === undefined || (at !== undefined && at > since);
  // Seen up to a time too: an event from before it was behind what the row showed (an "updated" whose event was not
  // read yet), whatever its id says.
  const seen = tally.seen;
  return isNewerThan(event, tally.mark) && !(seen !== undefined && at !== undefined && at <= seen);
}

/** A time in `isoTime`'s form: as given when it is so already (no parse), else read. */
const timeOf = (value: unknown): string | undefined => (isCanonicalTime(value) ? value : typeof value === 'string' ? isoTime(value) : undefined);

export function groupThings(input: GroupingInput): Grouped {
  const things: ThingNews[] = [];
  /** The tally of each of `things`, in step. */
  const talliesOfThings: Tally[] = [];
  const unplaced: Grouped['unplaced'] = [];
  /** The ids of `unplaced`: an event from two feeds is listed once. */
  const unplacedIds = new Set<number>();
  const listUnplaced = input.listUnplaced !== false;
  const tallies = new Map<string, Tally>();
  const since = timeOf(input.since);
  // A thing's mark is asked once a grouping.
  const tallyOf = (key: string): Tally => {
    let tally = tallies.get(key);
    if (!tally) {
      const mark = input.seen?.(key);
      tallies.set(key, (tally = { mark, seen: timeOf(mark?.createdAt), newest: '', placed: '' }));
    }
    return tally;
  };
  /** The thing's row, made with its first event (`events`) where it has one. */
  const news = (ref: ThingRef, key: string, tally: Tally, events: GitLabEvent[] = []): ThingNews => {
    if (!tally.news) {
      things.push(tally.news = { key, ref, events, summary: emptySummary(), newest: {} });
      talliesOfThings.push(tally);
    }
    return tally.news;
  };
  /** Counts `event` on the thing `ref` names, if it is new there and kept. */
  const placeOn = (ref: ThingRef, event: GitLabEvent, shape: EventShape, id: number | undefined, at: string | undefined): void => {
    const key = thingKey(ref);
    const tally = tallyOf(key);
    if (!isNew(event, tally, since, at)) return;
    // Any new event, kept or not (the person's own), says why `updatedAt` moved.
    if (at !== undefined && at > tally.placed) tally.placed = at;
    // The same event again (from a second feed) is kept and counted once: it is about the same things.
    if (id !== undefined && tally.news && holds(tally, tally.news.events, id)) return;
    if (input.keep && !input.keep(event, ref, shape, key, tally)) return;
    let entry = tally.news;
    if (entry) entry.events.push(event);
    else entry = news(ref, key, tally, [event]);
    noteHeld(tally, entry.events, id);
    if (entry.eventTitle === undefined && event.note === undefined && event.target_title) entry.eventTitle = event.target_title;
    count(entry, tally, event, shape, at);
  };
  for (const event of input.events) {
    const id = positive(event.id);
    const at = timeOf(event.created_at);
    const shape = eventShape(event);
    const place = placeOf(event, input.mergeRequestsOfBranch, shape);
    if (typeof place === 'string') {
      if (!listUnplaced || !isNew(event, undefined, since, at)) continue;
      if (id !== undefined) {
        const before = unplacedIds.size;
        if (unplacedIds.add(id).size === before) continue;
      }
      unplaced.push({ event, why: place });
      continue;
    }
    if (Array.isArray(place)) for (const ref of place as readonly ThingRef[]) placeOn(ref, event, shape, id, at);
    else placeOn(place as ThingRef, event, shape, id, at);
  }
  for (const { ref, updatedAt } of input.updates ?? []) {
    const key = thingKey(ref);
    const tally = tallyOf(key);
    const updated = timeOf(updatedAt);
    const seen = tally.mark?.createdAt != null ? tally.seen : since;
    if (updated === undefined || (seen !== undefined && updated <= seen)) continue;
    const explained = tally.placed !== '' && Date.parse(updated) <= Date.parse(tally.placed) + SAME_MOMENT_MS;
    // Moved only by what is not shown (the person's own comment): no row of its own.
    if (explained && !tally.news) continue;
    const entry = news(ref, key, tally);
    entry.updatedAt = updatedAt;
    if (updated > tally.newest) tally.newest = updated;
    if (!explained) entry.summary.updated = true;
  }
  things.forEach((entry, i) => {
    const newest = talliesOfThings[i].newest;
    if (newest !== '') entry.newest.createdAt = newest;
  });
  return { things, unplaced };
}

/**
 * The action of the rules table an event is (for `decideMail`/`whyItMatters` in `keep`), on the kind of thing it was
 * placed on (the rules' kind is the thing's: `ref.kind`). `opened` also stands for a reopening: the Events API shows
 * both as "opened" (note §1.1), and both mail the same people but for new mentions and assignees. Undefined for what
 * GitLab mails nobody about. A name, not an object: asked once an event, ten thousand times a change.
 */
export function mailActionOf(event: GitLabEvent, ref: ThingRef, shape: EventShape = eventShape(event)): MailAction | undefined {
  if (shape.kind === 'note') return 'commented';
  if (shape.kind === 'push') return ref.kind === 'mergeRequest' ? 'pushed' : undefined;
  if (ref.kind === 'wikiPage') return 'wikiEdited';
  switch (actionNameOf(event)) {
    case 'opened': return 'opened';
    case 'closed': return 'closed';
    case 'accepted': return 'merged';
    case 'approved': return 'approved';
    default: return undefined;
  }
}
