import { FilterIgnoredError } from '../../gitlab/subscriptionClient';
import { isGitLabError } from '../../gitlab/errors';
import type { SubscriptionCounts, SubscriptionKind } from '../../gitlab/subscriptionTypes';
import type { Scope } from '../../gitlab/types';
import { formatCount, type Localize } from '../localize';

// How the status bar and the overview tell the explicit subscriptions of a scope: things the user clicked
// "Notifications: on" for, which e-mail them whatever the level (GitLab mails manual subscribers even at Disabled).

const ORDER: readonly SubscriptionKind[] = ['issue', 'mergeRequest', 'epic', 'label'];

function amount(kind: SubscriptionKind, n: number, t: Localize): string {
  switch (kind) {
    case 'issue': return n === 1 ? t('1 issue') : t('{0} issues', formatCount(n, t));
    case 'mergeRequest': return n === 1 ? t('1 merge request') : t('{0} merge requests', formatCount(n, t));
    case 'epic': return n === 1 ? t('1 epic') : t('{0} epics', formatCount(n, t));
    case 'label': return n === 1 ? t('1 label') : t('{0} labels', formatCount(n, t));
  }
}

/** "3 issues, 1 merge request and 2 labels": the kinds counted above 0, in one order; undefined when there are none. */
export function countPhrase(counts: SubscriptionCounts['counts'], t: Localize): string | undefined {
  const parts = ORDER.filter((kind) => (counts[kind] ?? 0) > 0).map((kind) => amount(kind, counts[kind]!, t));
  if (parts.length === 0) return undefined;
  return parts.length === 1 ? parts[0] : t('{0} and {1}', parts.slice(0, -1).join(', '), parts[parts.length - 1]);
}

/**
 * The sentence for a scope's counts: "You are also subscribed to 3 issues and 1 merge request in this project: they
 * e-mail you whatever the level.", then what is not counted there (globally: merge requests, epics and labels, which
 * GitLab counts per group or project). Nothing when nothing is counted above 0: no sentence about nothing.
 */
export function countLines(scope: Pick<Scope, 'kind'>, result: SubscriptionCounts, t: Localize): string[] {
  const phrase = countPhrase(result.counts, t);
  if (!phrase) return [];
  const lines = [
    scope.kind === 'project' ? t('You are also subscribed to {0} in this project: they e-mail you whatever the level.', phrase)
      : scope.kind === 'group' ? t('You are also subscribed to {0} in this group and its subgroups: they e-mail you whatever the level.', phrase)
        : t('You are also subscribed to {0}: they e-mail you whatever the level.', phrase),
  ];
  if (scope.kind === 'global' && result.notCounted.length > 0) {
    lines.push(t('Merge requests, epics and labels you subscribed to are not counted here: GitLab counts them only per group or project.'));
  } else if (result.notCounted.includes('label')) {
    lines.push(t('Labels you subscribed to are not counted: there are too many labels here to read.'));
  }
  return lines;
}

/** A row's short form in the overview: "subscribed: 3 issues and 1 merge request"; undefined when none. */
export function countShort(result: SubscriptionCounts, t: Localize): string | undefined {
  const phrase = countPhrase(result.counts, t);
  return phrase && t('subscribed: {0}', phrase);
}

/**
 * Why no count is shown, calmly, where GitLab cannot tell: a GitLab that ignores the filter (it would count everything
 * visible), or one without GraphQL or the filter. Other failures (the network) say nothing: the next look asks again.
 */
export function countUnavailableLine(error: unknown, t: Localize): string | undefined {
  if (error instanceof FilterIgnoredError) {
    return t('Explicit subscriptions are not counted: this GitLab ignores the subscriptions filter (GitLab 17.5–17.6 with filter_subscriptions off).');
  }
  if (isGitLabError(error) && error.kind === 'unsupported') {
    return t('Explicit subscriptions are not counted: this GitLab cannot count them (that needs its GraphQL API, GitLab 17.5 or later).');
  }
  return undefined;
}
