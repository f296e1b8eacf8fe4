import { writeFileSync } from 'node:fs';
import { GitLabClient, NO_FILTER, readPages, Transport, type GitLabEvent, type Project } from '../../src/gitlab';
import { UndiciExchange } from '../../src/node/undiciExchange';
import { createDispatcher } from '../../src/node/dispatcher';
import { GitLabDouble } from '../../test/double';
import { DOUBLE_OPTIONS } from '../fetch/fetchBench';
import { TOKEN } from '../fetch/listers';

/** Events as the client received them from the double, with the projects they name and the moment of listing. */
export interface EventCorpus {
  instanceUrl: string;
  now: number;
  events: GitLabEvent[];
  projects: Project[];
}

/** Lists My Activity of the double (about 10,000 events, newest first) and its projects, into `file`. */
export async function writeEventCorpus(file: string): Promise<{ events: number; projects: number }> {
  const double = await GitLabDouble.start(DOUBLE_OPTIONS);
  const dispatcher = createDispatcher();
  try {
    const client = new GitLabClient(new Transport({ instanceUrl: double.url, token: () => TOKEN, exchange: new UndiciExchange(dispatcher) }));
    const pages = await readPages((page, signal) => client.listEvents({ kind: 'mine' }, NO_FILTER, { page, perPage: 100 }, signal), { window: 1 });
    const events = pages.flatMap((page) => page.items);
    const ids = [...new Set(events.map((e) => e.project_id).filter((id): id is number => typeof id === 'number'))];
    const projects = await Promise.all(ids.map((id) => client.getProject(id)));
    const corpus: EventCorpus = { instanceUrl: double.url, now: Date.now(), events, projects };
    writeFileSync(file, JSON.stringify(corpus));
    return { events: events.length, projects: projects.length };
  } finally {
    await dispatcher.close();
    await double.close();
  }
}

const DAY_MS = 86_400_000;

/**
 * `count` events, newest first: the corpus itself when it is large enough, else copies of it further back in time
 * (new ids, `created_at` shifted by whole spans of the corpus), so days keep the corpus's density and the number of
 * day groups grows with the count, as a longer history would.
 */
export function eventsOfSize(corpus: EventCorpus, count: number): GitLabEvent[] {
  const source = corpus.events;
  if (count <= source.length) return source.slice(0, count);
  const times = source.map((e) => Date.parse(e.created_at ?? ''));
  const spanMs = Math.ceil((Math.max(...times) - Math.min(...times)) / DAY_MS + 1) * DAY_MS;
  const maxId = Math.max(...source.map((e) => e.id ?? 0));
  const result: GitLabEvent[] = [];
  for (let copy = 0; result.length < count; copy++) {
    const block = JSON.parse(JSON.stringify(source)) as GitLabEvent[];
    for (let i = 0; i < block.length && result.length < count; i++) {
      const event = block[i];
      if (event.id !== undefined) event.id += copy * maxId;
      event.created_at = new Date(times[i] - copy * spanMs).toISOString();
      result.push(event);
    }
  }
  return result;
}
