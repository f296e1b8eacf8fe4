import type { GitLabEvent, SortOrder } from '../../gitlab/types';
import type { AccountKey } from '../accountKey';
import { STATE_KEYS } from '../../ids';
import type { EarlierPages, EarlierPageStore } from '../lists/earlierPages';
import { earlierEventPages, eventKey, type EventFeeds } from './eventFeeds';
import type { EventMarker } from './pollSchedule';
import { SeenMarkers, type MarkerStore } from './seenMarkers';
import type { ActivitySource } from './sources';

/** Where the kept state is: VS Code's global state in the shell, a map in tests. */
export type KeptStateStore = MarkerStore & EarlierPageStore;

/**
 * What the Activity keeps for a person, per account (`accountKey`: instance + GitLab user id), across sessions and
 * windows: the newest event seen of each list (`SeenMarkers`: what is unread) and each list's first page as last shown
 * (`EarlierPages`: rows at once at the next start). It belongs to the account whose lists were read: the accounts are
 * taken as the lists start over, and an account signed out, or gone at start, keeps nothing.
 */
export class KeptActivity {
  private readonly seen: SeenMarkers;
  private readonly earlier: EarlierPages<GitLabEvent, SortOrder>;
  /** Per instance key, the account whose lists the feeds hold. */
  private accounts = new Map<string, AccountKey>();
  /** Per list key: the ids of the first page kept last, so a page load that leaves it as it was writes nothing. */
  private readonly keptFirstPages = new Map<string, string>();

  constructor(store: KeptStateStore, private readonly feeds: EventFeeds) {
    // Per account and source, across workspaces: what was seen of My Activity is the same in every window.
    this.seen = new SeenMarkers(store, STATE_KEYS.seen);
    this.earlier = earlierEventPages(store, STATE_KEYS.earlierPages);
  }

  /**
   * The signed-in accounts now (instance key and account key, when its user is known). Only they keep their pages and
   * marks: one signed out, replaced by another person's sign-in, or found gone at start keeps nothing. An instance
   * whose user is not known yet keeps what waits for it.
   */
  async keepOnly(signedIn: ReadonlyArray<{ key: string; accountKey?: AccountKey }>): Promise<void> {
    this.accounts = new Map(signedIn.flatMap((account) => (account.accountKey ? [[account.key, account.accountKey]] : [])));
    const accounts = new Set(this.accounts.values());
    const waiting = new Set(signedIn.filter((account) => !account.accountKey).map((account) => account.key));
    this.keptFirstPages.clear();
    await Promise.all([this.earlier.keepOnly(accounts, waiting), this.seen.keepOnly(accounts, waiting)]);
  }

  /** The account of an instance's lists, once known (undefined else: nothing is kept for it). */
  private accountOf(instance: string): AccountKey | undefined {
    return this.accounts.get(instance);
  }

  /** Each list's first page as last shown, seeded into the feeds, marked as from earlier. True when any was. */
  seedEarlierPages(sources: readonly ActivitySource[]): boolean {
    let seeded = false;
    for (const source of sources) {
      const page = this.earlier.page(this.accountOf(source.instance), source.key);
      if (!page) continue;
      this.feeds.seed(source.key, page.items, page.order);
      seeded = true;
    }
    return seeded;
  }

  /** A list's fresh first page (`pageSize` items) is kept for the next session. */
  async keepFirstPage(source: ActivitySource, pageSize: number): Promise<void> {
    const state = this.feeds.get(source.key);
    const account = this.accountOf(source.instance);
    if (!account || !state.started || state.stale || state.hasError) return;
    const page = state.items.slice(0, pageSize);
    // A server of the interface alone sends no ids: what the rows say stands in for them.
    const ids = page.map((event) => event.id ?? JSON.stringify([event.created_at, event.action_name, event.target_type, event.target_id, event.target_title])).join(',');
    if (this.keptFirstPages.get(source.key) === ids) return;
    this.keptFirstPages.set(source.key, ids);
    await this.earlier.remember(account, source.key, page, state.order);
  }

  /**
   * A list's first newest-first page, never marked before: what it shows counts as seen, so a first look shows nothing
   * unread. True when it was marked now.
   */
  async noteShown(source: ActivitySource): Promise<boolean> {
    const account = this.accountOf(source.instance);
    const state = this.feeds.get(source.key);
    if (!account || !state.started || state.stale || state.hasError) return false;
    return this.seen.initialize(account, source.key, state.items);
  }

  isUnread(source: ActivitySource, event: GitLabEvent): boolean {
    return this.seen.isUnread(this.accountOf(source.instance), source.key, event);
  }

  /**
   * Unread events loaded in these lists, and `more` (new ones a check found), each counted once: an event two lists
   * hold (yours in My Activity and in Your projects) is one event. Events without ids (a server of the interface
   * alone) cannot be told apart, and each counts.
   */
  unreadCount(sources: readonly ActivitySource[], more?: { instance: string; events: readonly GitLabEvent[] }): number {
    const counted = new Set<string>();
    let count = 0;
    const add = (instance: string, events: readonly GitLabEvent[]) => {
      for (const event of events) {
        const id = eventKey(event);
        if (id === undefined) {
          count++;
          continue;
        }
        const key = `${instance}\n${id}`;
        if (!counted.has(key)) {
          counted.add(key);
          count++;
        }
      }
    };
    for (const source of sources) add(source.instance, this.seen.unread(this.accountOf(source.instance), source.key, this.feeds.get(source.key).items));
    if (more) add(more.instance, more.events);
    return count;
  }

  /** The newest event seen of `source`, as marked. */
  marker(source: ActivitySource): EventMarker | undefined {
    return this.seen.marker(this.accountOf(source.instance), source.key);
  }

  /** Every event loaded of these lists is seen, and for each `newest`'s, any newer one known. */
  async markSeen(sources: readonly ActivitySource[], newest: (source: ActivitySource) => EventMarker | undefined): Promise<void> {
    const byAccount = new Map<AccountKey, Parameters<SeenMarkers['markSeen']>[1]>();
    for (const source of sources) {
      const account = this.accountOf(source.instance);
      if (!account) continue;
      const list = byAccount.get(account) ?? [];
      list.push({ source: source.key, events: this.feeds.get(source.key).items, newest: newest(source) });
      byAccount.set(account, list);
    }
    for (const [account, lists] of byAccount) await this.seen.markSeen(account, lists);
  }
}
