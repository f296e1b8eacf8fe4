import { join } from 'node:path';
import { GitLabDouble, type LoggedRequest } from '../../test/double';
import { bundleProbe } from '../lib/bundle';
import { runNodeChild } from '../lib/child';
import { TEST_POLL_FLOOR_ENV_VAR } from '../../src/ids';
import { TOKEN } from '../fetch/listers';
import type { DriverResult } from './extensionDriver';
import { ECONOMY_DOUBLE, ECONOMY_SOURCES, pureEconomy, type PureEconomyResult } from './pureEconomy';
import { tally, tallyPerCycle, type Tally } from './requestTally';

export interface ExtensionEconomy {
  start: Tally;
  pollCycles: number;
  perPollCycle: Tally;
  rows: Record<string, number>;
  statusBar: string[];
  renders: number;
  treeChanges: number;
  stubFallbacks: string[];
  messages: string[];
}

export interface EconomyResult {
  sources: { projects: string[]; users: string[] };
  pure: PureEconomyResult;
  /** The production bundle itself, activated with the stub API (undefined when that could not run). */
  extension?: ExtensionEconomy;
  extensionError?: string;
}

/** Poll cycles cut out of the request log: each cycle begins with a request for My Activity's newest events. */
function pollCycles(requests: LoggedRequest[]): LoggedRequest[][] {
  const cycles: LoggedRequest[][] = [];
  for (const r of requests) {
    if (r.path === '/api/v4/events' && r.query.page === '1' || cycles.length === 0) cycles.push([]);
    cycles[cycles.length - 1].push(r);
  }
  return cycles;
}

export async function economyBench(packageDir: string, stub: string, workDir: string, progress: (line: string) => void): Promise<EconomyResult> {
  const pure = await pureEconomy();
  progress(`  pure pieces: ${pure.start.total} requests to a filled tree, ${pure.perPollCycle.total} per poll cycle`);
  const result: EconomyResult = { sources: ECONOMY_SOURCES, pure };

  const driver = await bundleProbe(join(__dirname, 'extensionDriver.ts'), join(workDir, 'extensionDriver.cjs'), ['vscode']);
  const double = await GitLabDouble.start(ECONOMY_DOUBLE);
  try {
    const settings = {
      'gitlabActivity.instanceUrl': double.url,
      'gitlabActivity.projects': ECONOMY_SOURCES.projects,
      'gitlabActivity.users': ECONOMY_SOURCES.users,
      'gitlabActivity.pollInterval': 0,
    };
    const run = await runNodeChild<DriverResult>(driver, {
      args: [join(packageDir, 'dist', 'extension.js'), stub], timeoutMs: 60_000,
      env: {
        ...process.env, BENCH_PACKAGE_JSON: join(packageDir, 'package.json'), BENCH_VSCODE_SETTINGS: JSON.stringify(settings),
        GITLAB_ACTIVITY_TOKEN: TOKEN, GITLAB_ACTIVITY_INSTANCE_URL: double.url,
        // The driver polls at 1 s; outside tests the interval's floor is 30 s, and no cycle would come in its 3 s.
        [TEST_POLL_FLOOR_ENV_VAR]: '1',
      },
    });
    const within = (phase: { from: number; to: number }) => double.requests.filter((r) => r.at >= phase.from && r.at <= phase.to);
    const cycles = pollCycles(within(run.polling));
    result.extension = {
      start: tally(within(run.start)), pollCycles: cycles.length, perPollCycle: tallyPerCycle(cycles), rows: run.rows,
      statusBar: run.statusBar, renders: run.renders, treeChanges: run.treeChanges, stubFallbacks: run.fallbacks, messages: run.messages,
    };
    progress(`  extension bundle: ${result.extension.start.total} requests to a filled tree, ${result.extension.perPollCycle.total} per poll cycle`);
  } catch (error) {
    result.extensionError = error instanceof Error ? error.message : String(error);
    progress(`  extension bundle: could not run (${result.extensionError.split('\n')[0]})`);
  } finally {
    await double.close();
  }
  return result;
}
