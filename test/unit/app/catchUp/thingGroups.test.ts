import assert from 'node:assert/strict';
import fc from 'fast-check';
import { decideMail, whyItMatters } from '../../../../src/app/catchUp/mailRules';
import { groupThings, mailActionOf, placeEvent, thingKey, type ThingRef } from '../../../../src/app/catchUp/thingGroups';
import { resolveLevelInForce } from '../../../../src/app/settings/shared/levelChain';
import type { GitLabEvent } from '../../../../src/gitlab/types';
import { asFeedsGiveThem, makeEvent, noteEvent, pushEvent } from '../activity/fixtures';

// The thing an event is about follows shared/notes/gitlab-catch-up.md §1 ("note").

const JANE = { id: 7, username: 'jane', name: 'Jane Doe' };
const BOB = { id: 8, username: 'bob', name: 'Bob Roe' };
const ANN = { id: 9, username: 'ann', name: 'Ann Poe' };
const by = (person: typeof JANE) => ({ author_id: person.id, author: person, author_username: person.username });
const at = (minute: number) => `2026-11-03T10:${String(minute).padStart(2, '0')}:00.000Z`;

const comment = (id: number, person: typeof JANE, noteId: number, noteable: { type?: string; iid?: number | null } = {}, minute = id) => ({
  ...noteEvent({ id: noteId, noteable_type: noteable.type ?? 'Issue', noteable_iid: noteable.iid === undefined ? 12 : noteable.iid }),
  id, ...by(person), created_at: at(minute),
});
const ISSUE_12: ThingRef = { kind: 'issue', projectId: 5, iid: 12 };
const MR_7: ThingRef = { kind: 'mergeRequest', projectId: 5, iid: 7 };
const branches = (projectId: number, branch: string) => (projectId === 5 && branch === 'feature' ? [MR_7] : undefined);

