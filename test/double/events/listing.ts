import { MAX_COUNT_LIMIT, type PageParams } from '../http/pagination';
import { canReadProject, canSeeEvent, projectAccess } from '../world/access';
import type { DoubleData, DoubleEvent, DoubleProject } from '../world/types';
import type { EventFilter } from './filter';

/**
 * Whose events: an author (GET /events, GET /users/:id/events), a project, or the caller's authorized projects
 * (`scope=all`, `EventCollection#all_project_events`) in one of its eras (feeds note §1.4).
 */
export type EventSource =
  | { kind: 'author'; userId: number }
  | { kind: 'project'; projectId: number }
  | { kind: 'memberProjects'; userId: number; era: 'window' | 'perProject' | 'complete' };

/** `EventCollection`'s `limit: 20` plus `offset: 0`, the defaults `EventsFinder` leaves them at. */
export const SCOPE_ALL_WINDOW = 20;

/**
 * The ids `all_project_events` lets through, before any filter, order, page or visibility check: the 20 newest over
 * the projects (`window`: the keyset query under `LIMIT 20`), the 20 newest of each (`perProject`: `JOIN LATERAL
 * (… LIMIT 20)`), or undefined for all of them (`complete`).
 */
function windowOf(events: readonly DoubleEvent[], projects: ReadonlySet<number>, era: 'window' | 'perProject' | 'complete'): Set<number> | undefined {
  if (era === 'complete') return undefined;
  const ids = new Set<number>();
  const perProject = new Map<number, number>();
  for (let n = events.length - 1; n >= 0; n--) {
    const event = events[n];
    if (!projects.has(event.projectId)) continue;
    if (era === 'window') {
      ids.add(event.id);
      if (ids.size === SCOPE_ALL_WINDOW) break;
    } else {
      const taken = perProject.get(event.projectId) ?? 0;
      if (taken < SCOPE_ALL_WINDOW) ids.add(event.id);
      perProject.set(event.projectId, taken + 1);
    }
  }
  return ids;
}

export interface EventPage {
  /** The page after the per-event visibility check: may be short, even empty. */
  events: DoubleEvent[];
  /** Matching events before that check, capped at 10 001 (`LIMIT MAX_COUNT_LIMIT + 1`). */
  total: number;
}

/**
 * EventsFinder (§3.8): filter in SQL terms (readable projects, action, target type, dates), order by id, take the page,
 * then drop what the caller may not see. One pass over the id-ordered events, stopping once the page and the capped
 * count are known. A server without pagination headers checks visibility before paging instead: its clients can tell
 * the end only by a short page, so only its last page may be short.
 */
export function findEventPage(
  data: DoubleData, callerId: number | null, source: EventSource, filter: EventFilter, page: PageParams,
  visibleBeforePaging = false,
): EventPage {
  const readable = new Map<number, { project: DoubleProject; access: number }>();
  for (const project of data.projects) {
    if (canReadProject(data, project, callerId)) readable.set(project.id, { project, access: projectAccess(data, project, callerId) });
  }
  let window: Set<number> | undefined;
  if (source.kind === 'memberProjects') {
    for (const [id, entry] of readable) if (projectAccess(data, entry.project, source.userId) === 0) readable.delete(id);
    window = windowOf(data.events, new Set(readable.keys()), source.era);
  }

  const matches = (e: DoubleEvent): boolean => {
    if (source.kind === 'author' && e.authorId !== source.userId) return false;
    if (source.kind === 'project' && e.projectId !== source.projectId) return false;
    if (!readable.has(e.projectId)) return false;
    if (window && !window.has(e.id)) return false;
    if (filter.action !== undefined && e.action !== filter.action) return false;
    if (filter.targetClass !== undefined && e.targetType !== filter.targetClass) return false;
    if (filter.createdBefore !== undefined && !(e.createdAt < filter.createdBefore)) return false;
    if (filter.createdFrom !== undefined && !(e.createdAt >= filter.createdFrom)) return false;
    return !visibleBeforePaging || visible(e);
  };
  const visible = (e: DoubleEvent): boolean => {
    const entry = readable.get(e.projectId)!;
    return canSeeEvent(e, entry.project, callerId, entry.access);
  };

  const events = data.events;
  const end = page.offset + page.perPage;
  const stopAt = Math.max(end, MAX_COUNT_LIMIT + 1);
  const pageEvents: DoubleEvent[] = [];
  let count = 0;
  const ascending = filter.sort === 'asc';
  for (let n = 0; n < events.length && count < stopAt; n++) {
    const event = events[ascending ? n : events.length - 1 - n];
    if (!matches(event)) continue;
    if (count >= page.offset && count < end) pageEvents.push(event);
    count++;
  }
  return { events: pageEvents.filter(visible), total: Math.min(count, MAX_COUNT_LIMIT + 1) };
}
