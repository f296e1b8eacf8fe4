import type { TodoApi } from '../../gitlab/todoApi';

/** A count for the view's badge; `more`: at least `count` (GitLab did not say the total). */
export interface TodoCount {
  count: number;
  more: boolean;
}

export interface PendingCountsDeps {
  accounts(): ReadonlyArray<{ readonly key: string; readonly todos: TodoApi }>;
  /** Pending to-dos of `instance` an action has moved out of the list and GitLab may not have counted yet. */
  hiddenPending(instance: string): number;
  log: { warn(message: string): void };
}

/**
 * Per instance, pending to-dos not snoozed, as GitLab counts them: one request of one item (`X-Total` of its pending
 * listing, which leaves snoozed ones out), never the rows loaded. Without a total (GitLab omits it past 10,000) the
 * count is "at least" what that page says. Of several reads in flight, the last one asked for decides.
 */
export class PendingCounts {
  private readonly counts = new Map<string, TodoCount>();
  /** Per instance: how many of its pending rows were hidden when GitLab last counted (its count leaves them out already). */
  private readonly hiddenAtCount = new Map<string, number>();
  private turn = 0;

  constructor(private readonly deps: PendingCountsDeps) {}

  /** Reads every instance's count again; true once the read was the last one asked for (the badge may follow). */
  async read(): Promise<boolean> {
    const turn = ++this.turn;
    await Promise.all(this.deps.accounts().map(async (account) => {
      try {
        const page = await account.todos.listTodos({}, { page: 1, perPage: 1 });
        if (turn !== this.turn) return;
        this.hiddenAtCount.set(account.key, this.deps.hiddenPending(account.key));
        this.counts.set(account.key, { count: page.total ?? page.items.length, more: page.total === undefined && page.nextPage !== undefined });
      } catch (error) {
        this.deps.log.warn(`Counting pending to-dos failed: ${(error as Error).message}`);
      }
    }));
    return turn === this.turn;
  }

  /**
   * `instance`'s count less those an action moved out since GitLab counted; undefined until a count has come (the
   * caller then counts what its list shows).
   */
  of(instance: string): TodoCount | undefined {
    const counted = this.counts.get(instance);
    if (!counted) return undefined;
    const hiddenSince = Math.max(0, this.deps.hiddenPending(instance) - (this.hiddenAtCount.get(instance) ?? 0));
    return { count: Math.max(0, counted.count - hiddenSince), more: counted.more };
  }
}
