import assert from 'node:assert/strict';
import { ProjectDirectory } from '../../../src/app/projectDirectory';
import { GitLabDouble } from '../../double';
import { makeClient, TOKEN, type TestClient } from '../gitlab/helpers';

describe('project directory against the double: failed lookups', () => {
  let double: GitLabDouble;
  let client: TestClient;

  before(async () => {
    double = await GitLabDouble.start({ edition: 'ee', events: 20, seed: 3 });
    client = makeClient(double.url);
  });
  after(async () => {
    await client.close();
    await double.close();
  });
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
      assert.ok(notified >= 1);
    });
  }
});
