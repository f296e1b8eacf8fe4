import { todoLargeTable } from '../todos/todoLargeBench';
import { subscriptionFigures } from '../subscriptions/subscriptionBench';
import { feedFigures } from '../feeds/feedReport';
import type { BenchResults } from '../results';
import { OVERVIEW_LABELS, PAGES_LABELS, TAB_LOAD_MORE_LABELS, windowRows } from './tables';

/** The "Latest figures" part of bench/README.md, from a run's results. */

const msText = (value: number, digits = 1) => `${value.toFixed(digits)} ms`;
const kb = (value: number) => `${(value / 1024).toFixed(0)} kB`;

function table(rows: Array<Array<string | number>>): string {
  const [head, ...body] = rows;
  return [`| ${head.join(' | ')} |`, `| ${head.map(() => '---').join(' | ')} |`, ...body.map((row) => `| ${row.join(' | ')} |`)].join('\n');
}

export function figuresMarkdown(results: BenchResults): string {
  const m = results.machine;
  const out: string[] = [
    `Measured ${results.generatedAt.slice(0, 10)} on ${m.cpu}, ${m.cores} cores, ${m.memoryGb} GB, Node ${m.node} (${m.platform}); `
      + `load average ${results.load.before.map((l) => l.toFixed(1)).join('/')} at the start, ${results.load.after.map((l) => l.toFixed(1)).join('/')} at the end `
      + `(above the core count means other work was running: wall times then include waiting for a core). Commit ${results.commit}.`,
  ];
  const f = results.fetch;
  if (f) {
    out.push('', `**Fetch all events** (${f.events} events, ${f.pages} pages of 100; median of ${f.rounds} interleaved rounds):`, '');
    const rows: Array<Array<string | number>> = [['listing', 'median', 'IQR', '÷ its floor', 'requests', 'connections per fresh listing']];
    for (const [id, c] of Object.entries(f.contenders)) {
      const floor = f.contenders[id.startsWith('fetch') ? 'fetchFloor' : 'floor'];
      rows.push([c.label, msText(c.time.median), `${c.time.q1.toFixed(0)}–${c.time.q3.toFixed(0)} ms`, (c.time.median / floor.time.median).toFixed(2),
        c.freshListing.requests, c.freshListing.connectionsPerListing.join(' / ')]);
    }
    const ff = f.fetchClientOverFetchFloor;
    out.push(table(rows), '',
      `client ÷ floor **${f.clientOverFloor.median.toFixed(2)}** (best ÷ best ${f.clientOverFloor.best.toFixed(2)}, CPU ${f.cpuClientOverFloor.median.toFixed(2)}; `
        + `goal ${f.clientOverFloor.goal}: ${f.clientOverFloor.met ? 'met' : 'missed'}); `
        + `client ÷ peer **${f.clientOverPeer.median.toFixed(2)}** (best ÷ best ${f.clientOverPeer.best.toFixed(2)}, CPU ${f.cpuClientOverPeer.median.toFixed(2)}; `
        + `goal ${f.clientOverPeer.goal}: ${f.clientOverPeer.met ? 'met' : 'missed'}). `
        + `client over FetchExchange ÷ fetch floor (Node's fetch, standing for a browser's) **${ff.median.toFixed(2)}** `
        + `(per round ${ff.min.toFixed(2)}–${ff.max.toFixed(2)}, best ÷ best ${ff.best.toFixed(2)}, CPU ${f.cpuFetchClientOverFetchFloor.median.toFixed(2)}; goal ${ff.goal}: ${ff.met ? 'met' : 'missed'}). `
        + `The client's own work per page, timed alone, is ${(f.clientOwnWorkShare * 100).toFixed(1)} % of the floor's time per page.`);
  }
  const t = results.tree;
  if (t) {
    const m3 = (x: { min: number; median: number; max: number }, digits = 1) => `${x.min.toFixed(digits)} / ${x.median.toFixed(digits)} / ${x.max.toFixed(digits)} ms`;
    out.push('', `**The Activity tree** (the real \`ActivityTreeProvider\` under the bench's \`vscode\` stub, driven as the workbench drives it; `
      + `min / median / max of ${t.sizes[0]?.runs.length ?? 0} fresh processes; wall time except the CPU column):`, '');
    const rows: Array<Array<string | number>> = [['events', 'first build (cold)', 'floor: a bare TreeItem per event (first build ÷ floor)', 'warm build', 'warm build, main-thread CPU', 'refresh', 'every group opened', 'resolveTreeItem (one row)', 'tree heap per event', 'event heap per event']];
    for (const s of t.sizes) {
      rows.push([s.events.toLocaleString('en'), m3(s.firstBuild), `${m3(s.floorFirst, 2)} (×${s.firstOverFloor.median.toFixed(0)})`, m3(s.warm), m3(s.warmCpu, 0), m3(s.refresh), `${m3(s.firstOpenAll)} (${s.runs[0].allRows.toLocaleString('en')} rows)`,
        m3(s.resolveOne, 2), `${Math.round(s.treeBytesPerEvent.median)} B`, `${Math.round(s.eventBytesPerEvent.median)} B`]);
    }
    out.push(table(rows), '', `Cost per event at 100,000 ÷ at 10,000 (medians): first build ×${t.growth.firstBuild.toFixed(2)}, warm build ×${t.growth.warm.toFixed(2)}, `
      + `every group opened ×${t.growth.openAll.toFixed(2)}.`);
  }
  const p = results.pages;
  if (p) {
    const m3 = (x: { min: number; median: number; max: number }) => `${x.min.toFixed(0)} / ${x.median.toFixed(0)} / ${x.max.toFixed(0)} ms`;
    out.push('', `**Many pages under latency** (the Markdown range reader \`fetchEventsInRange\`, ${p.pages} pages of 100, ${p.events} events; the double adds ${p.latencyMs} ms to every answer; `
      + `wall time, min / median / max of ${p.runs} interleaved runs):`, '');
    const rows = windowRows(p, { ...PAGES_LABELS, floorPeak: p.floorPeakInFlight });
    out.push(table(rows), '',
      `One 429 (Retry-After 1 s) during a window-8 read: window ${p.rateLimited.windows.join(' → ')}; events ${p.rateLimited.sameEvents ? 'the same' : 'different'}.`,
      '', `**Load more** (click to the new rows drawn, real provider and client, ${p.latencyMs} ms latency; wall): ${m3(p.loadMore.tree)}, `
        + `against one raw undici request of the same page ${m3(p.loadMore.raw)} (÷ raw ${p.loadMore.overRaw.median.toFixed(2)}); ${p.loadMore.rowsAdded} rows added.`);
  }
  const o = results.overview;
  if (o) {
    out.push('', `**Overrides overview under latency** (\`OverridesOverview.load\` over the settings owner and the client: ${o.rows} groups and projects, `
      + `${o.requests} requests (listing pages, the global level, one read per scope); the double adds ${o.latencyMs} ms to every answer; wall time, min / median / max of ${o.runs} interleaved runs):`, '');
    out.push(table(windowRows(o, OVERVIEW_LABELS)));
  }
  const l = results.tabLoadMore;
  if (l) {
    out.push('', `**Load more under a tab** (the Wiki tab, whose events the server cannot pick out: \`loadMatching\` over the client, `
      + `${l.pages} pages of 20 read for ${l.found} wiki events, its bound of 10 pages per click; the double adds ${l.latencyMs} ms to every answer; wall time, min / median / max of ${l.runs} interleaved runs):`, '');
    out.push(table(windowRows(l, TAB_LOAD_MORE_LABELS)));
  }
  const w = results.workbench;
  if (w) {
    out.push('', w.skipped ? `**First rows in a real workbench:** SKIPPED (${w.skipped}).`
      : `**First rows in a real workbench:** activation to first event rows ${w.activationToRows.min.toFixed(0)} / ${w.activationToRows.median.toFixed(0)} / ${w.activationToRows.max.toFixed(0)} ms.`);
  }
  const todos = results.todos;
  if (todos) {
    const r = todos.rows;
    out.push('', `**To-Do List** (the real \`TodoView\` under the bench's \`vscode\` stub over the real client and the double; min / median / max of ${r.runs.length} fresh processes; wall): `
      + `${r.todos} pending to-dos in ${r.rows} rows built ${msText(r.firstBuild.median)} the first time (floor, a bare \`TreeItem\` per to-do: ${msText(r.floorFirst.median)}), `
      + `${msText(r.warm.median)} warm; Mark as Done: the row gone ${msText(r.clickToRedraw.median)} after the click, GitLab's answer after ${msText(r.clickToAnswer.median, 0)}.`
      + (todos.firstPage ? ` Production bundle, the double ${todos.firstPage.latencyMs} ms late: the first to-do row ${todos.firstPage.tokenToRowsMs} ms after the token read (raw round trip ${msText(todos.firstPage.roundTrip.median, 0)}).` : '')
      + ` ${todoLargeTable(todos.large, todos.largeError)}.`);
  }
  if (results.subscriptions) out.push(...subscriptionFigures(results.subscriptions));
  if (results.feeds) out.push(...feedFigures(results.feeds));
  if (results.goals.length > 0) {
    out.push('', '**Goals:**', '', ...results.goals.map((g) => `- ${g.met ? 'MET' : 'MISSED'}: ${g.goal}: ${g.value}`));
  }
  const s = results.startup;
  if (s) {
    out.push('', '**Bundle and start-up:**', '');
    const rows: Array<Array<string | number>> = [['item', 'value']];
    for (const file of s.files) rows.push([file.file, `${kb(file.bytes)} (gzip ${kb(file.gzipBytes)})`]);
    if (s.vsix) rows.push(['.vsix', `${kb(s.vsix.bytes)}${s.vsix.withPlaceholderBaseUrls ? ' (packaged with placeholder README base URLs)' : ''}`]);
    const undici = s.composition.find((p) => p.part === 'undici');
    if (undici) rows.push(['undici in dist/extension.js', kb(undici.bytes)]);
    rows.push(['require empty module (cold)', msText(s.requireEmpty.median, 2)]);
    rows.push(['require dist/extension.js (cold)', msText(s.requireBundle.median)]);
    rows.push(['require undici alone (cold)', msText(s.requireUndiciOnly.median)]);
    rows.push(['activate(), stub API, signed out', msText(s.activate.median, 2)]);
    out.push(table(rows));
    if (s.vsixError) out.push('', `Packaging as the project runs it failed: ${s.vsixError}`);
  }
  const e = results.economy;
  if (e?.extension) {
    const x = e.extension;
    out.push('', `**Requests** (production bundle, My Activity + ${e.sources.projects.length} projects + ${e.sources.users.length} user): `
      + `${x.start.total} to a filled tree and status bar (${x.start.duplicated.length === 0 ? 'none duplicated' : `${x.start.duplicated.length} duplicated`}), `
      + `${x.perPollCycle.total} per poll cycle with nothing new (${x.perPollCycle.requests.map((r) => `\`${r.request}\``).join(', ')}).`);
  }
  return out.join('\n');
}
