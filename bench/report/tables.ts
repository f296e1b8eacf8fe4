import type { EconomyResult } from '../economy/economyBench';
import type { Tally } from '../economy/requestTally';
import type { FetchResult } from '../fetch/fetchBench';
import { bytes, formatTable, ms, times } from '../lib/table';
import type { Summary } from '../lib/stats';
import type { StartupResult } from '../startup/startupBench';
import type { TreeResult } from '../tree/treeBench';
import type { PagesResult } from '../pages/pagesBench';
import type { OverviewResult } from '../pages/overviewBench';
import type { TabLoadMoreResult } from '../pages/tabLoadMoreBench';
import type { WindowFigure } from '../pages/windowRace';
import type { WorkbenchResult } from '../workbench/workbenchBench';

/** The terminal tables of each section. */

const verdict = (met: boolean) => (met ? 'MET' : 'MISSED');
const spread = (s: Summary, digits = 1) => `${s.q1.toFixed(digits)}–${s.q3.toFixed(digits)}`;
const range = (s: Summary, digits = 1) => `${s.min.toFixed(digits)}–${s.max.toFixed(digits)}`;

export function fetchTables(r: FetchResult): string {
  const client = r.contenders.client.time.median;
  // Each is divided by its own floor: the fetch contenders by the fetch floor, the others by undici's.
  const floorOf = (id: string) => r.contenders[id.startsWith('fetch') ? 'fetchFloor' : 'floor'];
  const rows: Array<Array<string | number>> = [['listing', 'events', 'requests', 'conns/listing', 'median', 'IQR ms', 'min–max ms', '÷ its floor', '÷ client', 'CPU', 'CPU ÷ its floor']];
  for (const [id, c] of Object.entries(r.contenders)) {
    const floor = floorOf(id);
    rows.push([c.label, c.events, c.freshListing.requests, c.freshListing.connectionsPerListing.join('/'), ms(c.time.median), spread(c.time), range(c.time),
      times(c.time.median / floor.time.median), times(c.time.median / client), ms(c.cpu.median), times(c.cpu.median / floor.cpu.median)]);
  }
  const f = r.fetchClientOverFetchFloor;
  const stages = Object.entries(r.clientStages.microsecondsPerPage).map(([stage, us]) => [stage, `${us.toFixed(1)} µs`]);
  return [
    formatTable(`1. Fetch all events: ${r.events} events in ${r.pages} pages; ${r.rounds} interleaved rounds after ${r.warmup} warm-up (double in its own process)`, rows),
    `client ÷ floor  ${r.clientOverFloor.median.toFixed(2)} (per round ${r.clientOverFloor.min.toFixed(2)}–${r.clientOverFloor.max.toFixed(2)}, best ÷ best ${r.clientOverFloor.best.toFixed(2)})  goal ${r.clientOverFloor.goal}: ${verdict(r.clientOverFloor.met)}`,
    `client ÷ peer   ${r.clientOverPeer.median.toFixed(2)} (per round ${r.clientOverPeer.min.toFixed(2)}–${r.clientOverPeer.max.toFixed(2)}, best ÷ best ${r.clientOverPeer.best.toFixed(2)})  goal ${r.clientOverPeer.goal}: ${verdict(r.clientOverPeer.met)}`,
    `fetch client ÷ fetch floor  ${f.median.toFixed(2)} (per round ${f.min.toFixed(2)}–${f.max.toFixed(2)}, best ÷ best ${f.best.toFixed(2)})  goal ${f.goal}: ${verdict(f.met)}  (Node's fetch, standing for a browser's)`,
    `in CPU time of the listing process: client ÷ floor ${r.cpuClientOverFloor.median.toFixed(2)}, client ÷ peer ${r.cpuClientOverPeer.median.toFixed(2)}, `
      + `fetch client ÷ fetch floor ${r.cpuFetchClientOverFetchFloor.median.toFixed(2)}`,
    `client overhead over the floor: ${(r.clientOverheadPerPageMs * 1000).toFixed(0)} µs per page as measured (over fetch: ${(r.fetchClientOverheadPerPageMs * 1000).toFixed(0)} µs); the client's own work timed alone `
      + `is ${(r.clientOwnWorkShare * 100).toFixed(1)} % of the floor's time per page; duplicated requests: ${Object.values(r.contenders).map((c) => c.freshListing.duplicates).join('/')}; non-200: ${Object.values(r.contenders).map((c) => c.freshListing.nonOk).join('/')}`,
    `timed phase: ${r.timedPhase.connections} connections for ${r.timedPhase.listings} listings (${r.timedPhase.requests} requests), pools kept between rounds`,
    formatTable(`   Client work per page alone (page of ${bytes(r.clientStages.pageBytes)}, no network)`, [['part', 'per page'], ...stages]),
  ].join('\n');
}

