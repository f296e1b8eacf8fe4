import { join } from 'node:path';
import { bundleProbe } from '../lib/bundle';
import { runNodeChild } from '../lib/child';
import { summarize, type Summary } from '../lib/stats';
import type { TreeProbeResult } from './treeProbe';

export const TREE_SIZES = [1_000, 10_000, 100_000] as const;
/** Fresh processes per size: the first build (cold code) happens once per process, so each headline is min/median/max of these. */
export const TREE_PROCESSES = 3;
/**
 * The first build of 10,000 events against its floor (a bare `TreeItem` per event, the first time, in the same
 * process): the goal was 50 ms when the floor measured 0.7 ms on a quiet machine, ×70; the tree's first build was then
 * ×45–57 (2026-11-29).
 */
export const FIRST_BUILD_OVER_FLOOR = 70;

export interface TreeSize {
  events: number;
  runs: TreeProbeResult[];
  /** Across the runs (one per process). */
  firstBuild: Summary;
  /** Its floor, a bare `TreeItem` per event, the first time in the same process (see `TreeProbeResult`), and warm. */
  floorFirst: Summary;
  floorWarm: Summary;
  /** Each process's first build ÷ its floor. */
  firstOverFloor: Summary;
  /** Opening the largest collapsed day group after the first build, the first time (see `TreeProbeResult`). */
  firstOpenOne: Summary;
  firstOpenAll: Summary;
  /** Medians of each run's warm figures, across runs. */
  warm: Summary;
  warmCpu: Summary;
  refresh: Summary;
  openAll: Summary;
  resolveOne: Summary;
  treeBytesPerEvent: Summary;
  eventBytesPerEvent: Summary;
}

export interface TreeGoal {
  goal: string;
  value: string;
  met: boolean;
}

export interface TreeResult {
  sizes: TreeSize[];
  goals: TreeGoal[];
  /** Per-event cost at 100,000 ÷ at 10,000 (first build, warm build, every group opened; median figures). */
  growth: { firstBuild: number; warm: number; openAll: number };
}

const median = (s: Summary) => s.median;
const mmm = (s: Summary, digits = 1) => `${s.min.toFixed(digits)} / ${s.median.toFixed(digits)} / ${s.max.toFixed(digits)} ms`;

/**
 * Each size in fresh `node --expose-gc` processes, so heap figures and first builds are not shared. The probe is the
 * real provider, bundled like the production extension with `vscode` answered by the bench's stub.
 */
