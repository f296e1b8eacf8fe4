import type { GitLabEvent, Note, PushData } from '../../gitlab/types';
import { targetKindOf, type TargetKind } from './targetKind';

/**
 * The one place that decides what kind of event a raw event is, so its sentence, icon, URL and tooltip agree.
 * Follows the behaviour note: a note event is recognised by `note` or "commented on", not by `target_type`
 * (`DiffNote`, `DiscussionNote`); pushes have a null target; project events (joined, left, created) too.
 */
export type EventShape =
  | { kind: 'push'; push: PushData | undefined; pushKind: 'new' | 'removed' | 'pushed' }
  | { kind: 'note'; note: Note | undefined }
  | { kind: 'target'; target: TargetKind; typeName: string }
  | { kind: 'project' };

const PUSH_ACTIONS = new Set(['pushed to', 'pushed new', 'deleted', 'pushed']);

/** GitLab's `action_name`s as it sends them (behaviour note §3.4): already in the form every lookup uses. */
const AS_SENT_ACTIONS = new Set([
  'pushed new', 'deleted', 'pushed to', 'added', 'updated', 'removed', 'closed', 'accepted', 'joined', 'left',
  'removed due to membership expiration from', 'destroyed', 'commented on', 'created', 'imported', 'approved', 'opened',
]);

/** `action_name` trimmed and lower-cased, the form every lookup uses (GitLab's own spellings as they come: no copy). */
export function actionNameOf(event: GitLabEvent): string {
  const name = event.action_name;
  if (typeof name !== 'string') return '';
  return AS_SENT_ACTIONS.has(name) ? name : name.trim().toLowerCase();
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function pushKindOf(action: string, push: PushData | undefined): 'new' | 'removed' | 'pushed' {
  // The payload's own action is what the server derived action_name from; prefer it when present.
  const payload = typeof push?.action === 'string' ? push.action.toLowerCase() : undefined;
  if (payload === 'created') return 'new';
  if (payload === 'removed') return 'removed';
  if (payload === 'pushed') return 'pushed';
  if (action === 'pushed new') return 'new';
  if (action === 'deleted') return 'removed';
  return 'pushed';
}

export function eventShape(event: GitLabEvent): EventShape {
  const action = actionNameOf(event);
  const target = targetKindOf(event.target_type);
  const push = isObject(event.push_data) ? event.push_data : undefined;
  if (push || (target === undefined && PUSH_ACTIONS.has(action))) {
    return { kind: 'push', push, pushKind: pushKindOf(action, push) };
  }
  const note = isObject(event.note) ? event.note : undefined;
  if (note || action === 'commented on' || target === 'note') return { kind: 'note', note };
  if (target !== undefined) return targetShape(target, String(event.target_type));
  if (isObject(event.wiki_page)) return targetShape('wiki_page', 'WikiPage::Meta');
  return PROJECT_SHAPE;
}

/**
 * The shapes that carry nothing of their event, one object each (ten thousand events ask at each change of Catch Up):
 * shared, so frozen. Type names beyond a few dozen (a server sending one per event) get their own object.
 */
const PROJECT_SHAPE: EventShape = Object.freeze({ kind: 'project' });
const TARGET_SHAPES = new Map<string, EventShape>();

function targetShape(target: TargetKind, typeName: string): EventShape {
  let shape = TARGET_SHAPES.get(typeName);
  if (shape?.kind === 'target' && shape.target === target) return shape;
  shape = Object.freeze({ kind: 'target', target, typeName });
  if (TARGET_SHAPES.size < 64) TARGET_SHAPES.set(typeName, shape);
  return shape;
}
