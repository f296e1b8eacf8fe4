import type { DoubleEvent, DoubleIssuable } from './types';
import { settingKey } from './types';
import { reassign } from './touch';

/**
 * A week of activity around user 1 (catch-up note §1, §2.3), played into a double's world as GitLab would write it:
 * comments (events with their notes, the thing touched), a push to a merge request's source branch, approvals, a
 * close, a reassignment (no event, `updatedAt` moved), a mention with its `mentioned` to-do, an explicit
 * subscription, and the person's own comments; in three projects at three levels (acme/website Participate,
 * acme/platform/billing Watch, design-team/mockups Mention). The world is quieted first, so the week is all that
 * changed in it: every thing's `updatedAt` goes back a month, user 1's pending to-dos are done, and user 1's
 * subscription rows on the week's things go. Each act is returned in GitLab's words for the rules table.
 */

export interface WeekAct {
  at: string;
  model: 'Issue' | 'MergeRequest';
  projectId: number;
  iid: number;
  /** What happened, as the note's table §2.3 names it. */
  action: 'commented' | 'pushed' | 'approved' | 'closed' | 'reassigned';
  actorId: number;
  /** The person is @-mentioned in this act's text. */
  mentionsPerson?: boolean;
}

export interface ScriptedWeek {
  personId: number;
  acts: WeekAct[];
  /** The person's own level per project (the global level is Participate). */
  levels: Record<number, string>;
  start: Date;
}

interface WeekWorld {
  data: import('./types').DoubleData;
  addEvent(partial: Partial<DoubleEvent>): DoubleEvent;
  addTodo(partial: Partial<import('./types').DoubleTodo>): unknown;
}

const PERSON = 1;
const DAY = 86_400_000;
const LEVELS: Record<number, string> = { 1: 'participating', 2: 'watch', 3: 'mention' };

