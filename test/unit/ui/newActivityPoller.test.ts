import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { GitLabError } from '../../../src/gitlab';
import { NewActivityPoller } from '../../../src/ui/activity/newActivityPoller';
import { useVirtualTimers } from './virtualTimers';

/**
 * The poller's waits on a virtual clock: its timers are recorded with their delays and run when the test says, so
 * the backoff is checked by what the poller asks for, not by how long a real wait took (the workbench suite only
 * follows the order of checks).
 */
describe('new activity poller', () => {
  const { pending, tick } = useVirtualTimers();
  let outcomes: Array<'fail' | 'ok' | 'unauthorized' | 'noPermission'>;
  let logged: string[];
  beforeEach(() => {
    outcomes = [];
    logged = [];
  });

  /** What a check meets at GitLab, as the test says. */
  const newActivity = {
    pending: undefined,
    async check() {
      const outcome = outcomes.shift() ?? 'ok';
      if (outcome === 'fail') throw new GitLabError('server', 'GitLab answered 500');
      if (outcome === 'unauthorized') throw new GitLabError('unauthorized', 'GitLab answered 401');
      if (outcome === 'noPermission') throw new GitLabError('forbidden', 'Sign in with … read_event. … "Event: Read"', { status: 403, missingPermissions: ['Event: Read'] });
    },
    show: () => undefined,
  };

  function poller(intervalSeconds = 1): NewActivityPoller {
    const view = vscode.window.createTreeView('gitlabActivity.activity', { treeDataProvider: {} as never });
    return new NewActivityPoller(view as never, {
      newActivity, ready: () => true, instanceUrl: () => 'https://gitlab.example.com', intervalSeconds: () => intervalSeconds,
      onUnauthorized: () => undefined, log: (line) => logged.push(line),
    });
  }

  it('checks at the interval, doubles the wait on each failure up to 16 times it, and is back at the interval after a success', async () => {
    const p = poller(1);
    p.restart();
    assert.equal(pending()[0]?.ms, 1000);
    outcomes = ['fail', 'fail', 'fail', 'fail', 'fail', 'ok', 'ok'];
    const waits: Array<number | undefined> = [];
    for (let i = 0; i < 7; i++) waits.push(await tick());
    assert.deepEqual(waits, [2000, 4000, 8000, 16000, 16000, 1000, 1000]);
    assert.deepEqual(outcomes, [], 'every check asked GitLab once');
    p.dispose();
  });

  it('stops on 401 and plans nothing more until restarted', async () => {
    const p = poller(1);
    p.restart();
    outcomes = ['unauthorized'];
    assert.equal(await tick(), undefined);
    p.restart();
    assert.equal(pending()[0]?.ms, 1000);
    p.dispose();
  });

  it('stops when a fine-grained token lacks the permission, says so once, and checks again after the next sign-in', async () => {
    const p = poller(1);
    p.restart();
    outcomes = ['noPermission'];
    assert.equal(await tick(), undefined, 'no backoff: the token will not gain the permission');
    assert.deepEqual(logged, ['New activity check stopped until the next sign-in: Sign in with … read_event. … "Event: Read"']);
    p.restart();
    assert.equal(pending()[0]?.ms, 1000);
    p.dispose();
  });
});
