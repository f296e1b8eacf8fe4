import assert from 'node:assert/strict';
import { FilterIgnoredError, GitLabError, type Scope, type SubscriptionCounts } from '../../../src/gitlab';
import { formatMessage as t } from '../../../src/app/localize';
import { COUNT_CACHE_ENTRIES, COUNT_TTL_MS, SubscriptionCountCache } from '../../../src/app/subscriptions/subscriptionCounts';
import { countLines, countPhrase, countShort, countUnavailableLine } from '../../../src/app/subscriptions/countWording';

const PROJECT: Scope = { kind: 'project', id: 'acme/website' };

/** A cache over a reader that counts its reads and answers `answer(scope)`. */
function cacheOver(answer: (scope: Scope) => Promise<SubscriptionCounts>) {
  let clock = 0;
  const reads: Scope[] = [];
  const cache = new SubscriptionCountCache({ countSubscriptions: (scope) => { reads.push(scope); return answer(scope); } }, () => clock);
  return { cache, reads, advance: (ms: number) => { clock += ms; } };
}
const some = async (): Promise<SubscriptionCounts> => ({ counts: { issue: 2 }, notCounted: [] });

describe('SubscriptionCountCache', () => {
  it('keeps a count for a short while, shared by every look (however the path is spelt), then reads again', async () => {
    const { cache, reads, advance } = cacheOver(some);
    await Promise.all([cache.count(PROJECT), cache.count({ kind: 'project', id: 'ACME/Website' })]);
    advance(COUNT_TTL_MS - 1);
    await cache.count(PROJECT);
    assert.equal(reads.length, 1);
    advance(1);
    await cache.count(PROJECT);
    assert.equal(reads.length, 2);
  });

  it('invalidate forgets the counts and tells listeners; one scope or all', async () => {
    const { cache, reads } = cacheOver(some);
    let told = 0;
    cache.onDidChange(() => told++);
    await cache.count(PROJECT);
    await cache.count({ kind: 'global' });
    cache.invalidate([PROJECT]);
    await cache.count({ kind: 'global' });
    await cache.count(PROJECT);
    assert.equal(reads.length, 3);
    cache.invalidate();
    assert.equal(cache.size, 0);
    assert.equal(told, 2);
  });

  it('a count without labels is kept apart; a fresh count with them serves for one without; invalidate forgets both', async () => {
    const asked: Array<boolean | undefined> = [];
    let clock = 0;
    const cache = new SubscriptionCountCache({ countSubscriptions: (_scope, _signal, options) => { asked.push(options?.labels); return some(); } }, () => clock);
    await cache.count(PROJECT, undefined, { labels: false });
    await cache.count(PROJECT, undefined, { labels: false });
    await cache.count(PROJECT);
    assert.deepEqual(asked, [false, undefined], 'one read each, the first without labels');
    cache.invalidate([PROJECT]);
    await cache.count(PROJECT);
    await cache.count(PROJECT, undefined, { labels: false });
    assert.deepEqual(asked, [false, undefined, undefined], 'the count with labels served');
    clock += COUNT_TTL_MS;
    await cache.count(PROJECT, undefined, { labels: false });
    assert.deepEqual(asked, [false, undefined, undefined, false]);
  });

  it('keeps an unsupported refusal like a count, but not another failure', async () => {
    let failure: GitLabError = new FilterIgnoredError('17.5.5');
    const { cache, reads } = cacheOver(async () => { throw failure; });
    await assert.rejects(cache.count(PROJECT), FilterIgnoredError);
    await assert.rejects(cache.count(PROJECT), FilterIgnoredError);
    assert.equal(reads.length, 1);
    cache.invalidate();
    failure = new GitLabError('network', 'down');
    await assert.rejects(cache.count(PROJECT), /down/);
    await new Promise((resolve) => setImmediate(resolve));
    await assert.rejects(cache.count(PROJECT), /down/);
    assert.equal(reads.length, 3);
  });

  it('is bounded: the least recently read scope goes first', async () => {
    const { cache, reads } = cacheOver(some);
    for (let i = 0; i <= COUNT_CACHE_ENTRIES; i++) await cache.count({ kind: 'project', id: `g/p${i}` });
    assert.equal(cache.size, COUNT_CACHE_ENTRIES);
    await cache.count({ kind: 'project', id: 'g/p1' });
    assert.equal(reads.length, COUNT_CACHE_ENTRIES + 1, 'p1 was kept');
    await cache.count({ kind: 'project', id: 'g/p0' });
    assert.equal(reads.length, COUNT_CACHE_ENTRIES + 2, 'p0 was the oldest and went');
  });
});

describe('the wording of subscription counts', () => {
  it('names each kind counted above 0, singular or plural, in one order', () => {
    assert.equal(countPhrase({ label: 2, issue: 3, mergeRequest: 1, epic: 0 }, t), '3 issues, 1 merge request and 2 labels');
    assert.equal(countPhrase({ issue: 1 }, t), '1 issue');
    assert.equal(countPhrase({ issue: 0, mergeRequest: 0 }, t), undefined);
  });

  it('says where, and that they e-mail whatever the level', () => {
    assert.deepEqual(countLines(PROJECT, { counts: { issue: 3, mergeRequest: 1, label: 0 }, notCounted: [] }, t),
      ['You are also subscribed to 3 issues and 1 merge request in this project: they e-mail you whatever the level.']);
    assert.deepEqual(countLines({ kind: 'group' }, { counts: { epic: 1 }, notCounted: ['label'] }, t), [
      'You are also subscribed to 1 epic in this group and its subgroups: they e-mail you whatever the level.',
      'Labels you subscribed to are not counted: there are too many labels here to read.',
    ]);
  });

  it('globally: the issues, and names what GitLab cannot count there', () => {
    assert.deepEqual(countLines({ kind: 'global' }, { counts: { issue: 12 }, notCounted: ['mergeRequest', 'epic', 'label'] }, t), [
      'You are also subscribed to 12 issues: they e-mail you whatever the level.',
      'Merge requests, epics and labels you subscribed to are not counted here: GitLab counts them only per group or project.',
    ]);
  });

  it('nothing about nothing; a row\'s short form', () => {
    assert.deepEqual(countLines(PROJECT, { counts: { issue: 0, mergeRequest: 0, label: 0 }, notCounted: [] }, t), []);
    assert.equal(countShort({ counts: { issue: 2, mergeRequest: 1 }, notCounted: [] }, t), 'subscribed: 2 issues and 1 merge request');
    assert.equal(countShort({ counts: {}, notCounted: [] }, t), undefined);
  });

  it('a calm note where GitLab cannot tell, nothing for a passing failure', () => {
    assert.match(countUnavailableLine(new FilterIgnoredError('17.5.5'), t)!, /ignores the subscriptions filter/);
    assert.match(countUnavailableLine(new GitLabError('unsupported', 'old'), t)!, /cannot count them/);
    assert.equal(countUnavailableLine(new GitLabError('network', 'down'), t), undefined);
  });
});