describe('catch-up: events grouped into things', () => {
  it('note events belong to their noteable: one issue, "3 comments by Jane and Bob", opened at the oldest new comment', () => {
    const { things, unplaced } = groupThings({ events: [comment(3, JANE, 903), comment(2, BOB, 902), comment(1, JANE, 901)] });
    assert.deepEqual(unplaced, []);
    assert.equal(things.length, 1);
    const [thing] = things;
    assert.equal(thing.key, thingKey(ISSUE_12));
    assert.equal(thing.summary.comments, 3);
    assert.deepEqual(thing.summary.commenters.map((person) => person.username), ['jane', 'bob']);
    assert.equal(thing.firstNewNoteId, 901);
    assert.deepEqual(thing.newest, { id: 3, createdAt: at(3) });
  });

  it('§1.2: notes are recognised by `note`, not by target_type; a work item is an issue; a diff note is on its merge request', () => {
    assert.deepEqual(placeEvent({ ...comment(1, JANE, 901), target_type: 'DiffNote', note: { ...comment(1, JANE, 901).note!, type: 'DiffNote', noteable_type: 'MergeRequest', noteable_iid: 7 } }), [MR_7]);
    assert.deepEqual(placeEvent(makeEvent({ target_type: 'WorkItem', target_iid: 12 })), [ISSUE_12]);
    assert.deepEqual(placeEvent(comment(1, JANE, 901, { type: 'WorkItem' })), [ISSUE_12]);
  });

  it('§1.3: a commit note names its commit only where GitLab exposes `commit_id`', () => {
    assert.equal(placeEvent(comment(1, JANE, 901, { type: 'Commit', iid: null })), 'commitNotNamed');
    const named = comment(1, JANE, 901, { type: 'Commit', iid: null });
    named.note = { ...named.note!, commit_id: 'c5feabde2d8cd023215af4d2ceeb7a64839fc428' };
    assert.deepEqual(placeEvent(named), [{ kind: 'commit', projectId: 5, sha: 'c5feabde2d8cd023215af4d2ceeb7a64839fc428' }]);
  });

  it('§1.4: a branch push counts on the open merge requests of that branch, where known; others name no thing', () => {
    const input = {
      events: [
        { ...pushEvent({ ref: 'feature', commit_count: 3 }), id: 1 },
        { ...pushEvent({ ref: 'feature', commit_count: 2 }), id: 2 },
        { ...pushEvent({ ref: 'main' }), id: 3 },
        { ...pushEvent({ ref: 'v1.0', ref_type: 'tag' }), id: 4 },
        { ...pushEvent({ ref: null, commit_count: 0 }), id: 5 },
        { ...pushEvent({ ref: 'feature', action: 'removed' }, 'deleted'), id: 6 },
      ],
      mergeRequestsOfBranch: branches,
    };
    const { things, unplaced } = groupThings(input);
    assert.equal(things.length, 1);
    assert.deepEqual(things[0].ref, MR_7);
    assert.deepEqual([things[0].summary.pushes, things[0].summary.commitsPushed], [2, 5]);
    assert.deepEqual(unplaced.map((entry) => entry.why), ['pushWithoutMergeRequest', 'tagOrBulkPush', 'tagOrBulkPush', 'branchDeleted']);
    // The view lists none of them: the same things, no list of the others.
    const forView = groupThings({ ...input, listUnplaced: false });
    assert.deepEqual(forView.things.map((thing) => [thing.key, thing.summary.pushes]), [[thingKey(MR_7), 2]]);
    assert.deepEqual(forView.unplaced, []);
  });

  it('a push updating two merge requests (its own project\'s and a fork\'s upstream) counts on both', () => {
    const upstream: ThingRef = { kind: 'mergeRequest', projectId: 1, iid: 40 };
    const { things } = groupThings({ events: [pushEvent({ ref: 'feature' })], mergeRequestsOfBranch: () => [MR_7, upstream] });
    assert.deepEqual(things.map((thing) => thing.key), [thingKey(MR_7), thingKey(upstream)]);
  });

  it('approvals by whom, state changes in order, and "updated" only where no event says why', () => {
    const mr = (id: number, action: string, person: typeof JANE) => makeEvent({ id, action_name: action, target_type: 'MergeRequest', target_iid: 7, created_at: at(id), ...by(person) });
    const { things } = groupThings({
      events: [mr(1, 'approved', ANN), mr(2, 'approved', ANN), mr(3, 'closed', BOB), mr(4, 'opened', BOB), mr(5, 'accepted', JANE)],
      updates: [{ ref: MR_7, updatedAt: '2026-11-03T10:05:02Z' }, { ref: ISSUE_12, updatedAt: '2026-11-03T11:00:00Z' }],
    });
    const [request, issue] = things;
    assert.deepEqual(request.summary.approvedBy.map((person) => person.username), ['ann']);
    assert.deepEqual(request.summary.stateChanges.map((change) => `${change.change} by ${change.by.username}`), ['closed by bob', 'opened by bob', 'merged by jane']);
    assert.equal(request.summary.updated, false, 'updatedAt within moments of the last event: that event says why');
    assert.deepEqual([issue.ref, issue.events.length, issue.summary.updated], [ISSUE_12, 0, true], 'a reassignment writes no event: "updated"');
    assert.equal(issue.newest.createdAt, '2026-11-03T11:00:00.000Z');
  });

  it('each thing once, each event once: the same event from two feeds counts once', () => {
    const events = [comment(2, BOB, 902), comment(1, JANE, 901)];
    const { things } = groupThings({ events: [...events, ...events, comment(2, BOB, 902)] });
    assert.equal(things.length, 1);
    assert.equal(things[0].summary.comments, 2);
    assert.equal(things[0].events.length, 2);
    // A busy thing (past the few events a row scans) counts each of its events once too, whichever feed came first.
    const busy = Array.from({ length: 40 }, (_, i) => comment(100 - i, i % 2 ? JANE : BOB, 1000 - i));
    const twice = groupThings({ events: [...busy.slice(0, 30), ...busy, ...busy.slice(10)] }).things;
    assert.equal(twice.length, 1);
    assert.equal(twice[0].summary.comments, 40);
    assert.deepEqual(twice[0].events.map((event) => event.id), busy.map((event) => event.id));
  });

  it('since T: a thing counts what is newer than its seen mark (by id, else time); one never marked, the first look\'s window', () => {
    const events = [comment(30, JANE, 930, { iid: 12 }, 30), comment(20, BOB, 920, { iid: 12 }, 20), comment(25, BOB, 925, { iid: 13 }, 25), comment(10, BOB, 910, { iid: 13 }, 10), comment(5, ANN, 905, { iid: 14 }, 5)];
    const marks = new Map([[thingKey(ISSUE_12), { id: 20 }], [thingKey({ kind: 'issue', projectId: 5, iid: 13 }), { createdAt: at(15) }]]);
    const { things } = groupThings({ events, seen: (key) => marks.get(key), since: at(8) });
    assert.deepEqual(things.map((thing) => [thing.ref.kind === 'issue' ? thing.ref.iid : 0, thing.events.map((event) => event.id)]), [[12, [30]], [13, [25]]]);
  });

  it('a thing marked seen comes back on its next change, and an older updatedAt brings nothing back', () => {
    const seen = () => ({ id: 3, createdAt: '2026-11-03T10:03:00.000Z' });
    assert.equal(groupThings({ events: [comment(3, JANE, 903)], seen, updates: [{ ref: ISSUE_12, updatedAt: '2026-11-03T10:03:00Z' }] }).things.length, 0);
    const back = groupThings({ events: [comment(4, BOB, 904), comment(3, JANE, 903)], seen });
    assert.deepEqual(back.things[0].events.map((event) => event.id), [4]);
  });

  it('keeps only the events the rules keep (own activity left out)', () => {
    const { things } = groupThings({ events: [comment(2, BOB, 902), comment(1, JANE, 901)], keep: (event) => event.author_id !== JANE.id });
    assert.deepEqual(things[0].summary.commenters.map((person) => person.username), ['bob']);
  });

  it('§1.1–1.2: events with no thing of the catch-up say why (group-level, designs, milestones); a wiki page is one thing for its events and notes', () => {
    assert.equal(placeEvent(makeEvent({ project_id: null, target_type: 'WorkItem' })), 'groupLevel');
    assert.equal(placeEvent(makeEvent({ target_type: 'DesignManagement::Design' })), 'designIssueUnknown');
    assert.equal(placeEvent(makeEvent({ target_type: 'Milestone' })), 'notAThing');
    const page = makeEvent({ id: 1, action_name: 'updated', target_type: 'WikiPage::Meta', target_id: 44, target_iid: null, wiki_page: { slug: 'home', title: 'Home' } });
    const note = comment(2, BOB, 902, { type: 'WikiPage::Meta', iid: null });
    note.note = { ...note.note!, noteable_id: 44 };
    const { things } = groupThings({ events: [page, note] });
    assert.equal(things.length, 1);
    assert.deepEqual(things[0].ref, { kind: 'wikiPage', projectId: 5, metaId: 44, slug: 'home' });
    assert.deepEqual([things[0].summary.comments, things[0].summary.stateChanges[0].change], [1, 'edited']);
  });

  it('every new event lands once, on a thing or as unplaced, and each thing is listed once (property)', () => {
    const event = fc.record({
      id: fc.integer({ min: 1, max: 60 }),
      kind: fc.constantFrom('note', 'mr', 'issue', 'push', 'tag', 'milestone'),
      iid: fc.integer({ min: 1, max: 4 }),
    }).map(({ id, kind, iid }): GitLabEvent => {
      switch (kind) {
        case 'note': return comment(id, JANE, 1000 + id, { iid });
        case 'mr': return makeEvent({ id, target_type: 'MergeRequest', target_iid: iid });
        case 'issue': return makeEvent({ id, target_type: 'Issue', target_iid: iid });
        case 'push': return { ...pushEvent({ ref: 'feature' }), id };
        case 'tag': return { ...pushEvent({ ref_type: 'tag' }), id };
        default: return makeEvent({ id, target_type: 'Milestone' });
      }
    });
    fc.assert(fc.property(fc.array(event, { maxLength: 80 }).map(asFeedsGiveThem), (events) => {
      const { things, unplaced } = groupThings({ events, mergeRequestsOfBranch: branches });
      const distinct = new Set(events.map((e) => e.id)).size;
      const placed = things.reduce((sum, thing) => sum + thing.events.length, 0);
      return placed + unplaced.length === distinct && new Set(things.map((thing) => thing.key)).size === things.length;
    }), { numRuns: 500 });
  });

  it('each event is an action of the rules table on its thing; the rules then keep what matters (own activity out)', () => {
    const mr = (action: string) => makeEvent({ action_name: action, target_type: 'MergeRequest', target_iid: 7 });
    assert.deepEqual(
      [comment(1, JANE, 901), pushEvent({ ref: 'feature' }), mr('opened'), mr('closed'), mr('accepted'), mr('approved'), mr('joined')].map((event) => mailActionOf(event, MR_7)),
      ['commented', 'pushed', 'opened', 'closed', 'merged', 'approved', undefined],
    );
    assert.equal(mailActionOf(pushEvent({ ref: 'feature' }), ISSUE_12), undefined, 'a push mails only about merge requests');
    const level = resolveLevelInForce({ kind: 'project', name: 'acme/web', level: 'global' }, [], { kind: 'global', name: '', level: 'participating' });
    const me = JANE.id;
    const { things } = groupThings({
      events: [comment(3, BOB, 903), comment(2, JANE, 902), { ...pushEvent({ ref: 'feature' }), id: 1, ...by(BOB) }],
      mergeRequestsOfBranch: branches,
      keep: (event, ref) => {
        const action = mailActionOf(event, ref);
        return action !== undefined && whyItMatters({ kind: ref.kind, action, personId: me, actorId: event.author_id, relation: { author: true }, level }).shown;
      },
    });
    assert.deepEqual(things.map((thing) => [thing.key, thing.events.map((event) => event.id)]), [[thingKey(ISSUE_12), [3]], [thingKey(MR_7), [1]]]);
    assert.equal(decideMail({ kind: 'mergeRequest', action: 'pushed', personId: me, actorId: BOB.id, relation: { author: true }, level }).mails, true);
  });

  it('groups 100,000 events in one pass: each thing asks its seen mark once, each push its branch once', () => {
    const events: GitLabEvent[] = [];
    for (let id = 100_000; id > 0; id--) events.push(id % 3 === 0 ? { ...pushEvent({ ref: 'feature' }), id } : comment(id, id % 2 ? JANE : BOB, id, { iid: (id % 500) + 1 }));
    let asked = 0;
    let branchAsked = 0;
    const { things } = groupThings({ events, seen: () => { asked++; return undefined; }, mergeRequestsOfBranch: (p, b) => { branchAsked++; return branches(p, b); } });
    assert.equal(things.length, 501);
    assert.equal(asked, 501);
    assert.equal(branchAsked, 33_333);
  });
});
