import { readFileSync } from 'node:fs';
import { localZone } from '../../src/app/activity/calendar';
import { ProjectDirectory } from '../../src/app/projectDirectory';
import type { GitLabEvent } from '../../src/gitlab/types';
import { reportResult } from '../lib/child';
import { ratioOf, summarize, type Ratio, type Summary } from '../lib/stats';
import { eventsOfSize, type EventCorpus } from './eventCorpus';
import { buildFeedRows, rowBuilder, touchEvents, type FeedRows, type RowContext } from './rowModel';
import { ROW_STAGES } from './rowStages';
import { vscodeL10nT } from './vscodeL10n';

/**
 * One size of the tree benchmark, in a fresh process started with --expose-gc: the first build (cold code, as when
 * the view first opens), the heap the rows keep, then interleaved warm builds against the floor. Run bundled
 * (see lib/bundle.ts): node --expose-gc treeProbe.cjs <corpus.json> <events> <rounds>
 */
export interface TreeProbeResult {
  events: number;
  days: number;
  rows: number;
  firstBuildMs: number;
  warm: Summary;
  floor: Summary;
  overFloor: Ratio;
  /** Heap kept by the parsed events themselves (what the feed holds), per event. */
  eventBytesPerEvent: number;
  /** Heap kept by the built rows on top of the events, per event. */
  rowBytesPerEvent: number;
  /** Main-thread CPU time per warm build (Linux, from /proc; NaN elsewhere): unlike wall time, not inflated by waiting for a core. */
  warmCpuMs: number;
  /** Warm median of each part of the row model alone, ms. */
  stages: Record<string, number>;
  /** Warm median of a refresh: the same feed rebuilt with the provider's row builder, which keeps parts per event. */
  cachedRebuild: Summary;
  /** Warm median of a first build with every day group expanded (every event's row built). */
  allExpanded: Summary;
  /** Rows built with every group expanded. */
  allRows: number;
}

/** User + system CPU time of the main thread, ms (10 ms ticks: use over many rounds). */
function mainThreadCpuMs(): number {
  try {
    const fields = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').replace(/^.*\) /s, '').split(' ');
    // After "pid (comm) ", utime and stime are the 12th and 13th fields.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
}

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('Run with --expose-gc.');

function settledHeap(): number {
  gc!();
  gc!();
  return process.memoryUsage().heapUsed;
}

/**
 * Loading and the first build run in functions of their own: a temporary still held in a register of the running
 * frame (the file's text, the full corpus, the rows) would otherwise stay reachable and count as retained.
 */
function loadEvents(file: string, size: number): { events: GitLabEvent[]; context: RowContext } {
  const corpus = JSON.parse(readFileSync(file, 'utf8')) as EventCorpus;
  const events = eventsOfSize(corpus, size);
  const directory = new ProjectDirectory(() => undefined);
  for (const project of corpus.projects) directory.remember(project);
  const context: RowContext = {
    now: corpus.now, zone: localZone(), t: vscodeL10nT, instanceUrl: corpus.instanceUrl, directory, sourceKey: 'mine',
  };
  return { events, context };
}

function firstBuild(events: GitLabEvent[], context: RowContext, keep: FeedRows[]): { ms: number; days: number; rows: number } {
  const started = performance.now();
  const rows = buildFeedRows(events, context);
  const ms = performance.now() - started;
  keep.push(rows);
  return { ms, days: rows.days.length, rows: rows.days.reduce((sum, day) => sum + day.rows.length, 0) };
}

function main(): void {
  const [file, sizeText, roundsText] = process.argv.slice(2);
  const size = Number(sizeText);
  const rounds = Number(roundsText);

  const beforeEvents = settledHeap();
  const { events, context } = loadEvents(file, size);
  const afterEvents = settledHeap();

  const kept: FeedRows[] = [];
  const first = firstBuild(events, context, kept);
  const withRows = settledHeap();
  kept.length = 0;

  const warm: number[] = [];
  const floor: number[] = [];
  let sink = 0;
  let cpuMs = 0;
  for (let r = 0; r < rounds + 1; r++) {
    const cpuBefore = mainThreadCpuMs();
    let started = performance.now();
    sink += buildFeedRows(events, context).days.length;
    const rowMs = performance.now() - started;
    if (r > 0) cpuMs += mainThreadCpuMs() - cpuBefore;
    started = performance.now();
    sink += touchEvents(events).length;
    const floorMs = performance.now() - started;
    if (r === 0) continue; // warm-up
    warm.push(rowMs);
    floor.push(floorMs);
  }
  const stageSamples: Record<string, number[]> = {};
  for (let r = 0; r < Math.max(3, Math.ceil(rounds / 2)) + 1; r++) {
    for (const stage of ROW_STAGES) {
      const started = performance.now();
      sink += stage.run(events, context);
      if (r > 0) (stageSamples[stage.id] ??= []).push(performance.now() - started);
    }
  }
  const cached = rowBuilder(context);
  sink += buildFeedRows(events, context, cached).days.length;
  const rebuilds: number[] = [];
  for (let r = 0; r < Math.max(3, Math.ceil(rounds / 2)) + 1; r++) {
    const started = performance.now();
    sink += buildFeedRows(events, context, cached).days.length;
    if (r > 0) rebuilds.push(performance.now() - started);
  }
  const allExpanded: number[] = [];
  let allRows = 0;
  for (let r = 0; r < Math.max(3, Math.ceil(rounds / 2)) + 1; r++) {
    const started = performance.now();
    const built = buildFeedRows(events, context, rowBuilder(context), true);
    if (r > 0) allExpanded.push(performance.now() - started);
    allRows = built.days.reduce((sum, day) => sum + day.rows.length, 0);
  }
  if (sink === 0) throw new Error('Nothing was built.');

  const result: TreeProbeResult = {
    events: events.length, days: first.days, rows: first.rows, firstBuildMs: first.ms,
    warm: summarize(warm), floor: summarize(floor), overFloor: ratioOf(warm, floor),
    eventBytesPerEvent: (afterEvents - beforeEvents) / events.length,
    rowBytesPerEvent: (withRows - afterEvents) / events.length,
    warmCpuMs: cpuMs / rounds,
    cachedRebuild: summarize(rebuilds),
    allExpanded: summarize(allExpanded), allRows,
    stages: Object.fromEntries(Object.entries(stageSamples).map(([id, samples]) => [id, summarize(samples).median])),
  };
  reportResult(result);
}

main();
