import type { NotificationEvents } from '../../gitlab/types';
import { decidingLink, type LevelInForce, type LevelLink } from '../settings/shared/levelChain';

/**
 * Whether GitLab would e-mail a person about one action on one thing, and why, as GitLab decides it (catch-up note
 * §2; `NotificationRecipient#notifiable?` and the recipient builders, read in GitLab's source: test/double/README.md,
 * "Catch up"). Three steps: candidates are built per action (participants, mentions, watchers, custom, explicit and
 * label subscribers, assignees and reviewers); each is filtered (access, e-mails disabled, own activity, explicit
 * subscription, the level in force, explicit unsubscription); what survives is one e-mail, its reason the strongest.
 * The reasons are data: the view words them.
 */

export type CatchUpKind = 'issue' | 'mergeRequest' | 'epic' | 'commit' | 'wikiPage';

/** The actions of the note's table §2.3 that happen to a thing. */
export type MailAction =
  | 'opened' | 'newMentions' | 'commented' | 'reviewed' | 'closed' | 'reopened' | 'merged' | 'reassigned'
  | 'reviewersChanged' | 'reviewReRequested' | 'pushed' | 'draftChanged' | 'autoMergeSet' | 'threadsResolved'
  | 'approved' | 'unapproved' | 'milestoneChanged' | 'relabeled' | 'moved' | 'due' | 'unmergeable' | 'wikiEdited';

/** How the person stands to the thing, as far as the client knows it (note §2.5 says what it cannot know). */
export interface Relation {
  /** A pending to-do on it: not a reason GitLab e-mails, a reason the thing matters. */
  pendingTodo?: boolean;
  /** An explicit subscription row: subscribed (mails even at Disabled) or unsubscribed (only mentions still mail). */
  explicit?: 'subscribed' | 'unsubscribed';
  /** Subscribed to one of the labels this action concerns (new things, added labels). */
  labelSubscribed?: boolean;
  author?: boolean;
  assignee?: boolean;
  reviewer?: boolean;
  /** Took part otherwise (commented, mentioned before): one of GitLab's participants. */
  participant?: boolean;
  /** Mentioned in this action's own text (the new thing's description, the comment, the review). */
  mentioned?: boolean;
  /** Assignee or reviewer until this action (reassignment, reviewer change). */
  previousAssignee?: boolean;
  previousReviewer?: boolean;
}

export interface MailInput {
  kind: CatchUpKind;
  action: MailAction;
  /** The person's GitLab user id, and who acted: the same id is own activity. */
  personId: number;
  actorId?: number;
  relation: Relation;
  /** The level in force where the thing lives (`resolveLevelInForce`). */
  level: LevelInForce;
  /** The custom-level switches of the setting that decides, when it is Custom (`null`: never set). */
  events?: NotificationEvents;
  /**
   * Watchers and custom users are chosen from notification-setting rows: a member has one, a non-member only after
   * setting a level there. False: no row, so the level in force alone does not make one a watcher (note §2.1).
   */
  hasSettingRow?: boolean;
  /** "Receive notifications about your own activity" (`notified_of_own_activity`): no API tells it, off by default. */
  ownActivityMail?: boolean;
  /** The project or group has e-mails disabled. */
  emailsDisabled?: boolean;
  /** False when the person cannot read the thing. */
  canRead?: boolean;
  /** `merged` by auto-merge: the merger is then e-mailed too. */
  autoMerge?: boolean;
}

/** Why an e-mail goes (or why a thing matters), one kind once, strongest first. */
export type MailWhy =
  | { kind: 'ownActivity' }
  | { kind: 'assigned' }
  | { kind: 'reviewRequested' }
  | { kind: 'mentioned' }
  | { kind: 'subscribed'; via: 'thing' | 'label' }
  | { kind: 'participating'; roles: Array<'author' | 'assignee' | 'reviewer' | 'participant'> }
  | { kind: 'previously'; role: 'assignee' | 'reviewer' }
  | { kind: 'watching'; where: LevelLink }
  | { kind: 'customEvent'; event: string; where: LevelLink };

export type MailStop = 'notMailed' | 'noAccess' | 'emailsDisabled' | 'ownActivity' | 'notConcerned' | 'level' | 'unsubscribed';

export interface MailDecision {
  mails: boolean;
  /** `X-GitLab-NotificationReason` as GitLab would send it; '' for none (or when the action's mail carries none). */
  header: string;
  /** What made it go, strongest first; empty when it does not. */
  reasons: MailWhy[];
  /** When it does not go: the step that stopped it. */
  stoppedBy?: MailStop;
}

