import type { SeededRandom } from './random';
import type { DoubleEvent, DoubleNote, DoubleProject, DoublePushData, EventActionKey } from './types';
import { BRANCHES, DESIGN_FILES, HOSTILE_TITLES, NOTE_BODIES, TITLE_NOUNS, TITLE_VERBS, WIKI_TITLES } from './words';

/**
 * The kinds of events GitLab writes (behaviour note §3.4–3.6), each with the action key it stores and the target
 * class it points at. Together they produce every `action_name` and every target type of the note.
 */

export type EventBody = Omit<DoubleEvent, 'id' | 'createdAt'>;

interface Target { id: number; iid: number; title: string; authorId: number; confidential: boolean }

interface Pools {
  issues: Target[];
  mergeRequests: Target[];
  milestones: Target[];
  wikiPages: Target[];
  designs: Target[];
}

export interface EventKind {
  name: string;
  action: EventActionKey;
  targetType: string | null;
  /** Relative frequency in generated data. */
  weight: number;
  /** Access the author needs; in public and internal projects `anyone` kinds need none. */
  minAccess: number;
  anyone?: boolean;
  projectFilter?: (project: DoubleProject) => boolean;
}

export const EVENT_KINDS: readonly EventKind[] = [
  { name: 'push', action: 'pushed', targetType: null, weight: 36, minAccess: 30 },
  { name: 'pushNewBranch', action: 'pushed', targetType: null, weight: 6, minAccess: 30 },
  { name: 'pushDeleteBranch', action: 'pushed', targetType: null, weight: 4, minAccess: 30 },
  { name: 'pushNewTag', action: 'pushed', targetType: null, weight: 2, minAccess: 40 },
  { name: 'bulkPush', action: 'pushed', targetType: null, weight: 1, minAccess: 30 },
  { name: 'issueOpened', action: 'created', targetType: 'Issue', weight: 16, minAccess: 10, anyone: true },
  {
    name: 'confidentialIssueOpened', action: 'created', targetType: 'Issue', weight: 2, minAccess: 10, anyone: true,
    projectFilter: (p) => p.visibility === 'public',
  },
  { name: 'issueClosed', action: 'closed', targetType: 'Issue', weight: 10, minAccess: 20 },
  { name: 'issueReopened', action: 'reopened', targetType: 'Issue', weight: 2, minAccess: 20 },
  { name: 'workItemOpened', action: 'created', targetType: 'WorkItem', weight: 4, minAccess: 10, anyone: true },
  { name: 'mergeRequestOpened', action: 'created', targetType: 'MergeRequest', weight: 12, minAccess: 30 },
  { name: 'mergeRequestMerged', action: 'merged', targetType: 'MergeRequest', weight: 8, minAccess: 30 },
  { name: 'mergeRequestClosed', action: 'closed', targetType: 'MergeRequest', weight: 2, minAccess: 30 },
  { name: 'mergeRequestApproved', action: 'approved', targetType: 'MergeRequest', weight: 6, minAccess: 30 },
  { name: 'milestoneOpened', action: 'created', targetType: 'Milestone', weight: 2, minAccess: 20 },
  { name: 'milestoneClosed', action: 'closed', targetType: 'Milestone', weight: 2, minAccess: 20 },
  { name: 'milestoneDestroyed', action: 'destroyed', targetType: 'Milestone', weight: 1, minAccess: 40 },
  { name: 'issueNote', action: 'commented', targetType: 'Note', weight: 20, minAccess: 10, anyone: true },
  { name: 'mergeRequestNote', action: 'commented', targetType: 'Note', weight: 4, minAccess: 10, anyone: true },
  { name: 'diffNote', action: 'commented', targetType: 'DiffNote', weight: 14, minAccess: 10, anyone: true },
  { name: 'discussionNote', action: 'commented', targetType: 'DiscussionNote', weight: 8, minAccess: 10, anyone: true },
  { name: 'commitNote', action: 'commented', targetType: 'Note', weight: 4, minAccess: 10, anyone: true },
  { name: 'wikiCreated', action: 'created', targetType: 'WikiPage::Meta', weight: 3, minAccess: 30 },
  { name: 'wikiUpdated', action: 'updated', targetType: 'WikiPage::Meta', weight: 4, minAccess: 30 },
  { name: 'designAdded', action: 'created', targetType: 'DesignManagement::Design', weight: 2, minAccess: 30 },
  { name: 'designUpdated', action: 'updated', targetType: 'DesignManagement::Design', weight: 1, minAccess: 30 },
  { name: 'designRemoved', action: 'destroyed', targetType: 'DesignManagement::Design', weight: 1, minAccess: 30 },
  { name: 'joined', action: 'joined', targetType: null, weight: 6, minAccess: 10, anyone: true },
  { name: 'left', action: 'left', targetType: null, weight: 2, minAccess: 0, anyone: true },
  { name: 'expired', action: 'expired', targetType: null, weight: 1, minAccess: 0, anyone: true },
  {
    name: 'projectCreated', action: 'created', targetType: null, weight: 1, minAccess: 40,
    projectFilter: (p) => p.importedFrom === null,
  },
  {
    name: 'projectImported', action: 'created', targetType: null, weight: 1, minAccess: 40,
    projectFilter: (p) => p.importedFrom !== null,
  },
];

