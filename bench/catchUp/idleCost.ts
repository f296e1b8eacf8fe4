import { join } from 'node:path';
import { TEST_POLL_FLOOR_ENV_VAR } from '../../src/ids';
import { GitLabDouble, type LoggedRequest } from '../../test/double';
import { settingKey } from '../../test/double/world/types';
import { tallyPerCycle } from '../economy/requestTally';
import { TOKEN } from '../fetch/listers';
import { bundleProbe } from '../lib/bundle';
import { runNodeChild } from '../lib/child';
import type { IdleDriverResult } from './idleDriver';

/**
 * The requests of an idle hour for an account with 50 active things (catch-up note §5: about 30 merge requests and
 * 20 issues by role, 3 projects at Watch), counted at the double: the production bundle under the stub API, the
 * Activity and Catch Up views drawn, then polling at 1 s with nothing new, first with the Catch Up view out of sight
 * (the other lists' polls alone), then in sight. Cycles are cut where My Activity's check asks for its newest page.
 */

export interface IdleCost {
  activeThings: number;
  cycles: number;
  catchUpRows: number;
  defaultIntervalSeconds: number;
  /** Requests a cycle with the Catch Up view in sight: all, the participation read, the rest; and the rest without it. */
  perCycle: { total: number; participation: number; others: number; othersHidden: number; catchUpOther: number };
  perHour: { atDefault: number; atFiveMinutes: number };
  requests: Array<{ request: string; count: number }>;
  /** The same with the Catch Up view out of sight. */
  requestsHidden: Array<{ request: string; count: number }>;
  cyclesHidden: number;
}

const DEFAULT_INTERVAL_SECONDS = 120;

function cyclesOf(requests: LoggedRequest[]): LoggedRequest[][] {
  const cycles: LoggedRequest[][] = [];
  for (const r of requests) {
    if ((r.path === '/api/v4/events' && r.query.page === '1' && r.query.scope === undefined) || cycles.length === 0) cycles.push([]);
    cycles[cycles.length - 1].push(r);
  }
  return cycles;
}

const isParticipation = (r: LoggedRequest) => r.path === '/api/graphql' && (r.body ?? '').includes('catchUpParticipation');

export async function idleCost(packageDir: string, stub: string, workDir: string): Promise<IdleCost> {
  const driver = await bundleProbe(join(__dirname, 'idleDriver.ts'), join(workDir, 'catchUpIdleDriver.cjs'), ['vscode']);
  const now = new Date();
  const double = await GitLabDouble.start({ events: 400, seed: 1 });
  try {
    const data = double.data;
    const readable = (i: { projectId: number | null }) => i.projectId !== null && i.projectId !== 7;
    const recent = (i: number) => new Date(now.getTime() - (i + 1) * 600_000).toISOString();
    const mrs = data.issuables.filter((i) => i.model === 'MergeRequest' && readable(i)).slice(0, 30);
    const issues = data.issuables.filter((i) => i.model === 'Issue' && readable(i) && i.issueType !== 'EPIC').slice(0, 20);
    [...mrs, ...issues].forEach((item, i) => {
      item.assigneeIds = [...new Set([...(item.assigneeIds ?? []), 1])];
      item.updatedAt = recent(i);
    });
    for (const id of [1, 2, 4]) data.settings[settingKey(1, { kind: 'project', id })] = { level: 'watch', events: {} };
    const settings = { 'gitlabActivity.instanceUrl': double.url, 'gitlabActivity.pollInterval': 0 };
    const run = await runNodeChild<IdleDriverResult>(driver, {
      args: [join(packageDir, 'dist', 'extension.js'), stub], timeoutMs: 120_000,
      env: {
        ...process.env, BENCH_PACKAGE_JSON: join(packageDir, 'package.json'), BENCH_VSCODE_SETTINGS: JSON.stringify(settings),
        GITLAB_ACTIVITY_TOKEN: TOKEN, GITLAB_ACTIVITY_INSTANCE_URL: double.url, [TEST_POLL_FLOOR_ENV_VAR]: '1',
      },
    });
    const within = (phase: { from: number; to: number }) => double.requests.filter((r) => r.at >= phase.from && r.at <= phase.to);
    const hidden = cyclesOf(within(run.hidden));
    const shown = cyclesOf(within(run.shown));
    const all = tallyPerCycle(shown);
    const participation = shown.flat().filter(isParticipation).length / shown.length;
    const others = all.total - participation;
    const hiddenTally = tallyPerCycle(hidden);
    const othersHidden = hiddenTally.total;
    const perCycle = { total: all.total, participation, others, othersHidden, catchUpOther: Math.max(0, others - othersHidden) };
    return {
      activeThings: mrs.length + issues.length, cycles: shown.length, catchUpRows: run.catchUpRows, defaultIntervalSeconds: DEFAULT_INTERVAL_SECONDS,
      perCycle, perHour: { atDefault: Math.round(all.total * 3600 / DEFAULT_INTERVAL_SECONDS), atFiveMinutes: Math.round(all.total * 12) },
      requests: all.requests, requestsHidden: hiddenTally.requests, cyclesHidden: hidden.length,
    };
  } finally {
    await double.close();
  }
}
