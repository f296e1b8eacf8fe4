import type { AccountKey } from './accountKey';
import { instanceHost } from './instance';
import type { Localize } from './localize';
import { personName } from './plainText';

/**
 * A pending action (Undo, a confirmation, a notification's button, a snooze's end) belongs to the account that read
 * its items: it keeps that account, as it was when the items were read or the action started, and at the click asks
 * `accountNow` whether it is still the one signed in at its instance. It never takes whoever is signed in by then.
 */

/** A signed-in account as an action keeps it (the session's `Account` is one): its instance, who, and its clients. */
export interface ActionAccount {
  /** Its instance (`normalizeInstanceUrl`). */
  readonly key: string;
  readonly instanceUrl: string;
  /** Instance + GitLab user id, when known. */
  readonly accountKey?: AccountKey;
  /** Who signed in, when known (server text: made plain where shown). */
  readonly username?: string;
}

/** Why an action did nothing: its account signed out, or another account is signed in at its instance now. */
export interface AccountGone {
  readonly reason: 'signedOut' | 'changed';
  readonly account: ActionAccount;
}

export type AccountNow<A> = { readonly account: A; readonly gone?: undefined } | { readonly account?: undefined; readonly gone: AccountGone };

/**
 * The account `bound` as signed in now, or why it is not. The same account has the same clients (`client` picks the
 * one the action uses), or, when they were built again (new network settings, signed out and in again), the same
 * account key: then its clients of now are used, never the ones kept, whose token may be gone.
 */
export function accountNow<A extends ActionAccount>(bound: A, accounts: readonly A[], client: (account: A) => unknown): AccountNow<A> {
  const now = accounts.find((account) => account.key === bound.key);
  if (!now) return { gone: { reason: 'signedOut', account: bound } };
  if (client(now) === client(bound) || (bound.accountKey !== undefined && now.accountKey === bound.accountKey)) return { account: now };
  return { gone: { reason: 'changed', account: bound } };
}

/** What a click on an action whose account is gone says: calmly, naming the account and what became of it. */
export function accountGoneMessage(gone: AccountGone, t: Localize): string {
  const host = instanceHost(gone.account.instanceUrl);
  const name = personName({ username: gone.account.username });
  const who = name ? t('{0} @ {1}', name, host) : t('the account on {0}', host);
  return gone.reason === 'signedOut'
    ? t('Nothing was done: this was for {0}, which is no longer signed in.', who)
    : t('Nothing was done: this was for {0}, and another account is signed in there now.', who);
}
