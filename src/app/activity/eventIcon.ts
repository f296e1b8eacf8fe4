import type { GitLabEvent } from '../../gitlab/types';
import { actionNameOf, eventShape } from './eventShape';
import type { TargetKind } from './targetKind';

/** Codicon id for a row whose action and target the extension does not know. */
export const UNKNOWN_EVENT_ICON = 'circle-outline';

function issueIcon(action: string): string {
  if (action === 'closed') return 'issue-closed';
  if (action === 'reopened') return 'issue-reopened';
  return 'issues';
}

function mergeRequestIcon(action: string): string {
  if (action === 'accepted' || action === 'merged') return 'git-merge';
  if (action === 'closed') return 'git-pull-request-closed';
  return 'git-pull-request';
}

const TARGET_ICONS: Partial<Record<TargetKind, string>> = {
  milestone: 'milestone',
  wiki_page: 'book',
  design: 'symbol-color',
  snippet: 'file-code',
  commit: 'git-commit',
  vulnerability: 'shield',
  user: 'person',
  project: 'repo',
};

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
  if (action === 'joined') return 'person-add';
  if (action === 'left' || action === 'expired' || action.startsWith('removed due to membership')) return 'sign-out';
  if (action === 'approved') return 'check';
  if (action === 'destroyed' || action === 'deleted' || action === 'removed') return 'trash';
  if (shape.kind === 'project') {
    return action === 'created' || action === 'imported' ? 'repo' : UNKNOWN_EVENT_ICON;
  }
  switch (shape.target) {
    case 'issue': case 'work_item': case 'epic': return issueIcon(action);
    case 'merge_request': return mergeRequestIcon(action);
    default: return TARGET_ICONS[shape.target] ?? UNKNOWN_EVENT_ICON;
  }
}
