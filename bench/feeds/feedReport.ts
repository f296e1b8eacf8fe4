import { formatTable } from '../lib/table';
import type { Summary } from '../lib/stats';
import type { LoadReads } from './feedDriver';
import { ONE_ROUND_TRIP, type FeedBenchResult, type FirstRowsRun } from './feedBench';

/** The feeds section's goals, tables and figures (bench/README.md, section 7). */

type Goal = { goal: string; value: string; met: boolean };

const m3 = (s: Summary) => `${s.min.toFixed(0)} / ${s.median.toFixed(0)} / ${s.max.toFixed(0)} ms`;
const middle = <T>(list: readonly T[]): T | undefined => list[Math.floor(list.length / 2)];
const chain = (run: FirstRowsRun) => run.before.map((b) => (b.answered ? `${b.request} at +${b.arrivedMs} ms` : b.request)).join(', ');
/** A Load more's round trips one after another (its longest chain of reads) and its wall time. */
const roundTrips = (l: LoadReads, latencyMs: number) => `${l.chain} round trips in a row, ${l.ms.toFixed(0)} ms (${(l.ms / latencyMs).toFixed(1)}× an answer)`;
const loadText = (l: LoadReads, n: number, latencyMs: number) =>
  `Load more ${n + 1}: ${l.rows} rows, ${l.requests} requests reading ${l.read.length} of ${l.sources} sources (${l.open} not read to their end); `
  + `${l.couldHold.length} could hold the rows${l.readBeyond.length ? `, read beyond them: ${l.readBeyond.join(', ')}` : ''}; the rows are of ${l.holding.length} projects; ${l.held} events held after it; `
  + `${roundTrips(l, latencyMs)} (${latencyMs} ms an answer), at most ${l.peakInFlight} in flight; `
  + `by each read's own cursor ${l.beyondByCursor.length ? `beyond the rows: ${l.beyondByCursor.join(', ')}` : 'none beyond the rows'}`;

export function feedGoals(r: FeedBenchResult): Goal[] {
  const y = r.yourProjects;
  const s = r.starred;
  const goals: Goal[] = [];
  const waited = y.cold.map((run) => run.waitedFor);
  goals.push({
    goal: `feeds: Your projects' first rows one round trip after the token is read (GitLab 15.0+, the scope=all head; a fresh client; no answer waited for before scope=all is sent, and the rows within ${ONE_ROUND_TRIP}× one bare request of the same size, median)`,
    value: `${waited.join('/')} answer(s) waited for before scope=all (GET /version, readFeedSupport); ${y.coldOverFloor.median.toFixed(2)}× the floor (${y.coldMs.median.toFixed(0)} vs ${y.floor.median.toFixed(0)} ms; per round ${y.coldOverFloor.min.toFixed(2)}–${y.coldOverFloor.max.toFixed(2)}); `
      + `version already known: ${y.known.map((run) => run.waitedFor).join('/')} waited for, ${y.knownOverFloor.median.toFixed(2)}× (${y.knownMs.median.toFixed(0)} ms)`,
    met: waited.every((n) => n === 0) && y.coldOverFloor.median <= ONE_ROUND_TRIP,
  });
  goals.push({
    goal: `feeds: Your projects' Load more over ${y.projects} projects reads only the sources that can hold the next rows (counted at the double, ${y.loadsMore.length} Load mores)`,
    value: y.loadsMore.map((l) => `${l.read.length} read / ${l.couldHold.length} could hold${l.readBeyond.length ? ` (beyond: ${l.readBeyond.join(', ')})` : ''}`).join(', ')
      + `; by each read's own cursor ${y.loadsMore.map((l) => l.beyondByCursor.length).join('/')} beyond the rows`
      + `; ${y.sources} sources read at most (${y.leftOut}); wall ${y.loadsMore.map((l) => roundTrips(l, r.latencyMs)).join('; ')} (${r.latencyMs} ms an answer), `
      + `at most ${y.loadsMore.map((l) => l.peakInFlight).join('/')} in flight`,
    met: y.loadsMore.length > 0 && y.loadsMore.every((l) => l.readBeyond.length === 0 && l.rows > 0),
  });
  const answered = s.first.map((run) => run.answered);
  goals.push({
    goal: `feeds: Starred projects (${s.stars}, ${r.latencyMs} ms per answer): the first rows before every source has answered (last_activity_at)`,
    value: `after ${answered.join('/')} of ${s.stars} sources answered (${s.first.map((run) => run.rows).join('/')} rows)`,
    met: s.first.length > 0 && s.first.every((run) => run.answered < s.stars && run.rows > 0),
  });
  goals.push({
    goal: `feeds: Starred projects' whole first page in at most half the sequential floor's time (${s.stars} requests one after another, ${r.latencyMs} ms; median ratio)`,
    value: `${s.firstOverFloor.median.toFixed(2)} (${s.firstMs.median.toFixed(0)} vs ${s.floor.median.toFixed(0)} ms; per round ${s.firstOverFloor.min.toFixed(2)}–${s.firstOverFloor.max.toFixed(2)}); `
      + `at most ${Math.max(...s.first.map((run) => run.peakInFlight))} in flight`,
    met: s.firstOverFloor.median <= 0.5,
  });
  goals.push({
    goal: `feeds: Starred projects' events held at most one unread page per source (${s.stars} × ${r.pageSize} = ${s.heldBound}; status().held at its most over the first page and ${s.loadsMore.length} Load mores)`,
    value: `${s.heldPeak} held at most (after each load: ${s.heldAfter.join(', ')}); one source held ${s.bufferedPeak} at most`,
    met: s.heldPeak <= s.heldBound && s.bufferedPeak <= r.pageSize,
  });
  for (const c of r.redraws.cases) {
    goals.push({
      goal: `feeds: a poll that adds one row to a ${c.events.toLocaleString('en')}-event list (${c.list}) redraws that list, not the tree (the tree's change events)`,
      value: `${c.changes.length} change event(s): ${c.changes.join('; ') || 'none'}; ${c.itemsAsked} items asked again (a whole draw: ${c.wholeTree.itemsAsked}); the row ${c.onTop ? 'on top' : 'NOT on top'}`,
      met: c.changes.length === 1 && !c.changes.includes('whole tree') && c.onTop,
    });
  }
  return goals;
}