export function treeTables(r: TreeResult): string {
  const m3 = (x: Summary, digits = 1) => `${x.min.toFixed(digits)} / ${x.median.toFixed(digits)} / ${x.max.toFixed(digits)}`;
  const rows: Array<Array<string | number>> = [['events', 'days', 'rows first', 'first build ms', 'floor ms (÷)', 'warm build ms', 'warm CPU ms', 'refresh ms', 'every group opened ms (rows)',
    'open all, warm ms', 'resolveTreeItem ms', 'tree B/ev', 'events B/ev']];
  for (const s of r.sizes) {
    const one = s.runs[0];
    rows.push([s.events, one.days, one.rows, m3(s.firstBuild), `${m3(s.floorFirst, 2)} (×${s.firstOverFloor.median.toFixed(0)})`, m3(s.warm), m3(s.warmCpu, 0), m3(s.refresh), `${m3(s.firstOpenAll)} (${one.allRows})`,
      m3(s.openAll), m3(s.resolveOne, 2), Math.round(s.treeBytesPerEvent.median), Math.round(s.eventBytesPerEvent.median)]);
  }
  const ten = r.sizes.find((s) => s.events === 10_000);
  const stageRows: Array<Array<string | number>> = [['part of a row (10,000 events, each alone)', 'warm median']];
  if (ten) for (const [stage, value] of Object.entries(ten.runs[0].stages)) stageRows.push([stage, ms(value)]);
  return [
    formatTable(`2. The Activity tree: the real ActivityTreeProvider driven as the workbench drives it (wall time unless CPU; min / median / max of ${r.sizes[0]?.runs.length ?? 0} fresh processes)`, rows),
    'first build: a fresh provider in a fresh process (cold code), getChildren/getTreeItem of every row shown (day groups after the first 7 start collapsed); '
      + 'floor: a bare TreeItem per event with its title, the first time, right after it in the same process (÷: median of each process\'s first build ÷ floor); '
      + 'warm build: a fresh provider, warm code; refresh: the same provider asked again; every group opened: each collapsed day group opened after the first build; '
      + 'resolveTreeItem: the tooltip of one row; tree B/ev: heap kept by the provider, nodes and items with every group open',
    `growth 10,000 → 100,000, cost per event: first build ×${r.growth.firstBuild.toFixed(2)}, warm ×${r.growth.warm.toFixed(2)}, every group opened ×${r.growth.openAll.toFixed(2)} (1.00 is linear)`,
    ...r.goals.map((g) => `${g.goal}: ${g.value}: ${verdict(g.met)}`),
    ten ? formatTable('   Where the time goes', stageRows) : '',
  ].join('\n');
}

