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
      const { url, user, id } = (item ?? {}) as { url?: unknown; user?: unknown; id?: unknown };
      return typeof url === 'string' ? [{ url, user: typeof user === 'string' ? user : undefined, id: userIdOf(id) }] : [];
    });
  }

  /** The entry of an instance (by its key), if it was signed in to through the flow. */
  entry(key: string): KnownInstance | undefined {
    return this.all().find((candidate) => normalizeInstanceUrl(candidate.url) === key);
  }

  /** Remembers who signed in to `instanceUrl` (undefined: nobody known yet), or with `false` forgets the instance. */
  async remember(instanceUrl: string, user: Pick<CurrentUser, 'username' | 'id'> | undefined | false): Promise<void> {
    const others = this.all().filter((entry) => !sameInstance(entry.url, instanceUrl));
    await this.state.update(STATE_KEYS.instances, user === false ? others
      : [...others, { url: trimInstanceUrl(instanceUrl), user: user?.username, id: userIdOf(user?.id) }]);
  }

  /** The user id last found for the environment's token on the instance `key`; checked again at each start. */
  environmentUserId(key: string): number | undefined {
    const { instance, id } = (this.state.get(STATE_KEYS.environmentUser) ?? {}) as { instance?: unknown; id?: unknown };
    return instance === key ? userIdOf(id) : undefined;
  }

  async rememberEnvironmentUser(key: string, id: number | undefined): Promise<void> {
    await this.state.update(STATE_KEYS.environmentUser, id === undefined ? undefined : { instance: key, id });
  }
}
