import type { GitLabEvent } from '../../gitlab/types';
import type { ParticipatedThing, ParticipationRole } from '../../gitlab/participation';
import type { SubscribedThing } from '../../gitlab/subscriptionTypes';
import type { Todo } from '../../gitlab/todoTypes';
import type { EventMarker } from '../activity/pollSchedule';
import type { EventShape } from '../activity/eventShape';
import type { LevelInForce } from '../settings/shared/levelChain';
import { whyItMatters, type MailAction, type MattersWhy, type Relation, type Verdict } from './mailRules';
import { groupThings, laterTime, mailActionOf, placeEvent, thingKey, type KeepSlot, type ThingNews, type ThingRef } from './thingGroups';

/**
 * The Catch Up view's rows of one account, from what the other lists already hold (the feeds' and My Activity's
 * events, the pending to-dos, the explicit subscriptions): each thing with news once, what happened counted, why it
 * matters (the rules, `whyItMatters`) and when. Reads nothing itself, so no event is read twice.
 */

export interface CatchUpThing extends ThingNews {
  /** `acme/web#12`, `acme/web!3`: the project path and the iid, as GitLab writes references. */
  reference: string;
  /** As the server sent it: shown only through the plain-text function. */
  title: string;
  /** Shared between rows: read only. */
  why: readonly MattersWhy[];
  /** The newest of its news (ISO 8601). */
  when?: string;
  /** Its pending to-dos (Mark as Done). */
  todoIds: number[];
  /** Its explicit subscription (Unsubscribe, Why Am I Notified About This?). */
  subscription?: SubscribedThing;
  /** The thing's page as GitLab gave it (a to-do's target, a subscription), if any. */
  webUrl?: string;
  /** The project's path, for "Watching acme/web" and Mute E-mail for This Project. */
  projectPath?: string;
}

export interface CatchUpInput {
  /** The person's GitLab user id: their own activity is left out unless GitLab would e-mail it. */
  personId: number | undefined;
  events: Iterable<GitLabEvent>;
  /** Pending to-dos. */
  todos: readonly Todo[];
  subscriptions: readonly SubscribedThing[];
  /** The things the person is author of, assigned to or asked to review, with their `updatedAt` (the participation read). */
  participation?: readonly ParticipatedThing[];
  /** A project's full path by id, and an id by path, where known (events name projects by id only). */
  projectPath(projectId: number): string | undefined;
  projectId(path: string): number | undefined;
  seen(key: string): EventMarker | undefined;
  /** A thing never marked counts from here: the first look's window. */
  since: string;
  /** The level in force in a project, where known; else GitLab's default (Participate, global). */
  level?(projectId: number): LevelInForce | undefined;
  /** The open merge requests a branch push updated (see `groupThings`). */
  mergeRequestsOfBranch?(projectId: number, branch: string): readonly ThingRef[] | undefined;
}

const DEFAULT_LEVEL: LevelInForce = { level: 'participating', chain: [{ kind: 'global', name: '', level: 'participating' }], decidedBy: 0 };

interface Known { todos: Todo[]; subscription?: SubscribedThing; roles?: ParticipationRole[]; tookPart?: boolean; title?: string; webUrl?: string; projectPath?: string }

/** What the rules answered for things of one kind, project and relation, by action (the person's own apart). */
interface Answers { relation: Relation; projectId?: number; others: Map<MailAction, Verdict>; own: Map<MailAction, Verdict> }

/** A thing's answers, and why it matters, from those shown. */
interface Asked { answers: Answers; why?: MattersWhy[] }

function todoRef(todo: Todo): ThingRef | undefined {
  const projectId = todo.project?.id;
  const iid = todo.target?.iid;
  if (!projectId || !iid) return undefined;
  if (todo.target_type === 'Issue' || todo.target_type === 'WorkItem') return { kind: 'issue', projectId, iid };
  if (todo.target_type === 'MergeRequest') return { kind: 'mergeRequest', projectId, iid };
  return undefined;
}

function relationOf(known: Known | undefined): Relation {
  const actions = new Set((known?.todos ?? []).map((todo) => todo.action_name));
  const roles = new Set(known?.roles ?? []);
  return {
    pendingTodo: (known?.todos.length ?? 0) > 0,
    ...(known?.subscription ? { explicit: known.subscription.subscribed ? 'subscribed' as const : 'unsubscribed' as const } : {}),
    author: roles.has('author'),
    participant: known?.tookPart === true,
    assignee: actions.has('assigned') || roles.has('assignee'),
    reviewer: actions.has('review_requested') || roles.has('reviewer'),
    mentioned: actions.has('mentioned') || actions.has('directly_addressed'),
  };
}

