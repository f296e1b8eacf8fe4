import assert from 'node:assert/strict';
import { formatMessage, inLanguage } from '../../../src/app/localize';
import { describeEvent } from '../../../src/app/activity/eventSentence';
import type { GitLabEvent } from '../../../src/gitlab/types';
import { countLines, countPhrase } from '../../../src/app/subscriptions/countWording';
import { heldSummary } from '../../../src/app/todos/newTodos';
import { changeCount, exportedText } from '../../../src/app/settings/profile';
import { thingCount } from '../../../src/app/subscriptions/subscriptionWords';
import { continueRowText } from '../../../src/ui/lists/listRowText';
import { formatDay } from '../../../src/app/calendar';
import { AmbiguousScope, describeError } from '../../../src/app/settings/errorInfo';
import { GitLabError } from '../../../src/gitlab/errors';

// Counts inside text follow the display language (German groups thousands with ".", Chinese and English with ","),
// through `formatCount`; IDs, status codes and years stay plain digits. The English messages are kept (no bundle here)
// so that only the numbers differ.
const german = inLanguage(formatMessage, 'de');
const chinese = inLanguage(formatMessage, 'zh-cn');

describe('counts in text follow the display language', () => {
  it('the subscriptions\' counts of the overview and the status bar', () => {
    assert.equal(countPhrase({ issue: 12_345, label: 1_001 }, german), '12.345 issues and 1.001 labels');
    assert.equal(countPhrase({ mergeRequest: 2_500 }, chinese), '2,500 merge requests');
    assert.ok(countLines({ kind: 'project' }, { counts: { issue: 1_234 }, notCounted: [] }, german).some((line) => line.includes('1.234 issues')));
    assert.equal(thingCount(4_321, german), '4.321 things');
  });

  it('the summary of to-dos held outside working hours', () => {
    assert.equal(heldSummary(1_234, german), 'You have 1.234 new to-dos from outside your working hours.');
  });

  it('a push\'s commits, the lists\' Continue row and the profile\'s changes', () => {
    const push = { id: 1, action_name: 'pushed to', created_at: '2026-11-03T10:00:00Z', author_id: 7,
      push_data: { action: 'pushed', ref_type: 'branch', ref: 'main', commit_count: 1_500 } } as unknown as GitLabEvent;
    assert.equal(describeEvent(push, german).action, 'pushed 1.500 commits to branch main');
    assert.deepEqual(continueRowText({ requests: 1_000, found: 25_000 }, german),
      { label: 'Continue', description: '1.000 pages read, 25.000 matching so far' });
    assert.equal(changeCount(1_234, german), '1.234 changes');
    assert.equal(exportedText(1_234, 'profile.json', german), 'Exported the notification profile of 1.234 scopes to profile.json.');
  });

  it('a message takes no bare number: each is a count (formatCount) or plain digits by choice (String)', () => {
    // @ts-expect-error a bare number would reach the message unformatted
    assert.equal(german('{0} events', 1_234), '1234 events');
  });

  it('leaves years, status codes and IDs as plain digits', () => {
    // 3 Nov 2026 as an English date (no Intl date in English): the year is not "2,026".
    assert.equal(formatDay(Date.UTC(2026, 10, 3) / 86_400_000, inLanguage(formatMessage, 'en')), 'Tue 3 Nov 2026');
    assert.equal(new AmbiguousScope(12_345, german).message, 'Both a group and a project have the ID 12345: choose which under Kind.');
    assert.match(describeError(new GitLabError('server', 'boom', { status: 503 }), 'load', german).message, /\(HTTP 503\)/);
    // A wait in seconds is a count: an hour's is grouped.
    assert.match(describeError(new GitLabError('rateLimited', 'slow', { retryAfterMs: 3_600_000 }), 'load', german).message, /in 3\.600 s\./);
  });
});
