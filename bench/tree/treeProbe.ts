import { readFileSync } from 'node:fs';
import * as vscode from 'vscode';
import { ProjectDirectory } from '../../src/app/projectDirectory';
import type { GitLabApi } from '../../src/gitlab/api';
import type { GitLabEvent } from '../../src/gitlab/types';
import type { ActivityList, ActivityListView } from '../../src/ui/activity/activityList';
import type { ActivityNode } from '../../src/ui/activity/nodes';
import { benchActivity, type BenchActivity } from './activityTree';
import { reportResult } from '../lib/child';
import { summarize, type Summary } from '../lib/stats';
import { eventsOfSize, type EventCorpus } from './eventCorpus';
import { ROW_STAGES, type StageContext } from './rowStages';

/**
 * One size of the tree benchmark, in a fresh process started with --expose-gc: the real Activity tree (its service and
 * the list shell, bundled with the `vscode` module answered by bench/startup/vscodeStub.ts) driven as the workbench drives it:
 * `getChildren` of the root and of every row whose item says Expanded, `getTreeItem` of every row returned, and
 * `resolveTreeItem` of one event row (the one under the pointer). Run bundled (see lib/bundle.ts):
 *   node --expose-gc treeProbe.cjs <corpus.json> <events> <rounds>
 */
export interface TreeProbeResult {
  events: number;
  days: number;
  /** Rows the first build asked for (roots, day groups, the event rows of the groups that start expanded). */
  rows: number;
  /** The first build in this process: cold code, fresh provider (as when the view first opens). Wall time. */
  firstBuildMs: number;
  /** The same, process CPU time. */
  firstBuildCpuMs: number;
  /**
   * The floor of the first build, in the same process right after it: a bare `TreeItem` per event with its title (no
   * day groups, sentences, icons, times or tooltips), the first time, then warm (as the To-Do List's floor).
   */
  floorFirstMs: number;
  /** The same, process CPU time: with `firstBuildCpuMs`, the ratio without the waits for a core (see treeBench.ts). */
  floorFirstCpuMs: number;
  floorWarm: Summary;
  /**
   * Opening one day group, the largest collapsed one (the longest a person waits for a click), right after the first
   * build, the first time in the process: its rows and their items. Wall time.
   */
  firstOpenOneMs: number;
  /** Events in that group. */
  openOneRows: number;
  /** Opening every day group, right after the first build, on the same provider (the first time in the process). */
  firstOpenAllMs: number;
  firstOpenAllCpuMs: number;
  /** A build by a fresh provider with warm code (nothing kept per event yet), wall. */
  warm: Summary;
  /** Main-thread CPU per warm build (Linux, from /proc; NaN elsewhere). */
  warmCpuMs: number;
  /** The whole tree asked for again by the same provider (after a change event): rows are kept per event. */
  refresh: Summary;
  /** Every day group opened one after the other after a first build (fresh provider each round, warm code), wall. */
  openAll: Summary;
  openAllCpu: Summary;
  /** Rows built with every group open. */
  allRows: number;
  /** resolveTreeItem (the tooltip) of one event row, warm, wall. */
  resolveOne: Summary;
  /** Heap kept by the parsed events (what the feed holds), per event. */
  eventBytesPerEvent: number;
  /** Heap kept, on top of the events, by the provider and the nodes and items of every row (as the workbench keeps them), every group open. */
  treeBytesPerEvent: number;
  /** Warm median of each part of a row alone, ms. */
  stages: Record<string, number>;
}