function referenceOf(ref: ThingRef, path: string | undefined): string {
  const where = path ?? `project ${ref.kind === 'epic' ? ref.groupPath : ref.projectId}`;
  switch (ref.kind) {
    case 'issue': return `${where}#${ref.iid}`;
    case 'mergeRequest': return `${where}!${ref.iid}`;
    case 'commit': return `${where}@${ref.sha.slice(0, 8)}`;
    case 'wikiPage': return `${where} wiki`;
    case 'epic': return `${ref.groupPath}&${ref.iid}`;
  }
}

/** The merge requests a push is about, from the person's own merge requests and their source branches (note §1.4). */
function branchesOf(participation: readonly ParticipatedThing[]): (projectId: number, branch: string) => readonly ThingRef[] | undefined {
  const byBranch = new Map<string, ThingRef[]>();
  for (const thing of participation) {
    if (thing.kind !== 'mergeRequest' || !thing.sourceBranch) continue;
    const key = `${thing.projectId}:${thing.sourceBranch}`;
    byBranch.set(key, [...(byBranch.get(key) ?? []), { kind: 'mergeRequest', projectId: thing.projectId, iid: thing.iid }]);
  }
  return (projectId, branch) => byBranch.get(`${projectId}:${branch}`);
}

const KIND_INDEX: Record<ThingRef['kind'], number> = { issue: 0, mergeRequest: 1, commit: 2, wikiPage: 3, epic: 4 };

/** The to-dos of a row without any: one list for all of them (thousands of rows are made on every change). */
const NO_TODOS: number[] = [];
Object.freeze(NO_TODOS);

