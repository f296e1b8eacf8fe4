import { request, Agent } from 'undici';
import * as endpoints from '../../src/gitlab/endpoints';
import { NO_FILTER } from '../../src/gitlab/filter';
import { readPageInfo } from '../../src/gitlab/paging';
import * as shapes from '../../src/gitlab/shapes';
import { apiBase, apiUrl } from '../../src/gitlab/url';
import { summarize } from '../lib/stats';
import { PER_PAGE, TOKEN } from './listers';

/**
 * What the client does per page on top of the floor, each part timed alone on one real page of 100 events (no
 * network): shape checks of the parsed events, building the request and reading the paging headers, the timeout
 * signal. JSON.parse, which both do, is there for scale.
 */
export interface ClientStages {
  pageBytes: number;
  /** Median microseconds per page. */
  microsecondsPerPage: Record<string, number>;
}

function perOp(run: () => unknown, iterations: number, rounds: number): number {
  const samples: number[] = [];
  for (let r = 0; r < rounds + 1; r++) {
    const started = performance.now();
    for (let i = 0; i < iterations; i++) run();
    if (r > 0) samples.push(((performance.now() - started) * 1000) / iterations);
  }
  return summarize(samples).median;
}

export async function clientStages(url: string): Promise<ClientStages> {
  const agent = new Agent();
  try {
    const response = await request(`${url}/api/v4/events?page=2&per_page=${PER_PAGE}`, { dispatcher: agent, headers: { 'private-token': TOKEN } });
    const text = await response.body.text();
    const headers = response.headers;
    const base = apiBase(url);
    // The checks normalise absent optional fields on the first pass and only read after that: checking the same
    // parsed page again costs what checking a fresh one does.
    const parsed: unknown = JSON.parse(text);
    shapes.events(parsed);
    const stages: Record<string, () => unknown> = {
      'JSON.parse (client and floor)': () => JSON.parse(text),
      'shape checks (shapes.events)': () => shapes.events(parsed),
      'request building + paging headers': () => {
        const described = endpoints.listEvents({ kind: 'mine' }, NO_FILTER, { page: 2, perPage: PER_PAGE });
        return [apiUrl(base, described.path, described.query).href, readPageInfo(headers)];
      },
      'timeout signal (AbortSignal.timeout)': () => AbortSignal.timeout(30_000),
    };
    const microsecondsPerPage: Record<string, number> = {};
    for (const [id, run] of Object.entries(stages)) microsecondsPerPage[id] = perOp(run, 200, 5);
    return { pageBytes: Buffer.byteLength(text), microsecondsPerPage };
  } finally {
    await agent.close();
  }
}
