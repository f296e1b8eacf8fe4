import type { GitLabEvent, Note, PushData } from '../../gitlab/types';
import { formatCount, formatMessage, type Localize } from '../localize';
import { actionNameOf, eventShape } from './eventShape';
import { commitSha, plainLine, positiveInteger, shortSha, truncate } from '../plainText';
import { plainWords, targetKindOf, type TargetKind } from './targetKind';

/** How an event reads. Every part is plain text (no markup); server text is cleaned to one line. */
export interface EventDescription {
  /** The author's display name. */
  author: string;
  /** What the author did, without the author: "opened issue #12", "pushed 3 commits to branch main". */
  action: string;
  /** The object of the action alone: "issue #12", "branch main", "merge request !7". */
  target?: string;
  /**
   * What a row names first when its icon says the verb (`eventIconId`): the target as GitLab writes a reference
   * ("#12", "!7") or in words ("branch main", "wiki page Home"). Undefined when the verb is one the icon cannot say
   * (a verb this version does not know) or the event has no target of its own (joined, left, created project).
   */
  subject?: string;
  /** The target's title (or the last commit's title of a push). */
  title?: string;
  /** `action · title`, the row label when the author is shown elsewhere. */
  label: string;
  /** `author label`: "Jane Doe opened issue #12 · Crash on save". */
  sentence: string;
}

/** The longest title a sentence (a row, its tooltip) shows; kept first pages keep no more. */
export const TITLE_MAX = 200;

// action_name (behaviour note §3.4) → the verb shown. "destroyed" reads as "deleted", as GitLab's own pages say.
// Functions of `t`, so each message is a literal in a `t('…')` call (what `npm run l10n` collects).
const VERBS = new Map<string, (t: Localize) => string>([
  ['opened', (t) => t('opened')],
  ['closed', (t) => t('closed')],
  ['reopened', (t) => t('reopened')],
  ['accepted', (t) => t('accepted')],
  ['merged', (t) => t('merged')],
  ['joined', (t) => t('joined')],
  ['left', (t) => t('left')],
  ['created', (t) => t('created')],
  ['imported', (t) => t('imported')],
  ['updated', (t) => t('updated')],
  ['destroyed', (t) => t('deleted')],
  ['deleted', (t) => t('deleted')],
  ['commented on', (t) => t('commented on')],
  ['approved', (t) => t('approved')],
  ['added', (t) => t('added')],
  ['removed', (t) => t('removed')],
  ['removed due to membership expiration from', (t) => t('removed due to membership expiration from')],
  ['expired', (t) => t('removed due to membership expiration from')],
]);

function verbOf(event: GitLabEvent, t: Localize): string {
  const known = VERBS.get(actionNameOf(event));
  if (known) return known(t);
  return plainWords(event.action_name) || t('acted on');
}

/** Whether the event's verb is one this version words (and `eventIconId` draws). */
export function isKnownVerb(event: GitLabEvent): boolean {
  return VERBS.has(actionNameOf(event));
}

export function authorName(event: GitLabEvent, t: Localize = formatMessage): string {
  return plainLine(event.author?.name) || plainLine(event.author?.username) || plainLine(event.author_username)
    || t('User {0}', String(event.author_id));
}

function titleOf(value: string | null | undefined): string | undefined {
  const text = truncate(plainLine(value), TITLE_MAX);
  return text === '' ? undefined : text;
}

/** `%v1.0`, or `%"Sprint 4"` when the title has characters a reference cannot hold (GitLab's own notation). */
function milestoneReference(title: string): string {
  return /^[\w.-]+$/.test(title) ? `%${title}` : `%"${title}"`;
}

type ReferencedKind = 'issue' | 'merge_request' | 'work_item' | 'epic' | 'snippet';
const SIGILS: Record<ReferencedKind, string> = { issue: '#', merge_request: '!', work_item: '#', epic: '&', snippet: '$' };

/** GitLab's own reference ("#12", "!7", "&3", "$5"), the same in every language; undefined without an id. */
function reference(kind: ReferencedKind, id: number | undefined): string | undefined {
  return id ? `${SIGILS[kind]}${id}` : undefined;
}

function refText(kind: ReferencedKind, id: number | undefined,
  t: Localize): string {
  switch (kind) {
    case 'issue': return id ? t('issue {0}', `#${id}`) : t('issue');
    case 'merge_request': return id ? t('merge request {0}', `!${id}`) : t('merge request');
    case 'work_item': return id ? t('work item {0}', `#${id}`) : t('work item');
    case 'epic': return id ? t('epic {0}', `&${id}`) : t('epic');
    case 'snippet': return id ? t('snippet {0}', `$${id}`) : t('snippet');
  }
}

/** What a comment was made on, from the note's `noteable_type`; undefined when the event does not say. */
export function noteableText(note: Note | undefined, t: Localize = formatMessage): string | undefined {
  return noteableParts(note, t)?.target;
}

function noteableParts(note: Note | undefined, t: Localize): { target: string; subject: string } | undefined {
  if (!note) return undefined;
  const kind = targetKindOf(note.noteable_type);
  if (kind === 'issue' || kind === 'merge_request' || kind === 'work_item' || kind === 'epic' || kind === 'snippet') {
    const id = positiveInteger(kind === 'snippet' ? note.noteable_id : note.noteable_iid);
    const target = refText(kind, id, t);
    return { target, subject: reference(kind, id) ?? target };
  }
  const target = noteableTarget(note, kind, t);
  return target === undefined ? undefined : { target, subject: target };
}

