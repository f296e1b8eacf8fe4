import type { SubscribedThing, SubscriptionTarget } from '../../gitlab/subscriptionTypes';
import type { Todo } from '../../gitlab/todoTypes';
import type { GitLabEvent } from '../../gitlab/types';
import { eventShape } from '../activity/eventShape';
import { targetKindOf } from '../activity/targetKind';

/**
 * A thing GitLab can e-mail about and that can be subscribed to one by one: an issue (any project-level work item),
 * a merge request or an epic (a group-level work item). Rows of any view (Activity, To-Do List, Subscriptions) name
 * one this way, so "Why am I notified about this?" and Unsubscribe take the same small argument.
 */
export interface Thing {
  /** The instance's key (`normalizeInstanceUrl`). */
  instance: string;
  kind: 'issue' | 'mergeRequest' | 'epic';
  /** Issues and merge requests: the project's full path. */
  projectPath?: string;
  /** Epics: the group's full path, when known. */
  groupPath?: string;
  iid: string;
  /** GitLab's global ID when known (`gid://gitlab/WorkItem/…` for an epic). */
  id?: string;
  /** `#12`, `!7`, `&3`, or a full reference. */
  reference?: string;
  /** Server text: shown only through the plain-text helpers. */
  title?: string;
}

export type ThingKind = Thing['kind'];

const positive = (value: unknown): string | undefined =>
  (typeof value === 'number' && Number.isInteger(value) && value > 0 ? String(value) : undefined);

const SIGN: Record<ThingKind, string> = { issue: '#', mergeRequest: '!', epic: '&' };

/** An event's kind of thing by GitLab's class name; `WorkItem` at no project is a group's (an epic's). */
function kindOfType(typeName: string | null | undefined, inProject: boolean): ThingKind | undefined {
  switch (targetKindOf(typeName)) {
    case 'issue': return 'issue';
    case 'merge_request': return 'mergeRequest';
    case 'work_item': return inProject ? 'issue' : 'epic';
    default: return undefined;
  }
}

/**
 * What an Activity event names, before its project's path is known: the kind and iid (and a work item's global ID).
 * Legacy `Epic` targets are left out: their ids are not work items' and the event does not name the group.
 */
export function eventThingKey(event: GitLabEvent): Pick<Thing, 'kind' | 'iid' | 'id'> | undefined {
  const shape = eventShape(event);
  const inProject = typeof event.project_id === 'number';
  if (shape.kind === 'note') {
    const note = shape.note;
    const kind = kindOfType(note?.noteable_type, inProject);
    const iid = positive(note?.noteable_iid);
    if (!kind || !iid) return undefined;
    return kind === 'epic' ? epicKey(iid, note?.noteable_id) : { kind, iid };
  }
  if (shape.kind !== 'target') return undefined;
  const kind = kindOfType(event.target_type, inProject);
  const iid = positive(event.target_iid);
  if (!kind || !iid) return undefined;
  return kind === 'epic' ? epicKey(iid, event.target_id) : { kind, iid };
}

/** An epic is addressed by its work item's global ID: without one it cannot be asked about. */
function epicKey(iid: string, id: unknown): Pick<Thing, 'kind' | 'iid' | 'id'> | undefined {
  const number = positive(id);
  return number ? { kind: 'epic', iid, id: `gid://gitlab/WorkItem/${number}` } : undefined;
}

/** The thing an Activity event names, on `instance`; `projectPath` is the event's project's full path. */
export function thingFromEvent(event: GitLabEvent, instance: string, projectPath: string | undefined): Thing | undefined {
  const key = eventThingKey(event);
  if (!key) return undefined;
  if (key.kind !== 'epic' && !projectPath) return undefined;
  const title = eventShape(event).kind === 'note' ? undefined : event.target_title ?? undefined;
  return {
    instance, ...key, ...(key.kind === 'epic' ? {} : { projectPath }), reference: `${SIGN[key.kind]}${key.iid}`,
    ...(title ? { title } : {}),
  };
}

