import { FeedClient, GitLabClient, Transport, type FeedApi, type GitLabApi, type HttpExchange } from '../gitlab';
import { SubscriptionClient } from '../gitlab/subscriptionClient';
import { TodoClient } from '../gitlab/todoClient';
import { ParticipationClient, type ParticipationApi } from '../gitlab/participation';
import type { TodoApi } from '../gitlab/todoApi';
import { SubscriptionCountCache } from '../app/subscriptions/subscriptionCounts';
import type { ExtensionConfig } from './config';
import type { Log } from './log';

/** What an account talks to its instance with: one transport, with the token stored for that instance. */
export interface InstanceClients {
  api: GitLabApi;
  /** The dashboard feeds' reads (projects, stars, follows, `GET /version`), over the same transport and token. */
  feeds: FeedApi;
  /** The To-Do List client of the same instance, over the same transport and token. */
  todos: TodoApi;
  /** Subscriptions (list, Unsubscribe, subscribe again) on the same instance, over the same transport and token. */
  subscriptions: SubscriptionClient;
  /** Its counts of explicit subscriptions per scope, kept a short while; it goes with the account. A change calls `invalidate`. */
  subscriptionCounts: SubscriptionCountCache;
  /** The Catch Up view's participation read, over the same transport and token. */
  participation?: ParticipationApi;
}

/**
 * The way to the network of every account: one exchange (the connection pool, with the network settings of its
 * moment), and for each instance clients over a transport of their own, that send its token to it and nowhere else.
 * Nothing here touches the network until a client is used.
 */
export class AccountClients {
  private exchange?: HttpExchange;

  constructor(
    private readonly config: () => ExtensionConfig,
    private readonly log: Log,
    private readonly userAgent: string,
    /** The platform's way to the network for the settings given (see Platform). */
    private readonly newExchange: (config: ExtensionConfig) => HttpExchange,
  ) {}

  /** `token` is the one stored for `instanceUrl`: the clients talk to that instance and no other. */
  for(instanceUrl: string, token: string): InstanceClients {
    const transport = this.transport(instanceUrl, token);
    const subscriptions = new SubscriptionClient(transport);
    return { api: new GitLabClient(transport), feeds: new FeedClient(transport), todos: new TodoClient(transport), subscriptions, subscriptionCounts: new SubscriptionCountCache(subscriptions),
      participation: new ParticipationClient(transport) };
  }

  /** A client for a candidate token, not an account's (sign-in validation). */
  candidate(instanceUrl: string, token: string): GitLabClient {
    return new GitLabClient(this.transport(instanceUrl, token));
  }

  /** Network settings changed: the next clients go through a new connection pool. */
  reset(): void {
    void this.exchange?.close().catch(() => undefined);
    this.exchange = undefined;
  }

  dispose(): void {
    this.reset();
  }

  private transport(instanceUrl: string, token: string): Transport {
    const config = this.config();
    this.exchange ??= this.newExchange(config);
    return new Transport({
      instanceUrl, token: () => token, exchange: this.exchange, timeoutMs: config.requestTimeoutSeconds * 1000,
      log: (entry) => this.log.request(entry), userAgent: this.userAgent,
    });
  }
}