/** User + system CPU time of the main thread, ms (10 ms ticks: use over many rounds). */
function mainThreadCpuMs(): number {
  try {
    const fields = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').replace(/^.*\) /s, '').split(' ');
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

const EXPANDED = 2; // vscode.TreeItemCollapsibleState.Expanded

interface Loaded {
  events: GitLabEvent[];
  /** The Activity holding the events in My Activity; half of them unread, as after a long absence. */
  activity: BenchActivity;
  directory: ProjectDirectory;
  corpus: Pick<EventCorpus, 'instanceUrl' | 'now'>;
}

/**
 * The feed holds the events as the event feeds keep them after loading (one page of all of them from an in-memory
 * answer: what is timed here is the tree, not the network). Separate function: temporaries of loading must not stay
 * reachable from the running frame and count as retained.
 */
async function load(file: string, size: number): Promise<Loaded> {
  const corpus = JSON.parse(readFileSync(file, 'utf8')) as EventCorpus;
  const events = eventsOfSize(corpus, size);
  const directory = new ProjectDirectory(() => undefined);
  for (const project of corpus.projects) directory.remember(project);
  const api = { listEvents: async () => ({ items: events, nextPage: undefined }) } as unknown as GitLabApi;
  // Half the events unread, as after a long absence: their rows carry the unread mark.
  const ids = events.map((e) => e.id ?? 0).sort((a, b) => a - b);
  const activity = benchActivity(api, directory, corpus.instanceUrl, { pageSize: 100, seenUpTo: ids[Math.floor(ids.length / 2)], now: () => corpus.now });
  await activity.service.feeds.load(activity.mine);
  if (activity.service.feeds.get(activity.mine.key).items.length !== events.length) throw new Error('The feed did not take every event.');
  return { events, activity, directory, corpus: { instanceUrl: corpus.instanceUrl, now: corpus.now } };
}

/** A fresh tree over the loaded Activity, as when the view first opens. */
function provider(l: Loaded): ActivityList {
  return l.activity.tree();
}

interface Rendered {
  nodes: ActivityNode[];
  items: unknown[];
  days: Array<ActivityNode & { type: 'day' }>;
}

/** As the workbench renders a tree: the children of every row whose item is Expanded, each child's item. */
function render(tree: ActivityListView, into: Rendered = { nodes: [], items: [], days: [] }, parent?: ActivityNode): Rendered {
  for (const node of tree.getChildren(parent)) {
    const item = tree.getTreeItem(node);
    into.nodes.push(node);
    into.items.push(item);
    if (node.type === 'day') into.days.push(node);
    if (item.collapsibleState === EXPANDED) render(tree, into, node);
  }
  return into;
}

/** The largest collapsed day group of a rendered tree (the longest a person waits for a click). */
function largestCollapsed(tree: ActivityListView, shown: Rendered): (ActivityNode & { type: 'day' }) | undefined {
  const collapsed = shown.days.filter((day) => tree.getTreeItem(day).collapsibleState !== EXPANDED);
  return collapsed.reduce<(typeof collapsed)[number] | undefined>((a, b) => (!a || b.events.length > a.events.length ? b : a), undefined);
}

/**
 * A person opening one day group: what the workbench asks on the click, the group's children and their items; how
 * many rows it had.
 */
function openGroup(tree: ActivityListView, shown: Rendered, day: (ActivityNode & { type: 'day' }) | undefined): number {
  if (!day) return 0;
  let rows = 0;
  for (const node of tree.getChildren(day)) {
    shown.items.push(tree.getTreeItem(node));
    shown.nodes.push(node);
    rows += 1;
  }
  return rows;
}

/** A person opening every collapsed day group: the group's children and their items. */
function openAll(tree: ActivityListView, shown: Rendered): number {
  let rows = 0;
  for (const day of shown.days) {
    if (tree.getTreeItem(day).collapsibleState === EXPANDED) continue; // open already, rows built
    for (const node of tree.getChildren(day)) {
      shown.items.push(tree.getTreeItem(node));
      shown.nodes.push(node);
      rows += 1;
    }
  }
  return rows;
}

function firstEvent(shown: Rendered): ActivityNode {
  const event = shown.nodes.find((n) => n.type === 'event');
  if (!event) throw new Error('No event row was rendered.');
  return event;
}

/** Wall time and the process's CPU time (all its threads: the collector's and the compiler's work counts too). */
function timed<T>(run: () => T): { ms: number; cpuMs: number; value: T } {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const value = run();
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  return { ms, cpuMs: (used.user + used.system) / 1000, value };
}

/** First build, then the heap kept with every group open (in a function of its own, see `load`). */
function firstBuild(l: Loaded, keep: unknown[]): { ms: number; cpuMs: number; openOneMs: number; openOneRows: number; openMs: number; openCpuMs: number; days: number; rows: number; allRows: number } {
  const tree = provider(l).list;
  const first = timed(() => render(tree));
  const rows = first.value.items.length;
  // Which group is the largest is the probe's choice, not part of the click: picked before the timing.
  const largest = largestCollapsed(tree, first.value);
  const one = timed(() => openGroup(tree, first.value, largest));
  // Every other group (the one opened above is open now and skipped).
  const open = timed(() => openAll(tree, first.value));
  keep.push(tree, first.value);
  return { ms: first.ms, cpuMs: first.cpuMs, openOneMs: one.ms, openOneRows: one.value, openMs: one.ms + open.ms, openCpuMs: open.cpuMs, days: first.value.days.length, rows, allRows: first.value.items.length };
}

async function main(): Promise<void> {
  const [file, sizeText, roundsText] = process.argv.slice(2);
  const size = Number(sizeText);
  const rounds = Number(roundsText);

  const beforeEvents = settledHeap();
  const loaded = await load(file, size);
  const afterEvents = settledHeap();

  const kept: unknown[] = [];
  const first = firstBuild(loaded, kept);
  const withTree = settledHeap();
  kept.length = 0;
  const floor = () => loaded.events.map((event) => new vscode.TreeItem(event.target_title ?? event.action_name));
  const floorFirst = timed(floor);
  const floorWarm = summarize(Array.from({ length: rounds }, () => timed(floor).ms));

  const warm: number[] = [];
  const refresh: number[] = [];
  const open: number[] = [];
  const openCpu: number[] = [];
  const resolveOne: number[] = [];
  let cpuMs = 0;
  let sink = 0;
  for (let r = 0; r < rounds + 1; r++) {
    const made = provider(loaded);
    const tree = made.list;
    const cpuBefore = mainThreadCpuMs();
    const build = timed(() => render(tree));
    if (r > 0) cpuMs += mainThreadCpuMs() - cpuBefore;
    const again = timed(() => render(tree));
    const node = firstEvent(build.value);
    const resolved = timed(() => tree.resolveTreeItem(tree.getTreeItem(node), node) as { tooltip?: { value?: string } });
    const opened = timed(() => openAll(tree, build.value));
    sink += build.value.items.length + again.value.items.length + opened.value + (resolved.value.tooltip?.value?.length ?? 0);
    made.dispose();
    if (r === 0) continue; // warm-up
    warm.push(build.ms);
    refresh.push(again.ms);
    resolveOne.push(resolved.ms);
    open.push(opened.ms);
    openCpu.push(opened.cpuMs);
  }

  const context: StageContext = { now: loaded.corpus.now, instanceUrl: loaded.corpus.instanceUrl, directory: loaded.directory };
  const stageSamples: Record<string, number[]> = {};
  for (let r = 0; r < Math.max(3, Math.ceil(rounds / 2)) + 1; r++) {
    for (const stage of ROW_STAGES) {
      const t = timed(() => stage.run(loaded.events, context));
      sink += t.value;
      if (r > 0) (stageSamples[stage.id] ??= []).push(t.ms);
    }
  }
  if (sink === 0 || floorFirst.value.length !== loaded.events.length) throw new Error('Nothing was built.');

  const result: TreeProbeResult = {
    events: loaded.events.length, days: first.days, rows: first.rows, firstBuildMs: first.ms, firstBuildCpuMs: first.cpuMs,
    floorFirstMs: floorFirst.ms, floorFirstCpuMs: floorFirst.cpuMs, floorWarm, firstOpenOneMs: first.openOneMs, openOneRows: first.openOneRows, firstOpenAllMs: first.openMs, firstOpenAllCpuMs: first.openCpuMs,
    warm: summarize(warm), warmCpuMs: cpuMs / rounds, refresh: summarize(refresh), openAll: summarize(open), openAllCpu: summarize(openCpu), allRows: first.allRows,
    resolveOne: summarize(resolveOne),
    eventBytesPerEvent: (afterEvents - beforeEvents) / loaded.events.length,
    treeBytesPerEvent: (withTree - afterEvents) / loaded.events.length,
    stages: Object.fromEntries(Object.entries(stageSamples).map(([id, samples]) => [id, summarize(samples).median])),
  };
  reportResult(result);
  loaded.activity.service.feeds.reset(); // nothing pending; lets the process end
}

main().then(() => process.exit(0), (error: unknown) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
