import { projectAccess } from './access';
import { EVENT_KINDS, kindNamed, type EventFactory, type EventKind } from './event-kinds';
import { touchProjectActivity } from './social';
import { touchThingsOf } from './touch';
import type { DoubleData, DoubleEvent } from './types';

/**
 * Completes a partial event into a newest event (for "new activity" tests): missing fields come from the kind that
 * matches the given action and target type (an issue opened by default), and the id follows the current newest one.
 * Its project's `last_activity_at` moves as GitLab moves it (at most once an hour), and the world's issue or merge
 * request it is about is touched (`touchThingsOf`).
 */
export function completeEvent(
  data: DoubleData, factory: EventFactory, partial: Partial<DoubleEvent>, now: Date, defaultUserId: number,
): DoubleEvent {
  const authorId = partial.authorId ?? defaultUserId;
  const project = partial.projectId !== undefined
    ? data.projects.find((p) => p.id === partial.projectId)
    : data.projects.find((p) => projectAccess(data, p, authorId) >= 30) ?? data.projects[0];
  if (!project) throw new Error(`There is no project ${String(partial.projectId)}.`);
  const body = factory.build(kindFor(partial), project, authorId);
  const newestId = data.events.reduce((max, e) => Math.max(max, e.id), 0);
  const event: DoubleEvent = { id: newestId + 1, createdAt: now.toISOString(), ...body, ...partial };
  event.createdAt = new Date(event.createdAt).toISOString();
  insertById(data.events, event);
  const owner = data.projects.find((p) => p.id === event.projectId);
  if (owner) touchProjectActivity(owner, event, now.getTime());
  touchThingsOf(data, event);
  return event;
}

function kindFor(partial: Partial<DoubleEvent>): EventKind {
  const { action, targetType } = partial;
  if (action === undefined && targetType === undefined) return kindNamed('issueOpened');
  const matches = (k: EventKind) => (action === undefined || k.action === action)
    && (targetType === undefined || k.targetType === targetType);
  return EVENT_KINDS.find(matches)
    ?? EVENT_KINDS.find((k) => action !== undefined && k.action === action)
    ?? kindNamed('issueOpened');
}

/** Keeps `events` in ascending id order. */
function insertById(events: DoubleEvent[], event: DoubleEvent): void {
  if (events.length === 0 || events[events.length - 1].id < event.id) {
    events.push(event);
    return;
  }
  const index = events.findIndex((e) => e.id >= event.id);
  if (events[index].id === event.id) throw new Error(`An event with id ${event.id} exists already.`);
  events.splice(index, 0, event);
}