/** The account's things with news, newest first. */
export function catchUpThings(input: CatchUpInput): CatchUpThing[] {
  const known = new Map<string, Known>();
  const entry = (key: string): Known => {
    let value = known.get(key);
    if (!value) known.set(key, (value = { todos: [] }));
    return value;
  };
  for (const todo of input.todos) {
    const ref = todoRef(todo);
    if (!ref || todo.state !== 'pending') continue;
    const value = entry(thingKey(ref));
    value.todos.push(todo);
    value.title ??= todo.target?.title;
    value.webUrl ??= todo.target?.web_url;
    value.projectPath ??= todo.project?.path_with_namespace;
  }
  const updates: Array<{ ref: ThingRef; updatedAt: string }> = [];
  for (const thing of input.subscriptions) {
    const projectId = thing.containerKind === 'project' ? input.projectId(thing.containerPath) : undefined;
    const iid = Number(thing.iid);
    if (!projectId || !Number.isSafeInteger(iid) || thing.kind === 'epic') continue;
    const ref: ThingRef = { kind: thing.kind, projectId, iid };
    const value = entry(thingKey(ref));
    value.subscription = thing;
    value.title ??= thing.title;
    value.webUrl ??= thing.webUrl;
    value.projectPath ??= thing.containerPath;
    if (thing.subscribed) updates.push({ ref, updatedAt: thing.updatedAt });
  }
  for (const thing of input.participation ?? []) {
    const ref: ThingRef = { kind: thing.kind, projectId: thing.projectId, iid: thing.iid };
    const value = entry(thingKey(ref));
    value.roles = thing.roles;
    value.title ??= thing.title;
    value.webUrl ??= thing.webUrl || undefined;
    value.projectPath ??= thing.projectPath || undefined;
    updates.push({ ref, updatedAt: thing.updatedAt });
  }
  // The person's own comments and openings held make them one of the thing's participants (note §3.1: no API lists it).
  const events = Array.isArray(input.events) ? input.events as readonly GitLabEvent[] : [...input.events];
  if (input.personId !== undefined) {
    for (const event of events) {
      if (event.author_id !== input.personId || (!event.note && event.action_name !== 'opened')) continue;
      const place = placeEvent(event, input.mergeRequestsOfBranch);
      if (typeof place !== 'string') for (const ref of place) entry(thingKey(ref)).tookPart = true;
    }
  }
  // The rules decide by the kind of thing, the action, whether the person acted, how they stand to it and where it
  // lives: each such question is asked once, not once per event (thousands of events ask a few dozen). Things alike in
  // kind, project and standing share their answers; each thing finds them once, on its first event.
  // By project (-1 for none), then at `relation id × 5 + kind`: found with numbers, no question made as text per thing.
  const answersOf = new Map<number, Answers[]>();
  // A thing no list names (most of a busy project's) stands as nothing: one relation for all of them.
  const NO_RELATION = { relation: relationOf(undefined), id: 0 };
  const relationIds = new Map<string, number>([[JSON.stringify(NO_RELATION.relation), 0]]);
  const asked = new Map<string, Asked>();
  const askedOf = (key: string, ref: ThingRef): Asked => {
    let thing = asked.get(key);
    if (!thing) {
      const value = known.get(key);
      let stand = NO_RELATION;
      if (value) {
        const relation = relationOf(value);
        const text = JSON.stringify(relation);
        let id = relationIds.get(text);
        if (id === undefined) relationIds.set(text, (id = relationIds.size));
        stand = { relation, id };
      }
      const projectId = ref.kind === 'epic' ? undefined : ref.projectId;
      let ofProject = answersOf.get(projectId ?? -1);
      if (!ofProject) answersOf.set(projectId ?? -1, (ofProject = []));
      const at = stand.id * 5 + KIND_INDEX[ref.kind];
      let answers = ofProject[at];
      if (!answers) ofProject[at] = answers = { relation: stand.relation, projectId, others: new Map(), own: new Map() };
      asked.set(key, (thing = { answers }));
    }
    return thing;
  };
  const keep = (event: GitLabEvent, ref: ThingRef, shape: EventShape, key: string, slot: KeepSlot): boolean => {
    const action = mailActionOf(event, ref, shape);
    if (!action || input.personId === undefined) return false;
    // Asked once a thing, on its first event: the grouping keeps it in the thing's slot.
    const thing = (slot.memo ??= askedOf(key, ref)) as Asked;
    const { relation, projectId } = thing.answers;
    const own = event.author_id === input.personId;
    const answers = own ? thing.answers.own : thing.answers.others;
    let verdict = answers.get(action);
    if (!verdict) {
      verdict = whyItMatters({
        kind: ref.kind, action, personId: input.personId, actorId: own ? input.personId : event.author_id,
        relation, level: (projectId !== undefined ? input.level?.(projectId) : undefined) ?? DEFAULT_LEVEL,
      });
      answers.set(action, verdict);
    }
    if (verdict.shown && thing.why !== verdict.why) thing.why = thing.why === undefined ? verdict.why : merge(thing.why, verdict.why);
    return verdict.shown;
  };
  const grouped = groupThings({
    events, seen: input.seen, since: input.since, updates, keep, listUnplaced: false,
    mergeRequestsOfBranch: input.mergeRequestsOfBranch ?? branchesOf(input.participation ?? []),
  });
  const things = grouped.things.map((news): CatchUpThing => {
    const value = known.get(news.key);
    const projectPath = value?.projectPath ?? (news.ref.kind === 'epic' ? undefined : input.projectPath(news.ref.projectId));
    const why = asked.get(news.key)?.why ?? whyItMatters({
      kind: news.ref.kind, action: 'reassigned', personId: input.personId ?? 0, relation: relationOf(value), level: DEFAULT_LEVEL,
    }).why;
    // The grouping's fresh object becomes the row (no copy: thousands of rows are made on every change).
    const row = news as CatchUpThing;
    row.reference = referenceOf(news.ref, projectPath);
    row.title = value?.title ?? news.eventTitle ?? '';
    row.why = why;
    // `newest.createdAt` is already in `laterTime`'s form: only a server's `updatedAt` needs reading.
    row.when = news.updatedAt === undefined ? news.newest.createdAt : laterTime(news.newest.createdAt, news.updatedAt);
    row.todoIds = value?.todos.length ? value.todos.map((todo) => todo.id) : NO_TODOS;
    if (value?.subscription) row.subscription = value.subscription;
    if (value?.webUrl) row.webUrl = value.webUrl;
    if (projectPath) row.projectPath = projectPath;
    return row;
  });
  // Newest first, by each row's time read once (a comparison of two texts costs more than a parse of each); equal
  // times keep the grouping's order.
  const order = new Float64Array(things.length);
  things.forEach((row, i) => {
    const ms = row.when === undefined ? NaN : Date.parse(row.when);
    order[i] = Number.isNaN(ms) ? -Infinity : ms;
  });
  const index = Array.from(things, (_, i) => i).sort((a, b) => order[b] - order[a] || a - b);
  return index.map((i) => things[i]);
}

function merge(known: MattersWhy[] | undefined, more: readonly MattersWhy[]): MattersWhy[] {
  const all = [...(known ?? [])];
  for (const why of more) if (!all.some((k) => k.kind === why.kind)) all.push(why);
  return all;
}
