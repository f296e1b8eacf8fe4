import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { economyBench } from './economy/economyBench';
import { pagesBench } from './pages/pagesBench';
import { overviewBench } from './pages/overviewBench';
import { tabLoadMoreBench } from './pages/tabLoadMoreBench';
import { halfTheFloorAtFour } from './pages/windowRace';
import type { FetchResult } from './fetch/fetchBench';
import { bundleProbe } from './lib/bundle';
import { runNodeChild } from './lib/child';
import { describeMachine } from './lib/machine';
import { figuresMarkdown } from './report/markdown';
import { economyTables, fetchTables, overviewTables, pagesTables, tabLoadMoreTables, workbenchTables, startupTables, treeTables } from './report/tables';
import type { BenchResults } from './results';
import { isolatedPackage } from './startup/isolatedPackage';
import { startupBench } from './startup/startupBench';
import { writeEventCorpus } from './tree/eventCorpus';
import { treeBench } from './tree/treeBench';
import { workbenchBench } from './workbench/workbenchBench';
import { todoFirstPage, todoGoals, todoTables, todoViewBench } from './todos/todoBench';
import { todoLargeBench } from './todos/todoLargeBench';
import { subscriptionBench, subscriptionGoals, subscriptionTables } from './subscriptions/subscriptionBench';
import { feedBench } from './feeds/feedBench';
import { feedGoals, feedTables } from './feeds/feedReport';
import { catchUpBench, catchUpGoals, catchUpTables } from './catchUp/catchUpBench';

/**
 * npm run bench [-- --only fetch,tree,pages,workbench,startup,economy,todos,subscriptions,feeds,catchUp] [--rounds N] [--runs N] [--update-readme] [--keep]
 *
 * Every timing is reported next to something measured in the same run (a floor, a peer, an empty module), since
 * absolute times depend on the machine and on what else it is doing. Prints tables; writes bench/results.json.
 */

const SECTIONS = ['fetch', 'tree', 'pages', 'workbench', 'startup', 'economy', 'todos', 'subscriptions', 'feeds', 'catchUp'] as const;
type Section = (typeof SECTIONS)[number];

const root = join(__dirname, '..');
const README = join(__dirname, 'README.md');
const FIGURES_START = '<!-- figures:start -->';
const FIGURES_END = '<!-- figures:end -->';

function options() {
  const { values } = parseArgs({
    options: {
      only: { type: 'string' },
      rounds: { type: 'string', default: '21' },
      runs: { type: 'string', default: '3' },
      'update-readme': { type: 'boolean', default: false },
      keep: { type: 'boolean', default: false },
    },
  });
  const only = values.only ? values.only.split(',').map((s) => s.trim()) : [...SECTIONS];
  const unknown = only.filter((s) => !(SECTIONS as readonly string[]).includes(s));
  if (unknown.length > 0) throw new Error(`Unknown section(s) ${unknown.join(', ')}; use ${SECTIONS.join(', ')}.`);
  const rounds = Number(values.rounds);
  if (!Number.isInteger(rounds) || rounds < 3) throw new Error('--rounds must be a whole number of at least 3.');
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 3) throw new Error('--runs must be a whole number of at least 3.');
  return { only: new Set(only as Section[]), rounds, runs, updateReadme: values['update-readme'], keep: values.keep };
}

