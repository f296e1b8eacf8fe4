import type { SubscribedThing } from '../../gitlab/subscriptionTypes';
import type { Todo } from '../../gitlab/todoTypes';
import type { GitLabEvent } from '../../gitlab/types';
import type { ParticipationApi } from '../../gitlab/participation';
import type { AccountKey } from '../accountKey';
import { accountNow, type AccountGone } from '../actionAccount';
import type { ListPlan } from '../lists/listStore';
import { ListService, type ListServiceBase } from '../lists/listService';
import type { LevelInForce } from '../settings/shared/levelChain';
import { catchUpThings, type CatchUpThing } from './catchUpThings';
import type { Participation } from './participation';
import type { SeenThings } from './seenThings';

/** The Catch Up view's one list per account. */
export interface CatchUpSource {
  readonly key: string;
  readonly instance: string;
}

export const catchUpSource = (instance: string): CatchUpSource => ({ key: `catchUp:${instance}`, instance });

/** The view has no filter: one that is always empty, for the list shell. */
export class CatchUpFilter {
  static readonly NONE = new CatchUpFilter();
  equals(other: CatchUpFilter): boolean { return other instanceof CatchUpFilter; }
  serialize(): unknown { return {}; }
  describe(): string { return ''; }
  message(): string { return ''; }
}

export interface CatchUpAccount {
  readonly key: string;
  readonly instanceUrl: string;
  readonly accountKey?: AccountKey;
  readonly userId?: number;
  readonly username?: string;
  /** Its participation read (GraphQL); none where the account has no client for it. */
  readonly participation?: ParticipationApi;
}

/** What the other lists already hold for an instance: the catch-up reads nothing of its own. */
export interface CatchUpReading {
  /** Every event the Activity's lists hold (My Activity, the projects', the feeds'): the same event once is enough. */
  events(instance: string): Iterable<GitLabEvent>;
  todos(instance: string): readonly Todo[];
  subscriptions(instance: string): readonly SubscribedThing[];
  projectPath(instance: string, projectId: number): string | undefined;
  projectId(instance: string, path: string): number | undefined;
  level?(instance: string, projectId: number): LevelInForce | undefined;
  /**
   * The first pages of those lists, asked for where no one asked yet (a list already read is not read again): the
   * Catch Up view may be the only one open.
   */
  ready?(instance: string): Promise<void>;
}

export interface CatchUpServiceDeps extends Omit<ListServiceBase<CatchUpAccount, CatchUpFilter>, 'filter'> {
  reading: CatchUpReading;
  seen: SeenThings;
  /** The first look's window, in days (the setting). */
  windowDays(): number;
  /** What the person takes part in by role, read once a poll cycle (`pollParticipation`). */
  participation?: Participation;
  now?: () => number;
}

/** Rows per account at most: the view is a digest, not an archive. */
export const MAX_CATCH_UP_THINGS = 500;
const DAY_MS = 86_400_000;

/**
 * The Catch Up view below its view: per signed-in account, one list (on the one list machinery) of the things with
 * news since they were marked seen, computed from the other lists' items (`CatchUpReading`) whenever they change.
 * Mark as Seen hides the rows at once and records the marks; a refusal puts them back.
 */
export class CatchUpService extends ListService<CatchUpSource, CatchUpThing, undefined, CatchUpFilter, CatchUpAccount> {
  /** A Refresh's reads, while they run: the rows are computed once they have answered (`refreshAfter`). */
  private refreshing?: Promise<unknown>;

  constructor(private readonly deps: CatchUpServiceDeps) {
    super({ ...deps, filter: CatchUpFilter.NONE }, (thing) => thing.key);
  }

  protected plan(): ListPlan<CatchUpSource, CatchUpThing> {
    return {
      pageSize: MAX_CATCH_UP_THINGS,
      request: (source) => {
        if (!this.account(source.instance)) return undefined;
        return {
          keepsItself: true,
          fetchPage: async () => {
            await this.refreshing;
            await this.deps.reading.ready?.(source.instance);
            const items = this.thingsOf(source.instance);
            // The first participation read goes after these rows, drawn from what the lists hold, not before them.
            if (this.deps.participation && !this.deps.participation.known(source.instance)) setTimeout(() => void this.pollParticipation(source.instance).catch(() => undefined), 0);
            return { items, page: 1 };
          },
        };
      },
    };
  }

  /** The things with news of an instance's account now, from what the lists hold. */
  thingsOf(instance: string): CatchUpThing[] {
    const account = this.account(instance);
    if (!account) return [];
    const { reading, seen } = this.deps;
    const now = (this.deps.now ?? Date.now)();
    return catchUpThings({
      personId: account.userId,
      events: reading.events(instance),
      todos: reading.todos(instance),
      subscriptions: reading.subscriptions(instance),
      participation: this.deps.participation?.things(instance) ?? [],
      projectPath: (id) => reading.projectPath(instance, id),
      projectId: (path) => reading.projectId(instance, path),
      seen: (key) => seen.mark(account.accountKey, key),
      since: new Date(this.windowStart(now)).toISOString(),
      ...(reading.level ? { level: (id: number) => reading.level!(instance, id) } : {}),
    }).slice(0, MAX_CATCH_UP_THINGS);
  }

  /** Where the first look begins (ms): the window setting, 1 to 90 days. */
  private windowStart(now = (this.deps.now ?? Date.now)()): number {
    return now - Math.min(Math.max(this.deps.windowDays(), 1), 90) * DAY_MS;
  }

