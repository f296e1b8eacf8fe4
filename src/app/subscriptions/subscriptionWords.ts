import type { GitLabError } from '../../gitlab/errors';
import { formatCount, type Localize } from '../localize';

/**
 * Why an Unsubscribe or its Undo failed, in words that say what to do: a token without `api` is named (GitLab answers
 * a missing scope and a thing it cannot find alike over GraphQL); else GitLab's reason in the client's words.
 */
export function subscriptionActionFailure(subscribe: boolean, error: GitLabError, t: Localize): string {
  const what = subscribe ? t('Could not subscribe again.') : t('Could not unsubscribe.');
  if (error.kind === 'forbidden' && error.missingScope === 'api') {
    return t('{0} The token lacks the `api` scope, which changing subscriptions needs: create a token with `api` and sign in again.', what);
  }
  if (error.kind === 'notFound' && error.missingScope === 'api') {
    return t('{0} GitLab did not find it, or the token lacks the `api` scope (changing subscriptions needs `api`; GitLab answers both alike).', what);
  }
  return t('{0} {1}', what, error.message);
}

/** How many things, said plainly: "3 things". */
export function thingCount(count: number, t: Localize): string {
  return count === 1 ? t('1 thing') : t('{0} things', formatCount(count, t));
}
