import { GitLabError } from '../../gitlab/errors';
import type { SubscriptionClient } from '../../gitlab/subscriptionClient';
import type { SubscribedThing, SubscriptionKind, SubscriptionTarget } from '../../gitlab/subscriptionTypes';
import type { Page, PageRequest, Project } from '../../gitlab/types';
import { accountNow, type AccountGone, type AccountNow, type ActionAccount } from '../actionAccount';
import { Emitter } from '../emitter';
import { ListService } from '../lists/listService';
import { ClosedReads, type ClosedSubscriptions } from './closedSubscriptions';
import { setSubscriptionsBulk } from './subscriptionBulk';
import { SubscriptionFilter } from './subscriptionFilter';
import { subscriptionKey, subscriptionTarget, type SubscriptionItem } from './subscriptionItems';
import { subscriptionListPlan, subscriptionSource, type SubscriptionReading, type SubscriptionSource } from './subscriptionLists';
import { readSubscriptionPlaces, type SubscriptionPlaces } from './subscriptionPlaces';

/**
 * A signed-in account as the Subscriptions list reads it: its own clients, never another instance's token. An action
 * keeps the one it started with (`ActionAccount`): its Undo does nothing once another is signed in there.
 */
export interface SubscriptionAccount extends ActionAccount {
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

/**
 * How an Unsubscribe (or its Undo) went: the items GitLab changed; the first failure, when some failed (back in the
 * list); the account it was done for (its Undo's), or why nothing was done (`gone`: that account is no longer there).
 */
export interface SubscriptionOutcome {
  changed: SubscriptionItem[];
  failure?: GitLabError;
  account?: SubscriptionAccount;
  gone?: AccountGone;
}

/** What Unsubscribe from All Closed found, per account (the one that read it), before the user confirms. */
export interface ClosedFound {
  accounts: Array<{ instance: string; account: SubscriptionAccount } & ClosedSubscriptions>;
  count: number;
  /** Accounts signed out while their subscriptions were read: what was read of them is dropped, nothing changes there. */
  signedOut: string[];
}

/** What it did: per account, what Undo subscribes again; the failures; the accounts gone since they read theirs. */
export interface ClosedOutcome {
  count: number;
  undoable: Array<{ instance: string; account: SubscriptionAccount; items: SubscriptionItem[] }>;
  failures: GitLabError[];
  gone: AccountGone[];
}

/** A thing another view names (an Activity or To-Do row), as Unsubscribe changes it and its row here is found. */
export interface ThingChange {
  kind: Exclude<SubscriptionKind, 'label'>;
  iid: string;
  /** Its project's or group's full path, when known. */
  path?: string;
  target: Exclude<SubscriptionTarget, { kind: 'label' }>;
}


/**
 * The Subscriptions list below its view: each signed-in account's list of each kind (through the one list machinery),
 * the filter they follow, what each GitLab can list and where its things are (asked once per sign-in or refresh), and
 * the actions. An action moves its rows out of the list at once (`ListStore.hide`), asks GitLab, and puts back what
 * GitLab refused; Undo subscribes again and puts them back. Knows no editor.
 */
export class SubscriptionService extends ListService<SubscriptionSource, SubscriptionItem, undefined, SubscriptionFilter, SubscriptionAccount> {
  /**
   * Asked once per sign-in, keyed by the account's client (a new one each sign-in), not by its instance: a read still
   * under way for an account signed in over (its list's load is stale) keeps its answer to itself, never the next's.
   */
  private places = new WeakMap<SubscriptionClient, Promise<SubscriptionPlaces>>();
  private workspaceThings = new WeakMap<SubscriptionClient, Promise<{ projects: string[]; things: SubscribedThing[] }>>();
  /** Per list key, a kind this GitLab cannot list, and the workspace projects shown instead. */
  private readonly fallbacks = new Map<string, { reason: string; projects: string[] }>();
  private readonly changes = new Emitter<string>();
  /** GitLab changed an account's subscriptions (its instance): counts elsewhere are read again. */
  readonly onDidChangeSubscriptions = this.changes.event;
  /** Unsubscribe from All Closed's reads: stopped at sign-out, resumed where a bound stopped them. */
  private readonly closedReads = new ClosedReads<SubscriptionClient>();

  constructor(private readonly deps: SubscriptionServiceDeps) {
    super(deps, subscriptionKey);
  }

  /** The account signed in at `instance` now: an action started now belongs to it. */
  accountAt(instance: string): SubscriptionAccount | undefined {
    return this.account(instance);
  }

  /** `account` as signed in now (its clients of now), or why an action of it does nothing. */
  accountNow(account: SubscriptionAccount): AccountNow<SubscriptionAccount> {
    return accountNow(account, this.deps.accounts(), (a) => a.subscriptions);
  }

