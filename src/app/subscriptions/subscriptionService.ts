import { GitLabError } from '../../gitlab/errors';
import type { SubscriptionClient } from '../../gitlab/subscriptionClient';
import type { SubscribedThing, SubscriptionKind } from '../../gitlab/subscriptionTypes';
import type { Page, PageRequest, Project } from '../../gitlab/types';
import { Emitter } from '../emitter';
import { ListService } from '../lists/listService';
import { readClosedSubscriptions, type ClosedSubscriptions } from './closedSubscriptions';
import { setSubscriptionsBulk } from './subscriptionBulk';
import { SubscriptionFilter } from './subscriptionFilter';
import { subscriptionKey, subscriptionTarget, type SubscriptionItem } from './subscriptionItems';
import { subscriptionListPlan, subscriptionSource, type SubscriptionReading, type SubscriptionSource } from './subscriptionLists';
import { readSubscriptionPlaces, type SubscriptionPlaces } from './subscriptionPlaces';

/** A signed-in account as the Subscriptions list reads it: its own clients, never another instance's token. */
export interface SubscriptionAccount {
  readonly key: string;
  readonly instanceUrl: string;
  readonly subscriptions: SubscriptionClient;
  readonly api: { listMyProjects(page: PageRequest, signal?: AbortSignal): Promise<Page<Project>> };
}

export interface SubscriptionServiceDeps {
  accounts(): readonly SubscriptionAccount[];
  pageSize(): number;
  log: { error(what: string, error: unknown): void };
  filter: SubscriptionFilter;
  /** The workspace's projects on an instance (their full paths), from its git remotes. */
  workspaceProjects?(instanceUrl: string): Promise<string[]>;
}

/** At most this many workspace projects are read where GitLab cannot list a kind. */
const MAX_WORKSPACE_PROJECTS = 3;

/** How an Unsubscribe (or its Undo) went: the items GitLab changed; the first failure, when some failed (back in the list). */
export interface SubscriptionOutcome {
  changed: SubscriptionItem[];
  failure?: GitLabError;
}

/** What Unsubscribe from All Closed found, per account, before the user confirms. */
export interface ClosedFound {
  accounts: Array<{ instance: string } & ClosedSubscriptions>;
  count: number;
}

/** What it did: per account, what Undo subscribes again; the failures. */
export interface ClosedOutcome {
  count: number;
  undoable: Array<{ instance: string; items: SubscriptionItem[] }>;
  failures: GitLabError[];
}


/**
 * The Subscriptions list below its view: each signed-in account's list of each kind (through the one list machinery),
 * the filter they follow, what each GitLab can list and where its things are (asked once per sign-in or refresh), and
 * the actions. An action moves its rows out of the list at once (`ListStore.hide`), asks GitLab, and puts back what
 * GitLab refused; Undo subscribes again and puts them back. Knows no editor.
 */
export class SubscriptionService extends ListService<SubscriptionSource, SubscriptionItem, undefined, SubscriptionFilter, SubscriptionAccount> {
  private readonly places = new Map<string, Promise<SubscriptionPlaces>>();
  private readonly workspaceThings = new Map<string, Promise<{ projects: string[]; things: SubscribedThing[] }>>();
  /** Per list key, a kind this GitLab cannot list, and the workspace projects shown instead. */
  private readonly fallbacks = new Map<string, { reason: string; projects: string[] }>();
  private readonly changes = new Emitter<string>();
  /** GitLab changed an account's subscriptions (its instance): counts elsewhere are read again. */
  readonly onDidChangeSubscriptions = this.changes.event;

  constructor(private readonly deps: SubscriptionServiceDeps) {
    super(deps, subscriptionKey);
  }

  /** How `instance`'s lists are read: its own clients, its features and places asked once and shared by its kinds. */
  reading(instance: string): SubscriptionReading | undefined {
    const account = this.account(instance);
    if (!account) return undefined;
    const client = account.subscriptions;
    return {
      client,
      // Asked once per client (per sign-in): a GitLab does not change what it offers within one.
      features: (signal) => client.getSubscriptionFeatures(signal),
      places: (signal) => this.once(this.places, instance, () => readSubscriptionPlaces({
        listMemberGroups: (page, s) => client.listMemberGroups(page, s),
        listMyProjects: (page, s) => account.api.listMyProjects(page, s),
      }, signal)),
      workspaceThings: (signal) => this.once(this.workspaceThings, instance, async () => {
        const projects = (await this.deps.workspaceProjects?.(account.instanceUrl) ?? []).slice(0, MAX_WORKSPACE_PROJECTS);
        const things = (await Promise.all(projects.map((path) => client.listProjectThings(path, signal)))).flat();
        return { projects, things };
      }),
      notedFallback: (kind, reason, projects) => this.fallbacks.set(subscriptionSource(instance, kind).key, { reason, projects }),
    };
  }

  /** Whether list `key` shows the workspace's things because its GitLab cannot list that kind, and why. */
  fallbackOf(key: string): { reason: string; projects: string[] } | undefined {
    return this.fallbacks.get(key);
  }

  /** A cached answer per instance; a failed one is asked again next time. */
  private once<T>(cache: Map<string, Promise<T>>, instance: string, ask: () => Promise<T>): Promise<T> {
    let answer = cache.get(instance);
    if (!answer) {
      answer = ask();
      cache.set(instance, answer);
      answer.catch(() => {
        if (cache.get(instance) === answer) cache.delete(instance);
      });
    }
    return answer;
  }

  protected plan() {
    return subscriptionListPlan({ pageSize: this.base.pageSize(), filter: this.current, reading: (instance: string) => this.reading(instance) });
  }

