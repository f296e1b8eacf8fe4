import type { Edition } from '../types';
import type { DoubleIssuable, DoubleLabel, DoubleSubscription } from './types';
import { HOSTILE_TITLES, TITLE_NOUNS, TITLE_VERBS } from './words';

/**
 * Things to subscribe to, one by one (subscriptions note §1–§4): issues of every type, merge requests, epics (group
 * work items, `ee` only) and labels, with user 1's explicit subscriptions on each kind in every state (open, closed,
 * merged), explicit unsubscriptions, implicit ones (user 1 takes part, no row), things on a project user 1 cannot read
 * (never listed), a group label subscribed for one project only (§4: the group endpoint answers 304), and other
 * users' rows. With `hostileNames` every title, label name and description is hostile text.
 *
 * | kind | ids | where | user 1's rows |
 * |---|---|---|---|
 * | issues (ISSUE, INCIDENT, TASK) | 5001… | projects 1–7 (and 8) | 3 in 4 subscribed, every 8th unsubscribed, every 5th authored, every 6th from the 2nd assigned |
 * | merge requests | 7001… | projects 1–6 | the same pattern; opened, merged, closed; every 6th from the 3rd to review |
 * | epics (work items) | 9001… | groups 1, 2, 4 (`ee`) | 2 in 3 subscribed (group level), and 9003 of group 4 |
 * | labels | 301… | projects 1, 2, 5; groups 1, 2, 4 | see `LABEL_ROWS` |
 */

export interface SubscriptionWorld {
  issuables: DoubleIssuable[];
  labels: DoubleLabel[];
  subscriptions: DoubleSubscription[];
}

const ISSUES = 44;
const MERGE_REQUESTS = 30;
const EPICS = 12;
const ISSUE_PROJECTS = [1, 2, 3, 4, 5, 6, 7, 1, 2, 5];
const MR_PROJECTS = [1, 2, 4, 5, 6, 1, 3];
const EPIC_GROUPS = [1, 2, 4];
const MR_STATES = ['opened', 'merged', 'closed', 'opened', 'merged'] as const;

function title(i: number, hostile: boolean): string {
  if (hostile) return HOSTILE_TITLES[i % HOSTILE_TITLES.length];
  return `${TITLE_VERBS[i % TITLE_VERBS.length]} ${TITLE_NOUNS[(i * 7) % TITLE_NOUNS.length]}`;
}

/** Extra explicit subscriptions of user 1, per kind (`DoubleOptions.subscriptions`): a long Subscriptions list. */
export interface ExtraSubscriptions {
  issues?: number;
  mergeRequests?: number;
  /** Group-level epics; none on an edition without epics (`ce`, `spec`). */
  epics?: number;
  labels?: number;
}

export interface SubscriptionWorldOptions {
  anchorMs: number;
  edition: Edition;
  hostileNames: boolean;
  extra?: ExtraSubscriptions;
}

/** Where the extra things are: user 1 reads every one (projects 1–6; 7 is not readable, 8 is the hostile one). */
const EXTRA_ISSUE_PROJECTS = [1, 2, 3, 4, 5, 6];
/** Projects of the groups user 1 belongs to (acme and acme/platform), where the merge request listing looks. */
const EXTRA_MR_PROJECTS = [1, 2];
/** Groups user 1 belongs to (acme and its subgroup acme/platform), read with the top one's descendants. */
const EXTRA_EPIC_GROUPS = [1, 2];
/** Where extra labels live: user 1's projects and member groups, each read for its labels. */
const EXTRA_LABEL_PLACES: Array<{ projectId?: number; groupId?: number }> = [
  { projectId: 1 }, { projectId: 2 }, { projectId: 3 }, { projectId: 5 }, { groupId: 2 },
];
/** Extra ids start here, far past the fixed cast's. */
export const EXTRA_IDS = { issue: 100_001, mergeRequest: 200_001, epic: 300_001, label: 400_001 } as const;
const EXTRA_MR_STATES = ['opened', 'closed', 'opened', 'opened', 'opened', 'merged', 'opened', 'opened'] as const;

