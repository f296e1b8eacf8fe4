import type { Project, UserSummary } from './types';

/** What the dashboard feeds read besides events (notes/gitlab-feeds.md §2, §3). */

/**
 * A project of a feed's list (`simple=true`): `last_activity_at` as GitLab keeps it, up to an hour behind its newest
 * event (feeds note §2.3); absent or null where a server does not send it.
 */
export interface FeedProject extends Project {
  last_activity_at?: string | null;
  star_count?: number;
}

/** A followed or following user (`UserBasic`): `state` is an open set (`active`, `blocked`…), kept as sent. */
export interface FeedUser extends UserSummary {
  state?: string;
  locked?: boolean;
}

/** Whose stars: the signed-in user's (`GET /projects?starred=true`), or another user's, by numeric id or username. */
export type StarOwner = { kind: 'me' } | { kind: 'user'; id: number | string };

/** `GET /version`: GitLab answers it; a plain server of the interface spec does not. */
export interface GitLabVersion {
  /** `18.2.1`, `17.10.0-pre`, `16.11.10-ee`… */
  version: string;
  revision?: string;
}
