import { readFileSync } from 'node:fs';
import { catchUpThings } from '../../src/app/catchUp/catchUpThings';
import { groupThings } from '../../src/app/catchUp/thingGroups';
import { resolveLevelInForce } from '../../src/app/settings/shared/levelChain';
import type { GitLabEvent } from '../../src/gitlab';
import { reportResult } from '../lib/child';
import type { EventCorpus } from '../tree/eventCorpus';

/**
 * Catch Up's grouping, in a process of its own and bundled like the production extension (as the other CPU benches:
 * under tsx, per-module getters and `__name` wrappers cost what the shipped bundle does not): `catchUpThings`,
 * `groupThings` alone and a bare pass over the same events, interleaved, the order turning. Arguments: the corpus
 * file, the rounds, the warm-up rounds. Reports each round's times (ms) and the things made.
 */

export interface GroupingRun { events: number; things: number; rows: number[]; grouping: number[]; floor: number[] }

/** A bare pass: each event's thing key counted, nothing else. */
function floorPass(events: readonly GitLabEvent[]): number {
  const counts = new Map<string, number>();
  for (const event of events) {
    const iid = event.note?.noteable_iid ?? event.target_iid;
    const key = `${event.project_id}:${event.note?.noteable_type ?? event.target_type}:${iid}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts.size;
}

function time(run: () => unknown): number {
  const from = performance.now();
  run();
  return performance.now() - from;
}

function main(): void {
  const [file, roundsArg, warmUpArg] = process.argv.slice(2);
  const rounds = Number(roundsArg);
  const warmUp = Number(warmUpArg);
  const corpus = JSON.parse(readFileSync(file, 'utf8')) as EventCorpus;
  const events = corpus.events;
  // My Activity is user 1's own: grouped for another person who watches every project, every event is someone else's,
  // goes through the rules, and is kept.
  const watch = resolveLevelInForce({ kind: 'global', name: '', level: 'watch' }, [], { kind: 'global', name: '', level: 'watch' });
  const paths = new Map(corpus.projects.map((p) => [p.id, p.path_with_namespace]));
  const input = {
    level: () => watch,
    personId: 2, events, todos: [], subscriptions: [], participation: [], seen: () => undefined, since: '2000-01-01T00:00:00.000Z',
    projectPath: (id: number) => paths.get(id), projectId: () => undefined,
  };
  const things = catchUpThings(input).length;
  const rows: number[] = [];
  const grouping: number[] = [];
  const floor: number[] = [];
  for (let round = 0; round < warmUp + rounds; round++) {
    // Interleaved, the order turning, so that the machine's moments fall on all three alike.
    const order = [() => rows.push(time(() => catchUpThings(input))), () => grouping.push(time(() => groupThings({ events, since: input.since }))),
      () => floor.push(time(() => floorPass(events)))];
    for (let i = 0; i < order.length; i++) order[(i + round) % order.length]();
    if (round < warmUp) { rows.pop(); grouping.pop(); floor.pop(); }
  }
  const run: GroupingRun = { events: events.length, things, rows, grouping, floor };
  reportResult(run);
}

main();