  /** How `instance`'s lists are read: its own clients, its features and places asked once and shared by its kinds. */
  reading(instance: string): SubscriptionReading | undefined {
    const account = this.accountAt(instance);
    return account && this.readingOf(account);
  }

  private readingOf(account: SubscriptionAccount): SubscriptionReading {
    const instance = account.key;
    const client = account.subscriptions;
    return {
      client,
      // Asked once per client (per sign-in): a GitLab does not change what it offers within one.
      features: (signal) => client.getSubscriptionFeatures(signal),
      places: (signal) => this.once(this.places, client, () => readSubscriptionPlaces({
        listMemberGroups: (page, s) => client.listMemberGroups(page, s),
        listMyProjects: (page, s) => account.api.listMyProjects(page, s),
      }, signal)),
      workspaceThings: (signal) => this.once(this.workspaceThings, client, async () => {
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

  /** A cached answer per account's client; a failed one is asked again next time. */
  private once<T>(cache: WeakMap<SubscriptionClient, Promise<T>>, client: SubscriptionClient, ask: () => Promise<T>): Promise<T> {
    let answer = cache.get(client);
    if (!answer) {
      answer = ask();
      cache.set(client, answer);
      answer.catch(() => {
        if (cache.get(client) === answer) cache.delete(client);
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
    this.places = new WeakMap();
    this.workspaceThings = new WeakMap();
    this.fallbacks.clear();
    super.refresh();
  }

  /**
   * Signed in or out: every list read again, and nothing kept of an account signed out (its places, its fallbacks);
   * an Unsubscribe from All Closed still reading one is stopped.
   */
  override sessionChanged(): void {
    const current = new Set(this.deps.accounts().map((account) => account.subscriptions));
    this.closedReads.stopAllBut(current);
    super.sessionChanged();
  }

  override pageSizeChanged(): void {
    this.fallbacks.clear();
    super.pageSizeChanged();
  }

  override setFilter(filter: SubscriptionFilter): void {
    this.fallbacks.clear();
    super.setFilter(filter);
  }

  /**
   * Unsubscribe from `items` of `instance` (a click on its rows), for the account signed in there now: out of the list
   * at once, back where GitLab refused. Its Undo (`resubscribe`) takes `outcome.account`.
   */
  async unsubscribe(instance: string, items: readonly SubscriptionItem[]): Promise<SubscriptionOutcome> {
    const account = this.accountAt(instance);
    if (!account) return { changed: [], failure: new GitLabError('cancelled', 'Signed out.') };
    return this.unsubscribeFor(account, items);
  }

  private async unsubscribeFor(account: SubscriptionAccount, items: readonly SubscriptionItem[]): Promise<SubscriptionOutcome> {
    const instance = account.key;
    this.hide(instance, items);
    const outcome = await this.set(account, items, false);
    if (outcome.failure || outcome.gone) this.show(instance, items.filter((item) => !outcome.changed.includes(item)));
    return outcome;
  }

  /** Undo, for the account that unsubscribed, and for no other: subscribed again, and back in the list. */
  async resubscribe(account: SubscriptionAccount, items: readonly SubscriptionItem[]): Promise<SubscriptionOutcome> {
    const outcome = await this.set(account, items, true);
    this.show(account.key, outcome.changed);
    return outcome;
  }

  /**
   * Every closed thing of every account (loaded or not), read before the user is asked to confirm. An account signed
   * out meanwhile is left out, what was read of it dropped (`signedOut`); one whose read stopped at a bound starts
   * the next read where this one stopped.
   */
  async findClosed(signal?: AbortSignal): Promise<ClosedFound> {
    const found: ClosedFound = { accounts: [], count: 0, signedOut: [] };
    const signedIn = (account: SubscriptionAccount) => this.deps.accounts().some((now) => now.subscriptions === account.subscriptions);
    for (const account of [...this.deps.accounts()]) {
      if (!signedIn(account)) {
        found.signedOut.push(account.key);
        continue;
      }
      let closed: ClosedSubscriptions | undefined;
      try {
        closed = await this.closedReads.read(account.subscriptions, this.readingOf(account), signal);
      } catch (error) {
        if (signedIn(account)) throw error;
      }
      if (!closed || !signedIn(account)) {
        found.signedOut.push(account.key);
        continue;
      }
      found.accounts.push({ instance: account.key, account, ...closed });
      found.count += closed.things.length;
    }
    return found;
  }

  /**
   * Unsubscribe from what `findClosed` found, for each account that read it and is still signed in: every such row
   * out of the lists at once, then GitLab asked. An account gone since (signed out, or another signed in there) is
   * left out, and said in `gone`.
   */
  async unsubscribeClosed(found: ClosedFound): Promise<ClosedOutcome> {
    const outcome: ClosedOutcome = { count: 0, undoable: [], failures: [], gone: [] };
    const still = found.accounts.filter(({ account }) => {
      const { gone } = this.accountNow(account);
      if (gone) outcome.gone.push(gone);
      return !gone;
    });
    for (const { instance, things } of still) this.hide(instance, things);
    for (const { instance, account, things } of still) {
      const result = await this.unsubscribeFor(account, things);
      outcome.count += result.changed.length;
      if (result.changed.length > 0) outcome.undoable.push({ instance, account, items: result.changed });
      if (result.failure) outcome.failures.push(result.failure);
      if (result.gone) outcome.gone.push(result.gone);
    }
    return outcome;
  }

  /** Undo of Unsubscribe from All Closed, per account for that account only. */
  async undoClosed(undoable: ClosedOutcome['undoable']): Promise<{ failures: GitLabError[]; gone: AccountGone[] }> {
    const failures: GitLabError[] = [];
    const gone: AccountGone[] = [];
    for (const { account, items } of undoable) {
      const result = await this.resubscribe(account, items);
      if (result.failure) failures.push(result.failure);
      if (result.gone) gone.push(result.gone);
    }
    return { failures, gone };
  }

  /**
   * Unsubscribe from (or, as its Undo, subscribe again to) a thing another view names, for `account` (the one that
   * read it) and no other, as the list's rows are: its row here, if loaded, leaves at once (back if GitLab refused),
   * or comes back once GitLab subscribed again.
   */
  async setThing(account: SubscriptionAccount, thing: ThingChange, subscribed: boolean): Promise<{ failure?: GitLabError; gone?: AccountGone }> {
    const rows = this.rowsOfThing(account.key, thing);
    if (!subscribed) this.hide(account.key, rows);
    const result = await this.setTargets(account, [thing.target], subscribed);
    const done = result.changed.length > 0;
    // Back in the list: subscribed again, or not unsubscribed after all.
    if (subscribed ? done : !done) this.show(account.key, rows);
    return { failure: result.failure, gone: result.gone };
  }

  /** A thing's rows in `instance`'s list of its kind, shown or hidden. */
  private rowsOfThing(instance: string, thing: Omit<ThingChange, 'target'>): SubscriptionItem[] {
    const key = subscriptionSource(instance, thing.kind).key;
    return this.lists.rows(key).items.concat(this.lists.hiddenItems(key))
      .filter((item) => item.kind !== 'label' && item.iid === thing.iid && (!thing.path || item.containerPath.toLowerCase() === thing.path.toLowerCase()));
  }

  private hide(instance: string, items: readonly SubscriptionItem[]): void {
    for (const [kind, keys] of byKind(items)) this.lists.hide(subscriptionSource(instance, kind).key, keys);
  }

  private show(instance: string, items: readonly SubscriptionItem[]): void {
    for (const [kind, keys] of byKind(items)) this.lists.show(subscriptionSource(instance, kind).key, keys);
  }

  /** `items` set to `subscribed` for `account` alone (see `setTargets`). */
  private async set(account: SubscriptionAccount, items: readonly SubscriptionItem[], subscribed: boolean): Promise<SubscriptionOutcome> {
    const result = await this.setTargets(account, items.map(subscriptionTarget), subscribed);
    return { ...result, changed: result.changed.map((index) => items[index]) };
  }

  /**
   * `targets` set to `subscribed` with `account`'s own client (as signed in now), in the fewest requests; nothing
   * sent when another account is signed in there now, or none. `changed`: indexes into `targets`.
   */
  private async setTargets(account: SubscriptionAccount, targets: readonly SubscriptionTarget[], subscribed: boolean)
    : Promise<{ changed: number[]; failure?: GitLabError; account?: SubscriptionAccount; gone?: AccountGone }> {
    const before = this.accountNow(account);
    if (before.gone) return { changed: [], gone: before.gone };
    const features = await before.account.subscriptions.getSubscriptionFeatures().catch(() => undefined);
    // Asked again after the wait: the account may have changed meanwhile.
    const now = this.accountNow(account);
    if (now.gone) return { changed: [], gone: now.gone };
    const result = await setSubscriptionsBulk(now.account.subscriptions, targets, subscribed, { features });
    // GitLab's 304 (already so) counts as done: the row leaves (or comes back) all the same.
    const changed = [...result.changed, ...result.unchanged].sort((a, b) => a - b);
    if (changed.length > 0) this.changes.fire(account.key);
    if (result.failed.length === 0) return { changed, account: now.account };
    const failure = result.failed[0].error;
    this.deps.log.error(subscribed ? 'Subscribing again' : 'Unsubscribing', failure);
    return { changed, failure, account: now.account };
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
