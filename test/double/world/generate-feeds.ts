import { kindNamed, type EventFactory } from './event-kinds';
import type { SeededRandom } from './random';
import { MAX_FOLLOWEES } from './social';
import type { AccessLevel, DoubleEvent, DoubleFollow, DoubleGroup, DoubleProject, DoubleStar, DoubleUser } from './types';

/** How large the dashboard feeds' world is (`DoubleOptions.feeds`). */
export interface FeedWorldOptions {
  /** Extra projects, ids from 101: odd places in `fleet` (alex a Developer), even ones in `neighbours` (not a member). */
  projects?: number;
  /** Extra users alex follows, ids from 101 (every 10th a private profile, every 25th blocked). */
  followees?: number;
  /** Extra events over those projects (default 20 a project). */
  events?: number;
}

type World = { users: DoubleUser[]; groups: DoubleGroup[]; projects: DoubleProject[] };

const FLEET = 10;
const NEIGHBOURS = 11;
const FIRST_ID = 101;
const SPAN_MS = 60 * 86_400_000;
/** What the extra events are: the everyday kinds, which a Developer may write anywhere. */
const KINDS = ['push', 'issueOpened', 'issueClosed', 'mergeRequestOpened', 'mergeRequestMerged', 'issueNote', 'diffNote', 'joined']
  .map(kindNamed);

/**
 * Adds the feeds' larger world to `world` (enough projects, stars and followees to page past a first page and to
 * pass the 100 sources a merged feed reads) and returns its stars, follows and events. Its events are timed within the
 * base events' span and are woven among them by `weaveEvents`, so ids stay in the order events were written.
 */
export function generateFeedWorld(world: World, options: FeedWorldOptions, anchorMs: number, factory: EventFactory, random: SeededRandom):
  { stars: DoubleStar[]; follows: DoubleFollow[]; events: Array<Omit<DoubleEvent, 'id'>> } {
  const projectCount = options.projects ?? 0;
  const followeeCount = options.followees ?? 0;
  if (followeeCount > MAX_FOLLOWEES - 5) throw new Error(`Alex may follow at most ${MAX_FOLLOWEES} users in all.`);
  const created = new Date(anchorMs - 400 * 86_400_000).toISOString();
  const users: DoubleUser[] = [];
  for (let n = 0; n < followeeCount; n++) {
    const id = FIRST_ID + n;
    users.push({
      id, username: `member${id}`, name: `Member ${id}`, state: (n + 1) % 25 === 0 ? 'blocked' : 'active',
      email: `member${id}@example.com`, secondaryEmails: [], notificationEmail: null, privateProfile: (n + 1) % 10 === 0,
      createdAt: created, bio: '',
    });
  }
  world.users.push(...users);
  const members = (extra: number[]): Record<number, AccessLevel> => Object.fromEntries([...extra, ...users.map((u) => u.id)].map((id) => [id, 30]));
  const group = (id: number, path: string, name: string, access: Record<number, AccessLevel>): DoubleGroup => ({
    id, name, path, fullPath: path, fullName: name, parentId: null, visibility: 'public', description: `${name} group`,
    createdAt: created, members: access,
  });
  const fleet = group(FLEET, 'fleet', 'Fleet', { ...members([2, 3]), 1: 30 });
  const neighbours = group(NEIGHBOURS, 'neighbours', 'Neighbours', members([2]));
  world.groups.push(fleet, neighbours);

  const projects: DoubleProject[] = [];
  for (let n = 0; n < projectCount; n++) {
    const id = FIRST_ID + n;
    const owner = n % 2 === 0 ? fleet : neighbours;
    const path = `service-${id}`;
    projects.push({
      id, name: `Service ${id}`, path, pathWithNamespace: `${owner.fullPath}/${path}`, nameWithNamespace: `${owner.fullName} / Service ${id}`,
      description: `Service ${id}: generated test project`, visibility: 'public',
      namespace: { kind: 'group', id: owner.id, name: owner.name, path: owner.path, fullPath: owner.fullPath, parentId: null, groupId: owner.id },
      members: {}, createdAt: created, lastActivityAt: created, defaultBranch: 'main', topics: [], starCount: 0, forksCount: 0,
      archived: false, importedFrom: null,
    });
  }
  world.projects.push(...projects);

  const stars = projects.filter((_, n) => n % 2 === 1 || n % 8 === 0).map((p) => ({ userId: 1, projectId: p.id }));
  const follows = users.map((u) => ({ followerId: 1, followeeId: u.id }));

  const total = options.events ?? projectCount * 20;
  const events: Array<Omit<DoubleEvent, 'id'>> = [];
  const times = Array.from({ length: projects.length === 0 ? 0 : total }, () => anchorMs - SPAN_MS + random.next() * SPAN_MS).sort((a, b) => a - b);
  for (const time of times) {
    const project = random.pick(projects);
    const authors = project.namespace.groupId === FLEET ? [1, 2, 3, ...users.map((u) => u.id)] : [2, ...users.map((u) => u.id)];
    const kind = KINDS[random.weighted(KINDS.map((k) => k.weight))];
    events.push({ createdAt: new Date(Math.floor(time)).toISOString(), ...factory.build(kind, project, random.pick(authors)) });
  }
  return { stars, follows, events };
}

/**
 * The base events and the feeds' events in the order they were written, numbered afresh: a base event was written at
 * the latest time seen so far (an imported one carries an older time of its own), an extra one at its time.
 */
export function weaveEvents(base: readonly DoubleEvent[], extra: ReadonlyArray<Omit<DoubleEvent, 'id'>>): DoubleEvent[] {
  const woven: DoubleEvent[] = [];
  let clock = -Infinity;
  let next = 0;
  for (const event of base) {
    clock = Math.max(clock, Date.parse(event.createdAt));
    while (next < extra.length && Date.parse(extra[next].createdAt) < clock) woven.push({ ...extra[next++], id: 0 });
    woven.push(event);
  }
  while (next < extra.length) woven.push({ ...extra[next++], id: 0 });
  woven.forEach((event, index) => { event.id = index + 1; });
  return woven;
}
