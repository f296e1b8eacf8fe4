import type { GitLabEvent } from '../../gitlab/types';
import { actionNameOf, eventShape } from './eventShape';
import { thingIconId, UNKNOWN_THING_ICON } from '../thingIcons';
import type { TargetKind } from './targetKind';

/** Codicon id for a row whose action and target the extension does not know. */
export const UNKNOWN_EVENT_ICON = UNKNOWN_THING_ICON;

const ISSUE_LIKE = new Set<TargetKind>(['issue', 'work_item', 'epic']);

/**
 * The verbs an icon says whatever the target. My Activity's rows name the target first and leave the verb to the
 * icon, so every verb `describeEvent` words has one (`isKnownVerb`); opened, created, closed and reopened depend on
 * the target below.
 */
const VERB_ICONS = new Map<string, string>([
  ['accepted', 'git-merge'],
  ['merged', 'git-merge'],
  ['approved', 'check'],
  ['updated', 'edit'],
  ['added', 'add'],
  ['imported', 'add'],
  ['removed', 'trash'],
  ['destroyed', 'trash'],
  ['deleted', 'trash'],
  ['reopened', 'issue-reopened'],
  ['joined', 'person-add'],
  ['left', 'sign-out'],
  ['expired', 'sign-out'],
  ['removed due to membership expiration from', 'sign-out'],
]);

/** A target event's icon: its verb's (the kind's own for opening an issue or a merge request), else its kind's. */
function targetIcon(target: TargetKind, action: string): string {
  const verb = VERB_ICONS.get(action);
  if (verb) return verb;
  if (action === 'closed') return target === 'merge_request' ? 'git-pull-request-closed' : 'issue-closed';
  if (action === 'opened' || action === 'created') {
    if (ISSUE_LIKE.has(target)) return 'issues';
    if (target === 'merge_request') return 'git-pull-request';
    return target === 'project' ? 'repo' : 'add';
  }
  // A verb this version does not know: the row says it in words, the icon says what it was done to.
  return thingIconId(target);
}

/** A codicon id (the shell makes the ThemeIcon) for the event's action and target. */
export function eventIconId(event: GitLabEvent): string {
  const shape = eventShape(event);
  const action = actionNameOf(event);
  if (shape.kind === 'push') {
    const isTag = typeof shape.push?.ref_type === 'string' && shape.push.ref_type.toLowerCase() === 'tag';
    if (shape.pushKind === 'removed') return 'trash';
    if (isTag) return 'tag';
    return shape.pushKind === 'new' ? 'git-branch' : 'repo-push';
  }
  if (shape.kind === 'note') return 'comment';
  if (shape.kind === 'project') {
    if (action === 'created' || action === 'imported') return 'repo';
    return VERB_ICONS.get(action) ?? UNKNOWN_EVENT_ICON;
  }
  return targetIcon(shape.target, action);
}