type CandidateType = 'participating' | 'mention' | 'watch' | 'custom' | 'subscription';
type Header = 'own_activity' | 'assigned' | 'review_requested' | 'mentioned' | 'subscribed';
interface Candidate { type: CandidateType; header?: Header; why: MailWhy }

type Source =
  | 'participants' | 'watchers' | 'custom' | 'subscribers' | 'mentioned' | 'labelSubscribers'
  | 'assigneesAsParticipants' | 'assigneesNotified' | 'reviewersNotified' | 'reviewerOnly' | 'authorOnly';

interface Rule {
  /** The custom-level key per kind the action applies to (`null`: it applies, with no key); a kind absent: no mail. */
  keys: Partial<Record<CatchUpKind, string | null>>;
  from: readonly Source[];
  /** The mail carries no reason header (approvals, reviews, auto-merge, relabels, conflicts). */
  noHeader?: true;
  /** The actor is not left out (the daily due-date mail goes to the author too). */
  actorMailed?: true;
}

const PWCS: readonly Source[] = ['participants', 'watchers', 'custom', 'subscribers'];
const PWS: readonly Source[] = ['participants', 'watchers', 'subscribers'];

/** Note §2.3, one row an action. */
export const MAIL_RULES: Readonly<Record<MailAction, Rule>> = {
  opened: { keys: { issue: 'new_issue', mergeRequest: 'new_merge_request', epic: 'new_epic' }, from: [...PWCS, 'mentioned', 'assigneesAsParticipants', 'labelSubscribers'] },
  newMentions: { keys: { issue: 'new_issue', mergeRequest: 'new_merge_request' }, from: ['mentioned'] },
  commented: { keys: { issue: 'new_note', mergeRequest: 'new_note', epic: 'new_note', commit: 'new_note', wikiPage: 'new_note' }, from: [...PWCS, 'mentioned'] },
  reviewed: { keys: { mergeRequest: 'new_note' }, from: [...PWCS, 'mentioned'], noHeader: true },
  closed: { keys: { issue: 'close_issue', mergeRequest: 'close_merge_request', epic: 'close_epic' }, from: PWCS },
  reopened: { keys: { issue: 'reopen_issue', mergeRequest: 'reopen_merge_request', epic: 'reopen_epic' }, from: PWCS },
  merged: { keys: { mergeRequest: 'merge_merge_request' }, from: PWCS },
  reassigned: { keys: { issue: 'reassign_issue', mergeRequest: 'reassign_merge_request' }, from: [...PWCS, 'assigneesNotified'] },
  reviewersChanged: { keys: { mergeRequest: 'change_reviewer_merge_request' }, from: [...PWCS, 'reviewersNotified'] },
  reviewReRequested: { keys: { mergeRequest: null }, from: ['reviewerOnly'] },
  pushed: { keys: { mergeRequest: 'push_to_merge_request' }, from: PWCS },
  draftChanged: { keys: { mergeRequest: 'draft_status_change_merge_request' }, from: PWS },
  autoMergeSet: { keys: { mergeRequest: 'merge_when_pipeline_succeeds' }, from: PWCS, noHeader: true },
  threadsResolved: { keys: { mergeRequest: 'resolve_all_discussions_merge_request' }, from: PWS },
  approved: { keys: { mergeRequest: 'approve_merge_request' }, from: PWS, noHeader: true },
  unapproved: { keys: { mergeRequest: 'unapprove_merge_request' }, from: PWS, noHeader: true },
  milestoneChanged: { keys: { issue: 'changed_milestone_issue', mergeRequest: 'changed_milestone_merge_request' }, from: PWS },
  relabeled: { keys: { issue: null, mergeRequest: null }, from: ['labelSubscribers'], noHeader: true },
  moved: { keys: { issue: 'moved_issue' }, from: PWS },
  due: { keys: { issue: 'issue_due' }, from: ['participants', 'custom', 'subscribers'], actorMailed: true },
  unmergeable: { keys: { mergeRequest: 'unmergeable_merge_request' }, from: ['authorOnly'], noHeader: true },
  // Wiki pages are created and edited without a notification-service call: only comments on them mail.
  wikiEdited: { keys: {}, from: [] },
};

