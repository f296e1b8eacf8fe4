import assert from 'node:assert/strict';
import type { LoggedRequest } from '../double';
import { feedUnder, isEventsRequest, isSettled, useVscodeSession, waitFor, waitForExtensionRequest, waitForFeedFromDouble } from './harness';
import { VIEW_CONTAINER } from './harness/workbench';

const PAGE_SIZE = 5;
/** The new-activity check asks for the first 20 of My Activity; the tree asks for pages of PAGE_SIZE. */
const isCheck = (r: LoggedRequest) => isEventsRequest(r) && r.query.per_page === '20';

describe('new activity while the view is hidden', function () {
  this.timeout(150_000);
  const session = useVscodeSession({
    name: 'new-activity',
    env: { GITLAB_ACTIVITY_TOKEN: 'glpat-test-token' },
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

  it('backs off while GitLab fails, doubling the wait, and checks at the interval again once it recovers', async function () {
    const { workbench, double } = session();
    await workbench.openViewContainer('Explorer');
    const since = Date.now();
    double!.inject({ fault: { kind: 'status', status: 500 }, path: '/events', times: Infinity });
    const failed = await waitFor('four failed checks', () => {
      const checks = double!.requests.filter((r) => r.at >= since && isCheck(r) && r.status === 500);
      return checks.length >= 4 && checks.slice(0, 4);
    }, { timeoutMs: 40_000 });
    // Interval 1 s: after the first failure 2 s, then 4 s, then 8 s (answers are logged when sent; allow for that).
    const gaps = failed.slice(1).map((r, i) => r.at - failed[i].at);
    gaps.forEach((gap, i) => assert.ok(gap >= 1000 * 2 ** (i + 1) - 250, `wait ${i + 1} was ${gap} ms: ${gaps.join(', ')}`));

    double!.clearFaults();
    const recovered = Date.now();
    // The wait after four failures is 16 s; then checks come at the interval again.
    const first = await waitForExtensionRequest(double!, (r) => r.at >= recovered && isCheck(r) && r.status === 200, 30_000);
    const next = await waitForExtensionRequest(double!, (r) => r.at > first.at && isCheck(r) && r.status === 200, 10_000);
    assert.ok(next.at - first.at < 4_000, `after recovering, the next check came ${next.at - first.at} ms later`);
  });
});