export function startupTables(r: StartupResult): string {
  const files: Array<Array<string | number>> = [['file', 'size', 'gzip']];
  for (const f of r.files) files.push([f.file, bytes(f.bytes), bytes(f.gzipBytes)]);
  if (r.vsix) files.push([`.vsix (${r.vsix.entries} files${r.vsix.withPlaceholderBaseUrls ? ', placeholder README base URLs' : ''})`, bytes(r.vsix.bytes), '']);
  const parts: Array<Array<string | number>> = [['bundle part', 'bytes', 'share']];
  const total = r.files.find((f) => f.file === 'dist/extension.js')?.bytes ?? 1;
  for (const p of r.composition) parts.push([p.part, bytes(p.bytes), `${Math.round((100 * p.bytes) / total)} %`]);
  const cold: Array<Array<string | number>> = [['cold start (fresh node process)', 'median', 'IQR ms', '÷ empty']];
  cold.push(['require an empty module', ms(r.requireEmpty.median, 2), spread(r.requireEmpty, 2), times(1)]);
  cold.push(['require undici alone (bundled alike)', ms(r.requireUndiciOnly.median), spread(r.requireUndiciOnly), `${Math.round(r.requireUndiciOnly.median / r.requireEmpty.median)}×`]);
  cold.push(['require dist/extension.js', ms(r.requireBundle.median), spread(r.requireBundle), `${Math.round(r.requireBundleOverEmpty)}×`]);
  cold.push(['activate(context), stub API, signed out', ms(r.activate.median, 2), spread(r.activate, 2), '']);
  cold.push(['  as logged by the extension ("Activated in")', ms(r.selfReported.median, 2), spread(r.selfReported, 2), '']);
  return [
    formatTable(`3. Bundle (production build ${ms(r.buildMs, 0)})`, files),
    r.vsixError ? `vsce package as the project runs it: ${r.vsixError}` : 'vsce package: ok',
    r.vsix && r.vsix.unexpected.length > 0 ? `unexpected files in the .vsix: ${r.vsix.unexpected.join(', ')}` : 'no sources, maps or dependencies in the .vsix',
    formatTable('   What dist/extension.js is made of (esbuild metafile)', parts),
    formatTable(`   Start-up, ${r.coldRuns} interleaved cold runs`, cold),
    `stub fallbacks used during activation: ${r.stubFallbacks.length === 0 ? 'none' : r.stubFallbacks.join(', ')}`,
    r.note,
  ].join('\n');
}

function tallyRows(title: string, t: Tally): string {
  const rows: Array<Array<string | number>> = [['request', 'count']];
  for (const r of t.requests) rows.push([r.request, Number.isInteger(r.count) ? r.count : r.count.toFixed(2)]);
  return formatTable(`${title}: ${t.total} requests, ${t.distinct} distinct, duplicated: ${t.duplicated.length === 0 ? 'none' : t.duplicated.map((d) => `${d.request} ×${d.count}`).join('; ')}`, rows);
}

export function economyTables(r: EconomyResult): string {
  const sources = `My Activity + projects ${r.sources.projects.join(', ')} + user ${r.sources.users.join(', ')}`;
  const lines = [`\n4. Request economy (${sources})`];
  if (r.extension) {
    const e = r.extension;
    lines.push(tallyRows('   Production bundle, activation to a filled tree and status bar', e.start));
    lines.push(tallyRows(`   Per poll cycle with nothing new (${e.pollCycles} cycles)`, e.perPollCycle));
    lines.push(`settled tree rows: ${Object.entries(e.rows).map(([k, v]) => `${v} ${k}`).join(', ')}; status bar: ${e.statusBar.join(' | ') || '(hidden)'}; `
      + `${e.treeChanges} change events, ${e.renders} renders; stub fallbacks: ${e.stubFallbacks.length === 0 ? 'none' : e.stubFallbacks.join(', ')}`);
  } else {
    lines.push(`production bundle: not run (${r.extensionError ?? 'unknown'})`);
  }
  lines.push(tallyRows('   Pure pieces (event feeds, ProjectDirectory, two renders at once), to a filled tree', r.pure.start));
  const slow = r.pure.startWithSlowProjectLookup;
  lines.push(`pure pieces with the lookup of ${r.sources.projects[0]} answering 150 ms late: ${slow.total} requests; `
    + `same project fetched twice: ${slow.sameProjectTwice.length === 0 ? 'none' : slow.sameProjectTwice.join('; ')}`);
  lines.push(`pure pieces per poll cycle: ${r.pure.perPollCycle.total} request(s): ${r.pure.perPollCycle.requests.map((q) => q.request).join(', ')}; `
    + `two identical concurrent GETs sent as ${r.pure.concurrentIdenticalGets.sent} request(s)`);
  return lines.join('\n');
}

