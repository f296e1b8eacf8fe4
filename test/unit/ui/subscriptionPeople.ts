import { EventEmitter } from './fakeVscode';
import { accountKey } from '../../../src/app/accountKey';
import { SubscriptionCountCache } from '../../../src/app/subscriptions/subscriptionCounts';
import { GitLabClient, SubscriptionClient } from '../../../src/gitlab';
import { makeClient, type TestClient } from '../gitlab/helpers';
import { INSTANCE, type Person } from './twoPeople';

/** jordan (user 3): no explicit subscriptions in the double's world, and not a member of every group alice is in. */
export const BOB = { token: 'glpat-bob', userId: 3, username: 'jordan' };

/**
 * The session the Subscriptions view hears, at one instance: one account or none, each built with its person's own
 * token as a sign-in builds it (`timeoutMs`: the clients' request timeout).
 */
export function subscriptionSession(doubleUrl: () => string, timeoutMs?: number) {
  const clients: TestClient[] = [];
  const changes = new EventEmitter<void>();
  const all: Array<ReturnType<typeof accountOf>> = [];
  function accountOf(person: Person) {
    const made = makeClient(doubleUrl(), { token: () => person.token, ...(timeoutMs === undefined ? {} : { timeoutMs }) });
    clients.push(made);
    const subscriptions = new SubscriptionClient(made.transport);
    return {
      key: INSTANCE, instanceUrl: INSTANCE, username: person.username, accountKey: accountKey(INSTANCE, person.userId),
      subscriptions, api: new GitLabClient(made.transport), subscriptionCounts: new SubscriptionCountCache(subscriptions),
    };
  }
  return {
    session: {
      get signedIn() { return all.length > 0; }, all, onDidChange: changes.event, onDidLearnUsername: new EventEmitter<void>().event,
      accountFor: (instance: string) => all.find((account) => account.key === instance), reportUnauthorized: () => undefined,
    },
    accountOf,
    /** Who is signed in at the instance now (undefined: signed out); the views hear of it. */
    signIn(account: ReturnType<typeof accountOf> | undefined): void {
      all.splice(0, all.length, ...(account ? [account] : []));
      changes.fire();
    },
    async close(): Promise<void> {
      for (const client of clients.splice(0)) await client.close();
    },
  };
}
