import type { DoubleUser } from '../world/types';

/** User entities (behaviour note §1.10): UserBasic for authors, UserPublic-like for GET /user. */

export function avatarUrl(baseUrl: string, user: DoubleUser): string {
  return `${baseUrl}/uploads/-/system/user/avatar/${user.id}/avatar.png`;
}

export function presentUserBasic(baseUrl: string, user: DoubleUser): Record<string, unknown> {
  return {
    id: user.id, username: user.username, name: user.name, state: user.state, locked: false,
    avatar_url: avatarUrl(baseUrl, user), web_url: `${baseUrl}/${user.username}`,
  };
}

/** Entities::User: what anyone may read about a user (less for a private profile). */
export function presentUser(baseUrl: string, user: DoubleUser): Record<string, unknown> {
  const basic = presentUserBasic(baseUrl, user);
  if (user.privateProfile) return basic;
  return {
    ...basic, created_at: user.createdAt, bio: user.bio, location: '', public_email: null, skype: '', linkedin: '',
    twitter: '', discord: '', website_url: '', organization: '', job_title: '', pronouns: null, bot: false,
    work_information: null, followers: 0, following: 0, is_followed: false, local_time: null,
  };
}

/** Entities::UserPublic: GET /user for the token's own user. */
export function presentCurrentUser(baseUrl: string, user: DoubleUser, lastActivityOn: string): Record<string, unknown> {
  return {
    ...presentUserBasic(baseUrl, user), created_at: user.createdAt, bio: user.bio, location: '', public_email: null,
    skype: '', linkedin: '', twitter: '', discord: '', website_url: '', organization: '', job_title: '', pronouns: null,
    bot: false, work_information: null, followers: 0, following: 0, is_followed: false, local_time: null,
    last_sign_in_at: user.createdAt, confirmed_at: user.createdAt, last_activity_on: lastActivityOn, email: user.email,
    theme_id: 1, color_scheme_id: 1, projects_limit: 100000, current_sign_in_at: user.createdAt, identities: [],
    can_create_group: true, can_create_project: true, two_factor_enabled: false, external: false,
    private_profile: user.privateProfile, commit_email: user.email, preferred_language: 'en',
  };
}