  /** The kinds the filter shows, in the order of the view's sections. */
  get kinds(): SubscriptionKind[] {
    return this.current.kinds;
  }

  /**
   * Every list read again, and where things are asked again (new groups, new projects); at a sign-in or sign-out, nothing
   * kept of an account signed out (its places, its fallbacks).
   */
  override refresh(): void {
    this.places.clear();
    this.workspaceThings.clear();
    this.fallbacks.clear();
    super.refresh();
  }

  override pageSizeChanged(): void {
    this.fallbacks.clear();
    super.pageSizeChanged();
  }

  override setFilter(filter: SubscriptionFilter): void {
    this.fallbacks.clear();
    super.setFilter(filter);
  }

  /** Unsubscribe from `items` of `instance`: out of the list at once, back where GitLab refused. */
  async unsubscribe(instance: string, items: readonly SubscriptionItem[]): Promise<SubscriptionOutcome> {
    this.hide(instance, items);
    const outcome = await this.set(instance, items, false);
    if (outcome.failure) this.show(instance, items.filter((item) => !outcome.changed.includes(item)));
    return outcome;
  }

  /** Undo: subscribed again, and back in the list. */
  async resubscribe(instance: string, items: readonly SubscriptionItem[]): Promise<SubscriptionOutcome> {
    const outcome = await this.set(instance, items, true);
    this.show(instance, outcome.changed);
    return outcome;
  }

  /** Every closed thing of every account (loaded or not), read before the user is asked to confirm. */
  async findClosed(signal?: AbortSignal): Promise<ClosedFound> {
    const found: ClosedFound = { accounts: [], count: 0 };
    for (const account of this.deps.accounts()) {
      const reading = this.reading(account.key);
      if (!reading) continue;
      const closed = await readClosedSubscriptions(reading, signal);
      found.accounts.push({ instance: account.key, ...closed });
      found.count += closed.things.length;
    }
    return found;
  }

  /** Unsubscribe from what `findClosed` found: every such row out of the lists at once, then GitLab asked. */
  async unsubscribeClosed(found: ClosedFound): Promise<ClosedOutcome> {
    const outcome: ClosedOutcome = { count: 0, undoable: [], failures: [] };
    for (const { instance, things } of found.accounts) this.hide(instance, things);
    for (const { instance, things } of found.accounts) {
      const result = await this.unsubscribe(instance, things);
      outcome.count += result.changed.length;
      if (result.changed.length > 0) outcome.undoable.push({ instance, items: result.changed });
      if (result.failure) outcome.failures.push(result.failure);
    }
    return outcome;
  }

  /** Undo of Unsubscribe from All Closed. */
  async undoClosed(undoable: ClosedOutcome['undoable']): Promise<GitLabError[]> {
    const failures: GitLabError[] = [];
    for (const { instance, items } of undoable) {
      const result = await this.resubscribe(instance, items);
      if (result.failure) failures.push(result.failure);
    }
    return failures;
  }

  /**
   * A thing's subscription changed outside this list (Unsubscribe on an Activity or To-Do row, or its Undo): its row,
   * if loaded, leaves or comes back, and the counts elsewhere are read again.
   */
  thingChanged(instance: string, thing: { kind: SubscriptionKind; iid: string; path?: string }, subscribed: boolean): void {
    const matches = this.lists.rows(subscriptionSource(instance, thing.kind).key).items.concat(this.lists.hiddenItems(subscriptionSource(instance, thing.kind).key))
      .filter((item) => item.kind !== 'label' && item.iid === thing.iid && (!thing.path || item.containerPath.toLowerCase() === thing.path.toLowerCase()));
    if (subscribed) this.show(instance, matches);
    else this.hide(instance, matches);
    this.changes.fire(instance);
  }

  private hide(instance: string, items: readonly SubscriptionItem[]): void {
    for (const [kind, keys] of byKind(items)) this.lists.hide(subscriptionSource(instance, kind).key, keys);
  }

  private show(instance: string, items: readonly SubscriptionItem[]): void {
    for (const [kind, keys] of byKind(items)) this.lists.show(subscriptionSource(instance, kind).key, keys);
  }

  /** `items` set to `subscribed` with `instance`'s own client, in the fewest requests; signed out meanwhile, cancelled. */
  private async set(instance: string, items: readonly SubscriptionItem[], subscribed: boolean): Promise<SubscriptionOutcome> {
    const account = this.account(instance);
    if (!account) return { changed: [], failure: new GitLabError('cancelled', 'Signed out.') };
    const features = await account.subscriptions.getSubscriptionFeatures().catch(() => undefined);
    const result = await setSubscriptionsBulk(account.subscriptions, items.map(subscriptionTarget), subscribed, { features });
    // GitLab's 304 (already so) counts as done: the row leaves (or comes back) all the same.
    const changed = [...result.changed, ...result.unchanged].sort((a, b) => a - b).map((index) => items[index]);
    if (changed.length > 0) this.changes.fire(instance);
    if (result.failed.length === 0) return { changed };
    const failure = result.failed[0].error;
    this.deps.log.error(subscribed ? 'Subscribing again' : 'Unsubscribing', failure);
    return { changed, failure };
  }
}

function byKind(items: readonly SubscriptionItem[]): Map<SubscriptionKind, string[]> {
  const kinds = new Map<SubscriptionKind, string[]>();
  for (const item of items) {
    const keys = kinds.get(item.kind) ?? [];
    keys.push(subscriptionKey(item));
    kinds.set(item.kind, keys);
  }
  return kinds;
}