/** `NotificationSetting::EXCLUDED_WATCHER_EVENTS`: at Watch, no type of recipient gets these. */
export const EXCLUDED_WATCHER_EVENTS: ReadonlySet<string> = new Set(['push_to_merge_request', 'issue_due', 'success_pipeline', 'approver']);
/** Keys that reach watch and custom recipients at Participate too. */
const PARTICIPATING_CUSTOM_ACTIONS: ReadonlySet<string> = new Set(['failed_pipeline', 'fixed_pipeline', 'moved_project']);
/** GitLab's reason priority (`NotificationReason`): the first survivor's reason is the header. */
const HEADER_ORDER: readonly Header[] = ['own_activity', 'assigned', 'review_requested', 'mentioned', 'subscribed'];
/** The order the reasons are told in: GitLab's priority, then the reasonless kinds. */
const WHY_ORDER: ReadonlyArray<MailWhy['kind']> = ['ownActivity', 'assigned', 'reviewRequested', 'mentioned', 'subscribed', 'participating', 'previously', 'watching', 'customEvent'];

/** `NotificationSetting#event_enabled?`: unset pipeline switches count as on; fixed also when success is on. */
export function customEventOn(key: string | null, events: NotificationEvents | undefined): boolean {
  if (!key) return false;
  const value = events?.[key];
  if (key === 'failed_pipeline') return value !== false;
  if (key === 'fixed_pipeline') return value !== false || events?.success_pipeline === true;
  return value === true;
}

/** `NotificationRecipient#suitable_notification_level?` (GitLab 16+ shape); an unknown level e-mails no one. */
export function levelAllows(type: CandidateType, level: string, key: string | null, events: NotificationEvents | undefined): boolean {
  const participatingOrMention = type === 'participating' || type === 'mention';
  switch (level) {
    case 'mention': return type === 'mention';
    case 'participating': return (key !== null && PARTICIPATING_CUSTOM_ACTIONS.has(key)) || participatingOrMention;
    case 'custom': return customEventOn(key, events) || participatingOrMention;
    case 'watch': return key === null || !EXCLUDED_WATCHER_EVENTS.has(key);
    default: return false;
  }
}

function candidates(rule: Rule, key: string | null, input: MailInput): Candidate[] {
  const r = input.relation;
  const where = decidingLink(input.level);
  const rowed = input.hasSettingRow !== false;
  const list: Candidate[] = [];
  for (const source of rule.from) {
    switch (source) {
      case 'participants': {
        const roles = (['author', 'assignee', 'reviewer', 'participant'] as const).filter((role) => r[role]);
        if (roles.length > 0) list.push({ type: 'participating', why: { kind: 'participating', roles } });
        break;
      }
      case 'watchers':
        if (rowed && input.level.level === 'watch') list.push({ type: 'watch', why: { kind: 'watching', where } });
        break;
      case 'custom':
        if (rowed && key !== null && input.level.level === 'custom') list.push({ type: 'custom', why: { kind: 'customEvent', event: key, where } });
        break;
      case 'subscribers':
        if (r.explicit === 'subscribed') list.push({ type: 'subscription', header: 'subscribed', why: { kind: 'subscribed', via: 'thing' } });
        break;
      case 'labelSubscribers':
        if (r.labelSubscribed) list.push({ type: 'subscription', header: 'subscribed', why: { kind: 'subscribed', via: 'label' } });
        break;
      case 'mentioned':
        if (r.mentioned) list.push({ type: 'mention', header: 'mentioned', why: { kind: 'mentioned' } });
        break;
      case 'assigneesAsParticipants':
        if (r.assignee) list.push({ type: 'participating', header: 'assigned', why: { kind: 'assigned' } });
        break;
      case 'assigneesNotified':
        if (r.assignee) list.push({ type: 'mention', header: 'assigned', why: { kind: 'assigned' } });
        if (r.previousAssignee) list.push({ type: 'mention', why: { kind: 'previously', role: 'assignee' } });
        break;
      case 'reviewersNotified':
        if (r.reviewer) list.push({ type: 'mention', header: 'review_requested', why: { kind: 'reviewRequested' } });
        if (r.previousReviewer) list.push({ type: 'mention', why: { kind: 'previously', role: 'reviewer' } });
        break;
      case 'reviewerOnly':
        if (r.reviewer) list.push({ type: 'mention', header: 'review_requested', why: { kind: 'reviewRequested' } });
        break;
      case 'authorOnly':
        if (r.author) list.push({ type: 'participating', why: { kind: 'participating', roles: ['author'] } });
        break;
    }
  }
  return list;
}

const none = (stoppedBy: MailStop): MailDecision => ({ mails: false, header: '', reasons: [], stoppedBy });

/** One kind once, in `WHY_ORDER`. */
export function orderedWhy(reasons: readonly MailWhy[]): MailWhy[] {
  const byKind = new Map<MailWhy['kind'], MailWhy>();
  for (const why of reasons) if (!byKind.has(why.kind)) byKind.set(why.kind, why);
  return WHY_ORDER.flatMap((kind) => (byKind.has(kind) ? [byKind.get(kind)!] : []));
}

