import type { GitLabApi } from '../gitlab/api';
import type { TodoApi } from '../gitlab/todoApi';
import type { Disposable } from './emitter';
import { accountKey, type AccountKey } from './accountKey';
import { normalizeInstanceUrl } from './instance';
import type { SubscriptionCountCache } from './subscriptions/subscriptionCounts';

/**
 * The active account, as one object: the instance the workspace's git remotes name among those signed in, else the
 * settings' one. The status bar, notification settings, snoozes, profiles and the new-activity check follow it. It is
 * read when needed, never copied: after `onDidChange` it may be another instance, or the same one with a new client.
 */
export interface ActiveAccount {
  /** The active instance as the settings or the sign-in spell it; the settings' instance while none is signed in. */
  readonly instanceUrl: string;
  /** Its identity (`normalizeInstanceUrl`): tokens, state and tree rows are keyed by it. */
  readonly key: string;
  readonly signedIn: boolean;
  /** Its client while signed in, else undefined. The token stays inside it. */
  readonly api: GitLabApi | undefined;
  /** Its To-Do List client, over the same transport and token. */
  readonly todos: TodoApi | undefined;
  /** Who signed in there, when known. */
  readonly username: string | undefined;
  /** Its counts of explicit subscriptions per scope (kept a short while), while signed in. */
  readonly subscriptionCounts?: SubscriptionCountCache;
  /**
   * Who the person is (`AccountKey`) while signed in and once known, else undefined. What is kept for the person is
   * read and written under it only; until it is known, nothing of theirs is.
   */
  readonly accountKey: AccountKey | undefined;
  /** The session changed: a sign-in or out, another active instance, or new clients. */
  readonly onDidChange: (listener: () => void) => Disposable;
}

/** An account that never changes (signed in when it has a client): for a read of one instance, a bench or a test. */
export function fixedAccount(instanceUrl: string, api?: GitLabApi, todos?: TodoApi, userId?: number): ActiveAccount {
  return {
    instanceUrl, key: normalizeInstanceUrl(instanceUrl), signedIn: api !== undefined, api, todos, username: undefined,
    accountKey: api !== undefined && userId !== undefined ? accountKey(instanceUrl, userId) : undefined,
    onDidChange: () => ({ dispose: () => undefined }),
  };
}

/** What `activeAccountOf` reads each time: the session's active instance and its account, as they are now. */
export interface ActiveSource {
  readonly instanceUrl: string;
  readonly current: { api: GitLabApi; todos: TodoApi; subscriptionCounts?: SubscriptionCountCache; username?: string; accountKey?: AccountKey } | undefined;
  onDidChange(listener: () => void): Disposable;
  /** The account's user became known: what follows the account reads its key, so it hears of this too. */
  onDidIdentify(listener: () => void): Disposable;
}

/** The active account of a session that changes, as one object: read through `source`, never copied. */
export function activeAccountOf(source: ActiveSource): ActiveAccount {
  return {
    get instanceUrl() { return source.instanceUrl; },
    get key() { return normalizeInstanceUrl(source.instanceUrl); },
    get signedIn() { return source.current !== undefined; },
    get api() { return source.current?.api; },
    get todos() { return source.current?.todos; },
    get username() { return source.current?.username; },
    get subscriptionCounts() { return source.current?.subscriptionCounts; },
    get accountKey() { return source.current?.accountKey; },
    onDidChange: (listener: () => void) => {
      const changed = source.onDidChange(listener);
      const identified = source.onDidIdentify(listener);
      return { dispose: () => { changed.dispose(); identified.dispose(); } };
    },
  };
}