function commit(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

function goals(results: BenchResults): BenchResults['goals'] {
  const list: BenchResults['goals'] = [];
  const f = results.fetch;
  if (f) {
    list.push({ goal: `fetch: client ÷ floor ${f.clientOverFloor.goal}`, value: f.clientOverFloor.median.toFixed(2), met: f.clientOverFloor.met });
    list.push({ goal: `fetch: client ÷ peer ${f.clientOverPeer.goal}`, value: f.clientOverPeer.median.toFixed(2), met: f.clientOverPeer.met });
    const overFetchFloor = f.fetchClientOverFetchFloor;
    list.push({ goal: `fetch: client over FetchExchange ÷ fetch floor ${overFetchFloor.goal} (Node's fetch)`, value: overFetchFloor.median.toFixed(2), met: overFetchFloor.met });
    const connections = f.contenders.client.freshListing.connectionsPerListing;
    list.push({ goal: 'fetch: one connection when paging sequentially', value: connections.join('/'), met: connections.every((c) => c === 1) });
  }
  if (results.tree) list.push(...results.tree.goals);
  const p = results.pages;
  if (p) {
    const half = halfTheFloorAtFour('pages', `${p.pages} pages, ${p.latencyMs} ms latency`, p);
    if (half) list.push(half);
    list.push({ goal: 'pages: never more requests in flight than the window', value: p.windows.map((w) => `${w.window}→${w.peakInFlight}`).join(', '),
      met: p.windows.every((w) => w.peakInFlight <= w.window) });
    list.push({ goal: 'pages: the same events in the same order as the floor, every window', value: p.windows.map((w) => `${w.window}: ${w.sameEvents ? 'same' : 'DIFFERENT'}`).join(', '),
      met: p.windows.every((w) => w.sameEvents) });
    list.push({ goal: 'pages: the window halves on a 429', value: `${p.rateLimited.status429} × 429; window ${p.rateLimited.windows.join(' → ')}; events ${p.rateLimited.sameEvents ? 'same' : 'DIFFERENT'}`,
      met: p.rateLimited.windows[1] === 4 && p.rateLimited.sameEvents });
  }
  const o = results.overview;
  if (o) {
    const half = halfTheFloorAtFour('overview', `${o.requests} requests, ${o.latencyMs} ms latency`, o);
    if (half) list.push(half);
    list.push({ goal: 'overview: never more requests in flight than the window, the same rows and levels', value: o.windows.map((w) => `${w.window}→${w.peakInFlight} ${w.sameEvents ? 'same' : 'DIFFERENT'}`).join(', '),
      met: o.windows.every((w) => w.peakInFlight <= w.window && w.sameEvents) });
  }
  const l = results.tabLoadMore;
  if (l) {
    const half = halfTheFloorAtFour('tab Load more', `Wiki tab, ${l.pages} pages of 20, ${l.latencyMs} ms latency`, l);
    if (half) list.push(half);
    list.push({ goal: 'tab Load more: never more requests in flight than the window, the same events', value: l.windows.map((w) => `${w.window}→${w.peakInFlight} ${w.sameEvents ? 'same' : 'DIFFERENT'}`).join(', '),
      met: l.windows.every((w) => w.peakInFlight <= w.window && w.sameEvents) });
  }
  const w = results.workbench;
  if (w) list.push(...w.goals);
  if (results.todos) list.push(...todoGoals(results.todos));
  if (results.subscriptions) list.push(...subscriptionGoals(results.subscriptions));
  if (results.feeds) list.push(...feedGoals(results.feeds));
  if (results.catchUp) list.push(...catchUpGoals(results.catchUp));
  const e = results.economy?.extension;
  if (e) {
    const duplicated = e.start.duplicated.length + e.perPollCycle.duplicated.length;
    list.push({ goal: 'requests: none duplicated', value: `${duplicated}`, met: duplicated === 0 });
  }
  const slow = results.economy?.pure.startWithSlowProjectLookup;
  if (slow) {
    list.push({
      goal: 'requests: none duplicated when a project lookup is slow', value: slow.sameProjectTwice.join('; ') || 'none',
      met: slow.sameProjectTwice.length === 0 && slow.duplicated.length === 0,
    });
  }
  return list;
}

async function main(): Promise<void> {
  const opts = options();
  const started = performance.now();
  const workDir = mkdtempSync(join(tmpdir(), 'gitlab-activity-bench-'));
  const progress = (line: string) => console.log(line);
  const results: BenchResults = {
    generatedAt: new Date().toISOString(), machine: describeMachine(), load: { before: loadavg(), after: [] }, commit: commit(),
    durationSeconds: 0, goals: [], errors: {},
  };
  const m = results.machine;
  console.log(`Benchmark on ${m.cpu}, ${m.cores} cores, Node ${m.node}; load average ${results.load.before.map((l) => l.toFixed(2)).join(' ')}`);

  const run = async (section: Section, body: () => Promise<void>) => {
    if (!opts.only.has(section)) return;
    const sectionStarted = performance.now();
    console.log(`\n[${section}]`);
    try {
      await body();
    } catch (error) {
      results.errors[section] = error instanceof Error ? error.stack ?? error.message : String(error);
      console.log(`  ${section} failed: ${results.errors[section]}`);
    }
    console.log(`  (${((performance.now() - sectionStarted) / 1000).toFixed(1)} s)`);
  };

  try {
    await run('fetch', async () => {
      // Bundled like the extension; the peer stays as published (loaded from node_modules).
      const probe = await bundleProbe(join(__dirname, 'fetch', 'fetchProbe.ts'), join(workDir, 'fetchProbe.cjs'), ['@gitbeaker/rest']);
      results.fetch = await runNodeChild<FetchResult>(probe, {
        args: [join(__dirname, 'fetch', 'doubleProcess.ts'), String(opts.rounds), '2'], forwardStderr: true, timeoutMs: 480_000, cwd: root,
        env: { ...process.env, NODE_PATH: join(root, 'node_modules') },
      });
      console.log(fetchTables(results.fetch));
    });
    await run('tree', async () => {
      const corpus = join(workDir, 'corpus.json');
      const written = await writeEventCorpus(corpus);
      progress(`  corpus: ${written.events} events of ${written.projects} projects from the double`);
      results.tree = await treeBench(corpus, workDir, progress);
      console.log(treeTables(results.tree));
    });
    await run('pages', async () => {
      results.pages = await pagesBench(opts.runs, progress);
      console.log(pagesTables(results.pages));
      results.overview = await overviewBench(opts.runs, progress);
      console.log(overviewTables(results.overview));
      results.tabLoadMore = await tabLoadMoreBench(opts.runs, progress);
      console.log(tabLoadMoreTables(results.tabLoadMore));
    });
    await run('workbench', async () => {
      results.workbench = await workbenchBench(root, opts.runs, progress);
      console.log(workbenchTables(results.workbench));
      // Not measured is not a pass: the run ends with an error code, the reason in the table and the goals.
      if (results.workbench.skipped) results.errors.workbench = `SKIPPED: ${results.workbench.skipped}`;
    });
    await run('startup', async () => {
      results.startup = await startupBench(root, workDir, 8, progress);
      console.log(startupTables(results.startup));
    });
    // Reuses the production build and stub of the start-up section, or makes them.
    const productionBundle = async () => {
      const packageDir = join(workDir, 'package');
      const stub = join(workDir, 'vscode-stub.cjs');
      if (!existsSync(join(packageDir, 'dist', 'extension.js'))) isolatedPackage(root, workDir);
      if (!existsSync(stub)) await bundleProbe(join(__dirname, 'startup', 'vscodeStubEntry.ts'), stub);
      return { packageDir, stub };
    };
    await run('economy', async () => {
      const { packageDir, stub } = await productionBundle();
      results.economy = await economyBench(packageDir, stub, workDir, progress);
      console.log(economyTables(results.economy));
    });
    await run('todos', async () => {
      const todos = await todoViewBench(workDir, opts.runs, progress);
      try {
        const { packageDir, stub } = await productionBundle();
        todos.firstPage = await todoFirstPage(packageDir, stub, workDir);
      } catch (error) {
        todos.firstPageError = error instanceof Error ? error.message : String(error);
      }
      try {
        todos.large = await todoLargeBench(workDir, progress);
      } catch (error) {
        todos.largeError = error instanceof Error ? error.message : String(error);
      }
      results.todos = todos;
      console.log(todoTables(todos));
    });
    await run('subscriptions', async () => {
      results.subscriptions = await subscriptionBench(opts.runs, progress);
      console.log(subscriptionTables(results.subscriptions));
    });
    await run('feeds', async () => {
      results.feeds = await feedBench(opts.runs, progress);
      console.log(feedTables(results.feeds));
    });
    await run('catchUp', async () => {
      results.catchUp = await catchUpBench(workDir, productionBundle, progress);
      console.log(catchUpTables(results.catchUp));
    });
  } finally {
    if (opts.keep) console.log(`\nWork files kept in ${workDir}`);
    else rmSync(workDir, { recursive: true, force: true });
  }

  results.load.after = loadavg();
  results.durationSeconds = Math.round((performance.now() - started) / 1000);
  results.goals = goals(results);
  console.log('\nGoals');
  for (const g of results.goals) console.log(`  ${g.met ? 'MET   ' : 'MISSED'}  ${g.goal}: ${g.value}`);
  writeFileSync(join(__dirname, 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\nWrote bench/results.json (${results.durationSeconds} s; load average now ${results.load.after.map((l) => l.toFixed(2)).join(' ')})`);

  if (opts.updateReadme) {
    const text = readFileSync(README, 'utf8');
    const start = text.indexOf(FIGURES_START);
    const end = text.indexOf(FIGURES_END);
    if (start < 0 || end < start) throw new Error(`bench/README.md has no ${FIGURES_START} … ${FIGURES_END} section.`);
    writeFileSync(README, `${text.slice(0, start + FIGURES_START.length)}\n${figuresMarkdown(results)}\n${text.slice(end)}`);
    console.log('Updated the figures in bench/README.md');
  }
  if (Object.keys(results.errors).length > 0) process.exitCode = 1;
}

main().then(
  // Pools of the peer's process-wide fetch dispatcher may linger; the results are written.
  () => process.exit(process.exitCode ?? 0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.stack : error);
    process.exit(1);
  },
);