/** The three steps for one person and one action. */
export function decideMail(input: MailInput): MailDecision {
  const rule = MAIL_RULES[input.action];
  if (!Object.prototype.hasOwnProperty.call(rule.keys, input.kind)) return none('notMailed');
  const key = rule.keys[input.kind] ?? null;
  if (input.canRead === false) return none('noAccess');
  if (input.emailsDisabled) return none('emailsDisabled');
  const own = input.actorId === input.personId && !rule.actorMailed && !(input.action === 'merged' && input.autoMerge);
  if (own && !input.ownActivityMail) return none('ownActivity');
  const entries = candidates(rule, key, input);
  if (entries.length === 0) return none('notConcerned');
  const unsubscribed = input.relation.explicit === 'unsubscribed';
  let stoppedByUnsubscribe = false;
  const kept = entries.filter((entry) => {
    if (entry.type === 'subscription') return !unsubscribed;
    if (!levelAllows(entry.type, input.level.level, key, input.events)) return false;
    if (entry.type !== 'mention' && unsubscribed) {
      stoppedByUnsubscribe = true;
      return false;
    }
    return true;
  });
  if (kept.length === 0) return none(stoppedByUnsubscribe || entries.every((entry) => entry.type === 'subscription') ? 'unsubscribed' : 'level');
  const headers = own ? ['own_activity' as const] : kept.flatMap((entry) => (entry.header ? [entry.header] : []));
  const header = rule.noHeader ? '' : HEADER_ORDER.find((reason) => headers.includes(reason)) ?? '';
  const reasons = orderedWhy([...(own ? [{ kind: 'ownActivity' } as const] : []), ...kept.map((entry) => entry.why)]);
  return { mails: true, header, reasons };
}

/** Why a thing matters to the person for one action: GitLab's reasons, and the ones of the view (a to-do, a role). */
export type MattersWhy = MailWhy | { kind: 'todo' } | { kind: 'authored' };

export interface Verdict {
  /** Whether the action belongs in the person's catch-up. */
  shown: boolean;
  mail: MailDecision;
  /** Strongest first, each kind once: the row's "why it matters". */
  why: MattersWhy[];
}

const MATTERS_ORDER: ReadonlyArray<MattersWhy['kind']> = ['todo', 'ownActivity', 'assigned', 'reviewRequested', 'mentioned', 'subscribed', 'authored', 'participating', 'previously', 'watching', 'customEvent'];

/**
 * The catch-up's own rule (issue "Catch up by thing"): an action matters when GitLab would e-mail it, or the person has
 * a pending to-do, an explicit subscription, a role (author, assignee, reviewer) or a mention on the thing. An explicit
 * unsubscription takes the roles away, as it takes GitLab's participant mail (mentions and to-dos stay). Own activity
 * matters only when GitLab would e-mail it.
 */
export function whyItMatters(input: MailInput): Verdict {
  const mail = decideMail(input);
  if (mail.stoppedBy === 'ownActivity' || input.canRead === false) return { shown: false, mail, why: [] };
  const r = input.relation;
  const roles = r.explicit !== 'unsubscribed';
  const own: MattersWhy[] = [
    ...(r.pendingTodo ? [{ kind: 'todo' } as const] : []),
    ...(roles && r.assignee ? [{ kind: 'assigned' } as const] : []),
    ...(roles && r.reviewer && input.kind === 'mergeRequest' ? [{ kind: 'reviewRequested' } as const] : []),
    ...(r.mentioned ? [{ kind: 'mentioned' } as const] : []),
    ...(r.explicit === 'subscribed' ? [{ kind: 'subscribed', via: 'thing' } as const] : []),
    ...(roles && r.author ? [{ kind: 'authored' } as const] : []),
  ];
  const byKind = new Map<MattersWhy['kind'], MattersWhy>();
  // The roles are told above; what the mail's participation adds is having taken part otherwise (commented).
  const told = mail.reasons.flatMap((why): MattersWhy[] => (why.kind !== 'participating' ? [why]
    : why.roles.includes('participant') ? [{ kind: 'participating', roles: ['participant'] }] : []));
  for (const why of [...own, ...told]) if (!byKind.has(why.kind)) byKind.set(why.kind, why);
  const why = MATTERS_ORDER.flatMap((kind) => (byKind.has(kind) ? [byKind.get(kind)!] : []));
  return { shown: why.length > 0, mail, why };
}