const m3 = (x: Summary, digits = 0) => `${x.min.toFixed(digits)} / ${x.median.toFixed(digits)} / ${x.max.toFixed(digits)} ms`;

/**
 * The rows of a floor-against-windows race (both reports): wall times, the ratio to the floor, the most requests in
 * flight and whether each window's result was the reference's. `result` names what was compared.
 */
export function windowRows(race: { floor: Summary; windows: WindowFigure[] }, labels: { floor: string; reader: string; floorPeak?: number; result: string; same: string }):
  Array<Array<string | number>> {
  const rows: Array<Array<string | number>> = [['reader', 'wall min / median / max', '÷ floor (median; per round)', 'most requests in flight', labels.result]];
  rows.push([labels.floor, m3(race.floor), '1.00', labels.floorPeak ?? 1, 'reference']);
  for (const w of race.windows) {
    rows.push([`${labels.reader}, window ${w.window}`, m3(w.time), `${w.overFloor.median.toFixed(2)} (${w.overFloor.min.toFixed(2)}–${w.overFloor.max.toFixed(2)})`,
      w.peakInFlight, w.sameEvents ? labels.same : 'DIFFERENT']);
  }
  return rows;
}

export const PAGES_LABELS = { floor: 'floor: raw undici, one page after another', reader: 'fetchEventsInRange', result: 'events', same: 'same, same order' };
export const OVERVIEW_LABELS = { floor: 'floor: raw undici, the same requests one after another', reader: 'OverridesOverview.load', result: 'rows', same: 'same rows and levels' };
export const TAB_LOAD_MORE_LABELS = { floor: 'floor: raw undici, the same pages one after another', reader: 'loadMatching', result: 'events', same: 'same, same order' };

export function pagesTables(r: PagesResult): string {
  const l = r.loadMore;
  return [
    formatTable(`Many pages under latency: the Markdown range reader, ${r.pages} pages of 100 (${r.events} events), ${r.latencyMs} ms per answer; ${r.runs} interleaved runs`,
      windowRows(r, { ...PAGES_LABELS, floorPeak: r.floorPeakInFlight })),
    `one 429 (Retry-After 1 s) during a window-8 read: window ${r.rateLimited.windows.join(' → ')}, ${r.rateLimited.status429} × 429, most in flight ${r.rateLimited.peakInFlight}, events ${r.rateLimited.sameEvents ? 'the same' : 'DIFFERENT'}`,
    `Load more (click to rows, the real provider and client, ${r.latencyMs} ms latency): ${m3(l.tree, 1)} vs one raw request of the same page ${m3(l.raw, 1)}; `
      + `÷ raw ${l.overRaw.median.toFixed(2)} (${l.overRaw.min.toFixed(2)}–${l.overRaw.max.toFixed(2)}); ${l.rowsAdded} rows added`,
  ].join('\n');
}

export function overviewTables(r: OverviewResult): string {
  return formatTable(`Overrides overview under latency: ${r.rows} groups and projects, ${r.requests} requests, ${r.latencyMs} ms per answer; ${r.runs} interleaved runs`,
    windowRows(r, OVERVIEW_LABELS));
}

export function tabLoadMoreTables(r: TabLoadMoreResult): string {
  return formatTable(`Load more under the Wiki tab: ${r.pages} pages of 20 for ${r.found} matching events, ${r.latencyMs} ms per answer; ${r.runs} interleaved runs`,
    windowRows(r, TAB_LOAD_MORE_LABELS));
}

export function workbenchTables(r: WorkbenchResult): string {
  if (r.skipped) return `First rows in a real workbench: SKIPPED (${r.skipped})`;
  return [
    `First rows in a real workbench (code-server, ${r.runs.length} runs; double latency ${r.latencyMs} ms): activation to first event rows ${m3(r.activationToRows)}`,
    `requests until then: ${r.requestsUntilRows.join(' | ')}`,
    ...r.goals.map((g) => `${g.goal}: ${g.value}: ${verdict(g.met)}`),
  ].join('\n');
}
