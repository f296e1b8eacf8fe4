import assert from 'node:assert/strict';
import type { LoggedRequest } from '../double';
import {
  extensionRequests, feedUnder, isEventsRequest, isSettled, useSignedInSession, waitFor, waitForExtensionRequest, waitForFeedFromDouble,
} from './harness';
import { VIEW_CONTAINER } from './harness/workbench';

const PAGE_SIZE = 5;
/** The new-activity check asks for the first 20 of My Activity; the tree asks for pages of PAGE_SIZE. */
const isCheck = (r: LoggedRequest) => isEventsRequest(r) && r.query.per_page === '20';

describe('new activity while the view is hidden', function () {
  this.timeout(150_000);
  const session = useSignedInSession({
    name: 'new-activity',
    settings: { 'gitlabActivity.pageSize': PAGE_SIZE, 'gitlabActivity.pollInterval': 1 },
  });
  // The item's label grows with the badge: "GitLab - 2 new GitLab events".
  const badge = () => session().workbench.activityBarBadge(VIEW_CONTAINER);

  it('counts new events on the container\'s badge; once the view is seen they show, marked unread, until marked as seen', async function () {
    const { workbench, double } = session();
    await workbench.openViewContainer(VIEW_CONTAINER);
    await waitForFeedFromDouble(session(), { parent: 'My Activity', apiPath: '/events', perPage: PAGE_SIZE });
    await workbench.openViewContainer('Explorer');

    double!.addEvent({ action: 'created', targetType: 'Issue', targetTitle: 'Fresh issue one' });
    double!.addEvent({ action: 'created', targetType: 'Issue', targetTitle: 'Fresh issue two' });
    await waitFor('the badge to count 2 new events', async () => (await badge().textContent().catch(() => ''))?.trim() === '2');
    await workbench.screenshot('new-activity-badge');

    // The badge is the unread count: the new events, now shown and marked, still count until marked as seen.
    await workbench.openViewContainer(VIEW_CONTAINER);
    await workbench.waitForTree('My Activity to show the new events, marked unread', (items) => {
      const feed = feedUnder(items, 'My Activity');
      return isSettled(feed) && ['Fresh issue one', 'Fresh issue two'].every((title) =>
        feed.events.some((row) => row.label.includes(title) && row.ariaLabel.startsWith('Unread: ')));
    });
    assert.equal((await badge().textContent())?.trim(), '2');
    await workbench.clickViewTitleAction('Mark All as Seen');
    await waitFor('the badge to clear', async () => !(await badge().isVisible()) || (await badge().textContent())?.trim() === '');
  });

  // The lengths of the waits belong to the unit tests of PollSchedule and NewActivityPoller (a virtual clock); here,
  // the poller's own account of them in the log, and its recovery, in the order they must come.
  it('backs off while GitLab fails, doubling the wait, and checks at the interval again once it recovers', async function () {
    const { workbench, double } = session();
    await workbench.openViewContainer('Explorer');
    const since = Date.now();
    const failures = () => session().extensionLogLines()
      .filter((line) => line.at >= since - 1_000 && /^New activity check failed; next in \d+ s/.test(line.message))
      .map((line) => Number(/next in (\d+) s/.exec(line.message)![1]));
    double!.inject({ fault: { kind: 'status', status: 500 }, path: '/events', times: Infinity });
    const waits = await waitFor('two failed checks in the log', () => failures().length >= 2 && failures().slice(0, 2), { timeoutMs: 40_000 });
    assert.deepEqual(waits, [2, 4], 'the waits after the first two failures');
    const failed = extensionRequests(double!, (r) => r.at >= since && isCheck(r) && r.status === 500);
    assert.ok(failed.length >= 2, `${failed.length} failed checks`);

    double!.clearFaults();
    const recovered = Date.now();
    const first = await waitForExtensionRequest(double!, (r) => r.at >= recovered && isCheck(r) && r.status === 200, 30_000);
    await waitForExtensionRequest(double!, (r) => r.at > first.at && isCheck(r) && r.status === 200, 30_000);
    const failedSince = failures().length;
    assert.equal(failedSince, 2, 'a check failed after GitLab recovered');
  });
});