export async function treeBench(corpusFile: string, workDir: string, progress: (line: string) => void): Promise<TreeResult> {
  const probe = await bundleProbe(join(__dirname, 'treeProbe.ts'), join(workDir, 'treeProbe.cjs'), [],
    { vscode: join(__dirname, '..', 'startup', 'vscodeStub.ts') });
  const sizes: TreeSize[] = [];
  for (const size of TREE_SIZES) {
    const rounds = size >= 100_000 ? 3 : size >= 10_000 ? 10 : 30;
    const runs: TreeProbeResult[] = [];
    for (let p = 0; p < TREE_PROCESSES; p++) {
      runs.push(await runNodeChild<TreeProbeResult>(probe, {
        nodeArgs: ['--expose-gc'], args: [corpusFile, String(size), String(rounds)], timeoutMs: 240_000,
      }));
    }
    const s: TreeSize = {
      events: size, runs,
      firstBuild: summarize(runs.map((r) => r.firstBuildMs)), floorFirst: summarize(runs.map((r) => r.floorFirstMs)),
      floorWarm: summarize(runs.map((r) => r.floorWarm.median)), firstOverFloor: summarize(runs.map((r) => r.firstBuildMs / r.floorFirstMs)),
      firstOpenAll: summarize(runs.map((r) => r.firstOpenAllMs)),
      firstOpenOne: summarize(runs.map((r) => r.firstOpenOneMs)),
      warm: summarize(runs.map((r) => r.warm.median)), warmCpu: summarize(runs.map((r) => r.warmCpuMs)),
      refresh: summarize(runs.map((r) => r.refresh.median)), openAll: summarize(runs.map((r) => r.openAll.median)),
      resolveOne: summarize(runs.map((r) => r.resolveOne.median)),
      treeBytesPerEvent: summarize(runs.map((r) => r.treeBytesPerEvent)), eventBytesPerEvent: summarize(runs.map((r) => r.eventBytesPerEvent)),
    };
    progress(`  ${size} events: first build ${mmm(s.firstBuild)} (floor ${mmm(s.floorFirst)}, ×${s.firstOverFloor.median.toFixed(1)}), one day group opened ${mmm(s.firstOpenOne)}, every group opened ${mmm(s.firstOpenAll)} (min / median / max of ${runs.length} processes)`);
    sizes.push(s);
  }
  const ten = sizes.find((s) => s.events === 10_000);
  const hundred = sizes.find((s) => s.events === 100_000);
  const perEvent = (s: TreeSize, f: (s: TreeSize) => Summary) => median(f(s)) / s.events;
  const growth = ten && hundred
    ? {
      firstBuild: perEvent(hundred, (s) => s.firstBuild) / perEvent(ten, (s) => s.firstBuild),
      warm: perEvent(hundred, (s) => s.warm) / perEvent(ten, (s) => s.warm),
      openAll: perEvent(hundred, (s) => s.firstOpenAll) / perEvent(ten, (s) => s.firstOpenAll),
    }
    : { firstBuild: NaN, warm: NaN, openAll: NaN };
  const goals: TreeGoal[] = [];
  if (ten) {
    // Judged against its floor, timed in the same process: on a loaded machine both wait for a core, and the absolute
    // figure alone (55–87 ms in one such run) could not tell a slower tree from a busier machine.
    // Beside it, not instead: the same ratio in process CPU time. A floor under a millisecond mostly runs within one
    // turn on a core, the first build's tens of milliseconds wait for several on a busy machine, so the wall ratio grows
    // with the load; a CPU ratio near the quiet machine's wall ratio tells such a miss from a slower tree.
    const cpuRatios = ten.runs.map((r) => r.firstBuildCpuMs / r.floorFirstCpuMs);
    goals.push({
      goal: `tree: first build of 10,000 events within ${FIRST_BUILD_OVER_FLOOR}× its floor, a bare TreeItem per event (wall, cold, each process's ratio; median of processes)`,
      value: `×${ten.firstOverFloor.median.toFixed(0)} (per process ${ten.runs.map((r) => `×${(r.firstBuildMs / r.floorFirstMs).toFixed(0)}`).join(', ')}); `
        + `first build ${mmm(ten.firstBuild)}, floor ${mmm(ten.floorFirst, 2)}; `
        + `in process CPU time ×${summarize(cpuRatios).median.toFixed(0)} (per process ${cpuRatios.map((ratio) => `×${ratio.toFixed(0)}`).join(', ')}; `
        + `first build ${mmm(summarize(ten.runs.map((r) => r.firstBuildCpuMs)))}, floor ${mmm(summarize(ten.runs.map((r) => r.floorFirstCpuMs)), 2)})`,
      met: ten.firstOverFloor.median <= FIRST_BUILD_OVER_FLOOR,
    });
    // What a person waits for is one click: the largest collapsed day group opened within one frame (16 ms at 60 Hz).
    const rows = Math.max(...ten.runs.map((r) => r.openOneRows));
    goals.push({
      goal: `tree: one day group of a 10,000-event tree opened within one frame, 16 ms (the largest collapsed, ${rows} events; wall, first time, median of processes)`,
      value: mmm(ten.firstOpenOne), met: ten.firstOpenOne.median <= 16,
    });
  }
  if (ten && hundred) {
    const worst = Math.max(growth.firstBuild, growth.warm, growth.openAll);
    goals.push({
      goal: 'tree: linear to 100,000 (cost per event at 100k within 1.5× of 10k)',
      value: `first ×${growth.firstBuild.toFixed(2)}, warm ×${growth.warm.toFixed(2)}, all opened ×${growth.openAll.toFixed(2)}`, met: worst <= 1.5,
    });
  }
  return { sizes, goals, growth };
}