function noteableTarget(note: Note, kind: TargetKind | undefined, t: Localize): string | undefined {
  switch (kind) {
    case undefined: return undefined;
    case 'commit': {
      const sha = commitSha(note.commit_id);
      return sha ? t('commit {0}', shortSha(sha)) : t('commit');
    }
    case 'design': return t('design');
    case 'milestone': return t('milestone');
    case 'wiki_page': return t('wiki page');
    case 'vulnerability': return t('vulnerability');
    default: return plainWords(note.noteable_type);
  }
}

/** The target and title of an event that has a `target_type` other than a note. */
function targetParts(event: GitLabEvent, target: TargetKind, typeName: string, t: Localize):
  { target: string; subject?: string; title?: string } {
  const title = titleOf(event.target_title);
  const iid = positiveInteger(event.target_iid);
  switch (target) {
    case 'issue': case 'merge_request': case 'work_item': case 'epic':
      return { target: refText(target, iid, t), subject: reference(target, iid), title };
    case 'snippet': {
      const id = positiveInteger(event.target_id) ?? iid;
      return { target: refText(target, id, t), subject: reference(target, id), title };
    }
    case 'milestone':
      return { target: title ? t('milestone {0}', milestoneReference(title)) : t('milestone') };
    case 'wiki_page': {
      const name = titleOf(event.wiki_page?.title) ?? title ?? titleOf(event.wiki_page?.slug);
      return { target: name ? t('wiki page {0}', name) : t('wiki page') };
    }
    case 'design':
      return { target: title ? t('design {0}', title) : t('design') };
    case 'project': return { target: t('project'), title };
    case 'user': return { target: t('user'), title };
    case 'commit': return { target: t('commit'), title };
    case 'vulnerability': return { target: t('vulnerability'), title };
    default: return { target: plainWords(typeName) || t('item'), title };
  }
}

function commitsText(count: number, t: Localize): string {
  return count === 1 ? t('1 commit') : t('{0} commits', formatCount(count, t));
}

function refsText(count: number, t: Localize): string {
  return count === 1 ? t('1 ref') : t('{0} refs', formatCount(count, t));
}

/** "branch main", "tag v1.0", or the ref alone when its type is unknown. */
export function pushRefText(push: PushData | undefined, t: Localize = formatMessage): string | undefined {
  const ref = plainLine(push?.ref);
  if (ref === '') return undefined;
  const type = typeof push?.ref_type === 'string' ? push.ref_type.toLowerCase() : '';
  if (type === 'branch') return t('branch {0}', ref);
  if (type === 'tag') return t('tag {0}', ref);
  const words = plainWords(push?.ref_type);
  return words ? t('{0} {1}', words, ref) : ref;
}

function pushParts(push: PushData | undefined, pushKind: 'new' | 'removed' | 'pushed', t: Localize):
  { action: string; target?: string; title?: string } {
  const ref = pushRefText(push, t);
  const refCount = positiveInteger(push?.ref_count);
  const commitCount = positiveInteger(push?.commit_count);
  const title = titleOf(push?.commit_title);
  if (pushKind === 'new') {
    if (ref) return { action: t('pushed new {0}', ref), target: ref, title };
    if (refCount) return { action: refCount === 1 ? t('pushed 1 new ref') : t('pushed {0} new refs', formatCount(refCount, t)) };
    return { action: t('pushed a new ref') };
  }
  if (pushKind === 'removed') {
    if (ref) return { action: t('deleted {0}', ref), target: ref };
    if (refCount) return { action: t('deleted {0}', refsText(refCount, t)) };
    return { action: t('deleted a ref') };
  }
  if (ref && commitCount) return { action: t('pushed {0} to {1}', commitsText(commitCount, t), ref), target: ref, title };
  if (ref) return { action: t('pushed to {0}', ref), target: ref, title };
  // A bulk push (over the activity limit) names no ref: commit_count 0, ref_count n, the rest null.
  if (refCount) return { action: t('pushed to {0}', refsText(refCount, t)) };
  return { action: t('pushed') };
}

export function describeEvent(event: GitLabEvent, t: Localize = formatMessage): EventDescription {
  const shape = eventShape(event);
  let action: string;
  let target: string | undefined;
  let subject: string | undefined;
  let title: string | undefined;
  if (shape.kind === 'push') {
    ({ action, target, title } = pushParts(shape.push, shape.pushKind, t));
    subject = target;
  } else if (shape.kind === 'note') {
    const noteable = noteableParts(shape.note, t);
    target = noteable?.target;
    subject = noteable?.subject;
    title = titleOf(event.target_title);
    action = target ? t('commented on {0}', target) : t('commented');
  } else if (shape.kind === 'target') {
    const parts = targetParts(event, shape.target, shape.typeName, t);
    ({ target, title } = parts);
    // The icon says a known verb; an unknown one stays in words, first.
    if (isKnownVerb(event)) subject = parts.subject ?? target;
    action = t('{0} {1}', verbOf(event, t), target);
  } else {
    target = t('project');
    action = t('{0} {1}', verbOf(event, t), target);
  }
  const author = authorName(event, t);
  const label = title ? t('{0} · {1}', action, title) : action;
  const description: EventDescription = { author, action, target, title, label, sentence: t('{0} {1}', author, label) };
  return subject === undefined ? description : { ...description, subject };
}
