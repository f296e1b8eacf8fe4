import assert from 'node:assert/strict';
import {
  countedEvents, feedUnder, isEventsRequest, useVscodeSession, waitFor, waitForExtensionRequest, waitForFeedFromDouble, type LogLine, type VscodeSession,
} from './harness';
import { VIEW_CONTAINER } from './harness/workbench';

const ACTIVATED = /^Activated in (\d+(?:\.\d+)?) ms \(returned at \d+\)$/;

function activations(session: VscodeSession): LogLine[] {
  return session.extensionLogLines().filter((line) => ACTIVATED.test(line.message));
}

describe('extension lifecycle', function () {
  this.timeout(90_000);
  const session = useVscodeSession({
    name: 'lifecycle',
    env: { GITLAB_ACTIVITY_TOKEN: 'glpat-test-token' },
    settings: { 'gitlabActivity.pageSize': 5 },
  });

  it('activation returns before any request: with GitLab slow to answer, it is quick and precedes the first request', async function () {
    const { workbench, double } = session();
    await workbench.openViewContainer(VIEW_CONTAINER);
    await waitForFeedFromDouble(session(), { parent: 'My Activity', apiPath: '/events', perPage: 5 });
    const before = activations(session()).length;

    // Every answer now takes 1.5 s: an activation that waited for one could not finish sooner.
    const latencyMs = 1_500;
    double!.inject({ fault: { kind: 'latency', ms: latencyMs }, times: Infinity });
    try {
      const since = Date.now();
      await session().reload();
      const first = await double!.waitForArrival((r) => r.at >= since && r.auth === 'private-token', 30_000);
      const activation = await waitFor('the "Activated in" line of the reloaded window', () => activations(session())[before], {
        timeoutMs: 30_000,
      });
      const activationMs = Number(ACTIVATED.exec(activation.message)![1]);
      assert.ok(activationMs < latencyMs, `activation took ${activationMs} ms`);
      // The line carries the epoch time taken as activate() returned (the log's own time is stamped later, where the
      // line is written); the double stamps each request as it arrives, on the same machine's clock.
      const returnedAt = Number(/\(returned at (\d+)\)/.exec(activation.message)![1]);
      assert.ok(
        returnedAt <= first.at,
        `the first request (${first.method} ${first.rawPath}) arrived ${returnedAt - first.at} ms before activation returned`,
      );
      await waitForFeedFromDouble(session(), { parent: 'My Activity', apiPath: '/events', perPage: 5 });
    } finally {
      double!.clearFaults();
    }
  });

  it('after a reload, shows the last session\'s first page at once, marked as from earlier, until the held first answer replaces it', async function () {
    const { workbench, double } = session();
    await workbench.openViewContainer(VIEW_CONTAINER);
    await waitForFeedFromDouble(session(), { parent: 'My Activity', apiPath: '/events', perPage: 5 });

    // The double holds every events answer for 15 s: rows drawn before then cannot come from this session's requests.
    const holdMs = 15_000;
    double!.inject({ fault: { kind: 'latency', ms: holdMs }, path: '/events', times: Infinity });
    try {
      const since = Date.now();
      await session().reload();
      const earlier = await workbench.waitForTree('My Activity\'s rows from earlier', (items) => {
        const feed = feedUnder(items, 'My Activity');
        const rows = feed?.events.filter((row) => row.description.endsWith('from earlier') && row.ariaLabel.endsWith(', from earlier'));
        return rows && rows.length > 0 ? rows : undefined;
      }, 60_000);
      const asked = double!.requests.filter((r) => r.at >= since && isEventsRequest(r));
      assert.ok(asked.every((r) => Date.now() < r.at + holdMs), 'drawn before any events answer could have come');
      assert.ok(earlier.length > 0);
      double!.clearFaults();
      // The held answer comes: the fresh page replaces the rows from earlier.
      await workbench.waitForTree('My Activity\'s fresh rows', (items) => {
        const feed = feedUnder(items, 'My Activity');
        return feed && feed.events.length > 0 && feed.events.every((row) => !row.description.endsWith('from earlier')) ? true : undefined;
      }, 60_000);
    } finally {
      double!.clearFaults();
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