export function playScriptedWeek(world: WeekWorld, now: Date): ScriptedWeek {
  const { data } = world;
  const start = new Date(now.getTime() - 6 * DAY);
  const monthAgo = new Date(now.getTime() - 30 * DAY).toISOString();
  for (const item of data.issuables) {
    item.createdAt = monthAgo;
    item.updatedAt = monthAgo;
  }
  for (const todo of data.todos) if (todo.userId === PERSON) todo.state = 'done';
  data.settings[settingKey(PERSON, { kind: 'global' })] = { level: 'participating', events: {} };
  for (const [id, level] of Object.entries(LEVELS)) data.settings[settingKey(PERSON, { kind: 'project', id: Number(id) })] = { level, events: {} };

  const used = new Set<DoubleIssuable>();
  /** A thing of the project, made to stand to the person as the week needs it. */
  const pick = (model: DoubleIssuable['model'], projectId: number, roles: { author?: number; assignees?: number[]; reviewers?: number[] }): DoubleIssuable => {
    const item = data.issuables.find((i) => i.model === model && i.projectId === projectId && !used.has(i) && i.issueType !== 'EPIC');
    if (!item) throw new Error(`The world has no more ${model}s in project ${projectId} for the week.`);
    used.add(item);
    item.state = 'opened';
    item.authorId = roles.author ?? 4;
    item.assigneeIds = roles.assignees ?? [];
    if (model === 'MergeRequest') item.reviewerIds = roles.reviewers ?? [];
    item.participants = [...new Set([item.authorId, ...item.assigneeIds, ...(item.reviewerIds ?? [])])];
    const rows = data.subscriptions.filter((row) => !(row.userId === PERSON && row.subscribableType === model && row.subscribableId === item.id));
    data.subscriptions.splice(0, data.subscriptions.length, ...rows);
    return item;
  };

  const acts: WeekAct[] = [];
  // Played in time order at the end: event ids grow with time, as GitLab's do.
  const ops: Array<{ when: string; run: () => void }> = [];
  const later = (when: string, run: () => void) => ops.push({ when, run });
  let noteId = 990_000;
  const at = (day: number, hour = 10) => new Date(start.getTime() + day * DAY + hour * 3_600_000).toISOString();
  const act = (item: DoubleIssuable, action: WeekAct['action'], actorId: number, when: string, mentionsPerson = false) => {
    acts.push({ at: when, model: item.model, projectId: item.projectId!, iid: item.iid, action, actorId, ...(mentionsPerson ? { mentionsPerson } : {}) });
  };
  const comment = (item: DoubleIssuable, authorId: number, when: string, body = 'A comment') => later(when, () => {
    world.addEvent({
      action: 'commented', targetType: 'Note', projectId: item.projectId!, authorId, createdAt: when, targetTitle: item.title,
      note: {
        id: ++noteId, type: null, body, noteableId: item.id, noteableType: item.model, noteableIid: item.iid, commitId: null,
        system: false, resolvable: false, resolved: false, confidential: false,
      },
    });
    if (!item.participants.includes(authorId)) item.participants.push(authorId);
    act(item, 'commented', authorId, when, body.includes('@alex'));
  });
  const onTarget = (item: DoubleIssuable, action: 'approved' | 'closed', authorId: number, when: string) => later(when, () => {
    world.addEvent({ action, targetType: item.model, targetId: item.id, targetIid: item.iid, targetTitle: item.title, projectId: item.projectId!, authorId, createdAt: when });
    act(item, action, authorId, when);
  });
  const push = (item: DoubleIssuable, authorId: number, when: string, commits: number) => later(when, () => {
    world.addEvent({
      action: 'pushed', targetType: null, projectId: item.projectId!, authorId, createdAt: when,
      pushData: {
        commit_count: commits, action: 'pushed', ref_type: 'branch', commit_from: 'a'.repeat(40), commit_to: 'b'.repeat(40),
        ref: item.sourceBranch ?? `topic-${item.iid}`, commit_title: 'Work in progress', ref_count: null,
      },
    });
    act(item, 'pushed', authorId, when);
  });

  // acme/website, Participate.
  const assigned = pick('Issue', 1, { assignees: [PERSON] });
  comment(assigned, 2, at(0));
  onTarget(assigned, 'closed', 2, at(5));
  const tookPart = pick('Issue', 1, {});
  comment(tookPart, PERSON, at(0, 9), 'My own first comment');
  comment(tookPart, 2, at(2));
  const stranger = pick('Issue', 1, {});
  comment(stranger, 3, at(1));
  const own = pick('Issue', 1, { author: PERSON });
  comment(own, PERSON, at(1, 11), 'A note to myself');
  const reassigned = pick('Issue', 1, {});
  later(at(4), () => {
    reassign(reassigned, { assigneeIds: [PERSON] }, new Date(at(4)));
    act(reassigned, 'reassigned', 3, at(4));
  });
  const mine = pick('MergeRequest', 1, { author: PERSON, assignees: [PERSON] });
  push(mine, 2, at(1, 15), 3);
  onTarget(mine, 'approved', 3, at(3));
  const reviewing = pick('MergeRequest', 1, { author: 3, assignees: [3], reviewers: [PERSON] });
  comment(reviewing, 2, at(2, 14));
  const ownPush = pick('MergeRequest', 1, { author: PERSON });
  push(ownPush, PERSON, at(2, 16), 1);

  // acme/platform/billing, Watch.
  const watched = pick('MergeRequest', 2, { author: 3, assignees: [3] });
  comment(watched, 2, at(1, 13));
  onTarget(watched, 'approved', 2, at(5, 9));
  const watchedPush = pick('MergeRequest', 2, { author: 3, assignees: [3] });
  push(watchedPush, 3, at(3, 12), 2);

  // design-team/mockups, Mention.
  const quiet = pick('Issue', 3, {});
  comment(quiet, PERSON, at(0, 12), 'I was here');
  comment(quiet, 2, at(1, 12));
  const subscribed = pick('Issue', 3, {});
  data.subscriptions.push({ userId: PERSON, subscribableType: 'Issue', subscribableId: subscribed.id, projectId: 3, subscribed: true });
  comment(subscribed, 3, at(3, 17));
  const mentioned = pick('Issue', 3, {});
  comment(mentioned, 2, at(4, 8), '@alex could you look at this?');
  later(at(4, 8), () => world.addTodo({
    userId: PERSON, authorId: 2, action: 'mentioned', targetType: 'Issue', projectId: 3, groupId: null, state: 'pending',
    target: { id: mentioned.id, iid: mentioned.iid, title: mentioned.title, state: 'opened' }, note: { id: noteId, body: '@alex could you look at this?' },
    createdAt: at(4, 8), updatedAt: at(4, 8),
  }));
  for (const op of ops.sort((a, b) => a.when.localeCompare(b.when))) op.run();
  return { personId: PERSON, acts, levels: { ...LEVELS }, start };
}
