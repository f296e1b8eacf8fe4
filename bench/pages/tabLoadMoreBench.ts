import { Agent, request } from 'undici';
import { feedPlan } from '../../src/app/activity/activityTabs';
import { eventKey } from '../../src/app/activity/eventFeeds';
import { loadMatching } from '../../src/app/lists/matchingLoader';
import { PagingState } from '../../src/app/lists/pagingState';
import { MY_ACTIVITY } from '../../src/app/activity/sources';
import { GitLabClient, NO_FILTER, Transport, type GitLabEvent } from '../../src/gitlab';
import { UndiciExchange } from '../../src/node/undiciExchange';
import { createDispatcher } from '../../src/node/dispatcher';
import { GitLabDouble } from '../../test/double';
import { TOKEN } from '../fetch/listers';
import { LATENCY_MS } from './pagesBench';
import { ms, raceWindows, type RaceResult } from './windowRace';

const PAGE_SIZE = 20;
const BOUND = 10;

export interface TabLoadMoreResult extends RaceResult {
  /** Pages one Load more read (window 1) and the matching events it added. */
  pages: number;
  found: number;
}

/**
 * "Load more" under the Wiki tab (few events match: the server cannot filter wiki pages by action, §3.3), as
 * the feeds' `loadMore` runs it: `loadMatching` over the real client, from page 2 until a page's worth (20) of wiki
 * events or its bound of 10 pages, against the double at 50 ms an answer, at read windows of 1, 2, 4 and 8. The
 * floor reads the same pages one after another with raw undici. Events are compared with the window-1 load.
 */
export async function tabLoadMoreBench(runs: number, progress: (line: string) => void): Promise<TabLoadMoreResult> {
  const double = await GitLabDouble.start({ events: 12_000, seed: 5 });
  const dispatcher = createDispatcher();
  const floorAgent = new Agent({ keepAliveTimeout: 30_000 });
  try {
    const client = new GitLabClient(new Transport({ instanceUrl: double.url, token: () => TOKEN, exchange: new UndiciExchange(dispatcher) }));
    const plan = feedPlan('wiki', NO_FILTER);
    const fetchPage = (page: number, signal: AbortSignal) => client.listEvents(MY_ACTIVITY.source, plan.request, { page, perPage: PAGE_SIZE }, signal);
    /** A feed showing its first page (as the tab shows it), then one Load more: its time and what it added. */
    const loadMore = async (window: number) => {
      const state = new PagingState<GitLabEvent>(eventKey);
      await loadMatching(state, { want: PAGE_SIZE, maxRequests: 1, window: 1, keep: plan.keep, fetchPage });
      const before = state.items.length;
      const firstPage = state.nextPage!;
      const started = performance.now();
      await loadMatching(state, { want: PAGE_SIZE, maxRequests: BOUND, window, keep: plan.keep, fetchPage, onRateLimited: (l) => client.onRateLimited(l) });
      return { time: ms(started), firstPage, added: state.items.slice(before), next: state.nextPage };
    };
    const reference = await loadMore(1);
    const ids = (events: GitLabEvent[]) => events.map((e) => e.id).join(',');
    const lastPage = (reference.next ?? reference.firstPage + BOUND) - 1;

    double.inject({ fault: { kind: 'latency', ms: LATENCY_MS }, path: '/events', times: Infinity });
    const race = await raceWindows('tab Load more', runs, {
      floor: async () => {
        const started = performance.now();
        for (let page = reference.firstPage; page <= lastPage; page++) {
          const response = await request(`${double.url}/api/v4/events?page=${page}&per_page=${PAGE_SIZE}`, { dispatcher: floorAgent, headers: { 'private-token': TOKEN } });
          (JSON.parse(await response.body.text()) as GitLabEvent[]).filter(plan.keep!);
        }
        return ms(started);
      },
      read: async (window) => {
        // The first page's own read is not timed.
        const result = await loadMore(window);
        return { ms: result.time, same: ids(result.added) === ids(reference.added) };
      },
      clearLog: () => double.clearLog(),
      peakInFlight: () => double.peakInFlight,
    }, progress);
    return {
      latencyMs: LATENCY_MS, pages: lastPage - reference.firstPage + 1, found: reference.added.length, runs, floor: race.floor,
      windows: race.windows,
    };
  } finally {
    await dispatcher.close();
    await floorAgent.close();
    await double.close();
  }
}
