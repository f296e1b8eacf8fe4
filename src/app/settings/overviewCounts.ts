import { mapBounded } from '../boundedMap';
import { isGitLabError } from '../../gitlab/errors';
import type { SubscriptionCounts } from '../../gitlab/subscriptionTypes';
import type { Scope } from '../../gitlab/types';
import type { Localize } from '../localize';
import { countUnavailableLine } from '../subscriptions/countWording';
import type { SubscriptionCountCache } from '../subscriptions/subscriptionCounts';

/**
 * Rows counted at most per load: the groups and projects with a level of their own, which are few; the rest are
 * counted nowhere here (the Subscriptions view lists them by project or group).
 */
export const MAX_COUNTED_ROWS = 50;

/** What the overview needs of the account's counts of explicit subscriptions. */
export type OverviewCountSource = Pick<SubscriptionCountCache, 'count' | 'onDidChange'>;

/** The global counts, or why GitLab cannot count here (a calm note), for the overview's first line. */
export interface OverviewSubscriptions {
  global?: SubscriptionCounts;
  note?: string;
}

/** A row's scope as GitLab counts it: by full path (a row known only by a numeric ID is not counted). */
export function countedScope(row: { scope: Scope; path?: string }): Scope | undefined {
  if (row.scope.kind === 'global') return row.scope;
  const path = row.path ?? String(row.scope.id);
  return /^\d+$/.test(path) ? undefined : { kind: row.scope.kind, id: path };
}

/**
 * Reads the counts the overview shows: global first, which also tells whether this GitLab can count at all (else the
 * note, and no row is asked); then, of `rows` (the overrides, see `OverridesOverview.load`), the first
 * `MAX_COUNTED_ROWS` not counted yet, at most `concurrency` at once, each in one request (labels are left out: they
 * take a REST listing per scope). A row whose count fails (a passing failure, a project GitLab does not show) shows
 * none; the next load asks again.
 */
export async function readOverviewCounts(
  rows: ReadonlyArray<{ scope: Scope; path?: string; subscriptions?: SubscriptionCounts }>,
  source: OverviewCountSource, t: Localize, options: { concurrency: number; signal?: AbortSignal },
): Promise<OverviewSubscriptions> {
  let global: SubscriptionCounts;
  try {
    global = await source.count({ kind: 'global' }, options.signal);
  } catch (error) {
    const note = countUnavailableLine(error, t);
    return note ? { note } : {};
  }
  const todo = rows.filter((row) => countedScope(row) !== undefined).slice(0, MAX_COUNTED_ROWS).filter((row) => row.subscriptions === undefined);
  await mapBounded(todo, options.concurrency, async (row) => {
    try {
      row.subscriptions = await source.count(countedScope(row)!, options.signal, { labels: false });
    } catch (error) {
      if (isGitLabError(error) && error.kind === 'cancelled') return;
    }
  }, options.signal);
  return { global };
}