  /**
   * One participation read per signed-in account (one request each, none while one runs): the poll cycle's. What it
   * brings recomputes the rows; it rejects with the first failure (the poller backs off), the other accounts read.
   */
  async pollParticipation(only?: string): Promise<void> {
    const participation = this.deps.participation;
    if (!participation) return;
    let changed = false;
    const results = await Promise.allSettled(this.deps.accounts()
      .filter((account) => (only === undefined || account.key === only) && account.username && account.participation)
      .map(async (account) => {
        if (await participation.read(account.key, account.participation!, account.username!, this.windowStart())) changed = true;
        if (await this.seenInBrowser(account)) changed = true;
      }));
    if (changed) this.inputsChanged();
    const failed = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
    if (failed) throw failed.reason;
  }

  /**
   * A thing with news whose page the person opened in the browser after some of it (GitLab's `recentlyViewedItems`) is
   * seen up to that moment: what came before the view is seen, what came after is still news (see `markSeenUpTo`).
   */
  private async seenInBrowser(account: CatchUpAccount): Promise<boolean> {
    const viewed = this.deps.participation?.viewed(account.key) ?? [];
    if (viewed.length === 0 || !account.accountKey) return false;
    const at = new Map(viewed.map((view) => [`${view.kind}:${view.projectId}:${view.iid}`, view.viewedAt]));
    let marked = false;
    for (const thing of this.thingsOf(account.key)) {
      const ref = thing.ref;
      const viewedAt = ref.kind === 'issue' || ref.kind === 'mergeRequest' ? at.get(`${ref.kind}:${ref.projectId}:${ref.iid}`) : undefined;
      if (viewedAt === undefined) continue;
      // Viewed after the oldest of its news (events come in no set order): something of it was on the page.
      const oldest = Math.min(...[...thing.events.map((event) => event.created_at ?? ''), thing.updatedAt ?? ''].map(Date.parse).filter(Number.isFinite));
      if (!(Date.parse(viewedAt) > oldest)) continue;
      await this.deps.seen.markSeenUpTo(account.accountKey, thing, viewedAt);
      marked = true;
    }
    return marked;
  }

  /** The accounts whose server cannot tell participation (no GraphQL), and why: the view's one line. */
  participationUnavailable(): Array<{ account: CatchUpAccount; reason: string }> {
    return this.deps.accounts().flatMap((account) => {
      const reason = this.deps.participation?.unavailable(account.key);
      return reason ? [{ account, reason }] : [];
    });
  }

  /** Signed in or out: the lists start over, and only the accounts signed in keep their seen marks. */
  override sessionChanged(): void {
    const signedIn = this.deps.accounts();
    const accounts = new Set(signedIn.flatMap((account) => (account.accountKey ? [account.accountKey] : [])));
    const waiting = new Set(signedIn.filter((account) => !account.accountKey).map((account) => account.key));
    void this.deps.seen.keepOnly(accounts, waiting);
    this.deps.participation?.keepOnly(new Set(signedIn.map((account) => account.key)));
    super.sessionChanged();
  }

  /**
   * Refresh: `reads` are what it asked again (the other lists' first pages, the levels, participation); the rows shown
   * stay until every one has answered, then are computed once. A Refresh moves the rows once, not at each answer, and
   * a row a person is acting on is not drawn again under them meanwhile. Resolves once the new rows are there.
   */
  async refreshAfter(reads: Promise<unknown>): Promise<void> {
    const settled = reads.then(() => undefined, () => undefined);
    this.refreshing = settled;
    this.inputsChanged();
    await settled;
    if (this.refreshing === settled) this.refreshing = undefined;
    await Promise.all(this.deps.accounts().map((account) => this.lists.load(catchUpSource(account.key))));
  }

  /** What another list read changed: the rows are computed again, those shown stay until then. */
  inputsChanged(): void {
    this.lists.reset({ keepShown: true, plan: this.plan() });
  }

  /** Things with news, over every account (the badge). */
  count(): number {
    let count = 0;
    for (const account of this.deps.accounts()) count += this.lists.rows(catchUpSource(account.key).key).items.length;
    return count;
  }

  /** The account a row was read for, kept by the pending action (see `actionAccount.ts`). */
  boundAccount(instance: string): CatchUpAccount | undefined {
    return this.account(instance);
  }

  /**
   * Mark as Seen: the rows go at once; their marks are recorded for the account that read them, if it is still the one
   * signed in. A refusal (the store failed, the account changed) puts them back, and says why.
   */
  async markSeen(bound: CatchUpAccount, things: readonly CatchUpThing[]): Promise<AccountGone | undefined> {
    const key = catchUpSource(bound.key).key;
    const keys = things.map((thing) => thing.key);
    this.lists.hide(key, keys);
    const now = accountNow(bound, this.deps.accounts(), (account) => account.accountKey);
    if (now.gone || !bound.accountKey) {
      this.lists.show(key, keys);
      return now.gone ?? { reason: 'changed', account: bound };
    }
    try {
      await this.deps.seen.markSeen(bound.accountKey, things);
      return undefined;
    } catch (error) {
      this.lists.show(key, keys);
      throw error;
    }
  }

  /** Every thing the account's list shows. */
  shown(instance: string): readonly CatchUpThing[] {
    return this.lists.rows(catchUpSource(instance).key).items;
  }
}
