import { projectAccess } from './access';
import { EVENT_KINDS, kindNamed, type EventFactory, type EventKind } from './event-kinds';
import type { SeededRandom } from './random';
import type { DoubleData, DoubleEvent, DoubleProject } from './types';

/**
 * Generates `count` events over the last ~60 days, oldest first by id. Times ascend with the ids, except for a few
 * imported events that carry the older time of their source (see `backdateImported`), so that ordering by id, as
 * GitLab does (§3.8), differs from ordering by time.
 * The first events cover every kind once, so every action_name and target type of the note appears in any listing
 * of 40 or more events. Half-way through, user 1 pushes a burst to design-team/mockups, where they are now a guest:
 * those events stay in the counts but are dropped after paging, which gives short and empty pages (§3.8).
 */

const SPAN_MS = 60 * 86_400_000;
const PROJECT_WEIGHTS: Record<number, number> = { 1: 30, 2: 18, 3: 8, 4: 14, 5: 8, 6: 12, 7: 10, 8: 4 };
const FAVOURITE_USER = 1;
const BURST_PROJECT = 3;

type World = Pick<DoubleData, 'users' | 'groups' | 'projects'>;

export function burstLength(count: number): number {
  return count < 40 ? 0 : Math.min(40, Math.max(10, Math.floor(count * 0.05)));
}

export function generateEvents(
  world: World, count: number, anchorMs: number, factory: EventFactory, random: SeededRandom,
): DoubleEvent[] {
  const authorsCache = new Map<string, number[]>();
  const eligibleAuthors = (kind: EventKind, project: DoubleProject): number[] => {
    const key = `${kind.name}:${project.id}`;
    let authors = authorsCache.get(key);
    if (!authors) {
      const data = world as DoubleData;
      authors = world.users
        .filter((u) => u.state === 'active')
        .filter((u) => (kind.anyone && project.visibility !== 'private')
          || projectAccess(data, project, u.id) >= Math.max(kind.minAccess, 10))
        .map((u) => u.id);
      authorsCache.set(key, authors);
    }
    return authors;
  };

  const projectsFor = (kind: EventKind) => world.projects.filter((p) =>
    (!kind.projectFilter || kind.projectFilter(p)) && eligibleAuthors(kind, p).length > 0);
  const projectsByKind = new Map(EVENT_KINDS.map((k) => [k.name, projectsFor(k)]));
  const kindWeights = EVENT_KINDS.map((k) => (projectsByKind.get(k.name)!.length > 0 ? k.weight : 0));

  const burstStart = Math.floor(count / 2);
  const burstEnd = burstStart + burstLength(count);
  const burstProject = world.projects.find((p) => p.id === BURST_PROJECT);
  const coverage = random.shuffle(EVENT_KINDS.filter((k) => projectsByKind.get(k.name)!.length > 0));

  const slot = SPAN_MS / Math.max(count, 1);
  const start = anchorMs - SPAN_MS;
  const events: DoubleEvent[] = [];
  for (let i = 0; i < count; i++) {
    const createdAt = new Date(Math.floor(start + i * slot + random.next() * slot * 0.9)).toISOString();
    if (burstProject && i >= burstStart && i < burstEnd) {
      const body = factory.build(kindNamed('push'), burstProject, FAVOURITE_USER);
      events.push({ id: i + 1, createdAt, ...body });
      continue;
    }
    const kind = i < coverage.length ? coverage[i] : EVENT_KINDS[random.weighted(kindWeights)];
    const candidates = projectsByKind.get(kind.name)!;
    const project = candidates[random.weighted(candidates.map((p) => PROJECT_WEIGHTS[p.id] ?? 5))];
    const authors = eligibleAuthors(kind, project);
    const authorId = authors.includes(FAVOURITE_USER) && random.chance(0.4) ? FAVOURITE_USER : random.pick(authors);
    const body = factory.build(kind, project, authorId);
    // Now and then a target was deleted since: nobody can see the event any more.
    if (i >= coverage.length && body.targetId !== null && !body.restriction && random.chance(0.01)) {
      body.restriction = { kind: 'hidden' };
    }
    events.push({ id: i + 1, createdAt, ...body });
  }
  backdateImported(events, coverage.length, { start: burstStart, end: burstEnd }, start);
  return events;
}

const IMPORTED_EVERY = 17;
const DAY_MS = 86_400_000;
/** What importers create: issues, merge requests and their comments. */
const IMPORTABLE = new Set(['Issue', 'MergeRequest', 'Note', 'DiffNote', 'DiscussionNote']);

/**
 * An importer writes events with new ids but the source's times: every 17th event after the coverage run (on an issue,
 * a merge request or a comment) becomes one, 2 to 6 days and some hours older than its neighbours by id, never before
 * the generated span. Deterministic, and it draws nothing from `random`, so the rest of the world stays as it was.
 */
function backdateImported(events: DoubleEvent[], from: number, burst: { start: number; end: number }, spanStart: number): void {
  for (let i = from; i < events.length; i++) {
    const event = events[i];
    if (i % IMPORTED_EVERY !== IMPORTED_EVERY - 1 || (i >= burst.start && i < burst.end)) continue;
    if (event.targetType === null || !IMPORTABLE.has(event.targetType)) continue;
    const time = Date.parse(event.createdAt) - (2 + (i % 5)) * DAY_MS - (i % 11) * 3_600_000;
    if (time <= spanStart) continue;
    event.createdAt = new Date(time).toISOString();
    event.imported = true;
    event.importedFrom = 'github';
  }
}
