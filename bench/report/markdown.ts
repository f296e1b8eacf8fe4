import type { BenchResults } from '../results';

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
      + `(other work was running: single runs vary, ratios within a run are the figures to compare). Commit ${results.commit}.`,
  ];
  const f = results.fetch;
  if (f) {
    out.push('', `**Fetch all events** (${f.events} events, ${f.pages} pages of 100; median of ${f.rounds} interleaved rounds):`, '');
    const rows: Array<Array<string | number>> = [['listing', 'median', 'IQR', 'requests', 'connections per fresh listing']];
    for (const c of Object.values(f.contenders)) {
      rows.push([c.label, msText(c.time.median), `${c.time.q1.toFixed(0)}–${c.time.q3.toFixed(0)} ms`, c.freshListing.requests,
        c.freshListing.connectionsPerListing.join(' / ')]);
    }
    out.push(table(rows), '',
      `client ÷ floor **${f.clientOverFloor.median.toFixed(2)}** (best ÷ best ${f.clientOverFloor.best.toFixed(2)}, CPU ${f.cpuClientOverFloor.median.toFixed(2)}; `
        + `goal ${f.clientOverFloor.goal}: ${f.clientOverFloor.met ? 'met' : 'missed'}); `
        + `client ÷ peer **${f.clientOverPeer.median.toFixed(2)}** (best ÷ best ${f.clientOverPeer.best.toFixed(2)}, CPU ${f.cpuClientOverPeer.median.toFixed(2)}; `
        + `goal ${f.clientOverPeer.goal}: ${f.clientOverPeer.met ? 'met' : 'missed'}). `
        + `The client's own work per page, timed alone, is ${(f.clientOwnWorkShare * 100).toFixed(1)} % of the floor's time per page.`);
  }
  const t = results.tree;
  if (t) {
    out.push('', '**Tree rows** (group by day, then label, description, icon, URL for the rows of the first 7 day groups, which start expanded; older groups build their rows when opened; tooltips are lazy):', '');
    const rows: Array<Array<string | number>> = [['events', 'first build', 'warm (wall median)', 'warm (main-thread CPU)', 'CPU ms per 1,000', 'row heap per event', 'event heap per event', 'refresh (parts kept per event)', 'every day expanded']];
    for (const s of t.sizes) {
      rows.push([s.events.toLocaleString('en'), msText(s.firstBuildMs), msText(s.warm.median), msText(s.warmCpuMs, 0), (s.warmCpuMs / (s.events / 1000)).toFixed(1),
        `${Math.round(s.rowBytesPerEvent)} B`, `${Math.round(s.eventBytesPerEvent)} B`, msText(s.cachedRebuild.median), `${msText(s.allExpanded.median)} (${s.allRows.toLocaleString('en')} rows)`]);
    }
    out.push(table(rows), '', `10,000 events under 50 ms: ${t.goalMet ? 'met' : 'missed'} (${msText(t.tenThousandMs)}, ${t.tenThousandBasis}).`);
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
