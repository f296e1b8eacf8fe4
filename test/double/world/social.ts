import type { DoubleData, DoubleEvent, DoubleFollow, DoubleProject, DoubleStar } from './types';

/**
 * Stars, follows and each project's last activity, as the dashboard feeds read them (notes/gitlab-feeds.md §2, §3).
 *
 * The fixed cast: alex (1) stars website (a member), handbook (public, not a member), forum (internal), brand (private,
 * no access: it drops out of his list, as GitLab's `ProjectsFinder` drops what he cannot see) and billing; he follows
 * sam.taylor, jordan, morgan (a private profile: listed in his `/following`, whose events answer `200 []`) and riley
 * (and mallory in the hostile world). sam.taylor stars website and handbook and follows alex and jordan; jordan
 * follows alex; morgan stars mockups and handbook and follows alex and riley; riley stars forum.
 */
export function castStarsAndFollows(hostileNames: boolean): { stars: DoubleStar[]; follows: DoubleFollow[] } {
  const stars = ([[1, 4], [1, 1], [1, 6], [1, 7], [1, 2], [2, 1], [2, 4], [4, 3], [4, 4], [6, 6]] as const)
    .map(([userId, projectId]) => ({ userId, projectId }));
  const pairs: Array<[number, number]> = [[1, 2], [1, 3], [1, 4], [1, 6], [2, 1], [2, 3], [3, 1], [4, 1], [4, 6]];
  if (hostileNames) pairs.push([1, 7]);
  return { stars, follows: pairs.map(([followerId, followeeId]) => ({ followerId, followeeId })) };
}

/** `Users::UserFollowUser::MAX_FOLLOWEE_LIMIT` (feeds note §3.2). */
export const MAX_FOLLOWEES = 300;

/** `Event::RESET_PROJECT_ACTIVITY_INTERVAL`. */
export const PROJECT_ACTIVITY_INTERVAL_MS = 3_600_000;

/**
 * `Event#reset_project_activity`: an event moves its project's `last_activity_at` to the event's own `created_at`,
 * only when the stored value was at least an hour old at the moment the event was written (`wallClockMs`). So the
 * value lags the newest event by up to an hour, and an imported event (its source's old time) can move it back.
 */
export function touchProjectActivity(project: DoubleProject, event: DoubleEvent, wallClockMs: number): void {
  if (Date.parse(project.lastActivityAt) <= wallClockMs - PROJECT_ACTIVITY_INTERVAL_MS) project.lastActivityAt = event.createdAt;
}

/**
 * Every project's `last_activity_at` from its creation and its events, replayed in id order (the order they were
 * written); an event was written no earlier than any event before it, so the clock is the latest time seen so far.
 */
export function deriveProjectActivity(data: Pick<DoubleData, 'projects' | 'events'>): void {
  const byId = new Map(data.projects.map((project) => [project.id, project]));
  for (const project of data.projects) project.lastActivityAt = project.createdAt;
  let clock = -Infinity;
  for (const event of data.events) {
    clock = Math.max(clock, Date.parse(event.createdAt));
    const project = byId.get(event.projectId);
    if (project) touchProjectActivity(project, event, clock);
  }
}