export function generateSubscriptions(options: SubscriptionWorldOptions): SubscriptionWorld {
  const { anchorMs, hostileNames } = options;
  const issuables: DoubleIssuable[] = [];
  const subscriptions: DoubleSubscription[] = [];
  const iids = new Map<string, number>();
  const nextIid = (key: string) => {
    const iid = (iids.get(key) ?? 0) + 1;
    iids.set(key, iid);
    return iid;
  };
  // Every thing its own minute, newest first by index, spread over about a month.
  let minute = 0;
  const time = () => new Date(anchorMs - (++minute) * 17 * 60_000).toISOString();
  const rowFor = (i: number, type: 'Issue' | 'MergeRequest', id: number, projectId: number | null) => {
    if (i % 4 !== 3) subscriptions.push({ userId: 1, subscribableType: type, subscribableId: id, projectId, subscribed: true });
    else if (i % 8 === 7) subscriptions.push({ userId: 1, subscribableType: type, subscribableId: id, projectId, subscribed: false });
    // Someone else's subscriptions, never user 1's list.
    if (i % 3 === 0) subscriptions.push({ userId: 2, subscribableType: type, subscribableId: id, projectId, subscribed: true });
  };

  const issueProjects = hostileNames ? [...ISSUE_PROJECTS, 8] : ISSUE_PROJECTS;
  for (let i = 0; i < ISSUES; i++) {
    const projectId = issueProjects[i % issueProjects.length];
    const updatedAt = time();
    const authorId = i % 5 === 0 ? 1 : 2 + (i % 4);
    const issueType = i % 7 === 3 ? 'INCIDENT' : i % 5 === 2 ? 'TASK' : 'ISSUE';
    // Every 6th (from the 2nd) assigned to user 1: a participant by assignment.
    const assigneeIds = i % 6 === 1 ? [1] : [];
    issuables.push({
      model: 'Issue', id: 5001 + i, iid: nextIid(`i${projectId}`), projectId, groupId: null, title: title(i, hostileNames),
      state: i % 3 === 1 ? 'closed' : 'opened', issueType, draft: false, authorId, participants: [...new Set([authorId, ...assigneeIds])], assigneeIds,
      userNotesCount: i % 9, createdAt: updatedAt, updatedAt,
    });
    rowFor(i, 'Issue', 5001 + i, projectId);
  }
  for (let i = 0; i < MERGE_REQUESTS; i++) {
    const projectId = MR_PROJECTS[i % MR_PROJECTS.length];
    const updatedAt = time();
    const authorId = i % 5 === 0 ? 1 : 2 + (i % 4);
    // Every 6th (from the 3rd) with user 1 as reviewer: a participant by review.
    const reviewerIds = i % 6 === 2 ? [1] : [];
    issuables.push({
      model: 'MergeRequest', id: 7001 + i, iid: nextIid(`m${projectId}`), projectId, groupId: null, title: title(i + 3, hostileNames),
      state: MR_STATES[i % MR_STATES.length], issueType: 'ISSUE', draft: i % 4 === 1, authorId, participants: [...new Set([authorId, ...reviewerIds])],
      assigneeIds: [authorId], reviewerIds,
      userNotesCount: i % 6, createdAt: updatedAt, updatedAt,
    });
    rowFor(i, 'MergeRequest', 7001 + i, projectId);
  }
  if (options.edition === 'ee') {
    for (let i = 0; i < EPICS; i++) {
      const groupId = EPIC_GROUPS[i % EPIC_GROUPS.length];
      const updatedAt = time();
      issuables.push({
        model: 'Issue', id: 9001 + i, iid: nextIid(`g${groupId}`), projectId: null, groupId, title: title(i + 1, hostileNames),
        state: i % 4 === 2 ? 'closed' : 'opened', issueType: 'EPIC', draft: false, authorId: 3, participants: [3],
        userNotesCount: i % 4, createdAt: updatedAt, updatedAt,
      });
      if (i % 3 !== 2) subscriptions.push({ userId: 1, subscribableType: 'Issue', subscribableId: 9001 + i, projectId: null, subscribed: true });
    }
    // And the first epic of "community" (group 4, public), whose member user 1 is not: only an instance-wide reading finds it.
    subscriptions.push({ userId: 1, subscribableType: 'Issue', subscribableId: 9003, projectId: null, subscribed: true });
  }

  const label = (id: number, name: string, where: { projectId?: number; groupId?: number }): DoubleLabel => ({
    id, name: hostileNames ? HOSTILE_TITLES[id % HOSTILE_TITLES.length] : name, color: '#6699cc',
    description: hostileNames ? HOSTILE_TITLES[(id + 1) % HOSTILE_TITLES.length] : `Things about ${name}`,
    projectId: where.projectId ?? null, groupId: where.groupId ?? null,
  });
  const labels: DoubleLabel[] = [
    label(301, 'bug', { projectId: 1 }), label(302, 'frontend', { projectId: 1 }), label(303, 'docs', { projectId: 1 }),
    label(304, 'billing', { projectId: 2 }), label(305, 'invoices', { projectId: 2 }), label(306, 'dotfiles', { projectId: 5 }),
    label(311, 'security', { groupId: 1 }), label(312, 'performance', { groupId: 1 }), label(313, 'platform', { groupId: 2 }),
    label(314, 'outage', { groupId: 2 }), label(315, 'handbook', { groupId: 4 }), label(316, 'community', { groupId: 4 }),
  ];
  // Project labels at their project; group labels group-wide (null), except 312, subscribed for project 1 only (§4).
  const LABEL_ROWS: Array<[number, number | null, boolean]> = [
    [301, 1, true], [303, 1, true], [304, 2, true], [305, 2, false], [306, 5, true],
    [311, null, true], [312, 1, true], [313, null, true], [315, null, true], [316, null, false],
  ];
  for (const [id, projectId, subscribed] of LABEL_ROWS) {
    subscriptions.push({ userId: 1, subscribableType: 'Label', subscribableId: id, projectId, subscribed });
  }
  subscriptions.push({ userId: 2, subscribableType: 'Label', subscribableId: 302, projectId: 1, subscribed: true });

  // The extra subscriptions: older than the cast, one thing every 3 minutes, each explicitly subscribed by user 1.
  const extra = options.extra ?? {};
  let extraMinute = minute * 17;
  const older = () => new Date(anchorMs - (extraMinute += 3) * 60_000).toISOString();
  const extraThing = (model: DoubleIssuable['model'], id: number, where: { projectId: number | null; groupId: number | null }, i: number,
    state: DoubleIssuable['state'], issueType: string) => {
    const updatedAt = older();
    const authorId = 2 + (i % 5);
    issuables.push({
      model, id, iid: nextIid(where.projectId !== null ? `${model === 'Issue' ? 'i' : 'm'}${where.projectId}` : `g${where.groupId}`),
      ...where, title: title(i + 11, hostileNames), state, issueType, draft: model === 'MergeRequest' && i % 6 === 4, authorId,
      participants: [authorId], assigneeIds: [], userNotesCount: i % 7, createdAt: updatedAt, updatedAt,
    });
    subscriptions.push({ userId: 1, subscribableType: model, subscribableId: id, projectId: where.projectId, subscribed: true });
  };
  // Every 4th issue closed; merge requests 1 in 8 closed and 1 in 8 merged; every 5th epic closed.
  for (let i = 0; i < (extra.issues ?? 0); i++) {
    extraThing('Issue', EXTRA_IDS.issue + i, { projectId: EXTRA_ISSUE_PROJECTS[i % EXTRA_ISSUE_PROJECTS.length], groupId: null }, i,
      i % 4 === 1 ? 'closed' : 'opened', i % 10 === 3 ? 'TASK' : 'ISSUE');
  }
  for (let i = 0; i < (extra.mergeRequests ?? 0); i++) {
    extraThing('MergeRequest', EXTRA_IDS.mergeRequest + i, { projectId: EXTRA_MR_PROJECTS[i % EXTRA_MR_PROJECTS.length], groupId: null }, i,
      EXTRA_MR_STATES[i % EXTRA_MR_STATES.length], 'ISSUE');
  }
  if (options.edition === 'ee') {
    for (let i = 0; i < (extra.epics ?? 0); i++) {
      extraThing('Issue', EXTRA_IDS.epic + i, { projectId: null, groupId: EXTRA_EPIC_GROUPS[i % EXTRA_EPIC_GROUPS.length] }, i,
        i % 5 === 2 ? 'closed' : 'opened', 'EPIC');
    }
  }
  // Labels: each subscribed where it lives (a project label at its project, a group label group-wide), and beside every
  // 4 subscribed one label nobody subscribed to, as a place has.
  for (let i = 0, made = 0; made < (extra.labels ?? 0); i++) {
    const place = EXTRA_LABEL_PLACES[i % EXTRA_LABEL_PLACES.length];
    const id = EXTRA_IDS.label + i;
    labels.push(label(id, `${TITLE_NOUNS[i % TITLE_NOUNS.length]}-${i}`, place));
    if (i % 5 === 4) continue;
    subscriptions.push({ userId: 1, subscribableType: 'Label', subscribableId: id, projectId: place.projectId ?? null, subscribed: true });
    made++;
  }
  return { issuables, labels, subscriptions };
}
