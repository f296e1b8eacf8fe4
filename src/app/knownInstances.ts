import type { GitLabApi } from '../gitlab/api';
import type { CurrentUser } from '../gitlab/types';
import { trimInstanceUrl } from '../gitlab/url';
import { STATE_KEYS } from '../ids';
import { accountKey, shortDigest, tokenAccountKey, userIdOf, userIsUnknowable, type AccountKey } from './accountKey';
import { normalizeInstanceUrl, sameInstance } from './instance';

/** Global state as read here (`vscode.Memento`). */
export interface KnownInstanceStore {
  get(key: string): unknown;
  update(key: string, value: unknown): PromiseLike<void>;
}

/**
 * Who a token was found to be: its GitLab user, or `unknowable` where the server cannot say (no `/user`: the token is
 * the account, see `tokenAccountKey`).
 */
export type FoundUser = Pick<CurrentUser, 'username' | 'id'> | 'unknowable';

/** An instance signed in to through the sign-in flow, as remembered. */
export interface KnownInstance {
  url: string;
  user?: string;
  id?: number;
  /** The server could not say who the token is: the account is the token's (never stored, only its digest). */
  unknowable?: true;
  /** `tokenCheck` of the token the user was found with. */
  check?: string;
}

/** Who an account is, as far as known: what is kept for the person is keyed by `accountKey`. */
export interface Identity {
  username?: string;
  userId?: number;
  accountKey?: AccountKey;
}

/** Asks the instance who `api`'s token is (`GET /user`); rejects when it cannot answer now, not when it cannot say. */
export function askWho(api: Pick<GitLabApi, 'getCurrentUser'>): Promise<FoundUser> {
  return api.getCurrentUser().then((user): FoundUser => user, (error: unknown) => {
    if (userIsUnknowable(error)) return 'unknowable';
    throw error;
  });
}

/** The identity of whoever holds `token` on the instance `key`, from what was found or remembered of them. */
async function identityOf(key: string, token: string, found: Pick<KnownInstance, 'user' | 'id' | 'unknowable'> | undefined): Promise<Identity> {
  const userId = found?.id;
  const account = userId !== undefined ? accountKey(key, userId) : found?.unknowable ? await tokenAccountKey(key, token) : undefined;
  return { username: found?.user, userId, accountKey: account };
}

/**
 * A short digest of a token, never the token: a remembered user counts only beside the token it was found with. A
 * token replaced by another person's (here, in another window, or with the write of the new user lost, as global state
 * may lose its last writes when a window goes) then names nobody, and `/user` says who it is.
 */
export function tokenCheck(token: string): Promise<string> {
  return shortDigest(`gitlab-activity-account:${token}`, 8);
}

/**
 * What is remembered of the signed-in instances (their tokens are in SecretStorage only): those signed in through the
 * sign-in flow, oldest first, with the username and GitLab user id seen at sign-in (the Accounts menu names the one;
 * the other makes the account known at start, so its kept state shows before any request), and the user id last found
 * for the environment's token, which has no entry of its own. Where the server cannot say who a token is, that is
 * remembered instead, and the token (its digest) is the account.
 */
export class KnownInstances {
  constructor(private readonly state: KnownInstanceStore) {}

  all(): KnownInstance[] {
    const value = this.state.get(STATE_KEYS.instances);
    if (!Array.isArray(value)) return [];
    return value.flatMap((item: unknown) => {
      const { url, user, id, unknowable, check } = (item ?? {}) as Record<string, unknown>;
      if (typeof url !== 'string') return [];
      const entry: KnownInstance = { url, user: typeof user === 'string' ? user : undefined, id: userIdOf(id), check: typeof check === 'string' ? check : undefined };
      return [unknowable === true && entry.id === undefined ? { ...entry, unknowable: true } : entry];
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
  async remember(instanceUrl: string, user: FoundUser | undefined | false, token?: string): Promise<void> {
    const check = user && token !== undefined ? await tokenCheck(token) : undefined;
    const others = this.all().filter((entry) => !sameInstance(entry.url, instanceUrl));
    const who = user === 'unknowable' ? { unknowable: true } : { user: user ? user.username : undefined, id: userIdOf(user ? user.id : undefined) };
    await this.state.update(STATE_KEYS.instances, user === false ? others : [...others, { url: trimInstanceUrl(instanceUrl), ...who, check }]);
  }

  /**
   * Who is remembered as signed in to the instance `key` with `token` (its entry, or the environment token's record),
   * only where it was found with that very token; else undefined, and `/user` is asked.
   */
  async identity(key: string, token: string): Promise<Identity> {
    const check = await tokenCheck(token);
    const entry = this.entry(key);
    if (entry) return entry.check === check ? identityOf(key, token, entry) : {};
    const record = (this.state.get(STATE_KEYS.environmentUser) ?? {}) as { instance?: unknown; id?: unknown; unknowable?: unknown; check?: unknown };
    if (record.instance !== key || record.check !== check) return {};
    const id = userIdOf(record.id);
    return identityOf(key, token, id === undefined && record.unknowable === true ? { unknowable: true } : { id });
  }

  /**
   * Who `account` (the instance `key` with `token`) was found to be: its identity, remembered beside its instance (its
   * entry, or the environment token's record) when it is not the one known before (`account.accountKey`).
   */
  async learned(account: { instanceUrl: string; key: string; token: string; accountKey?: AccountKey }, user: FoundUser): Promise<Identity> {
    const identity = await identityOf(account.key, account.token, user === 'unknowable' ? { unknowable: true } : { user: user.username, id: userIdOf(user.id) });
    if (identity.accountKey === undefined || identity.accountKey === account.accountKey) return identity;
    if (this.entry(account.key)) await this.remember(account.instanceUrl, user, account.token);
    else await this.rememberEnvironmentUser(account.key, { id: identity.userId ?? 'unknowable', token: account.token });
    return identity;
  }

  /**
   * Remembers who the environment's token on the instance `key` is (it has no entry): a user id, or that the server
   * cannot say. Undefined forgets it.
   */
  async rememberEnvironmentUser(key: string, user: { id: number | 'unknowable'; token: string } | undefined): Promise<void> {
    const who = user?.id === 'unknowable' ? { unknowable: true } : { id: user?.id };
    await this.state.update(STATE_KEYS.environmentUser, user && { instance: key, ...who, check: await tokenCheck(user.token) });
  }

  environmentInstance(): string | undefined {
    const { instance } = (this.state.get(STATE_KEYS.environmentUser) ?? {}) as { instance?: unknown };
    return typeof instance === 'string' ? instance : undefined;
  }
}