function firstRowsRows(r: FeedBenchResult): Array<Array<string | number>> {
  const y = r.yourProjects;
  const s = r.starred;
  return [
    ['first rows', 'wall min / median / max', '÷ floor (median; per round)', 'before the first rows (median run)'],
    ['floor: one bare GET /events?scope=all&per_page=20 (raw undici)', m3(y.floor), '1.00', '1 request'],
    ['the same beside GET /projects?membership=true (raw undici, at once; the head\'s answer)', m3(y.pairFloor), (y.pairFloor.median / y.floor.median).toFixed(2), '2 requests'],
    ['Your projects, fresh client (GET /version, then the feed)', m3(y.coldMs), `${y.coldOverFloor.median.toFixed(2)} (${y.coldOverFloor.min.toFixed(2)}–${y.coldOverFloor.max.toFixed(2)})`, middle(y.cold) ? chain(middle(y.cold)!) : ''],
    ['Your projects, version already known', m3(y.knownMs), `${y.knownOverFloor.median.toFixed(2)} (${y.knownOverFloor.min.toFixed(2)}–${y.knownOverFloor.max.toFixed(2)})`, middle(y.known) ? chain(middle(y.known)!) : ''],
    [`floor: ${s.stars} project event pages one after another (raw undici)`, m3(s.floor), '1.00', `${s.stars} requests`],
    [`Starred projects' first page (${s.stars} stars, GET /version first)`, m3(s.firstMs), `${s.firstOverFloor.median.toFixed(2)} (${s.firstOverFloor.min.toFixed(2)}–${s.firstOverFloor.max.toFixed(2)})`,
      middle(s.first) ? `${middle(s.first)!.before.join(', ')}, then ${middle(s.first)!.asked} of ${s.stars} projects asked, ${middle(s.first)!.answered} answered` : ''],
  ];
}

export function feedTables(r: FeedBenchResult): string {
  return [
    formatTable(`Merged feeds: pages of ${r.pageSize}, ${r.latencyMs} ms per answer; ${r.yourProjects.runs} interleaved rounds`, firstRowsRows(r)),
    ...r.yourProjects.loadsMore.map((l, n) => `Your projects (${r.yourProjects.projects} projects, ${r.yourProjects.sources} read) ${loadText(l, n, r.latencyMs)}`),
    ...r.starred.loadsMore.map((l, n) => `Starred projects ${loadText(l, n, r.latencyMs)}`),
    `Starred projects held: ${r.starred.heldPeak} at most (bound ${r.starred.heldBound}); after each load ${r.starred.heldAfter.join(', ')}`,
    ...r.redraws.cases.map((c) => `Redraws, ${c.list} of ${c.events} events: ${c.changes.length} change event(s) (${c.changes.join('; ') || 'none'}); `
      + `${c.itemsAsked} items and ${c.childrenAsked} rows' children asked again (a whole draw: ${c.wholeTree.itemsAsked} and ${c.wholeTree.childrenAsked})`),
  ].join('\n');
}

/** The section's part of bench/README.md's "Latest figures". */
export function feedFigures(r: FeedBenchResult): string[] {
  const [head, ...body] = firstRowsRows(r);
  return [
    '', `**Merged feeds** (the real \`FeedClient\` and \`MergedFeed\` over the double, ${r.latencyMs} ms per answer, pages of ${r.pageSize}; wall time, min / median / max of ${r.yourProjects.runs} interleaved rounds):`, '',
    [`| ${head.join(' | ')} |`, `| ${head.map(() => '---').join(' | ')} |`, ...body.map((row) => `| ${row.join(' | ')} |`)].join('\n'), '',
    ...r.yourProjects.loadsMore.map((l, n) => `Your projects ${loadText(l, n, r.latencyMs)}.`), '',
    ...r.starred.loadsMore.map((l, n) => `Starred projects ${loadText(l, n, r.latencyMs)}.`), '',
    ...r.redraws.cases.map((c) => `Redraws, ${c.list} of ${c.events.toLocaleString('en')} events, one row added by a poll: ${c.changes.length} change event(s) (${c.changes.join('; ') || 'none'}), `
      + `${c.itemsAsked} items asked again (a whole draw: ${c.wholeTree.itemsAsked}).`),
  ];
}
