import assert from 'node:assert/strict';
import { ConcurrencyLimit } from '../../../src/app/concurrencyLimit';
import { LOOKUP_WINDOW, ProjectDirectory } from '../../../src/app/projectDirectory';
import { GitLabDouble } from '../../double';
import { TOKEN, type TestClient, withDoubleAndClient } from '../gitlab/helpers';

describe('project directory against the double: failed lookups', () => {
  let double: GitLabDouble;
  let client: TestClient;

  withDoubleAndClient({ edition: 'ee', events: 20, seed: 3 }, (started, made) => { double = started; client = made; });
  beforeEach(() => {
    double.clearFaults();
    double.clearLog();
  });

  const lookups = (ref: string) => double.requests.filter((r) => r.path === `/api/v4/projects/${ref}`);

  for (const [name, fault] of [
    ['a network failure', { kind: 'reset' }],
    ['a rate limit (429)', { kind: 'rateLimit', style: 'bare' }],
    ['a rejected token (401)', { kind: 'status', status: 401 }],
  ] as const) {
    it(`${name} is logged with its kind, not retried on redraws, and retried after forgetFailures (Refresh)`, async () => {
      const warnings: string[] = [];
      const directory = new ProjectDirectory(() => client.client, (line) => warnings.push(line));
      let notified = 0;
      directory.onDidChange(() => notified++);
      double.inject({ fault, path: '/projects/acme/website', times: Infinity });

      await directory.resolve(['acme/website']);
      assert.equal(directory.get('acme/website'), undefined);
      // Nothing became known: the lists that name projects are not drawn again.
      assert.equal(notified, 0, 'a failed lookup told the lists a project became known');
      assert.equal(warnings.length, 1, warnings.join('\n'));
      const kind = fault.kind === 'reset' ? 'network' : fault.kind === 'rateLimit' ? 'rateLimited' : 'unauthorized';
      assert.match(warnings[0], new RegExp(`^Looking up project acme/website failed \\(${kind}\\): .+`));
      assert.ok(!warnings[0].includes(TOKEN), 'the token is in the log line');
      const asked = lookups('acme/website').length;
      assert.ok(asked >= 1);

      // A redraw asks again: the failure is remembered, GitLab is not asked.
      await directory.resolve(['acme/website']);
      assert.equal(lookups('acme/website').length, asked);

      // GitLab recovers; a Refresh forgets the failure and the next redraw finds the project.
      double.clearFaults();
      directory.forgetFailures();
      await directory.resolve(['acme/website']);
      assert.equal(lookups('acme/website').length, asked + 1);
      assert.equal(directory.get('acme/website')?.path_with_namespace, 'acme/website');
      assert.equal(warnings.length, 1);
      assert.equal(notified, 1);
    });
  }
});

describe('project directory against the double: lookups in flight', () => {
  let double: GitLabDouble;
  let client: TestClient;
  withDoubleAndClient({ edition: 'ee', events: 20, seed: 3 }, (started, made) => { double = started; client = made; });

  it(`looks up a long list of projects (a workspace's settings may name thousands) at most ${LOOKUP_WINDOW} at a time, each once`, async () => {
    // A far-away server: every answer waits, so lookups overlap as far as the directory lets them.
    double.inject({ fault: { kind: 'latency', ms: 25 }, path: /^\/projects\//, times: Infinity });
    const refs = [...Array.from({ length: 60 }, (_, i) => `acme/project-${i}`), 'acme/website', '1'];
    const warnings: string[] = [];
    const directory = new ProjectDirectory(() => client.client, (line) => warnings.push(line));
    double.clearLog();
    await Promise.all([directory.resolve(refs), directory.resolve(refs.slice(0, 10))]);
    const asked = double.requests.filter((r) => r.path.startsWith('/api/v4/projects/'));
    assert.equal(asked.length, refs.length, 'each project asked for once');
    assert.ok(double.peakInFlight <= LOOKUP_WINDOW, `${double.peakInFlight} lookups in flight`);
    assert.ok(double.peakInFlight > 1, 'lookups never overlapped');
    assert.equal(directory.get('acme/website')?.id, 1);
    assert.equal(warnings.length, 60, 'the projects that do not exist are logged');
  });
});

describe('concurrency limit', () => {
  it('runs at most its limit at once, the others in the order they came, and passes results and failures through', async () => {
    const limit = new ConcurrencyLimit(2);
    let running = 0;
    let peak = 0;
    const started: number[] = [];
    const task = (n: number) => limit.run(async () => {
      started.push(n);
      peak = Math.max(peak, ++running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running -= 1;
      if (n === 3) throw new Error('three');
      return n * 10;
    });
    const results = await Promise.allSettled([1, 2, 3, 4, 5].map(task));
    assert.equal(peak, 2);
    assert.deepEqual(started, [1, 2, 3, 4, 5]);
    assert.deepEqual(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message)), [10, 20, 'three', 40, 50]);
    assert.equal(limit.queued, 0);
    assert.throws(() => new ConcurrencyLimit(0), /at least 1/);
  });
});
