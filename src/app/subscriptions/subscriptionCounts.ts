import { isGitLabError } from '../../gitlab/errors';
import type { SubscriptionCounts } from '../../gitlab/subscriptionTypes';
import type { Scope } from '../../gitlab/types';
import { Emitter } from '../emitter';

/** How long a count is kept: long enough for the status bar and the overview to share it, short enough to follow GitLab. */
export const COUNT_TTL_MS = 2 * 60_000;
/** Scopes kept at most (the overview reads one per group and project); the least recently read goes first. */
export const COUNT_CACHE_ENTRIES = 200;

/** `labels: false`: labels are not read (a REST listing per scope), only what GitLab counts in one GraphQL request. */
export type CountOptions = { labels?: boolean };
export type CountReader = (scope: Scope, signal?: AbortSignal, options?: CountOptions) => Promise<SubscriptionCounts>;

/** The key of a scope's counts read without its labels, beside its own. */
const WITHOUT_LABELS = ' without labels';

/** One key per scope however its path is spelt (GitLab's paths are case-insensitive). */
export function countKey(scope: Scope): string {
  return scope.kind === 'global' ? 'global' : `${scope.kind}:${String(scope.id).trim().toLowerCase()}`;
}

interface Entry {
  at: number;
  answer: Promise<SubscriptionCounts>;
}

/**
 * One account's counts of explicit subscriptions, per scope: each kept for `COUNT_TTL_MS`, at most
 * `COUNT_CACHE_ENTRIES` scopes. A read in flight is shared. An `unsupported` refusal is kept like a count (a GitLab
 * does not change its mind in minutes); any other failure is not kept, so the next look asks again.
 *
 * A subscription changed in the extension (the Subscriptions list's Unsubscribe, its Undo) calls `invalidate`; those
 * who show counts hear `onDidChange` and read again. It belongs to its account and goes with it (`dispose`).
 */
export class SubscriptionCountCache {
  private readonly entries = new Map<string, Entry>();
  private readonly changed = new Emitter<void>();
  readonly onDidChange = this.changed.event;

  constructor(private readonly client: { countSubscriptions: CountReader }, private readonly now: () => number = Date.now) {}

  /**
   * The counts of `scope`, kept or read now; with `labels: false`, without its labels (a count with them serves too).
   * Rejects with the reader's `GitLabError`.
   */
  count(scope: Scope, signal?: AbortSignal, options: CountOptions = {}): Promise<SubscriptionCounts> {
    const withLabels = options.labels !== false;
    if (!withLabels) {
      const whole = this.entries.get(countKey(scope));
      if (whole && this.now() - whole.at < COUNT_TTL_MS) return whole.answer;
    }
    const key = withLabels ? countKey(scope) : `${countKey(scope)}${WITHOUT_LABELS}`;
    const kept = this.entries.get(key);
    this.entries.delete(key);
    if (kept && this.now() - kept.at < COUNT_TTL_MS) {
      this.entries.set(key, kept); // now the most recently read
      return kept.answer;
    }
    const entry: Entry = { at: this.now(), answer: this.client.countSubscriptions(scope, signal, withLabels ? undefined : { labels: false }) };
    this.entries.set(key, entry);
    while (this.entries.size > COUNT_CACHE_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    entry.answer.catch((error: unknown) => {
      if (isGitLabError(error) && error.kind === 'unsupported') return;
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return entry.answer;
  }

  /**
   * A subscription changed: forget the counts (of `scopes`, else all: a change in a project also moves its groups'
   * and the global count), and tell those who show them.
   */
  invalidate(scopes?: readonly Scope[]): void {
    if (scopes) {
      for (const scope of scopes) {
        this.entries.delete(countKey(scope));
        this.entries.delete(`${countKey(scope)}${WITHOUT_LABELS}`);
      }
    } else {
      this.entries.clear();
    }
    this.changed.fire();
  }

  get size(): number {
    return this.entries.size;
  }

  dispose(): void {
    this.entries.clear();
  }
}
