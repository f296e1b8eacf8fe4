import { readFileSync } from 'node:fs';
import { catchUpThings } from './src/app/catchUp/catchUpThings';
import { groupThings } from './src/app/catchUp/thingGroups';
import { resolveLevelInForce } from './src/app/settings/shared/levelChain';
import { writeEventCorpus, type EventCorpus } from './bench/tree/eventCorpus';
(async () => {
  const file = '/tmp/prof/corpus.json';
  await writeEventCorpus(file);
  const corpus = JSON.parse(readFileSync(file, 'utf8')) as EventCorpus;
  const events = corpus.events;
  const watch = resolveLevelInForce({ kind: 'global', name: '', level: 'watch' }, [], { kind: 'global', name: '', level: 'watch' });
  const input = { level: () => watch, personId: 2, events, todos: [], subscriptions: [], participation: [], seen: () => undefined, since: '2000-01-01T00:00:00.000Z',
    projectPath: (id: number) => corpus.projects.find((p) => p.id === id)?.path_with_namespace, projectId: () => undefined } as any;
  const t: number[] = []; const g: number[] = [];
  for (let i = 0; i < 60; i++) {
    let s = performance.now(); catchUpThings(input); t.push(performance.now() - s);
    s = performance.now(); groupThings({ events, since: input.since }); g.push(performance.now() - s);
  }
  const med = (a: number[]) => a.slice(10).sort((x, y) => x - y)[Math.floor((a.length - 10) / 2)];
  console.log(events.length, 'rows median', med(t).toFixed(2), 'grouping median', med(g).toFixed(2));
})();
