import type { CurrentUser } from '../gitlab/types';
import { trimInstanceUrl } from '../gitlab/url';
import { STATE_KEYS } from '../ids';
import { userIdOf } from './accountKey';
import { normalizeInstanceUrl, sameInstance } from './instance';

/** Global state as read here (`vscode.Memento`). */
export interface KnownInstanceStore {
  get(key: string): unknown;
  update(key: string, value: unknown): PromiseLike<void>;
}

/** An instance signed in to through the sign-in flow, as remembered. */
export interface KnownInstance {
  url: string;
  user?: string;
  id?: number;
  /** `tokenCheck` of the token the user was found with. */
  check?: string;
}

/**
 * A short digest of a token, never the token: a remembered user counts only beside the token it was found with. A
 * token replaced by another person's (here, in another window, or with the write of the new user lost, as global state
 * may lose its last writes when a window goes) then names nobody, and `/user` says who it is.
 */
export async function tokenCheck(token: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`gitlab-activity-account:${token}`));
  return [...new Uint8Array(digest).slice(0, 8)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * What is remembered of the signed-in instances (their tokens are in SecretStorage only): those signed in through the
 * sign-in flow, oldest first, with the username and GitLab user id seen at sign-in (the Accounts menu names the one;
 * the other makes the account known at start, so its kept state shows before any request), and the user id last found
 * for the environment's token, which has no entry of its own.
 */
export class KnownInstances {
  constructor(private readonly state: KnownInstanceStore) {}

  all(): KnownInstance[] {
    const value = this.state.get(STATE_KEYS.instances);
    if (!Array.isArray(value)) return [];
    return value.flatMap((item: unknown) => {
      const { url, user, id, check } = (item ?? {}) as { url?: unknown; user?: unknown; id?: unknown; check?: unknown };
      return typeof url === 'string'
        ? [{ url, user: typeof user === 'string' ? user : undefined, id: userIdOf(id), check: typeof check === 'string' ? check : undefined }] : [];
    });
  }

  /** The entry of an instance (by its key), if it was signed in to through the flow. */
  entry(key: string): KnownInstance | undefined {
    return this.all().find((candidate) => normalizeInstanceUrl(candidate.url) === key);
  }

  /**
   * Remembers who signed in to `instanceUrl` with `token` (undefined: nobody known yet), or with `false` forgets the
   * instance.
   */
  async remember(instanceUrl: string, user: Pick<CurrentUser, 'username' | 'id'> | undefined | false, token?: string): Promise<void> {
    const check = user && token !== undefined ? await tokenCheck(token) : undefined;
    const others = this.all().filter((entry) => !sameInstance(entry.url, instanceUrl));
    await this.state.update(STATE_KEYS.instances, user === false ? others
      : [...others, { url: trimInstanceUrl(instanceUrl), user: user?.username, id: userIdOf(user?.id), check }]);
  }

  /**
   * Who is remembered as signed in to the instance `key` with `token` (its entry, or the environment token's record),
   * only where it was found with that very token; else undefined, and `/user` is asked.
   */
  async identity(key: string, token: string): Promise<{ user?: string; id?: number } | undefined> {
    const check = await tokenCheck(token);
    const entry = this.entry(key);
    if (entry) return entry.check === check ? { user: entry.user, id: entry.id } : undefined;
    const record = (this.state.get(STATE_KEYS.environmentUser) ?? {}) as { instance?: unknown; id?: unknown; check?: unknown };
    return record.instance === key && record.check === check ? { id: userIdOf(record.id) } : undefined;
  }

  /** Remembers the user of the environment's token on the instance `key` (it has no entry); undefined forgets it. */
  async rememberEnvironmentUser(key: string, user: { id: number; token: string } | undefined): Promise<void> {
    await this.state.update(STATE_KEYS.environmentUser, user && { instance: key, id: user.id, check: await tokenCheck(user.token) });
  }

  environmentInstance(): string | undefined {
    const { instance } = (this.state.get(STATE_KEYS.environmentUser) ?? {}) as { instance?: unknown };
    return typeof instance === 'string' ? instance : undefined;
  }
}
