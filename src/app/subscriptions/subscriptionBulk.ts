import { GitLabError } from '../../gitlab/errors';
import type { SubscriptionClient } from '../../gitlab/subscriptionClient';
import { SUBSCRIPTION_BATCH_LIMIT } from '../../gitlab/subscriptionEndpoints';
import type { SubscriptionFeatures, SubscriptionTarget } from '../../gitlab/subscriptionTypes';
import { mapBounded } from '../boundedMap';

/**
 * Unsubscribe (or subscribe again, as Undo) many things in the fewest requests GitLab allows: issues, merge requests
 * and epics `SUBSCRIPTION_BATCH_LIMIT` to a request (aliased mutations), labels one REST request each (GitLab has no
 * other way), never more than `SUBSCRIPTION_BULK_IN_FLIGHT` requests at once. A kind `features` says this GitLab
 * cannot change fails as `unsupported` without a request.
 */

/** Requests in flight at once for one bulk action, as for the To-Do List's. */
export const SUBSCRIPTION_BULK_IN_FLIGHT = 4;

export interface SubscriptionBulkResult {
  /** Indexes into the targets given, in order. */
  changed: number[];
  /** GitLab said they already were in that state (a label's 304). */
  unchanged: number[];
  failed: Array<{ index: number; error: GitLabError }>;
}

export interface SubscriptionBulkOptions {
  features?: SubscriptionFeatures;
  /** Stops starting requests; the targets not sent fail with a `cancelled` error. */
  signal?: AbortSignal;
}

type Api = Pick<SubscriptionClient, 'setSubscription' | 'setSubscriptions'>;
type Job = { kind: 'batch'; indexes: number[] } | { kind: 'label'; index: number };

const asGitLabError = (error: unknown): GitLabError =>
  (error instanceof GitLabError ? error : new GitLabError('badResponse', String(error), { cause: error }));

function supported(target: SubscriptionTarget, features: SubscriptionFeatures | undefined): boolean {
  if (!features) return true;
  switch (target.kind) {
    case 'issue': return features.setIssue;
    case 'mergeRequest': return features.setMergeRequest;
    case 'epic': return features.setWorkItem;
    case 'label': return true;
  }
}

export async function setSubscriptionsBulk(
  api: Api, targets: readonly SubscriptionTarget[], subscribed: boolean, options: SubscriptionBulkOptions = {},
): Promise<SubscriptionBulkResult> {
  const result: SubscriptionBulkResult = { changed: [], unchanged: [], failed: [] };
  const settled = new Set<number>();
  const fail = (index: number, error: GitLabError) => { settled.add(index); result.failed.push({ index, error }); };
  const jobs: Job[] = [];
  let batch: number[] = [];
  targets.forEach((target, index) => {
    if (!supported(target, options.features)) {
      fail(index, new GitLabError('unsupported', `This GitLab cannot change ${target.kind === 'epic' ? 'epic' : target.kind === 'issue' ? 'issue' : 'merge request'} subscriptions.`));
    } else if (target.kind === 'label') {
      jobs.push({ kind: 'label', index });
    } else {
      batch.push(index);
      if (batch.length === SUBSCRIPTION_BATCH_LIMIT) jobs.push({ kind: 'batch', indexes: batch.splice(0) });
    }
  });
  if (batch.length > 0) jobs.push({ kind: 'batch', indexes: batch });

  await mapBounded(jobs, SUBSCRIPTION_BULK_IN_FLIGHT, async (job) => {
    const indexes = job.kind === 'batch' ? job.indexes : [job.index];
    try {
      if (job.kind === 'label') {
        const change = await api.setSubscription(targets[job.index], subscribed, options.signal);
        (change.changed ? result.changed : result.unchanged).push(job.index);
        settled.add(job.index);
        return;
      }
      const answers = await api.setSubscriptions(
        job.indexes.map((i) => targets[i] as Exclude<SubscriptionTarget, { kind: 'label' }>), subscribed, options.signal);
      answers.forEach((answer, n) => {
        const index = job.indexes[n];
        settled.add(index);
        if (answer instanceof GitLabError) result.failed.push({ index, error: answer });
        else (answer.changed ? result.changed : result.unchanged).push(index);
      });
    } catch (error) {
      for (const index of indexes) fail(index, asGitLabError(error));
    }
  }, options.signal);

  targets.forEach((_, index) => {
    if (!settled.has(index)) fail(index, new GitLabError('cancelled', 'The request was cancelled.'));
  });
  for (const list of [result.changed, result.unchanged]) list.sort((a, b) => a - b);
  result.failed.sort((a, b) => a.index - b.index);
  return result;
}