/** The thing a to-do is about, on `instance`: issues and work items of a project, merge requests, epics of a group. */
export function thingFromTodo(todo: Todo, instance: string): Thing | undefined {
  const iid = positive(todo.target?.iid);
  if (!iid) return undefined;
  const title = typeof todo.target?.title === 'string' ? todo.target.title : undefined;
  const base = { instance, iid, ...(title ? { title } : {}) };
  const projectPath = todo.project?.path_with_namespace;
  switch (todo.target_type) {
    case 'Issue':
      return projectPath ? { ...base, kind: 'issue', projectPath, reference: `#${iid}` } : undefined;
    case 'MergeRequest':
      return projectPath ? { ...base, kind: 'mergeRequest', projectPath, reference: `!${iid}` } : undefined;
    case 'WorkItem': {
      if (projectPath) return { ...base, kind: 'issue', projectPath, reference: `#${iid}` };
      const groupPath = todo.group?.full_path;
      const id = positive(todo.target?.id);
      return groupPath || id ? { ...base, kind: 'epic', ...(groupPath ? { groupPath } : {}), ...(id ? { id: `gid://gitlab/WorkItem/${id}` } : {}), reference: `&${iid}` } : undefined;
    }
    case 'Epic': {
      // A legacy epic's id is not its work item's: it is found by the group and iid.
      const groupPath = todo.group?.full_path;
      return groupPath ? { ...base, kind: 'epic', groupPath, reference: `&${iid}` } : undefined;
    }
    default:
      return undefined;
  }
}

/** How the mutations address it; an epic needs its work item's global ID (look it up first when not known). */
export function subscriptionTarget(thing: Thing): Exclude<SubscriptionTarget, { kind: 'label' }> | undefined {
  if (thing.kind === 'epic') return thing.id ? { kind: 'epic', id: thing.id } : undefined;
  return thing.projectPath ? { kind: thing.kind, projectPath: thing.projectPath, iid: thing.iid } : undefined;
}

/** `acme/website#12`: where it lives and its reference, for sentences (no title: that is server text). */
export function thingReference(thing: Thing): string {
  const local = `${SIGN[thing.kind]}${thing.iid}`;
  const container = thing.projectPath ?? thing.groupPath;
  return container ? `${container}${local}` : local;
}

/** A value any command might receive as a thing (from another view): checked before use. */
export function isThing(value: unknown): value is Thing {
  if (value === null || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  const optional = (key: string) => v[key] === undefined || typeof v[key] === 'string';
  return typeof v.instance === 'string' && (v.kind === 'issue' || v.kind === 'mergeRequest' || v.kind === 'epic')
    && typeof v.iid === 'string' && /^\d+$/.test(v.iid)
    && ['projectPath', 'groupPath', 'id', 'reference', 'title'].every(optional)
    && (v.kind === 'epic' ? v.id !== undefined || v.groupPath !== undefined : typeof v.projectPath === 'string');
}

/** A row of the Subscriptions list names its thing in full. */
export function thingFromSubscription(item: SubscribedThing, instance: string): Thing {
  const where = item.kind === 'epic' ? { groupPath: item.containerPath || undefined } : { projectPath: item.containerPath };
  return { instance, kind: item.kind, ...where, iid: item.iid, id: item.id, reference: item.reference, title: item.title };
}

/** A Catch Up row's thing (an issue or merge request of a known project), on `instance`; others name none. */
export function thingFromCatchUp(
  thing: { ref: { kind: string; iid?: number }; projectPath?: string; title?: string; subscription?: SubscribedThing }, instance: string,
): Thing | undefined {
  if (thing.subscription && thing.subscription.kind !== 'epic') return thingFromSubscription(thing.subscription, instance);
  const { kind, iid } = thing.ref;
  const number = positive(iid);
  if ((kind !== 'issue' && kind !== 'mergeRequest') || !number || !thing.projectPath) return undefined;
  return { instance, kind, projectPath: thing.projectPath, iid: number, reference: `${SIGN[kind]}${number}`, ...(thing.title ? { title: thing.title } : {}) };
}