export function kindNamed(name: string): EventKind {
  const kind = EVENT_KINDS.find((k) => k.name === name);
  if (!kind) throw new Error(`Unknown event kind ${name}`);
  return kind;
}

/** Builds event bodies, keeping per-project pools of issues, merge requests… so later events refer to earlier targets. */
export class EventFactory {
  private readonly pools = new Map<number, Pools>();
  private nextIssueId = 1000;
  private nextMergeRequestId = 3000;
  private nextMilestoneId = 100;
  private nextNoteId = 5000;
  private nextWikiId = 700;
  private nextDesignId = 800;

  constructor(private readonly random: SeededRandom, private readonly hostile: boolean) {}

  build(kind: EventKind, project: DoubleProject, authorId: number): EventBody {
    const base: EventBody = {
      projectId: project.id, authorId, action: kind.action, targetType: kind.targetType,
      targetId: null, targetIid: null, targetTitle: null, imported: false, importedFrom: 'none',
    };
    const pools = this.poolsOf(project.id);
    switch (kind.name) {
      case 'push': return { ...base, pushData: this.push('pushed', 'branch'), restriction: { kind: 'repository' } };
      case 'pushNewBranch': return { ...base, pushData: this.push('created', 'branch'), restriction: { kind: 'repository' } };
      case 'pushDeleteBranch': return { ...base, pushData: this.push('removed', 'branch'), restriction: { kind: 'repository' } };
      case 'pushNewTag': return { ...base, pushData: this.push('created', 'tag'), restriction: { kind: 'repository' } };
      case 'bulkPush': return { ...base, pushData: this.bulkPush(), restriction: { kind: 'repository' } };
      case 'issueOpened': return this.onTarget(base, this.newIssue(pools, authorId));
      case 'confidentialIssueOpened': return this.onTarget(base, this.newIssue(pools, authorId, true));
      case 'workItemOpened': return this.onTarget(base, this.newIssue(pools, authorId));
      case 'issueClosed':
      case 'issueReopened': return this.onTarget(base, this.existing(pools.issues, () => this.newIssue(pools, authorId)));
      case 'mergeRequestOpened': return this.onTarget(base, this.newTarget(pools.mergeRequests, 'mergeRequest', authorId));
      case 'mergeRequestMerged':
      case 'mergeRequestClosed':
      case 'mergeRequestApproved':
        return this.onTarget(base, this.existing(pools.mergeRequests, () => this.newTarget(pools.mergeRequests, 'mergeRequest', authorId)));
      case 'milestoneOpened': return this.onTarget(base, this.newTarget(pools.milestones, 'milestone', authorId));
      case 'milestoneClosed':
      case 'milestoneDestroyed':
        return this.onTarget(base, this.existing(pools.milestones, () => this.newTarget(pools.milestones, 'milestone', authorId)));
      case 'wikiCreated':
      case 'wikiUpdated': return this.wiki(base, pools, authorId);
      case 'designAdded':
      case 'designUpdated':
      case 'designRemoved':
        return this.onTarget(base, this.existing(pools.designs, () => this.newTarget(pools.designs, 'design', authorId), kind.name === 'designAdded'));
      case 'issueNote': return this.note(base, project, authorId, null, 'Issue');
      case 'mergeRequestNote': return this.note(base, project, authorId, null, 'MergeRequest');
      case 'diffNote': return this.note(base, project, authorId, 'DiffNote', 'MergeRequest');
      case 'discussionNote': return this.note(base, project, authorId, 'DiscussionNote', 'MergeRequest');
      case 'commitNote': return this.note(base, project, authorId, null, 'Commit');
      default: return base; // joined, left, expired, project created/imported: no target
    }
  }

  private poolsOf(projectId: number): Pools {
    let pools = this.pools.get(projectId);
    if (!pools) {
      pools = { issues: [], mergeRequests: [], milestones: [], wikiPages: [], designs: [] };
      this.pools.set(projectId, pools);
    }
    return pools;
  }

  private title(): string {
    if (this.hostile && this.random.chance(0.15)) return this.random.pick(HOSTILE_TITLES);
    return `${this.random.pick(TITLE_VERBS)} ${this.random.pick(TITLE_NOUNS)}`;
  }

  private sha(): string {
    return this.random.hex(40);
  }

  private onTarget(base: EventBody, target: Target): EventBody {
    const event: EventBody = { ...base, targetId: target.id, targetIid: target.iid, targetTitle: target.title };
    if (target.confidential) event.restriction = { kind: 'confidential', authorId: target.authorId };
    return event;
  }

