import assert from 'node:assert/strict';
import {
  countedEvents, feedUnder, isEventsRequest, useSignedInSession, waitFor, waitForExtensionRequest, waitForFeedFromDouble, type LogLine, type VscodeSession,
} from './harness';
import { VIEW_CONTAINER } from './harness/workbench';

const ACTIVATED = /^Activated in (\d+(?:\.\d+)?) ms in the Node extension host \(returned at \d+\)$/;
/** Longer than any test waits: a held answer comes only when the test releases it. */
const HOLD_MS = 300_000;

function activations(session: VscodeSession): LogLine[] {
  return session.extensionLogLines().filter((line) => ACTIVATED.test(line.message));
}

describe('extension lifecycle', function () {
  this.timeout(90_000);
  const session = useSignedInSession({
    name: 'lifecycle',
    settings: { 'gitlabActivity.pageSize': 5 },
  });

  // How quick activation is belongs to the startup bench (bench/startup); here, only the order of events.
  it('activation returns before any request: with GitLab slow to answer, it precedes the first request', async function () {
    const { workbench, double } = session();
    await workbench.openViewContainer(VIEW_CONTAINER);
    await waitForFeedFromDouble(session(), { parent: 'My Activity', apiPath: '/events', perPage: 5 });
    const before = activations(session()).length;

    // Every answer is held until released: an activation that waited for one could not return.
    double!.inject({ fault: { kind: 'latency', ms: HOLD_MS }, times: Infinity });
    try {
      const since = Date.now();
      await session().reload();
      const first = await double!.waitForArrival((r) => r.at >= since && r.auth === 'private-token', 30_000);
      const activation = await waitFor('the "Activated in" line of the reloaded window', () => activations(session())[before], {
        timeoutMs: 30_000,
      });
      // The line carries the epoch time taken as activate() returned (the log's own time is stamped later, where the
      // line is written); the double stamps each request as it arrives, on the same machine's clock.
      const returnedAt = Number(/\(returned at (\d+)\)/.exec(activation.message)![1]);
      assert.ok(
        returnedAt <= first.at,
        `the first request (${first.method} ${first.rawPath}) arrived ${returnedAt - first.at} ms before activation returned`,
      );
      assert.equal(double!.requests.filter((r) => r.at >= since && r.status !== 0).length, 0, 'an answer came while held');
    } finally {
      double!.clearFaults();
      double!.releaseHeld();
    }
    // A reload of the page, unlike "Reload Window", does not let the workbench write its state first: it may come
    // back with the side bar it last wrote (the Explorer, where the suites before left it).
    await workbench.openViewContainer(VIEW_CONTAINER);
    await waitForFeedFromDouble(session(), { parent: 'My Activity', apiPath: '/events', perPage: 5 });
  });

  it('after a reload, shows the last session\'s first page at once, marked as from earlier, until the held first answer replaces it', async function () {
    const { workbench, double } = session();
    await workbench.openViewContainer(VIEW_CONTAINER);
    await waitForFeedFromDouble(session(), { parent: 'My Activity', apiPath: '/events', perPage: 5 });

    // The double holds every events answer until released: rows drawn meanwhile cannot come from this session's requests.
    double!.inject({ fault: { kind: 'latency', ms: HOLD_MS }, path: '/events', times: Infinity });
    try {
      const since = Date.now();
      await session().reload();
      await workbench.openViewContainer(VIEW_CONTAINER); // the page's reload may bring the Explorer back (see above)
      const earlier = await workbench.waitForTree('My Activity\'s rows from earlier', (items) => {
        const feed = feedUnder(items, 'My Activity');
        const rows = feed?.events.filter((row) => row.description.endsWith('from earlier') && row.ariaLabel.endsWith(', from earlier'));
        return rows && rows.length > 0 ? rows : undefined;
      }, 60_000);
      const answered = double!.requests.filter((r) => r.at >= since && isEventsRequest(r) && r.status !== 0);
      assert.deepEqual(answered.map((r) => r.rawPath), [], 'drawn after an events answer came');
      assert.ok(earlier.length > 0);
      double!.clearFaults();
      // The held answer comes: the fresh page replaces the rows from earlier.
      double!.releaseHeld();
      await workbench.waitForTree('My Activity\'s fresh rows', (items) => {
        const feed = feedUnder(items, 'My Activity');
        return feed && feed.events.length > 0 && feed.events.every((row) => !row.description.endsWith('from earlier')) ? true : undefined;
      }, 60_000);
    } finally {
      double!.clearFaults();
      double!.releaseHeld();
    }
  });

  it('picks up a change of gitlabActivity.pageSize without a reload: the next request asks for the new page size', async function () {
    const { workbench, double } = session();
    await workbench.openViewContainer(VIEW_CONTAINER);
    await waitForFeedFromDouble(session(), { parent: 'My Activity', apiPath: '/events', perPage: 5 });
    const windows = activations(session()).length;

    const since = Date.now();
    await workbench.changeSettingInSettingsEditor('gitlabActivity.pageSize', '3');
    const request = await waitForExtensionRequest(double!, (r) => r.at >= since && isEventsRequest(r));
    assert.deepEqual(request.query, { page: '1', per_page: '3' });
    const { feed } = await waitForFeedFromDouble(session(), { parent: 'My Activity', apiPath: '/events', perPage: 3 });
    assert.equal(countedEvents(feed), 3);
    assert.equal(activations(session()).length, windows, 'the window was reloaded');
    await workbench.screenshot('lifecycle-page-size');
  });
});
