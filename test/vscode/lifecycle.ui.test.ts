import assert from 'node:assert/strict';
import {
  countedEvents, isEventsRequest, useVscodeSession, waitFor, waitForExtensionRequest, waitForFeedFromDouble, type LogLine, type VscodeSession,
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