  /** An existing target most of the time (or always, unless `preferNew`), else a new one. */
  private existing(pool: Target[], create: () => Target, preferNew = false): Target {
    if (pool.length === 0 || preferNew || this.random.chance(0.1)) return create();
    // Recent targets get most of the activity.
    const recent = pool.slice(-12);
    return this.random.pick(recent);
  }

  private newIssue(pools: Pools, authorId: number, confidential = false): Target {
    const issue = this.newTarget(pools.issues, 'issue', authorId);
    issue.confidential = confidential || this.random.chance(0.05);
    return issue;
  }

  private newTarget(pool: Target[], kind: 'issue' | 'mergeRequest' | 'milestone' | 'design', authorId: number): Target {
    let id: number;
    switch (kind) {
      case 'issue': id = this.nextIssueId++; break;
      case 'mergeRequest': id = this.nextMergeRequestId++; break;
      case 'milestone': id = this.nextMilestoneId++; break;
      case 'design': id = this.nextDesignId++; break;
    }
    const title = kind === 'milestone' ? `v${1 + Math.floor(pool.length / 4)}.${pool.length % 4}`
      : kind === 'design' ? this.random.pick(DESIGN_FILES) : this.title();
    const target: Target = { id, iid: pool.length + 1, title, authorId, confidential: false };
    pool.push(target);
    return target;
  }

  private wiki(base: EventBody, pools: Pools, authorId: number): EventBody {
    const creating = base.action === 'created' || pools.wikiPages.length === 0;
    const page = creating
      ? (() => {
        const title = pools.wikiPages.length < WIKI_TITLES.length
          ? WIKI_TITLES[pools.wikiPages.length] : `${this.random.pick(WIKI_TITLES)} ${pools.wikiPages.length}`;
        const created: Target = { id: this.nextWikiId++, iid: 0, title, authorId, confidential: false };
        pools.wikiPages.push(created);
        return created;
      })()
      : this.random.pick(pools.wikiPages);
    // Wiki pages have no iid: target_iid falls back to target_id (§3.6).
    return {
      ...base, targetId: page.id, targetIid: page.id, targetTitle: page.title,
      wikiPage: { format: 'markdown', slug: page.title.replace(/\s+/g, '-'), title: page.title },
    };
  }

  private note(
    base: EventBody, project: DoubleProject, authorId: number, type: DoubleNote['type'],
    noteableType: 'Issue' | 'MergeRequest' | 'Commit',
  ): EventBody {
    const pools = this.poolsOf(project.id);
    const id = this.nextNoteId++;
    const onCommit = noteableType === 'Commit';
    const noteable = onCommit ? undefined
      : noteableType === 'Issue' ? this.existing(pools.issues, () => this.newIssue(pools, authorId))
        : this.existing(pools.mergeRequests, () => this.newTarget(pools.mergeRequests, 'mergeRequest', authorId));
    const resolvable = type !== null;
    const internal = !onCommit && this.random.chance(0.04);
    const body = this.hostile && this.random.chance(0.15) ? this.random.pick(HOSTILE_TITLES) : this.random.pick(NOTE_BODIES);
    const note: DoubleNote = {
      id, type, body, noteableId: noteable?.id ?? null, noteableType, noteableIid: noteable?.iid ?? null,
      commitId: onCommit || type === 'DiffNote' ? this.sha() : null,
      system: false, resolvable, resolved: resolvable && this.random.chance(0.4), confidential: internal,
    };
    // A note's target_iid is the note id (§3.6); its target_title is null.
    const event: EventBody = { ...base, targetId: id, targetIid: id, targetTitle: null, note };
    if (onCommit) event.restriction = { kind: 'repository' };
    else if (internal) event.restriction = { kind: 'confidential', authorId };
    else if (noteable?.confidential) event.restriction = { kind: 'confidential', authorId: noteable.authorId };
    return event;
  }

  private push(action: DoublePushData['action'], refType: DoublePushData['ref_type']): DoublePushData {
    const ref = refType === 'tag'
      ? `v${this.random.int(1, 3)}.${this.random.int(0, 9)}.${this.random.int(0, 9)}`
      : this.random.pick(BRANCHES);
    const title = `${this.title()} in ${ref}`.slice(0, 70);
    return {
      commit_count: action === 'removed' ? 0 : action === 'created' && refType === 'tag' ? 0 : this.random.int(1, 5),
      action, ref_type: refType,
      commit_from: action === 'created' ? null : this.sha(),
      commit_to: action === 'removed' ? null : this.sha(),
      ref, commit_title: action === 'removed' ? null : title, ref_count: null,
    };
  }

  /** A push over the activity limit: counts only, everything else null (§3.6). */
  private bulkPush(): DoublePushData {
    return {
      commit_count: 0, action: 'pushed', ref_type: 'branch', commit_from: null, commit_to: null, ref: null,
      commit_title: null, ref_count: this.random.int(11, 40),
    };
  }
}
